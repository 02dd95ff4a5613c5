// The one translation unit that compiles the GGPoker grammar.
#include "parser/ggpoker/grammar_def.hpp"

namespace hh::gg {
HH_GG_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::gg
