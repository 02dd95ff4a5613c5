// The one translation unit that compiles the 888poker grammar.
#include "parser/pacific_grammar_def.hpp"

namespace hh::pacific {
HH_X3_INSTANTIATE_RULE(game_no)
HH_X3_INSTANTIATE_RULE(banner)
HH_X3_INSTANTIATE_RULE(game_line)
HH_X3_INSTANTIATE_RULE(table_line)
HH_X3_INSTANTIATE_RULE(seat_line)
HH_X3_INSTANTIATE_RULE(street_line)
HH_X3_INSTANTIATE_RULE(action)

}  // namespace hh::pacific
