// Bovada / Ignition / Bodog hand histories: the X3 grammar of each line kind, declared here,
// defined in bovada/grammar_def.hpp and instantiated once in bovada/grammar.cpp.
//
// Bovada names players by their position at the table ("UTG+2", "Big Blind  [ME]", "Seat+5" in
// stud) and writes every line of a player as "NAME : WHAT". The builder (bovada/builder.cpp)
// splits the name off at " : " and reads WHAT with the rules below; the grammar yields views
// into the line, amounts stay text until the builder reads them in the hand's unit.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/line_ast.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::bovada {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23",
// "Ignition Hand #N: HOLDEM Tournament #N TBL#N Turbo- Level 3 (25/50) - 2021-04-23 11:09:26 UTC"
struct Header {
  std::string_view room;         // "Bovada", "Ignition", "Bodog", "Bodog UK", "Bodog.com", ...
  std::string_view hand_id;      // digits
  std::string_view description;  // between the id and " - DATE": game, limit, table, level
  std::string_view date;         // "2012-04-03"
  std::string_view time;         // "16:25:23"
  std::string_view zone;         // "UTC", or empty (older exports print none)
};

// "Seat 3: UTG+1 [ME] ($75.67 in chips)" or, in stud, "Seat+5 [ME]: $200 in chips".
struct SeatLine {
  unsigned seat{0};
  bool stud_style{false};   // "Seat+N": the player is named "Seat+N"
  std::string_view marker;  // between the number and ':' (" [ME]")
  std::string_view name;    // the position; empty in the stud style
  std::string_view stack;
};

// "Total Pot($930) | Rake ($3)" or "Total Pot($222.21)"
struct TotalLine {
  std::string_view total;
  std::string_view rake;  // empty when not printed
};

// The blinds a line states: "Stakes: $1-$2" (MVS table info) or "Level 3 (25/50)" (tournaments).
struct Blinds {
  std::string_view small, big;
};

// "Seat+3: REST" / "Seat 3: REST" of the summary.
struct SummarySeatLine {
  unsigned seat{0};
  std::string_view rest;
};

using namespace action_ast;
using line_ast::StreetLine;
using line_ast::SummaryMoney;

}  // namespace ast

// The rules and the value each yields: declared here, defined in bovada/grammar_def.hpp and
// instantiated in bovada/grammar.cpp, all from this one list.
// dealt: "Card dealt to a spot [Kc Js]" -> the cards; table_cards: "Card dealt to table [..]";
// board: the summary's "Board [..]"; dealer: "Set dealer [5]" -> 5; uncalled: "Return uncalled
// portion of bet $16" -> the amount; stakes: the MVS "Table Info: ... Stakes: $1-$2, ..." line;
// level: a tournament header's description, "... Level 3 (25/50) ..."; notice: a money-neutral line
// that names no player ("Table enter user"); summary_money: the amounts a summary seat won;
// seating: MVS tournaments' "Seating Info: 65, 146, 17": the seat lines' numbers in table order.
// clang-format off
#define HH_BOVADA_RULES(RULE)                                                                   \
  RULE(header, ast::Header) RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine)   \
  RULE(total_line, ast::TotalLine) RULE(summary_seat_line, ast::SummarySeatLine)                \
  RULE(action, ast::Action) RULE(dealt, std::string_view) RULE(table_cards, std::string_view)   \
  RULE(board, std::string_view) RULE(dealer, unsigned) RULE(uncalled, std::string_view)         \
  RULE(stakes, ast::Blinds) RULE(level, ast::Blinds) RULE(notice, std::string_view)     \
  RULE(summary_money, ast::SummaryMoney) RULE(seating, std::vector<unsigned>)
// clang-format on
HH_BOVADA_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::bovada
