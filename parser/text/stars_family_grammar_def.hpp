// The action lines PokerStars and GGPoker write alike after "NAME: " (betting, showing) and after
// "NAME " (collecting a pot): grammar pieces used by pokerstars/grammar_def.hpp and
// ggpoker/grammar_def.hpp, each of which adds its own verbs around them. Included only by those
// two.
#pragma once

#include "parser/text/action_ast.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::stars_family {

using namespace x3_actions::primitives;
using action_ast::Action;
using V = action_ast::Verb;
using x3_actions::verb;

inline auto const amount1 = grouped_amount[x3_actions::view<&Action::amount>];
inline auto const amount2 = grouped_amount[x3_actions::view<&Action::amount2>];
inline auto const is_all_in = -lit(" and is all-in")[x3_actions::all_in] >> rest;
inline auto const shown_cards = lit('[') >> bracketed_text[x3_actions::view<&Action::cards>] >> ']';

// "folds", "checks", "calls X", "bets X", "raises [BY ]to TO", the blinds and the ante.
inline auto const betting =
    (lit("folds")[verb<V::Fold>] >> -(' ' >> shown_cards) >> rest) |
    (lit("checks")[verb<V::Check>] >> rest) |
    (lit("calls ")[verb<V::Call>] >> amount1 >> is_all_in) |
    (lit("bets ")[verb<V::Bet>] >> amount1 >> is_all_in) |
    (lit("raises ")[verb<V::Raise>] >> -(amount1 >> ' ') >> "to " >> amount2 >> is_all_in) |
    (lit("posts small blind ")[verb<V::SmallBlind>] >> amount1 >> is_all_in) |
    (lit("posts big blind ")[verb<V::BigBlind>] >> amount1 >> is_all_in) |
    ((lit("posts the ante ") | lit("posts ante "))[verb<V::Ante>] >> amount1 >> is_all_in);

// "shows [..]", "mucks [hand] [..]", "doesn't show [hand]".
inline auto const showing = (lit("shows ")[verb<V::Show>] >> shown_cards >> rest) |
                            ((lit("mucks") | lit("doesn't show"))[verb<V::Muck>] >>
                             -(lit(" hand")) >> -(' ' >> shown_cards) >> rest);

// "collected X from pot", "from main pot", "from side pot[-N]" (an unnumbered side pot is 1).
inline auto const collected = lit("collected ")[verb<V::Collected>] >> amount1 >> " from " >>
                              (lit("main pot")[x3_actions::pot<0>] |
                               (lit("side pot") >>
                                (('-' >> uint_[x3_actions::side_pot]) | eps[x3_actions::pot<1>])) |
                               lit("pot")[x3_actions::pot<-1>]) >>
                              rest;

// Notes after "NAME " that a player is away or back.
inline auto const away_or_back =
    ((lit("has timed out") | lit("is disconnected") | lit("is sitting out") |
      lit("sits out"))[verb<V::SitOut>] >>
     rest) |
    ((lit("has returned") | lit("is connected") | lit("has reconnected"))[verb<V::Return>] >> rest);

}  // namespace hh::stars_family
