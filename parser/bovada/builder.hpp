// Bovada, Ignition and Bodog hands (each room prints its own name before "Hand #") turned into the
// site-neutral Hand. Quirks resolved here: players are named by their position ("UTG+2",
// "Big Blind  [ME]" with one or two spaces, "Seat+5" in stud), so a player is found by that name
// less the "[ME]" mark; "Raises X to Y" and "All-in(raise) X to Y" put in X to reach Y, while the
// old "Raises Y" and "All-in(raise) Y" print only the street total; "All-in X" puts in X whether
// it bets, calls or raises; cash stakes are not in the header (the blinds posted say them, or
// the MVS "Table Info" line); streets may be unmarked (old exports deal "Card dealt to table",
// some print no street at all: a betting round that is complete ends the street, and the board
// is read from the summary); "Total Pot" is gross, the rake is printed only sometimes, and
// collections do not say which side pot they come from. docs/sites/bovada.md has the details.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::bovada {

// "Bovada Hand #N", "Ignition Hand #N", "Bodog Hand #N", "Bodog UK Hand #N", "Bodog.com Hand #N",
// "Bodog.eu Hand #N".
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::bovada
