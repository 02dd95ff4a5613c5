// The integrity of one hand's cards and seats (docs/integrity.md, issue 37 points 1-4): one deck
// per hand (no card seen twice: dealt, on a board, shown or discarded), shown cards that are the
// ones dealt, a showdown hand name the shown cards make, one seat per player, boards of the
// game's size and no card dealt after the hand was over. Cards the site hides ("Xx", "[ ]") are
// unknown and never judged. A hand with a line the reader did not read is not judged (the line
// may be a card's). The audit never repairs the hand: findings name the cards and the seats.
#pragma once

#include <vector>

#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh {

// CARD_SEEN_TWICE, SHOWN_CARDS_MISMATCH, HAND_NAME_MISMATCH, PLAYER_IN_TWO_SEATS,
// BOARD_CARD_COUNT and CARDS_AFTER_HAND_OVER of one hand.
std::vector<Finding> check_hand_integrity(const Hand& hand);

}  // namespace hh
