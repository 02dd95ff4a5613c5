// Definitions of the Full Tilt line grammars declared in fulltilt/grammar.hpp. Included only by
// fulltilt/grammar.cpp.
#pragma once

#include "parser/fulltilt/grammar.hpp"
#include "parser/text/stars_family_grammar_def.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::fulltilt {

namespace detail {
// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;
inline constexpr assign_value_t<&ast::SeatLine::sitting_out, true> sitting_out{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

inline auto const amount = grouped_amount;  // "$1,270.50", "1,500", "€0.02" (x3_actions.hpp)
inline auto const field_end = lit(" - ");

// --- header -------------------------------------------------------------------------------------
header_type const header = "header";
auto const header_def = ((lit("Full Tilt Poker") | lit("FullTiltPoker")) >> " Game #") >
                        named("the game number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
                        (": " >> raw[+(char_ - field_end)][detail::view<&ast::Header::place>] >>
                         *(field_end >>
                           raw[*(char_ - field_end)][detail::push<&ast::Header::fields>]));

// --- seats --------------------------------------------------------------------------------------
// The name runs up to the last " (STACK)" of the line.
inline auto const stack_end = lit(" (") >> amount >> ')' >> -lit(", is sitting out") >> spaces
                              >> eoi;
seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - stack_end)][detail::view<&ast::SeatLine::player>] >>
                           " (" >> amount[detail::view<&ast::SeatLine::stack>] >> ')' >>
                           -lit(", is sitting out")[detail::sitting_out] >> spaces;

// --- street markers: the family's, then the running pot -----------------------------------------
street_line_type const street_line = "street_line";
auto const street_line_def = lit("*** ") >>
                             raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >>
                             " ***" >>
                             *(+lit(' ') >> '[' >>
                               bracketed_text[detail::push<&ast::StreetLine::cards>] >> ']') >>
                             -(spaces >> '(' >> *(char_ - ')') >> ')') >> spaces;

uncalled_line_type const uncalled_line = "uncalled_line";
auto const uncalled_line_def =
    lit("Uncalled bet of ") >> amount[detail::view<&ast::UncalledLine::amount>] >>
    " returned to " >> raw[+char_][detail::view<&ast::UncalledLine::player>];

// --- summary total ------------------------------------------------------------------------------
total_line_type const total_line = "total_line";
auto const total_line_def =
    lit("Total pot ") >> amount[detail::view<&ast::TotalLine::total>] >>
    -(lit(" Main pot ") >> amount[detail::view<&ast::TotalLine::main_pot>] >> '.' >>
      *(lit(" Side pot ") >> -(x3::omit[uint_] >> ' ' >> &lit('$')) >>
        amount[detail::push<&ast::TotalLine::side_pots>] >> '.')) >>
    -(lit(" | Rake ") >> amount[detail::view<&ast::TotalLine::rake>]) >> spaces;

// --- actions and notes after "NAME " -------------------------------------------------------------
// "calls $26.55, and is all in" (2012 on) and "raises to $3,000 and is all in".
inline auto const all_in = -(-lit(',') >> lit(" and is all in")[x3_actions::all_in]) >> spaces;
using stars_family::amount1;
using stars_family::amount2;
using stars_family::shown_cards;
// "wins the pot ($X)", "wins the side pot ($X)", "ties for pot 2 ($X)" (run it twice: the board's
// share of the main pot), "wins the high pot ($X)" (hi/lo halves of the pot).
// "wins the pot ($X)", "wins the side pot ($X)", "ties for pot 2 ($X)" (run it twice: the board's
// share of the main pot), "wins the high main pot ($X)" (hi/lo halves).
inline auto const half = -(lit("high ") | lit("low "));
inline auto const which_pot = (lit("the ") >> half >> (lit("main pot")[x3_actions::pot<0>] |
                                                       lit("side pot")[x3_actions::pot<1>] |
                                                       lit("pot")[x3_actions::pot<-1>])) |
                              (lit("side pot #") >> uint_[x3_actions::side_pot]) |
                              (lit("pot ") >> x3::omit[uint_] >> eps[x3_actions::pot<0>]);
inline auto const collects = (lit("wins ") | lit("ties for "))[detail::verb<V::Collected>] >>
                             which_pot >> " (" >> amount1 >> ')' >> rest;
inline auto const dealt_count = uint_ >> (lit(" cards") | lit(" card"));

action_type const action = "action";
auto const action_def =
    (lit("folds")[detail::verb<V::Fold>] >> rest) |
    (lit("checks")[detail::verb<V::Check>] >> rest) |
    (lit("calls ")[detail::verb<V::Call>] >> amount1 >> all_in) |
    (lit("bets ")[detail::verb<V::Bet>] >> amount1 >> all_in) |
    // "raises to $X" and stud's "completes it to $X": X is the street total.
    ((lit("raises to ") | lit("completes it to "))[detail::verb<V::Raise>] >> amount2 >> all_in) |
    (lit("posts the small blind of ")[detail::verb<V::SmallBlind>] >> amount1 >> all_in) |
    (lit("posts the big blind of ")[detail::verb<V::BigBlind>] >> amount1 >> all_in) |
    (lit("posts a dead small blind of ")[detail::verb<V::DeadBlind>] >> amount1 >> all_in) |
    // A player joining the game posts a live big blind out of position: "posts $1".
    (lit("posts ")[detail::verb<V::BigBlind>] >> amount1 >> all_in) |
    (lit("antes ")[detail::verb<V::Ante>] >> amount1 >> all_in) |
    (lit("brings in for ")[detail::verb<V::BringIn>] >> amount1 >> all_in) |
    (lit("discards")[detail::verb<V::Discard>] >>
     -(' ' >> uint_[detail::number<&ast::Action::count>] >> (lit(" cards") | lit(" card"))) >>
     -(' ' >> shown_cards) >> spaces) |
    (lit("stands pat")[detail::verb<V::StandPat>] >> rest) |
    (lit("shows ")[detail::verb<V::Show>] >> shown_cards >> rest) |
    (lit("mucks")[detail::verb<V::Muck>] >> rest) | collects |
    ((lit("has been disconnected") | lit("is sitting out") | lit("stands up") |
      lit("has timed out"))[detail::verb<V::SitOut>] >>
     rest) |
    ((lit("has reconnected") | lit("has returned"))[detail::verb<V::Return>] >> rest) |
    // Money-neutral notes: time to act, cards dealt in draw games, the hand a player shows
    // ("shows a flush, Ace high", "is low with [..]"), chips added or seat taken for the next hand.
    x3::omit[(lit("has ") >> uint_ >> " seconds left to act") | lit("seconds left to act") |
             (lit("is dealt ") >> dealt_count) | (lit("shows ") >> !lit('[')) |
             lit("is low with ") | lit("is feeling ") | lit("is high with ") |
             (lit("adds ") >> amount) | lit("sits down") | lit("has requested TIME")]
            [detail::verb<V::Other>] >>
        rest;

BOOST_SPIRIT_DEFINE(header, seat_line, street_line, uncalled_line, total_line, action)

}  // namespace grammar
}  // namespace hh::fulltilt
