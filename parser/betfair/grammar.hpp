// Betfair Poker hand histories of its own software (not those in OnGame's format): the
// X3 grammar of each line kind, declared here, defined in betfair/grammar_def.hpp and
// instantiated once in betfair/grammar.cpp. Views into the line; amounts stay text ("$0.05"),
// read by the builder (betfair/builder.cpp), which splits player names off the action lines.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::betfair {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "***** Betfair Poker Hand History for Game 100000000 *****"
struct Banner {
  std::string_view hand_id;
};

// "PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009"
struct Game {
  std::string_view limit, small, big, game, month, day, time, zone, year;
};

// "Table Death 1 6-max (Real Money)"
struct Table {
  std::string_view name, money_kind;
  unsigned max_seats{0};
};

// "Seat 1: Hero ( $1 )"
struct SeatLine {
  unsigned seat{0};
  std::string_view player, stack;
};

// "** Dealing Flop ** [ 4d, 5d, 6d ]", "** Showdown **"
struct StreetLine {
  std::string_view name, cards;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_BETFAIR_RULES(RULE)                                                                 \
  RULE(banner, ast::Banner) RULE(game_line, ast::Game) RULE(table, ast::Table)                 \
  RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine) RULE(action, ast::Action)
// clang-format on
HH_BETFAIR_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::betfair
