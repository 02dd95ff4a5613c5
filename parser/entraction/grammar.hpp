// Entraction hand histories: the X3 grammar of each line kind, declared here, defined in
// entraction/grammar_def.hpp and instantiated once in entraction/grammar.cpp. Views into the line;
// amounts stay text, read by the builder (entraction/builder.cpp), which splits player names off
// (names are padded with spaces to a column).
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::entraction {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Game # 2322970601 - Omaha High Pot Limit EUR 0.50/1 - Table "Covington Min 50BB"",
// tournaments "Game # 2667452662 - Texas Hold'em No Limit 200/400 and 20 ante - Table "...""
struct Header {
  std::string_view hand_id, game, currency, small_blind, big_blind, ante, table;
};

// "Hero                        (EUR 778.14 in seat 2)", "Player0   (1,085.00 in seat 1)"
struct SeatLine {
  std::string_view player, stack;
  unsigned seat{0};
};

// "(0.50)" after a blind's label and name
struct Amount {
  std::string_view amount;
};

// "Game ended 2011-08-06 18:53:35 CEST"
struct Ended {
  std::string_view date, time, zone;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_ENTRACTION_RULES(RULE)                                                   \
  RULE(header, ast::Header) RULE(seat_line, ast::SeatLine) RULE(amount, ast::Amount) \
  RULE(payback, ast::Amount) RULE(ended, ast::Ended) RULE(action, ast::Action)
// clang-format on
HH_ENTRACTION_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::entraction
