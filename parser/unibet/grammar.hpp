// Unibet hand histories: the X3 grammar of each line kind, declared here, defined in
// unibet/grammar_def.hpp and instantiated once in unibet/grammar.cpp. Views into the line; amounts
// stay text ("€0.95"), read by the builder (unibet/builder.cpp), which splits player names off.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::unibet {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04"
struct Header {
  std::string_view hand_id, table, small_blind, big_blind, game, time, date;
};

// "Seat 1: Player0 (€5.15)"; in the summary "Seat 4: Hero: bet €0.95 and won €1.10, ..." (stack:
// the amount won).
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
};

// "*** Preflop ***", "*** Flop *** [2c 3d 4h]" (cards, when printed)
struct StreetLine {
  std::string_view name;
  std::string_view cards;
};

// "Total pot €1.10 Rake €0"
struct Totals {
  std::string_view pot, rake;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_UNIBET_RULES(RULE)                                                          \
  RULE(header, ast::Header) RULE(seat_line, ast::SeatLine) RULE(summary_seat, ast::SeatLine) \
  RULE(street_line, ast::StreetLine) RULE(totals, ast::Totals) RULE(action, ast::Action)
// clang-format on
HH_UNIBET_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::unibet
