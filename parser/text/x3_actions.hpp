// What the four site grammars share: the X3 setting (Iterator, Context), the semantic actions
// (each stores what a parser matched in one member of the rule's value: a view into the line, a
// number, a fixed value, one more view in a list, the action's verb), the primitives and pieces
// several sites print alike, parse_all, and the macros that declare and instantiate a rule.
// Views point into the parsed line, so the line must outlive the attribute.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

#include "parser/text/action_ast.hpp"
#include "parser/text/error_handler.hpp"

namespace hh::x3_actions {

namespace x3 = boost::spirit::x3;

// What every site grammar parses with: `x3`, the Iterator over a line (the grammars parse
// std::string_views: no copies) and the Context. A grammar's header says
// `using namespace x3_actions::setting;` in its namespace.
namespace setting {
namespace x3 = boost::spirit::x3;
using Iterator = const char*;
// Every parse carries the Expectation the error handler fills in (parse_all).
using Context = x3::context<expectation_tag, Expectation, x3::unused_type>;
}  // namespace setting

template <auto Member>
struct assign_view_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    auto const& r = x3::_attr(ctx);
    x3::_val(ctx).*Member =
        std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};
template <auto Member>
inline constexpr assign_view_t<Member> view{};

template <auto Member>
struct assign_number_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx).*Member = x3::_attr(ctx);
  }
};
template <auto Member>
inline constexpr assign_number_t<Member> number{};

template <auto Member>
struct push_view_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    auto const& r = x3::_attr(ctx);
    (x3::_val(ctx).*Member).emplace_back(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
  }
};
template <auto Member>
inline constexpr push_view_t<Member> push{};

template <auto Member, auto Value>
struct assign_value_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx).*Member = Value;
  }
};

// The action line (action_ast.hpp): its verb, "and is all-in", and which pot was collected.
template <action_ast::Verb V>
inline constexpr assign_value_t<&action_ast::Action::verb, V> verb{};
inline constexpr assign_value_t<&action_ast::Action::all_in, true> all_in{};
template <int Index>
inline constexpr assign_value_t<&action_ast::Action::pot_index, Index> pot{};

// "side pot-N", "side pot N": the parsed number is the pot index.
struct side_pot_t {
  template <class Ctx>
  void operator()(Ctx& ctx) const {
    x3::_val(ctx).pot_index = static_cast<int>(x3::_attr(ctx));
  }
};
inline constexpr side_pot_t side_pot{};

// Parses the whole of `text` with `rule`; true only if every character was consumed. The
// attribute's views point into `text`. When the rule stopped at an expectation point,
// `expectation` says what it expected and where (error_handler.hpp).
template <class Rule, class Attr>
bool parse_all(std::string_view text, const Rule& rule, Attr& attr, Expectation& expectation) {
  expectation = Expectation{};
  expectation.line_begin = text.data();
  const char* first = text.data();
  const char* last = text.data() + text.size();
  return x3::parse(first, last, x3::with<expectation_tag>(expectation)[rule], attr) &&
         first == last;
}
template <class Rule, class Attr>
bool parse_all(std::string_view text, const Rule& rule, Attr& attr) {
  Expectation ignored;
  return parse_all(text, rule, attr, ignored);
}

// Parses the start of `text` with `rule` (what it matched is in `attr`; the rest is left).
template <class Rule, class Attr>
void parse_start(std::string_view text, const Rule& rule, Attr& attr) {
  Expectation ignored;
  ignored.line_begin = text.data();
  const char* first = text.data();
  x3::parse(first, text.data() + text.size(), x3::with<expectation_tag>(ignored)[rule], attr);
}

// What every site grammar is written with: the X3 primitives and the pieces two or more sites
// print the same way. A grammar's `_def.hpp` says `using namespace x3_actions::primitives;`.
namespace primitives {
using x3::alnum;
using x3::alpha;
using x3::char_;
using x3::digit;
using x3::eoi;
using x3::eps;
using x3::lit;
using x3::raw;
using x3::uint_;
using x3_actions::named;  // names what an expectation point expects (error_handler.hpp)

inline auto const rest = *char_;
inline auto const spaces = *lit(' ');
// What stands between '[' and ']': cards as printed.
inline auto const bracketed_text = raw[*(char_ - ']')];
// "2015/05/31" and "23:59:59" (or "23:59").
inline auto const date_text = raw[x3::repeat(4)[digit] >> '/' >> +digit >> '/' >> +digit];
inline auto const time_text = raw[+digit >> ':' >> +digit >> -(':' >> +digit)];
// An amount as PokerStars and GG print it: optional currency symbol, digits with thousands
// separators, decimals ("$1,270.5", "21,929", "$0.6"). A '.' not followed by a digit ("Main pot
// $5.55. Side pot") is left alone.
// PokerStars.in prints rupees "Rs. 25" (issue 33): the sign with its space is the symbol.
inline auto const grouped_currency_symbol =
    lit('$') | lit("€") | lit("£") | lit("₹") | lit("Rs. ") | lit("¥") | lit("₩");
// An amount is the whole token: a letter or digit glued to it ("$31O", "0.1O"), or a separator
// with a letter or digit after it ("$0.O5", "1,4O0"), is no amount. A '.' or ',' that ends a
// sentence ("Main pot $5.55. Side pot", "$5,") is not part of it.
inline auto const token_end =
    !(digit | char_("a-zA-Z") | (char_(".,") >> (digit | char_("a-zA-Z"))));
inline auto const grouped_amount = raw[-grouped_currency_symbol >> digit >>
                                       *(digit | (char_(",'") >> &digit)) >> -('.' >> +digit)] >>
                                   token_end;
}  // namespace primitives

}  // namespace hh::x3_actions

// Declares, in a site grammar's header, the rule NAME yielding ATTR: the rule type NAME_type,
// whose id lives in the site's `grammar` namespace so that X3 finds its parse_rule by
// argument-dependent lookup, and the accessor NAME(). The id derives from the one error handler
// (error_handler.hpp), so a failed expectation point in the rule becomes an Expectation. Used
// inside the site's namespace, which defines `x3`; the rule is defined in the site's _def.hpp
// (BOOST_SPIRIT_DEFINE).
#define HH_X3_DECLARE_RULE(NAME, ATTR)                      \
  namespace grammar {                                       \
  struct NAME##_class : ::hh::x3_actions::error_handler {}; \
  using NAME##_type = x3::rule<NAME##_class, ATTR>;         \
  BOOST_SPIRIT_DECLARE(NAME##_type)                         \
  }                                                         \
  using grammar::NAME##_type;                               \
  NAME##_type const& NAME();

// Instantiates, in the site grammar's one .cpp, the rule NAME for the site's Iterator and Context
// and defines its accessor (ATTR is not needed: the rule type has it).
#define HH_X3_INSTANTIATE_RULE(NAME, ATTR)                 \
  namespace grammar {                                      \
  BOOST_SPIRIT_INSTANTIATE(NAME##_type, Iterator, Context) \
  }                                                        \
  NAME##_type const& NAME() { return grammar::NAME; }
