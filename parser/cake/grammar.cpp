// The one translation unit that compiles the Cake grammar.
#include "parser/cake/grammar_def.hpp"

namespace hh::cake {
HH_CAKE_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::cake
