// Definitions of the Cake line grammars declared in cake/grammar.hpp.
// Included only by cake/grammar.cpp.
#pragma once

#include "parser/cake/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::cake {

namespace detail {
using namespace x3_actions;
inline constexpr assign_value_t<&ast::SeatLine::dealer, true> dealer{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// An amount as Cake prints it: an optional "$" or "€", an optional minus (a dead blind,
// "$-0,10"), digits grouped or split by ',', '.' or ' ' ("$250,50", "2,820", "1 500", "$0.02").
inline auto const money_text =
    raw[-(lit('$') | lit("€")) >> -lit('-') >> digit >> *(digit | (char_(",. ") >> &digit))];
// What follows an amount at a table shown in euros but played in dollars: " (EUR €0,04)".
inline auto const converted = lit(" (EUR ") >> money_text >> ')';
// After a seat's stack the conversion stands two spaces away: "($21,89 in chips)  (EUR €17,29)".
inline auto const seat_converted = lit(' ') >> spaces >> "(EUR ";
inline auto const field_sep = lit(" -- ");

header_type const header = "header";
auto const header_def =
    lit("Hand#") > named("the hand number", raw[+alnum][detail::view<&ast::Header::hand_id>]) >
    " - " > (raw[+(char_ - field_sep)][detail::push<&ast::Header::fields>] % field_sep) >> spaces;

game_field_type const game_field = "game_field";
auto const game_field_def = raw[+(char_ - ' ')][detail::view<&ast::Game::stakes>] >> ' ' >>
                            raw[+alpha][detail::view<&ast::Game::limit>] >> ' ' >>
                            raw[+char_][detail::view<&ast::Game::game>];

// Dates with '/', '.' or '-' between the numbers.
inline auto const any_date =
    raw[x3::repeat(4)[digit] >> char_("/.-") >> +digit >> char_("/.-") >> +digit];
when_field_type const when_field = "when_field";
auto const when_field_def =
    any_date[detail::view<&ast::When::date>] >> " - " >> time_text[detail::view<&ast::When::time>];

inline auto const seat_end = lit(" (") >> money_text >> " in chips)" >>
                             -(seat_converted >> money_text >> ')') >> -lit(" DEALER") >> eoi;
seat_line_type const seat_line = "seat_line";
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[+(char_ - seat_end)][detail::view<&ast::SeatLine::player>] >> " (" >>
                           money_text[detail::view<&ast::SeatLine::stack>] >> " in chips)" >>
                           -(seat_converted >>
                             money_text[detail::view<&ast::SeatLine::converted>] >> ')') >>
                           -(lit(" DEALER")[detail::dealer]);

street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("***") >> spaces >>
    raw[+(char_ - (spaces >> "***"))][detail::view<&ast::StreetLine::name>] >> spaces >> "***" >>
    spaces >> -('[' >> bracketed_text[detail::view<&ast::StreetLine::cards>] >> ']') >> spaces;

// --- what follows "NAME:" (usually "NAME: ") -----------------------------------------------------
using V = ast::Verb;
// The euro conversion of an amount is kept in `text` (the builder reads the dollar stakes with it).
inline auto const amount = money_text[detail::view<&ast::Action::amount>] >>
                           -(lit(" (EUR ") >> money_text[detail::view<&ast::Action::text>] >> ')');
action_type const action = "action";
auto const action_def =
    spaces >>
    ((lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> amount) |
     (lit("bets ")[detail::verb<V::Bet>] >> amount) |
     (lit("raises to ")[detail::verb<V::Raise>] >>
      money_text[detail::view<&ast::Action::amount2>] >> -converted) |
     // "is all in X": X is the chips the all-in adds; the builder tells a bet, call or raise.
     (lit("is all in ")[detail::verb<V::RaiseBy>][detail::all_in] >> amount) |
     (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> amount) |
     (lit("posts big blind ")[detail::verb<V::BigBlind>] >> amount) |
     (lit("posts ante of ")[detail::verb<V::Ante>] >> amount) |
     // "posts dead blind $-0,10 and big blind $0,10": amount the dead part, amount2 the live.
     (lit("posts dead blind ")[detail::verb<V::BothBlinds>] >> amount >> " and big blind " >>
      money_text[detail::view<&ast::Action::amount2>] >> -converted) |
     (lit("returns uncalled bet ")[detail::verb<V::Uncalled>] >> amount) |
     (lit("shows ")[detail::verb<V::Show>] >> '[' >>
      bracketed_text[detail::view<&ast::Action::cards>] >> ']' >> rest) |
     (lit("mucks")[detail::verb<V::Muck>] >>
      -(spaces >> '[' >> bracketed_text[detail::view<&ast::Action::cards>] >> ']') >> rest)) >>
    spaces;

// --- what follows "NAME " --------------------------------------------------------------------
// "wins $50,50", "wins 418 with Pair of Aces", "wins high pot 327 with ...", "wins low pot 327
// with"; "finished 3 out of 9 players.", "rebuys 3000 chips".
note_type const note = "note";
auto const note_def =
    ((lit("wins ")[detail::verb<V::Collected>] >> -(lit("high pot ") | lit("low pot ")) >> amount >>
      -(" with" >> rest)) |
     ((lit("finished ") >> +digit >> " out of " >> +digit >> " players.")[detail::verb<V::Other>]) |
     ((lit("rebuys ") >> +digit >> " chips")[detail::verb<V::Other>])) >>
    spaces;

BOOST_SPIRIT_DEFINE(header, game_field, when_field, seat_line, street_line, action, note)

}  // namespace grammar
}  // namespace hh::cake
