// Definitions of the BetOnline line grammars declared in betonline/grammar.hpp.
// Included only by betonline/grammar.cpp.
#pragma once

#include "parser/betonline/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::betonline {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

inline auto const amount = grouped_amount;  // "0.25", "$10.00", "29513.42"

// --- header -------------------------------------------------------------------------------------
// "2012/04/11" (BetOnline) or "2012-04-09" (Gear Poker).
inline auto const date =
    raw[x3::repeat(4)[digit] >> char_("/-") >> +digit >> char_("/-") >> +digit];
inline auto const date_start = lit(" - ") >> &(x3::repeat(4)[digit] >> char_("/-"));

header_type const header = "header";
auto const header_def =
    raw[+(char_ - lit(" Game #"))][detail::view<&ast::Header::room>] >>
    // " Game #" commits the line to a header: the hand number and ':' must follow.
    (lit(" Game #") > named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>]) >
     lit(": ")) >>
    -(lit("Tournament #") >> raw[+digit][detail::view<&ast::Header::tournament_id>] >> ": ") >>
    raw[*(char_ - date_start)][detail::view<&ast::Header::description>] >>
    // " - YYYY/" commits it to the date and time.
    (date_start > named("a date (YYYY/MM/DD)", date[detail::view<&ast::Header::date>]) > ' ' >
     named("a time (HH:MM[:SS])", time_text[detail::view<&ast::Header::time>])) >>
    -(' ' >> raw[+char_][detail::view<&ast::Header::zone>]);

// --- table and seats ----------------------------------------------------------------------------
inline auto const quote_end = lit('\'') >> (lit(' ') | lit(',') | eoi);
table_line_type const table_line = "table_line";
auto const table_line_def =
    lit("Table ") >>
    (('\'' >> raw[*(char_ - quote_end)][detail::view<&ast::TableLine::name>] >> '\'') |
     raw[+(char_ - ' ')][detail::view<&ast::TableLine::name>]) >>
    -(' ' >> uint_[detail::number<&ast::TableLine::max_seats>] >> (lit("-Max") | lit("-max"))) >>
    -lit(',') >> -lit(" (Play Money)") >>
    " Seat #" >> uint_[detail::number<&ast::TableLine::button>] >> " is the button" >> spaces;

inline auto const in_chips = lit(" in chips") | lit(" in Chips");
inline auto const chips_start = lit(" (") >> amount >> in_chips;
seat_line_type const seat_line = "seat_line";
// The labels after the stack ("- Small Blind", "- Sitting out") are not read: the blinds' posts
// and the actions say who played (a seat labelled "Sitting out" posts the big blind in hand
// 1027919331).
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[*(char_ - chips_start)][detail::view<&ast::SeatLine::player>] >>
                           " (" >> amount[detail::view<&ast::SeatLine::stack>] >> in_chips >> ')' >>
                           -(lit(" - ") >> rest);

// "*** TURN *** [6c 7s Qc][10d]" (no space between the groups), "*** TURN *** [AS QH 3S] [3C]"
street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][x3_actions::view<&ast::StreetLine::name>] >> " ***" >>
    *(spaces >> '[' >> bracketed_text[x3_actions::push<&ast::StreetLine::cards>] >> ']') >> spaces;

total_line_type const total_line = "total_line";
auto const total_line_def =
    (lit("Total pot ") | lit("Total Pot ")) >> amount[detail::view<&ast::TotalLine::pot>] >>
    -(lit(" | Rake ") >> amount[detail::view<&ast::TotalLine::rake>]) >> spaces;

// --- actions after "NAME: " ---------------------------------------------------------------------
using V = ast::Verb;
using x3_actions::verb;
inline auto const amount1 = amount[detail::view<&ast::Action::amount>];
inline auto const amount2 = amount[detail::view<&ast::Action::amount2>];
// "and is all in" (BetOnline), "and is All In." (Gear Poker, whose lines end with '.').
inline auto const line_end = -((lit(" and is all in") |
                                lit(" and is All In"))[x3_actions::all_in]) >>
                             -lit('.') >> spaces;

action_type const action = "action";
auto const action_def =
    ((lit("folds") | lit("Folds"))[verb<V::Fold>] >> line_end) |
    ((lit("checks") | lit("Checks"))[verb<V::Check>] >> line_end) |
    ((lit("calls ") | lit("Calls "))[verb<V::Call>] >> amount1 >> line_end) |
    ((lit("bets ") | lit("Bets "))[verb<V::Bet>] >> amount1 >> line_end) |
    // "raises 3.25 to 3.50": the street total after "to"; the first amount is the chips the raise
    // adds (the small blind's 0.25 in, hand 1002060530), not the increment: not read.
    (lit("raises ")[verb<V::Raise>] >> amount >> " to " >> amount2 >> line_end) |
    // Gear Poker: "Raises 1000.00 and is All In.": the street total (hand 1014850775: all-in for
    // the 1000 stack with nothing in before).
    (lit("Raises ")[verb<V::Raise>] >> amount2 >> line_end) |
    ((lit("posts small blind ") | lit("Posts small blind "))[verb<V::SmallBlind>] >> amount1 >>
     line_end) |
    ((lit("posts big blind ") | lit("Posts big blind "))[verb<V::BigBlind>] >> amount1 >>
     line_end) |
    (lit("ante processed ")[verb<V::Ante>] >> amount1 >> line_end) |
    // A player entering out of the blinds posts a live big blind (checks when unraised: hand
    // 1002060530).
    (lit("post now ")[verb<V::BigBlind>] >> amount1 >> line_end) |
    // A returning player's dead small blind with the live big blind; the amount printed is the big
    // blind (the builder adds the small blind: hand 1002134798).
    (lit("post dead ")[verb<V::BothBlinds>] >> amount1 >> line_end);

// --- notes after "NAME " (no colon) -------------------------------------------------------------
note_type const note = "note";
auto const note_def =
    // "shows Jd 8s": the cards without brackets.
    (lit("shows ")[verb<V::Show>] >> raw[+char_][detail::view<&ast::Action::cards>]) |
    (lit("said \"")[verb<V::Chat>] >> raw[rest][detail::view<&ast::Action::text>]) |
    ((lit("has left the table") | lit("joins the table at seat #"))[verb<V::Other>] >> rest);

BOOST_SPIRIT_DEFINE(header, table_line, seat_line, street_line, total_line, action, note)

}  // namespace grammar
}  // namespace hh::betonline
