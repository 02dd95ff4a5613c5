// The hand evaluators of main at 426bf06, the reference of tests/test_hand_eval_same.cpp: the
// same functions as audit/hand_eval.hpp, in namespace hh::reference.
#pragma once

#include <span>

#include "audit/hand_eval.hpp"

namespace hh::reference {

HandValue eval5(const Card* five);
HandValue best_of(std::span<const Card> cards);
HandValue best_of_short_deck(std::span<const Card> cards, bool trips_beat_straight);
HandValue best_omaha(std::span<const Card> hole, std::span<const Card> board);
HandValue low_a5(const Card* five);
HandValue low_27(const Card* five);
HandValue best_low_a5(std::span<const Card> cards);
HandValue best_omaha_low_a5(std::span<const Card> hole, std::span<const Card> board);

}  // namespace hh::reference
