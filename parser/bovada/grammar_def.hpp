// Definitions of the Bovada line grammars declared in bovada/grammar.hpp.
// Included only by bovada/grammar.cpp.
#pragma once

#include "parser/bovada/grammar.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::bovada {

namespace detail {

// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;

inline constexpr assign_value_t<&ast::SeatLine::stud_style, true> stud_style{};

struct whole_view_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    auto const& r = x3::_attr(ctx);
    x3::_val(ctx) = std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};
inline constexpr whole_view_t whole_view{};

struct set_number_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx) = x3::_attr(ctx);
  }
};
inline constexpr set_number_t set_number{};

}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

// Amounts: "$1,808.75" in cash games, "1,500" in tournaments.
inline auto const amount = grouped_amount;
// "(timeout)", " (timeout)", "(auth-disconnect)", "(Blind Disconnected)" after a verb.
inline auto const reason = -(spaces >> '(' >> *(char_ - ')') >> ')');

// --- header -------------------------------------------------------------------------------------
inline auto const iso_date =
    raw[x3::repeat(4)[digit] >> '-' >> x3::repeat(2)[digit] >> '-' >> x3::repeat(2)[digit]];
inline auto const header_tail = lit(" - ") >> iso_date >> ' ' >> time_text >>
                                -(' ' >> +alpha) >> spaces >> eoi;
header_type const header = "header";
auto const header_def =
    raw[+(char_ - " Hand #")][detail::view<&ast::Header::room>] >>
    (lit(" Hand #") > named("the hand number", raw[+digit][detail::view<&ast::Header::hand_id>])) >>
    -lit(':') >> raw[*(char_ - header_tail)][detail::view<&ast::Header::description>] >>
    (lit(" - ") > named("a date (YYYY-MM-DD)", iso_date[detail::view<&ast::Header::date>]) > ' ' >
     named("a time (HH:MM:SS)", time_text[detail::view<&ast::Header::time>])) >>
    -(' ' >> raw[+alpha][detail::view<&ast::Header::zone>]) >> spaces;

inline auto const blinds = amount[detail::view<&ast::Blinds::small>] >>
                           char_("-/") >> amount[detail::view<&ast::Blinds::big>];
stakes_type const stakes = "stakes";
auto const stakes_def = lit("Table Info:") >> x3::seek[lit("Stakes: ") >> blinds] >> rest;
level_type const level = "level";
auto const level_def = x3::seek[lit("Level ") >> +digit >> " (" >> blinds >> ')'] >> rest;

// --- seats --------------------------------------------------------------------------------------
inline auto const in_chips = lit(" in chips");
seat_line_type const seat_line = "seat_line";
auto const seat_line_def =
    lit("Seat") >>
    (lit(' ') | lit('+')[detail::stud_style]) >> uint_[detail::number<&ast::SeatLine::seat>] >>
    raw[*(char_ - ':')][detail::view<&ast::SeatLine::marker>] >> ':' >> spaces >>
    ((amount[detail::view<&ast::SeatLine::stack>] >> in_chips) |
     (raw[+(char_ - " (")][detail::view<&ast::SeatLine::name>] >> " (" >>
      amount[detail::view<&ast::SeatLine::stack>] >> in_chips >> ')')) >>
    spaces;

seating_type const seating = "seating";
auto const seating_def = lit("Seating Info:") >> spaces >> (uint_ % (',' >> spaces)) >> spaces;

// --- streets and cards --------------------------------------------------------------------------
street_line_type const street_line = "street_line";
auto const street_line_def =
    lit("*** ") >> raw[+(char_ - " ***")][detail::view<&ast::StreetLine::name>] >> " ***" >>
    *(spaces >> '[' >> bracketed_text[detail::push<&ast::StreetLine::cards>] >> ']') >> spaces;

inline auto const cards = lit('[') >> bracketed_text[detail::whole_view] >> ']' >> spaces;
dealt_type const dealt = "dealt";
auto const dealt_def = lit("Card dealt to a spot ") >> cards;
table_cards_type const table_cards = "table_cards";
auto const table_cards_def = (lit("Card dealt to table ") | lit("Card to the table ")) >> cards;
board_type const board = "board";
auto const board_def = lit("Board ") >> cards;

dealer_type const dealer = "dealer";
auto const dealer_def = (lit("Set dealer/Bring in spot [") | lit("Set dealer [")) >>
                        uint_[detail::set_number] >> ']' >> spaces;

uncalled_type const uncalled = "uncalled";
auto const uncalled_def =
    lit("Return uncalled portion of bet ") >> amount[detail::whole_view] >> spaces;

// Lines about the table, not about one player's money.
notice_type const notice = "notice";
auto const notice_def =
    raw[lit("Table enter user") | lit("Table leave user") | lit("Seat sit down") |
        lit("Seat sit out") | lit("Seat stand") | lit("Seat re-join") | lit("Enter(Auto)") |
        lit("Leave(Auto)") | (lit("Table deposit ") >> amount) | lit("Set dealer/Bring in spot") |
        (lit("Player Info:") >> rest) | (lit("Table Info:") >> rest)][detail::whole_view] >>
    spaces;

