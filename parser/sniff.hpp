// What the formats' sniffs share: the confidence levels they answer with and the walk over the
// lines of a file's head. Included by the formats' format.cpp files only.
#pragma once

#include <string_view>

#include "parser/text/split.hpp"
#include "parser/text/text_util.hpp"

namespace hh::sniff {

// Confidence levels a sniff answers with. A format is certain of its own signature; a line that
// a format can split and read but that names another site's software scores below that site's
// own signature, so the other site wins the file.
inline constexpr int kCertain = 100;    // the format's own hand-start line
inline constexpr int kSignature = 90;   // a recognised-only format's own signature line
inline constexpr int kWeak = 80;        // a signature line other software prints too
inline constexpr int kSharedLine = 50;  // a line two sites print ("#Game No : N")
inline constexpr int kFamilyLine =
    40;  // a line of a sister site the format splits but does not own

// The head's lines as a sniff sees them: without a byte order mark, NULs of a mis-decoded
// UTF-16 file or the spaces before the text.
inline std::string_view clean(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\0'))
    line.remove_prefix(1);
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  // The same mark read as cp1252 and written again as UTF-8 ("ï»¿"), as some tools copy it.
  constexpr std::string_view kBomTwice = "\xC3\xAF\xC2\xBB\xC2\xBF";
  if (starts_with(line, kBom)) line.remove_prefix(kBom.size());
  if (starts_with(line, kBomTwice)) line.remove_prefix(kBomTwice.size());
  return trim(line);
}

// The best score `score(line)` gives any line of the head.
template <typename Score>
int best_line_score(std::string_view head, Score score) {
  LineCursor lines(head);
  std::string_view line;
  int best = 0;
  while (lines.next(line)) {
    const int s = score(clean(line));
    if (s > best) best = s;
    if (best == kCertain) break;
  }
  return best;
}

inline bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Full Tilt's own software ("Full Tilt Poker Game #N: ..."); the Full Tilt rooms that ran on
// PokerStars' software after 2016 print "Full Tilt Hand #" / "Full Tilt Rush Hand #" and are
// PokerStars format.
inline bool is_full_tilt_software_line(std::string_view line) {
  return starts_with(line, "Full Tilt Poker Game #") || starts_with(line, "FullTiltPoker Game #");
}

}  // namespace hh::sniff
