// PokerTracker's export of other sites' hands: the X3 grammar of each line kind of its four
// dialects, declared here, defined in pokertracker/grammar_def.hpp and instantiated once in
// pokertracker/grammar.cpp. Views into the line; amounts stay text, read by the builder
// (pokertracker/builder.cpp). The seat lines of iPoker and Merge are the PokerStars family's
// (stars_family_grammar.hpp).
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::pokertracker {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// iPoker: "GAME #3616765274: Texas Hold'em  NL  Tournament 2011-06-15 21:58:37",
// "GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26
// 22:40:05/GMT"; Merge: "MERGE_GAME #53094604-134: Holdem NL $0.10/$0.25 04/11/2012 19:28:19",
// "Merge Game #80257431-64 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:05:06 EST | Version:2".
// `description`: the game, limit and stakes (or "Tournament") as printed.
struct ColonHeader {
  std::string_view prefix, hand_id, description, date, time, zone;
};

// "EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 -
// 2011/01/02", tournaments "EverestPoker Game #N: Tourney ID: 49630157, Table 49630157-0 - ..."
struct EverestHeader {
  std::string_view hand_id, tournament_id, table, stakes, game, time, date;
};

// Microgaming's first header line: "** Game ID 4908778359 Version:3 starting - 2013-05-28
// 16:44:14", "** Hand # 5029053937 starting - 2013-09-07 02:30:38".
struct MicrogamingStart {
  std::string_view hand_id, date, time;
};

// Its second: "** Deal 254 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash Game) Real Money",
// "** Heads Up (Turbo)(10146282):Table 1 [Multi Table Hold'em] (10|20 NL - MTT seats:2 ) Real
// Money". `kind`: what follows the limit ("€ Cash Game seats:2 badbeat ", "MTT seats:2 ").
struct MicrogamingTable {
  std::string_view table, game, small_blind, big_blind, limit, kind;
};

// Everest "Seat 1: Player14 ($94.15)"; Microgaming "- Player0 sitting in seat 1 with €10.00 at
// end €9.95 [Dealer]" (the "- " and "at end" only in some exports).
struct PlayerSeat {
  unsigned seat{0};
  std::string_view player, stack, final_stack;
  bool dealer{false};
};

// iPoker "Total pot $200.00 Rake $0.00"; Microgaming "Rake: €0.15" (pot empty).
struct Totals {
  std::string_view pot, rake;
};

using namespace action_ast;

}  // namespace ast

// clang-format off
#define HH_POKERTRACKER_RULES(RULE)                                                         \
  RULE(colon_header, ast::ColonHeader) RULE(everest_header, ast::EverestHeader)             \
  RULE(microgaming_start, ast::MicrogamingStart) RULE(microgaming_table, ast::MicrogamingTable) \
  RULE(everest_seat, ast::PlayerSeat) RULE(microgaming_seat, ast::PlayerSeat)               \
  RULE(totals, ast::Totals) RULE(colon_action, ast::Action) RULE(everest_action, ast::Action) \
  RULE(microgaming_action, ast::Action)
// clang-format on
HH_POKERTRACKER_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::pokertracker
