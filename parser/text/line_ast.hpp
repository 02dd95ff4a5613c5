// Lines PokerStars (and GG, read with the PokerStars rules) and Winamax write alike, as their
// grammars yield them: views into the line, no copies.
#pragma once

#include <string_view>
#include <vector>

namespace hh::line_ast {

// "Seat N: REST" in the summary; the builder splits the name off with its seat map.
struct SummarySeatLine {
  unsigned seat{0};
  std::string_view rest;
};

// "*** NAME *** [cards] [cards]": Stars "HOLE CARDS", "FIRST TURN", "3rd STREET", ...; Winamax
// "PRE-FLOP", "FIRST-DRAW", ...
struct StreetLine {
  std::string_view name;
  std::vector<std::string_view> cards;  // each bracketed group, in order
};

// The money a summary seat line states: every "won (X)", "collected (X)" (Stars), "won X".
struct SummaryMoney {
  std::vector<std::string_view> amounts;
};

}  // namespace hh::line_ast
