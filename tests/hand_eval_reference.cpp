// The hand evaluators of main at 426bf06 (audit/hand_eval.cpp before the table-driven ones),
// copied unchanged as the reference the current evaluators must equal: every value they give is
// what the showdown check would have charged a site with.
#include "tests/hand_eval_reference.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace hh::reference {

namespace {
constexpr int kCategoryShift = 20;
HandValue pack(HandCategory c, std::array<int, 5> ranks) {
  HandValue v = static_cast<HandValue>(c) << kCategoryShift;
  for (int i = 0; i < 5; ++i) v |= static_cast<HandValue>(ranks[i]) << (16 - 4 * i);
  return v;
}
// The lowest straight, where the ace plays low: A-2-3-4-5 (the wheel), A-6-7-8-9 in short deck
// (no 2 to 5 in its 36 cards), or none (deuce-to-seven and the like).
enum class LowStraight : std::uint8_t { None, Wheel, ShortDeck };

// The highest straight in a 13-bit rank mask (bit r-2 for rank r), 0 if none.
int straight_high(unsigned mask, LowStraight low) {
  for (int high = 14; high >= 6; --high) {
    const unsigned run = 0x1Fu << (high - 6);
    if ((mask & run) == run) return high;
  }
  if (low == LowStraight::Wheel && (mask & 0x100Fu) == 0x100Fu) return 5;      // A, 2, 3, 4, 5
  if (low == LowStraight::ShortDeck && (mask & 0x10F0u) == 0x10F0u) return 9;  // A, 6, 7, 8, 9
  return 0;
}

// The best high hand of any five of `n` cards (5 to 7), without trying every subset: rank
// counts and suit masks say it directly. Values are those of pack() (compared as integers).
// `prefer_trips`: three of a kind beats a straight (short deck, by house rule), where both can be
// made. (Short deck's flush above the full house needs no such choice: seven cards never hold
// both, the full house taking five cards with at most two of a suit.)
HandValue eval_n(const Card* cards, int n, LowStraight low, bool prefer_trips = false) {
  std::array<int, 15> count{};
  std::array<unsigned, 4> suit_mask{};
  std::array<int, 4> suit_count{};
  unsigned all = 0;
  for (int i = 0; i < n; ++i) {
    ++count[cards[i].rank];
    suit_mask[cards[i].suit] |= 1u << (cards[i].rank - 2);
    ++suit_count[cards[i].suit];
    all |= 1u << (cards[i].rank - 2);
  }
  auto top_of = [](unsigned mask, int k, std::array<int, 5>& out, int from) {
    for (int r = 14; r >= 2 && k > 0; --r)
      if (mask & (1u << (r - 2))) out[from++] = r, --k;
  };
  for (int s = 0; s < 4; ++s) {
    if (suit_count[s] < 5) continue;
    if (int high = straight_high(suit_mask[s], low))
      return pack(HandCategory::StraightFlush, {high, 0, 0, 0, 0});
  }
  int quad = 0, trips[2] = {0, 0}, pairs[3] = {0, 0, 0};
  int nt = 0, np = 0;
  for (int r = 14; r >= 2; --r) {
    if (count[r] == 4 && !quad)
      quad = r;
    else if (count[r] == 3 && nt < 2)
      trips[nt++] = r;
    else if (count[r] == 2 && np < 3)
      pairs[np++] = r;
  }
  std::array<int, 5> ranks{};
  if (quad) {
    ranks = {quad, quad, quad, quad, 0};
    top_of(all & ~(1u << (quad - 2)), 1, ranks, 4);
    return pack(HandCategory::Quads, ranks);
  }
  auto three_of_a_kind = [&]() -> HandValue {
    if (nt != 1) return 0;
    ranks = {trips[0], trips[0], trips[0], 0, 0};
    top_of(all & ~(1u << (trips[0] - 2)), 2, ranks, 3);
    return pack(HandCategory::Trips, ranks);
  };
  if (nt >= 1 && (nt == 2 || np >= 1)) {
    const int pair = nt == 2 ? std::max(trips[1], pairs[0]) : pairs[0];
    return pack(HandCategory::FullHouse, {trips[0], trips[0], trips[0], pair, pair});
  }
  for (int s = 0; s < 4; ++s) {
    if (suit_count[s] < 5) continue;
    top_of(suit_mask[s], 5, ranks, 0);
    return pack(HandCategory::Flush, ranks);
  }
  if (prefer_trips)
    if (HandValue v = three_of_a_kind()) return v;
  if (int high = straight_high(all, low)) return pack(HandCategory::Straight, {high, 0, 0, 0, 0});
  if (HandValue v = three_of_a_kind()) return v;
  if (np >= 2) {
    ranks = {pairs[0], pairs[0], pairs[1], pairs[1], 0};
    top_of(all & ~(1u << (pairs[0] - 2)) & ~(1u << (pairs[1] - 2)), 1, ranks, 4);
    return pack(HandCategory::TwoPair, ranks);
  }
  if (np == 1) {
    ranks = {pairs[0], pairs[0], 0, 0, 0};
    top_of(all & ~(1u << (pairs[0] - 2)), 3, ranks, 2);
    return pack(HandCategory::Pair, ranks);
  }
  top_of(all, 5, ranks, 0);
  return pack(HandCategory::HighCard, ranks);
}

// Five cards as a sum of rank counts, one nibble per rank (bit 4 * rank: ranks 1 to 14 fit in 64
// bits), and their suits ANDed as one-hot bits (non-zero when all five share a suit). Sums of
// parts: an Omaha hand is the counts of two hole cards plus three board cards, each part counted
// once rather than once per combination.
struct FiveCounts {
  std::uint64_t counts{0};
  unsigned suits{0xFu};
};
constexpr std::uint64_t kNibbleOnes = 0x1111111111111111ull;

FiveCounts counts_of(const Card* cards, int n, bool ace_low) {
  FiveCounts f;
  for (int i = 0; i < n; ++i) {
    const int rank = ace_low && cards[i].rank == 14 ? 1 : cards[i].rank;
    f.counts += std::uint64_t{1} << (4 * rank);
    f.suits &= 1u << cards[i].suit;
  }
  return f;
}
FiveCounts operator+(FiveCounts a, FiveCounts b) {
  return {a.counts + b.counts, a.suits & b.suits};
}

// The ranks of a nibble mask (one bit per rank present, at 4 * rank), highest first, into
// `ranks` from `from` until `to`.
void ranks_of(std::uint64_t nibbles, std::array<int, 5>& ranks, int from, int to) {
  for (int i = from; i < to && nibbles; ++i) {
    const int top = 63 - std::countl_zero(nibbles);
    ranks[i] = top / 4;
    nibbles &= ~(std::uint64_t{1} << top);
  }
}

// The nibbles of ranks held exactly once, twice, three times, four times (counts 0 to 4 are
// 000, 001, 010, 011, 100 in each nibble).
struct Groups {
  std::uint64_t ones, twos, threes, fours;
};
Groups groups_of(std::uint64_t v) {
  return {v & ~(v >> 1) & kNibbleOnes, (v >> 1) & ~v & kNibbleOnes, v & (v >> 1) & kNibbleOnes,
          (v >> 2) & kNibbleOnes};
}

// eval_n() of exactly five cards (aces high, the wheel a straight), read from their counts: the
// same values, which tests/test_hand_eval.cpp checks on every five-card hand.
HandValue high_of_five(FiveCounts f) {
  const Groups g = groups_of(f.counts);
  std::array<int, 5> ranks{};
  if (std::popcount(g.ones) == 5) {
    const int low = std::countr_zero(g.ones) / 4;
    int straight = 0;
    if (g.ones == std::uint64_t{0x11111} << (4 * low)) straight = low + 4;
    if (g.ones == ((std::uint64_t{1} << 56) | (std::uint64_t{0x1111} << 8))) straight = 5;
    if (straight)
      return pack(f.suits ? HandCategory::StraightFlush : HandCategory::Straight,
                  {straight, 0, 0, 0, 0});
    ranks_of(g.ones, ranks, 0, 5);
    return pack(f.suits ? HandCategory::Flush : HandCategory::HighCard, ranks);
  }
  if (g.fours) {
    ranks_of(g.fours, ranks, 0, 1);
    ranks_of(g.ones, ranks, 4, 5);
    ranks[1] = ranks[2] = ranks[3] = ranks[0];
    return pack(HandCategory::Quads, ranks);
  }
  if (g.threes) {
    ranks_of(g.threes, ranks, 0, 1);
    ranks[1] = ranks[2] = ranks[0];
    if (g.twos) {
      ranks_of(g.twos, ranks, 3, 4);
      ranks[4] = ranks[3];
      return pack(HandCategory::FullHouse, ranks);
    }
    ranks_of(g.ones, ranks, 3, 5);
    return pack(HandCategory::Trips, ranks);
  }
  // One or two pairs.
  std::array<int, 5> pairs{};
  ranks_of(g.twos, pairs, 0, 2);
  if (pairs[1]) {
    ranks = {pairs[0], pairs[0], pairs[1], pairs[1], 0};
    ranks_of(g.ones, ranks, 4, 5);
    return pack(HandCategory::TwoPair, ranks);
  }
  ranks = {pairs[0], pairs[0], 0, 0, 0};
  ranks_of(g.ones, ranks, 2, 5);
  return pack(HandCategory::Pair, ranks);
}

constexpr HandValue kLowFlip = 0xFFFFFu;

// low_a5() from the rank counts of five cards, aces counted as 1.
HandValue low_a5_of_five(FiveCounts f) {
  // Aces count as 1; straights and flushes do not count. No pair beats a pair, a pair beats two
  // pair, and so on; then the cards compare highest first (pairs first), lower being better: the
  // larger groups first, ranks descending within a size.
  const Groups g = groups_of(f.counts);
  HandValue packed = 0;
  int k = 0;
  for (int size = 4; size >= 1; --size) {
    std::uint64_t group = size == 4 ? g.fours : size == 3 ? g.threes : size == 2 ? g.twos : g.ones;
    while (group) {
      const int top = 63 - std::countl_zero(group);
      group &= ~(std::uint64_t{1} << top);
      for (int c = 0; c < size; ++c, ++k) packed |= static_cast<HandValue>(top / 4) << (16 - 4 * k);
    }
  }
  HandValue badness = 0;  // 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads
  if (g.fours)
    badness = 5;
  else if (g.threes)
    badness = g.twos ? 4 : 3;
  else if (g.twos)
    badness = std::popcount(g.twos) == 2 ? 2 : 1;
  return ((7 - badness) << 20) | (kLowFlip - packed);
}

// The best `value` of five cards made of exactly two of `hole` and three of `board` (Omaha),
// from the counts of each triple of board cards, counted once, plus those of each pair of hole
// cards. A template so that the evaluator is inlined in the loop.
template <typename Value>
HandValue best_two_and_three(std::span<const Card> hole, std::span<const Card> board, bool ace_low,
                             Value value) {
  HandValue best = 0;
  const int h = static_cast<int>(hole.size());
  const int b = static_cast<int>(board.size());
  for (int b1 = 0; b1 < b; ++b1)
    for (int b2 = b1 + 1; b2 < b; ++b2)
      for (int b3 = b2 + 1; b3 < b; ++b3) {
        const Card three[] = {board[b1], board[b2], board[b3]};
        const FiveCounts board_part = counts_of(three, 3, ace_low);
        for (int h1 = 0; h1 < h; ++h1)
          for (int h2 = h1 + 1; h2 < h; ++h2) {
            const Card two[] = {hole[h1], hole[h2]};
            best = std::max(best, value(board_part + counts_of(two, 2, ace_low)));
          }
      }
  return best;
}

constexpr int kStrengthShift = 24;

}  // namespace

