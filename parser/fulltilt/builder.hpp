// Full Tilt Poker's own software (the archive: 2004-2013, much of the public 2009 research data)
// turned into the site-neutral Hand. Often UTF-16LE. Quirks resolved here (docs/sites/fulltilt.md):
// - "raises to $X" and "completes it to $X": X is the player's street total;
// - "Uncalled bet of $X returned to NAME"; "NAME wins the pot ($X)" is what the player collects,
//   after rake;
// - "Total pot $T Main pot $M. Side pot $S. | Rake $R": T and the printed pots are before rake,
//   the rake being taken from the main pot (Hand::reported_pots_net_of_rake is false);
// - run it twice: "*** TURN 1 ***", "*** RIVER 2 ***" deal board 0 and 1; "wins pot 2 ($X)" is the
//   second board's share of the main pot; the summary is printed once per board ("*** SUMMARY 1
//   ***"), and a seat's amounts in all of them are its one summary;
// - the table is named in the header; "The button is in seat #N" comes after the blinds.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::fulltilt {

// "Full Tilt Poker Game #N: " or "FullTiltPoker Game #N: " (leading spaces allowed).
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::fulltilt
