// The one translation unit that compiles the PartyPoker grammar.
#include "parser/partypoker/grammar_def.hpp"

namespace hh::partypoker {
HH_PARTYPOKER_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::partypoker
