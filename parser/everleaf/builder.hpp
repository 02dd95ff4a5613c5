// Everleaf hands ("Everleaf Gaming Game #N", and its skins' banners: "Everleaf Gaming - Concord
// Gaming - Game #N", "- - Grand Poker - Game #N", Partouche's "Partouche Poker Gibraltar") turned
// into the site-neutral Hand. Quirks resolved here: a header of four or five lines (banner, game
// number, a skin's tournament line, stakes, table); no summary, the hand ending with its "wins"
// lines; "raises [X]" printing the chips the raise puts in; no uncalled-bet line, the bet nobody
// called going back silently (the winner's "wins X" is the pot without it); no rake printed;
// amounts with their sign and code ("[$ 0.25 USD]", "[ˆ 1 EURO]": a euro sign some files carry as
// the cp1252 caret); cards with commas ("[ Qd, 7c ]"); a hand description wrapped onto a line of
// its own. docs/sites/everleaf.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::everleaf {

// The banner that opens a hand ("Everleaf Gaming Game #N", a skin's banner).
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::everleaf
