// GGPoker / Natural8 hand histories: the X3 grammar of the line kinds GG writes differently from
// PokerStars, declared here, defined in ggpoker/grammar_def.hpp and instantiated once in
// ggpoker/grammar.cpp. Lines GG writes exactly as PokerStars does (table, seat, street markers,
// "Uncalled bet", summary seats and their "won (X)" amounts) are read with the family's rules
// (text/stars_family_grammar.hpp) by the shared builder, text/stars_family_builder.hpp.
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builder's job. Lines that start with a player name are split from the name by the builder,
// which knows the seated players.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::gg {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Poker Hand #HD123: [Tournament #N, ]DESCRIPTION - YYYY/MM/DD HH:MM:SS"
struct Header {
  std::string_view hand_id;        // as printed, prefix included: "OM232657303", "TM600571038"
  std::string_view tournament_id;  // digits, empty for cash games
  std::string_view description;    // game, limit, stakes (and tournament name and level)
  std::string_view date, time;
  std::string_view zone;  // GG prints none; read if a converter appended one
};

// One "| Name X" part of the summary's total line: Rake, Jackpot, Bingo, Fortune, Tax, ...
struct TotalPart {
  std::string_view name;
  std::string_view amount;
};

// "Total pot X | Rake R | Jackpot J | Bingo B | Fortune F | Tax T" (any parts, in any order).
struct TotalLine {
  std::string_view total;
  std::vector<TotalPart> parts;
};

// "Cash Drop to Pot : total $X"
struct CashDropLine {
  std::string_view amount;
};

// The action line every site shares: Action, Verb (action_ast.hpp); the lines the PokerStars
// family writes alike (stars_family_grammar.hpp).
using namespace action_ast;
using namespace stars_family::ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in ggpoker/grammar_def.hpp and
// instantiated in ggpoker/grammar.cpp, all from this one list.
// clang-format off
#define HH_GG_RULES(RULE)                                                                   \
  RULE(header, ast::Header) RULE(total_line, ast::TotalLine)                                \
  RULE(cash_drop_line, ast::CashDropLine) RULE(action, ast::Action) RULE(note, ast::Action)
// clang-format on
HH_GG_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::gg
