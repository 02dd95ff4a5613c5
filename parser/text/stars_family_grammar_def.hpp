// Definitions of the PokerStars family's shared line rules declared in stars_family_grammar.hpp,
// and the action pieces PokerStars and GGPoker write alike after "NAME: " (betting, showing) and
// after "NAME " (collecting a pot), from which each site's grammar builds its own action rules.
// Included by stars_family_grammar.cpp and by the family's sites' grammar_def.hpp.
#pragma once

#include "parser/text/action_ast.hpp"
#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::stars_family {

using namespace x3_actions::primitives;
using action_ast::Action;
using V = action_ast::Verb;
using x3_actions::verb;

inline auto const amount1 = grouped_amount[x3_actions::view<&Action::amount>];
inline auto const amount2 = grouped_amount[x3_actions::view<&Action::amount2>];
// Nothing else follows an amount: another trailer is a line not read.
inline auto const is_all_in = -lit(" and is all-in")[x3_actions::all_in] >> spaces;
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

namespace grammar {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::SeatLine::sitting_out, true> sitting_out{};
}  // namespace detail

inline auto const amount = grouped_amount;  // "$1,270.5", "21,929" (x3_actions.hpp)

// --- table --------------------------------------------------------------------------------------
inline auto const table_name_end = lit('\'') >> (eoi | (' ' >> (digit | lit("Seat") | lit('('))));
table_line_type const table_line = "table_line";
auto const table_line_def =
    lit("Table ") >> -lit("ID ") >>
    '\'' >> raw[*(char_ - table_name_end)][detail::view<&ast::TableLine::name>] >> '\'' >>
    -(' ' >> uint_[detail::number<&ast::TableLine::max_seats>] >> (lit("-max") | lit("-Max"))) >>
    *(char_ - lit("Seat #")) >>
    -(lit("Seat #") >> uint_[detail::number<&ast::TableLine::button>] >> " is the button") >> rest;

// --- seats --------------------------------------------------------------------------------------
inline auto const chips_start = lit(" (") >> amount >> " in chips";
seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
    raw[*(char_ - chips_start)][detail::view<&ast::SeatLine::player>] >> " (" >>
    amount[detail::view<&ast::SeatLine::stack>] >> " in chips" >>
    -(", " >> amount[detail::view<&ast::SeatLine::bounty>] >> " bounty") >> ')' >>
    -(lit(" is sitting out")[detail::sitting_out] | (lit(" out of hand") >> rest)) >> rest;

summary_seat_line_type const summary_seat_line = "summary_seat_line";
auto const summary_seat_line_def = lit("Seat ") >>
                                   uint_[detail::number<&ast::SummarySeatLine::seat>] >> ": " >>
                                   raw[rest][detail::view<&ast::SummarySeatLine::rest>];

// --- street markers -----------------------------------------------------------------------------
street_line_type const street_line = "street_line";
auto const street_line_def = lit("*** ") >>
                             raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >>
                             " ***" >>
                             *(+lit(' ') >> '[' >>
                               bracketed_text[detail::push<&ast::StreetLine::cards>] >> ']') >>
                             *lit(' ');

uncalled_line_type const uncalled_line = "uncalled_line";
auto const uncalled_line_def =
    lit("Uncalled bet (") >> amount[detail::view<&ast::UncalledLine::amount>] >> ") returned to " >>
    raw[+char_][detail::view<&ast::UncalledLine::player>];

// --- summary seat money -------------------------------------------------------------------------
summary_money_type const summary_money = "summary_money";
// Full Tilt: "wins the side pot ($X)". Each phrase begins with 'w', 'c' or ' ': the seek tries
// the four only where one of those stands (it tries every position of every summary seat line).
auto const summary_money_def =
    *x3::seek[&char_("wc ") >> (lit("won (") | lit("collected (") | lit(" pot (") | lit("won ")) >>
              amount[detail::push<&ast::SummaryMoney::amounts>]];

BOOST_SPIRIT_DEFINE(table_line, seat_line, summary_seat_line, street_line, uncalled_line,
                    summary_money)

}  // namespace grammar

}  // namespace hh::stars_family
