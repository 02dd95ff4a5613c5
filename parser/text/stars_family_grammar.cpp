// The one translation unit that compiles the lines the PokerStars family writes alike.
#include "parser/text/stars_family_grammar_def.hpp"

namespace hh::stars_family {
HH_STARS_FAMILY_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::stars_family
