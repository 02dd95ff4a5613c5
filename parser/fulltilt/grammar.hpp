// Full Tilt Poker's own software (2004-2013; "Full Tilt Poker Game #N: ..." and, before 2008,
// "FullTiltPoker Game #N: ..."): the X3 grammar of the lines it writes unlike the PokerStars
// family, declared here, defined in fulltilt/grammar_def.hpp and instantiated once in
// fulltilt/grammar.cpp. Its street markers ("*** FLOP *** [..]") and summary seat lines are the
// family's (text/stars_family_grammar.hpp).
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builder's job (fulltilt/builder.cpp). Lines that start with a player name are split from the
// name by the builder, which knows the seated players.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::fulltilt {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Full Tilt Poker Game #N: PLACE - FIELD - FIELD ...": the place is "Table NAME[ (6 max)]" or a
// tournament "NAME (ID), Table N" / "NAME (ID), Match N"; the fields are the stakes, the game and
// the local time and date, in an order that changed over the years (the builder tells them apart).
struct Header {
  std::string_view hand_id;
  std::string_view place;
  std::vector<std::string_view> fields;
};

// "Seat 3: NAME ($51.70)[, is sitting out]" (chips in tournaments: "Seat 1: NAME (1,500)"): the
// family's seat, with no bounty.
using stars_family::ast::SeatLine;

// "*** TURN 1 *** [2c As Jh] [9h] (Total Pot: $234.55, 2 Players, 1 All-In)", "*** FIRST DRAW ***
// (Pot: $1.50)": the family's marker with the running pot after it.
using line_ast::StreetLine;

// "Uncalled bet of $56 returned to NAME": the family's line in other words.
using stars_family::ast::UncalledLine;

// "Total pot $234.55 Main pot $158.20. Side pot $76.35. | Rake $3" (the pots are before rake).
struct TotalLine {
  std::string_view total;
  std::string_view main_pot;
  std::vector<std::string_view> side_pots;
  std::string_view rake;
};

// The action line every site shares: Action, Verb (action_ast.hpp).
using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_FULLTILT_RULES(RULE)                                                                \
  RULE(header, ast::Header) RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine) \
  RULE(uncalled_line, ast::UncalledLine) RULE(total_line, ast::TotalLine)                     \
  RULE(action, ast::Action)
// clang-format on
HH_FULLTILT_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::fulltilt
