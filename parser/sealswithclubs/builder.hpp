// Seals With Clubs hands ("Hand #N-M - YYYY-MM-DD HH:MM:SS", then "Game:", "Site:", "Table:")
// turned into the site-neutral Hand. Quirks resolved here: amounts in milli-bitcoins with at
// most two decimals (currency "mBTC", unit 100: the minor unit is 0.01 mBTC); the button named
// by player; "refunded X" for the part of a bet nobody called; a "Rake (X)" line after each pot
// won, summed; "adds N chips" after the hand. docs/sites/sealswithclubs.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::sealswithclubs {

// "Hand #N-M - YYYY"
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::sealswithclubs
