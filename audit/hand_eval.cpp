#include "audit/hand_eval.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

namespace hh {

namespace {
constexpr int kCategoryShift = 20;
HandValue pack(HandCategory c, std::array<int, 5> ranks) {
  HandValue v = static_cast<HandValue>(c) << kCategoryShift;
  for (int i = 0; i < 5; ++i) v |= static_cast<HandValue>(ranks[i]) << (16 - 4 * i);
  return v;
}
}  // namespace

// Above the category: the hand's strength in a game whose order of categories differs from the
// usual one (short deck); 0 in every other game, where the category orders the hands.
constexpr int kStrengthShift = 24;

HandCategory category_of(HandValue v) {
  return static_cast<HandCategory>((v >> kCategoryShift) & 0xFu);
}

const char* category_name(HandCategory c) {
  switch (c) {
    case HandCategory::HighCard:
      return "high card";
    case HandCategory::Pair:
      return "a pair";
    case HandCategory::TwoPair:
      return "two pair";
    case HandCategory::Trips:
      return "three of a kind";
    case HandCategory::Straight:
      return "a straight";
    case HandCategory::Flush:
      return "a flush";
    case HandCategory::FullHouse:
      return "a full house";
    case HandCategory::Quads:
      return "four of a kind";
    case HandCategory::StraightFlush:
      return "a straight flush";
  }
  return "?";
}

namespace {

// The lowest straight, where the ace plays low: A-2-3-4-5 (the wheel), A-6-7-8-9 in short deck
// (no 2 to 5 in its 36 cards), or none (deuce-to-seven and the like).
enum class LowStraight : std::uint8_t { None, Wheel, ShortDeck };

// Tables of the 8,192 13-bit rank masks (bit r-2 for rank r), built at compile time: what the
// evaluators would otherwise find by scanning the thirteen ranks on every call.
struct RankMaskTables {
  std::array<std::uint8_t, 8192> bits{};      // how many ranks (no popcount instruction needed)
  std::array<std::uint8_t, 8192> straight{};  // the highest straight of 6 to ace high, 0 if none
  // The five highest ranks as pack() places them (the highest at 4 * 4), fewer with fewer ranks:
  // shifted right by 4 * (5 - k), the k highest at the last k places of a value.
  std::array<HandValue, 8192> top5{};
};

// Each mask from a smaller one (its highest rank taken off), in few enough steps for the
// compilers' limits on constant evaluation.
constexpr RankMaskTables make_rank_mask_tables() {
  RankMaskTables t;
  for (unsigned mask = 1; mask < 8192; ++mask) {
    const int highest = std::bit_width(mask) - 1;  // rank highest + 2
    const unsigned rest = mask & ~(1u << highest);
    t.bits[mask] = static_cast<std::uint8_t>(t.bits[rest] + 1);
    t.top5[mask] = static_cast<HandValue>(highest + 2) << 16 | t.top5[rest] >> 4;
    // Bit b of `runs`: ranks b + 2 to b + 6 all held, a straight to b + 6.
    const unsigned runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4;
    t.straight[mask] = runs ? static_cast<std::uint8_t>(std::bit_width(runs) - 1 + 6) : 0;
  }
  return t;
}
constexpr RankMaskTables kRankMasks = make_rank_mask_tables();

// The k highest ranks of `mask` at the last k places of a packed value.
HandValue top_ranks(unsigned mask, int k) { return kRankMasks.top5[mask] >> (4 * (5 - k)); }
// The highest rank of a non-empty mask.
int top_rank(unsigned mask) { return 33 - std::countl_zero(mask); }
unsigned bit_of(int rank) { return 1u << (rank - 2); }

// The highest straight in a 13-bit rank mask, 0 if none.
int straight_high(unsigned mask, LowStraight low) {
  if (const int high = kRankMasks.straight[mask]) return high;
  if (low == LowStraight::Wheel && (mask & 0x100Fu) == 0x100Fu) return 5;      // A, 2, 3, 4, 5
  if (low == LowStraight::ShortDeck && (mask & 0x10F0u) == 0x10F0u) return 9;  // A, 6, 7, 8, 9
  return 0;
}

HandValue category_bits(HandCategory c) { return static_cast<HandValue>(c) << kCategoryShift; }
// Rank r at the first k places of a value (four of a kind, three, a pair).
HandValue repeated(int rank, int k) {
  HandValue v = 0;
  for (int i = 0; i < k; ++i) v |= static_cast<HandValue>(rank) << (16 - 4 * i);
  return v;
}

// The ranks held exactly 2, 3 and 4 times, as 13-bit masks, and every rank held.
struct RankGroups {
  unsigned all{0}, pairs{0}, trips{0}, quads{0};
};

// The ranks of each suit, the first suit holding five cards or more (-1 if none) and the rank
// groups.
struct CardMasks {
  std::array<unsigned, 4> suit_mask{};
  int flush_suit{-1};
  RankGroups groups;
};

// Rank groups from the four suits' masks, when no card is there twice: each rank's count as
// bits of a sum of the four masks (0 to 4: bit 2 is four of a kind).
RankGroups groups_of_suits(const std::array<unsigned, 4>& s) {
  const unsigned a = s[0] ^ s[1], c = s[2] ^ s[3];
  const unsigned one = a ^ c, two = (s[0] & s[1]) ^ (s[2] & s[3]) ^ (a & c);
  return {s[0] | s[1] | s[2] | s[3], two & ~one, two & one, s[0] & s[1] & s[2] & s[3]};
}

// Rank groups counted card by card, a card held again counted again (as an array of counts
// did): ranks held k times or more as bit-sliced masks.
RankGroups groups_of_cards(const Card* cards, int n) {
  unsigned at_least[6] = {};  // at_least[k]: ranks held k times or more (k = 1 to 5)
  for (int i = 0; i < n; ++i) {
    const unsigned bit = bit_of(cards[i].rank);
    for (int k = 5; k >= 2; --k) at_least[k] |= at_least[k - 1] & bit;
    at_least[1] |= bit;
  }
  return {at_least[1], at_least[2] & ~at_least[3], at_least[3] & ~at_least[4],
          at_least[4] & ~at_least[5]};
}

CardMasks masks_of(const Card* cards, int n) {
  std::uint64_t suits = 0;       // 16 bits a suit
  std::uint32_t suit_count = 0;  // a byte a suit
  for (int i = 0; i < n; ++i) {
    suits |= std::uint64_t{bit_of(cards[i].rank)} << (16 * cards[i].suit);
    suit_count += 1u << (8 * cards[i].suit);
  }
  CardMasks m;
  int held = 0;
  for (int s = 0; s < 4; ++s) {
    m.suit_mask[s] = static_cast<unsigned>(suits >> (16 * s)) & 0x1FFFu;
    held += kRankMasks.bits[m.suit_mask[s]];
  }
  // A byte's top bit once 123 is added: five cards or more of that suit.
  if (const std::uint32_t five = (suit_count + 0x7B7B7B7Bu) & 0x80808080u)
    m.flush_suit = std::countr_zero(five) / 8;
  m.groups = held == n ? groups_of_suits(m.suit_mask) : groups_of_cards(cards, n);
  return m;
}

// Four of a kind or a full house of the groups, 0 if neither.
HandValue full_house_or_better(const RankGroups& g) {
  if (g.quads) {
    const int quad = top_rank(g.quads);
    return category_bits(HandCategory::Quads) | repeated(quad, 4) |
           top_ranks(g.all & ~bit_of(quad), 1);
  }
  if (!g.trips) return 0;
  const int trip = top_rank(g.trips);
  const unsigned other_trips = g.trips & ~bit_of(trip);
  if (!other_trips && !g.pairs) return 0;
  // The pair: the higher of a second three of a kind and the highest pair.
  const int pair = top_rank(other_trips | g.pairs);
  return category_bits(HandCategory::FullHouse) | repeated(trip, 3) | (repeated(pair, 2) >> 12);
}

// Three of a kind, two pair, a pair or high card, the best of the groups.
HandValue trips_or_less(const RankGroups& g) {
  if (g.trips) {
    const int trip = top_rank(g.trips);
    return category_bits(HandCategory::Trips) | repeated(trip, 3) |
           top_ranks(g.all & ~bit_of(trip), 2);
  }
  if (kRankMasks.bits[g.pairs] >= 2) {
    const int high = top_rank(g.pairs);
    const int second = top_rank(g.pairs & ~bit_of(high));
    return category_bits(HandCategory::TwoPair) | repeated(high, 2) | (repeated(second, 2) >> 8) |
           top_ranks(g.all & ~bit_of(high) & ~bit_of(second), 1);
  }
  if (g.pairs) {
    const int pair = top_rank(g.pairs);
    return category_bits(HandCategory::Pair) | repeated(pair, 2) |
           top_ranks(g.all & ~bit_of(pair), 3);
  }
  return category_bits(HandCategory::HighCard) | top_ranks(g.all, 5);
}

// The best high hand of any five of `n` cards (5 to 7), without trying every subset: rank
// groups and suit masks say it directly. Values are those of pack() (compared as integers).
// `prefer_trips`: three of a kind beats a straight (short deck, by house rule), where both can be
// made. (Short deck's flush above the full house needs no such choice: seven cards never hold
// both, the full house taking five cards with at most two of a suit.)
HandValue eval_n(const Card* cards, int n, LowStraight low, bool prefer_trips = false) {
  const CardMasks m = masks_of(cards, n);
  const int flush_suit = m.flush_suit;
  if (flush_suit >= 0)
    if (const int high = straight_high(m.suit_mask[flush_suit], low))
      return category_bits(HandCategory::StraightFlush) | static_cast<HandValue>(high) << 16;
  if (const HandValue v = full_house_or_better(m.groups)) return v;
  if (flush_suit >= 0)
    return category_bits(HandCategory::Flush) | top_ranks(m.suit_mask[flush_suit], 5);
  const bool trips_first = prefer_trips && m.groups.trips;
  if (!trips_first)
    if (const int high = straight_high(m.groups.all, low))
      return category_bits(HandCategory::Straight) | static_cast<HandValue>(high) << 16;
  return trips_or_less(m.groups);
}

}  // namespace

namespace {

// Five cards as a sum of rank counts, one nibble per rank (bit 4 * rank: ranks 1 to 14 fit in 64
// bits), and their suits ANDed as one-hot bits (non-zero when all five share a suit): what the
// five-card tables below are built from, once.
struct FiveCounts {
  std::uint64_t counts{0};
  unsigned suits{0xFu};
};
constexpr std::uint64_t kNibbleOnes = 0x1111111111111111ull;

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
// same values, which tests/test_hand_eval.cpp checks on every five-card hand. The tables of
// part_values() hold its values; eval5() reads them.
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

// 0xFFFFF - x turns "smaller is better" into "larger is better" for packed low values.
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

// ----- five cards as two hole cards and three board cards, by table -------------------------

// The rank multisets of two cards (91) and of three (455), numbered densely by rank index
// (rank - 2) in any order, and each value of every pair and triple together in a table: a hand of
// five is two small-table reads and one read of its triple's row (91 values, a few cache lines),
// with a check for a flush. Omaha's 60 combinations then cost 60 reads of 10 rows, the triple
// found once per board triple; no sort, no scan of ranks, no popcount call.
constexpr int kPairs = 91;
constexpr int kTriples = 455;

struct PartIndexes {
  std::array<std::uint8_t, 13 * 13> pair{};          // by r1 * 13 + r2
  std::array<std::uint16_t, 13 * 13 * 13> triple{};  // by (r1 * 13 + r2) * 13 + r3
};

constexpr PartIndexes make_part_indexes() {
  PartIndexes x;
  int n = 0;
  for (int a = 0; a < 13; ++a)
    for (int b = a; b < 13; ++b) {
      x.pair[a * 13 + b] = x.pair[b * 13 + a] = static_cast<std::uint8_t>(n);
      ++n;
    }
  n = 0;
  for (int a = 0; a < 13; ++a)
    for (int b = a; b < 13; ++b)
      for (int c = b; c < 13; ++c) {
        const int orders[6][3] = {{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}};
        for (const auto& o : orders)
          x.triple[(o[0] * 13 + o[1]) * 13 + o[2]] = static_cast<std::uint16_t>(n);
        ++n;
      }
  return x;
}
constexpr PartIndexes kPartIndexes = make_part_indexes();

// The values of every triple and pair of ranks (unsuited), row by triple: high_of_five() and
// low_a5_of_five() of their counts, so that a read gives what those give (tests/test_hand_eval.cpp
// checks every hand of five against the evaluators of main 426bf06).
struct PartValues {
  std::array<HandValue, kTriples * kPairs> high{}, low{};
};

const PartValues& part_values() {
  static const PartValues values = [] {
    PartValues v;
    auto counts = [](std::initializer_list<int> indexes, bool ace_low) {
      FiveCounts f{0, 0};  // no suit in common: flushes are read from the cards' suits
      for (const int i : indexes)
        f.counts += std::uint64_t{1} << (4 * (ace_low && i == 12 ? 1 : i + 2));
      return f;
    };
    for (int a = 0; a < 13; ++a)
      for (int b = a; b < 13; ++b)
        for (int c = b; c < 13; ++c) {
          const int row = kPartIndexes.triple[(a * 13 + b) * 13 + c] * kPairs;
          for (int d = 0; d < 13; ++d)
            for (int e = d; e < 13; ++e) {
              const int at = row + kPartIndexes.pair[d * 13 + e];
              v.high[static_cast<std::size_t>(at)] = high_of_five(counts({a, b, c, d, e}, false));
              v.low[static_cast<std::size_t>(at)] = low_a5_of_five(counts({a, b, c, d, e}, true));
            }
        }
    return v;
  }();
  return values;
}

// Three cards as a row of the table and, for the high hand, their suit when all three share it
// with three ranks (a flush needs five ranks of a suit).
constexpr int kNoSuit = 4;
struct Triple {
  const HandValue* row;
  unsigned mask;
  int suit;
};

int rank_index(const Card& c) { return c.rank - 2; }

Triple triple_of(const Card& a, const Card& b, const Card& c, const HandValue* table) {
  const int at = (rank_index(a) * 13 + rank_index(b)) * 13 + rank_index(c);
  const unsigned mask = bit_of(a.rank) | bit_of(b.rank) | bit_of(c.rank);
  const bool suited = a.suit == b.suit && b.suit == c.suit && kRankMasks.bits[mask] == 3;
  return {table + kPartIndexes.triple[static_cast<std::size_t>(at)] * kPairs, mask,
          suited ? a.suit : kNoSuit};
}

// A flush of five ranks: a straight flush when they run.
HandValue flush_of(unsigned mask) {
  if (const int high = straight_high(mask, LowStraight::Wheel))
    return category_bits(HandCategory::StraightFlush) | static_cast<HandValue>(high) << 16;
  return category_bits(HandCategory::Flush) | kRankMasks.top5[mask];
}

// The number of the rank pair of cards x and y.
std::size_t pair_index(const Card& x, const Card& y) {
  return kPartIndexes.pair[static_cast<std::size_t>(rank_index(x) * 13 + rank_index(y))];
}

// The value of the triple with the cards x and y, their pair numbered `pair`; `kHigh`: a flush
// counts (not in the low). Templates, so that the low's loop is reads alone.
template <bool kHigh>
HandValue with_pair(const Triple& t, std::size_t pair, const Card& x, const Card& y) {
  const HandValue v = t.row[pair];
  if (!kHigh || t.suit != x.suit || t.suit != y.suit) return v;
  const unsigned mask = t.mask | bit_of(x.rank) | bit_of(y.rank);
  return kRankMasks.bits[mask] == 5 ? flush_of(mask) : v;
}

// The best value of five cards made of exactly two of `hole` and three of `board` (Omaha). The
// board's triples are found first (ten of a board of five; more in turns of ten), then each hole
// pair's number once for all of them.
template <bool kHigh>
HandValue best_two_and_three(std::span<const Card> hole, std::span<const Card> board) {
  const HandValue* table = kHigh ? part_values().high.data() : part_values().low.data();
  HandValue best = 0;
  std::array<Triple, 10> triples{};
  std::size_t found = 0;
  const auto with_hole = [&] {
    for (std::size_t h1 = 0; h1 < hole.size(); ++h1)
      for (std::size_t h2 = h1 + 1; h2 < hole.size(); ++h2) {
        const std::size_t pair = pair_index(hole[h1], hole[h2]);
        for (std::size_t k = 0; k < found; ++k)
          best = std::max(best, with_pair<kHigh>(triples[k], pair, hole[h1], hole[h2]));
      }
    found = 0;
  };
  const std::size_t b = board.size();
  for (std::size_t b1 = 0; b1 < b; ++b1)
    for (std::size_t b2 = b1 + 1; b2 < b; ++b2)
      for (std::size_t b3 = b2 + 1; b3 < b; ++b3) {
        triples[found++] = triple_of(board[b1], board[b2], board[b3], table);
        if (found == triples.size()) with_hole();
      }
  with_hole();
  return best;
}

}  // namespace

HandValue eval5(const Card* five) {
  return with_pair<true>(triple_of(five[2], five[3], five[4], part_values().high.data()),
                         pair_index(five[0], five[1]), five[0], five[1]);
}

HandValue low_a5(const Card* five) {
  return with_pair<false>(triple_of(five[2], five[3], five[4], part_values().low.data()),
                          pair_index(five[0], five[1]), five[0], five[1]);
}

HandValue best_omaha(std::span<const Card> hole, std::span<const Card> board) {
  return best_two_and_three<true>(hole, board);
}

HandValue best_omaha_low_a5(std::span<const Card> hole, std::span<const Card> board) {
  return best_two_and_three<false>(hole, board);
}

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

bool qualifies_8(HandValue v) {
  if ((v >> 20) != 7) return false;  // a pair or worse
  const HandValue packed = kLowFlip - (v & kLowFlip);
  return (packed >> 16) <= 8;
}

// Aces are always high in deuce-to-seven: A-5-4-3-2 is no straight.
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
            best = std::max(best, low_a5(five.data()));
          }
  return best;
}

