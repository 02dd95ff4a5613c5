// Auditing a hand under one set of house rules, for tests of the rule options.
#pragma once

#include "audit/audit.hpp"

namespace hh::test {

// The audit of `hand` as `hhaudit audit` runs it with a house-rules file whose [default] is
// `rules` and which has no per-site table: `rules` apply whatever the hand's site.
inline AuditResult audit_under(const Hand& hand, const HouseRules& rules) {
  HouseRulesBook book;
  book.default_rules() = rules;
  return audit_hand(hand, AuditContext{&book});
}

}  // namespace hh::test
