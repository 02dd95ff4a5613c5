// A hand, its audit and its file as a store receives them, with every figure set: what the tests
// of the stores (tests/test_db.cpp, tests/test_postgres.cpp) write and read back exactly.
#pragma once

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/house_rules.hpp"
#include "audit/session_checks.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "pipeline/sha256.hpp"

namespace hh::test {

// The checks between hands of a table by `rules`, as the pipeline gives them to a store
// (pipeline/scope_checks.hpp).
inline db::ScopeCheck table_checks(const HouseRules& rules) {
  return [&rules](const db::CheckScope&, db::ScopeInput& input, const db::ScopeFindingSink& found) {
    check_table(
        rules, [&input](const std::function<void(SessionHand)>& each) { input.hands(each); },
        found);
  };
}

// A check that reads its scope's hands, as a check does, and finds `findings`.
inline db::ScopeCheck finds(std::vector<SessionFinding> findings) {
  return
      [findings](const db::CheckScope&, db::ScopeInput& input, const db::ScopeFindingSink& found) {
        input.hands([](SessionHand) {});
        for (const SessionFinding& f : findings) found(f);
      };
}

// The findings of `scope` replaced by `findings` (finds()).
inline void replace_findings(db::Store& w, const db::CheckScope& scope,
                             std::vector<SessionFinding> findings) {
  w.replace_findings(scope, finds(std::move(findings)), [](const SessionFinding&) {});
}

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

// `r`, a result written by hand, with what audit_hand would have set for a store of `h` (its seats
// and players dealt).
inline hh::AuditResult stored_reading(const hh::Hand& h, hh::AuditResult r) {
  hh::set_stored_reading(h, r);
  return r;
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
  f.code = hh::FindingCode::PayoutMismatch;
  f.severity = hh::Severity::Warning;
  f.street = hh::Street::Showdown;
  f.seat = 2;
  f.player = "Bob";
  f.expected = 205;
  f.actual = 204;
  f.message = "Bob collected 2.04, pot after rake is 2.05";
  f.line = 15;
  hh::Finding info;
  info.code = hh::FindingCode::RakeNotPrinted;
  info.severity = hh::Severity::Info;
  info.message = "just a note";
  r.findings = {f, info};
  r.total_contributed = 210;
  r.total_collected = 204;
  return r;
}

// Stores a table `name` (of tournament `tournament`, or a cash table) of `n` hands a minute apart
// in `month` (from its 1st) whose numbers run down from `first_id`, stacks carried on and the
// button moving: one HAND_ORDER at each of its n - 1 seams.
inline void store_long_table(db::Store& w, std::int64_t file, const std::string& name, int n,
                             int first_id, const std::string& tournament = "",
                             const std::string& month = "2024-01") {
  // StoredHand refers to its hand, audit and digest: they are kept for the batch's add_hands.
  std::vector<hh::Hand> hands;
  std::vector<hh::AuditResult> results;
  std::vector<std::string> digests;
  const auto store_batch = [&] {
    std::vector<db::StoredHand> batch;
    for (std::size_t k = 0; k < hands.size(); ++k)
      batch.push_back({hands[k], results[k], digests[k]});
    w.add_hands(file, batch);
    hands.clear();
    results.clear();
    digests.clear();
  };
  for (int i = 0; i < n; ++i) {
    hh::Hand h = make_hand(std::to_string(first_id - i), fmt::format("{} {}", name, i));
    h.table_name = name;
    h.tournament_id = tournament;
    h.source.byte_offset = 100 * static_cast<std::uint64_t>(i);  // one place a hand
    h.source.line = static_cast<std::uint32_t>(10 * i + 1);
    h.started_at_utc =
        fmt::format("{}-{:02}T{:02}:{:02}:00Z", month, 1 + i / 1440, i / 60 % 24, i % 60);
    h.seats = {{1, "Alice", 1000, 0, false}, {2, "Bob", 2000, 0, false}};
    h.button_seat = i % 2 + 1;
    hh::AuditResult r;
    r.players = {{1, "Alice", 1000, 0, 0}, {2, "Bob", 2000, 0, 0}};
    digests.push_back(sha256_hex(h.raw));
    results.push_back(stored_reading(h, std::move(r)));
    hands.push_back(std::move(h));
    if (hands.size() == 1000) store_batch();
  }
  if (!hands.empty()) store_batch();
}

// A cash table ("Long") of `n` hands (store_long_table) in the new store `db`, then its checks
// between hands run twice (the second replaces the first's findings). Returns the findings each
// run handed on, in order.
inline std::vector<std::vector<SessionFinding>> long_table_scenario(const std::string& db, int n) {
  auto w = db::open_store(db, db::OpenMode::Write);
  bool already = true;
  const auto file = w->begin_file(file_record("long.txt", "L"), already);
  REQUIRE_FALSE(already);
  store_long_table(*w, file, "Long", n, 1000000);
  w->finish_file(file, n, 0);
  w->commit();
  const db::SessionKey table{"pokerstars", "Long", ""};
  const HouseRules rules;
  std::vector<std::vector<SessionFinding>> runs(2);
  for (auto& found : runs) {
    w->replace_findings(table, table_checks(rules),
                        [&](const SessionFinding& f) { found.push_back(f); });
    w->commit();
  }
  return runs;
}

// Stores, as the file `path`, table `table` (of `tournament`, "" for cash) of four hands in
// `month` ("2024-06") whose numbers run down from `first_id` (store_long_table): a HAND_ORDER
// finding at each of its three seams once its checks between hands run.
inline void store_table_of_month(db::Store& w, const std::string& path, const std::string& table,
                                 const std::string& tournament, const std::string& month,
                                 int first_id) {
  bool already = true;
  const auto file = w.begin_file(file_record(path, path), already);
  REQUIRE_FALSE(already);
  store_long_table(w, file, table, 4, first_id, tournament, month);
  w.finish_file(file, 4, 0);
}

// A file begun without its digest (read once, hashed as the pipeline reads it).
inline db::FileRecord pending_file_record(const std::string& path, const std::string& content) {
  db::FileRecord f = file_record(path, content);
  f.sha256.clear();
  return f;
}

// Files read once, through the Store's calls (both stores run it: "files read once" of
// tests/test_store_contract.cpp checks what it leaves). Returns the outcome of every hand.
//   a.txt: begun without its digest, a hand stored, never finished (the run stopped); a later
//          run of the same path and size, with its digest, takes its row up again;
//   b.txt: begun without its digest while b2.txt, of the same content, is audited with it: at
//          its end, its hands move to b2.txt's row and its own row goes;
//   c.txt: begun without its digest and finished: a copy of it is then already audited;
//   d.txt: as b.txt, but d2.txt, the same content, is begun and not finished: d.txt's figures
//          finish it.
inline std::vector<db::HandOutcome> read_once_scenario(const std::string& db) {
  std::vector<db::HandOutcome> got;
  const auto add = [&](db::Store& s, std::int64_t file, const std::string& id,
                       const std::string& raw) {
    hh::Hand h = make_hand(id, raw);
    const std::string sha = sha256_hex(raw);
    got.push_back(s.add_hands(file, {{h, stored_reading(h, make_result()), sha}}).front());
  };
  bool already = true;
  {
    auto w = db::open_store(db, db::OpenMode::Write);
    const auto a = w->begin_file(pending_file_record("a.txt", "A"), already);
    REQUIRE_FALSE(already);
    add(*w, a, "100", "first");
    w->commit();
  }
  auto w = db::open_store(db, db::OpenMode::Write);
  const auto a = w->begin_file(file_record("a.txt", "A"), already);
  REQUIRE_FALSE(already);
  CHECK(a == 1);
  add(*w, a, "100", "first");
  add(*w, a, "101", "second");
  w->finish_file(a, 2, 0);

  const auto b = w->begin_file(pending_file_record("b.txt", "B"), already);
  REQUIRE_FALSE(already);
  add(*w, b, "102", "third");
  const auto b2 = w->begin_file(file_record("b2.txt", "B"), already);
  REQUIRE_FALSE(already);
  add(*w, b2, "102", "third");
  w->finish_file(b2, 1, 0);
  w->finish_file(b, 1, 0, sha256_hex("B"));

  const auto c = w->begin_file(pending_file_record("c.txt", "C"), already);
  REQUIRE_FALSE(already);
  add(*w, c, "103", "fourth");
  w->finish_file(c, 1, 0, sha256_hex("C"));
  CHECK(w->begin_file(file_record("copy of c.txt", "C"), already) == c);
  CHECK(already);

  const auto d = w->begin_file(pending_file_record("d.txt", "D"), already);
  REQUIRE_FALSE(already);
  const auto d2 = w->begin_file(file_record("d2.txt", "D"), already);
  REQUIRE_FALSE(already);
  add(*w, d, "104", "fifth");
  w->finish_file(d, 1, 0, sha256_hex("D"));
  (void)d2;
  w->commit();
  return got;
}

}  // namespace hh::test
