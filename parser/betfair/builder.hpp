// Betfair Poker hands of its own software ("***** Betfair Poker Hand History for Game N *****",
// then "PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009"; Betfair hands in OnGame's
// format are OnGame's) turned into the site-neutral Hand. Quirks resolved
// here: amounts in brackets ("calls [$0.10]"), raises as the street total ("raises to [$0.30]"),
// "NAME goes all-in" printed before the action it marks, cards as a comma-separated list, no
// summary, no rake and no uncalled line: the collections ("wins $4.44 from main pot") are the
// only money out, and the rake comes out of the main pot alone. docs/sites/betfair.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::betfair {

// "***** Betfair Poker Hand History for Game N *****"
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::betfair
