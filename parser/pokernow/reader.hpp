// PokerNow (pokernow.club) CSV logs read into the site-neutral Hand. A log is a whole session,
// newest row first, in three columns: entry, at (UTC time), order (a sortable number). Rows are
// put in `order` and cut into hands between "-- starting hand #N" and "-- ending hand #N --";
// the rows between hands (players joining, admin stack changes) are no hand.
// docs/sites/pokernow.md.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::pokernow {

// The CSV header "entry,at,order": the whole log is one piece.
bool is_log_start(std::string_view line);
// Every hand of one log.
std::vector<Hand> read_log(const HandText& text, const std::string& file);
// "10♣" -> "Tc"; "" when the text is no card.
std::string card(std::string_view text);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

}  // namespace hh::pokernow
