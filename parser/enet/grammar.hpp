// Enet hand histories (a PokerStars-like text with decimal commas and day-first dates): the X3
// grammar of the lines Enet writes its own way, declared here, defined in enet/grammar_def.hpp
// and instantiated once in enet/grammar.cpp. The table, seat, street, uncalled-bet and summary
// seat lines are the PokerStars family's (stars_family_grammar.hpp). Views into the line.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::enet {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6"
struct Header {
  std::string_view hand_id, game, small_blind, big_blind, time, date;
};

// "Total pot €0 | Rake €0,67"
struct Totals {
  std::string_view pot, rake;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_ENET_RULES(RULE)                                                              \
  RULE(header, ast::Header) RULE(totals, ast::Totals) RULE(action, ast::Action)          \
  RULE(note, ast::Action)
// clang-format on
HH_ENET_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::enet
