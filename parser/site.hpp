// The table of site formats. Adding a site: one grammar (header, _def.hpp, .cpp), one builder that
// turns its lines into a Hand, and one row in site_formats() (site.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/split.hpp"

namespace hh {

struct SiteFormat {
  const char* name;  // format name, e.g. "pokerstars"
  // True when `line` opens a hand of this format. Called on every non-blank line: keep it cheap.
  bool (*is_hand_start)(std::string_view line);
  // Parses one hand. Never throws on bad input: problems become Hand::issues / Hand::parsed=false.
  Hand (*parse)(const HandText& text, const std::string& file);
};

const std::vector<SiteFormat>& site_formats();

// The format whose hand-start line this is, or nullptr.
const SiteFormat* format_of_line(std::string_view line);

// True when any known format starts a hand at this line.
bool is_any_hand_start(std::string_view line);

// Parses one hand cut out by split_hands(): by the format its first line belongs to, or, when no
// format recognises it, as an unparsed Hand (site "unknown") so that nothing is silently dropped.
Hand parse_hand_text(const HandText& text, const std::string& file);

// Splits and parses a whole decoded text. Text that no format recognises becomes an unparsed Hand
// (site "unknown") so that nothing is silently dropped.
std::vector<Hand> parse_text(std::string_view decoded, const std::string& file);

}  // namespace hh
