#include "audit/audit.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <set>

#include "audit/auditor.hpp"
#include "audit/hand_eval.hpp"
#include "audit/rake/check.hpp"
#include "parser/money.hpp"

namespace hh {

std::vector<BuiltPot> build_pots(const std::vector<PotInput>& players) {
  // Levels and layers are built on live bets; dead blinds go to the main pot at the end.
  auto live = [](const PotInput& p) { return p.contributed - p.dead; };
  std::set<Money> levels;
  Money top = 0;  // the largest live contribution of a player still in the hand
  Money total = 0, dead = 0;
  for (const PotInput& p : players) {
    total += live(p);
    dead += p.dead;
    if (!p.folded) top = std::max(top, live(p));
  }
  // A player all-in who is then folded for sitting out still closes a level (PokerStars
  // tournament hand 16652117062: main pot 1040 at the folded all-in big blind's 200).
  for (const PotInput& p : players)
    if (p.all_in && live(p) > 0 && live(p) < top) levels.insert(live(p));
  if (top > 0) levels.insert(top);

  std::vector<BuiltPot> pots;
  Money previous = 0;
  Money placed = 0;
  for (Money level : levels) {
    BuiltPot pot;
    for (const PotInput& p : players) {
      pot.amount += std::min(live(p), level) - std::min(live(p), previous);
      if (!p.folded && live(p) >= level) pot.eligible.push_back(p.seat);
    }
    previous = level;
    if (pot.amount == 0) continue;
    placed += pot.amount;
    // A layer nobody still in the hand reached (only folded chips) belongs to the pot below it.
    if (pot.eligible.empty() && !pots.empty()) {
      pots.back().amount += pot.amount;
      continue;
    }
    pot.index = static_cast<int>(pots.size());
    pots.push_back(std::move(pot));
  }
  // Chips folded players bet above what anyone still in the hand reached stay in the last pot;
  // dead blinds are main-pot money.
  if (pots.empty() && total + dead > 0) {
    BuiltPot pot;
    for (const PotInput& p : players)
      if (!p.folded) pot.eligible.push_back(p.seat);
    pots.push_back(std::move(pot));
  }
  if (!pots.empty()) {
    pots.back().amount += total - placed;
    pots.front().amount += dead;
  }
  return pots;
}

void attribute_rake(std::vector<BuiltPot>& pots, Money rake) {
  Money total = 0;
  for (const BuiltPot& p : pots) total += p.amount;
  if (pots.empty() || total <= 0) return;
  // In proportion to each pot, rounded to the nearest minor unit; the last pot takes what is left
  // so that the parts add up to the rake exactly.
  Money left = rake;
  for (std::size_t i = 0; i + 1 < pots.size(); ++i) {
    Money share = (2 * rake * pots[i].amount + total) / (2 * total);
    pots[i].rake = share;
    left -= share;
  }
  pots.back().rake = left;
}

namespace detail {

AuditResult Auditor::run() {
  if (!h_.parsed) {
    for (const ParseIssue& i : h_.issues)
      add("PARSE_ERROR", Severity::Error, {}, 0, std::nullopt, std::nullopt,
          fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line, i.expected, i.got),
          i.line);
    if (h_.issues.empty())
      add("PARSE_ERROR", Severity::Error, {}, 0, std::nullopt, std::nullopt,
          fmt::format("{}:{}: hand could not be read", h_.source.file, h_.source.line),
          h_.source.line);
    return std::move(r_);
  }
  for (const ParseIssue& i : h_.issues)
    add("UNRECOGNISED_LINE", Severity::Warning, {}, 0, std::nullopt, std::nullopt,
        fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line, i.expected, i.got),
        i.line);
  for (const Seat& s : h_.seats) {
    PlayerState p;
    p.seat = s.seat;
    p.player = s.player;
    p.start = p.stack = s.stack;
    players_.emplace(s.seat, std::move(p));
  }
  replay();
  if (h_.cancelled) {
    add("HAND_CANCELLED", Severity::Info, {}, 0, std::nullopt, std::nullopt,
        "the site cancelled this hand; money checks skipped", 0);
    fill_players();
    return std::move(r_);
  }
  check_uncalled();
  build();
  check_totals();
  // The house's take from the pots: the rake and the fees (jackpot, bingo, ...).
  attribute_rake(r_.pots, effective_rake() + h_.fee_total());
  check_pots_and_payouts();
  check_summary();
  check_showdown();
  fill_players();
  return std::move(r_);
}

void Auditor::add(std::string code, Severity sev, std::optional<Street> street, int seat,
                  std::optional<Money> expected, std::optional<Money> actual, std::string message,
                  std::uint32_t line) {
  Finding f;
  f.code = std::move(code);
  f.severity = sev;
  f.street = street;
  f.seat = seat;
  if (seat) {
    auto it = players_.find(seat);
    if (it != players_.end()) f.player = it->second.player;
  }
  f.expected = expected;
  f.actual = actual;
  f.message = std::move(message);
  f.line = line;
  r_.findings.push_back(std::move(f));
}

PlayerState* Auditor::player(const Event& e) {
  auto it = players_.find(e.seat);
  if (it != players_.end()) return &it->second;
  add("UNKNOWN_SEAT", Severity::Error, e.street, e.seat, std::nullopt, std::nullopt,
      fmt::format("line {}: {} by seat {} which has no seat line", e.line, event_kind_name(e.kind),
                  e.seat),
      e.line);
  return nullptr;
}

void Auditor::put(PlayerState& p, const Event& e, Money chips, Money live) {
  if (chips > p.stack) {
    add("BET_EXCEEDS_STACK", Severity::Error, e.street, p.seat, p.stack, chips,
        fmt::format("line {}: {} puts in {} with only {} behind", e.line, p.player, amt(chips),
                    amt(p.stack)),
        e.line);
  }
  p.stack -= chips;
  p.gross += chips;
  p.street_bet += live;
  max_bet_ = std::max(max_bet_, p.street_bet);
  if (e.all_in && p.stack > 0) {
    add("ALL_IN_MISMATCH", Severity::Warning, e.street, p.seat, 0, p.stack,
        fmt::format("line {}: the site says {} is all-in, but {} is left behind", e.line, p.player,
                    amt(p.stack)),
        e.line);
  }
}

void Auditor::fill_players() {
  for (const auto& [seat, p] : players_) {
    PlayerResult pr;
    pr.seat = seat;
    pr.player = p.player;
    pr.start_stack = p.start;
    pr.contributed = p.gross - p.returned;
    pr.collected = p.cashed && p.collected == 0 ? p.cashed_out : p.collected;
    r_.players.push_back(std::move(pr));
  }
}

}  // namespace detail

AuditResult audit_hand(const Hand& hand, const HouseRules& rules) {
  return detail::Auditor(hand, rules).run();
}

AuditResult audit_hand(const Hand& hand, const AuditContext& context) {
  static const HouseRulesBook kDefaults;
  const HouseRulesBook& book = context.house_rules ? *context.house_rules : kDefaults;
  AuditResult result = audit_hand(hand, book.for_site(hand.site));
  if (context.rake_schedules) {
    std::vector<Finding> rake = check_rake(hand, result, *context.rake_schedules);
    result.findings.insert(result.findings.end(), std::make_move_iterator(rake.begin()),
                           std::make_move_iterator(rake.end()));
  }
  return result;
}

}  // namespace hh
