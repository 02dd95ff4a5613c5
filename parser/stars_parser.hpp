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

// Converts a local time printed by PokerStars ("2018/03/28", "13:38:18", "ET") to ISO 8601 UTC.
// Returns "" when the zone is not known.
std::string to_utc(std::string_view date, std::string_view time, std::string_view zone);

}  // namespace hh::stars
