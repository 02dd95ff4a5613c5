// Cake Poker network hand histories: the X3 grammar of each line kind, declared here, defined in
// cake/grammar_def.hpp and instantiated once in cake/grammar.cpp. Views into the line; amounts
// stay text ("$0,05", "2,820", "1 500", "$-0,10"), read by the builder (cake/builder.cpp), which
// splits player names off with its seat map.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/x3_actions.hpp"

namespace hh::cake {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Hand#2998011673000397 - Innsbruck (6-max) 11673 -- $5/$10 FL Hold'em -- 2012-06-20 -
// 23:10:52"; tournaments: "Hand#3389E587C7000012 - $5 Heads-up ... T15042503 -- CASH -- $5 +
// $0.25 -- 2 Max -- Table 1 -- 0/10/20 PL OmahaHiLo -- 2013/07/16 - 10:38:40". The fields
// between " -- " are kept in order; the last two are the game and the time.
struct Header {
  std::string_view hand_id;
  std::vector<std::string_view> fields;
};

// The game field: "$5/$10 FL Hold'em", "0/10/20 PL OmahaHiLo", "1/2 NL Hold'em".
struct Game {
  std::string_view stakes, limit, game;
};

// The time field: "2012-06-20 - 23:10:52", "2012.02.05 - 21:01:45", "2011/05/08 - 10:37:17".
struct When {
  std::string_view date, time;
};

// "Seat 3: Player0 ($250,50 in chips)", "... ($21,89 in chips)  (EUR €17,29)", "... DEALER"
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view converted;  // the stack in the header's currency, where it differs
  bool dealer{false};
};

// "*** FLOP *** [Jd,7d,Ts]", "***SHOW DOWN***"
struct StreetLine {
  std::string_view name;
  std::string_view cards;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_CAKE_RULES(RULE)                                                                      \
  RULE(header, ast::Header) RULE(game_field, ast::Game) RULE(when_field, ast::When)              \
  RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine) RULE(action, ast::Action)    \
  RULE(note, ast::Action)
// clang-format on
HH_CAKE_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::cake
