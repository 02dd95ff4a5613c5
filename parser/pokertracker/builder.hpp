// PokerTracker's export of other sites' hands, in four dialects told by the first line: iPoker
// ("GAME #N"), Merge ("MERGE_GAME #N", "Merge Game #N"), Everest ("EverestPoker Game #N") and
// Microgaming ("** Game ID N", "** Hand # N"). Each hand is stored under the site it was played on
// (Hand::site "ipoker", "merge", "everest", "microgaming"), not under PokerTracker. Quirks
// resolved here: iPoker's and Merge's "Raise X" is the street total, Microgaming's "raised - X"
// and both "Allin X" forms the chips added; iPoker never prints the part of a bet nobody called,
// Merge and Microgaming count it in the winner's "wins"; every amount printed with cents, chips
// included. docs/sites/pokertracker.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::pokertracker {

// The first line of a hand in any of the four dialects.
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::pokertracker
