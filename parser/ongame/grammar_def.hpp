// Definitions of the OnGame line grammars declared in ongame/grammar.hpp.
// Included only by ongame/grammar.cpp.
#pragma once

#include "parser/ongame/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::ongame {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::History::tournament, true> tournament{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// "0.90", "$1,523.85", "€0.02", "1500": a currency symbol only in some eras and skins.
inline auto const amount_text = grouped_amount;
inline auto const upper_word = +char_("A-Z_");

history_type const history = "history";
auto const history_def =
    lit("***** History for hand ") >
    named("the hand id", raw[+(char_ - ' ')][detail::view<&ast::History::hand_id>]) >>
    -(lit(" (TOURNAMENT: ")[detail::tournament] >>
      -('"' >> raw[*(char_ - '"')][detail::view<&ast::History::tournament_name>] >> "\", " >>
        raw[+(char_ - ',')][detail::view<&ast::History::tournament_id>] >> ", buy-in: " >>
        +(char_ - ')')) >>
      ')') >>
    " *****" >> spaces;

start_type const start = "start";
auto const start_def = lit("Start hand: ") > named("a weekday", x3::repeat(3)[alpha]) >
                       ' ' >> raw[+alpha][detail::view<&ast::Start::month>] >>
                       ' ' >> raw[+digit][detail::view<&ast::Start::day>] >>
                       ' ' >> time_text[detail::view<&ast::Start::time>] >>
                       ' ' >> raw[+(char_ - ' ')][detail::view<&ast::Start::zone>] >>
                       ' ' >> raw[x3::repeat(4)[digit]][detail::view<&ast::Start::year>] >> spaces;

table_type const table = "table";
auto const table_def =
    lit("Table: ") >
    named("NAME [ID] (",
          raw[+(char_ - (lit(" [") >> +digit >> "] ("))][detail::view<&ast::Table::name>] >> " [" >>
              +digit >> "] (") >
    named("LIMIT GAME SMALL/BIG", raw[upper_word][detail::view<&ast::Table::limit>] >> ' ' >>
                                      raw[upper_word][detail::view<&ast::Table::game>] >> ' ' >>
                                      amount_text[detail::view<&ast::Table::small>] >> '/' >>
                                      amount_text[detail::view<&ast::Table::big>]) >>
    -(lit(", ante: ") >> amount_text[detail::view<&ast::Table::ante>]) >>
    ", " >> raw[+(char_ - ')')][detail::view<&ast::Table::money_kind>] >> ')' >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - (lit(" (") >> amount_text >> ')' >> eoi))]
                              [detail::view<&ast::SeatLine::player>] >>
                           " (" >> amount_text[detail::view<&ast::SeatLine::stack>] >> ')';

// The final stack, then for a player who put chips in or won: the net, then shown cards.
summary_seat_type const summary_seat = "summary_seat";
auto const summary_seat_def =
    lit("Seat ") >> uint_[detail::number<&ast::SummarySeatLine::seat>] >> ": " >>
    raw[+(char_ - (lit(" (") >> amount_text >> ')' >> (eoi | ", net: ")))]
       [detail::view<&ast::SummarySeatLine::player>] >>
    " (" >> amount_text[detail::view<&ast::SummarySeatLine::stack>] >> ')' >>
    -(lit(", net: ") >>
      raw[-char_("+-") >> amount_text][detail::view<&ast::SummarySeatLine::net>] >>
      -(lit(", [") >> bracketed_text[detail::view<&ast::SummarySeatLine::cards>] >> ']' >> rest));

inline auto const winner = raw[+(char_ - (lit(" (") >> amount_text >> ')' >> (eoi | ", ")))]
                              [detail::push<&ast::PotLine::winners>] >>
                           " (" >> amount_text[detail::push<&ast::PotLine::amounts>] >> ')';
pot_line_type const pot_line = "pot_line";
auto const pot_line_def = (lit("Main pot") |
                           (lit("Side pot ") >> uint_[detail::number<&ast::PotLine::side>])) >>
                          ": " >> amount_text[detail::view<&ast::PotLine::amount>] >> " won by " >>
                          winner >> *(", " >> winner);

board_line_type const board_line = "board_line";
auto const board_line_def =
    lit("--- Dealing ") >>
    raw[lit("flop") | lit("turn") | lit("river")][detail::view<&ast::BoardLine::street>] >> " [" >>
    bracketed_text[detail::view<&ast::BoardLine::cards>] >> ']';

// --- what follows "NAME " -----------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = amount_text[detail::view<&ast::Action::amount>];
inline auto const all_in = -(lit(" [all in]")[detail::all_in]);
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount) |
     // "raises $1 to $1.50": the first amount is the chips the raise adds; the one after "to" is
     // the street total in flop games but a total over several streets in stud (ongame.md).
     (lit("raises ")[detail::verb<V::RaiseBy>] >> amount >> " to " >> amount_text) |
     (lit("posts small blind (")[detail::verb<V::SmallBlind>] >> amount >> ')') |
     (lit("posts big blind (")[detail::verb<V::BigBlind>] >> amount >> ')') |
     (lit("posts dead blind (")[detail::verb<V::DeadBlind>] >> amount >> ')') |
     (lit("posts ante ")[detail::verb<V::Ante>] >> amount) |
     (lit("small bring in ")[detail::verb<V::BringIn>] >> amount) |
     (lit("changed ")[detail::verb<V::Discard>] >> uint_[detail::number<&ast::Action::count>] >>
      " cards")) >>
    all_in >> spaces;

BOOST_SPIRIT_DEFINE(history, start, table, seat_line, summary_seat, pot_line, board_line, action)

}  // namespace grammar
}  // namespace hh::ongame
