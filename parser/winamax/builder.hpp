// Winamax hands turned into the site-neutral Hand. Quirks resolved here: amounts carry the
// currency sign after the number ("4.34€") and chips may have cents in every game type (unit is
// always 100); "Total pot" is printed net of rake (the rake is added back: Hand::total_pot is
// gross) and counts the uncalled part of a bet, which Winamax never prints as a return but pays
// inside the bettor's collection (Hand::uncalled_style = InCollection); Hi/Lo halves are printed
// as two summary lines for one seat (merged); a returning player's "posts small blind S+B out of
// position" followed by "posts big blind 0 out of position" is one post of both blinds; a total
// abbreviated as "15.52k" is rounded and left unset. Times are printed in UTC.
// docs/sites/winamax.md describes every line kind and the known anomalies of real exports.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::winamax {

// True for "Winamax Poker - ..." (leading spaces allowed): no other site starts a hand so.
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::winamax
