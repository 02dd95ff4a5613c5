// A hand, its audit and its file as a store receives them, with every figure set: what the tests
// of the stores (tests/test_db.cpp, tests/test_postgres.cpp) write and read back exactly.
#pragma once

#include <string>

#include "db/store.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "pipeline/sha256.hpp"

namespace hh::test {

inline db::FileRecord file_record(const std::string& path, const std::string& content) {
  db::FileRecord f;
  f.path = path;
  f.sha256 = hh::sha256_hex(content);
  f.bytes = content.size();
  f.encoding = "utf-8";
  f.site = "pokerstars";
  return f;
}

inline hh::Hand make_hand(const std::string& id, const std::string& raw) {
  hh::Hand h;
  h.site = "pokerstars";
  h.site_hand_id = id;
  h.source = {"a.txt", 120, 7};
  h.raw = raw;
  h.game = hh::games::kHoldem;
  h.structure = hh::Structure::NoLimit;
  h.limit_text = "No Limit";
  h.currency = "USD";
  h.unit = 100;
  h.small_blind = 5;
  h.big_blind = 10;
  h.ante = 0;
  h.started_at_utc = "2024-01-02T03:04:05Z";
  h.table_name = "Alpha";
  h.max_seats = 6;
  h.button_seat = 2;
  h.seats = {{1, "Alice", 1000, 0, false}, {2, "Bob", 2000, 0, false}, {4, "Carol", 500, 0, true}};
  h.total_pot = 210;
  h.rake = 5;
  h.fees = {{"jackpot", 1}};
  h.parsed = true;
  return h;
}

inline hh::AuditResult make_result() {
  hh::AuditResult r;
  r.players = {{1, "Alice", 1000, 105, 0}, {2, "Bob", 2000, 105, 204}};
  hh::BuiltPot p;
  p.index = 0;
  p.amount = 210;
  p.rake = 5;
  p.eligible = {1, 2};
  p.winners = {2};
  p.reported_amount = 205;
  hh::BuiltPot side;
  side.index = 1;
  side.amount = 0;
  side.rake = 0;
  side.eligible = {2};
  r.pots = {p, side};
  hh::Finding f;
  f.code = "COLLECTED_MISMATCH";
  f.severity = hh::Severity::Warning;
  f.street = hh::Street::Showdown;
  f.seat = 2;
  f.player = "Bob";
  f.expected = 205;
  f.actual = 204;
  f.message = "Bob collected 2.04, pot after rake is 2.05";
  f.line = 15;
  hh::Finding info;
  info.code = "NOTE";
  info.severity = hh::Severity::Info;
  info.message = "just a note";
  r.findings = {f, info};
  r.total_contributed = 210;
  r.total_collected = 204;
  return r;
}

}  // namespace hh::test
