// The one translation unit that compiles the Seals With Clubs grammar.
#include "parser/sealswithclubs/grammar_def.hpp"

namespace hh::sealswithclubs {
HH_SWC_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::sealswithclubs
