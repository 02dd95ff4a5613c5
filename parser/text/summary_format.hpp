// What the tournament summary formats share (PokerStars' and Full Tilt's, each in its site's
// folder): the Format of a summary file (read whole into one TournamentSummary, never cut into
// hands), its lines with their numbers, and the pieces every summary prints alike: a numbered
// result line, a time with its zone, an amount in the summary's currency.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/tournament.hpp"
#include "parser/format.hpp"

namespace hh::summary {

// Reads a whole decoded summary file (the site's own rules).
using Reader = TournamentSummary (*)(std::string_view decoded, const std::string& file);

// A summary format: `signature` starts its first line ("PokerStars Tournament #"), sniffed with
// the certainty of a format's own first line; `read` reads the file.
std::unique_ptr<Format> make_format(std::string_view name, std::string_view display_name,
                                    std::string_view signature, Reader read);

// The summary's text as stored and hashed (TournamentSummary::raw): the decoded file without the
// blank lines and spaces that end it, so that two copies that differ only there are duplicates.
std::string content_of(std::string_view decoded);

// A summary of `site` read from `file` before any line: its source and raw text set.
TournamentSummary begin(std::string_view site, std::string_view decoded, const std::string& file);

// One line of a summary, trimmed, with its 1-based number in the file.
struct Line {
  std::string_view text;
  std::uint32_t number{0};
};
// The file's non-blank lines.
std::vector<Line> lines_of(std::string_view decoded);

// "12: rest" -> {12, "rest"}; nullopt for a line that does not start with a place.
struct Numbered {
  int place{0};
  std::string_view rest;
};
std::optional<Numbered> numbered(std::string_view line);

// "2013/05/26 15:00:00 ET" (the summary's own zone, or the ET time in brackets that follows it:
// "2011/01/17 18:33:56 CET [2011/01/17 12:33:56 ET]") as ISO 8601 UTC; the text itself when the
// zone is not one hhaudit knows.
std::string time_utc(std::string_view printed);

// A leading whole number ("6643 players" -> 6643); nullopt when the text starts with none.
std::optional<int> leading_count(std::string_view text);

// A prize or pool printed as an amount ("$2,062.96", "€81.36", "$2"): its minor units; nullopt
// for any other text ("Step 3 Ticket", "Sunday Million ticket"), which names a prize that is not
// cash. Stricter than parse_amount(), which skips the words around a number.
std::optional<Money> cash_amount(std::string_view text, int unit);

// A summary's issue: line `number` not understood, `expected` what would have been.
void add_issue(TournamentSummary& s, const Line& line, std::string expected);

}  // namespace hh::summary
