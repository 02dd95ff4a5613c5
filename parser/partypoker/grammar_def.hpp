// Definitions of the PartyPoker line grammars declared in partypoker/grammar.hpp.
// Included only by partypoker/grammar.cpp.
#pragma once

#include "parser/partypoker/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::partypoker {

namespace detail {
// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// --- header -------------------------------------------------------------------------------------
banner_type const banner = "banner";
auto const banner_def = (lit("***** Hand History ") >>
                         raw[lit("for") | lit("For")][detail::view<&ast::Banner::dialect>] >>
                         " Game ") >
                        (named("the hand number",
                               raw[+alnum])[detail::view<&ast::Banner::hand_id>] >>
                         " *****" >> spaces >> raw[rest][detail::view<&ast::Banner::note>]);

// The dates PartyPoker prints: "Thursday, January 26, 18:13:53 EST 2012", "Sunday,December 9,
// 14:34:49 ICT 2012", "Sunday, July 28, 21:01:39  2013" (no zone), and the summary dialect's
// "Fri Nov 14 21:05:24 EST 2008". `date_shape` finds where the date starts (no actions run while
// probing); `date` stores its parts.
inline auto const clock = +digit >> ':' >> +digit >> ':' >> +digit;
inline auto const date_shape = +alpha >> ((',' >> spaces >> +alpha >> ' ' >> +digit >> ", ") |
                                          (' ' >> +alpha >> ' ' >> +digit >> ' ')) >>
                               clock >> +lit(' ') >>
                               -(+alpha >> +lit(' ')) >> x3::repeat(4)[digit] >> spaces >> eoi;
inline auto const date = +alpha >>
                         ((',' >> spaces >> raw[+alpha][detail::view<&ast::GameLine::month>] >>
                           ' ' >> raw[+digit][detail::view<&ast::GameLine::day>] >> ", ") |
                          (' ' >> raw[+alpha][detail::view<&ast::GameLine::month>] >> ' ' >>
                           raw[+digit][detail::view<&ast::GameLine::day>] >> ' ')) >>
                         raw[clock][detail::view<&ast::GameLine::time>] >> +lit(' ') >>
                         -(raw[+alpha][detail::view<&ast::GameLine::zone>] >> +lit(' ')) >>
                         raw[x3::repeat(4)[digit]][detail::view<&ast::GameLine::year>] >> spaces;
// The description ends at " - " or, in one client, a bare "-" ("PL  Omaha Hi-Saturday,February").
inline auto const date_sep = spaces >> '-' >> spaces;
game_line_type const game_line = "game_line";
auto const game_line_def =
    raw[+(char_ - (date_sep >> date_shape))][detail::view<&ast::GameLine::description>] >>
    date_sep >> date;

// --- seats --------------------------------------------------------------------------------------
// The name runs up to " (" before the stack (a digit or a currency sign); a HUD's figures may
// follow the ")".
inline auto const stack_open = lit(" (") >> spaces >> (digit | lit('$') | lit("€") | lit("£"));
seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    (lit("Seat") | lit("seat")) >> spaces >> uint_[detail::number<&ast::SeatLine::seat>] >> ':' >>
    spaces >> raw[+(char_ - stack_open)][detail::view<&ast::SeatLine::player>] >> " (" >> spaces >>
    raw[+(char_ - (spaces >> ')'))][detail::view<&ast::SeatLine::stack>] >> spaces >> ')' >> rest;

// --- street markers -----------------------------------------------------------------------------
street_line_type const street_line = "street_line";
auto const street_line_def = lit("** ") >>
                             raw[+(char_ - " **")][detail::view<&ast::StreetLine::name>] >> " **" >>
                             spaces >>
                             -(-(lit(':') >> spaces) >> '[' >>
                               raw[*(char_ - ']')][detail::view<&ast::StreetLine::cards>] >> ']') >>
                             spaces;

// --- what follows "NAME " -----------------------------------------------------------------------
using V = ast::Verb;
// One printed figure: "$1,132.50", "€0.05", "0.08", "1.4K" (thousands: the K is read with
// the number), with its currency code apart ("$0.13 USD", "€10 EUR"). A ',' or '.' belongs to
// the number only when a digit follows ("balance $5, bet $1").
inline auto const figure_text = raw[-(lit('$') | lit("€") | lit("£")) >> spaces >> digit >>
                                    *(digit | (char_(",.'") >> &digit)) >> -lit('K')];
inline auto const currency_code = lit("USD") | lit("EUR") | lit("GBP");
// "[$0.02 USD]", "[ $0,25 USD ]", "[3,000]", "[$0.08  USD].", "(17500)", and the cash clients'
// bare "0.02" (2010, 2013, 2026).
inline auto const amount_text = raw[+(char_ - (spaces >> char_("])")))];
inline auto const amount =
    (spaces >> '[' >> spaces >> amount_text[detail::view<&ast::Action::amount>] >> spaces >> ']' >>
     -lit('.')) |
    (spaces >> '(' >> amount_text[detail::view<&ast::Action::amount>] >> ')') |
    (+lit(' ') >> figure_text[detail::view<&ast::Action::amount>] >> -(' ' >> currency_code) >>
     -lit('.'));
inline auto const cards =
    spaces >> '[' >> raw[*(char_ - ']')][detail::view<&ast::Action::cards>] >> ']' >> rest;
// "wins $0.13 USD from the main pot with ...", "wins 20 chips from  side pot #1  with ...",
// "wins 707982 from main pot", "wins $239 USD", "wins Lo (640 chips) from the main pot with ...".
inline auto const won = figure_text[detail::view<&ast::Action::amount>] >> spaces >>
                        -(currency_code | lit("chips"));
inline auto const from_pot = spaces >> "from" >> +lit(' ') >> -lit("the ") >>
                             (lit("main pot")[detail::pot<0>] |
                              (lit("side pot") >> spaces >> -lit('#') >>
                               uint_[detail::side_pot])) >>
                             rest;
inline auto const wins = lit("wins ")[detail::verb<V::Collected>] >>
                         ((lit("Lo (") >> won >> ')') | won) >> -from_pot;
// The summary dialect: "balance 51205, bet 1315, collected 2520, net +1205", "balance 49935,
// lost 65 (folded)"; the cash clients of 2010, 2013 and 2026 print money: "balance $5.12, bet
// $0.25, collected $0.48, net +$0.23".
inline auto const figure = figure_text >> -(' ' >> currency_code);
inline auto const balance = lit("balance ") >> figure >> ", " >>
                            (((lit("bet ") >> figure >>
                               ", collected ")[detail::verb<V::Collected>] >>
                              figure_text[detail::view<&ast::Action::amount>] >> rest) |
                             (lit("lost ")[detail::verb<V::Other>] >> rest));
// Lines that move no money.
inline auto const note =
    (lit("opens") | lit("has joined the table") | lit("has left the table") |
     lit("did not respond in time") | lit("could not respond in time") |
     lit("will be using his time bank") | lit("Forward Folds") | lit("- Selects point card") |
     lit("does not show cards") | lit("finished in"))[detail::verb<V::Other>] >>
    rest;
action_type const action = "action";
auto const action_def =
    ((lit("folds")[detail::verb<V::Fold>] >> -lit('.')) |
     (lit("checks")[detail::verb<V::Check>] >> -lit('.')) |
     (lit("calls")[detail::verb<V::Call>] >> amount) |
     (lit("bets")[detail::verb<V::Bet>] >> amount) |
     (lit("double bets")[detail::verb<V::Bet>] >> amount) |
     (lit("raises ")[detail::verb<V::Raise>] >> figure >> " to " >>
      figure_text[detail::view<&ast::Action::amount2>] >> -(' ' >> currency_code) >> -lit('.')) |
     (lit("raises")[detail::verb<V::RaiseBy>] >> amount) |
     (lit("completes")[detail::verb<V::RaiseBy>] >> amount) |
     (lit("bring-ins")[detail::verb<V::BringIn>] >> amount) |
     (lit("is all-In")[detail::verb<V::Bet>][detail::all_in] >> amount) |
     (lit("is all-In")[detail::verb<V::Other>][detail::all_in] >> -lit('.')) |
     (lit("posts small blind")[detail::verb<V::SmallBlind>] >> amount) |
     (lit("posts big blind + dead")[detail::verb<V::BothBlinds>] >> amount) |
     (lit("posts big blind")[detail::verb<V::BigBlind>] >> amount) |
     (lit("posts button blind")[detail::verb<V::ButtonBlind>] >> amount) |
     (lit("posts ante")[detail::verb<V::Ante>] >> -lit(" of") >> amount) |
     (lit("shows")[detail::verb<V::Show>] >> cards) |
     (lit("doesn't show")[detail::verb<V::Muck>] >> cards) |
     (lit("shows")[detail::verb<V::Other>] >> rest) |
     (lit("is sitting out")[detail::verb<V::SitOut>] >> rest) | wins | balance | note) >>
    spaces;

BOOST_SPIRIT_DEFINE(banner, game_line, seat_line, street_line, action)

}  // namespace grammar
}  // namespace hh::partypoker
