// Definitions of the Enet line grammars declared in enet/grammar.hpp.
// Included only by enet/grammar.cpp.
#pragma once

#include "parser/enet/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::enet {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

// "€0,25", "€10", "€-2,22" (a rake line only): decimal commas, no grouping seen.
inline auto const money_text =
    raw[-grouped_currency_symbol >> -lit('-') >> +digit >> -(',' >> +digit)];

header_type const header = "header";
auto const header_def = lit("Game #") >
                        named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
                        ": " >> raw[+(char_ - lit(" ("))][detail::view<&ast::Header::game>] >>
                        " (" >> money_text[detail::view<&ast::Header::small_blind>] >>
                        '/' >> money_text[detail::view<&ast::Header::big_blind>] >>
                        ") - " >> time_text[detail::view<&ast::Header::time>] >>
                        ' ' >> raw[+digit >> '.' >> +digit >> '.' >> x3::repeat(4)[digit]]
                                  [detail::view<&ast::Header::date>] >>
                        " - %" >> +digit >> spaces;

totals_type const totals = "totals";
auto const totals_def = lit("Total pot ") >> money_text[detail::view<&ast::Totals::pot>] >>
                        " | Rake " >> money_text[detail::view<&ast::Totals::rake>] >> spaces;

// --- what follows "NAME: " ----------------------------------------------------------------------
inline auto const amount = money_text[detail::view<&ast::Action::amount>];
inline auto const cards = '[' >> bracketed_text[detail::view<&ast::Action::cards>] >> ']';
// "collected (€0,20) from pot", with or without the colon after the name.
inline auto const collected =
    lit("collected (")[detail::verb<V::Collected>] >> amount >> ") from pot";

// "raises X" and "goes all-in X" are the chips the action adds (hand 12056513: the small blind
// of 0.10 "raises €0,65", the big blind "raises €2", the small blind "calls €1,50" to 2.25).
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount) |
     (lit("raises ")[detail::verb<V::RaiseBy>] >> amount) |
     (lit("goes all-in ")[detail::verb<V::RaiseBy>][detail::all_in] >> amount) |
     (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount) |
     (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount) |
     // "posts big blind" with no amount (hand 19408739): no chips are stated; kept as Other.
     ((lit("posts big blind") | lit("posts small blind"))[detail::verb<V::Other>] >> eoi) |
     (lit("shows ")[detail::verb<V::Show>] >> cards >> rest) |
     ((lit("mucks hand") | lit("mucked"))[detail::verb<V::Muck>]) | collected) >>
    spaces;

note_type const note = "note";
auto const note_def = collected >> spaces;

BOOST_SPIRIT_DEFINE(header, totals, action, note)

}  // namespace grammar
}  // namespace hh::enet
