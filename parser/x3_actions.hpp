// Semantic actions shared by the site grammars: each stores what a parser matched in one member
// of the rule's value (a view into the line, a number, a fixed value, or one more view in a list).
// Views point into the parsed line, so the line must outlive the attribute.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

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

}  // namespace hh::x3_actions
