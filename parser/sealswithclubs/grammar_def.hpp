// Definitions of the Seals With Clubs line grammars declared in sealswithclubs/grammar.hpp.
// Included only by sealswithclubs/grammar.cpp.
#pragma once

#include "parser/sealswithclubs/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::sealswithclubs {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::SeatLine::sitting_out, true> sitting_out{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

// "63.68", "148", "0.50": milli-bitcoins, at most two decimals.
inline auto const money_text = raw[+digit >> -('.' >> +digit)];

header_type const header = "header";
auto const header_def = lit("Hand #") >
                        named("the hand number",
                              raw[+digit >> '-' >> +digit][detail::view<&ast::Header::hand_id>]) >>
                        " - " >> raw[x3::repeat(4)[digit] >> '-' >> +digit >> '-' >> +digit]
                                    [detail::view<&ast::Header::date>] >>
                        ' ' >> time_text[detail::view<&ast::Header::time>] >> spaces;

game_line_type const game_line = "game_line";
auto const game_line_def = lit("Game: ") >>
                           raw[+(char_ - lit(" ("))][detail::view<&ast::GameLine::game>] >> " (" >>
                           +(char_ - ')') >> ") - " >> (lit("Blinds ") | lit("Stakes ")) >>
                           money_text[detail::view<&ast::GameLine::small>] >>
                           '/' >> money_text[detail::view<&ast::GameLine::big>] >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
    raw[+(char_ - (lit(" (") >> money_text >> ')'))][detail::view<&ast::SeatLine::player>] >>
    " (" >> money_text[detail::view<&ast::SeatLine::stack>] >> ')' >>
    // A player waiting for the big blind is not dealt in until posting it (issue 33).
    -((lit(" - sitting out") | lit(" - waiting for big blind"))[detail::sitting_out]) >> spaces;

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("** ") >> raw[+(char_ - lit(" **"))][detail::view<&ast::StreetLine::name>] >> " **" >>
    -(lit(" [") >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- what follows "NAME " -----------------------------------------------------------------------
inline auto const amount = money_text[detail::view<&ast::Action::amount>];
inline auto const all_in = -(lit(" (All-in)")[detail::all_in]);
inline auto const cards = '[' >> bracketed_text[detail::view<&ast::Action::cards>] >> ']';
// "wins Pot (11.70)", "wins Main Pot (6) with Two Pair", "wins Side Pot 1 (2)".
inline auto const pot_won = (lit("Pot")[x3_actions::pot<-1>] | lit("Main Pot")[x3_actions::pot<0>] |
                             (lit("Side Pot ") >> uint_[x3_actions::side_pot])) >>
                            " (" >> amount >> ')' >> rest;

// "calls X" and "bets X" add X; "raises to X" is the street total.
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount >> all_in) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount >> all_in) |
     (lit("raises to ")[detail::verb<V::Raise>] >>
      money_text[detail::view<&ast::Action::amount2>] >> all_in) |
     (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount >> all_in) |
     (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount >> all_in) |
     (lit("posts small & big blind ")[detail::verb<V::BothBlinds>] >> amount >> all_in) |
     (lit("shows ")[detail::verb<V::Show>] >> cards >> rest) |
     (lit("mucks")[detail::verb<V::Muck>] >> rest) |
     (lit("wins ")[detail::verb<V::Collected>] >> pot_won) |
     // "Hero adds 94 chips": a top-up for the next hand, no chips of this one.
     (lit("adds ")[detail::verb<V::Other>] >> +digit >> -('.' >> +digit) >> " chips")) >>
    spaces;

BOOST_SPIRIT_DEFINE(header, game_line, seat_line, street_line, action)

}  // namespace grammar
}  // namespace hh::sealswithclubs
