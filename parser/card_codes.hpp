// The cards of an event as the interchange formats name them: a rank (2-9, T, J, Q, K, A) and
// a lower-case suit, "Ah", "Td", whatever the site printed ("[Ah Kd]", "10h", "Ah, Kd"); the
// writers (OHH, PHH) write them through this one function.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/cards.hpp"

namespace hh {

// The card codes of an event's cards, in order; nullopt when one is not known (an unknown card
// "X" or "??", or a token not read: the caller decides what an unknown card is in its format).
std::optional<std::vector<std::string>> card_codes(const EventCards& cards);

}  // namespace hh
