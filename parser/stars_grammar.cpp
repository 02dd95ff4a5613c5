// The one translation unit that compiles the PokerStars-format grammar.
#include "parser/stars_grammar_def.hpp"

namespace hh::stars {
HH_STARS_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::stars
