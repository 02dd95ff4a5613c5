// The one translation unit that compiles the Winamax grammar.
#include "parser/winamax_grammar_def.hpp"

namespace hh::winamax {
namespace grammar {
BOOST_SPIRIT_INSTANTIATE(header_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(table_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(seat_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(summary_seat_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(street_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(total_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(action_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(summary_money_type, Iterator, Context)
}  // namespace grammar

header_type const& header() { return grammar::header; }
table_line_type const& table_line() { return grammar::table_line; }
seat_line_type const& seat_line() { return grammar::seat_line; }
summary_seat_line_type const& summary_seat_line() { return grammar::summary_seat_line; }
street_line_type const& street_line() { return grammar::street_line; }
total_line_type const& total_line() { return grammar::total_line; }
action_type const& action() { return grammar::action; }
summary_money_type const& summary_money() { return grammar::summary_money; }

}  // namespace hh::winamax
