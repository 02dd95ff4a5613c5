// Winamax hand histories: the X3 grammar of each line kind, declared here, defined in
// winamax/grammar_def.hpp and instantiated once in winamax/grammar.cpp so that a grammar change
// recompiles one file.
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builder's job (winamax/builder.cpp). Winamax writes action lines as "NAME verb ..." with no colon
// and names may hold spaces, so the builder splits the name off with its seat map first.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/line_ast.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::winamax {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Winamax Poker - KIND - HandId: #ID - GAME LIMIT (STAKES) - YYYY/MM/DD HH:MM:SS UTC"
struct Header {
  std::string_view kind;     // "CashGame", "Go Fast \"Buzau\"", "Tournament \"X\" buyIn: ..."
  std::string_view hand_id;  // "323549-11-1286000000"
  std::string_view game;     // "Holdem", "Omaha5", "7-Card Stud Hi/Lo", "Lowball27", ...
  std::string_view limit;    // "no limit", "pot limit", "fixed limit"
  std::string_view stakes;   // "0.02€/0.05€", "10/60/120" (ante first when there are three)
  std::string_view date, time, zone;
};

// "Table: 'NAME' 9-max (real money) Seat #5 is the button"
struct TableLine {
  std::string_view name;
  unsigned max_seats{0};
  std::string_view money;  // "real money", "play money"
  unsigned button{0};
};

// "Seat N: NAME (STACK[, BOUNTY bounty])"
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view bounty;
};

// "Total pot X | Rake R" or "Total pot X | No rake"; X may be abbreviated ("3.37k").
struct TotalLine {
  std::string_view total;
  std::string_view rake;
  bool no_rake{false};
  std::vector<std::string_view> others;  // any other "| ..." part, reported by the builder
};

// The action line every site shares: Action, Verb (action_ast.hpp); the summary seat, street and
// summary money lines written as in the other sites (line_ast.hpp).
using namespace action_ast;
using namespace line_ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in winamax/grammar_def.hpp and
// instantiated in winamax/grammar.cpp, all from this one list.
// clang-format off
#define HH_WINAMAX_RULES(RULE)                                                              \
  RULE(header, ast::Header) RULE(table_line, ast::TableLine) RULE(seat_line, ast::SeatLine) \
  RULE(summary_seat_line, ast::SummarySeatLine) RULE(street_line, ast::StreetLine)          \
  RULE(total_line, ast::TotalLine) RULE(action, ast::Action)                                \
  RULE(summary_money, ast::SummaryMoney)
// clang-format on
HH_WINAMAX_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::winamax
