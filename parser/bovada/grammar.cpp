// The one translation unit that compiles the Bovada grammar.
#include "parser/bovada/grammar_def.hpp"

namespace hh::bovada {
HH_BOVADA_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::bovada
