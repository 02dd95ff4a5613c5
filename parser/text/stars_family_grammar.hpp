// The lines the PokerStars family (PokerStars and its clones, GGPoker, and later Full Tilt, WPN,
// ...) writes alike: table, seats, street markers, "Uncalled bet", the summary's seat lines and
// their "won (X)" amounts. Declared here, defined in stars_family_grammar_def.hpp (with the action
// pieces the sites' own action rules are built from) and instantiated once in
// stars_family_grammar.cpp; read by the shared builder (stars_family_builder.hpp).
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/line_ast.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::stars_family {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "Table 'NAME' 6-max Seat #N is the button"
struct TableLine {
  std::string_view name;
  unsigned max_seats{0};
  unsigned button{0};
};

// "Seat N: NAME (STACK in chips[, BOUNTY bounty])[ is sitting out| out of hand ...]"
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view bounty;
  bool sitting_out{false};
};

// "Uncalled bet (X) returned to NAME"
struct UncalledLine {
  std::string_view amount;
  std::string_view player;
};

using namespace line_ast;  // SummarySeatLine, StreetLine, SummaryMoney

}  // namespace ast

// clang-format off
#define HH_STARS_FAMILY_RULES(RULE)                                                       \
  RULE(table_line, ast::TableLine) RULE(seat_line, ast::SeatLine)                         \
  RULE(summary_seat_line, ast::SummarySeatLine) RULE(street_line, ast::StreetLine)        \
  RULE(uncalled_line, ast::UncalledLine) RULE(summary_money, ast::SummaryMoney)
// clang-format on
HH_STARS_FAMILY_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::stars_family
