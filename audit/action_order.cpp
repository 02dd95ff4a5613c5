// Whose turn it is: the order of action on every betting round.
#include <fmt/format.h>

#include "audit/auditor.hpp"

namespace hh::detail {

int Auditor::next_to_act(int from) const {
  int best = 0, first = 0;
  for (int seat : dealt_in_) {
    auto it = players_.find(seat);
    if (it == players_.end() || it->second.folded || it->second.stack == 0) continue;
    if (first == 0) first = seat;
    if (seat > from && best == 0) best = seat;
  }
  return best ? best : first;
}

void Auditor::check_turn(const Event& e, const PlayerState& p) {
  if (!order_checked() || e.street == Street::Setup) return;
  if (e.street != turn_round_) {
    turn_round_ = e.street;
    const bool preflop = e.street == Street::Preflop || e.street == Street::Setup;
    last_actor_ = preflop ? preflop_anchor_ : h_.button_seat;
    if (last_actor_ == 0) return;  // no big blind or no button: the start is unknown
  }
  if (last_actor_ == 0) return;
  const int expected = next_to_act(last_actor_);
  // Folding ahead of one's turn is how sites print players sitting out or timing out (888
  // prints them before the deal): not reported, and the turn stays where it was.
  if (e.kind == EventKind::Fold && expected != p.seat) return;
  if (expected != 0 && expected != p.seat && !p.folded && p.stack > 0) {
    add("OUT_OF_TURN", Severity::Warning, e.street, p.seat, expected, p.seat,
        fmt::format("line {}: {} acts in seat {}, but it is seat {}'s turn", e.line, p.player,
                    p.seat, expected),
        e.line);
  }
  last_actor_ = p.seat;
}

}  // namespace hh::detail
