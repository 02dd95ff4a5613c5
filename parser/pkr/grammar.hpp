// PKR hand histories: the X3 grammar of each line kind, declared here, defined in
// pkr/grammar_def.hpp and instantiated once in pkr/grammar.cpp. Views into the line; amounts stay
// text ("$0.08", "2,940"), read by the builder (pkr/builder.cpp).
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::pkr {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Blinds are now $0.02 / $0.04", "Blinds are now 10 / 20", "Blinds are now $0.02/$0.04"
struct Blinds {
  std::string_view small, big;
};

// "Start time of hand: 12 May 2012 03:37:34"
struct StartTime {
  std::string_view day, month, year, time;
};

// "Seat 1: Player0 - $4.06 (away from table)", "Seat 1: Player0 (bounty value $0.40, bounty won
// $0) - 2,940"; the same form after the hand gives each stack then.
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view bounty;
  std::string_view stack;
};

using namespace action_ast;

}  // namespace ast

// `action` reads what follows "NAME ". Calls, bets and raises print the player's street total.
// clang-format off
#define HH_PKR_RULES(RULE)                                                                       \
  RULE(blinds_line, ast::Blinds) RULE(start_time, ast::StartTime) RULE(seat_line, ast::SeatLine) \
  RULE(action, ast::Action)
// clang-format on
HH_PKR_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::pkr
