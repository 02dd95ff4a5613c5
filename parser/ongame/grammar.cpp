// The one translation unit that compiles the OnGame grammar.
#include "parser/ongame/grammar_def.hpp"

namespace hh::ongame {
HH_ONGAME_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::ongame
