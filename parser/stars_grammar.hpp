// PokerStars-format hand histories (also written by Run It Once, PokerMaster and converters):
// the X3 grammar of each line kind, declared here, defined in stars_grammar_def.hpp and
// instantiated once in stars_grammar.cpp so that a grammar change recompiles one file.
//
// The grammar yields views into the line (no copies); turning them into money and events is the
// builder's job (stars_parser.cpp). Lines that start with a player name are split from the name
// by the builder, which knows the seated players, because names may contain any character.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>
#include <vector>

#include "parser/action_ast.hpp"
#include "parser/x3_actions.hpp"

namespace hh::stars {

namespace x3 = boost::spirit::x3;
using Iterator = const char*;
using Context = x3::unused_type;

namespace ast {

struct Header {
  std::string_view room;  // "PokerStars", "PokerStars Zoom", "Run It Once Poker", ...
  std::string_view hand_id;
  std::string_view tournament_id;
  std::string_view description;       // everything between the id and the date, for game detection
  std::string_view date, time, zone;  // the first timestamp as printed
  std::string_view et_date, et_time, et_zone;  // the bracketed one, when printed
};

struct TableLine {
  std::string_view name;
  unsigned max_seats{0};
  unsigned button{0};
};

// "Seat N: NAME (STACK in chips[, BOUNTY bounty])[ is sitting out| out of hand ...]"
struct SeatLine {
  unsigned seat{0};
  std::string_view player;
  std::string_view stack;
  std::string_view bounty;
  bool sitting_out{false};
};

// "Seat N: REST" in the summary; the builder splits the name off with its seat map.
struct SummarySeatLine {
  unsigned seat{0};
  std::string_view rest;
};

struct StreetLine {
  std::string_view name;                // "HOLE CARDS", "FLOP", "FIRST TURN", "3rd STREET", ...
  std::vector<std::string_view> cards;  // each bracketed group, in order
};

struct PotPart {
  int index{0};  // 0 main pot, k side pot k
  std::string_view amount;
};

struct TotalLine {
  std::string_view total;
  std::vector<PotPart> pots;
  std::vector<std::string_view> others;  // "STP X" and similar promotional additions
  std::string_view rake;
};

struct UncalledLine {
  std::string_view amount;
  std::string_view player;
};

struct DealtLine {
  std::string_view player_and_cards;  // "NAME [Ah Kd]" or "NAME [Ah] [Kd]"
};

// The action line every site shares (action_ast.hpp).
using action_ast::Action;
using action_ast::Verb;

// The money a summary seat line states: every "won (X)" and "collected (X)".
struct SummaryMoney {
  std::vector<std::string_view> amounts;
};

}  // namespace ast

namespace grammar {
// The rule ids live here so that X3 finds their parse_rule by argument-dependent lookup.
using header_type = x3::rule<class header_class, ast::Header>;
using table_line_type = x3::rule<class table_line_class, ast::TableLine>;
using seat_line_type = x3::rule<class seat_line_class, ast::SeatLine>;
using summary_seat_line_type = x3::rule<class summary_seat_line_class, ast::SummarySeatLine>;
using street_line_type = x3::rule<class street_line_class, ast::StreetLine>;
using total_line_type = x3::rule<class total_line_class, ast::TotalLine>;
using uncalled_line_type = x3::rule<class uncalled_line_class, ast::UncalledLine>;
using action_type = x3::rule<class action_class, ast::Action>;
using note_type = x3::rule<class note_class, ast::Action>;
using summary_money_type = x3::rule<class summary_money_class, ast::SummaryMoney>;

BOOST_SPIRIT_DECLARE(header_type, table_line_type, seat_line_type, summary_seat_line_type,
                     street_line_type, total_line_type, uncalled_line_type, action_type, note_type,
                     summary_money_type)
}  // namespace grammar
using grammar::action_type;
using grammar::header_type;
using grammar::note_type;
using grammar::seat_line_type;
using grammar::street_line_type;
using grammar::summary_money_type;
using grammar::summary_seat_line_type;
using grammar::table_line_type;
using grammar::total_line_type;
using grammar::uncalled_line_type;

header_type const& header();
table_line_type const& table_line();
seat_line_type const& seat_line();
summary_seat_line_type const& summary_seat_line();
street_line_type const& street_line();
total_line_type const& total_line();
uncalled_line_type const& uncalled_line();
action_type const& action();
note_type const& note();
summary_money_type const& summary_money();

using x3_actions::parse_all;

}  // namespace hh::stars
