// The finding registry: every code the audit can emit, declared once with its severity, a
// one-line meaning and its section in docs/discrepancies.md (tests/test_docs.cpp keeps the two in
// step). Findings are built from a FindingCode with named fields (make_finding), so a code that
// is not declared here cannot be emitted and a severity cannot be chosen per call site.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace hh {

enum class Severity : std::uint8_t { Info = 0, Warning = 1, Error = 2 };
const char* severity_name(Severity s);
std::optional<Severity> severity_from_name(std::string_view name);

// Who a finding is about (docs/discrepancies.md, "Who is blamed"): the site, for what it printed
// or did; or hhaudit itself, for what it could not read or judge (a gap, a check held back, a
// schedule it does not know). Only the site's errors count against it: in the exit code, the
// hands with errors, the money in error.
enum class Blame : std::uint8_t { Site = 0, Hhaudit = 1 };
const char* blame_name(Blame b);
std::optional<Blame> blame_from_name(std::string_view name);

enum class FindingCode : std::uint8_t {
  // reading the hand
  ParseError,
  UnrecognisedLine,
  ChecksNotRun,
  // replay
  UnknownSeat,
  HandCancelled,
  BetExceedsStack,
  AllInMismatch,
  WrongCallAmount,
  RaiseIncrementMismatch,
  // uncalled bets
  UncalledBetNotPrinted,
  UncalledBetLineMissing,
  UncalledBetInCollection,
  UncalledBetMismatch,
  // totals and pots
  TotalPotNotPrinted,
  TotalPotMismatch,
  RakeNotPrinted,
  RakeMismatch,
  ChipsNotConserved,
  SidePotMismatch,
  // rake against the house schedule (audit/rake/)
  RakeOverSchedule,
  RakeUnderSchedule,
  RakeOnUnrakedHand,
  FeeMismatch,
  RakeScheduleUnknown,
  RakeOutlier,  // against the schedule learned from the site's stored hands
  // collections and summary
  PayoutMismatch,
  SummaryMismatch,
  SummaryNotPrinted,
  // betting rules and order of action
  WrongForcedBet,
  RoundNotClosed,
  OutOfTurn,
  ActionAfterFold,
  ActionAfterAllIn,
  IllegalCheck,
  BetBelowMinimum,
  RaiseBelowMinimum,
  RaiseNotReopened,
  BetAboveLimit,
  RaiseCapExceeded,
  // showdown
  WrongWinner,
  OddChipMismatch,
  ShowdownNotEvaluated,
  // stacks
  StackNotStated,
  // between consecutive hands at a table (audit/sessions.cpp)
  StackDiscontinuity,
  ButtonOutOfOrder,
  BlindSkipped,
  HandOrder,
  TimeGap,
  HandsMissing,
  ChipsAdded,
  // tournament results a hand prints (audit/tournaments.cpp)
  FinishWithChips,
  FinishPlaceOrder,
  BountyMismatch,
  // tournament summaries (audit/summary_checks.cpp)
  PrizePoolMismatch,
  PayoutsMismatch,
  SummaryPlaces,
  SummaryPlaceMismatch,
  SummaryConflict,
  TournamentChipsExceeded,
  // the integrity of one hand's cards and seats (audit/integrity.cpp)
  CardSeenTwice,
  ShownCardsMismatch,
  HandNameMismatch,
  PlayerInTwoSeats,
  BoardCardCount,
  CardsAfterHandOver,
};

struct FindingCodeInfo {
  FindingCode code;
  std::string_view name;  // as stored (discrepancies.code) and as the heading in the docs
  Severity severity;
  // A second severity some forms of the code have, each form described in the code's section of
  // docs/discrepancies.md (SUMMARY_MISMATCH: a wrong name is money-neutral, a wrong amount is not).
  // An emission asks for it by name (FindingFields::alternate_form); no other severity is possible.
  std::optional<Severity> alternate_severity;
  std::string_view meaning;  // the rule, in one line
  Blame blame{Blame::Site};
};

