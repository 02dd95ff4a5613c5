// Definitions of the Everleaf line grammars declared in everleaf/grammar.hpp.
// Included only by everleaf/grammar.cpp.
#pragma once

#include "parser/everleaf/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::everleaf {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

inline auto const dash = lit(" - ");
// "$", "€", and "ˆ": a euro sign some files carry as the cp1252 byte 0x88 (a caret), the name of
// the corpus file "NLHE-EUR-0.25-0.50-201202.euro.caret.txt" says as much.
inline auto const currency_sign = lit('$') | lit("€") | lit("ˆ") | lit("£");
// "EURO" before "EUR": the first alternative that matches wins.
inline auto const currency_word =
    lit("USD") | lit("EURO") | lit("EUR") | lit("Chips") | lit("chips");
inline auto const number = raw[digit >> *(digit | (char_(",.") >> &digit))];
// "$ 0.25 USD", "€ 0.01 EUR", " 25 Chips", "$ 75", "15", "100 chips": the number is kept.
template <auto Member>
auto amount_into() {
  return -currency_sign >> spaces >> number[detail::view<Member>] >> -(' ' >> currency_word);
}
inline auto const amount = amount_into<&ast::Action::amount>();
inline auto const bracketed_amount = '[' >> spaces >> amount >> spaces >> ']';

game_line_type const game_line = "game_line";
auto const game_line_def =
    (lit("***** Hand history for game #") >
     named("the game number", raw[+digit][detail::view<&ast::GameLine::hand_id>]) > " *****") |
    (lit("*** Historique des Mains pour la partie ") >
     named("the game number", raw[+digit][detail::view<&ast::GameLine::hand_id>]) > " ***");

inline auto const small_stake =
    -currency_sign >> spaces >> number[detail::view<&ast::Stakes::small>];
inline auto const big_stake = -currency_sign >> spaces >> number[detail::view<&ast::Stakes::big>];
stakes_line_type const stakes_line = "stakes_line";
auto const stakes_line_def =
    (-(lit("Blinds") >> +lit(' ')) >>
     raw[small_stake >> '/' >> spaces >> big_stake][detail::view<&ast::Stakes::stakes>] >> ' ' >>
     raw[+(char_ - dash)][detail::view<&ast::Stakes::game>] >>
     -(dash >> uint_[detail::number<&ast::Stakes::max_seats>] >> " Max") >> dash) >
    named("the date (YYYY/MM/DD - HH:MM:SS)", date_text[detail::view<&ast::Stakes::date>]) > dash >
    (named("the time (HH:MM:SS)", time_text[detail::view<&ast::Stakes::time>]) >> spaces);

tournament_line_type const tournament_line = "tournament_line";
auto const tournament_line_def = lit("Tournament #") >>
                                 raw[+digit][detail::view<&ast::TournamentLine::id>] >>
                                 " - Level " >> uint_ >> spaces;

inline auto const seat_end = lit(" (") >> *(char_ - ')') >> ')' >> spaces >> eoi;
seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - seat_end)][detail::view<&ast::SeatLine::player>] >> " (" >>
                           spaces >> ((-currency_sign >> spaces >>
                                       number[detail::view<&ast::SeatLine::stack>] >>
                                       -(' ' >> currency_word) >> spaces) |
                                      raw[+(char_ - ')')][detail::view<&ast::SeatLine::word>]) >>
                           ')' >> spaces;

street_line_type const street_line = "street_line";
auto const street_line_def =
    +lit('*') >> ' ' >> raw[+(char_ - " *")][detail::view<&ast::StreetLine::name>] >> ' ' >>
    +lit('*') >> spaces >>
    -('[' >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- what follows "NAME " or "NAME: " -----------------------------------------------------------
using V = ast::Verb;
inline auto const posts =
    (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> bracketed_amount) |
    (lit("posts big blind ")[detail::verb<V::BigBlind>] >> bracketed_amount) |
    (lit("posts ante ")[detail::verb<V::Ante>] >> bracketed_amount);
// "wins $ 0.25 USD from main pot", "wins  high ($ 0.95 USD) from main pot", "wins  low ($0.23)
// from main pot with 8, 6, 5, 2, A [...]", "wins 100 chips from side pot with ...". A side pot
// is never numbered ("side pot" twice in hand 282028385): which one is not said (pot index -1).
inline auto const wins =
    lit("wins")[detail::verb<V::Collected>] >> spaces >>
    (((lit("high") | lit("low")) >> " (" >> amount >> ')') | amount) >> " from " >>
    (lit("main pot")[detail::pot<0>] | lit("side pot")[detail::pot<-1>]) >> rest;

action_type const action = "action";
auto const action_def =
    (lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
    (lit("calls ")[detail::verb<V::Call>] >> bracketed_amount) |
    // "raises [$ 0.18 USD]": the chips the raise puts in, the call included.
    (lit("raises ")[detail::verb<V::RaiseBy>] >> bracketed_amount) | posts |
    (lit("posts bring-in ")[detail::verb<V::BringIn>] >> amount >> '.') |
    // "completes to $0.05.": the street total.
    (lit("completes to ")[detail::verb<V::Raise>] >> amount_into<&ast::Action::amount2>() >> '.') |
    (lit("shows ")[detail::verb<V::Show>] >> '[' >>
     bracketed_text[detail::view<&ast::Action::cards>] >> ']' >> rest) |
    wins | (lit("sits out")[detail::verb<V::SitOut>]) |
    (lit("does not show cards") | lit("has joined the table") |
     lit("has been reseated to this table") |
     lit("has disconnected and has been given a further ") |
     lit("est déconnecté et dispose de ")) >>
        rest;

colon_action_type const colon_action = "colon_action";
auto const colon_action_def =
    posts | (lit("bets ")[detail::verb<V::Bet>] >> bracketed_amount) |
    (eps[detail::verb<V::Chat>] >> raw[rest][detail::view<&ast::Action::text>]);

BOOST_SPIRIT_DEFINE(game_line, stakes_line, tournament_line, seat_line, street_line, action,
                    colon_action)

}  // namespace grammar
}  // namespace hh::everleaf
