#include "parser/text/unread_cards.hpp"

#include <string>

namespace hh {

void report_unread_cards(Hand& hand) {
  for (const Event& e : hand.events)
    if (e.cards.has_unread())
      hand.unread_outside_play.push_back(
          {e.line,
           "cards hhaudit reads (a rank 2-9, T or 10, J, Q, K, A and a suit c, d, h, s; X or ?? "
           "for a card not shown)",
           std::string(e.cards.unread().substr(0, 160)), 0,
           "these cards, nor any check that reads them (the best hand, the hands' names)"});
}

}  // namespace hh
