// Definitions of the PKR line grammars declared in pkr/grammar.hpp.
// Included only by pkr/grammar.cpp.
#pragma once

#include "parser/pkr/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::pkr {

namespace detail {
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// "$0.08", "$4", "2,940", "€93.92": the currency sign when real money (euro tables, issue 33).
inline auto const money_text =
    raw[-(lit('$') | lit("€")) >> digit >> *(digit | (char_(",.") >> &digit))];

blinds_line_type const blinds_line = "blinds_line";
auto const blinds_line_def =
    lit("Blinds are now ") >
    (named("the small blind", money_text[detail::view<&ast::Blinds::small>]) >> spaces >> '/' >>
     spaces) > (named("the big blind", money_text[detail::view<&ast::Blinds::big>]) >> spaces);

start_time_type const start_time = "start_time";
auto const start_time_def =
    lit("Start time of hand: ") >
    (named("DD Mon YYYY HH:MM:SS",
           raw[+digit][detail::view<&ast::StartTime::day>] >> ' ' >>
               raw[+alpha][detail::view<&ast::StartTime::month>] >> ' ' >>
               raw[x3::repeat(4)[digit]][detail::view<&ast::StartTime::year>] >> ' ' >>
               time_text[detail::view<&ast::StartTime::time>]) >>
     spaces);

inline auto const bounty =
    lit(" (bounty value ") >> money_text >> ", bounty won " >> money_text >> ')';
inline auto const away = lit(" (away from table)");
inline auto const seat_tail = -bounty >> " - " >> money_text >> -away >> spaces >> eoi;
seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - seat_tail)][detail::view<&ast::SeatLine::player>] >>
                           -(lit(" (bounty value ") >>
                             money_text[detail::view<&ast::SeatLine::bounty>] >> ", bounty won " >>
                             money_text >> ')') >>
                           " - " >> money_text[detail::view<&ast::SeatLine::stack>] >> -away
                           >> spaces;

// --- what follows "NAME " -----------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = money_text[detail::view<&ast::Action::amount>];
inline auto const all_in = -(lit(" (all-in)")[detail::all_in]);
// "wins $0.06 from side pot #1 with: Two Pairs: Aces, 8s", "wins $0.13 with: ...", "wins $5.70",
// "wins $0.52, disconnection protection limited from $0.60 with: ..." (what was won is the first
// amount), "ties side pot #1, and wins $0.43 with: ...", "ties, and wins $0.16 with: ...",
// "ties $0.52 with low hand: A5432".
inline auto const side_pot = lit(" side pot #") >> uint_[detail::side_pot];
// After the amount and the pot only the hand won with or the protection note: anything else
// (an amount not read to its end, "wins $0O06", a pot not named, "from zzyzx pot") is not read.
inline auto const won_tail =
    eoi | (lit(" with") >> rest) | (lit(", disconnection protection limited from ") >> rest);
inline auto const collected =
    (lit("wins ")[detail::verb<V::Collected>][detail::pot<0>] >> amount >>
     -(lit(" from") >> side_pot) >> won_tail) |
    (lit("ties")[detail::verb<V::Collected>][detail::pot<0>] >> -side_pot >> ", and wins " >>
     amount >> won_tail) |
    (lit("ties ")[detail::verb<V::Collected>][detail::pot<0>] >> amount >> " with " >> rest);

action_type const action = "action";
auto const action_def =
    // "folds and shows [XX] [A d]": the cards shown are not kept.
    (lit("folds")[detail::verb<V::Fold>] >> -(lit(" and shows ") >> rest)) |
    (lit("checks")[detail::verb<V::Check>]) |
    (lit("calls ")[detail::verb<V::Call>] >> amount >> all_in) |
    (lit("bets ")[detail::verb<V::Bet>] >> amount >> all_in) |
    (lit("raises to ")[detail::verb<V::Raise>] >> money_text[detail::view<&ast::Action::amount2>] >>
     all_in) |
    (lit("posts small blind (")[detail::verb<V::SmallBlind>] >> amount >> ')' >> all_in) |
    (lit("posts big blind (")[detail::verb<V::BigBlind>] >> amount >> ')' >> all_in) |
    (lit("posts ante of ")[detail::verb<V::Ante>] >> amount >> all_in) |
    (lit("posts ")[detail::verb<V::DeadBlind>] >> amount >> " dead" >> all_in) |
    // "Hero posts $0.04": a big blind posted to come in.
    (lit("posts ")[detail::verb<V::BigBlind>] >> amount >> all_in) |
    (lit("shows ")[detail::verb<V::Show>] >> raw[+(char_)][detail::view<&ast::Action::cards>]) |
    (lit("mucks")[detail::verb<V::Muck>] >> rest) | collected |
    // "did not respond in time and is folded": a notice, the "folds" line follows.
    ((lit("doesn't show") | lit("did not respond in time and is folded") | lit("has ") |
      lit("is no qualifying low hand") | lit("is at seat ") |
      lit("will be dealt in after the button") | lit(" is using the time bank")) >>
     rest);

BOOST_SPIRIT_DEFINE(blinds_line, start_time, seat_line, action)

}  // namespace grammar
}  // namespace hh::pkr
