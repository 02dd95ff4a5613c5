// Poker hand values for the showdown check: the best high hand of five cards, from any five of
// up to seven (Hold'em), or from exactly two hole cards and three board cards (Omaha, 4 to 6
// hole cards). Values compare as integers: a larger value is a better hand, equal values split.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/cards.hpp"

namespace hh {

// Hand categories, in order, as the top bits of a value.
enum class HandCategory : std::uint8_t {
  HighCard,
  Pair,
  TwoPair,
  Trips,
  Straight,
  Flush,
  FullHouse,
  Quads,
  StraightFlush
};

using HandValue = std::uint32_t;
HandCategory category_of(HandValue v);
const char* category_name(HandCategory c);

// Exactly five cards.
HandValue eval5(const Card* five);

// The best five of `cards` (5 to 7 cards).
HandValue best_of(std::span<const Card> cards);

// Short deck (6+ Hold'em), the best five of `cards` (5 to 7) from a 36-card deck (sixes to aces):
// A-6-7-8-9 is the lowest straight (A-2-3-4-5 cannot be dealt), a flush beats a full house, and
// three of a kind beats a straight when `trips_beat_straight` (the house rule
// short_deck_trips_beat_straight). Values compare only with values of the same function and
// option; category_of() names them as usual.
HandValue best_of_short_deck(std::span<const Card> cards, bool trips_beat_straight);

// Omaha: the best hand using exactly two of `hole` (4 to 6 cards) and three of `board` (5).
HandValue best_omaha(std::span<const Card> hole, std::span<const Card> board);

// Low hands, as values where larger is better (so the same max() picks the winner).
// Ace-to-five: aces low, straights and flushes do not count, pairs are bad (razz, the low half
// of eight-or-better games). Deuce-to-seven: the worst high hand wins, aces high, straights and
// flushes count.
HandValue low_a5(const Card* five);
HandValue low_27(const Card* five);
// An ace-to-five low of eight or better: no pair and no card above 8.
bool qualifies_8(HandValue a5_low);

// The best ace-to-five low of any five of `cards` (5 to 7: razz, stud eight-or-better).
HandValue best_low_a5(std::span<const Card> cards);
// Omaha eight-or-better: the best ace-to-five low of two hole cards and three board cards.
HandValue best_omaha_low_a5(std::span<const Card> hole, std::span<const Card> board);

// Badugi, from exactly four cards: the hand is the largest set of cards with all ranks and all
// suits different (aces low); more cards beat fewer (a four-card badugi beats any three-card
// hand), and between hands of as many cards the one whose highest card is lower wins, then the
// next highest, and so on. Suits never break a tie. Larger values are better, as for the lows.
HandValue badugi(const Card* four);
// How many cards the badugi hand counts (1 to 4).
int badugi_size(HandValue v);
// The hand as PokerStars names it: "Badugi: 8,5,4,2", "3-card: 9,2,A".
std::string badugi_name(HandValue v);

}  // namespace hh
