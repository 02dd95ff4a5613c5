// Whose turn it is: the order of action on every betting round.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "audit/auditor.hpp"

namespace hh::detail {

int Auditor::next_to_act(int from) const {
  // The first seat after `from` still to act, else the first of all (the deal goes round).
  int first = 0;
  for (int seat : state_.dealt_in) {
    auto it = state_.players.find(seat);
    if (it == state_.players.end() || it->second.folded || it->second.stack == 0 ||
        state_.passed_over(it->second))
      continue;
    if (seat > from) return seat;
    if (first == 0) first = seat;
  }
  return first;
}

bool Auditor::any_blind_posted() const {
  return std::any_of(h_.events.begin(), h_.events.end(),
                     [](const Event& e) { return is_blind_post(e.kind); });
}

void Auditor::check_turn(const Event& e, const PlayerState& p) {
  if (!order_checked() || e.street == Street::Setup) return;
  int expected = 0;
  if (e.street != state_.turn_round) {
    state_.turn_round = e.street;
    if (is_stud()) {
      // No bring-in printed on 3rd street: the player who owed it acts first (and may complete).
      auto opener = e.street == Street::Preflop ? expected_bring_in() : stud_opener(e.street);
      state_.last_actor = opener.value_or(0);
      expected = state_.last_actor;
    } else {
      const bool preflop = e.street == Street::Preflop || e.street == Street::Setup;
      // With antes only, the first round too is begun left of the dealer (rule text 004: "if
      // all the players have placed an equal ante").
      state_.last_actor = !preflop || !any_blind_posted() ? h_.button_seat : state_.preflop_anchor;
    }
    if (state_.last_actor == 0) return;  // no big blind or no button: the start is unknown
  }
  if (state_.last_actor == 0) return;
  if (expected == 0) expected = next_to_act(state_.last_actor);
  // Folding ahead of one's turn is how sites print players sitting out or timing out (888
  // prints them before the deal): the turn stays where it was.
  if (e.kind == EventKind::Fold && expected != p.seat) return;
  add(check_action_in_turn(e, p, expected));
  state_.last_actor = p.seat;
}

// --- stud ----------------------------------------------------------------------------------

namespace {

// Razz counts aces low.
int rank_of(const Card& c, bool aces_low) { return aces_low && c.rank == 14 ? 1 : c.rank; }

// A door card's place in the bring-in order: by rank, then by suit (clubs, diamonds, hearts,
// spades: Card::suit 0..3).
int door_order(const Card& c, bool aces_low) { return rank_of(c, aces_low) * 4 + c.suit; }

// The poker value of up to four up cards: pairs, two pairs, trips and quads, then the ranks, the
// larger groups first. Straights and flushes need five cards and do not count. With aces low a
// smaller value is a better razz hand (pairs are bad, then the highest card decides).
std::uint32_t showing_value(const std::vector<Card>& up, bool aces_low) {
  std::array<int, 15> count{};
  for (const Card& c : up) ++count[static_cast<std::size_t>(rank_of(c, aces_low))];
  std::vector<std::pair<int, int>> groups;  // (count, rank)
  for (int r = 14; r >= 1; --r)
    if (count[static_cast<std::size_t>(r)])
      groups.emplace_back(count[static_cast<std::size_t>(r)], r);
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  int pairs = 0, trips = 0, quads = 0;
  for (const auto& [n, r] : groups) {
    if (n == 2) ++pairs;
    if (n == 3) ++trips;
    if (n == 4) ++quads;
  }
  const std::uint32_t category = quads ? 4 : trips ? 3 : pairs == 2 ? 2 : pairs == 1 ? 1 : 0;
  std::uint32_t value = category;
  for (std::size_t i = 0; i < 4; ++i)
    value = value * 16 + (i < groups.size() ? static_cast<std::uint32_t>(groups[i].second) : 0);
  return value;
}

}  // namespace

bool Auditor::seven_card_stud() const { return h_.game.is_stud(); }

void Auditor::read_up_cards() {
  up_cards_.clear();
  if (!seven_card_stud()) return;
  std::map<int, std::vector<Card>> shown;  // the up cards so far
  std::map<int, Street> last_street;       // the round of each seat's last card read
  for (const Event& e : h_.events) {
    if (e.kind != EventKind::DealtHole || e.seat == 0) continue;
    if (e.street != Street::Preflop && e.street != Street::Flop && e.street != Street::Turn &&
        e.street != Street::River)
      continue;  // 7th street's card is dealt down
    // The cards printed on the deal line, brackets dropped ("[3d Th As] [Qc]"), Winamax's
    // hidden ones unknown. Cards not read are a gap the reader reported: no up card comes of them.
    if (e.cards.has_unread()) continue;
    const std::span<const Card> cards = e.cards.cards();
    // 3rd street (five card stud: 2nd street): the door card alone (others' lines) or after the two
    // down cards ("[Kd 3s 9h]",
    // "[X X 8h]", "[2h 3d] 7s"). Later streets: the new card is the last one printed.
    // Five card stud's first round deals one card down and one up ("[X Ah]", "[Kd Ah]").
    const std::size_t first_deal = h_.game.is_five_card_stud() ? 2 : 3;
    if (cards.empty() ||
        (e.street == Street::Preflop && cards.size() != 1 && cards.size() != first_deal))
      continue;
    const Card card = cards.back();
    if (!card.known()) continue;
    // Each round adds one card to what the seat showed on the round before.
    if (e.street == Street::Preflop) {
      shown[e.seat] = {card};
    } else {
      auto prev = last_street.find(e.seat);
      if (prev == last_street.end() ||
          static_cast<int>(prev->second) + 1 != static_cast<int>(e.street))
        continue;
      shown[e.seat].push_back(card);
    }
    last_street[e.seat] = e.street;
    up_cards_[e.street][e.seat] = shown[e.seat];
  }
}

const std::map<int, std::vector<Card>>* Auditor::up_cards(Street s) const {
  if (s == Street::Seventh) s = Street::River;
  auto it = up_cards_.find(s);
  return it == up_cards_.end() ? nullptr : &it->second;
}

std::optional<int> Auditor::expected_bring_in() const {
  const auto* doors = up_cards(Street::Preflop);
  if (!doors || state_.dealt_in.empty()) return std::nullopt;
  const bool low = razz();
  // The owner of the lowest door card (razz: the highest), among every player dealt in or among
  // those with chips left.
  auto owner = [&](bool with_chips) -> std::optional<int> {
    int seat = 0, order = 0;
    for (int s : state_.dealt_in) {
      auto it = doors->find(s);
      if (it == doors->end() || it->second.size() != 1) return std::nullopt;
      if (with_chips && state_.players.at(s).stack == 0) continue;
      const int o = door_order(it->second[0], low);
      if (seat == 0 || (low ? o > order : o < order)) seat = s, order = o;
    }
    if (seat == 0) return std::nullopt;
    return seat;
  };
  auto card = owner(false);
  if (!card || state_.players.at(*card).stack > 0) return card;
  // That player is all-in from the ante. Whether the bring-in passes to their left or to the
  // next card is not written down: checked only where both give the same player.
  auto next_card = owner(true);
  if (next_card && *next_card == next_to_act(*card)) return next_card;
  return std::nullopt;
}

std::optional<int> Auditor::stud_opener(Street s) const {
  const auto* up = up_cards(s);
  if (!up) return std::nullopt;
  const bool low = razz();
  // Equal hands: the first seat clockwise from the dealer (seat 1 first where there is no button).
  auto from_dealer = [&](int seat) {
    return seat > h_.button_seat ? seat - h_.button_seat : seat + 1000 - h_.button_seat;
  };
  // The best hand showing among the players still in, or among those with chips left.
  auto best_hand = [&](bool with_chips) -> std::optional<int> {
    int best = 0;
    std::uint32_t best_value = 0;
    for (int seat : state_.dealt_in) {
      auto p = state_.players.find(seat);
      if (p == state_.players.end() || p->second.folded) continue;
      auto it = up->find(seat);
      if (it == up->end()) return std::nullopt;
      if (with_chips && p->second.stack == 0) continue;
      const std::uint32_t v = showing_value(it->second, low);
      const bool better = low ? v < best_value : v > best_value;
      if (best == 0 || better || (v == best_value && from_dealer(seat) < from_dealer(best)))
        best = seat, best_value = v;
    }
    if (best == 0) return std::nullopt;
    return best;
  };
  auto best = best_hand(false);
  if (!best || state_.players.at(*best).stack > 0) return best;
  // The best hand is all-in. Whether the action then starts at their left or with the best hand
  // that can still bet is not written down: checked only where both give the same player
  // (PokerStars 60974484959: the all-in pair of queens in seat 8, seat 4 opens either way).
  auto best_with_chips = best_hand(true);
  if (best_with_chips && *best_with_chips == next_to_act(*best)) return best_with_chips;
  return std::nullopt;
}

void Auditor::check_bring_in(const Event& e) {
  if (e.kind != EventKind::BringIn || !is_stud() || !order_checked()) return;
  auto it = state_.players.find(e.seat);
  if (it == state_.players.end()) return;
  const PlayerState& p = it->second;
  if (auto expected = expected_bring_in(); expected && *expected != e.seat) {
    const Card door = up_cards(Street::Preflop)->at(*expected)[0];
    add(check_bring_in_seat(e, p, *expected, door, razz()));
  }
  add(check_bring_in_under_small_bet(state_, e, p));
  // The action goes on clockwise from whoever brought in.
  state_.turn_round = Street::Preflop;
  state_.last_actor = e.seat;
}

}  // namespace hh::detail
