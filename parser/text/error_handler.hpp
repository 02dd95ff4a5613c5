// The one X3 error handler of every grammar (after Boost's rexpr_full example): a rule whose
// line's start commits it uses expectation points (`a > b`); when `b` then fails, X3 throws an
// expectation_failure, and the handler below, attached to every rule by HH_X3_DECLARE_RULE
// (x3_actions.hpp), turns it into an Expectation — what was expected and at which column — in
// place of a hand-written "expected ..." string per parser. The builder reports it with the line
// (HandBuilder::rejected): "expected the hand number at line 12, column 19".
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <cstddef>
#include <string>

namespace hh::x3_actions {

namespace x3 = boost::spirit::x3;

// Where and why a parse of one line stopped at an expectation point; `failed` false when it did
// not (the line simply did not match).
struct Expectation {
  const char* line_begin{nullptr};  // the line's first character, for the column
  bool failed{false};
  std::string what{};     // what the grammar expected there ("the hand number", "':'")
  std::size_t column{0};  // 1-based column where it was expected
};

// The tag under which parse_all() hands the Expectation to the rules (x3::with).
struct expectation_tag;

// Rule IDs derive from this: X3 calls on_error on an expectation failure inside the rule.
struct error_handler {
  template <typename Iterator, typename Exception, typename Context>
  x3::error_handler_result on_error(Iterator&, Iterator const&, Exception const& x,
                                    Context const& context) const {
    Expectation& e = x3::get<expectation_tag>(context);
    if (!e.failed) {  // the innermost expectation is the one that names the fault
      e.failed = true;
      e.what = x.which();
      e.column = static_cast<std::size_t>(x.where() - e.line_begin) + 1;
    }
    return x3::error_handler_result::fail;
  }
};

// A parser that parses as `subject` and is named `name` in an Expectation ("the hand number"
// instead of X3's description of the subject).
template <typename Subject>
struct named_parser : x3::unary_parser<Subject, named_parser<Subject>> {
  using base_type = x3::unary_parser<Subject, named_parser<Subject>>;
  static bool const is_pass_through_unary = true;
  static bool const handles_container = Subject::handles_container;

  constexpr named_parser(Subject const& subject, const char* name)
      : base_type(subject), name(name) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    return this->subject.parse(first, last, context, rcontext, attr);
  }

  const char* name;
};

template <typename Subject>
constexpr auto named(const char* name, Subject const& subject) {
  using parser_type = typename x3::extension::as_parser<Subject>::value_type;
  return named_parser<parser_type>(x3::as_parser(subject), name);
}

}  // namespace hh::x3_actions

namespace boost::spirit::x3 {
template <typename Subject>
struct get_info<hh::x3_actions::named_parser<Subject>> {
  using result_type = std::string;
  std::string operator()(hh::x3_actions::named_parser<Subject> const& p) const { return p.name; }
};
}  // namespace boost::spirit::x3
