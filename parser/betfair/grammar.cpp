// The one translation unit that compiles the Betfair grammar.
#include "parser/betfair/grammar_def.hpp"

namespace hh::betfair {
HH_BETFAIR_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::betfair
