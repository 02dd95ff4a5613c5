// OnGame hands ("***** History for hand R5-70000684-006 *****", then "Start hand: ..." and
// "Table: NAME [ID] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)"; its skins Betfair, bwin and
// others print the same) turned into the site-neutral Hand. Quirks resolved here: the zone printed
// as an abbreviation or as "GMT+0100"; a raise printed as the chips it adds ("raises $1 to $1.50",
// the total after "to" not a street total in stud); collections printed only in the summary's pot
// lines ("Main pot: X won by A (a), B (b)", the pot before rake); the part of a bet nobody called
// returned silently; each seat's stack after the hand printed in the summary; a draw opened by
// the first "changed N cards" with no marker; the flop line printed twice when the board is run
// out after a fold. docs/sites/ongame.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::ongame {

// "***** History for hand ..."
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::ongame
