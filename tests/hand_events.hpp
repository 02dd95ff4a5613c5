// Looking up what a parsed Hand holds, for parser tests that assert on exact events: a seat's
// events of one kind, the n-th of them, a seat.
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>
#include <vector>

#include "model/hand.hpp"

namespace hh::test {

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

}  // namespace hh::test
