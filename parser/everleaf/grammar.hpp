// Everleaf hand histories: the X3 grammar of each line kind, declared here, defined in
// everleaf/grammar_def.hpp and instantiated once in everleaf/grammar.cpp. Views into the line;
// amounts are the bare numbers ("0.25", "1,200"), their currency sign and code left out (the
// builder, everleaf/builder.cpp, takes the currency from the stakes line).
#pragma once

#include <string_view>

#include "parser/text/x3_actions.hpp"

namespace hh::everleaf {

using namespace x3_actions::setting;  // x3, Iterator, Context

namespace ast {

// "***** Hand history for game #355196915 *****" (Partouche's French skin: "*** Historique des
// Mains pour la partie 25324991 ***")
struct GameLine {
  std::string_view hand_id;
};

// "Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15", "$0.50/$1 Omaha Hi/Lo - ...",
// "Blinds €0.10/€0.20 NL Hold'em - 4 Max - 2012/09/01 - 22:44:57", "600/1,200 Hold'em - ..."
struct Stakes {
  std::string_view small, big;  // the numbers
  std::string_view stakes;      // both, as printed with their currency signs
  std::string_view game;        // "NL Hold'em", "Omaha Hi/Lo", "7 Card Stud"
  unsigned max_seats{0};
  std::string_view date, time;
};

// "Tournament #2768325 - Level 2" (the Grand Poker skin)
struct TournamentLine {
  std::string_view id;
};

// "Seat 1: Hero (  $ 50 USD )", "Seat 1: Player1 ( 2353 )", "Seat 4: Player4 ( All-in )",
// "Seat 6: player6 ( new player )": `stack` is the number, empty when a word stands there.
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view word;  // "All-in", "new player": what stands there when no number does
};

// "** Dealing Flop ** [ 8s, 9h, 3s ]", "**** dealing 4th street ****", "** Dealing down cards **"
struct StreetLine {
  std::string_view name;
  std::string_view cards;
};

using namespace action_ast;

}  // namespace ast

// `action` reads what follows "NAME " ("calls [$ 1 USD]"), `colon_action` what follows "NAME: "
// ("posts small blind [$ 0.25 USD]", "bets [...]", anything else being chat).
// clang-format off
#define HH_EVERLEAF_RULES(RULE)                                                                  \
  RULE(game_line, ast::GameLine) RULE(stakes_line, ast::Stakes)                                 \
  RULE(tournament_line, ast::TournamentLine) RULE(seat_line, ast::SeatLine)                     \
  RULE(street_line, ast::StreetLine) RULE(action, ast::Action) RULE(colon_action, ast::Action)
// clang-format on
HH_EVERLEAF_RULES(HH_X3_DECLARE_RULE)

using x3_actions::parse_all;

}  // namespace hh::everleaf
