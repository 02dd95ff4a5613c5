// Definitions of the 888poker line grammars declared in 888poker/grammar.hpp.
// Included only by 888poker/grammar.cpp.
#pragma once

#include "parser/888poker/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::poker888 {

namespace detail {

// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;

struct game_no_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    auto const& r = x3::_attr(ctx);
    x3::_val(ctx) = std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};

}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// The characters of a printed amount: digits, the three separators 888 uses ('.', ',', ' ';
// NBSP is a space after decode()) and the currency symbols, on either side of the number.
inline auto const currency_symbol = lit('$') | lit("€") | lit("£");
inline auto const money_text = raw[+(digit | char_(".,") | char_(' ') | currency_symbol)];

// --- header -------------------------------------------------------------------------------------
game_no_type const game_no = "game_no";
auto const game_no_def = (lit("#Game No : ") >
                          named("the game number", raw[+digit][detail::game_no_t{}])) >>
                         *lit(' ');

inline auto const banner_end = lit(" Hand History for Game ");
banner_type const banner = "banner";
auto const banner_def = lit("***** ") >>
                        raw[+(char_ - banner_end)][detail::view<&ast::Banner::room>] >>
                        banner_end >> raw[+digit][detail::view<&ast::Banner::hand_id>] >>
                        " *****" >> *lit(' ');

inline auto const two_digits = x3::repeat(2)[digit];
game_line_type const game_line = "game_line";
auto const game_line_def =
    raw[+(char_ - '/')][detail::view<&ast::GameLine::small_blind>] >> '/' >>
    raw[+(char_ - " Blinds ")][detail::view<&ast::GameLine::big_blind>] >> " Blinds " >>
    raw[+(char_ - " - ***")][detail::view<&ast::GameLine::description>] >> " - ***" >>
    -(' ' >> raw[two_digits][detail::view<&ast::GameLine::day>] >> ' ' >>
      raw[two_digits][detail::view<&ast::GameLine::month>] >> ' ' >>
      raw[x3::repeat(4)[digit]][detail::view<&ast::GameLine::year>] >> ' ' >>
      raw[+digit >> ':' >> two_digits >> ':' >> two_digits][detail::view<&ast::GameLine::time>]) >>
    *lit(' ');

// The name (or buy-in) runs up to an optional " N Max" and the bracketed money kind at the end.
inline auto const table_tail = -(' ' >> uint_[detail::number<&ast::TableLine::max_seats>] >>
                                 " Max") >>
                               " (" >> raw[+(char_ - ')')][detail::view<&ast::TableLine::money>] >>
                               ')' >> *lit(' ') >> eoi;
inline auto const table_name_end =
    (' ' >> uint_ >> " Max (" >> +(char_ - ')') >> ')' >> *lit(' ') >> eoi) |
    (" (" >> +(char_ - ')') >> ')' >> *lit(' ') >> eoi);
table_line_type const table_line = "table_line";
auto const table_line_def =
    ((lit("Table ")) |
     (lit("Tournament #") >> raw[+digit][detail::view<&ast::TableLine::tournament_id>] >> ' ')) >>
    raw[*(char_ - table_name_end)][detail::view<&ast::TableLine::name>] >> table_tail;

// --- seats --------------------------------------------------------------------------------------
// The stack is everything between " ( " and the closing " )"; the builder reads it as an amount.
inline auto const stack_close = lit(" )") >> *lit(' ') >> eoi;
inline auto const stack_text = raw[+(char_ - stack_close)];
seat_line_type const seat_line = "seat_line";
// The name may be blank ("Seat 2:  ( $895 )"): some exports leave every name out.
auto const seat_line_def = lit("Seat ") >> uint_[detail::number<&ast::SeatLine::seat>] >> ": " >>
                           raw[*(char_ - (lit(" ( ") >> stack_text >> stack_close))]
                              [detail::view<&ast::SeatLine::player>] >>
                           " ( " >> stack_text[detail::view<&ast::SeatLine::stack>] >> stack_close;

// --- street markers -----------------------------------------------------------------------------
street_line_type const street_line = "street_line";
auto const street_line_def = lit("** ") >>
                             raw[+(char_ - " **")][detail::view<&ast::StreetLine::name>] >> " **" >>
                             -(+lit(' ') >> '[' >>
                               raw[*(char_ - ']')][detail::view<&ast::StreetLine::cards>] >> ']') >>
                             *lit(' ');

// --- actions after "NAME " ----------------------------------------------------------------------
using V = ast::Verb;
inline auto const bracketed = lit('[') >> money_text[detail::view<&ast::Action::amount>] >> ']';
inline auto const cards = lit('[') >> raw[*(char_ - ']')][detail::view<&ast::Action::cards>] >> ']';
action_type const action = "action";
auto const action_def = ((lit("folds")[detail::verb<V::Fold>] >> *lit(' ')) |
                         (lit("checks")[detail::verb<V::Check>] >> *lit(' ')) |
                         (lit("calls ")[detail::verb<V::Call>] >> bracketed) |
                         (lit("bets ")[detail::verb<V::Bet>] >> bracketed) |
                         (lit("raises ")[detail::verb<V::RaiseBy>] >> bracketed) |
                         (lit("posts small blind ")[detail::verb<V::SmallBlind>] >> bracketed) |
                         (lit("posts big blind ")[detail::verb<V::BigBlind>] >> bracketed) |
                         (lit("posts ante ")[detail::verb<V::Ante>] >> bracketed) |
                         (lit("posts dead blind ")[detail::verb<V::BothBlinds>] >> '[' >>
                          raw[+(char_ - '+')][detail::view<&ast::Action::amount>] >> '+' >>
                          money_text[detail::view<&ast::Action::amount2>] >> ']') |
                         (lit("shows ")[detail::verb<V::Show>] >> cards) |
                         (lit("mucks ")[detail::verb<V::Muck>] >> cards) |
                         (lit("did not show his hand")[detail::verb<V::Muck>]) |
                         (lit("collected ")[detail::verb<V::Collected>] >> bracketed) |
                         ((lit("sits out") | lit("is sitting out"))[detail::verb<V::SitOut>])) >>
                        *lit(' ');

BOOST_SPIRIT_DEFINE(game_no, banner, game_line, table_line, seat_line, street_line, action)

}  // namespace grammar
}  // namespace hh::poker888
