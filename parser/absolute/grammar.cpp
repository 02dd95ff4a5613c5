// The one translation unit that compiles the Absolute / UltimateBet grammar.
#include "parser/absolute/grammar_def.hpp"

namespace hh::absolute {
HH_ABSOLUTE_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::absolute
