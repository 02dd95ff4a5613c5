#include "audit/audit.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <set>

#include "audit/auditor.hpp"
#include "audit/causes.hpp"
#include "audit/hand_eval.hpp"
#include "audit/integrity.hpp"
#include "audit/rake/check.hpp"
#include "audit/sessions.hpp"
#include "audit/showdown_rules.hpp"
#include "audit/tournaments.hpp"
#include "model/amount_text.hpp"

namespace hh {

namespace detail {

AuditResult Auditor::run() {
  if (!h_.parsed) {
    for (const ParseIssue& i : h_.issues)
      add(FindingCode::ParseError,
          {.message = fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line,
                                  i.expected, i.got),
           .line = i.line});
    if (h_.issues.empty())
      add(FindingCode::ParseError,
          {.message = fmt::format("{}:{}: hand could not be read", h_.source.file, h_.source.line),
           .line = h_.source.line});
    return std::move(r_);
  }
  unread_ = h_.issues;
  add_unmatched_summary_names();
  for (const ParseIssue& i : unread_)
    add(FindingCode::UnrecognisedLine,
        {.message = fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line,
                                i.expected, i.got),
         .line = i.line});
  gap_line_ = first_gap_in_the_play();
  for (const ParseIssue& i : h_.unread_outside_play)
    add(FindingCode::UnrecognisedLine,
        {.message = fmt::format(
             "{}:{}: expected {}; got \"{}\" ({})", h_.source.file, i.line, i.expected, i.got,
             i.not_judged.empty()
                 ? "every check still ran"
                 : fmt::format("not judged: {}; every other check ran", i.not_judged)),
         .line = i.line});
  state_.players.reserve(h_.seats.size());
  for (const Seat& s : h_.seats) {
    PlayerState p;
    p.seat = s.seat;
    p.player = s.player;
    // A stack the site did not print is not checked: no bet can exceed the stand-in.
    constexpr Money kUnknownStack = Money{1} << 50;
    p.stack_unknown = s.stack_unknown;
    p.start = p.stack = s.stack_unknown ? kUnknownStack : s.stack;
    state_.players.emplace(s.seat, std::move(p));
  }
  std::vector<std::string> unknown;
  for (const Seat& s : h_.seats)
    if (s.stack_unknown) unknown.push_back(s.player);
  if (!unknown.empty())
    add(FindingCode::StackNotStated,
        {.message = fmt::format("no starting stack stated for {}: every check runs but the stack "
                                "limits of their bets",
                                fmt::join(unknown, ", "))});
  replay();
  // From here on the checks judge the hand as a whole (uncalled bets, totals, pots, payouts,
  // summary, showdown): with a gap anywhere in it, none of their warnings or errors stands,
  // whatever line they point at (a total printed before the play, a bet whose call was not read).
  whole_hand_checks_ = true;
  if (h_.cancelled) {
    add(FindingCode::HandCancelled,
        {.message = "the site cancelled this hand; money checks skipped"});
    fill_players();
    return std::move(r_);
  }
  check_money_and_showdown();
  if (gap_line_ != 0) note_checks_not_run();
  fill_players();
  return std::move(r_);
}

void Auditor::check_money_and_showdown() {
  add(check_uncalled_bet_returned(money_));
  build_pots_from_play(money_);
  add(check_total_pot(money_));
  add(check_rake(money_));
  // The house's take from the pots: the rake and the fees (jackpot, bingo, ...).
  attribute_rake(r_.pots, money_.effective_rake() + h_.fee_total(), h_.rake_from_main_pot,
                 h_.rake_from_side_pot);
  add(check_printed_pots(money_));
  split_merged_collections(money_);
  add(check_pots_paid(money_));
  add(check_summary_agrees(money_));
  add(check_best_hand_wins(money_));
}

void Auditor::add_unmatched_summary_names() {
  // A summary seat line whose name is nobody seated at the table was not read: the reader took
  // text it did not understand for a name ("Seat 1: zzyzx0 Folded before Flop"). A seated
  // player under another seat's number is the site's (SUMMARY_MISMATCH), an unknown name is
  // hhaudit's gap.
  for (const SummarySeat& s : h_.summary) {
    const bool seated = std::any_of(h_.seats.begin(), h_.seats.end(),
                                    [&](const Seat& seat) { return seat.player == s.player; });
    if (seated || s.player.empty()) continue;
    unread_.push_back({s.line != 0 ? s.line : h_.source.line,
                       "a summary seat line naming a player seated at the table",
                       s.player.substr(0, 120), 0});
  }
}

std::uint32_t Auditor::first_gap_in_the_play() const {
  // Any line not read, in the play or in the summary: a summary line not read is a collection,
  // a stack or a seat the checks would judge without it. An issue without a line is the hand's.
  std::uint32_t first = 0;
  for (const ParseIssue& i : unread_) {
    const std::uint32_t line = i.line != 0 ? i.line : std::max<std::uint32_t>(h_.source.line, 1);
    if (first == 0 || line < first) first = line;
  }
  return first;
}

