// The showdown: who should win each pot by the cards, and how a split pot is divided.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

#include "audit/auditor.hpp"
#include "audit/hand_eval.hpp"

namespace hh::detail {

std::optional<Auditor::ShowdownRules> Auditor::showdown_rules() const {
  const std::string& g = h_.game;
  ShowdownRules r;
  if (g == "Hold'em")
    r = {2, true, false, true};
  else if (g == "Omaha")
    r = {4, true, true, true};
  else if (g == "5 Card Omaha" || g == "Courchevel")
    r = {5, true, true, true};
  else if (g == "6 Card Omaha")
    r = {6, true, true, true};
  else if (g == "Omaha Hi/Lo")
    r = {4, true, true, true, true};
  else if (g == "5 Card Omaha Hi/Lo" || g == "Courchevel Hi/Lo")
    r = {5, true, true, true, true};
  else if (g == "7 Card Stud")
    r = {7, false, false, true};
  else if (g == "7 Card Stud Hi/Lo")
    r = {7, false, false, true, true};
  else if (g == "Razz")
    r = {7, false, false, false, false, true};
  else if (g == "5 Card Draw")
    r = {5, false, false, true};
  else if (g == "2-7 Single Draw" || g == "2-7 Triple Draw")
    r = {5, false, false, false, false, false, true};
  else
    return std::nullopt;  // badugi, short deck (a flush beats a full house), split hold'em
  return r;
}

void Auditor::check_showdown() {
  const auto rules = showdown_rules();
  if (!rules) return;
  std::vector<Card> board;
  std::map<int, std::vector<Card>> holes;
  for (const Event& e : h_.events) {
    if (e.kind == EventKind::Board) {
      if (e.board_index != 0) return;  // run it twice: each board decides its share
      auto cards = parse_cards(e.cards);
      if (!cards) return;
      board.insert(board.end(), cards->begin(), cards->end());
    } else if ((e.kind == EventKind::Shows || (rules->board && e.kind == EventKind::DealtHole)) &&
               e.seat) {
      // Flop games: the hole cards, dealt or shown. Stud and draw: only what is shown at the
      // end is the whole hand.
      auto cards = parse_cards(e.cards);
      if (cards && static_cast<int>(cards->size()) == rules->hole) holes[e.seat] = *cards;
    } else if (e.kind == EventKind::CashedOut) {
      return;  // the pot went to the site, not to a hand
    }
  }
  if (rules->board && board.size() != 5) return;
  for (const BuiltPot& bp : r_.pots) {
    if (bp.eligible.size() < 2) continue;
    std::vector<int> unknown;
    std::map<int, HandValue> high, low;
    for (int seat : bp.eligible) {
      auto it = holes.find(seat);
      if (it == holes.end()) {
        unknown.push_back(seat);
        continue;
      }
      const std::vector<Card>& cards = it->second;
      if (rules->high) {
        if (rules->omaha) {
          high[seat] = best_omaha(cards, board);
        } else {
          std::vector<Card> all = cards;
          all.insert(all.end(), board.begin(), board.end());
          high[seat] = best_of(all);
        }
      }
      if (rules->low_a5_8) {
        HandValue v = rules->omaha ? best_omaha_low_a5(cards, board) : best_low_a5(cards);
        if (qualifies_8(v)) low[seat] = v;
      }
      if (rules->razz) low[seat] = best_low_a5(cards);
      if (rules->deuce_seven) low[seat] = low_27(cards.data());
    }
    if (!unknown.empty()) {
      add("SHOWDOWN_NOT_EVALUATED", Severity::Info, Street::Showdown, 0, std::nullopt, std::nullopt,
          fmt::format("{}: {} of {} contenders' cards were not shown; the winner is not judged",
                      pot_name(bp.index), unknown.size(), bp.eligible.size()),
          0);
      continue;
    }
    if (!pots_attributable_ && r_.pots.size() > 1) continue;  // who won which pot is not said
    auto best_of_map = [](const std::map<int, HandValue>& m) {
      HandValue best = 0;
      for (const auto& [seat, v] : m) best = std::max(best, v);
      std::vector<int> seats;
      for (const auto& [seat, v] : m)
        if (v == best) seats.push_back(seat);
      return seats;
    };
    const std::vector<int> best_high = best_of_map(high), best_low = best_of_map(low);
    std::vector<int> expected = best_high;
    std::string what;
    if (!high.empty()) what = category_name(category_of(high.at(best_high.front())));
    if (!low.empty()) {
      for (int seat : best_low)
        if (std::find(expected.begin(), expected.end(), seat) == expected.end())
          expected.push_back(seat);
      what += what.empty() ? "the best low" : " and the best low";
    } else if (rules->low_a5_8) {
      what += ", no low of eight or better";
    }
    std::sort(expected.begin(), expected.end());
    std::vector<int> actual = bp.winners;
    std::sort(actual.begin(), actual.end());
    // A pot (or half pot) of fewer chips than its winners cannot pay them all: the odd chips go
    // one each to the first winners left of the button (by suit in stud, not modelled), and the
    // others rightly collect nothing. Which ones is check_split's to judge.
    bool winners_without_chip = false;
    {
      const Money net = bp.amount - bp.rake;
      std::map<int, Money> shares;
      if (!best_high.empty() && !best_low.empty()) {
        share(net - net / 2, best_high, shares);
        share(net / 2, best_low, shares);
      } else {
        share(net, best_high.empty() ? best_low : best_high, shares);
      }
      for (int seat : expected) winners_without_chip |= shares[seat] == 0;
    }
    if (!actual.empty() && (actual == expected || (winners_without_chip &&
                                                   std::includes(expected.begin(), expected.end(),
                                                                 actual.begin(), actual.end())))) {
      check_split(bp, best_high, best_low);
      continue;
    }
    if (actual.empty()) continue;
    // What the best hand(s) got from this pot, against the pot net of rake.
    Money got = 0;
    for (const Collection& c : collections_) {
      int index = c.pot_index < 0 ? 0 : c.pot_index;
      if (index == bp.index &&
          std::find(expected.begin(), expected.end(), c.seat) != expected.end())
        got += c.amount;
    }
    add("WRONG_WINNER", Severity::Error, Street::Showdown, expected.front(), bp.amount - bp.rake,
        got,
        fmt::format("{} went to seat(s) {} but seat(s) {} hold the best hand(s) ({})",
                    pot_name(bp.index), fmt::join(actual, ", "), fmt::join(expected, ", "), what),
        0);
  }
}

Money Auditor::smallest_chip(Money amount) {
  if (!hand_chip_) {  // the hand's part, read once
    Money g = 0;
    for (const Seat& seat : h_.seats) g = std::gcd(g, seat.stack);
    for (const Event& e : h_.events) g = std::gcd(g, e.amount);
    hand_chip_ = g;
  }
  const Money g = std::gcd(amount, *hand_chip_);
  return g > 0 ? g : 1;
}

std::vector<int> Auditor::from_button(std::vector<int> seats) const {
  std::sort(seats.begin(), seats.end());
  auto first = std::upper_bound(seats.begin(), seats.end(), h_.button_seat);
  std::rotate(seats.begin(), first, seats.end());
  return seats;
}

void Auditor::share(Money amount, const std::vector<int>& seats, std::map<int, Money>& out) {
  if (seats.empty()) return;
  const Money unit = smallest_chip(amount);
  const Money each = amount / static_cast<Money>(seats.size()) / unit * unit;
  Money left = amount - each * static_cast<Money>(seats.size());
  for (int seat : from_button(seats)) {
    out[seat] += each + (left > 0 ? unit : 0);
    if (left > 0) left -= unit;
  }
}

void Auditor::check_split(const BuiltPot& bp, const std::vector<int>& high,
                          const std::vector<int>& low) {
  if (high.size() + low.size() < 2) return;  // one winner: nothing to split
  const Money net = bp.amount - bp.rake;
  std::map<int, Money> expected, paid;
  if (!high.empty() && !low.empty()) {
    const Money low_half = net / 2;
    share(net - low_half, high, expected);
    share(low_half, low, expected);
  } else {
    share(net, high.empty() ? low : high, expected);
  }
  for (const Collection& c : collections_) {
    int index = c.pot_index < 0 ? 0 : c.pot_index;
    if (index == bp.index) paid[c.seat] += c.amount;
  }
  Money total_paid = 0;
  for (const auto& [seat, m] : paid) total_paid += m;
  if (total_paid != net) return;  // PAYOUT_MISMATCH already says the pot was not paid in full
  const bool stud = is_stud();
  const Money odd_chips = static_cast<Money>(expected.size()) * smallest_chip(net);
  for (const auto& [seat, want] : expected) {
    const Money got = paid.count(seat) ? paid[seat] : 0;
    if (got == want) continue;
    const Money off = got > want ? got - want : want - got;
    if (off < odd_chips) {
      if (stud) continue;  // odd chips by suit: not modelled
      add("ODD_CHIP_MISMATCH", Severity::Error, Street::Showdown, seat, want, got,
          fmt::format("{}: {} gets {} of the split, {} with the odd chips going left of the "
                      "button",
                      pot_name(bp.index), players_.at(seat).player, amt(got), amt(want)),
          0);
    } else {
      add("WRONG_WINNER", Severity::Error, Street::Showdown, seat, want, got,
          fmt::format("{}: {} gets {} of a split that gives them {}", pot_name(bp.index),
                      players_.at(seat).player, amt(got), amt(want)),
          0);
    }
  }
}

}  // namespace hh::detail
