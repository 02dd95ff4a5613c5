// Definitions of the Winning Poker Network line grammars declared in winning/grammar.hpp.
// Included only by winning/grammar.cpp.
#pragma once

#include "parser/text/stars_family_grammar_def.hpp"
#include "parser/text/x3_actions.hpp"
#include "parser/winning/grammar.hpp"

namespace hh::winning {

namespace detail {
// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;
inline constexpr assign_value_t<&ast::ClassicResult::shown, true> shown{};
inline constexpr assign_value_t<&ast::ModernSeat::sitting_out, true> sitting_out{};
}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;
using V = ast::Verb;

inline auto const amount = grouped_amount;  // "2872.50", "$0.90", "4055.00" (x3_actions.hpp)

// --- classic export -----------------------------------------------------------------------------
classic_game_type const classic_game = "classic_game";
auto const classic_game_def = lit("Game ID: ") >
                              named("the game number",
                                    raw[+digit][detail::view<&ast::ClassicGame::hand_id>]) > ' ' >
                              named("the stakes (SB/BB)",
                                    amount[detail::view<&ast::ClassicGame::small_blind>] >> '/' >>
                                        amount[detail::view<&ast::ClassicGame::big_blind>]) >>
                              -(' ' >> raw[rest][detail::view<&ast::ClassicGame::description>]);

// The name runs up to the last " (STACK)." of the line; it may be empty ("Seat 4:  (20).").
inline auto const classic_stack_end = lit(" (") >> amount >> ')' >> -lit('.') >> spaces >> eoi;
classic_seat_type const classic_seat = "classic_seat";
auto const classic_seat_def =
    lit("Seat ") >> uint_[detail::number<&ast::ClassicSeat::seat>] >> ':' >>
    -lit(' ') >> raw[*(char_ - classic_stack_end)][detail::view<&ast::ClassicSeat::player>] >>
    " (" >> amount[detail::view<&ast::ClassicSeat::stack>] >> ')' >> -lit('.') >> spaces;

classic_street_type const classic_street = "classic_street";
auto const classic_street_def = lit("*** ") >>
                                raw[+(char_ - " ***")][detail::view<&ast::ClassicStreet::name>] >>
                                " ***" >> -lit(':') >>
                                *(+lit(' ') >> '[' >>
                                  bracketed_text[detail::push<&ast::ClassicStreet::cards>] >>
                                  ']') >>
                                spaces;

classic_pot_type const classic_pot = "classic_pot";
auto const classic_pot_def = lit("Pot: ") >> amount[detail::view<&ast::NetTotal::total>] >>
                             -(lit(". Rake ") >> amount[detail::view<&ast::NetTotal::rake>]) >>
                             -(lit(". JP fee ") >> amount[detail::view<&ast::NetTotal::jackpot>]) >>
                             -lit('.') >> spaces;

// After "Player NAME ": every bracketed amount is the chips the action adds.
inline auto const in_brackets = lit('(') >> amount[x3_actions::view<&ast::Action::amount>] >> ')';
classic_action_type const classic_action = "classic_action";
auto const classic_action_def =
    ((lit("has small blind ")[detail::verb<V::SmallBlind>] >> in_brackets) |
     (lit("has big blind ")[detail::verb<V::BigBlind>] >> in_brackets) |
     ((lit("posts ante ") | lit("ante "))[detail::verb<V::Ante>] >> in_brackets) |
     (lit("straddle ")[detail::verb<V::Straddle>] >> in_brackets) |
     // A blind posted out of turn (to enter the game, or a missed one): the builder decides.
     (lit("posts ")[detail::verb<V::DeadBlind>] >> in_brackets) |
     (lit("folds")[detail::verb<V::Fold>]) | (lit("checks")[detail::verb<V::Check>]) |
     (lit("calls ")[detail::verb<V::Call>] >> in_brackets) |
     (lit("bets ")[detail::verb<V::Bet>] >> in_brackets) |
     (lit("raises ")[detail::verb<V::RaiseBy>] >> in_brackets) |
     // "caps" and "allin" add chips that may call, bet or raise: the builder decides.
     (lit("caps ")[detail::verb<V::RaiseBy>] >> in_brackets) |
     (lit("allin ")[detail::verb<V::RaiseBy>][x3_actions::all_in] >> in_brackets) |
     (lit("received card: ")[detail::verb<V::Other>] >> '[' >>
      bracketed_text[x3_actions::view<&ast::Action::cards>] >> ']') |
     (lit("mucks cards")[detail::verb<V::Muck>]) |
     ((lit("sitting out") | lit("is timed out") | lit("wait BB"))[detail::verb<V::SitOut>] >>
      -lit('.')) |
     // All-in protection: the disconnected player is all-in for what he has put in.
     (lit("is disconnected and ALL IN")[detail::verb<V::SitOut>][x3_actions::all_in] >> -lit('.')) |
     // "allin" with no amount follows "is disconnected and ALL IN.": it moves no chips.
     ((lit("received a card") | lit("allin"))[detail::verb<V::Other>] >> -lit('.'))) >>
    spaces;

// After "[*]Player NAME " in the summary.
classic_result_type const classic_result = "classic_result";
auto const classic_result_def =
    -(lit("shows: ")[detail::shown] >> *(char_ - '[' - "Bets: ") >>
      -('[' >> bracketed_text[detail::view<&ast::ClassicResult::cards>] >> ']')) >>
    *(char_ - "Bets: ") >> "Bets: " >> amount[detail::view<&ast::ClassicResult::bets>] >>
    ". Collects: " >> amount[detail::view<&ast::ClassicResult::collects>] >> ". " >>
    (lit("Wins: ") | lit("Loses: ")) >> amount >> -lit('.') >> spaces;

// --- modern export ------------------------------------------------------------------------------
inline auto const level_stakes = lit("Level ") >> *(char_ - '(') >>
                                 '(' >> amount[detail::view<&ast::ModernHeader::small_blind>] >>
                                 '/' >> amount[detail::view<&ast::ModernHeader::big_blind>] >>
                                 ')' >> spaces >> '-';
inline auto const cash_stakes = amount[detail::view<&ast::ModernHeader::small_blind>] >> '/' >>
                                amount[detail::view<&ast::ModernHeader::big_blind>] >> " -";
modern_header_type const modern_header = "modern_header";
auto const modern_header_def =
    (-lit("Game ") >> lit("Hand #")) >
    (named("the hand number", raw[+digit][detail::view<&ast::ModernHeader::hand_id>]) >> " - " >>
     -(*(char_ - "Tournament #" - " - ") >> "Tournament #" >>
       raw[+digit][detail::view<&ast::ModernHeader::tournament_id>] >> " - ") >>
     raw[+(char_ - '(')][detail::view<&ast::ModernHeader::game>] >> '(' >>
     raw[+(char_ - ')')][detail::view<&ast::ModernHeader::limit>] >> ") - " >>
     (level_stakes | cash_stakes) >> ' ') >
    named("a date (YYYY/MM/DD)", date_text[detail::view<&ast::ModernHeader::date>]) > ' ' >
    (named("a time (HH:MM:SS)", time_text[detail::view<&ast::ModernHeader::time>]) >>
     -(' ' >> raw[+alpha][detail::view<&ast::ModernHeader::zone>]) >> spaces);

inline auto const modern_table_end = ' ' >> uint_ >> "-max Seat #";
modern_table_type const modern_table = "modern_table";
auto const modern_table_def =
    raw[+(char_ - modern_table_end)][detail::view<&ast::ModernTable::name>] >> ' ' >>
    uint_[detail::number<&ast::ModernTable::max_seats>] >> "-max Seat #" >>
    uint_[detail::number<&ast::ModernTable::button>] >> " is the button" >> spaces;

inline auto const modern_stack_end = lit(" (") >> amount >> ')' >> -lit(" is sitting out") >> spaces
                                     >> eoi;
modern_seat_type const modern_seat = "modern_seat";
auto const modern_seat_def =
    lit("Seat ") >> uint_[detail::number<&ast::ModernSeat::seat>] >> ": " >>
    raw[*(char_ - modern_stack_end)][detail::view<&ast::ModernSeat::player>] >> " (" >>
    amount[detail::view<&ast::ModernSeat::stack>] >> ')' >>
    -lit(" is sitting out")[detail::sitting_out] >> spaces;

modern_total_type const modern_total = "modern_total";
auto const modern_total_def =
    lit("Total pot ") >> amount[detail::view<&ast::NetTotal::total>] >>
    -(lit(" | Rake ") >> amount[detail::view<&ast::NetTotal::rake>]) >>
    -(lit(" | JP Fee ") >> amount[detail::view<&ast::NetTotal::jackpot>]) >> spaces;

// After "NAME " (no colon). amount1, amount2, is_all_in, showing, collected and away_or_back are
// the PokerStars family's pieces (stars_family_grammar_def.hpp).
using namespace stars_family;
modern_action_type const modern_action = "modern_action";
auto const modern_action_def =
    (lit("folds")[detail::verb<V::Fold>] >> rest) |
    (lit("checks")[detail::verb<V::Check>] >> rest) |
    (lit("calls ")[detail::verb<V::Call>] >> amount1 >> is_all_in) |
    (lit("bets ")[detail::verb<V::Bet>] >> amount1 >> is_all_in) |
    // "raises $X to $Y": X is the chips the raise adds (not the increment), Y the street total.
    (lit("raises ")[detail::verb<V::Raise>] >> amount1 >> " to " >> amount2 >> is_all_in) |
    (lit("caps ")[detail::verb<V::RaiseBy>] >> amount1 >> is_all_in) |
    (lit("posts the small blind ")[detail::verb<V::SmallBlind>] >> amount1 >> is_all_in) |
    (lit("posts the big blind ")[detail::verb<V::BigBlind>] >> amount1 >> is_all_in) |
    (lit("posts ante ")[detail::verb<V::Ante>] >> amount1 >> is_all_in) |
    // "posts dead $X": a missed small and big blind together, the big blind part live.
    (lit("posts dead ")[detail::verb<V::BothBlinds>] >> amount1 >> is_all_in) |
    (lit("does not show")[detail::verb<V::Muck>] >> rest) | showing | collected | away_or_back;

BOOST_SPIRIT_DEFINE(classic_game, classic_seat, classic_street, classic_pot, classic_action,
                    classic_result, modern_header, modern_table, modern_seat, modern_total,
                    modern_action)

}  // namespace grammar
}  // namespace hh::winning
