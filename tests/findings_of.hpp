// The findings of one code in an audit result, and findings as (code, seat, expected, actual),
// for tests that assert on them.
#pragma once

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/finding.hpp"

namespace hh::test {

// Copies, not pointers: the results are often temporaries.
inline std::vector<Finding> of(const AuditResult& r, FindingCode code) {
  std::vector<Finding> out;
  for (const Finding& f : r.findings)
    if (f.code == code) out.push_back(f);
  return out;
}

// A finding reduced to what a test compares whole: code, seat, expected and actual (-1: none).
struct Got {
  FindingCode code;
  int seat;
  FindingAmount expected;
  FindingAmount actual;
  bool operator==(const Got&) const = default;
};
inline Got got(const Finding& f) {
  return {f.code, f.seat, f.expected.value_or(-1), f.actual.value_or(-1)};
}

// An amount as a failure message shows it: "-" for none, never a number that reads as money.
inline std::string shown(const std::optional<FindingAmount>& a) { return a ? to_string(*a) : "-"; }

}  // namespace hh::test

namespace Catch {
template <>
struct StringMaker<hh::test::Got> {
  static std::string convert(const hh::test::Got& g) {
    return std::string(code_name(g.code)) + " seat " + std::to_string(g.seat) + " expected " +
           to_string(g.expected) + " actual " + to_string(g.actual);
  }
};
}  // namespace Catch
