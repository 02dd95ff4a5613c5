// What every reader accepts of one hand, whatever its format (docs/reliability.md, "Limits"): a
// hand past these is not poker, and reading or auditing it would cost more than linear time (every
// seat is looked up by number or name, once an event).
#pragma once

#include <cstddef>
#include <string>

namespace hh {

// The most seats one hand may have: more than any table (the model numbers seats up to 100,
// xml::seat_from_position). A seat past it is an issue (the seat line is a gap) or, in a format
// read as a whole document, makes the hand unparsed.
inline constexpr std::size_t kMaxSeats = 100;

inline std::string max_seats_expected() {
  return "at most " + std::to_string(kMaxSeats) + " seats at a table";
}

}  // namespace hh
