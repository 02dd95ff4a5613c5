// Entraction hands ("Game # N - GAME LIMIT [CUR ]SB/BB - Table "NAME"") turned into the
// site-neutral Hand. Quirks resolved here: names padded with spaces to a column; the blinds and
// the dealer on labelled lines ("Small Blind:  Hero  (0.50)", "Blind out of turn:"); every action
// amount the chips it adds ("Raise (11.00)", "All-In (38.50)"); the part of a bet nobody called
// printed as "Payback (X)"; the board repeated whole on each street; the only time printed the
// hand's end ("Game ended ... CEST"). docs/sites/entraction.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::entraction {

// "Game # N - "
bool is_hand_start(std::string_view line);
Hand parse_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::entraction
