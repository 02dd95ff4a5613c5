// Definitions of the Entraction line grammars declared in entraction/grammar.hpp.
// Included only by entraction/grammar.cpp.
#pragma once

#include "parser/entraction/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::entraction {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

// "1,085.00", "0.50", "1" (x3_actions.hpp).
inline auto const money_text = grouped_amount;
inline auto const currency_code = +char_("A-Z") >> ' ';
inline auto const pad = *lit(' ');

// "EUR 0.50/1", "25/50", "200/400 and 20 ante": what stands before " - Table".
inline auto const stakes = -(raw[+char_("A-Z")][detail::view<&ast::Header::currency>] >> ' ') >>
                           money_text[detail::view<&ast::Header::small_blind>] >> '/' >>
                           money_text[detail::view<&ast::Header::big_blind>] >>
                           -(" and " >> money_text[detail::view<&ast::Header::ante>] >> " ante");
inline auto const table_start = lit(" - Table \"");
// Where the game's name ends: a space before the stakes' currency code or first digit (a
// predicate with no semantic action, so that trying it stores nothing).
inline auto const stakes_start = ' ' >> -(+char_("A-Z") >> ' ') >> digit;

header_type const header = "header";
auto const header_def =
    lit("Game # ") > named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
    " - " >> raw[+(char_ - stakes_start)][detail::view<&ast::Header::game>] >> ' ' >> stakes
    >> table_start >> raw[*(char_ - ('"' >> spaces >> eoi))][detail::view<&ast::Header::table>] >>
    '"' >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    raw[+(char_ - (pad >> '(' >> -currency_code >> money_text >> " in seat "))]
       [detail::view<&ast::SeatLine::player>] >>
    pad >> '(' >> -currency_code >> money_text[detail::view<&ast::SeatLine::stack>] >>
    " in seat " >> uint_[detail::number<&ast::SeatLine::seat>] >> ')' >> spaces;

amount_type const amount = "amount";
auto const amount_def =
    pad >> '(' >> money_text[detail::view<&ast::Amount::amount>] >> ')' >> spaces;

payback_type const payback = "payback";
auto const payback_def = lit("Payback") >> amount_def;

ended_type const ended = "ended";
auto const ended_def =
    lit("Game ended ") >>
    raw[x3::repeat(4)[digit] >> '-' >> +digit >> '-' >> +digit][detail::view<&ast::Ended::date>] >>
    ' ' >> time_text[detail::view<&ast::Ended::time>] >> ' ' >>
    raw[+alpha >> -(char_("+-") >> +(digit | char_(':')))][detail::view<&ast::Ended::zone>] >>
    spaces;

// --- what follows "NAME " (the name's padding included) ----------------------------------------
// Every amount is what the action adds: "Hero  Raise  (11.00)" after the 0.50 small blind is
// called with "Call (8.00)" by the player at 3.50.
inline auto const added = pad >> '(' >> money_text[detail::view<&ast::Action::amount>] >> ')';
// "2h - 2s - Ah - As"
inline auto const cards_text = raw[+(alnum | lit(" - "))][detail::view<&ast::Action::cards>];
action_type const action = "action";
auto const action_def =
    pad >>
    ((lit("Fold")[detail::verb<V::Fold>]) | (lit("Check")[detail::verb<V::Check>]) |
     (lit("Call")[detail::verb<V::Call>] >> added) | (lit("Bet")[detail::verb<V::Bet>] >> added) |
     (lit("Raise")[detail::verb<V::RaiseBy>] >> added) |
     (lit("All-In")[detail::verb<V::RaiseBy>][detail::all_in] >> added) |
     (lit("Ante")[detail::verb<V::Ante>] >> added) |
     (lit("shows:")[detail::verb<V::Show>] >> pad >> cards_text >> rest) |
     (lit("didn't show hand")[detail::verb<V::Muck>] >> -(" (" >> cards_text >> ')')) |
     (lit("wins:")[detail::verb<V::Collected>] >> pad >> -currency_code >>
      money_text[detail::view<&ast::Action::amount>] >> rest)) >>
    spaces;

BOOST_SPIRIT_DEFINE(header, seat_line, amount, payback, ended, action)

}  // namespace grammar
}  // namespace hh::entraction
