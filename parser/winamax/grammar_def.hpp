// Definitions of the Winamax line grammars declared in winamax/grammar.hpp.
// Included only by winamax/grammar.cpp.
#pragma once

#include "parser/text/x3_actions.hpp"
#include "parser/winamax/grammar.hpp"

namespace hh::winamax {

namespace detail {

// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;

inline constexpr assign_value_t<&ast::Action::out_of_position, true> out_of_position{};
inline constexpr assign_value_t<&ast::TotalLine::no_rake, true> no_rake{};

}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// An amount as printed: the currency sign after the number ("4.34€"), or none for chips and play
// money. A leading '-' is kept so that the builder can report a negative raise increment.
inline auto const currency_symbol = lit("€") | lit('$') | lit("£");
// The amount is the whole token ("1O4€" and "10O92€" are none).
inline auto const amount_digits =
    raw[-lit('-') >> -currency_symbol >> +digit >> -('.' >> +digit) >> -currency_symbol];
inline auto const amount = amount_digits >> token_end;

// --- header -------------------------------------------------------------------------------------
inline auto const limit_word = lit("no limit") | lit("pot limit") | lit("fixed limit");
inline auto const date_start = lit(" - ") >> &(x3::repeat(4)[digit] >> '/');

header_type const header = "header";
auto const header_def =
    spaces >> "Winamax Poker - " >>
    raw[*(char_ - " - HandId: #")][detail::view<&ast::Header::kind>] >>
    (lit(" - HandId: #") >
     named("the hand id (N-N-N)", raw[+(digit | char_('-'))][detail::view<&ast::Header::hand_id>]) >
     " - ") >>
    raw[+(char_ - (' ' >> limit_word >> " ("))][detail::view<&ast::Header::game>] >>
    ' ' >> raw[limit_word][detail::view<&ast::Header::limit>] >>
    " (" >> raw[*(char_ - ')')][detail::view<&ast::Header::stakes>] >> ')' >>
    (date_start > named("a date (YYYY/MM/DD)", date_text[detail::view<&ast::Header::date>]) > ' ' >
     named("a time (HH:MM:SS)", time_text[detail::view<&ast::Header::time>])) >>
    -(' ' >> raw[+char_("A-Za-z")][detail::view<&ast::Header::zone>]) >> spaces;

// --- table --------------------------------------------------------------------------------------
// Table names may hold quotes ("No Limit Hold'em(1853325)#0"): the name ends at "' N-max".
inline auto const table_name_end = lit("' ") >> +digit >> "-max";
table_line_type const table_line = "table_line";
auto const table_line_def = lit("Table: '") >>
                            raw[*(char_ - table_name_end)][detail::view<&ast::TableLine::name>] >>
                            "' " >> uint_[detail::number<&ast::TableLine::max_seats>] >> "-max" >>
                            -(" (" >> raw[+(char_ - ')')][detail::view<&ast::TableLine::money>] >>
                              ')') >>
                            // Old exports print "Seat 0000005 is the button".
                            -(lit(" Seat ") >> -lit('#') >>
                              uint_[detail::number<&ast::TableLine::button>] >> " is the button") >>
                            spaces;

// --- seats --------------------------------------------------------------------------------------
inline auto const seat_tail = lit(" (") >> amount >> -(", " >> amount >> " bounty") >> ')' >> spaces
                              >> eoi;
seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - seat_tail)][detail::view<&ast::SeatLine::player>] >>
                           " (" >> amount[detail::view<&ast::SeatLine::stack>] >>
                           -(", " >> amount[detail::view<&ast::SeatLine::bounty>] >> " bounty") >>
                           ')' >> spaces;

summary_seat_line_type const summary_seat_line = "summary_seat_line";
auto const summary_seat_line_def = lit("Seat ") >>
                                   uint_[detail::number<&ast::SummarySeatLine::seat>] >> ": " >>
                                   raw[rest][detail::view<&ast::SummarySeatLine::rest>];

