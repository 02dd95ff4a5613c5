// The one translation unit that compiles the Everleaf grammar.
#include "parser/everleaf/grammar_def.hpp"

namespace hh::everleaf {
HH_EVERLEAF_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::everleaf