HandValue best_of(std::span<const Card> cards) {
  return eval_n(cards.data(), static_cast<int>(cards.size()), LowStraight::Wheel);
}

HandValue best_of_short_deck(std::span<const Card> cards, bool trips_beat_straight) {
  const HandValue v = eval_n(cards.data(), static_cast<int>(cards.size()), LowStraight::ShortDeck,
                             trips_beat_straight);
  // Short deck's order of categories, worst first: the flush above the full house, three of a
  // kind above the straight when the house says so.
  using C = HandCategory;
  static constexpr C kTripsBelow[] = {C::HighCard, C::Pair,     C::TwoPair,
                                      C::Trips,    C::Straight, C::FullHouse,
                                      C::Flush,    C::Quads,    C::StraightFlush};
  static constexpr C kTripsAbove[] = {C::HighCard,  C::Pair,  C::TwoPair, C::Straight,     C::Trips,
                                      C::FullHouse, C::Flush, C::Quads,   C::StraightFlush};
  const C* order = trips_beat_straight ? kTripsAbove : kTripsBelow;
  HandValue strength = 0;
  while (order[strength] != category_of(v)) ++strength;
  return v | strength << kStrengthShift;
}

HandValue eval5(const Card* five) { return high_of_five(counts_of(five, 5, false)); }
HandValue low_a5(const Card* five) { return low_a5_of_five(counts_of(five, 5, true)); }
HandValue low_27(const Card* five) { return kLowFlip * 16 - eval_n(five, 5, LowStraight::None); }

HandValue best_low_a5(std::span<const Card> cards) {
  const int n = static_cast<int>(cards.size());
  HandValue best = 0;
  std::array<Card, 5> five{};
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int c = b + 1; c < n; ++c)
        for (int d = c + 1; d < n; ++d)
          for (int e = d + 1; e < n; ++e) {
            five = {cards[a], cards[b], cards[c], cards[d], cards[e]};
            best = std::max(best, reference::low_a5(five.data()));
          }
  return best;
}

HandValue best_omaha(std::span<const Card> hole, std::span<const Card> board) {
  return best_two_and_three(hole, board, false, high_of_five);
}

HandValue best_omaha_low_a5(std::span<const Card> hole, std::span<const Card> board) {
  return best_two_and_three(hole, board, true, low_a5_of_five);
}

}  // namespace hh::reference
