// Enet hands ("Game #N: GAME (€SB/€BB) - HH:MM:SS D.M.YYYY - %6") turned into the site-neutral
// Hand, on the PokerStars family's builder. Quirks resolved here: decimal commas ("€0,25");
// day-first dates; the limit named at the end of the table's name ("Table 'SantElena 1 - Pot
// Limit'"); "raises X" and "goes all-in X" the chips added; boards printed without spaces
// ("[Td4h7d2d]") and whole on each street; a rake line per street ("Rake: €0,09") besides the
// summary's total; "Total pot" not the pot. docs/sites/enet.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::enet {

// "Game #N: " followed by the stakes in parentheses and the %-field.
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::enet
