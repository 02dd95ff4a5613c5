// Cards as values: parsed once from the text a site prints, written back in the interchange
// formats' codes. The audit's evaluators (audit/hand_eval.hpp) and the writers (OHH, PHH) share
// them.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hh {

struct Card {
  std::uint8_t rank{0};  // 2..14 (ace high)
  std::uint8_t suit{0};  // 0..3
  bool operator==(const Card&) const = default;
};

// "Ah", "Td", "10h", "2c" (case-insensitive suit; ranks 2-9, T or 10, J, Q, K, A).
std::optional<Card> parse_card(std::string_view text);

// The card as the sites print it: "Ah", "Td", "2c".
std::string card_text(const Card& c);

// "Ah Kd 7c" or "[Ah Kd 7c]" or "Ah, Kd" into cards; nullopt if any card is not one.
std::optional<std::vector<Card>> parse_cards(std::string_view text);

// A hand's or a board's cards without a heap allocation: up to seven (stud) in place.
using CardList = boost::container::small_vector<Card, 7>;
// parse_cards() into `out` (replaced); false if any card is not one.
bool parse_cards(std::string_view text, CardList& out);
inline std::span<const Card> cards_of(const CardList& cards) {
  return {cards.data(), cards.size()};
}

}  // namespace hh
