// The one translation unit that compiles the Winamax grammar.
#include "parser/winamax_grammar_def.hpp"

namespace hh::winamax {
HH_X3_INSTANTIATE_RULE(header)
HH_X3_INSTANTIATE_RULE(table_line)
HH_X3_INSTANTIATE_RULE(seat_line)
HH_X3_INSTANTIATE_RULE(summary_seat_line)
HH_X3_INSTANTIATE_RULE(street_line)
HH_X3_INSTANTIATE_RULE(total_line)
HH_X3_INSTANTIATE_RULE(action)
HH_X3_INSTANTIATE_RULE(summary_money)

}  // namespace hh::winamax
