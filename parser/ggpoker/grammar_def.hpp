// Definitions of the GGPoker line grammars declared in ggpoker/grammar.hpp. Included only by
// ggpoker/grammar.cpp.
#pragma once

#include <type_traits>

#include "parser/ggpoker/grammar.hpp"
#include "parser/text/stars_family_grammar_def.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::gg {

namespace detail {

// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;

template <class Range>
std::string_view as_view(const Range& r) {
  return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
}

// A total-line part: the name opens a new part, the amount completes it.
struct part_name_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx).parts.push_back(ast::TotalPart{as_view(x3::_attr(ctx)), {}});
  }
};
struct part_amount_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx).parts.back().amount = as_view(x3::_attr(ctx));
  }
};

}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

inline auto const amount = grouped_amount;  // "$1,270.5", "21,929" (x3_actions.hpp)

// --- header -------------------------------------------------------------------------------------
inline auto const zone_text = raw[alpha >> *(alnum | char_("/_+:-"))];
inline auto const date_start = " - " >> &(x3::repeat(4)[digit] >> '/');

header_type const header = "header";
auto const header_def =
    (lit("Poker Hand #") >
     named("the hand number", raw[+alnum][detail::view<&ast::Header::hand_id>]) > ':') >>
    *lit(' ') >> -(lit("Tournament #") >> raw[+digit][detail::view<&ast::Header::tournament_id>] >>
                   ',' >> *lit(' ')) >>
    raw[*(char_ - date_start)][detail::view<&ast::Header::description>] >>
    (date_start > named("a date (YYYY/MM/DD)", date_text[detail::view<&ast::Header::date>]) >
     (lit(" - ") | +lit(' ')) >
     named("a time (HH:MM:SS)", time_text[detail::view<&ast::Header::time>])) >>
    -(+lit(' ') >> zone_text[detail::view<&ast::Header::zone>]) >> *lit(' ');

// --- summary totals -----------------------------------------------------------------------------
// Part names are words ("Rake", "Jackpot", "Main pot", "Side pot-1"), the amount follows a space.
inline auto const part_name = raw[alpha >> *(alnum | char_('-') | (' ' >> &alpha))];
inline auto const total_sep = (lit(" | ") | lit(". ") | lit(' ')) >> *lit(' ');
total_line_type const total_line = "total_line";
auto const total_line_def = lit("Total pot ") >> amount[detail::view<&ast::TotalLine::total>] >>
                            *(total_sep >> part_name[detail::part_name_t{}] >> ' ' >>
                              amount[detail::part_amount_t{}]) >>
                            -lit('.') >> *lit(' ');

cash_drop_line_type const cash_drop_line = "cash_drop_line";
auto const cash_drop_line_def =
    lit("Cash Drop to Pot") >> *lit(' ') >> -(lit(':') >> *lit(' ')) >>
    -(lit("total") >> +lit(' ')) >> amount[detail::view<&ast::CashDropLine::amount>] >> *lit(' ');

// --- actions after "NAME: " ---------------------------------------------------------------------
using V = ast::Verb;
// amount1, amount2, is_all_in, shown_cards, betting, showing, collected, away_or_back.
using namespace stars_family;
inline auto const text = raw[rest][detail::view<&ast::Action::text>];

action_type const action = "action";
auto const action_def =
    betting |
    ((lit("posts missed blind ") | lit("posts dead "))[detail::verb<V::DeadBlind>] >> amount1 >>
     is_all_in) |
    // GG: "straddle X" with no "posts"; X is the player's street total (see ggpoker/builder.cpp).
    ((lit("straddle ") | lit("posts straddle "))[detail::verb<V::StraddleTo>] >> amount1 >>
     is_all_in) |
    (lit("posts button blind ")[detail::verb<V::ButtonBlind>] >> amount1 >> is_all_in) | showing |
    // EV Cashout: settled between the player and GG, outside the pot.
    // What the player pays ("Pays Cashout Risk (X)") comes off their stack, what they receive
    // ("Receives Cashout (X)") onto it, beside the pot (Hand::side_settlements).
    (lit("Chooses to EV Cashout")[detail::verb<V::Other>] >> rest) |
    (lit("Receives Cashout (")[detail::verb<V::ReceivedBesidePot>] > amount1 > ')' > rest) |
    (lit("Pays Cashout Risk (")[detail::verb<V::PaidBesidePot>] > amount1 > ')' > rest) |
    // All-in insurance: the premium ("pay premium of all-in insurance (X)") is paid beside the
    // pot too.
    ((lit("pay premium of all-in insurance (") |
      lit("pays premium of all-in insurance ("))[detail::verb<V::PaidBesidePot>] > amount1 > ')' >
     rest) |
    (x3::seek[lit("insurance")][detail::verb<V::Other>] >> rest) |
    ((lit("is sitting out") | lit("sits out") | lit("has timed out") |
      lit("is disconnected"))[detail::verb<V::SitOut>] >>
     rest) |
    ((lit("is connected") | lit("has returned") | lit("is back"))[detail::verb<V::Return>] >>
     rest) |
    ((lit("will be allowed") | lit("leaves the table") |
      lit("joins the table"))[detail::verb<V::Other>] >>
     rest);

// --- notes after "NAME " (no colon) -------------------------------------------------------------
note_type const note = "note";
auto const note_def =
    collected | (lit("said, \"")[detail::verb<V::Chat>] >> text) | away_or_back |
    ((lit("joins the table") | lit("leaves the table") | lit("finished the tournament") |
      lit("wins ") | lit("re-buys") | lit("was removed") | lit("will be allowed") |
      lit("is allowed") | lit("takes the add-on") | lit("split the") | lit("received ") |
      lit("receives "))[detail::verb<V::Other>] >>
     text);

BOOST_SPIRIT_DEFINE(header, total_line, cash_drop_line, action, note)

}  // namespace grammar
}  // namespace hh::gg
