// The one translation unit that compiles the Winning Poker Network grammar.
#include "parser/winning/grammar_def.hpp"

namespace hh::winning {
HH_WINNING_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::winning
