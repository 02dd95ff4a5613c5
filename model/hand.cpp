#include "model/hand.hpp"

namespace hh {

const char* street_name(Street s) {
  switch (s) {
    case Street::Setup:
      return "setup";
    case Street::Preflop:
      return "preflop";
    case Street::Flop:
      return "flop";
    case Street::Turn:
      return "turn";
    case Street::River:
      return "river";
    case Street::Seventh:
      return "seventh";
    case Street::Showdown:
      return "showdown";
  }
  return "?";
}

const char* structure_name(Structure s) {
  switch (s) {
    case Structure::Unknown:
      return "unknown";
    case Structure::NoLimit:
      return "no-limit";
    case Structure::PotLimit:
      return "pot-limit";
    case Structure::FixedLimit:
      return "fixed-limit";
    case Structure::SpreadLimit:
      return "spread-limit";
    case Structure::CapLimit:
      return "cap-limit";
    case Structure::Mixed:
      return "mixed";
  }
  return "?";
}

const char* event_kind_name(EventKind k) {
  switch (k) {
    case EventKind::PostAnte:
      return "ante";
    case EventKind::PostSmallBlind:
      return "small_blind";
    case EventKind::PostBigBlind:
      return "big_blind";
    case EventKind::PostBothBlinds:
      return "small_and_big_blind";
    case EventKind::PostStraddle:
      return "straddle";
    case EventKind::PostButtonBlind:
      return "button_blind";
    case EventKind::PostDead:
      return "dead_blind";
    case EventKind::PostSleeper:
      return "sleeper";
    case EventKind::PostKill:
      return "kill_blind";
    case EventKind::BringIn:
      return "bring_in";
    case EventKind::Fold:
      return "fold";
    case EventKind::Check:
      return "check";
    case EventKind::Call:
      return "call";
    case EventKind::Bet:
      return "bet";
    case EventKind::Raise:
      return "raise";
    case EventKind::UncalledReturned:
      return "uncalled_returned";
    case EventKind::Collected:
      return "collected";
    case EventKind::CashedOut:
      return "cashed_out";
    case EventKind::Shows:
      return "shows";
    case EventKind::Mucks:
      return "mucks";
    case EventKind::Discards:
      return "discards";
    case EventKind::StandsPat:
      return "stands_pat";
    case EventKind::DealtHole:
      return "dealt";
    case EventKind::Board:
      return "board";
    case EventKind::SitsOut:
      return "sits_out";
    case EventKind::Returns:
      return "returns";
    case EventKind::Chat:
      return "chat";
    case EventKind::Other:
      return "other";
  }
  return "?";
}

Money Hand::fee_total() const {
  Money total = 0;
  for (const Fee& f : fees) total += f.amount;
  return total;
}

Money Hand::live_big_blind() const {
  return structure == Structure::FixedLimit && small_bet > 0 ? small_bet : big_blind;
}

const Seat* Hand::seat_of(int seat) const {
  for (const Seat& s : seats)
    if (s.seat == seat) return &s;
  return nullptr;
}

const Seat* Hand::seat_by_player(std::string_view player) const {
  for (const Seat& s : seats)
    if (s.player == player) return &s;
  return nullptr;
}

}  // namespace hh
