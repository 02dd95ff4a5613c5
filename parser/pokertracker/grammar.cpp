// The one translation unit that compiles the PokerTracker export's grammar.
#include "parser/pokertracker/grammar_def.hpp"

namespace hh::pokertracker {
HH_POKERTRACKER_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::pokertracker
