// Unibet hands ("Game #N: Table NAME - SB/BB - No Limit Hold'Em Banzai - HH:MM:SS YYYY/MM/DD")
// turned into the site-neutral Hand. Quirks resolved here: sections headed "*** Seated players
// ***", "*** Blinds and button ***", "*** Hole cards ***"; the button named by player ("NAME has
// the button"); no uncalled-bet line, the winner's "wins X" holding the part of their bet nobody
// called; "Total pot" likewise counting that part, so it is not stored as the pot (the audit
// builds it) while the printed rake is; the time printed without a zone. docs/sites/unibet.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::unibet {

// "Game #N: Table ..."
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::unibet
