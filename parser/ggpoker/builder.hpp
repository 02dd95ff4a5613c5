// GGPoker / Natural8 hand histories ("Poker Hand #HD123: ...") turned into the site-neutral Hand.
// Quirks resolved here (docs/sites/gg.md has the whole list):
// - the hand id keeps its letters as printed ("OM232657303", "TM600571038");
// - the header has no time zone: the time is read in ReadOptions::gg_time_zone (default UTC);
// - "straddle X" states the straddler's street total, not the chips added (a big blind who
//   straddles to $100 adds $50);
// - "posts missed blind X" is dead money;
// - the summary's "| Rake R | Jackpot J | Bingo B | Fortune F | Tax T": Rake goes to Hand::rake,
//   the others to Hand::fees named "jackpot", "bingo", "fortune", "tax";
// - "Cash Drop to Pot : total X" is money GG adds: Hand::site_added. GG's printed total pot leaves
//   it out or (Rush & Cash, 2021) holds it: the hand's numbers decide (finish_site), and
//   Hand::total_pot is the gross pot the model means, the drop counted once;
// - EV Cashout and all-in insurance are paid between the player and GG outside the pot: kept as
//   money-neutral events.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::gg {

bool is_hand_start(std::string_view line);
// Reads one hand with its header times in the IANA zone `zone` (ReadOptions::gg_time_zone). GG
// prints the time of the client that wrote the file and no zone, so the zone cannot be known
// from the file; the user says it, default "UTC" (docs/sites/gg.md).
Hand parse_hand(const HandText& text, const std::string& file, std::string_view zone);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

inline constexpr const char* kDefaultZone = "UTC";
// True when the time zone database knows the IANA name `zone` ("UTC", "Europe/Malta", ...).
bool is_known_zone(std::string_view zone);

// Converts "YYYY/MM/DD" and "HH:MM[:SS]" read in the IANA zone `zone` to ISO 8601 UTC
// ("2021-01-21T02:41:55Z"). Returns "" for a malformed date or time or an unknown zone.
// Ambiguous local times (the repeated hour in autumn) resolve to the earlier instant.
std::string to_utc(std::string_view date, std::string_view time, std::string_view zone);

}  // namespace hh::gg
