// PartyPoker hand histories (and the skins and converters that print its format): the X3 grammar
// of each line kind, declared here, defined in partypoker/grammar_def.hpp and instantiated once in
// partypoker/grammar.cpp.
//
// The grammar yields views into the line; amounts stay text ("$0,10 USD", "3,000", "1'000"),
// read by the builder (partypoker/builder.cpp). Lines that start with a player name ("NAME calls
// [X]") are split from the name by the builder, which knows the seated players.
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::partypoker {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "***** Hand History for Game 9582251255 *****", "***** Hand History For Game 1620144103176i4
// *****" (the summary dialect) and converters' "***** Hand History for Game N ***** (PokerBros)".
struct Banner {
  std::string_view hand_id;
  std::string_view dialect;  // "for" or "For"
  std::string_view note;     // what follows the banner: "(PokerBros)", "(Poker Stars)" or empty
};

// "$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013",
// "800/1600 Tourney Texas Hold'em Game Table (NL)  (MTT Tournament #42974198)  -  Fri Nov 14
// 21:05:24 EST 2008": the description, then the date with an optional zone.
struct GameLine {
  std::string_view description;
  std::string_view month, day, time, zone, year;
};

// "Seat 2: Player0 ( $41.38 USD )", "seat1: Player0 ( $664.25 USD )", "Seat 1: Player1 (5049052)",
// "Seat 1: Hero ( $122.40 USD ) - (21.60 / 16.35 / 5.71 / 18k)" (a HUD's figures after it).
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
};

// "** Dealing Flop ** [ Qh, Kd, 6d ]", "** Dealing Turn ** : [ Qd ]", "** Dealing **", "** Summary
// **"
struct StreetLine {
  std::string_view name;
  std::string_view cards;
};

// The action line every site shares: Action, Verb (action_ast.hpp).
using namespace action_ast;

}  // namespace ast

// The rules and the value each yields: declared here, defined in partypoker/grammar_def.hpp and
// instantiated in partypoker/grammar.cpp, all from this one list. `action` reads what follows
// "NAME " (verbs, wins and the summary dialect's "balance" lines).
// clang-format off
#define HH_PARTYPOKER_RULES(RULE)                                                 \
  RULE(banner, ast::Banner) RULE(game_line, ast::GameLine)                        \
  RULE(seat_line, ast::SeatLine) RULE(street_line, ast::StreetLine) RULE(action, ast::Action)
// clang-format on
HH_PARTYPOKER_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::partypoker