inline constexpr std::array kFindingCodes{
    FindingCodeInfo{FindingCode::ParseError,
                    "PARSE_ERROR",
                    Severity::Error,
                    {},
                    "the hand can be read",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::UnrecognisedLine,
                    "UNRECOGNISED_LINE",
                    Severity::Warning,
                    {},
                    "every line is understood",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::ChecksNotRun,
                    "CHECKS_NOT_RUN",
                    Severity::Info,
                    {},
                    "(note) a line of the play not understood; the checks after it did not run",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::UnknownSeat,
                    "UNKNOWN_SEAT",
                    Severity::Error,
                    {},
                    "actions are by seated players"},
    FindingCodeInfo{FindingCode::HandCancelled,
                    "HAND_CANCELLED",
                    Severity::Info,
                    {},
                    "(note) the site cancelled the hand"},
    FindingCodeInfo{FindingCode::BetExceedsStack,
                    "BET_EXCEEDS_STACK",
                    Severity::Error,
                    {},
                    "nobody puts in more than they have"},
    FindingCodeInfo{FindingCode::AllInMismatch,
                    "ALL_IN_MISMATCH",
                    Severity::Warning,
                    {},
                    "\"and is all-in\" leaves 0 behind"},
    FindingCodeInfo{FindingCode::WrongCallAmount,
                    "WRONG_CALL_AMOUNT",
                    Severity::Error,
                    {},
                    "a call matches the bet to call"},
    FindingCodeInfo{FindingCode::RaiseIncrementMismatch,
                    "RAISE_INCREMENT_MISMATCH",
                    Severity::Warning,
                    {},
                    "\"raises X to Y\": X = Y - bet to beat"},
    FindingCodeInfo{FindingCode::UncalledBetNotPrinted,
                    "UNCALLED_BET_NOT_PRINTED",
                    Severity::Info,
                    {},
                    "(note) silent return of an uncalled bet accepted (before 2008)"},
    FindingCodeInfo{FindingCode::UncalledBetLineMissing,
                    "UNCALLED_BET_LINE_MISSING",
                    Severity::Warning,
                    {},
                    "an uncalled bet went back (the money shows it) without its line"},
    FindingCodeInfo{FindingCode::UncalledBetInCollection,
                    "UNCALLED_BET_IN_COLLECTION",
                    Severity::Info,
                    {},
                    "(note) uncalled excess taken out of a collection"},
    FindingCodeInfo{FindingCode::UncalledBetMismatch,
                    "UNCALLED_BET_MISMATCH",
                    Severity::Error,
                    {},
                    "the excess of the largest bet goes back"},
    FindingCodeInfo{FindingCode::TotalPotNotPrinted,
                    "TOTAL_POT_NOT_PRINTED",
                    Severity::Info,
                    {},
                    "(note) no Total pot printed; derived"},
    FindingCodeInfo{FindingCode::TotalPotMismatch,
                    "TOTAL_POT_MISMATCH",
                    Severity::Error,
                    {},
                    "Total pot = all contributions (+ STP)"},
    FindingCodeInfo{FindingCode::RakeNotPrinted,
                    "RAKE_NOT_PRINTED",
                    Severity::Info,
                    {},
                    "(note) no Rake printed; derived"},
    FindingCodeInfo{FindingCode::RakeMismatch,
                    "RAKE_MISMATCH",
                    Severity::Error,
                    {},
                    "Rake = Total pot - paid - fees, never negative"},
    FindingCodeInfo{FindingCode::ChipsNotConserved,
                    "CHIPS_NOT_CONSERVED",
                    Severity::Error,
                    {},
                    "what went in came out"},
    FindingCodeInfo{FindingCode::SidePotMismatch,
                    "SIDE_POT_MISMATCH",
                    Severity::Error,
                    {},
                    "printed main/side pots match the built pots"},
    FindingCodeInfo{FindingCode::RakeOverSchedule,
                    "RAKE_OVER_SCHEDULE",
                    Severity::Error,
                    {},
                    "rake <= the house schedule"},
    FindingCodeInfo{FindingCode::RakeUnderSchedule,
                    "RAKE_UNDER_SCHEDULE",
                    Severity::Warning,
                    {},
                    "rake >= the house schedule"},
    FindingCodeInfo{FindingCode::RakeOnUnrakedHand,
                    "RAKE_ON_UNRAKED_HAND",
                    Severity::Error,
                    {},
                    "no rake without a flop, in tournaments, under the minimum pot"},
    FindingCodeInfo{FindingCode::FeeMismatch, "FEE_MISMATCH", Severity::Warning, Severity::Error,
                    "fees are ones the site documents (warning), never negative (error)"},
    FindingCodeInfo{FindingCode::RakeScheduleUnknown,
                    "RAKE_SCHEDULE_UNKNOWN",
                    Severity::Info,
                    {},
                    "(note) no schedule covers the hand",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::RakeOutlier,
                    "RAKE_OUTLIER",
                    Severity::Warning,
                    {},
                    "where no schedule applies, rake follows the rule the site's other hands of "
                    "the group follow"},
    FindingCodeInfo{FindingCode::PayoutMismatch,
                    "PAYOUT_MISMATCH",
                    Severity::Error,
                    {},
                    "each pot is paid in full, to eligible seats"},
    FindingCodeInfo{FindingCode::SummaryMismatch, "SUMMARY_MISMATCH", Severity::Error,
                    Severity::Warning,
                    "the summary seat lines agree with the hand (amount: error; seat or name: "
                    "warning)"},
    FindingCodeInfo{FindingCode::SummaryNotPrinted,
                    "SUMMARY_NOT_PRINTED",
                    Severity::Info,
                    {},
                    "(note) no per-seat summary; check not run",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::WrongForcedBet,
                    "WRONG_FORCED_BET",
                    Severity::Warning,
                    {},
                    "forced bets are the stakes' sizes, by the right player"},
    FindingCodeInfo{FindingCode::RoundNotClosed,
                    "ROUND_NOT_CLOSED",
                    Severity::Warning,
                    {},
                    "a round ends only when every bet is matched"},
    FindingCodeInfo{
        FindingCode::OutOfTurn, "OUT_OF_TURN", Severity::Warning, {}, "players act in order"},
    FindingCodeInfo{FindingCode::ActionAfterFold,
                    "ACTION_AFTER_FOLD",
                    Severity::Warning,
                    {},
                    "a folded player has no more actions"},
    FindingCodeInfo{FindingCode::ActionAfterAllIn,
                    "ACTION_AFTER_ALL_IN",
                    Severity::Warning,
                    {},
                    "an all-in player has no more decisions"},
    FindingCodeInfo{
        FindingCode::IllegalCheck, "ILLEGAL_CHECK", Severity::Warning, {}, "no check facing a bet"},
    FindingCodeInfo{FindingCode::BetBelowMinimum,
                    "BET_BELOW_MINIMUM",
                    Severity::Warning,
                    {},
                    "a bet is at least the minimum bet (or all-in)"},
    FindingCodeInfo{FindingCode::RaiseBelowMinimum,
                    "RAISE_BELOW_MINIMUM",
                    Severity::Warning,
                    {},
                    "a raise is at least the last full bet or raise (or all-in)"},
    FindingCodeInfo{FindingCode::RaiseNotReopened,
                    "RAISE_NOT_REOPENED",
                    Severity::Warning,
                    {},
                    "a short all-in does not reopen the betting"},
    FindingCodeInfo{FindingCode::BetAboveLimit,
                    "BET_ABOVE_LIMIT",
                    Severity::Warning,
                    {},
                    "a bet or raise is within the game's limit"},
    FindingCodeInfo{FindingCode::RaiseCapExceeded,
                    "RAISE_CAP_EXCEEDED",
                    Severity::Warning,
                    {},
                    "fixed limit: a bet and three raises per round, unless heads-up"},
    FindingCodeInfo{FindingCode::WrongWinner,
                    "WRONG_WINNER",
                    Severity::Error,
                    {},
                    "each contested pot goes to the best hand(s) shown"},
    FindingCodeInfo{FindingCode::OddChipMismatch,
                    "ODD_CHIP_MISMATCH",
                    Severity::Error,
                    {},
                    "a split goes in equal shares, odd chips to the first winners left of the "
                    "button"},
    FindingCodeInfo{FindingCode::ShowdownNotEvaluated,
                    "SHOWDOWN_NOT_EVALUATED",
                    Severity::Info,
                    {},
                    "(note) a contender's cards were not shown",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::StackNotStated,
                    "STACK_NOT_STATED",
                    Severity::Info,
                    {},
                    "(note) a starting stack is not stated; no bet is checked against it",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::StackDiscontinuity,
                    "STACK_DISCONTINUITY",
                    Severity::Error,
                    {},
                    "a player starts a hand with the stack they ended the previous one with (a "
                    "cash top-up only upward)"},
    FindingCodeInfo{FindingCode::ButtonOutOfOrder,
                    "BUTTON_OUT_OF_ORDER",
                    Severity::Warning,
                    {},
                    "the button moves clockwise to the next seat the house rule gives it"},
    FindingCodeInfo{FindingCode::BlindSkipped,
                    "BLIND_SKIPPED",
                    Severity::Warning,
                    {},
                    "a player who kept their seat pays the big blind when it passes them, and "
                    "no blind they do not owe"},
    FindingCodeInfo{FindingCode::HandOrder,
                    "HAND_ORDER",
                    Severity::Info,
                    {},
                    "(note) a later hand at a table has a lower hand number"},
    FindingCodeInfo{FindingCode::TimeGap,
                    "TIME_GAP",
                    Severity::Info,
                    {},
                    "(note) hands missing between two hands at a table: the pair is not compared",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::HandsMissing,
                    "HANDS_MISSING",
                    Severity::Info,
                    {},
                    "(note) stacks moved between two hands at a table: hands the history does "
                    "not hold were played; the pair is not compared",
                    Blame::Hhaudit},
    FindingCodeInfo{FindingCode::ChipsAdded,
                    "CHIPS_ADDED",
                    Severity::Info,
                    {},
                    "(note) a tournament stack grew between two hands: a rebuy or add-on the "
                    "history does not print"},
    FindingCodeInfo{FindingCode::FinishWithChips,
                    "FINISH_WITH_CHIPS",
                    Severity::Error,
                    {},
                    "a player eliminated from a tournament (a place other than 1st) has no "
                    "chips left"},
    FindingCodeInfo{FindingCode::FinishPlaceOrder,
                    "FINISH_PLACE_ORDER",
                    Severity::Error,
                    {},
                    "players leave a tournament from the last place up: in one hand by their "
                    "starting stacks (equal ones may share), later hands in better places"},
    FindingCodeInfo{FindingCode::BountyMismatch,
                    "BOUNTY_MISMATCH",
                    Severity::Error,
                    {},
                    "a bounty paid is the eliminated player's (progressive: half in cash, half "
                    "onto the winner's)"},
    FindingCodeInfo{FindingCode::PrizePoolMismatch,
                    "PRIZE_POOL_MISMATCH",
                    Severity::Error,
                    {},
                    "a tournament's prize pool is its entrants times the buy-in less fee and "
                    "bounty, or the guarantee if higher (at least that with rebuys or add-ons)"},
    FindingCodeInfo{FindingCode::PayoutsMismatch,
                    "PAYOUTS_MISMATCH",
                    Severity::Error,
                    {},
                    "a finished tournament's cash prizes add up to its prize pool (never more "
                    "than it when the summary lists only some places)"},
    FindingCodeInfo{FindingCode::SummaryPlaces,
                    "SUMMARY_PLACES",
                    Severity::Warning,
                    {},
                    "a finished tournament's places run 1, 2, ... (a tie shares one and skips "
                    "the next), no player twice, no more than the entrants, the paid places "
                    "first and a better place never paid less"},
    FindingCodeInfo{FindingCode::SummaryPlaceMismatch,
                    "SUMMARY_PLACE_MISMATCH",
                    Severity::Error,
                    {},
                    "the place a tournament summary gives a player is the one the tournament's "
                    "hands print"},
    FindingCodeInfo{FindingCode::SummaryConflict,
                    "SUMMARY_CONFLICT",
                    Severity::Warning,
                    {},
                    "two summaries of one tournament (same site and number) say the same"},
    FindingCodeInfo{FindingCode::TournamentChipsExceeded,
                    "TOURNAMENT_CHIPS_EXCEEDED",
                    Severity::Error,
                    {},
                    "a tournament's hands never hold more chips than its entrants bought "
                    "(entrants x starting chips, without rebuys or add-ons)"},
    FindingCodeInfo{FindingCode::CardSeenTwice,
                    "CARD_SEEN_TWICE",
                    Severity::Error,
                    {},
                    "one deck: a card is dealt, on a board, shown or discarded once in a hand"},
    FindingCodeInfo{FindingCode::ShownCardsMismatch,
                    "SHOWN_CARDS_MISMATCH",
                    Severity::Error,
                    {},
                    "a player shows the cards dealt to them"},
    FindingCodeInfo{FindingCode::HandNameMismatch,
                    "HAND_NAME_MISMATCH",
                    Severity::Error,
                    {},
                    "the hand a showdown line names is the one the shown cards make"},
    FindingCodeInfo{FindingCode::PlayerInTwoSeats,
                    "PLAYER_IN_TWO_SEATS",
                    Severity::Error,
                    {},
                    "a player occupies one seat of a table"},
    FindingCodeInfo{FindingCode::BoardCardCount,
                    "BOARD_CARD_COUNT",
                    Severity::Error,
                    {},
                    "a board holds the game's number of cards on each street"},
    FindingCodeInfo{FindingCode::CardsAfterHandOver,
                    "CARDS_AFTER_HAND_OVER",
                    Severity::Error,
                    {},
                    "no card is dealt once all players but one have folded"},
};

// The table is indexed by the code: each row sits at its enumerator's value.
constexpr bool finding_codes_in_order() {
  for (std::size_t i = 0; i < kFindingCodes.size(); ++i)
    if (static_cast<std::size_t>(kFindingCodes[i].code) != i) return false;
  return static_cast<std::size_t>(FindingCode::CardsAfterHandOver) + 1 == kFindingCodes.size();
}
static_assert(finding_codes_in_order(), "kFindingCodes: one row per FindingCode, in its order");

constexpr const FindingCodeInfo& info(FindingCode code) {
  return kFindingCodes[static_cast<std::size_t>(code)];
}
constexpr std::string_view code_name(FindingCode code) { return info(code).name; }
std::optional<FindingCode> finding_code_named(std::string_view name);
// Prints the code's name (what Catch2 shows when a comparison of codes fails).
std::ostream& operator<<(std::ostream& os, FindingCode code);

// The code's section in docs/discrepancies.md, as a link: "discrepancies.md#wrong_winner".
std::string doc_anchor(FindingCode code);

}  // namespace hh
