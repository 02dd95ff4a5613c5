// Cake Poker network hands ("Hand#N - TABLE -- STAKES GAME -- DATE - TIME") turned into the
// site-neutral Hand. Quirks resolved here: amounts with a decimal comma or point and thousands
// grouped by ',' or ' ' ("$250,50", "2,820", "1 500"); dates with '/', '.' or '-'; "is all in X"
// (the chips added: a bet, call or raise by the bets before it); a dead blind printed negative
// ("posts dead blind $-0,10 and big blind $0,10"); tables shown in euros but played in dollars
// (the header's stakes converted, each amount followed by "(EUR €X)"); no summary, the pot won
// in "NAME wins X" lines after "***SHOW DOWN***"; the rake not printed. docs/sites/cake.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::cake {

// "Hand#ID - ... -- ..."
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::cake
