#include "parser/card_codes.hpp"

#include "model/cards.hpp"

namespace hh {

std::optional<std::vector<std::string>> card_codes(std::string_view printed) {
  CardList cards;
  if (!parse_cards(printed, cards)) return std::nullopt;
  std::vector<std::string> out;
  out.reserve(cards.size());
  for (const Card& c : cards) out.push_back(card_text(c));
  return out;
}

}  // namespace hh
