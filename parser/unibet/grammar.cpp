// The one translation unit that compiles the Unibet grammar.
#include "parser/unibet/grammar_def.hpp"

namespace hh::unibet {
HH_UNIBET_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::unibet
