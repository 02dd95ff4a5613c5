// Each seat's live bet on the current betting round, as a builder reads the actions in order.
// Shared by the site builders so that "raise to" and "bet/call by" are resolved in one place.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "model/hand.hpp"

namespace hh {

class StreetBets {
 public:
  // Completes a forced bet, call, bet, raise or straddle. The builder fills whichever of the two
  // the site prints: `amount` (chips added by the action) or, for a raise or a straddle, `to`
  // (the player's street total, "raises 4 to 6", GG's "straddle 100"); apply() sets the other.
  // PostBothBlinds counts only its live part. Other events pass through unchanged.
  void apply(Event& e) {
    Money& bet = committed_ref(e);
    if (&bet == &scratch_) return;
    switch (e.kind) {
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostButtonBlind:
      case EventKind::PostSleeper:
      case EventKind::PostKill:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
        bet += e.amount;
        e.to = bet;
        break;
      case EventKind::PostBothBlinds:
        bet += e.amount - e.dead;
        e.to = bet;
        break;
      case EventKind::Raise:
      case EventKind::PostStraddle:
        if (e.to != 0) {
          e.amount = e.to - bet;
          bet = e.to;
        } else {
          bet += e.amount;
          e.to = bet;
        }
        break;
      default:
        break;
    }
  }

  // An action printed only as the chips it adds, whatever it does (PokerTracker's "Allin X" and
  // Microgaming's "bet - X" over a bet, Entraction's "All-In (X)"): a Call when the seat's bet
  // reaches no higher than the round's highest, a Bet when the round has none, else a Raise.
  // `e.amount` (the chips) is kept; apply() then completes it.
  void classify_chips_added(Event& e) {
    const Money mine = committed_ref(e);
    Money top = 0;
    for (Money b : bets_) top = std::max(top, b);
    for (const auto& [seat, b] : other_bets_) top = std::max(top, b);
    if (top == 0)
      e.kind = EventKind::Bet;
    else if (mine + e.amount <= top)
      e.kind = EventKind::Call;
    else
      e.kind = EventKind::Raise;
  }

  // Undoes apply(e) of a forced bet found afterwards to be dead money (not part of the bet).
  void take_back(const Event& e) { committed_ref(e) -= e.amount; }

  // The seat's live bet so far on the round of `e` (before applying it).
  Money committed(const Event& e) { return committed_ref(e); }

 private:
  Money& committed_ref(const Event& e) {
    // Forced bets made before the first betting round are bets of that round.
    Street round = e.street == Street::Setup ? Street::Preflop : e.street;
    if (round != street_) {
      std::fill(bets_.begin(), bets_.end(), 0);
      other_bets_.clear();
      street_ = round;
    }
    if (e.seat < 0) return scratch_;
    const auto seat = static_cast<std::size_t>(e.seat);
    if (seat < kSeatsByIndex) {
      if (seat >= bets_.size()) bets_.resize(seat + 1, 0);
      return bets_[seat];
    }
    // A seat number no table has (a reader took what the file printed, e.g. SEAT="666666666661"
    // read as INT_MAX): looked up, not a slot of a vector that large (a fuzzed file made it 16 GB).
    for (auto& [other, bet] : other_bets_)
      if (other == seat) return bet;
    return other_bets_.emplace_back(seat, 0).second;
  }

  static constexpr std::size_t kSeatsByIndex = 256;

  Street street_{Street::Preflop};
  std::vector<Money> bets_;  // by seat number, for the seats below kSeatsByIndex
  std::vector<std::pair<std::size_t, Money>> other_bets_;  // the seats above, by lookup
  Money scratch_{0};                                       // for events with no seat
};

}  // namespace hh
