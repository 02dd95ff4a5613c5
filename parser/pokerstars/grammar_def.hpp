// Definitions of the PokerStars-format line grammars declared in pokerstars/grammar.hpp.
// Included only by pokerstars/grammar.cpp.
#pragma once

#include "parser/pokerstars/grammar.hpp"
#include "parser/text/stars_family_grammar_def.hpp"
#include "parser/text/x3_actions.hpp"

namespace hh::pokerstars {

namespace detail {

// The semantic actions every grammar uses (x3_actions.hpp).
using namespace x3_actions;

struct start_pot_t {
  int fixed;  // -1: take the index from the parsed number
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    int index = fixed;
    if constexpr (!std::is_same_v<std::decay_t<decltype(x3::_attr(ctx))>, x3::unused_type>) {
      if (fixed < 0) index = static_cast<int>(x3::_attr(ctx));
    }
    x3::_val(ctx).pots.push_back(ast::PotPart{index, {}});
  }
};
struct pot_amount_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    auto const& r = x3::_attr(ctx);
    x3::_val(ctx).pots.back().amount =
        std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};

}  // namespace detail

namespace grammar {

using namespace x3_actions::primitives;

inline auto const amount = grouped_amount;  // "$1,270.5", "21,929" (x3_actions.hpp)

// --- header -------------------------------------------------------------------------------------
inline auto const hand_word = lit(" Hand #") | lit(" Game #");
inline auto const zone_text = raw[+(char_("A-Za-z") | char_("+0-9:"))];
inline auto const date_start = " - " >> &(x3::repeat(4)[digit] >> '/');

header_type const header = "header";
auto const header_def =
    raw[+(char_ - hand_word)][detail::view<&ast::Header::room>] >>
    // " Hand #" commits the line to a header: the hand number and ':' must follow.
    (hand_word > named("the hand number", raw[+x3::alnum][detail::view<&ast::Header::hand_id>]) >
     ':') >>
    *lit(' ') >>
    -(-lit("Zoom ") >> "Tournament #" >> raw[+digit][detail::view<&ast::Header::tournament_id>] >>
      lit(',') >> *lit(' ')) >>
    raw[*(char_ - date_start)][detail::view<&ast::Header::description>] >>
    // " - YYYY/" commits it to the date and time.
    (date_start > named("a date (YYYY/MM/DD)", date_text[detail::view<&ast::Header::date>]) >
     (lit(" - ") | ' ') >
     named("a time (HH:MM:SS)", time_text[detail::view<&ast::Header::time>])) >>
    -(' ' >> -lit('(') >> zone_text[detail::view<&ast::Header::zone>] >> -lit(')')) >>
    -(lit(" [") >> date_text[detail::view<&ast::Header::et_date>] >> ' ' >>
      time_text[detail::view<&ast::Header::et_time>] >>
      -(' ' >> zone_text[detail::view<&ast::Header::et_zone>]) >> ']') >>
    rest;

// --- summary totals -----------------------------------------------------------------------------
inline auto const total_sep = -lit('.') >> (lit(" | ") | lit(' '));
inline auto const pot_part =
    (lit("Main pot ")[detail::start_pot_t{0}] >> amount[detail::pot_amount_t{}]) |
    (lit("Side pot") >> (('-' >> uint_[detail::start_pot_t{-1}]) | eps[detail::start_pot_t{1}]) >>
     ' ' >> amount[detail::pot_amount_t{}]);
total_line_type const total_line = "total_line";
auto const total_line_def =
    lit("Total pot ") >> amount[detail::view<&ast::TotalLine::total>] >> *(total_sep >> pot_part) >>
    // Promotional money beside the pots: Run It Once's "STP" (Splash the Pot) is the only one
    // known; another word there is a line not read.
    *(total_sep >> raw[lit("STP ") >> amount][detail::push<&ast::TotalLine::others>]) >>
    -(total_sep >> "Rake " >> amount[detail::view<&ast::TotalLine::rake>]) >> -lit('.') >>
    *lit(' ');

// --- actions after "NAME: " ---------------------------------------------------------------------
using V = ast::Verb;
// amount1, amount2, is_all_in, shown_cards, betting, showing, collected, away_or_back.
using namespace stars_family;

action_type const action = "action";
auto const action_def =
    betting |
    (lit("posts small & big blinds ")[detail::verb<V::BothBlinds>] >> amount1 >> is_all_in) |
    (lit("posts straddle ")[detail::verb<V::Straddle>] >> amount1 >> is_all_in) |
    (lit("posts button blind ")[detail::verb<V::ButtonBlind>] >> amount1 >> is_all_in) |
    (lit("posts dead ")[detail::verb<V::DeadBlind>] >> amount1 >> is_all_in) |
    ((lit("brings in for ") | lit("brings-in low for ") |
      lit("brings in low for "))[detail::verb<V::BringIn>] >>
     amount1 >> is_all_in) |
    (lit("discards ")[detail::verb<V::Discard>] >> uint_[detail::number<&ast::Action::count>] >>
     -(lit(" cards") | lit(" card")) >> -(' ' >> shown_cards) >> rest) |
    (lit("stands pat")[detail::verb<V::StandPat>] >> -(lit(" on ") >> shown_cards) >> rest) |
    showing |
    ((lit("is sitting out") | lit("sits out") | lit("has timed out") |
      lit("is disconnected"))[detail::verb<V::SitOut>] >>
     rest) |
    ((lit("is connected") | lit("has returned"))[detail::verb<V::Return>] >> rest) |
    ((lit("is capped") | lit("will be allowed") |
      lit("leaves the table"))[detail::verb<V::Other>] >>
     rest);

// --- notes after "NAME " (no colon) -------------------------------------------------------------
note_type const note = "note";
auto const note_def =
    collected |
    (lit("cashed out the hand for ")[detail::verb<V::CashedOut>] >> amount1 >>
     -(" | Cash Out Fee " >> amount2) >> rest) |
    // "NAME shows [..]" without the colon is a note, not a show: kept as an Other event.
    (lit("shows ")[detail::verb<V::Other>] >> '[' >> bracketed_text >> ']' >> rest) |
    (lit("said, \"")[detail::verb<V::Chat>] >> raw[rest][detail::view<&ast::Action::text>]) |
    away_or_back |
    ((lit("joins the table") | lit("leaves the table") | lit("finished the tournament") |
      lit("wins ") | lit("re-buys") | lit("was removed") | lit("will be allowed") |
      lit("is allowed") | lit("takes the add-on") | lit("split the") |
      lit("was run twice"))[detail::verb<V::Other>] >>
     raw[rest][detail::view<&ast::Action::text>]);

BOOST_SPIRIT_DEFINE(header, total_line, action, note)

}  // namespace grammar
}  // namespace hh::pokerstars
