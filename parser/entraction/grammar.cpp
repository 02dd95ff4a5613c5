// The one translation unit that compiles the Entraction grammar.
#include "parser/entraction/grammar_def.hpp"

namespace hh::entraction {
HH_ENTRACTION_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::entraction
