// PartyPoker hands (and those of its skins and of tools that print its format) turned into the
// site-neutral Hand. Two dialects: the classic one ("Game #N starts.", "#Game No : N", "*****
// Hand History for Game N *****", "wins" lines) and the summary one ("***** Hand History For Game
// N *****", "raises X to Y", "(X)" amounts, a "** Summary **" with balances). Quirks resolved
// here: every bracketed amount is the chips that action adds ("raises [X]" puts in X); "is all-In
// [X]" is a bet, call or raise by what it faces; a cash header's single "$2" is the table's
// buy-in, not its stakes (the blinds come from the posts); tournament hands of the classic
// dialect often print no blind posts (derived from who acts first); the winners' amounts hold the
// uncalled part of their bet; no rake and no total pot in the classic dialect (the audit derives
// them). docs/sites/partypoker.md says what each amount means.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::partypoker {

// "Game #N starts.", "#Game No : N" (both announce the hand: its banner follows) and the banner
// "***** Hand History for|For Game N *****".
bool is_hand_start(std::string_view line);
bool announces_hand(std::string_view line);
// "Game #N starts.": PartyPoker's own line (888 prints "#Game No : N" too).
bool is_game_starts(std::string_view line);
// The banner that names no room: PartyPoker's, not 888's ("***** 888poker Hand History ...").
bool is_banner(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::partypoker
