// The one translation unit that compiles the PokerStars-format grammar.
#include "parser/pokerstars/grammar_def.hpp"

namespace hh::pokerstars {
HH_POKERSTARS_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::pokerstars
