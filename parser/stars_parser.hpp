// PokerStars-format hands (PokerStars, Run It Once, PokerMaster and PokerStars-style converters)
// turned into the site-neutral Hand. Quirks resolved here: raises are printed as "raises BY to TO"
// (TO is the street total), "posts small & big blinds" carries a dead small blind, the total pot
// includes rake while the printed main and side pots do not.
#pragma once

#include <string>
#include <string_view>

#include "parser/hand.hpp"
#include "parser/split.hpp"

namespace hh::stars {

bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);

}  // namespace hh::stars
