// Looking up what a parsed Hand holds, for parser tests that assert on exact events: a seat's
// events of one kind (or everyone's), the n-th of them, the one hand of a text, a seat; and the
// finding of a code in its audit, or whether it audits clean.
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "model/hand.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

// The one hand of a text that holds one; the test stops otherwise.
inline Hand only_hand(std::vector<Hand> hands) {
  REQUIRE(hands.size() == 1);
  return std::move(hands.front());
}

// Every event of kind `k`, in order.
inline std::vector<const Event*> events_of(const Hand& h, EventKind k) {
  std::vector<const Event*> out;
  for (const Event& e : h.events)
    if (e.kind == k) out.push_back(&e);
  return out;
}

// The nth event of kind `k` (of any seat), or nullptr.
inline const Event* nth_event(const Hand& h, EventKind k, int nth = 0) {
  for (const Event& e : h.events)
    if (e.kind == k && nth-- == 0) return &e;
  return nullptr;
}

inline std::vector<const Event*> events(const Hand& h, EventKind k, int seat) {
  std::vector<const Event*> out;
  for (const Event& e : h.events)
    if (e.kind == k && e.seat == seat) out.push_back(&e);
  return out;
}

// The nth event of kind `k` of `seat`; the test stops when there is none.
inline const Event& event(const Hand& h, EventKind k, int seat, std::size_t nth = 0) {
  auto es = events(h, k, seat);
  INFO(event_kind_name(k) << " of seat " << seat << " #" << nth);
  REQUIRE(es.size() > nth);
  return *es[nth];
}

inline const Seat& seat(const Hand& h, int n) {
  const Seat* s = h.seat_of(n);
  INFO("seat " << n);
  REQUIRE(s);
  return *s;
}

// The finding of `code` about seat `seat_no` (0: about no seat), or nullptr.
inline const Finding* finding(const AuditResult& r, FindingCode code, int seat_no = 0) {
  for (const Finding& f : r.findings)
    if (f.code == code && f.seat == seat_no) return &f;
  return nullptr;
}

// True when the audit with the shipped house rules finds neither an error nor a warning.
inline bool audits_clean(const Hand& h) {
  for (const Finding& f : audit_hand(h, AuditContext{&shipped_house_rules()}).findings)
    if (f.severity != Severity::Info) return false;
  return true;
}

}  // namespace hh::test
