#include "parser/card_codes.hpp"

namespace hh {

std::optional<std::vector<std::string>> card_codes(const EventCards& cards) {
  if (!cards.all_known()) return std::nullopt;
  std::vector<std::string> out;
  out.reserve(cards.cards().size());
  for (const Card& c : cards.cards()) out.push_back(card_text(c));
  return out;
}

}  // namespace hh
