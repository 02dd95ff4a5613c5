// The replay state's reading of the hand so far: what a call owes, the chips behind, the bet
// sizes of the round.
#include "audit/replay_state.hpp"

namespace hh::detail {

Money ReplayState::to_call(const PlayerState& caller) const {
  if (blind_floor <= max_bet) return max_bet;
  if (hand.full_big_blind_always_owed) return blind_floor;
  for (const auto& [seat, p] : players)
    if (seat != caller.seat && !p.folded && chips_behind(p) > 0) return blind_floor;
  return max_bet;
}

bool ReplayState::big_bet_game() const {
  return hand.structure == Structure::NoLimit || hand.structure == Structure::PotLimit ||
         hand.structure == Structure::CapLimit || hand.structure == Structure::Mixed;
}

Money ReplayState::bet_unit(Street street) const {
  const bool single_draw = hand.game.is_draw() && hand.game.draws == 1;
  bool late = false;
  switch (street) {
    case Street::Setup:
    case Street::Preflop:
      late = false;
      break;
    case Street::Flop:
      late = single_draw;
      break;
    default:
      late = true;
      break;
  }
  return at_kill_limits(late ? hand.big_bet : hand.small_bet);
}

Street ReplayState::last_round() const {
  if (hand.game.is_five_card_stud()) return Street::River;  // 5th street
  if (hand.game.is_stud()) return Street::Seventh;
  if (hand.game.is_draw() && hand.game.draws == 1) return Street::Flop;
  return Street::River;
}

Money ReplayState::chips_behind(const PlayerState& p) const {
  if (p.declared_all_in) return 0;
  if (hand.cap <= 0) return p.stack;
  const Money in_hand = p.gross - p.returned;
  return std::clamp<Money>(hand.cap - in_hand, 0, p.stack);
}

bool ReplayState::passed_over(int seat) const {
  auto it = players.find(seat);
  return it != players.end() && passed_over(it->second);
}

bool ReplayState::passed_over(const PlayerState& p) const {
  if (p.declared_all_in) return true;
  if (hand.cap > 0 && chips_behind(p) == 0) return true;
  return p.seat == sleeper_seat && round == Street::Preflop && p.street_bet >= max_bet;
}

}  // namespace hh::detail
