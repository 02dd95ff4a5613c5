// Winning Poker Network (ACR, Americas Cardroom, Ya Poker, ...) hand histories: the X3 grammar of
// the line kinds of its two exports, declared here, defined in winning/grammar_def.hpp and
// instantiated once in winning/grammar.cpp.
// - The classic export (until about 2018; often UTF-16LE with a blank line after every line):
//   "Game started at: 2016/10/2 21:0:42", "Game ID: N 40/80 (PRR) Xana (Omaha HiLow)", "Player X
//   has small blind (20)", every amount in brackets being the chips the action adds, and a
//   summary of "Bets: X. Collects: Y. Wins: Z." per player.
// - The modern export (PokerStars-like): "Hand #N - Holdem(No Limit) - $0.01/$0.02 - DATE TIME
//   UTC", "NAME raises $X to $Y", "Main pot $X | Rake $R" after every street. Its street markers,
//   "Dealt to", "Uncalled bet" and summary seat lines are the PokerStars family's
//   (text/stars_family_grammar.hpp).
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builders' job (winning/classic_builder.cpp, winning/builder.cpp). Lines that start with a player
// name are split from the name by the builder, which knows the seated players.
#pragma once

#include <string_view>
#include <vector>

#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::winning {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// Classic: "Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)".
struct ClassicGame {
  std::string_view hand_id;
  std::string_view small_blind, big_blind;
  std::string_view description;  // "(PRR) Xana (Omaha HiLow)", "$5 Regular 9-Max, Table 1 (..)"
};

// Classic: "Seat 1: Hero (2872.50)." (the name may be empty).
struct ClassicSeat {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
};

// Classic: "*** TURN ***: [6d 7h 3h] [2c]".
struct ClassicStreet {
  std::string_view name;
  std::vector<std::string_view> cards;  // each bracketed group, in order
};

// The summary's total, net of rake and jackpot fee (either may be absent): classic "Pot: 477.
// Rake 2.76. JP fee 0.24", modern "Total pot $1.19 | Rake $0.04 | JP Fee $0.02".
struct NetTotal {
  std::string_view total, rake, jackpot;
};

// Classic summary, after "Player NAME ": "shows: Flush, 7 high [4h 4s Ks 6h]. Bets: 80.
// Collects: 198.50. Wins: 118.50." or "does not show cards.Bets: 0. Collects: 0. Wins: 0."
struct ClassicResult {
  std::string_view cards;  // the first bracketed group before "Bets:" when the hand was shown
  bool shown{false};
  std::string_view bets, collects;
};

// Modern: "Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC" and
// "Game Hand #N - [NAME ]Tournament #T - Holdem(No Limit) - Level 15 (250.00/500.00)- DATE TIME
// UTC".
struct ModernHeader {
  std::string_view hand_id;
  std::string_view tournament_id;
  std::string_view game;   // "Holdem", "Omaha H/L"
  std::string_view limit;  // "No Limit", "Pot Limit"
  std::string_view small_blind, big_blind;
  std::string_view date, time, zone;
};

// Modern: "Miramar (Cap) 9-max Seat #1 is the button" (tournaments print the family's "Table
// '25' 9-max Seat #8 is the button").
struct ModernTable {
  std::string_view name;
  unsigned max_seats{0};
  unsigned button{0};
};

// Modern: "Seat 2: Papabear2016 ($0.90)[ is sitting out]".
struct ModernSeat {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  bool sitting_out{false};
};

// The action line every site shares: Action, Verb (action_ast.hpp).
using namespace action_ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in winning/grammar_def.hpp and
// instantiated in winning/grammar.cpp, all from this one list.
// clang-format off
#define HH_WINNING_RULES(RULE)                                                              \
  RULE(classic_game, ast::ClassicGame) RULE(classic_seat, ast::ClassicSeat)                 \
  RULE(classic_street, ast::ClassicStreet) RULE(classic_pot, ast::NetTotal)               \
  RULE(classic_action, ast::Action) RULE(classic_result, ast::ClassicResult)                \
  RULE(modern_header, ast::ModernHeader) RULE(modern_table, ast::ModernTable)               \
  RULE(modern_seat, ast::ModernSeat) RULE(modern_total, ast::NetTotal)                   \
  RULE(modern_action, ast::Action)
// clang-format on
HH_WINNING_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::winning
