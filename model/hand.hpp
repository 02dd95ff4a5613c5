// The site-neutral event model. Every site parser produces a Hand; the audit reads nothing else.
//
// Money is always an integer count of minor units (`Money`): cents for cash games in a currency,
// chips for tournaments and play money. `Hand::unit` says which. Site quirks (raise-by vs raise-to,
// net vs gross pot) are resolved by the parser, so the fields below mean the same for every site.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/cards.hpp"
#include "model/game.hpp"

namespace hh {

using Money = std::int64_t;

// Where something came from in the input.
struct SourceLocation {
  std::string file;             // path as given on the command line, or "-" for stdin
  std::uint64_t byte_offset{};  // offset of the first byte of the hand in the decoded text
  std::uint32_t line{};         // 1-based line number in the file
};

enum class Street : std::uint8_t {
  Setup,     // forced bets and dealing before the first betting round
  Preflop,   // flop games: first round; draw games: before the first draw; stud: 3rd street
  Flop,      // flop games; draw games: after the first draw; stud: 4th street
  Turn,      // flop games; draw games: after the second draw; stud: 5th street
  River,     // flop games; draw games: after the third draw; stud: 6th street
  Seventh,   // stud only
  Showdown,  // showdown and pot collection
};
const char* street_name(Street s);

enum class Structure : std::uint8_t {
  Unknown,
  NoLimit,
  PotLimit,
  FixedLimit,
  SpreadLimit,
  CapLimit,
  Mixed
};
const char* structure_name(Structure s);

enum class EventKind : std::uint8_t {
  PostAnte,         // dead money, not part of the street bet
  PostSmallBlind,   // live
  PostBigBlind,     // live
  PostBothBlinds,   // `amount` total; `dead` is the part that is not a live bet
  PostStraddle,     // live
  PostButtonBlind,  // live
  PostDead,         // dead blind, not part of the street bet
  PostSleeper,  // live blind raise from a seat other than under the gun: no option, no last action
  PostKill,     // live kill blind; in fixed limit the hand's limits grow (house rule: x2 or x1.5)
  BringIn,      // stud, live
  Fold,
  Check,
  Call,   // amount = chips put in by this call
  Bet,    // amount = chips put in; to = street total after the bet
  Raise,  // amount = chips put in; to = street total after the raise; raise_by as printed
  UncalledReturned,  // amount returned to the player's stack
  Collected,         // amount collected from pot `pot_index` (0 = main or only pot, 1.. side pots)
  CashedOut,         // player cashed out the hand for `amount`, paying `fee`
  Shows,
  Mucks,
  Discards,  // draw games: `count` cards thrown
  StandsPat,
  DealtHole,  // cards dealt to one player
  Board,      // community cards dealt (cards = the new cards); board_index for run-it-twice
  SitsOut,    // sits out / is sitting out / has timed out / is disconnected (money-neutral)
  Returns,    // has returned / is connected
  Chat,
  Other,  // a recognised, money-neutral line (tournament notes, bounties, ...)
};
const char* event_kind_name(EventKind k);

struct Event {
  EventKind kind{EventKind::Other};
  Street street{Street::Setup};
  int seat{0};            // 0 when the line is not about one seat
  Money amount{0};        // chips moved by this event (see EventKind)
  Money to{0};            // Bet/Raise: the player's street total after the action
  Money raise_by{0};      // Raise: the increment over the previous bet as printed by the site
  Money dead{0};          // PostBothBlinds: dead part
  Money fee{0};           // CashedOut: fee paid
  int pot_index{-1};      // Collected: 0 main pot, k = side pot k; -1 "the pot" (not labelled)
  int board_index{0};     // run it twice: 0 first board, 1 second board
  int count{0};           // Discards
  bool all_in{false};     // the site said "and is all-in"
  EventCards cards;       // read by the reader from what it printed, e.g. "[Ah Kd]"
  std::string text;       // chat text, or the original line for Other
  std::uint32_t line{0};  // 1-based line number in the file
};

struct Seat {
  int seat{0};
  std::string player;
  Money stack{0};
  Money bounty{0};
  bool sitting_out{false};
  // The player joined during the hand and their buy-in is not printed (PartyPoker): `stack` is
  // not known, so the audit checks none of their bets against it.
  bool stack_unknown{false};
};

// A pot as the site printed it in the summary (after rake).
struct ReportedPot {
  int index{0};  // 0 main, k side pot k
  Money amount{0};
};

// Money leaving the pot besides rake: jackpot, bingo, fortune, tax, ... (named as the site does).
struct Fee {
  std::string name;
  Money amount{0};
};

// Money a player paid (negative) or received (positive) beside the pot, settled with the site:
// GG's all-in insurance premium, GG's EV Cashout ("Pays Cashout Risk", "Receives Cashout"). No
// pot holds it, so the audit of the hand leaves it out; the stack the player leaves the hand with
// includes it (the checks between hands: docs/sessions.md).
struct SideSettlement {
  int seat{0};
  Money amount{0};
  std::uint32_t line{0};
};

// How a site gives back the part of a bet nobody called.
enum class UncalledStyle : std::uint8_t {
  Printed,  // an "Uncalled bet (X) returned to P" line (PokerStars; pre-2008 exports may omit it)
  InCollection,  // never printed: the excess is inside the bettor's "collected" amount (Winamax)
  Silent,        // never printed: returned silently, or inside a collection; the money tells (888)
  ToStack,  // never printed, and never inside a collection: always back to the stack (Everleaf)
};

// One seat line of the summary, reduced to the money it states.
struct SummarySeat {
  int seat{0};
  std::string player;
  Money won{0};         // sum of every "won (X)" / "collected (X)" on the line
  bool has_won{false};  // the line states an amount won or collected
  bool folded{false};
  // What the summary says the player put in over the hand, an uncalled part included (iPoker's
  // bet="..."); nullopt when the site does not say. The audit compares it with the actions.
  std::optional<Money> put_in;
  // The player's stack after the hand, where the site prints it (KingsClub): checked against the
  // replay, so a collection or a bet the lines misstate shows in the stack too.
  std::optional<Money> final_stack;
  std::uint32_t line{0};
};

// A player's finish in a tournament as the hand prints it where the player leaves ("NAME finished
// the tournament in 214th place[ and received $1.94.]", "NAME wins the tournament and receives
// $2.80"). A finish in 1st place is the tournament's end: the players still in it keep their chips
// (a double-or-nothing prints every survivor 1st); any other place is an elimination.
struct TournamentFinish {
  int seat{0};  // 0: the name is not seated in the hand
  std::string player;
  int place{0};
  // In minor units of the buy-in's currency (cents), whatever the hand's chip unit; nullopt when
  // the line prints no prize or one that is not an amount.
  std::optional<Money> prize;
  std::uint32_t line{0};
};

// A bounty paid for eliminating a player, as the hand prints it. Knockout: "W wins the $0.27
// bounty for eliminating E", "A, B split the $50 bounty for eliminating E" (`amount` is the whole
// bounty, shared). Progressive knockout: "W wins $18.75 for eliminating E and their own bounty
// increases by $18.75 to $56.25": the eliminated player's bounty goes half in cash to the winner,
// half onto the winner's own bounty (an odd cent to the cash).
struct BountyPaid {
  std::vector<std::string> winners;
  std::string eliminated;
  Money amount{0};  // cents of the buy-in's currency: the cash paid
  bool progressive{false};
  Money increase{0};    // progressive: what the winner's own bounty grows by
  Money new_bounty{0};  // progressive: the winner's bounty after it
  std::uint32_t line{0};
};

// A line the parser could not understand, or a header it could not read.
struct ParseIssue {
  std::uint32_t line{0};
  std::string expected;     // what the parser was looking for
  std::string got;          // the offending text (truncated)
  std::uint32_t column{0};  // 1-based, where a grammar's expectation failed; 0 when not known
  // Of a gap outside the play (Hand::unread_outside_play): what no check judged because of it
  // ("these cards"); empty when every check still ran on what was read.
  std::string not_judged{};
};

struct Hand {
  // Identity and source.
  std::string site;  // "pokerstars", ...
  // The card room whose house rules judge the hand where the format is not the room's own and
  // names it (OHH's site_name "Bovada" of a hand hhaudit wrote): a registered format's name;
  // empty: `site`'s.
  std::string house_rules_site;
  std::string site_hand_id;  // as printed: digits (PokerStars) or with a prefix (GG "OM123")
  SourceLocation source;
  std::string raw;  // the decoded text of the hand (UTF-8), kept for hashing and explain

