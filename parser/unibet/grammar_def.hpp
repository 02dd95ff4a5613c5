// Definitions of the Unibet line grammars declared in unibet/grammar.hpp.
// Included only by unibet/grammar.cpp.
#pragma once

#include "parser/text/x3_actions.hpp"
#include "parser/unibet/grammar.hpp"

namespace hh::unibet {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// An amount with its currency symbol: "€0.95", "$1,270.50", "1500".
// The amount is the whole token: "€1O10" and "€1.O0" are none.
inline auto const money_text =
    raw[*(char_ - (digit | char_(" ()"))) >> digit >> *(digit | (char_(",.") >> &digit))] >>
    token_end;
inline auto const dash = lit(" - ");

header_type const header = "header";
auto const header_def =
    lit("Game #") > named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
    ": Table " >> raw[+(char_ - dash)][detail::view<&ast::Header::table>] >> dash
    >> raw[+(char_ - '/')][detail::view<&ast::Header::small_blind>] >>
    '/' >> raw[+(char_ - dash)][detail::view<&ast::Header::big_blind>] >> dash
    >> raw[+(char_ - (dash >> time_text))][detail::view<&ast::Header::game>] >> dash
    >> time_text[detail::view<&ast::Header::time>] >>
    ' ' >> date_text[detail::view<&ast::Header::date>] >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
    raw[+(char_ - (lit(" (") >> money_text >> ')' >> eoi))][detail::view<&ast::SeatLine::player>] >>
    " (" >> money_text[detail::view<&ast::SeatLine::stack>] >> ')';

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >> " ***" >>
    spaces >> -('[' >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// "Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15"
summary_seat_type const summary_seat = "summary_seat";
auto const summary_seat_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                              raw[+(char_ - lit(": bet "))][detail::view<&ast::SeatLine::player>] >>
                              ": bet " >> money_text >> " and won " >>
                              money_text[detail::view<&ast::SeatLine::stack>] >>
                              // ", net result: €-0.05": the won less the bet, not read.
                              -(lit(", net result: ") >> money_text) >> spaces;

totals_type const totals = "totals";
auto const totals_def = lit("Total pot ") >> money_text[detail::view<&ast::Totals::pot>] >>
                        " Rake " >> money_text[detail::view<&ast::Totals::rake>] >> spaces;

// --- what follows "NAME " -----------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = money_text[detail::view<&ast::Action::amount>];
inline auto const all_in = -(lit(", and is all-in")[detail::all_in]);
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount >> all_in) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount >> all_in) |
     // "raises €0.95 to €0.95": the street total after "to"; the first amount is not read (the
     // corpus cannot tell whether it is the increment or the chips put in).
     (lit("raises ")[detail::verb<V::Raise>] >> money_text >> " to " >>
      money_text[detail::view<&ast::Action::amount2>] >> all_in) |
     (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount >> all_in) |
     (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount >> all_in) |
     (lit("posts ante ")[detail::verb<V::Ante>] >> amount >> all_in) |
     (lit("shows ")[detail::verb<V::Show>] >> '[' >>
      bracketed_text[detail::view<&ast::Action::cards>] >> ']' >> rest) |
     (lit("mucks")[detail::verb<V::Muck>] >> rest) |
     (lit("wins ")[detail::verb<V::Collected>] >> amount) |
     (lit("has the button")[detail::verb<V::Other>])) >>
    spaces;

BOOST_SPIRIT_DEFINE(header, seat_line, summary_seat, street_line, totals, action)

}  // namespace grammar
}  // namespace hh::unibet
