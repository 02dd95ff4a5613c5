// Each seat's live bet on the current betting round, as a builder reads the actions in order.
// Shared by the site builders so that "raise to" and "bet/call by" are resolved in one place.
#pragma once

#include <algorithm>
#include <vector>

#include "parser/hand.hpp"

namespace hh {

class StreetBets {
 public:
  // Completes a forced bet, call, bet or raise: sets `to` (the street total after the action)
  // from `amount`, or for a raise, whose `to` is printed, sets `amount` (the chips put in).
  // PostBothBlinds counts only its live part. Other events pass through unchanged.
  void apply(Event& e) {
    // Forced bets made before the first betting round are bets of that round.
    Street round = e.street == Street::Setup ? Street::Preflop : e.street;
    if (round != street_) {
      std::fill(bets_.begin(), bets_.end(), 0);
      street_ = round;
    }
    if (e.seat < 0) return;
    const auto seat = static_cast<std::size_t>(e.seat);
    if (seat >= bets_.size()) bets_.resize(seat + 1, 0);
    Money& committed = bets_[seat];
    switch (e.kind) {
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostStraddle:
      case EventKind::PostButtonBlind:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
        committed += e.amount;
        e.to = committed;
        break;
      case EventKind::PostBothBlinds:
        committed += e.amount - e.dead;
        e.to = committed;
        break;
      case EventKind::Raise:
        e.amount = e.to - committed;
        committed = e.to;
        break;
      default:
        break;
    }
  }

 private:
  Street street_{Street::Preflop};
  std::vector<Money> bets_;  // by seat number: seats are small integers
};

}  // namespace hh
