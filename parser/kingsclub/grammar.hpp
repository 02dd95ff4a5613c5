// KingsClub hand histories: the X3 grammar of each line kind, declared here, defined in
// kingsclub/grammar_def.hpp and instantiated once in kingsclub/grammar.cpp. Views into the line;
// amounts stay text ("3,812.50"), read by the builder (kingsclub/builder.cpp), which splits
// player names off.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::kingsclub {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "#3583643: Pot Limit Omaha - 125/250"
struct Header {
  std::string_view hand_id, game, small, big;
};

// "Seat 2: Player1 (10,000)"; in the summary "Seat 2: Player1 (13,812.50) +3,812.50" (the final
// stack and the net).
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view net;
};

// "*** FLOP *** [3h Qc 4s]", "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]": the last bracket holds the
// card the marker deals.
struct StreetLine {
  std::string_view name;
  std::string_view cards;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_KINGSCLUB_RULES(RULE)                                                          \
  RULE(header, ast::Header) RULE(seat_line, ast::SeatLine) RULE(summary_seat, ast::SeatLine) \
  RULE(street_line, ast::StreetLine) RULE(action, ast::Action)
// clang-format on
HH_KINGSCLUB_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::kingsclub
