// The cards of an event as the interchange formats name them: a rank (2-9, T, J, Q, K, A) and
// a lower-case suit, "Ah", "Td". Readers keep the cards as the site printed them ("[Ah Kd]",
// "10h", "Ah, Kd"); the writers (OHH, PHH) write them through this one function.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hh {

// The card codes of printed cards, in order; nullopt when a token is not a card (an unknown
// card "??" or "X" included: the caller decides what an unknown card is in its format).
std::optional<std::vector<std::string>> card_codes(std::string_view printed);

}  // namespace hh
