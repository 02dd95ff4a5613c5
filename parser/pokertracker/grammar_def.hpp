// Definitions of the PokerTracker export's line grammars declared in pokertracker/grammar.hpp.
// Included only by pokertracker/grammar.cpp.
#pragma once

#include "parser/pokertracker/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::pokertracker {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::PlayerSeat::dealer, true> dealer{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

// "$1,500.00", "€0.01", "1500.00" (x3_actions.hpp).
inline auto const amount = grouped_amount;
inline auto const dash = lit(" - ");
// "2011-06-15" (iPoker, Microgaming), "2011/01/23" (iPoker's 2011 exports) and "01/11/2012"
// (Merge: month first).
inline auto const iso_date = x3::repeat(4)[digit] >> '-' >> x3::repeat(2)[digit] >>
                             '-' >> x3::repeat(2)[digit];
inline auto const slash_date = x3::repeat(4)[digit] >> '/' >> x3::repeat(2)[digit] >>
                               '/' >> x3::repeat(2)[digit];
inline auto const us_date = x3::repeat(2)[digit] >> '/' >> x3::repeat(2)[digit] >>
                            '/' >> x3::repeat(4)[digit];

// --- headers ------------------------------------------------------------------------------------
// What ends an iPoker or Merge header: the date and time, a zone ("/GMT", " EST") and Merge's
// " | Version:2".
inline auto const colon_when =
    raw[iso_date | slash_date | us_date][detail::view<&ast::ColonHeader::date>] >> ' ' >>
    time_text[detail::view<&ast::ColonHeader::time>] >>
    raw[-(lit("/GMT") | lit(" EST") | lit(" ET"))][detail::view<&ast::ColonHeader::zone>] >>
    -(lit(" | Version:") >> +digit) >> spaces >> eoi;
inline auto const colon_separator = lit(" | ") | lit(' ');

colon_header_type const colon_header = "colon_header";
auto const colon_header_def =
    raw[lit("GAME #") | lit("MERGE_GAME #") | lit("Merge Game #")]
       [detail::view<&ast::ColonHeader::prefix>] >
    named("the hand number",
          raw[digit >> *(digit | char_('-'))][detail::view<&ast::ColonHeader::hand_id>]) >>
    (lit(": ") | lit(" | ") | lit(' ')) >> *lit(' ') >>
    raw[*(char_ - (colon_separator >> colon_when))][detail::view<&ast::ColonHeader::description>] >>
    colon_separator >> colon_when;

everest_header_type const everest_header = "everest_header";
auto const everest_header_def =
    lit("EverestPoker Game #") >
    named("the hand number", raw[+digit][detail::view<&ast::EverestHeader::hand_id>]) >> ": " >>
    -("Tourney ID: " >> raw[+digit][detail::view<&ast::EverestHeader::tournament_id>] >> ", ") >>
    "Table " >> raw[+(char_ - dash)][detail::view<&ast::EverestHeader::table>] >> dash
    >> raw[+(char_ - dash)][detail::view<&ast::EverestHeader::stakes>] >> dash
    >> raw[+(char_ - dash)][detail::view<&ast::EverestHeader::game>] >> dash
    >> time_text[detail::view<&ast::EverestHeader::time>] >> dash
    >> date_text[detail::view<&ast::EverestHeader::date>] >> spaces;

microgaming_start_type const microgaming_start = "microgaming_start";
auto const microgaming_start_def =
    (lit("** ") >> (lit("Game ID ") | lit("Hand # "))) >
    named("the hand number", raw[+digit][detail::view<&ast::MicrogamingStart::hand_id>]) >>
    -(lit(" Version:") >> +digit) >>
    " starting - " >> raw[iso_date][detail::view<&ast::MicrogamingStart::date>] >>
    ' ' >> time_text[detail::view<&ast::MicrogamingStart::time>] >> spaces;