// --- summary ------------------------------------------------------------------------------------
total_line_type const total_line = "total_line";
auto const total_line_def =
    lit("Total Pot(") >> amount[detail::view<&ast::TotalLine::total>] >> ')' >>
    -(lit(" | Rake (") >> amount[detail::view<&ast::TotalLine::rake>] >> ')') >> spaces;

summary_seat_line_type const summary_seat_line = "summary_seat_line";
auto const summary_seat_line_def =
    lit("Seat") >> char_(" +") >> uint_[detail::number<&ast::SummarySeatLine::seat>] >>
    ':' >> raw[rest][detail::view<&ast::SummarySeatLine::rest>];

// After the name: "$219.21 with [..]", "HI $1.41  with Flush [..]", "  with Two pair [..] LO
// $2.01 [..]", "97 [Does not show]", "lost with ..."; the amounts are what the seat won.
summary_money_type const summary_money = "summary_money";
auto const summary_money_def = spaces >> -(lit("HI") >> +lit(' ')) >>
                               -amount[detail::push<&ast::SummaryMoney::amounts>] >>
                               *x3::seek[lit(" LO") >> -lit('W') >> ' ' >>
                                         amount[detail::push<&ast::SummaryMoney::amounts>]] >>
                               rest;

// --- actions after "NAME : " --------------------------------------------------------------------
using V = ast::Verb;
inline auto const amount1 = ' ' >> amount[detail::view<&ast::Action::amount>];
inline auto const amount2 = amount[detail::view<&ast::Action::amount2>];
inline auto const shown = lit('[') >> bracketed_text[detail::view<&ast::Action::cards>] >> ']';

action_type const action = "action";
auto const action_def =
    ((lit("Folds") | lit("Fold"))[detail::verb<V::Fold>] >> reason >> rest) |
    (lit("Checks")[detail::verb<V::Check>] >> reason) |
    ((lit("Calls") | lit("Call"))[detail::verb<V::Call>] >> reason >> amount1) |
    // "All-in(raise) X to Y", "All-in(raise-timeout) X": Y, or X alone, is the street total.
    (lit("All-in(raise")[detail::verb<V::Raise>][detail::all_in] >> *(char_ - ')') >> ')' >>
     amount1 >> -(" to " >> amount2)) |
    // "All-in X": the chips put in, whether a bet, a call or a raise (the builder tells).
    (lit("All-in")[detail::verb<V::Call>][detail::all_in] >> reason >> amount1) |
    (lit("Raises")[detail::verb<V::Raise>] >> reason >> amount1 >> -(" to " >> amount2)) |
    ((lit("Bets chip info") | lit("Bets") | lit("Double bets"))[detail::verb<V::Bet>] >> reason >>
     amount1) |
    (lit("Ante chip")[detail::verb<V::Ante>] >> amount1) |
    ((lit("Ante/Small Blind") | lit("Ante/Small blind") | lit("Small Blind") |
      lit("Small blind"))[detail::verb<V::SmallBlind>] >>
     reason >> amount1) |
    ((lit("Big blind/Bring in") | lit("Big blind") | lit("Big Blind"))[detail::verb<V::BigBlind>] >>
     reason >> amount1) |
    // A live post of either blind by a joining player: the builder tells which (Action::text).
    (raw[lit("Posts chip")][detail::view<&ast::Action::text>][detail::verb<V::BigBlind>] >>
     amount1) |
    (lit("Posts dead chip")[detail::verb<V::BothBlinds>] >> amount1) |
    (lit("Bring_in chip")[detail::verb<V::BringIn>] >> reason >> amount1) |
    ((lit("Hand result") | lit("Hand Result"))[detail::verb<V::Collected>][detail::pot<-1>] >>
     -(lit("-Side pot") | lit("-Side Pot")) >> amount1) |
    (lit("Showdown")[detail::verb<V::Show>] >> rest) |
    (lit("Mucks")[detail::verb<V::Muck>] >> ' ' >> shown >> rest) |
    (lit("Does not show")[detail::verb<V::Muck>] >> rest) |
    ((lit("Seat sit out") | lit("Sit out") | lit("Sitout"))[detail::verb<V::SitOut>] >> rest) |
    ((lit("Seat re-join") | lit("Re-join"))[detail::verb<V::Return>] >> spaces) |
    ((lit("Leave(Auto)") | lit("Enter(Auto)") | lit("Seat stand") | lit("Stand") |
      lit("Table enter user") | lit("Table leave user") | lit("Seat sit down") |
      lit("Draw for dealer") | lit("Ranking") | lit("Prize Cash") | lit("BOUNTY PRIZE") |
      lit("Rebuyin") | lit("Addon") | lit("Double rebuys") | lit("Double addon") |
      lit("Table deposit"))[detail::verb<V::Other>] >>
     rest);

BOOST_SPIRIT_DEFINE(header, stakes, level, seat_line, seating, street_line, dealt, table_cards,
                    board, dealer, uncalled, notice, total_line, summary_seat_line, summary_money,
                    action)

}  // namespace grammar
}  // namespace hh::bovada