// --- street markers -----------------------------------------------------------------------------
// Winamax's newer text (2021) puts a colon after the marker: "*** FLOP ***: [3h Td 6d]".
street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >> " ***" >>
    -lit(':') >>
    *(spaces >> '[' >> bracketed_text[detail::push<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- summary totals -----------------------------------------------------------------------------
total_line_type const total_line = "total_line";
auto const total_line_def =
    lit("Total pot ") >>
    raw[amount_digits >> -lit('k') >> token_end][detail::view<&ast::TotalLine::total>] >>
    *(lit(" | ") >>
      ((lit("Rake ") >> amount[detail::view<&ast::TotalLine::rake>] >> &(lit(" | ") | eoi)) |
       (lit("No rake") >> &(lit(" | ") | eoi))[detail::no_rake] |
       raw[+(char_ - " | ")][detail::push<&ast::TotalLine::others>])) >>
    spaces;

// --- actions after "NAME " ----------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount1 = amount[detail::view<&ast::Action::amount>];
inline auto const amount2 = amount[detail::view<&ast::Action::amount2>];
inline auto const is_all_in = -lit(" and is all-in")[detail::all_in] >> spaces;
inline auto const oop = -lit(" out of position")[detail::out_of_position] >> is_all_in;
inline auto const shown_cards =
    lit('[') >> bracketed_text[detail::view<&ast::Action::cards>] >> ']';

action_type const action = "action";
auto const action_def =
    (lit("folds")[detail::verb<V::Fold>] >> spaces) |
    (lit("checks")[detail::verb<V::Check>] >> spaces) |
    (lit("calls ")[detail::verb<V::Call>] >> amount1 >> is_all_in) |
    (lit("bets ")[detail::verb<V::Bet>] >> amount1 >> is_all_in) |
    (lit("raises ")[detail::verb<V::Raise>] >> amount1 >> " to " >> amount2 >> is_all_in) |
    (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount1 >> oop) |
    (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount1 >> oop) |
    (lit("posts ante ")[detail::verb<V::Ante>] >> amount1 >> is_all_in) |
    ((lit("brings in ") | lit("bring-in "))[detail::verb<V::BringIn>] >> amount1 >> is_all_in) |
    (lit("discard ")[detail::verb<V::Discard>] >> uint_[detail::number<&ast::Action::count>] >>
     (lit(" cards") | lit(" card")) >> -(' ' >> shown_cards) >> spaces) |
    (lit("stands pat")[detail::verb<V::StandPat>] >> -(' ' >> shown_cards) >> spaces) |
    (lit("shows ")[detail::verb<V::Show>] >> shown_cards >> rest) |
    (lit("mucks")[detail::verb<V::Muck>] >> rest) |
    ((lit("denies big blind") | lit("denies small blind"))[detail::verb<V::SitOut>] >> spaces) |
    ((lit("is sitting out") | lit("sits out") | lit("has timed out") |
      lit("is disconnected"))[detail::verb<V::SitOut>] >>
     spaces) |
    ((lit("is connected") | lit("has returned"))[detail::verb<V::Return>] >> spaces) |
    (lit("collected ")[detail::verb<V::Collected>] >> amount1 >> " from " >>
     (lit("main pot")[detail::pot<0>] | (lit("side pot ") >> uint_[detail::side_pot]) |
      // Hi/Lo halves: "pot(HI)", "pot (LO)". Winamax never labels them with side pots.
      (lit("pot") >> -(spaces >> (lit("(HI)") | lit("(LO)"))))[detail::pot<-1>]) >>
     spaces);

// --- summary seat money -------------------------------------------------------------------------
summary_money_type const summary_money = "summary_money";
auto const summary_money_def =
    *x3::seek[lit("won ") >> amount[detail::push<&ast::SummaryMoney::amounts>]];

BOOST_SPIRIT_DEFINE(header, table_line, seat_line, summary_seat_line, street_line, total_line,
                    action, summary_money)

}  // namespace grammar
}  // namespace hh::winamax
