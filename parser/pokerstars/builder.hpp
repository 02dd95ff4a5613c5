// PokerStars-format hands (PokerStars, Run It Once, PokerMaster and PokerStars-style converters)
// turned into the site-neutral Hand. Quirks resolved here: raises are printed as "raises BY to TO"
// (TO is the street total), "posts small & big blinds" carries a dead small blind, the total pot
// includes rake while the printed main and side pots do not.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"
#include "parser/text/text_util.hpp"

namespace hh::pokerstars {

bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

// PokerStars prints local times ("2018/03/28", "13:38:18", "ET"); see parser/text_util.hpp.
using hh::to_utc;

}  // namespace hh::pokerstars
