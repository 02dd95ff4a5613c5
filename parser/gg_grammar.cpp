// The one translation unit that compiles the GGPoker grammar.
#include "parser/gg_grammar_def.hpp"

namespace hh::gg {
namespace grammar {
BOOST_SPIRIT_INSTANTIATE(header_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(total_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(cash_drop_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(action_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(note_type, Iterator, Context)
}  // namespace grammar

header_type const& header() { return grammar::header; }
total_line_type const& total_line() { return grammar::total_line; }
cash_drop_line_type const& cash_drop_line() { return grammar::cash_drop_line; }
action_type const& action() { return grammar::action; }
note_type const& note() { return grammar::note; }

}  // namespace hh::gg
