// 888poker hands (exports headed "#Game No : N" then "***** Cassava|888poker|888.ro ... Hand
// History for Game N *****") turned into the site-neutral Hand. Quirks resolved here: every
// bracketed amount is the chips that action adds to the player's bet on the street (so "raises
// [X]" puts in X, its street total is what the player had in plus X); amounts follow the player's
// locale ("5 000 $", "0,01 $", "$ 3.243"); "posts dead blind [SB + BB]" is a dead small blind
// plus a live big blind; the date has no zone. 888 prints no total pot, no rake, no uncalled bet
// line and no per-seat summary: those stay unset for the audit to derive (docs/sites/888poker.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::poker888 {

bool is_hand_start(std::string_view line);
// The room a banner names is one of 888's platform: its own brands ("888poker", "888.de",
// "888poker Snap Poker"), Cassava, Pacific, and the skins WSOP.com, TowerTorneos,
// Delawarepark.com, LuckyAcePoker.com.
bool is_888_room(std::string_view room);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

// A printed 888 amount in minor units, `unit` per major unit. The decimal separator is decided
// per amount: a '.' or ',' followed by one or two digits at the end is decimal, any other '.',
// ',' or space groups thousands. nullopt when the text is no amount or has decimals the unit
// cannot hold (chips with cents).
std::optional<Money> read_amount(std::string_view text, int unit);

}  // namespace hh::poker888
