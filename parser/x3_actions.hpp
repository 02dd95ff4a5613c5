// Semantic actions shared by the site grammars: each stores what a parser matched in one member
// of the rule's value (a view into the line, a number, a fixed value, or one more view in a list).
// Views point into the parsed line, so the line must outlive the attribute.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

#include "parser/action_ast.hpp"

namespace hh::x3_actions {

namespace x3 = boost::spirit::x3;

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
// attribute's views point into `text`.
template <class Rule, class Attr>
bool parse_all(std::string_view text, const Rule& rule, Attr& attr) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  return x3::parse(first, last, rule, attr) && first == last;
}

}  // namespace hh::x3_actions
