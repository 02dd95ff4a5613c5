// The one translation unit that compiles the GGPoker grammar.
#include "parser/gg_grammar_def.hpp"

namespace hh::gg {
HH_X3_INSTANTIATE_RULE(header)
HH_X3_INSTANTIATE_RULE(total_line)
HH_X3_INSTANTIATE_RULE(cash_drop_line)
HH_X3_INSTANTIATE_RULE(action)
HH_X3_INSTANTIATE_RULE(note)

}  // namespace hh::gg
