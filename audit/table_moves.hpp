// Chips across the tables of a tournament (docs/sessions.md, "Table moves"): a player who leaves
// one table of a tournament without being eliminated and plays their next hand at another table
// of it arrives with the chips they left with. The checks between hands compare the hands of one
// table; this compares each player's consecutive stays at two tables: the last hand of one with
// the first of the next, so only those two hands of each stay are kept (memory grows with the
// players and tables of a tournament, not with its hands).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "audit/sessions.hpp"

namespace hh {

// A player's hand: the hand (its seats left out) and their seat in it.
struct PlayerHand {
  SessionHand hand;
  SessionSeat seat;
};

// A player's hands at one table: the first and the last they played there (played_before; of
// hands played_before finds equal, the first added is first and the last added is last, as a
// stable sort of every hand in the order added would give).
struct TableStay {
  PlayerHand first;
  PlayerHand last;
};

// Each player's stays at the tables of a tournament, built hand by hand.
class TableStays {
 public:
  // player -> table name -> stay
  using ByPlayer = std::map<std::string, std::map<std::string, TableStay>>;

  // Adds `hand` (any table of the tournament, in any order) to the stays of its players.
  void add(SessionHand hand);
  const ByPlayer& by_player() const { return stays_; }

 private:
  ByPlayer stays_;
};

// STACK_DISCONTINUITY where a player's stack shrank between their last hand at one table of a
// tournament and their first at the next table they play at (CHIPS_ADDED where it grew: a rebuy
// or add-on the history does not print). A player whose stays at two tables overlap in time
// plays them at once (Full Tilt's Matrix) and is not compared; nor is a pair when the player
// finished in the earlier hand, a stack or a time is not known, or more than
// kMaxSecondsBetweenHands lie between the two hands (the history misses the hands between).
std::vector<SessionFinding> check_table_moves(const TableStays& stays);

// check_table_moves of the stays of a tournament's hands as a store reads them back (every table,
// one hand at a time: db::ScopeInput::hands of a tournament).
std::vector<SessionFinding> check_table_moves_over(const HandCursor& hands);

}  // namespace hh
