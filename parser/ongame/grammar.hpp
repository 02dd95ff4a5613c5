// OnGame hand histories (and its skins: Betfair, bwin, ...): the X3 grammar of each line kind,
// declared here, defined in ongame/grammar_def.hpp and instantiated once in ongame/grammar.cpp.
// Views into the line; amounts stay text ("$1,523.85"), read by the builder (ongame/builder.cpp),
// which splits player names off the action lines.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/x3_actions.hpp"

namespace hh::ongame {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "***** History for hand R5-70000684-006 *****", "***** History for hand T5-295703542-3
// (TOURNAMENT: "Coinflip", S-6169-242, buy-in: $21) *****", "... (TOURNAMENT: ) *****"
struct History {
  std::string_view hand_id, tournament_name, tournament_id;
  bool tournament{false};
};

// "Start hand: Wed Aug 11 03:21:00 GMT+0100 2010"
struct Start {
  std::string_view month, day, time, zone, year;
};

// "Table: Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)", "Table: Taegu
// [78227816] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real money)"
struct Table {
  std::string_view name, limit, game, small, big, ante, money_kind;
};

// "Seat 9: Player1 (4.35)"
struct SeatLine {
  unsigned seat{0};
  std::string_view player, stack;
};

// "Seat 3: Hero ($4.21), net: +$0.21, [7d, Td] (TWO_PAIR JACK, TEN)", "Seat 5: Player2 ($12.88)"
struct SummarySeatLine {
  unsigned seat{0};
  std::string_view player, stack, net, cards;
};

// "Main pot: $0.55 won by nickgerm ($0.27), XYXY26XYXY ($0.26)", "Side pot 1: 730 won by ..."
struct PotLine {
  unsigned side{0};  // 0: the main pot
  std::string_view amount;
  std::vector<std::string_view> winners, amounts;
};

// "--- Dealing flop [8c, Ts, 4d]"
struct BoardLine {
  std::string_view street, cards;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_ONGAME_RULES(RULE)                                                                  \
  RULE(history, ast::History) RULE(start, ast::Start) RULE(table, ast::Table)                  \
  RULE(seat_line, ast::SeatLine) RULE(summary_seat, ast::SummarySeatLine)                      \
  RULE(pot_line, ast::PotLine) RULE(board_line, ast::BoardLine) RULE(action, ast::Action)
// clang-format on
HH_ONGAME_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::ongame
