// Transitional: the line-based reader the pipeline in cli/ used before the Format registry
// (parser/format.hpp). Everything here forwards to the registry; it goes when cli/ and the tests
// of other areas call format.hpp directly (issue 11). New code uses format.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh {

struct SiteFormat {
  std::string name;  // format name, e.g. "pokerstars"
};

// The readable format whose hand-start line this is, or nullptr.
const SiteFormat* format_of_line(std::string_view line);

// Reads one hand cut out by split_hands(is_any_hand_start) with the ReadOptions set by the
// deprecated gg::set_default_zone().
Hand parse_hand_text(const HandText& text, const std::string& file);

// read_text(decoded, file, options) with the ReadOptions set by gg::set_default_zone().
std::vector<Hand> parse_text(std::string_view decoded, const std::string& file);

}  // namespace hh
