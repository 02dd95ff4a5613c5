// The one translation unit that compiles the BetOnline grammar.
#include "parser/betonline/grammar_def.hpp"

namespace hh::betonline {
HH_BETONLINE_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::betonline
