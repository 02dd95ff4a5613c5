// KingsClub hands ("#N: Pot Limit Omaha - 125/250", then the date and "Table 'NAME' Seat N is the
// button") turned into the site-neutral Hand. Quirks resolved here: posts printed "NAME: posts
// ..." but every other action "NAME calls X"; calls, bets and raises printed as the player's
// street total; "posts blind X" (a missed blind: X live plus the small blind dead); stud street
// markers one street late ("*** 3RD STREET ***" deals the fourth card); no total pot and no
// uncalled line (derived by the audit); a side pot nobody contested left out of the "wins" lines,
// its winner told only by the summary's final stack; run it twice ("*** BOARD 2 - RIVER ***",
// "Run 2: NAME shows"). docs/sites/kingsclub.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::kingsclub {

// "#N: GAME - SMALL/BIG"
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::kingsclub
