// The one translation unit that compiles the 888poker grammar.
#include "parser/pacific_grammar_def.hpp"

namespace hh::pacific {
HH_PACIFIC_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::pacific