microgaming_table_type const microgaming_table = "microgaming_table";
auto const microgaming_table_def =
    lit("** ") >> raw[+(char_ - lit(" ["))][detail::view<&ast::MicrogamingTable::table>] >> " [" >>
    raw[+(char_ - ']')][detail::view<&ast::MicrogamingTable::game>] >> "] (" >>
    raw[+(char_ - '|')][detail::view<&ast::MicrogamingTable::small_blind>] >> '|' >>
    raw[+(char_ - ' ')][detail::view<&ast::MicrogamingTable::big_blind>] >> ' ' >>
    raw[+alpha][detail::view<&ast::MicrogamingTable::limit>] >> dash >>
    raw[*(char_ - ')')][detail::view<&ast::MicrogamingTable::kind>] >> ')' >> rest;

// --- seats --------------------------------------------------------------------------------------
everest_seat_type const everest_seat = "everest_seat";
auto const everest_seat_def =
    lit("Seat ") >> uint_[detail::number<&ast::PlayerSeat::seat>] >> ": " >>
    raw[+(char_ - (lit(" (") >> amount >> ')' >> eoi))][detail::view<&ast::PlayerSeat::player>] >>
    " (" >> amount[detail::view<&ast::PlayerSeat::stack>] >> ')';

microgaming_seat_type const microgaming_seat = "microgaming_seat";
auto const microgaming_seat_def =
    -lit("- ") >>
    raw[+(char_ - lit(" sitting in seat "))][detail::view<&ast::PlayerSeat::player>] >>
    " sitting in seat " >> uint_[detail::number<&ast::PlayerSeat::seat>] >> " with " >>
    amount[detail::view<&ast::PlayerSeat::stack>] >>
    -(" at end " >> amount[detail::view<&ast::PlayerSeat::final_stack>]) >>
    *(spaces >> (lit("[Dealer]")[detail::dealer] | lit("[Sitting out]"))) >> spaces;

totals_type const totals = "totals";
auto const totals_def = ((lit("Total pot ") >> amount[detail::view<&ast::Totals::pot>] >>
                          " Rake " >> amount[detail::view<&ast::Totals::rake>]) |
                         (lit("Rake: ") >> amount[detail::view<&ast::Totals::rake>])) >>
                        spaces;

// --- actions ------------------------------------------------------------------------------------
inline auto const amount1 = amount[detail::view<&ast::Action::amount>];
inline auto const amount2 = amount[detail::view<&ast::Action::amount2>];
inline auto const shown = '[' >> bracketed_text[detail::view<&ast::Action::cards>] >> ']' >> rest;

// iPoker and Merge, after "NAME: ". "Raise X" and "Raise (NF) X" are the street total X; "Allin
// X" the chips it adds (the builder decides whether that calls, bets or raises).
colon_action_type const colon_action = "colon_action";
auto const colon_action_def =
    (lit("Fold")[detail::verb<V::Fold>] | lit("Check")[detail::verb<V::Check>] |
     (lit("Call ")[detail::verb<V::Call>] >> amount1) |
     (lit("Bet ")[detail::verb<V::Bet>] >> amount1) |
     ((lit("Raise (NF) ") | lit("Raise "))[detail::verb<V::Raise>] >> amount2) |
     // "Raise to X" adds X chips: "Player0: Raise to $250.00" from the $50 small blind is called
     // with "Call $200.00" from the $100 big blind (iPoker hand 4999410502).
     (lit("Raise to ")[detail::verb<V::RaiseBy>] >> amount1) |
     (lit("Allin ")[detail::verb<V::RaiseBy>][detail::all_in] >> amount1) |
     ((lit("Post SB ") | lit("SB "))[detail::verb<V::SmallBlind>] >> amount1) |
     ((lit("Post BB ") | lit("BB "))[detail::verb<V::BigBlind>] >> amount1) |
     (lit("Post Ante ")[detail::verb<V::Ante>] >> amount1) |
     (lit("Post DB ")[detail::verb<V::BothBlinds>] >> amount1) |
     (lit("Shows ")[detail::verb<V::Show>] >> shown) |
     (lit("Mucks ")[detail::verb<V::Muck>] >> shown) |
     (lit("wins ")[detail::verb<V::Collected>] >> amount1)) >>
    spaces;

