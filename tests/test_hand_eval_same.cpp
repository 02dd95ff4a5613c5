// The table-driven evaluators give the values of main at 426bf06 (tests/hand_eval_reference.cpp,
// its code unchanged): on every hand of five cards, and on random deals of seven cards and of
// Omaha from a fixed seed. A value that differed would change what the showdown check charges.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "audit/hand_eval.hpp"
#include "tests/hand_eval_reference.hpp"

using namespace hh;

namespace {

Card card_of(int i) {
  return Card{static_cast<std::uint8_t>(i % 13 + 2), static_cast<std::uint8_t>(i / 13)};
}

// `n` distinct cards of a shuffled deck, or, with `repeats`, `n` cards drawn with replacement (a
// card twice: input the parsers should never pass on, which still gets main's value).
std::vector<Card> deal(std::mt19937& rng, int n, bool repeats) {
  std::vector<Card> cards;
  if (repeats) {
    std::uniform_int_distribution<int> any(0, 51);
    for (int i = 0; i < n; ++i) cards.push_back(card_of(any(rng)));
    return cards;
  }
  std::array<int, 52> deck{};
  for (int i = 0; i < 52; ++i) deck[i] = i;
  for (int i = 0; i < n; ++i) {
    std::uniform_int_distribution<int> pick(i, 51);
    std::swap(deck[i], deck[pick(rng)]);
    cards.push_back(card_of(deck[i]));
  }
  return cards;
}

}  // namespace

TEST_CASE("the evaluators give the values of main 426bf06 on every five-card hand",
          "[eval][eval_same]") {
  std::array<Card, 5> five{};
  std::size_t hands = 0, differ = 0;
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      for (int c = b + 1; c < 52; ++c)
        for (int d = c + 1; d < 52; ++d)
          for (int e = d + 1; e < 52; ++e) {
            five = {card_of(a), card_of(b), card_of(c), card_of(d), card_of(e)};
            ++hands;
            const bool same =
                eval5(five.data()) == reference::eval5(five.data()) &&
                best_of(five) == reference::best_of(five) &&
                low_a5(five.data()) == reference::low_a5(five.data()) &&
                low_27(five.data()) == reference::low_27(five.data()) &&
                best_of_short_deck(five, true) == reference::best_of_short_deck(five, true) &&
                best_of_short_deck(five, false) == reference::best_of_short_deck(five, false);
            if (!same) ++differ;
          }
  CHECK(hands == 2598960);
  CHECK(differ == 0);
}

TEST_CASE("the evaluators give the values of main 426bf06 on random deals of seven and Omaha",
          "[eval][eval_same]") {
  std::mt19937 rng(36);
  std::size_t differ = 0;
  // Seven cards (six on one deal in five, a turn), and one deal in ten with a card repeated.
  for (int i = 0; i < 150000; ++i) {
    const std::vector<Card> cards = deal(rng, i % 5 ? 7 : 6, i % 10 == 0);
    if (best_of(cards) != reference::best_of(cards) ||
        best_of_short_deck(cards, i % 2) != reference::best_of_short_deck(cards, i % 2) ||
        best_low_a5(cards) != reference::best_low_a5(cards))
      ++differ;
  }
  CHECK(differ == 0);
  // Omaha with four, five and six hole cards on boards of five cards, three or four (a fold's
  // board in the integrity pass), and one deal in ten with a card repeated.
  for (int i = 0; i < 150000; ++i) {
    const int holes = i % 7 == 6 ? 6 : 4 + i % 2;
    const int board_cards = i % 9 == 0 ? 3 + i % 2 : 5;
    const std::vector<Card> cards = deal(rng, holes + board_cards, i % 10 == 0);
    const std::span<const Card> hole(cards.data(), static_cast<std::size_t>(holes));
    const std::span<const Card> board(cards.data() + holes, static_cast<std::size_t>(board_cards));
    if (best_omaha(hole, board) != reference::best_omaha(hole, board) ||
        best_omaha_low_a5(hole, board) != reference::best_omaha_low_a5(hole, board))
      ++differ;
  }
  CHECK(differ == 0);
}

TEST_CASE("a changed value is seen: the reference differs from a hand made one better",
          "[eval][eval_same]") {
  // The comparisons above can fail: the reference reads the cards, not a copy of the new code's
  // answers (a wheel against a six-high straight, a pair of aces against a pair of kings).
  const auto wheel = parse_cards("Ah 2d 3c 4s 5h");
  const auto six_high = parse_cards("6h 2d 3c 4s 5h");
  REQUIRE(wheel);
  REQUIRE(six_high);
  CHECK(reference::eval5(wheel->data()) < eval5(six_high->data()));
  CHECK(reference::eval5(wheel->data()) == eval5(wheel->data()));
  const auto hole = parse_cards("Ah Ad 7c 2s");
  const auto kings = parse_cards("Kh Kd 7s 2c");
  const auto board = parse_cards("9h 8d 3c Js Qh");
  REQUIRE(hole);
  REQUIRE(kings);
  REQUIRE(board);
  CHECK(reference::best_omaha(*kings, *board) < best_omaha(*hole, *board));
  CHECK(category_of(reference::best_omaha(*hole, *board)) == HandCategory::Pair);
}
