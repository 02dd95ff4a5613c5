// PokerStars-format hand histories (also written by Run It Once, PokerMaster and converters):
// the X3 grammar of each line kind, declared here, defined in pokerstars/grammar_def.hpp and
// instantiated once in pokerstars/grammar.cpp so that a grammar change recompiles one file.
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builder's job (pokerstars/builder.cpp). Lines that start with a player name are split from the
// name by the builder, which knows the seated players, because names may contain any character.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::pokerstars {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

struct Header {
  std::string_view room;  // "PokerStars", "PokerStars Zoom", "Run It Once Poker", ...
  std::string_view hand_id;
  std::string_view tournament_id;
  std::string_view description;       // everything between the id and the date, for game detection
  std::string_view date, time, zone;  // the first timestamp as printed
  std::string_view et_date, et_time, et_zone;  // the bracketed one, when printed
};

struct PotPart {
  int index{0};  // 0 main pot, k side pot k
  std::string_view amount;
};

struct TotalLine {
  std::string_view total;
  std::vector<PotPart> pots;
  std::vector<std::string_view> others;  // "STP X" and similar promotional additions
  std::string_view rake;
};

// The action line every site shares: Action, Verb (action_ast.hpp); the lines the PokerStars
// family writes alike (stars_family_grammar.hpp).
using namespace action_ast;
using namespace stars_family::ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in pokerstars/grammar_def.hpp and
// instantiated in pokerstars/grammar.cpp, all from this one list.
// clang-format off
#define HH_POKERSTARS_RULES(RULE)                                                   \
  RULE(header, ast::Header) RULE(total_line, ast::TotalLine) RULE(action, ast::Action) \
  RULE(note, ast::Action)
// clang-format on
HH_POKERSTARS_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::pokerstars
