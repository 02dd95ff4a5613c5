// Issue 37 point 9, the house's own fairness (docs/integrity.md): a hand that paid more rake than
// the most the other hands of its table's day paid, where that most is the table's evident cap.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "audit/integrity_signals.hpp"
#include "model/amount_text.hpp"

namespace hh {

namespace {

int players_dealt(const IntegrityHand& h) {
  return static_cast<int>(std::count_if(h.seats.begin(), h.seats.end(),
                                        [](const IntegritySeat& s) { return s.dealt; }));
}

// The hands a hand's rake is compared with: a day at one table of one stakes and number of
// players dealt (the cap of most rooms grows with the players dealt); or, for a day too short,
// the site's hands of those stakes and players in the year.
using RakeGroup = std::tuple<std::string, std::string, std::string, std::string, Money, int>;

RakeGroup table_day(const IntegrityHand& h) {
  return {h.site, h.table_name, h.date, h.currency, h.big_blind, players_dealt(h)};
}
RakeGroup site_year(const IntegrityHand& h) {
  return {h.site, "", h.date.substr(0, 4), h.currency, h.big_blind, players_dealt(h)};
}

bool rake_judged(const IntegrityHand& h) {
  return !h.tournament && h.rake_known && !h.currency.empty() && h.total_pot > 0 &&
         h.big_blind > 0 && h.date.size() >= 4;
}

std::optional<IntegritySignal> rake_signal(const IntegrityHand& h,
                                           const std::vector<const IntegrityHand*>& group,
                                           bool whole_year, const IntegrityThresholds& t) {
  Money cap = -1;
  for (const IntegrityHand* o : group)
    if (o != &h) cap = std::max(cap, o->rake);
  if (h.rake <= cap || cap < 0) return std::nullopt;
  // The cap is evident when enough other hands paid it, one of them from a pot at least as large.
  int paid_cap = 0;
  bool larger_pot_paid_less = false;
  for (const IntegrityHand* o : group) {
    if (o == &h || o->rake != cap) continue;
    ++paid_cap;
    larger_pot_paid_less = larger_pot_paid_less || o->total_pot >= h.total_pot;
  }
  if (paid_cap < t.rake_cap_hands || !larger_pot_paid_less) return std::nullopt;
  IntegritySignal s;
  s.kind = "rake_above_table_max";
  s.site = h.site;
  s.score = static_cast<double>(h.rake - cap) / static_cast<double>(h.big_blind);
  s.threshold = 0;
  s.statistic = "rake over the cap (big blinds)";
  s.amount = h.rake - cap;
  s.currency = h.currency;
  s.hand_ids = {h.hand_id};
  for (const IntegrityHand* o : group)
    if (o != &h && o->rake == cap && o->total_pot >= h.total_pot) s.hand_ids.push_back(o->hand_id);
  s.explanation = fmt::format(
      "hand {} paid {} rake from a pot of {}, where {} other hands of {} with {} players dealt "
      "paid at most {} (one from a pot of {} or more)",
      h.site_hand_id, format_amount(h.rake, h.unit), format_amount(h.total_pot, h.unit), paid_cap,
      whole_year ? fmt::format("the site's {} year at these stakes", h.date.substr(0, 4))
                 : fmt::format("table {} on {}", h.table_name, h.date),
      players_dealt(h), format_amount(cap, h.unit), format_amount(h.total_pot, h.unit));
  return s;
}

}  // namespace

std::vector<IntegritySignal> rake_above_table_max_signals(const std::vector<IntegrityHand>& hands,
                                                          const IntegrityThresholds& t) {
  std::map<RakeGroup, std::vector<const IntegrityHand*>> days, years;
  for (const IntegrityHand& h : hands) {
    if (!rake_judged(h)) continue;
    days[table_day(h)].push_back(&h);
    years[site_year(h)].push_back(&h);
  }
  std::vector<IntegritySignal> out;
  for (const IntegrityHand& h : hands) {
    if (!rake_judged(h)) continue;
    const auto& day = days.at(table_day(h));
    const bool whole_year = static_cast<int>(day.size()) < t.rake_min_group;
    if (auto s = rake_signal(h, whole_year ? years.at(site_year(h)) : day, whole_year, t))
      out.push_back(std::move(*s));
  }
  std::stable_sort(out.begin(), out.end(), [](const IntegritySignal& a, const IntegritySignal& b) {
    return a.score > b.score;
  });
  return out;
}

}  // namespace hh
