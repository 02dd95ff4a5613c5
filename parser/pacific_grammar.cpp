// The one translation unit that compiles the 888poker grammar.
#include "parser/pacific_grammar_def.hpp"

namespace hh::pacific {
namespace grammar {
BOOST_SPIRIT_INSTANTIATE(game_no_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(banner_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(game_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(table_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(seat_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(street_line_type, Iterator, Context)
BOOST_SPIRIT_INSTANTIATE(action_type, Iterator, Context)
}  // namespace grammar

game_no_type const& game_no() { return grammar::game_no; }
banner_type const& banner() { return grammar::banner; }
game_line_type const& game_line() { return grammar::game_line; }
table_line_type const& table_line() { return grammar::table_line; }
seat_line_type const& seat_line() { return grammar::seat_line; }
street_line_type const& street_line() { return grammar::street_line; }
action_type const& action() { return grammar::action; }

}  // namespace hh::pacific
