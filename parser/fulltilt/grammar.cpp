// The one translation unit that compiles the Full Tilt grammar.
#include "parser/fulltilt/grammar_def.hpp"

namespace hh::fulltilt {
HH_FULLTILT_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::fulltilt
