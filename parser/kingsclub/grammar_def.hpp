// Definitions of the KingsClub line grammars declared in kingsclub/grammar.hpp.
// Included only by kingsclub/grammar.cpp.
#pragma once

#include "parser/kingsclub/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::kingsclub {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// "1,000", "13,812.50", "0.50": no currency symbol is printed.
inline auto const amount_text = grouped_amount;

header_type const header = "header";
auto const header_def = lit('#') >
                        named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
                        ": " >> raw[+(char_ - lit(" - "))][detail::view<&ast::Header::game>] >>
                        " - " >> amount_text[detail::view<&ast::Header::small>] >>
                        '/' >> amount_text[detail::view<&ast::Header::big>] >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - (lit(" (") >> amount_text >> ')' >> eoi))]
                              [detail::view<&ast::SeatLine::player>] >>
                           " (" >> amount_text[detail::view<&ast::SeatLine::stack>] >> ')' >>
                           spaces;

// "Seat 2: Player1 (13,812.50) +3,812.50", "Seat 1: Player0 (0) -325"
summary_seat_type const summary_seat = "summary_seat";
auto const summary_seat_def =
    lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
    raw[+(char_ - (lit(" (") >> amount_text >> ") " >> (char_('+') | char_('-') | digit)))]
       [detail::view<&ast::SeatLine::player>] >>
    " (" >> amount_text[detail::view<&ast::SeatLine::stack>] >> ") " >>
    raw[-char_("+-") >> amount_text][detail::view<&ast::SeatLine::net>] >> spaces;

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >> " ***" >>
    *(spaces >> '[' >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- what follows "NAME " or "NAME: " ------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = amount_text[detail::view<&ast::Action::amount>];
inline auto const all_in = -(lit(", and is all in")[detail::all_in]);
inline auto const cards = '[' >> bracketed_text[detail::view<&ast::Action::cards>] >> ']';
inline auto const pot_won =
    (lit("pot (")[detail::pot<-1>] >> amount >> ')') |
    ('(' >> amount >> ") from " >>
     (lit("pot")[detail::pot<0>] | ("side pot " >> uint_[detail::side_pot])));
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     // "calls X", "bets X", "raises to X": X is the player's street total after the action.
     (lit("calls ")[detail::verb<V::Call>] >> amount >> all_in) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount >> all_in) |
     (lit("raises to ")[detail::verb<V::Raise>] >>
      amount_text[detail::view<&ast::Action::amount2>] >> all_in) |
     (lit("brings in for ")[detail::verb<V::BringIn>] >> amount >> all_in) |
     (lit("posts ante ")[detail::verb<V::Ante>] >> amount >> all_in) |
     (lit("posts the small blind ")[detail::verb<V::SmallBlind>] >> amount >> all_in) |
     (lit("posts the big blind ")[detail::verb<V::BigBlind>] >> amount >> all_in) |
     (lit("posts blind ")[detail::verb<V::BothBlinds>] >> amount >> all_in) |
     (lit("shows ")[detail::verb<V::Show>] >> cards) |
     // "discards [Th] draws [8c] [Qs]": one draw per board when the hand is run twice.
     (lit("discards ")[detail::verb<V::Discard>] >> cards >> " draws" >>
      +(" [" >> *(char_ - ']') >> ']')) |
     (lit("draws ")[detail::verb<V::Discard>] >> uint_[detail::number<&ast::Action::count>]) |
     (lit("stands pat")[detail::verb<V::StandPat>]) |
     (lit("wins ")[detail::verb<V::Collected>] >> pot_won)) >>
    spaces;

BOOST_SPIRIT_DEFINE(header, seat_line, summary_seat, street_line, action)

}  // namespace grammar
}  // namespace hh::kingsclub
