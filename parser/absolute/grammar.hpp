// Absolute Poker and UltimateBet hand histories (one software, the Cereus network's): the X3
// grammar of each line kind, declared here, defined in absolute/grammar_def.hpp and instantiated
// once in absolute/grammar.cpp. Views into the line; amounts stay text ("$1,195.50"), read by the
// builder (absolute/builder.cpp), which splits player names off the action lines.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/x3_actions.hpp"

namespace hh::absolute {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)", "Stage
// #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - 2011-01-16 17:03:29
// (ET)", "... 2011-02-21 05:08:53.010 (ET) [ 2011-02-21 05:08:53 ]"
struct Header {
  std::string_view hand_id, tournament_id, game, date, time, zone;
};

// What follows the limit in the header: "$0.25/$0.50", "$1, $0.25 ante", "$4 (7-2)", "10".
struct Stakes {
  std::string_view first, second, ante;
};

// "Table: CHILE HWY (Real Money) Seat #7 is the dealer"
struct Table {
  std::string_view name, money_kind;
  unsigned button{0};
};

// "Seat 7 - PLAYER7 ($2.13 in chips)"
struct SeatLine {
  unsigned seat{0};
  std::string_view player, stack;
};

// "*** FLOP *** [Qh 8h 7h]", "*** TURN *** [Qh 8h 7h] [Ah]" (the new cards last), "*** 3rd STREET
// ***"
struct StreetLine {
  std::string_view name, cards;
};

// "returned ($0.06) : not called" (after "NAME - ")
struct Returned {
  std::string_view amount;
};

// "Collects $4.30 from main pot", "Collects 1,072 from side pot-1", "Collects $40 from 72
// proposition pot" (after "NAME ")
struct Collects {
  std::string_view amount;
  int pot_index{0};
  bool proposition{false};
};

// "Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)", "Total Pot(5,480:3,750,1,730)"
struct Totals {
  std::string_view total, rake, jackpot;
  std::vector<std::string_view> pots;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_ABSOLUTE_RULES(RULE)                                                                \
  RULE(header, ast::Header) RULE(stakes, ast::Stakes) RULE(table, ast::Table)                  \
  RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine)                            \
  RULE(returned, ast::Returned) RULE(collects, ast::Collects) RULE(totals, ast::Totals)        \
  RULE(action, ast::Action)
// clang-format on
HH_ABSOLUTE_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::absolute
