// One seat of an audited hand as a store keeps it and the checks between hands read it: part of
// what the audit hands the store (AuditResult::seats), and of what the store hands back
// (SessionHand::seats).
#pragma once

#include <string>

#include "model/hand.hpp"

namespace hh {

// One seat of a hand, as the checks between hands need it.
struct SessionSeat {
  int seat{0};
  std::string player;
  Money start_stack{0};
  // start_stack + net + settled_outside: what the player leaves the hand with
  Money end_stack{0};
  // Paid (negative) or received beside the pot (Hand::side_settlements); 0 for hands stored
  // before schema 9.
  Money settled_outside{0};
  bool stack_known{true};  // false: Seat::stack_unknown (a join whose buy-in is not printed)
  // Not dealt in: Seat::sitting_out, or a seat the hand prints nothing of (no post, action,
  // cards or collection) although others act (session_seats says why).
  bool sitting_out{false};
  bool posted_small_blind{false};
  bool posted_big_blind{false};
  bool posted_owed{false};  // a dead blind, or both blinds at once: blinds owed from before
  // The place the hand prints the player finishing the tournament in (Hand::finishes); 0: none
  // (or a hand stored before schema 8). Read by audit/tournaments.hpp's check between hands.
  int finish_place{0};
};

}  // namespace hh
