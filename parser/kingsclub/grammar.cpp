// The one translation unit that compiles the KingsClub grammar.
#include "parser/kingsclub/grammar_def.hpp"

namespace hh::kingsclub {
HH_KINGSCLUB_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::kingsclub
