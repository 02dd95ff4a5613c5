// BetOnline / Chico hand histories (BetOnline Poker, PayNoRake, SportsBetting, and the "Gear
// Poker" dialect of the same software): the X3 grammar of each line kind, declared here, defined
// in betonline/grammar_def.hpp and instantiated once in betonline/grammar.cpp. Views into the
// line; amounts stay text, read by the builder (betonline/builder.cpp), which splits player names
// off with its seat map.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/line_ast.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::betonline {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "BetOnline Poker Game #1002134798: Hold'em No Limit ($0.25/0.50) - 2012/04/11 01:59:39 GMT
// Daylight Time", "... Game #1078353699: Tournament #4157956: Hold'em $10.00/$20.00 - ...",
// "Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36" (no zone).
struct Header {
  std::string_view room, hand_id, tournament_id, description, date, time, zone;
};

// "Table 'Blade Runner' 10-Max, Seat #5 is the button", "Table 3875596-33 (Play Money) Seat #9
// is the button"
struct TableLine {
  std::string_view name;
  unsigned max_seats{0};
  unsigned button{0};
};

// "Seat 8: Player0 (3.40 in chips) - Sitting out", "Seat 0: Hero (1000.00 in Chips)", "Seat 4:
// (100.00 in chips)" (a player with no name)
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
};

// "Total pot 0.42 | Rake 0.04", "Total pot 1200.00", "Total Pot 90.00 | Rake 0.00"
struct TotalLine {
  std::string_view pot, rake;
};

using namespace action_ast;
using line_ast::StreetLine;

}  // namespace ast

// clang-format off
#define HH_BETONLINE_RULES(RULE)                                                               \
  RULE(header, ast::Header) RULE(table_line, ast::TableLine) RULE(seat_line, ast::SeatLine)    \
  RULE(street_line, ast::StreetLine) RULE(total_line, ast::TotalLine) RULE(action, ast::Action) \
  RULE(note, ast::Action)
// clang-format on
HH_BETONLINE_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::betonline
