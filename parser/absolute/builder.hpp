// Absolute Poker and UltimateBet hands ("Stage #1773383021: Holdem  No Limit $1, $0.25 ante -
// 2009-11-30 15:50:12 (ET)"; both rooms ran the Cereus software and wrote the same format, so
// every hand is site "absolute") turned into the site-neutral Hand. Quirks resolved here: the
// stakes as the big blind alone in no limit ("No Limit $0.02") and as the two bet sizes in fixed
// limit ("Normal $0.25/$0.50"); "NAME - Action" lines; a raise printed as the chips it adds
// ("Raises $3.50 to $4" from a $0.50 small blind); "All-In X" a bet, call or raise decided from
// the street's bets; the two dead-blind forms ("Posts dead $40 dead $15": $40 in all; "Posts $1
// dead $0.50": $1 live beside $0.50 dead); stud cards repeated street after street ("Pocket [H H
// Js 10d]"); the 7-2 proposition pot paid beside the pot; pots after a colon in "Total Pot(5,480:
// 3,750,1,730)". docs/sites/absolute.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::absolute {

// "Stage #N: ..." or "Stage #N Tourney ID ..."
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::absolute
