// Seals With Clubs hand histories: the X3 grammar of each line kind, declared here, defined in
// sealswithclubs/grammar_def.hpp and instantiated once in sealswithclubs/grammar.cpp. Views into
// the line; amounts stay text, read by the builder (sealswithclubs/builder.cpp).
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::sealswithclubs {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Hand #6340502-110 - 2013-05-02 02:14:03"
struct Header {
  std::string_view hand_id, date, time;
};

// "Game: NL Hold'em (20 - 100) - Blinds 0.50/1", "Game: Limit Hold'em (40 - 1000000) - Stakes 2/4"
struct GameLine {
  std::string_view game, small, big;
};

// "Seat 3: Player2 (77) - sitting out"
struct SeatLine {
  unsigned seat{0};
  std::string_view player, stack;
  bool sitting_out{false};
};

// "** Flop ** [2d Qc 6c]", "** Main Pot Show Down ** [...]"
struct StreetLine {
  std::string_view name, cards;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_SWC_RULES(RULE)                                                                \
  RULE(header, ast::Header) RULE(game_line, ast::GameLine) RULE(seat_line, ast::SeatLine) \
  RULE(street_line, ast::StreetLine) RULE(action, ast::Action)
// clang-format on
HH_SWC_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::sealswithclubs
