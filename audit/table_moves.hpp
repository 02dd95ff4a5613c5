// Chips across the tables of a tournament (docs/sessions.md, "Table moves"): a player who leaves
// one table of a tournament without being eliminated and plays their next hand at another table
// of it arrives with the chips they left with. The checks between hands compare the hands of one
// table; this compares each player's consecutive hands at two tables.
#pragma once

#include <vector>

#include "audit/sessions.hpp"

namespace hh {

// STACK_DISCONTINUITY where a player's stack shrank between their last hand at one table of a
// tournament and their first at the next table they play at (CHIPS_ADDED where it grew: a rebuy
// or add-on the history does not print). `hands`: every hand of the tournament, any table, in any
// order (ordered here by played_before); each SessionHand names its table. A player whose stays at
// two tables overlap in time plays them at once (Full Tilt's Matrix) and is not compared; nor is
// a pair when the player finished in the earlier hand, a stack or a time is not known, or more
// than kMaxSecondsBetweenHands lie between the two hands (the history misses the hands between).
std::vector<SessionFinding> check_table_moves(std::vector<SessionHand> hands);

}  // namespace hh