  // Game.
  Game game;  // set by the format; game.name() is "Hold'em", "Omaha Hi/Lo", "7 Card Stud", ...
  Structure structure{Structure::Unknown};
  std::string limit_text;  // as printed: "No Limit", "Pot Limit", ...
  bool tournament{false};
  std::string tournament_id;
  std::string currency;  // ISO code ("USD", "EUR") or "" for chips
  int unit{100};         // minor units per major unit: 100 for cash in a currency, 1 for chips
  // The table's smallest chip in minor units where the format knows it differs from the game's
  // (PokerStars no-limit cash of 2008-2010 played in $0.05); 0: a tournament chip or the cent.
  Money chip{0};
  Money small_blind{0};
  Money big_blind{0};
  Money ante{0};  // from the header, or the largest ante posted
  // Fixed limit: the bet of the early rounds and of the late ones (0 in other structures).
  Money small_bet{0};
  Money big_bet{0};
  // Spread limit: every bet and raise is between spread_min and spread_max; on the game's last
  // betting round up to spread_max_last_round ("one to five, ten on the end"; 0: spread_max).
  Money spread_min{0};
  Money spread_max{0};
  Money spread_max_last_round{0};
  // Cap limit: the most one player may put into the hand, forced bets included (0: no cap). A
  // player who reaches it is all-in. Structure::CapLimit is no limit up to the cap; a capped
  // pot-limit hand keeps Structure::PotLimit and sets the cap.
  Money cap{0};
  std::string started_at_utc;  // ISO 8601 "YYYY-MM-DDTHH:MM:SSZ", empty if unknown
  std::string table_name;
  // The table is a fast-fold pool (PokerStars Zoom, Full Tilt Rush, Bovada Zone Poker): each hand
  // is dealt at a new table, so hands with the same table name are not one table and the checks
  // between hands (audit/sessions.hpp) do not compare them.
  bool fast_fold{false};
  // Players are named by their position, not by a screen name (Bovada's anonymous tables: "Big
  // Blind", "UTG+1"): a name is not the same player from hand to hand, so the checks between hands
  // do not compare them.
  bool players_named_by_position{false};
  // The tournament may still take late entries when the hand is played (PartyPoker's MTTs: the
  // export never says when registration closes): the field grows, a player out later may be given
  // a worse place than one out before, so places are compared within the hand only.
  bool registration_may_be_open{false};
  int max_seats{0};
  int button_seat{0};

