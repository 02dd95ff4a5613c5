// The one translation unit that compiles the Winamax grammar.
#include "parser/winamax/grammar_def.hpp"

namespace hh::winamax {
HH_WINAMAX_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::winamax
