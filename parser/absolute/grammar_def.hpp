// Definitions of the Absolute / UltimateBet line grammars declared in absolute/grammar.hpp.
// Included only by absolute/grammar.cpp.
#pragma once

#include "parser/absolute/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::absolute {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::Collects::proposition, true> proposition{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// "$0.02", "$1,195.50", "1,440": a currency symbol at cash tables only.
inline auto const amount_text = grouped_amount;
inline auto const date_dashes = raw[x3::repeat(4)[digit] >> '-' >> +digit >> '-' >> +digit];

header_type const header = "header";
auto const header_def =
    lit("Stage #") >
    named("the hand number", raw[-char_('C') >> +digit][detail::view<&ast::Header::hand_id>]) >>
    ((lit(" Tourney ID ") >> raw[+digit][detail::view<&ast::Header::tournament_id>] >> ' ') |
     lit(": ")) >>
    raw[+(char_ - (lit(" - ") >> date_dashes >> ' '))][detail::view<&ast::Header::game>] >>
    " - " >> date_dashes[detail::view<&ast::Header::date>] >>
    ' ' >> time_text[detail::view<&ast::Header::time>] >> -('.' >> +digit) >>
    " (" >> raw[+alpha][detail::view<&ast::Header::zone>] >> ')' >> rest;

stakes_type const stakes = "stakes";
auto const stakes_def = amount_text[detail::view<&ast::Stakes::first>] >>
                        -('/' >> amount_text[detail::view<&ast::Stakes::second>]) >>
                        -(", " >> amount_text[detail::view<&ast::Stakes::ante>] >> " ante") >> rest;

table_type const table = "table";
auto const table_def =
    lit("Table: ") >>
    raw[+(char_ - (lit(" (") >> +(char_ - ')') >> ") Seat #"))][detail::view<&ast::Table::name>] >>
    " (" >> raw[+(char_ - ')')][detail::view<&ast::Table::money_kind>] >> ") Seat #" >>
    uint_[detail::number<&ast::Table::button>] >> " is the dealer" >> spaces;

seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> " - " >>
    raw[+(char_ - (lit(" (") >> amount_text >> " in chips)" >> spaces >> eoi))]
       [detail::view<&ast::SeatLine::player>] >>
    " (" >> amount_text[detail::view<&ast::SeatLine::stack>] >> " in chips)" >> spaces;

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >> " ***" >>
    *(lit(" [") >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

returned_type const returned = "returned";
auto const returned_def = lit("returned (") >> amount_text[detail::view<&ast::Returned::amount>] >>
                          ") : not called" >> spaces;

collects_type const collects = "collects";
auto const collects_def = lit("Collects ") >> amount_text[detail::view<&ast::Collects::amount>] >>
                          " from " >>
                          (lit("main pot") | (lit("side pot-") >> uint_[detail::side_pot]) |
                           (+digit >> lit(" proposition pot")[detail::proposition])) >>
                          spaces;

// "Total Pot($26) | Rake ($1.30) | Jackpot Rake ($0.50) | 72 Proposition Pot ($40)": the
// proposition pot is the 7-2 bonus the other players pay beside the pot.
totals_type const totals = "totals";
auto const totals_def =
    lit("Total Pot(") >> amount_text[detail::view<&ast::Totals::total>] >>
    -(':' >> raw[+(char_ - ')')][detail::push<&ast::Totals::pots>]) >> ')' >>
    -(lit(" | Rake (") >> amount_text[detail::view<&ast::Totals::rake>] >> ')') >>
    -(lit(" | Jackpot Rake (") >> amount_text[detail::view<&ast::Totals::jackpot>] >> ')') >>
    -(lit(" | ") >> +digit >> " Proposition Pot (" >> amount_text >> ')') >> spaces;

// --- what follows "NAME - " ---------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount = amount_text[detail::view<&ast::Action::amount>];
inline auto const amount2 = amount_text[detail::view<&ast::Action::amount2>];
// A choice made in advance, or made by the client when the player's time ran out.
inline auto const how = -(lit(" (Preselection)") | lit(" (Timeout)"));
action_type const action = "action";
auto const action_def =
    ((lit("Folds")[detail::verb<V::Fold>] >>
      -(lit(" (Fold & Show [") >> bracketed_text[detail::view<&ast::Action::cards>] >> "])")) |
     (lit("Checks")[detail::verb<V::Check>]) | (lit("Calls ")[detail::verb<V::Call>] >> amount) |
     (lit("Bets ")[detail::verb<V::Bet>] >> amount) |
     // "Raises $3.50 to $4": the first amount is the chips the raise adds (from a $0.50 small
     // blind), the second the street total.
     (lit("Raises ")[detail::verb<V::RaiseBy>] >> amount >> " to " >> amount_text) |
     (lit("All-In(Raise) ")[detail::verb<V::RaiseBy>] >> amount >> " to " >> amount_text >>
      eps[detail::all_in]) |
     // All-in protection: a player whose time ran out stays in for what he has put in.
     (lit("All-In (Timeout)")[detail::verb<V::SitOut>] >> eps[detail::all_in]) |
     // "All-In $1.47": a bet, a call or a raise of that many chips; the builder decides.
     (lit("All-In ")[detail::verb<V::Call>] >> amount >> eps[detail::all_in]) |
     (lit("Posts small blind ")[detail::verb<V::SmallBlind>] >> amount) |
     (lit("Posts big blind ")[detail::verb<V::BigBlind>] >> amount) |
     // 2007: "Posts dead $40 dead $15": $40 in all, $15 of it dead.
     (lit("Posts dead ")[detail::verb<V::BothBlinds>] >> amount >> " dead " >> amount_text) |
     // 2009: "Posts $1 dead $0.50": $1 live and $0.50 dead beside it.
     (lit("Posts ")[detail::verb<V::BothBlinds>] >> amount2 >> " dead " >> amount) |
     // "Posts $0.02": a big blind posted to enter the game.
     (lit("Posts ")[detail::verb<V::BigBlind>] >> amount) |
     (lit("Ante ")[detail::verb<V::Ante>] >> amount) |
     (lit("Bring-In ")[detail::verb<V::BringIn>] >> amount) |
     (lit("Shows [")[detail::verb<V::Show>] >> bracketed_text[detail::view<&ast::Action::cards>] >>
      ']' >> rest) |
     (lit("Mucks")[detail::verb<V::Muck>]) | (lit("Does not show")[detail::verb<V::Other>]) |
     (lit("sitout")[detail::verb<V::SitOut>] >> rest)) >>
    how >> spaces;

BOOST_SPIRIT_DEFINE(header, stakes, table, seat_line, street_line, returned, collects, totals,
                    action)

}  // namespace grammar
}  // namespace hh::absolute
