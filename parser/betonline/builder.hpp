// BetOnline / Chico hands (BetOnline Poker, PayNoRake, SportsBetting, and the "Gear Poker"
// dialect: "ROOM Game #N: GAME LIMIT ($SB/BB) - YYYY/MM/DD HH:MM[:SS] ZONE") turned into the
// site-neutral Hand. Quirks resolved here: seats numbered from 0 (stored from 1: the model's seat
// 0 is "no seat"); Windows zone names ("Eastern Daylight Time"); "ante processed", "post now" (a
// live big blind) and "post dead" (the big blind printed, the small blind dead besides);
// "shows Jd 8s" without brackets; "Total pot X | Rake R" printed net of rake, once per pot, the
// side pots' mid-hand, their winner sometimes not in the summary; no collections outside the
// summary; Omaha tables headed "Hold'em". docs/sites/betonline.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::betonline {

// "BetOnline Poker Game #N: ", "PayNoRake Game #N: ", "Gear Poker Game #N: ", ...
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// The client's notice before a tournament's first hand ("Tournament will start in a moment."):
// a line of no hand.
bool is_notice_line(std::string_view line);
// Text before the first hand made only of such notices (and blank lines).
bool is_preamble(std::string_view text);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::betonline
