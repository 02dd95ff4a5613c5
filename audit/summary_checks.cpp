#include "audit/summary_checks.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <set>

#include "model/amount_text.hpp"

namespace hh {

namespace {

std::string amount(const TournamentSummary& s, Money m) {
  return format_amount(m, s.unit) + (s.currency.empty() ? "" : " " + s.currency);
}

void check_prize_pool(const TournamentSummary& s, std::vector<Finding>& out) {
  // A freeroll's pool is what the site adds: nothing to compare it with.
  if (!s.buy_in || *s.buy_in <= 0 || !s.entrants || !s.prize_pool) return;
  Money from_entrants = 0;
  // No real summary comes near; a product beyond 64 bits is no pool to compare.
  if (__builtin_mul_overflow(Money{*s.entrants}, *s.buy_in, &from_entrants)) return;
  const bool overlay = s.guarantee && *s.guarantee > from_entrants;
  const Money expected = overlay ? *s.guarantee : from_entrants;
  const Money pool = *s.prize_pool;
  // Rebuys and add-ons add to the pool by amounts the summary does not print in full.
  if (s.rebuys ? pool >= expected : pool == expected) return;
  out.push_back(make_finding(
      FindingCode::PrizePoolMismatch,
      {.expected = expected,
       .actual = pool,
       .message = fmt::format(
           "prize pool {}: {} entrants x buy-in {} make {}{}{}", amount(s, pool), *s.entrants,
           amount(s, *s.buy_in), amount(s, from_entrants),
           overlay ? fmt::format(", the guarantee {} is higher", amount(s, *s.guarantee)) : "",
           s.rebuys ? " (rebuys and add-ons only add to it)" : ""),
       .line = s.source.line}));
}

void check_payouts(const TournamentSummary& s, std::vector<Finding>& out) {
  if (!s.prize_pool) return;
  Money paid = 0;
  long placed = 0;
  for (const TournamentResult& r : s.results) {
    if (!r.prize_text.empty()) return;  // a ticket has no amount to add
    if (__builtin_add_overflow(paid, r.prize.value_or(0), &paid)) return;
    if (r.place > 0) ++placed;
  }
  // Every place listed: the prizes are the whole pool; some listed: at most the pool.
  const bool whole = s.finished && s.entrants && placed >= *s.entrants;
  if (whole ? paid == *s.prize_pool : paid <= *s.prize_pool) return;
  out.push_back(make_finding(
      FindingCode::PayoutsMismatch,
      {.expected = *s.prize_pool,
       .actual = paid,
       .message =
           fmt::format("the prizes of the {} places listed add up to {}; the prize pool is {}",
                       placed, amount(s, paid), amount(s, *s.prize_pool)),
       .line = s.source.line}));
}

void check_places(const TournamentSummary& s, std::vector<Finding>& out) {
  if (!s.finished) return;  // a running tournament's list is not its final places
  auto flag = [&](const TournamentResult& r, std::optional<int> expected, std::string message) {
    out.push_back(make_finding(
        FindingCode::SummaryPlaces,
        {.player = r.player,
         .expected = expected ? std::optional(FindingAmount::count(*expected)) : std::nullopt,
         .actual = FindingAmount::count(r.place),
         .message = std::move(message),
         .line = r.line}));
  };
  std::vector<const TournamentResult*> placed;
  std::set<std::string> seen;
  for (const TournamentResult& r : s.results) {
    if (!seen.insert(r.player).second) flag(r, std::nullopt, r.player + " is listed twice");
    if (r.place > 0) placed.push_back(&r);
  }
  std::stable_sort(placed.begin(), placed.end(),
                   [](const auto* a, const auto* b) { return a->place < b->place; });
  // Places as ranks: 1, then each place shared by k players is followed by place + k.
  int next = 1;
  for (std::size_t i = 0; i < placed.size();) {
    const int place = placed[i]->place;
    std::size_t k = 0;
    while (i + k < placed.size() && placed[i + k]->place == place) ++k;
    if (place != next)
      flag(*placed[i], next,
           fmt::format("{} in place {}: after the places before it the next is {}",
                       placed[i]->player, place, next));
    next = place + static_cast<int>(k);
    i += k;
  }
  if (s.entrants && !placed.empty() && placed.back()->place > *s.entrants)
    flag(*placed.back(), *s.entrants,
         fmt::format("{} in place {} of {} entrants", placed.back()->player, placed.back()->place,
                     *s.entrants));
  // The paid places come first, and a better place is never paid less.
  const TournamentResult* unpaid = nullptr;
  const TournamentResult* last_cash = nullptr;
  for (const TournamentResult* r : placed) {
    const bool paid = r->prize.has_value() || !r->prize_text.empty();
    if (!paid) {
      if (!unpaid) unpaid = r;
      continue;
    }
    if (unpaid && unpaid->place < r->place)
      flag(*r, std::nullopt,
           fmt::format("{} in place {} is paid; {} in the better place {} is not", r->player,
                       r->place, unpaid->player, unpaid->place));
    if (r->prize) {
      if (last_cash && last_cash->place < r->place && *last_cash->prize < *r->prize)
        flag(*r, std::nullopt,
             fmt::format("{} in place {} is paid {}, more than the {} of {} in place {}", r->player,
                         r->place, amount(s, *r->prize), amount(s, *last_cash->prize),
                         last_cash->player, last_cash->place));
      last_cash = r;
    }
  }
}

}  // namespace

std::vector<Finding> check_summary(const TournamentSummary& s) {
  std::vector<Finding> out;
  for (const ParseIssue& i : s.issues)
    out.push_back(make_finding(FindingCode::ParseError,
                               {.message = fmt::format("{}:{}: expected {}; got \"{}\"",
                                                       s.source.file, i.line, i.expected, i.got),
                                .line = i.line}));
  if (!s.parsed) {
    if (out.empty())
      out.push_back(make_finding(
          FindingCode::ParseError,
          {.message = fmt::format("{}:{}: summary could not be read", s.source.file, 1),
           .line = 1}));
    return out;
  }
  check_prize_pool(s, out);
  check_payouts(s, out);
  check_places(s, out);
  return out;
}

std::vector<Finding> check_summary_places(const std::vector<TournamentResult>& results,
                                          const std::vector<HandPlace>& hands) {
  std::map<std::string, std::vector<const HandPlace*>> by_player;
  for (const HandPlace& h : hands) by_player[h.player].push_back(&h);
  std::vector<Finding> out;
  for (const TournamentResult& r : results) {
    if (r.place <= 0) continue;
    const auto it = by_player.find(r.player);
    if (it == by_player.end()) continue;
    // A player re-entering may finish more than once: the summary's place is one of them.
    const auto& places = it->second;
    if (std::any_of(places.begin(), places.end(),
                    [&](const HandPlace* h) { return h->place == r.place; }))
      continue;
    const HandPlace& h = *places.front();
    out.push_back(
        make_finding(FindingCode::SummaryPlaceMismatch,
                     {.player = r.player,
                      .expected = FindingAmount::count(h.place),
                      .actual = FindingAmount::count(r.place),
                      .message = fmt::format("the summary places {} {}; hand {} prints place {}",
                                             r.player, r.place, h.site_hand_id, h.place),
                      .line = r.line}));
  }
  return out;
}

std::vector<Finding> check_stored_tournament(const StoredTournament& t) {
  std::vector<Finding> out = check_summary_places(t.results, t.places);
  Money bought = 0;
  if (t.entrants && t.starting_chips && !t.rebuys && !t.most_chips_hand.empty() &&
      !__builtin_mul_overflow(Money{*t.entrants}, *t.starting_chips, &bought) &&
      t.most_chips > bought)
    out.push_back(make_finding(
        FindingCode::TournamentChipsExceeded,
        {.expected = bought,
         .actual = t.most_chips,
         .message =
             fmt::format("hand {} seats {} chips; {} entrants x {} starting chips make {}",
                         t.most_chips_hand, t.most_chips, *t.entrants, *t.starting_chips, bought),
         .line = t.line}));
  return out;
}

}  // namespace hh
