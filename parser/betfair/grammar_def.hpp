// Definitions of the Betfair line grammars declared in betfair/grammar.hpp.
// Included only by betfair/grammar.cpp.
#pragma once

#include "parser/betfair/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::betfair {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// "$0.05", "$28.77"
inline auto const amount_text = grouped_amount;

banner_type const banner = "banner";
auto const banner_def = lit("***** Betfair Poker Hand History for Game ") >
                        named("the game number", raw[+digit][detail::view<&ast::Banner::hand_id>]) >
                        " *****" >> spaces;

game_line_type const game_line = "game_line";
auto const game_line_def = raw[+alpha][detail::view<&ast::Game::limit>] >> ' ' >>
                           amount_text[detail::view<&ast::Game::small>] >> '/' >>
                           amount_text[detail::view<&ast::Game::big>] >> ' ' >>
                           raw[+(char_ - lit(" - "))][detail::view<&ast::Game::game>] >> " - " >>
                           +alpha >> ", " >> raw[+alpha][detail::view<&ast::Game::month>] >> ' ' >>
                           raw[+digit][detail::view<&ast::Game::day>] >> ", " >>
                           time_text[detail::view<&ast::Game::time>] >> ' ' >>
                           raw[+alpha][detail::view<&ast::Game::zone>] >> ' ' >>
                           raw[x3::repeat(4)[digit]][detail::view<&ast::Game::year>] >> spaces;

table_type const table = "table";
auto const table_def =
    lit("Table ") >>
    raw[+(char_ - (lit(' ') >> +digit >> "-max (") - lit(" ("))][detail::view<&ast::Table::name>] >>
    -(lit(' ') >> uint_[detail::number<&ast::Table::max_seats>] >> "-max") >>
    " (" >> raw[+(char_ - ')')][detail::view<&ast::Table::money_kind>] >> ')' >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - (lit(" ( ") >> amount_text >> " )" >> spaces >> eoi))]
                              [detail::view<&ast::SeatLine::player>] >>
                           " ( " >> amount_text[detail::view<&ast::SeatLine::stack>] >> " )" >>
                           spaces;

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("** ") >> raw[+(char_ - " **")][detail::view<&ast::StreetLine::name>] >> " **" >>
    -(lit(" [") >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- what follows "NAME " -----------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = '[' >> amount_text[detail::view<&ast::Action::amount>] >> ']';
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount) |
     // "raises to [$0.30]": the street total; no increment printed.
     (lit("raises to [")[detail::verb<V::Raise>] >>
      amount_text[detail::view<&ast::Action::amount2>] >> ']') |
     (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount) |
     (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount) |
     (lit("shows [")[detail::verb<V::Show>] >> bracketed_text[detail::view<&ast::Action::cards>] >>
      ']' >> rest) |
     (lit("mucks")[detail::verb<V::Muck>] >> rest) |
     // "wins $6.26 from side pot #1 with a straight flush, Seven to Three"
     (lit("wins ")[detail::verb<V::Collected>] >> amount_text[detail::view<&ast::Action::amount>] >>
      " from " >>
      (lit("main pot")[detail::pot<0>] | (lit("side pot #") >> uint_[detail::side_pot])) >>
      // nothing but the hand's description may follow the pot
      -(lit(" with ") >> rest))) >>
    spaces;

BOOST_SPIRIT_DEFINE(banner, game_line, table, seat_line, street_line, action)

}  // namespace grammar
}  // namespace hh::betfair