  std::vector<Seat> seats;
  std::vector<Event> events;

  // What the site printed in the summary.
  std::uint32_t totals_line{0};            // line of the printed total pot / rake, 0 if none
  std::optional<Money> total_pot;          // gross (before rake); nullopt when the site prints none
  std::vector<ReportedPot> reported_pots;  // empty when only "Total pot" was printed
  bool reported_pots_net_of_rake{true};    // PokerStars prints them after rake, Run It Once before
  UncalledStyle uncalled_style{UncalledStyle::Printed};
  // After a big blind all-in for less, callers owe the full big blind even when nobody left could
  // match it (888). PokerStars asks only for the largest bet made once every other player is
  // all-in.
  bool full_big_blind_always_owed{false};
  // One "collected X from main pot" line may hold several pots won by the same player (the main
  // pot and the side pots they won with it), and the bettor's uncalled excess may be printed as a
  // collection from a side pot of its own (Winamax). The audit then splits such a line over the
  // pots it covers when that player won each of them.
  bool collections_may_merge_pots{false};
  // The site takes its rake from the main pot alone and pays the side pots in full (Full Tilt:
  // "Main pot $158.20. Side pot $76.35. | Rake $3", the side pot's winner collecting $76.35). The
  // audit then charges the whole rake to the main pot instead of splitting it in proportion.
  bool rake_from_main_pot{false};
  // A split's odd chips, all of them, go to the first winner clockwise after the small blind's
  // seat (Bovada/Ignition, WPN: issue 33, point 14) instead of one each to the first winners left
  // of the button.
  bool odd_chips_whole_after_small_blind{false};
  // The site takes its rake from the side pot and pays the main pot in full (PartyPoker). The
  // audit then charges the whole rake to the last pot built.
  bool rake_from_side_pot{false};
  // A Mucks event at the showdown is the player throwing the hand away (888's "mucks [ 4s, 4c ]",
  // issue 33 point 17): one who then collects nothing conceded the pot and is no contender whose
  // cards the showdown lacks. Elsewhere a mucked hand may be one the site judged beaten unseen.
  bool mucked_hands_concede{false};
  std::optional<Money> rake;  // nullopt when the site prints none (the audit derives it)
  std::vector<Fee> fees;      // money leaving the pot other than rake
  Money site_added{0};        // money the site put into the pot (Splash the Pot, GG Cash Drop)
  std::vector<SideSettlement> side_settlements;
  std::vector<SummarySeat> summary;
  bool cancelled{false};

  // Tournament results the hand prints (audit/tournaments.cpp checks them).
  std::vector<TournamentFinish> finishes;
  std::vector<BountyPaid> bounties;
  // The knockout part of a three-part buy-in ("$200+$50+$15": 5000 cents) in cents of the
  // buy-in's currency; 0 when the header prints none.
  Money knockout_bounty{0};

  std::vector<ParseIssue> issues;  // lines not understood; a hand with a header issue is unparsed
  // What was not read but moves no money and decides no turn (a time zone hhaudit does not know:
  // the hand's time stays unknown; cards it cannot read, which no check then judges): a gap too
  // (UNRECOGNISED_LINE), yet the money checks still run; ParseIssue::not_judged says what did not.
  std::vector<ParseIssue> unread_outside_play;
  bool parsed{false};  // false: the header or structure could not be read

  Money fee_total() const;
  // The big blind a player posts: the stakes' big blind, or in fixed limit the small bet (there
  // the header's two numbers are the bet sizes, so `big_blind` holds the big bet).
  Money live_big_blind() const;
  const Seat* seat_of(int seat) const;
  const Seat* seat_by_player(std::string_view player) const;
};

}  // namespace hh