namespace {
constexpr int kBadugiSizeShift = 16;
constexpr HandValue kBadugiFlip = 0xFFFFu;  // four nibbles of ranks, the highest card first
}  // namespace

HandValue badugi(const Card* four) {
  // Every subset of the four cards with no rank and no suit twice is a candidate; the best is
  // the one with the most cards, then the lowest ranks compared highest first. Subsets are tried
  // largest first: once a size has a valid one, smaller sizes cannot win.
  static constexpr unsigned kSubsets[15] = {0xF, 0x7, 0xB, 0xD, 0xE, 0x3, 0x5, 0x6,
                                            0x9, 0xA, 0xC, 0x1, 0x2, 0x4, 0x8};
  HandValue best = 0;
  int best_size = 0;
  for (unsigned subset : kSubsets) {
    const int size = kRankMasks.bits[subset];  // no popcount call (no -mpopcnt)
    if (size < best_size) break;
    unsigned ranks = 0, suits = 0;
    bool valid = true;
    for (int i = 0; i < 4 && valid; ++i) {
      if (!(subset & (1u << i))) continue;
      const int rank = four[i].rank == 14 ? 1 : four[i].rank;  // aces are low
      valid = !(ranks & (1u << rank)) && !(suits & (1u << four[i].suit));
      ranks |= 1u << rank;
      suits |= 1u << four[i].suit;
    }
    if (!valid) continue;
    HandValue packed = 0;
    int k = 0;
    for (int r = 13; r >= 1; --r)
      if (ranks & (1u << r)) packed |= static_cast<HandValue>(r) << (12 - 4 * k++);
    best_size = size;
    best =
        std::max(best, (static_cast<HandValue>(size) << kBadugiSizeShift) | (kBadugiFlip - packed));
  }
  return best;
}

int badugi_size(HandValue v) { return static_cast<int>(v >> kBadugiSizeShift); }

std::string badugi_name(HandValue v) {
  const int size = badugi_size(v);
  const HandValue packed = kBadugiFlip - (v & kBadugiFlip);
  std::string out = size == 4 ? "Badugi: " : std::to_string(size) + "-card: ";
  for (int k = 0; k < size; ++k) {
    const int rank = static_cast<int>((packed >> (12 - 4 * k)) & 0xFu);
    if (k) out += ',';
    switch (rank) {
      case 1:
        out += 'A';
        break;
      case 10:
        out += 'T';
        break;
      case 11:
        out += 'J';
        break;
      case 12:
        out += 'Q';
        break;
      case 13:
        out += 'K';
        break;
      default:
        out += std::to_string(rank);
    }
  }
  return out;
}

}  // namespace hh
