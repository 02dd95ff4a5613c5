// The one translation unit that compiles the PKR grammar.
#include "parser/pkr/grammar_def.hpp"

namespace hh::pkr {
HH_PKR_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::pkr
