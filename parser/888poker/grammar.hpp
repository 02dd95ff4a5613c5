// 888poker (Pacific Poker, Cassava) hand histories: the X3 grammar of each line kind, declared
// here, defined in 888poker/grammar_def.hpp and instantiated once in 888poker/grammar.cpp.
//
// The grammar yields views into the line; amounts stay text ("5 000 $", "$ 3.243", "0,01 $"),
// because which separator is the decimal one is decided per amount by the builder
// (888poker/builder.cpp). Lines that start with a player name ("NAME calls [X]") are split from the
// name by the builder, which knows the seated players: names may contain spaces.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::poker888 {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "***** 888poker Hand History for Game 548154959 *****" (also Cassava, 888.ro, 888.ro BLAST,
// 888poker.ca-on).
struct Banner {
  std::string_view room;
  std::string_view hand_id;
};

// "$0.50/$1 Blinds No Limit Holdem Jackpot table - *** 04 07 2016 02:30:27"; tournament lines of
// 888.ro and of 888poker after 2018 end at "- ***" without a date.
struct GameLine {
  std::string_view small_blind, big_blind;
  std::string_view description;  // "No Limit Holdem Jackpot table"
  std::string_view day, month, year, time;
};

// "Table Leeds 10 Max (Real Money)" or
// "Tournament #133514588 13,95 $ + 1,05 $ - Table #1 4 Max (Real Money)".
struct TableLine {
  std::string_view tournament_id;  // empty for cash tables
  std::string_view name;           // cash: table name; tournament: buy-in and "- Table #N"
  unsigned max_seats{0};
  std::string_view money;  // "Real Money", "Practice Play", "Play Money"
};

// "Seat 2: Player0 ( 15 788,50 $ )"
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
};

// "** Dealing flop ** [ 2d, Kns, 7d ]"
struct StreetLine {
  std::string_view name;   // "Dealing down cards", "Dealing flop", ..., "Summary"
  std::string_view cards;  // inside the brackets, as printed
};

// The action line every site shares: Action, Verb (action_ast.hpp).
using namespace action_ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in 888poker/grammar_def.hpp and
// instantiated in 888poker/grammar.cpp, all from this one list.
// game_no: "#Game No : 548154959" -> the number
// clang-format off
#define HH_888POKER_RULES(RULE)                                                             \
  RULE(game_no, std::string_view) RULE(banner, ast::Banner) RULE(game_line, ast::GameLine) \
  RULE(table_line, ast::TableLine) RULE(seat_line, ast::SeatLine)                          \
  RULE(street_line, ast::StreetLine) RULE(action, ast::Action)
// clang-format on
HH_888POKER_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::poker888
