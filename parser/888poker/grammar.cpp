// The one translation unit that compiles the 888poker grammar.
#include "parser/888poker/grammar_def.hpp"

namespace hh::poker888 {
HH_888POKER_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::poker888
