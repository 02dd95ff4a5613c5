// What the site tests ask of a hand read from text: the one hand of a text, read cleanly as a
// user's file is; its nth event of a kind and seat; how many events of a kind it has; the error
// and warning codes its audit gives.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

// The one hand of a decoded text (sniffed, split, parsed as a user's file is), which must be of
// `site`, parsed, and without issues.
inline Hand clean_hand_of(const std::string& text, const std::string& what,
                          const std::string& site) {
  std::vector<Hand> hands = read_text(text, "written.txt");
  INFO(what);
  REQUIRE(hands.size() == 1);
  Hand& h = hands.front();
  CHECK(h.site == site);
  CHECK(h.parsed);
  for (const ParseIssue& i : h.issues)
    INFO("line " << i.line << ": " << i.expected << " / " << i.got);
  CHECK(h.issues.empty());
  return std::move(h);
}

// The nth event of `kind` of `seat`.
inline const Event& nth_event(const Hand& h, EventKind kind, int seat, std::size_t n = 0) {
  std::vector<const Event*> found;
  for (const Event& e : h.events)
    if (e.kind == kind && e.seat == seat) found.push_back(&e);
  INFO(event_kind_name(kind) << " of seat " << seat << " #" << n);
  REQUIRE(found.size() > n);
  return *found[n];
}

inline std::size_t count_events(const Hand& h, EventKind kind) {
  return static_cast<std::size_t>(std::count_if(h.events.begin(), h.events.end(),
                                                [&](const Event& e) { return e.kind == kind; }));
}

// Error and warning codes of an audited hand, sorted by name.
inline std::vector<FindingCode> problem_codes(const Hand& h) {
  std::vector<FindingCode> out;
  for (const Finding& f : audit_hand(h, AuditContext{&shipped_house_rules()}).findings)
    if (f.severity != Severity::Info) out.push_back(f.code);
  std::sort(out.begin(), out.end(),
            [](FindingCode a, FindingCode b) { return code_name(a) < code_name(b); });
  return out;
}

}  // namespace hh::test
