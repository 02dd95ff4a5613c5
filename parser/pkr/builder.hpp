// PKR hands ("Table #N - NAME", "Starting Hand #N", "Start time of hand: 12 May 2012 03:37:34")
// turned into the site-neutral Hand. Quirks resolved here: a header of "Key: VALUE" lines (game,
// limit, table and money types); calls, bets and raises printed as the player's street total; the
// button of the previous hand printed first ("Button is at seat 3"), this hand's after it
// ("Moving Button to seat 4"); cards as "[T c][2 s]"; the rake printed per pot ("Taking Rake of
// $0.02 from pot 1"); an uncalled bet returned with a line until 2009, silently to the stack
// since; each seat's stack after the hand in a second block of seat lines, before "End of Hand".
// docs/sites/pkr.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::pkr {

// "Table #N - NAME", or "Starting Hand #N" (the line after it, where a hand's text starts without
// its table line).
bool is_hand_start(std::string_view line);
// "Table #N - NAME": the "Starting Hand #N" line follows in the same hand (split_hands()).
bool announces_hand(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::pkr
