// The one translation unit that compiles the Enet grammar.
#include "parser/enet/grammar_def.hpp"

namespace hh::enet {
HH_ENET_RULES(HH_X3_INSTANTIATE_RULE)

}  // namespace hh::enet