void Auditor::note_checks_not_run() {
  add(FindingCode::ChecksNotRun,
      {.message = fmt::format(
           "line {} of the hand was not read: the replay after it, and the money checks "
           "that depend on it (uncalled bets, totals, rake, pots, payouts, summary, showdown), "
           "could not run, nor the checks between this hand and its neighbours at the table{}",
           gap_line_,
           withheld_.empty() ? std::string()
                             : fmt::format("; withheld: {}", fmt::join(withheld_, ", "))),
       .line = gap_line_});
}

void Auditor::add(FindingCode code, FindingFields fields) {
  // Whose turn it is depends on who is dealt in, which the whole hand tells (a seat that never
  // acts sat out): with a gap anywhere, that is not known either.
  if (gap_line_ != 0 && info(code).severity != Severity::Info &&
      code != FindingCode::UnrecognisedLine &&
      (whole_hand_checks_ || code == FindingCode::OutOfTurn || fields.line == 0 ||
       fields.line >= gap_line_)) {
    const std::string_view name = info(code).name;
    if (std::find(withheld_.begin(), withheld_.end(), name) == withheld_.end())
      withheld_.emplace_back(name);
    return;
  }
  // A finding about a seat names its player as the seat line does.
  if (fields.seat) {
    auto it = state_.players.find(fields.seat);
    if (it != state_.players.end()) fields.player = it->second.player;
  }
  r_.findings.push_back(make_finding(code, std::move(fields)));
}

PlayerState* Auditor::player(const Event& e) {
  auto it = state_.players.find(e.seat);
  if (it != state_.players.end()) return &it->second;
  add(FindingCode::UnknownSeat,
      {.street = e.street,
       .seat = e.seat,
       .message = fmt::format("line {}: {} by seat {} which has no seat line", e.line,
                              event_kind_name(e.kind), e.seat),
       .line = e.line});
  return nullptr;
}

void Auditor::put(PlayerState& p, const Event& e, Money chips, Money live) {
  add(check_bet_not_over_stack(state_, e, p, chips));
  p.stack -= chips;
  p.gross += chips;
  p.street_bet += live;
  state_.max_bet = std::max(state_.max_bet, p.street_bet);
  add(check_all_in_as_printed(state_, e, p));
}

void Auditor::fill_players() {
  // The last use of the players: their names move into the result.
  r_.players.reserve(h_.seats.size());
  for (auto& [seat, p] : state_.players) {
    PlayerResult pr;
    pr.seat = seat;
    pr.player = std::move(p.player);
    pr.start_stack = p.stack_unknown ? 0 : p.start;
    pr.contributed = p.gross - p.returned;
    pr.collected = p.cashed && p.collected == 0 ? p.cashed_out : p.collected;
    r_.players.push_back(std::move(pr));
  }
}

}  // namespace detail

AuditResult audit_hand(const Hand& hand, const AuditContext& context) {
  static const HouseRulesBook kDefaults;
  const HouseRulesBook& book = context.house_rules ? *context.house_rules : kDefaults;
  // The replay and its checks, under the house rules of the hand's site.
  AuditResult result =
      detail::Auditor(
          hand, book.for_site(hand.house_rules_site.empty() ? hand.site : hand.house_rules_site))
          .run();
  if (context.rake_schedules) {
    std::vector<Finding> rake = check_rake(hand, result, *context.rake_schedules);
    result.findings.insert(result.findings.end(), std::make_move_iterator(rake.begin()),
                           std::make_move_iterator(rake.end()));
  }
  std::vector<Finding> results = check_tournament_results(hand, result);
  result.findings.insert(result.findings.end(), std::make_move_iterator(results.begin()),
                         std::make_move_iterator(results.end()));
  std::vector<Finding> integrity = check_hand_integrity(hand);
  result.findings.insert(result.findings.end(), std::make_move_iterator(integrity.begin()),
                         std::make_move_iterator(integrity.end()));
  link_causes(result);
  set_stored_reading(hand, result);
  return result;
}

void set_stored_reading(const Hand& hand, AuditResult& result) {
  result.seats.clear();
  if (hand.parsed) result.seats = session_seats(hand, result);
  // The seats just built say who was dealt in: players_dealt() would read the events again.
  result.players_dealt =
      hand.parsed && !result.players.empty()
          ? static_cast<int>(std::count_if(result.seats.begin(), result.seats.end(),
                                           [](const SessionSeat& s) { return !s.sitting_out; }))
          : players_dealt(hand, result);
}

AuditData load_audit_data(const std::filesystem::path& dir) {
  AuditData data;
  data.house_rules = load_house_rules(dir / "house-rules.toml");
  data.rake_schedules = load_rake_schedules((dir / "rake").string());
  return data;
}

}  // namespace hh