// Everest, after "NAME ".
inline auto const everest_all_in = -(lit(", and is all-in")[detail::all_in]);
everest_action_type const everest_action = "everest_action";
auto const everest_action_def =
    (lit("folds")[detail::verb<V::Fold>] | lit("checks")[detail::verb<V::Check>] |
     (lit("calls ")[detail::verb<V::Call>] >> amount1 >> everest_all_in) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount1 >> everest_all_in) |
     (lit("raises to ")[detail::verb<V::Raise>] >> amount2 >> everest_all_in) |
     (lit("posts the small blind of ")[detail::verb<V::SmallBlind>] >> amount1) |
     (lit("posts the big blind of ")[detail::verb<V::BigBlind>] >> amount1) |
     (lit("posts the ante of ")[detail::verb<V::Ante>] >> amount1) |
     (lit("posts the dead blind of ")[detail::verb<V::DeadBlind>] >> amount1) |
     // A player coming in between the blinds posts a live big blind: "posts $1.00".
     (lit("posts ")[detail::verb<V::BigBlind>] >> amount1) |
     (lit("shows ")[detail::verb<V::Show>] >> shown) |
     (lit("mucked ")[detail::verb<V::Muck>] >> shown) |
     (lit("collects ")[detail::verb<V::Collected>] >> amount1) |
     // Disconnect protection: the player plays on for what is in, owing no more (a SitsOut
     // flagged all-in, as WPN's "is disconnected and ALL IN"; hand 6474571169).
     lit("has been disconnected, and is allin")[detail::verb<V::SitOut>][detail::all_in] |
     (lit("finished in place ")[detail::verb<V::Other>] >> rest)) >>
    spaces;

// Microgaming, after "NAME ". "raised - X", "raised to X" and "went all-in - X" are all the chips
// added ("raised to €16.75" from €1.75 is called with €12.50 from €6); "bet - X" after a bet is a
// raise of X chips (the builder decides).
inline auto const mg_cards = raw[+char_][detail::view<&ast::Action::cards>];
microgaming_action_type const microgaming_action = "microgaming_action";
auto const microgaming_action_def =
    (lit("folded")[detail::verb<V::Fold>] | lit("checked")[detail::verb<V::Check>] |
     (lit("called - ")[detail::verb<V::Call>] >> amount1) |
     (lit("bet - ")[detail::verb<V::Bet>] >> amount1) |

     (lit("raised to ")[detail::verb<V::RaiseBy>] >> amount1) |
     (lit("raised - ")[detail::verb<V::RaiseBy>] >> amount1) |
     (lit("went all-in - ")[detail::verb<V::RaiseBy>][detail::all_in] >> amount1) |
     (lit("posted the small blind - ")[detail::verb<V::SmallBlind>] >> amount1) |
     (lit("posted the big blind - ")[detail::verb<V::BigBlind>] >> amount1) |
     (lit("posted ante - ")[detail::verb<V::Ante>] >> amount1) |
     // A player joining between the blinds: dead money (docs/sites/pokertracker.md).
     (lit("posted to play - ")[detail::verb<V::DeadBlind>] >> amount1) |
     (lit("shows: ")[detail::verb<V::Show>] >> mg_cards) |
     (lit("mucks:")[detail::verb<V::Muck>] >> -(' ' >> mg_cards)) |
     (lit("wins ")[detail::verb<V::Collected>] >> amount1 >>
      lit(" from the main pot")[x3_actions::pot<0>])) >>
    spaces;

BOOST_SPIRIT_DEFINE(colon_header, everest_header, microgaming_start, microgaming_table,
                    everest_seat, microgaming_seat, totals, colon_action, everest_action,
                    microgaming_action)

}  // namespace grammar
}  // namespace hh::pokertracker
