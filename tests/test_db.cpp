// Tests of the Store in SQLite: schema and its migration, writing (duplicates, conflicts, unparsed
// hands, files recorded unread, batching), the read queries, and the output formats of report/.
// Every test uses its own temporary directory.
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "audit/table_moves.hpp"
#include "db/session_rows.hpp"
#include "db/sqlite/database.hpp"
#include "db/sqlite/schema.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "pipeline/scope_checks.hpp"
#include "pipeline/sha256.hpp"
#include "report/render.hpp"
#include "tests/pg_server.hpp"
#include "tests/schema_columns.hpp"
#include "tests/store_rows.hpp"
#include "tests/stored_hands.hpp"

namespace fs = std::filesystem;
using hh::sha256_hex;
using hh::db::CellType;
using hh::db::FileRecord;
using hh::db::HandCandidate;
using hh::db::HandOutcome;
using hh::db::OpenMode;
using hh::db::QueryResult;
using hh::db::Store;
using hh::report::OutputFormat;
using hh::test::file_record;
using hh::test::make_hand;
using hh::test::make_result;
using namespace hh::test::store_rows;

namespace {

// The schema version this build writes, as meta(schema_version) holds it.
const std::string kVersion = std::to_string(hh::db::sqlite::kSchemaVersion);

}  // namespace

TEST_CASE("sha256_hex matches the FIPS 180-2 test vectors", "[db]") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("schema is created once, versioned and in WAL mode", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  { auto w = writer(db); }
  { auto again = writer(db); }  // IF NOT EXISTS: reopening an existing database is fine
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(scalar(db, "PRAGMA journal_mode") == "wal");
  CHECK(q(db,
          "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') "
          "ORDER BY type, name") == Rows{{"table", "allin_equities"},
                                         {"table", "discrepancies"},
                                         {"table", "files"},
                                         {"table", "hand_conflicts"},
                                         {"table", "hand_event_log"},
                                         {"table", "hand_players"},
                                         {"table", "hands"},
                                         {"table", "integrity_signals"},
                                         {"table", "meta"},
                                         {"table", "pending_checks"},
                                         {"table", "pot_seats"},
                                         {"table", "pots"},
                                         {"table", "reviews"},
                                         {"table", "tournament_findings"},
                                         {"table", "tournament_results"},
                                         {"table", "tournaments"},
                                         {"view", "hand_events"},
                                         {"view", "players"},
                                         {"view", "v_code_counts"},
                                         {"view", "v_conflicts"},
                                         {"view", "v_file_summary"},
                                         {"view", "v_findings"},
                                         {"view", "v_pots"}});
  CHECK(q(db,
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'idx_%' "
          "ORDER BY name") == Rows{{"idx_conflicts_hand"},
                                   {"idx_discrepancies_cause"},
                                   {"idx_discrepancies_code"},
                                   {"idx_discrepancies_hand"},
                                   {"idx_files_unreadable_path"},
                                   {"idx_hands_content"},
                                   {"idx_hands_file"},
                                   {"idx_hands_table"},
                                   {"idx_hands_tournament"},
                                   {"idx_tournament_findings"}});
}

TEST_CASE("a database of another schema version is refused", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  { auto w = writer(db); }
  {
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec("UPDATE meta SET value = '" + std::to_string(hh::db::sqlite::kSchemaVersion + 1) +
             "' WHERE key = 'schema_version'");
  }
  REQUIRE_THROWS_WITH(
      writer(db),
      Catch::Contains("schema_version " + std::to_string(hh::db::sqlite::kSchemaVersion + 1)) &&
          Catch::Contains("this build reads up to " + kVersion));
}

TEST_CASE("a store reports a database it cannot open", "[db]") {
  TempDir dir;
  REQUIRE_THROWS_WITH(
      writer(dir.file("no/such/dir/a.db")),
      Catch::Contains("cannot open database") && Catch::Contains("unable to open database file"));
}

TEST_CASE("the checks between hands write each finding as found, the table's old ones replaced",
          "[db][sessions]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  constexpr int kHands = 9000;
  const auto runs = hh::test::long_table_scenario(db, kHands);
  for (const auto& found : runs) {
    REQUIRE(found.size() == kHands - 1);
    // In the order played: the seam of hand k (hand_id k + 1) with hand k - 1.
    for (std::size_t k = 1; k < kHands; ++k) {
      const hh::SessionFinding& f = found[k - 1];
      REQUIRE(f.finding.code == hh::FindingCode::HandOrder);
      REQUIRE(f.hand_id == static_cast<std::int64_t>(k + 1));
      REQUIRE(f.related_hand_id == static_cast<std::int64_t>(k));
    }
  }
  // The second run's rows replaced the first's: one a seam, in the order played.
  CHECK(scalar(db, "SELECT COUNT(*) FROM discrepancies") == std::to_string(kHands - 1));
  CHECK(q(db,
          "SELECT count(*), min(hand_id), max(hand_id), sum(related_hand_id = hand_id - 1), "
          "sum(discrepancy_id - min_id = hand_id - 2) FROM discrepancies, (SELECT "
          "min(discrepancy_id) AS min_id FROM discrepancies) WHERE code = 'HAND_ORDER'") ==
        Rows{{"8999", "2", "9000", "8999", "8999"}});
}

TEST_CASE(
    "the checks between hands of many tables, read beside the writer, store what one "
    "thread stores",
    "[db][sessions]") {
  // T0 has more findings than a table's are held for the writer (4,096), so that the readers of
  // the tables after it wait for it; T2 has none.
  const std::vector<std::pair<std::string, int>> tables{
      {"T0", 5000}, {"T1", 4500}, {"T2", 1}, {"T3", 300}, {"T4", 2}};
  const auto run = [&](const std::string& db, unsigned readers) {
    auto w = hh::db::open_store(db, OpenMode::Write);
    bool already = true;
    const auto file = w->begin_file(file_record("tables.txt", "T"), already);
    REQUIRE_FALSE(already);
    int first_id = 1000000, hands = 0;
    std::vector<hh::db::SessionKey> keys;
    for (const auto& [name, n] : tables) {
      hh::test::store_long_table(*w, file, name, n, first_id);
      first_id -= n;
      hands += n;
      keys.push_back({"pokerstars", name, ""});
    }
    w->finish_file(file, hands, 0);
    w->commit();
    const hh::HouseRules rules;
    std::vector<hh::SessionFinding> found;
    // Twice: the second run's findings replace the first's.
    for (int run = 0; run < 2; ++run) {
      found.clear();
      hh::pipeline::replace_scope_findings(
          *w, {keys.begin(), keys.end()}, hh::test::table_checks(rules),
          [&](const hh::SessionFinding& f) { found.push_back(f); }, readers);
      w->commit();
    }
    return found;
  };
  TempDir dir;
  const auto one_thread = run(dir.file("one.db"), 0);
  const auto beside = run(dir.file("beside.db"), 3);
  // Table after table, each in the order played: the seam of a table's hand k with hand k - 1.
  std::vector<std::int64_t> seams;
  std::int64_t hand_id = 0;
  for (const auto& [name, n] : tables) {
    for (int k = 1; k < n; ++k) seams.push_back(hand_id + k + 1);
    hand_id += n;
  }
  REQUIRE(seams.size() == 4999 + 4499 + 299 + 1);
  for (const auto& found : {one_thread, beside}) {
    REQUIRE(found.size() == seams.size());
    for (std::size_t i = 0; i < seams.size(); ++i) {
      REQUIRE(found[i].finding.code == hh::FindingCode::HandOrder);
      REQUIRE(found[i].hand_id == seams[i]);
      REQUIRE(found[i].related_hand_id == seams[i] - 1);
    }
  }
  const std::string rows =
      "SELECT discrepancy_id, hand_id, related_hand_id, code, severity, message FROM "
      "discrepancies ORDER BY discrepancy_id";
  CHECK(q(dir.file("beside.db"), rows) == q(dir.file("one.db"), rows));
  CHECK(scalar(dir.file("beside.db"), "SELECT count(*) FROM discrepancies") == "9798");
}

TEST_CASE("the checks of many tournaments, read beside the writer, store what one thread stores",
          "[db][sessions]") {
  // Tournament -> its tables and their hands. T0's stays each give more findings than an item's
  // are held for the writer (4,096), so that the readers of the tournaments after it wait.
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, int>>>> tournaments{
      {"T0", {{"A0", 5000}, {"B0", 4500}}},
      {"T1", {{"A1", 10}}},
      {"T2", {{"A2", 1}, {"B2", 400}}},
      {"T3", {{"A3", 2}}}};
  // One finding a hand of each stay after a player's first table, first to last, naming the
  // first hand of their first table (a move's finding: its two hands at different tables), so
  // that the findings show every hand was read.
  const hh::db::ScopeCheck each_hand = [](const hh::db::CheckScope&, hh::db::ScopeInput& hands,
                                          const hh::db::ScopeFindingSink& found) {
    hh::TableStays stays;
    hands.hands([&](hh::SessionHand h) { stays.add(std::move(h)); });
    for (const auto& [player, tables] : stays.by_player()) {
      const std::int64_t first_table = tables.begin()->second.first.hand.hand_id;
      for (const auto& [table, stay] : tables)
        for (std::int64_t id = stay.first.hand.hand_id;
             &stay != &tables.begin()->second && id <= stay.last.hand.hand_id; ++id)
          found({id, first_table,
                 hh::make_finding(hh::FindingCode::StackDiscontinuity,
                                  {.message = player + " at " + table})});
    }
  };
  const auto run = [&](const std::string& db, unsigned readers) {
    auto w = hh::db::open_store(db, OpenMode::Write);
    bool already = true;
    const auto file = w->begin_file(file_record("tournaments.txt", "T"), already);
    REQUIRE_FALSE(already);
    int first_id = 1000000, hands = 0;
    std::vector<hh::db::TournamentKey> keys;
    for (const auto& [tournament, tables] : tournaments) {
      for (const auto& [name, n] : tables) {
        hh::test::store_long_table(*w, file, name, n, first_id, tournament);
        first_id -= n;
        hands += n;
      }
      keys.push_back({"pokerstars", tournament});
    }
    w->finish_file(file, hands, 0);
    w->commit();
    std::vector<std::string> found;
    // Twice: the second run's findings replace the first's.
    for (int run = 0; run < 2; ++run) {
      found.clear();
      hh::pipeline::replace_scope_findings(
          *w, {keys.begin(), keys.end()}, each_hand,
          [&](const hh::SessionFinding& f) { found.push_back(f.finding.message); }, readers);
      w->commit();
    }
    return found;
  };
  TempDir dir;
  const auto one_thread = run(dir.file("one.db"), 0);
  const auto beside = run(dir.file("beside.db"), 3);
  // Tournament after tournament; in each, player by player, table by table, hand by hand.
  std::vector<std::string> expected;
  for (const auto& [tournament, tables] : tournaments)
    for (const std::string player : {"Alice", "Bob"})
      for (std::size_t t = 1; t < tables.size(); ++t)
        expected.insert(expected.end(), tables[t].second, player + " at " + tables[t].first);
  REQUIRE(expected.size() == 2 * (4500 + 400));
  CHECK(one_thread == expected);
  CHECK(beside == expected);
  const std::string rows =
      "SELECT discrepancy_id, hand_id, related_hand_id, code, message FROM discrepancies ORDER BY "
      "discrepancy_id";
  CHECK(q(dir.file("beside.db"), rows) == q(dir.file("one.db"), rows));
  CHECK(scalar(dir.file("beside.db"), "SELECT count(*) FROM discrepancies") ==
        std::to_string(expected.size()));
}

TEST_CASE("hands are committed every batch and at destruction", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  {
    auto w = writer(db, 2);
    bool already = false;
    const auto fid = w->begin_file(file_record("a.txt", "A"), already);
    add(*w, fid, make_hand("1", "1"), make_result());
    CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "0");  // other connection: not yet visible
    add(*w, fid, make_hand("2", "2"), make_result());
    CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "2");
    add(*w, fid, make_hand("3", "3"), make_result());
    CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "2");
    w->commit();
    CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "3");
    w->commit();  // nothing pending: a no-op
    add(*w, fid, make_hand("4", "4"), make_result());
  }
  CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "4");
}

TEST_CASE("a hand that fails to store leaves nothing behind", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  {
    auto [w, fid] = one_file(db, "a.txt", "A");
    REQUIRE(add(*w, fid, make_hand("1", "1"), make_result()) == HandOutcome::Inserted);
    hh::AuditResult bad = make_result();
    bad.players.push_back(bad.players.front());  // the same seat twice violates the primary key
    REQUIRE_THROWS_WITH(add(*w, fid, make_hand("2", "2"), bad),
                        Catch::Contains("UNIQUE constraint failed"));
    CHECK(add(*w, fid, make_hand("3", "3"), make_result()) == HandOutcome::Inserted);
  }
  // The failed hand's id is given to the next one, as if it had never been written.
  CHECK(q(db, "SELECT hand_id, site_hand_id FROM hands ORDER BY hand_id") ==
        Rows{{"1", "1"}, {"2", "3"}});
  CHECK(scalar(db, "SELECT COUNT(*) FROM hand_players") == "4");
  CHECK(scalar(db, "SELECT COUNT(*) FROM discrepancies") == "4");
  CHECK(scalar(db, "SELECT COUNT(*) FROM hand_event_log") == "2");
}

TEST_CASE("a load into a database without hands builds its indexes at the end", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  const std::string fresh = dir.file("fresh.db");
  writer(fresh).reset();
  const std::string schema_sql =
      "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name";
  const Rows schema = q(fresh, schema_sql);
  const std::string indexes =
      "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'index' "
      "AND name LIKE 'idx_%' ORDER BY name)";
  const std::string all_indexes =
      "idx_conflicts_hand idx_discrepancies_cause idx_discrepancies_code idx_discrepancies_hand "
      "idx_files_unreadable_path idx_hands_content idx_hands_file idx_hands_table "
      "idx_hands_tournament idx_tournament_findings";
  REQUIRE(scalar(fresh, indexes) == all_indexes);
  {
    auto w = writer(db, 1);  // every hand committed: what another connection sees meanwhile
    bool already = false;
    const auto fid = w->begin_file(file_record("a.txt", "A"), already);
    add(*w, fid, make_hand("1", "1"), make_result());
    // Loading: only the indexes the writer reads by are kept.
    CHECK(scalar(db, indexes) ==
          "idx_conflicts_hand idx_files_unreadable_path idx_tournament_findings");
    hh::Hand unidentified = make_hand("", "no id");
    CHECK(add(*w, fid, unidentified, make_result()) == HandOutcome::Inserted);
    CHECK(add(*w, fid, unidentified, make_result()) == HandOutcome::Duplicate);
    CHECK(add(*w, fid, make_hand("1", "1"), make_result()) == HandOutcome::Duplicate);
    CHECK(add(*w, fid, make_hand("1", "other"), make_result()) == HandOutcome::Conflict);
    // The end of the load: the indexes of hands, which the checks between hands read by; those
    // of findings after the checks, which write findings: when the findings are read.
    w->commit();
    CHECK(scalar(db, indexes) ==
          "idx_conflicts_hand idx_files_unreadable_path idx_hands_content idx_hands_file "
          "idx_hands_table idx_hands_tournament idx_tournament_findings");
    CHECK(w->totals({}).hands == 2);
    CHECK(scalar(db, indexes) == all_indexes);
  }
  CHECK(q(db, schema_sql) == schema);
  // Or when the store closes.
  {
    const std::string closed = dir.file("closed.db");
    {
      auto w = writer(closed);
      bool already = false;
      const auto fid = w->begin_file(file_record("a.txt", "A"), already);
      add(*w, fid, make_hand("1", "1"), make_result());
      w->commit();
    }
    CHECK(q(closed, schema_sql) == schema);
  }
  CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "2");
  CHECK(scalar(db, "SELECT COUNT(*) FROM hand_conflicts") == "1");

  // A database that holds hands keeps its indexes while loading more.
  {
    auto w = writer(db, 1);
    bool already = false;
    const auto fid = w->begin_file(file_record("b.txt", "B"), already);
    add(*w, fid, make_hand("2", "2"), make_result());
    CHECK(scalar(db, indexes) == all_indexes);
  }
  // A load that dies before its end (a copy of its files taken while it runs, as a kill would
  // leave them) leaves the indexes to the next opening for writing.
  {
    const std::string loading = dir.file("loading.db");
    const std::string killed = dir.file("killed.db");
    auto w = writer(loading, 1);
    bool already = false;
    const auto fid = w->begin_file(file_record("a.txt", "A"), already);
    add(*w, fid, make_hand("1", "1"), make_result());
    fs::copy_file(loading, killed);
    fs::copy_file(loading + "-wal", killed + "-wal");
    CHECK(scalar(killed, indexes) ==
          "idx_conflicts_hand idx_files_unreadable_path idx_tournament_findings");
    writer(killed).reset();
    CHECK(q(killed, schema_sql) == schema);
    CHECK(scalar(killed, "SELECT COUNT(*) FROM hands") == "1");
  }
}

// The store skips the DELETE of a table's old findings between hands when it can prove there
// are none (docs/performance.md): these are the cases where there may be some, each of which a
// wrong proof would leave in the database.
TEST_CASE("findings between hands are replaced whoever wrote them, in a new database too",
          "[db][sessions]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  const std::string related =
      "SELECT count(*) FROM discrepancies WHERE related_hand_id IS NOT NULL";
  const hh::db::SessionKey alpha{"pokerstars", "Alpha", "T1"};
  const hh::db::SessionKey beta{"pokerstars", "Beta", "T1"};
  // Hand 1 at Alpha, hands 2 and 3 at Beta, of tournament T1.
  auto load = [&](Store& w) {
    bool already = true;
    const std::int64_t fid = w.begin_file(file_record("a.txt", "A"), already);
    hh::Hand one = make_hand("1", "one");
    one.tournament_id = "T1";
    hh::Hand two = make_hand("2", "two");
    two.tournament_id = "T1";
    two.table_name = "Beta";
    hh::Hand three = two;
    three.site_hand_id = "3";
    three.raw = "three";
    REQUIRE(add(w, fid, one, make_result()) == HandOutcome::Inserted);
    REQUIRE(add(w, fid, two, make_result()) == HandOutcome::Inserted);
    REQUIRE(add(w, fid, three, make_result()) == HandOutcome::Inserted);
  };
  // Between two hands of Beta; of a player moved from Alpha to Beta.
  const std::vector<hh::SessionFinding> three_names_two{
      {3, 2, hh::make_finding(hh::FindingCode::HandOrder, {.message = "m"})}};
  const std::vector<hh::SessionFinding> two_names_one{
      {2, 1, hh::make_finding(hh::FindingCode::StackDiscontinuity, {.message = "m"})}};
  const std::vector<hh::SessionFinding> none;
  // Each replaces the findings (of a table, of a tournament's moves), commits and returns how
  // many findings between hands the database holds then.
  auto replaced = [&](Store& w, const hh::db::SessionKey& table,
                      const std::vector<hh::SessionFinding>& findings) {
    hh::test::replace_findings(w, table, findings);
    w.commit();
    return scalar(db, related);
  };
  auto moved = [&](Store& w, const std::vector<hh::SessionFinding>& findings) {
    std::size_t stored = 0;
    w.replace_findings(hh::db::TournamentKey{"pokerstars", "T1"}, hh::test::finds(findings),
                       [&](const hh::SessionFinding&) { ++stored; });
    CHECK(stored == findings.size());
    w.commit();
    return scalar(db, related);
  };

  SECTION("written by this store for the table") {
    auto w = writer(db);
    load(*w);
    CHECK(replaced(*w, beta, three_names_two) == "1");
    CHECK(replaced(*w, beta, none) == "0");
  }
  SECTION("written by this store for a move between the tournament's tables") {
    auto w = writer(db);
    load(*w);
    CHECK(moved(*w, two_names_one) == "1");
    // The table's check replaces every finding between hands of its hands, a move's too.
    CHECK(replaced(*w, beta, none) == "0");
    CHECK(moved(*w, two_names_one) == "1");
    CHECK(moved(*w, none) == "0");
  }
  SECTION("written by another store while this one loads") {
    auto w = writer(db);
    load(*w);
    w->commit();  // the batch ends: another writer may take the database
    {
      auto other = writer(db);
      CHECK(replaced(*other, beta, three_names_two) == "1");
      CHECK(moved(*other, two_names_one) == "2");
    }
    CHECK(moved(*w, none) == "1");
    CHECK(replaced(*w, beta, none) == "0");
  }
  SECTION("in a database that held findings before this store's load") {
    {
      auto w = writer(db);
      load(*w);
      CHECK(replaced(*w, beta, three_names_two) == "1");
    }
    auto w = writer(db);
    CHECK(replaced(*w, beta, none) == "0");
  }
  // Tables the findings do not belong to keep them.
  SECTION("another table's findings stay") {
    auto w = writer(db);
    load(*w);
    hh::test::replace_findings(*w, beta, three_names_two);
    CHECK(replaced(*w, alpha, none) == "1");
  }
}

namespace {

// A tournament's check (Store::replace_findings of a TournamentKey) in the new store `db`: its
// input is its summary and its hands at both tables; its findings, one on the summary and one of a
// move between its tables, replace the tournament's, and its pending_checks row goes with them.
void tournament_scope_case(const std::string& db) {
  const hh::db::TournamentKey key{"pokerstars", "T9"};
  auto w = hh::db::open_store(db, OpenMode::Write);
  bool already = true;
  const auto file = w->begin_file(file_record("t9.txt", "T9"), already);
  hh::test::store_long_table(*w, file, "A", 2, 100, key.tournament_id);
  hh::test::store_long_table(*w, file, "B", 3, 90, key.tournament_id, "2024-02");
  w->finish_file(file, 5, 0);
  hh::TournamentSummary s;
  s.site = key.site;
  s.tournament_id = key.tournament_id;
  s.parsed = true;
  s.entrants = 2;
  s.results = {{1, "Alice", "", std::nullopt, "", 7}, {2, "Bob", "", std::nullopt, "", 8}};
  const auto summary_file = w->begin_file(file_record("t9-summary.txt", "S9"), already);
  REQUIRE(w->add_summary(summary_file, {s, {}, "s9"}) == HandOutcome::Inserted);
  w->commit();
  REQUIRE(w->pending_checks().tournaments.count(key) == 1);
  // Finds one place mismatch on the summary and, when `move`, one move: B's first hand after A's.
  const auto check = [](bool move) {
    return [move](const hh::db::CheckScope&, hh::db::ScopeInput& input,
                  const hh::db::ScopeFindingSink& found) {
      const std::optional<hh::StoredTournament> t = input.tournament();
      REQUIRE(t);
      CHECK(t->entrants == 2);
      CHECK(t->results.size() == 2);
      std::map<std::string, std::vector<std::int64_t>> by_table;
      input.hands([&](hh::SessionHand h) { by_table[h.table_name].push_back(h.hand_id); });
      CHECK(by_table["A"].size() == 2);
      CHECK(by_table["B"].size() == 3);
      CHECK_THROWS_AS(input.raked_hands(), std::logic_error);
      found({0, 0, hh::make_finding(hh::FindingCode::SummaryPlaceMismatch, {.message = "p"})});
      if (move)
        found({by_table["B"].front(), by_table["A"].back(),
               hh::make_finding(hh::FindingCode::StackDiscontinuity, {.message = "m"})});
    };
  };
  const std::string findings =
      "SELECT (SELECT count(*) FROM tournament_findings WHERE code = 'SUMMARY_PLACE_MISMATCH') "
      "|| '/' || (SELECT count(*) FROM discrepancies WHERE related_hand_id IS NOT NULL)";
  std::vector<hh::FindingCode> stored;
  const auto note = [&](const hh::SessionFinding& f) { stored.push_back(f.finding.code); };
  w->replace_findings(key, check(true), note);
  w->commit();
  CHECK(stored == std::vector<hh::FindingCode>{hh::FindingCode::SummaryPlaceMismatch,
                                               hh::FindingCode::StackDiscontinuity});
  CHECK(scalar(db, findings) == "1/1");
  CHECK(w->pending_checks().tournaments.count(key) == 0);
  CHECK(w->pending_checks().tables.size() == 2);  // the tables' checks are their own
  // Again, without the move: replaced as a whole, not added to.
  w->replace_findings(key, check(false), note);
  w->commit();
  CHECK(scalar(db, findings) == "1/0");
}

}  // namespace

TEST_CASE("a tournament's check replaces its summary's and its moves' findings and its pending row",
          "[db][recheck]") {
  TempDir dir;
  tournament_scope_case(dir.file("a.db"));
  if (hh::test::PgServer* server = hh::test::PgServer::get())
    tournament_scope_case(server->create_database("tournament_scope"));
}

TEST_CASE("run_query refuses to write", "[db][query]") {
  // The refusals of every store: "query refuses to write" (tests/test_store_contract.cpp); here
  // SQLite's words, and its PRAGMAs.
  TempDir dir;
  const std::string db = dir.file("a.db");
  { auto w = writer(db); }
  CHECK_THROWS_WITH(run_query(db, "INSERT INTO meta VALUES ('x', 'y')"),
                    "read-only query: attempt to write a readonly database (statement 1: INSERT "
                    "INTO meta VALUES ('x', 'y'))");
  // A PRAGMA that sets anything is refused before the write is reached
  // (tests/test_query_safety.cpp).
  CHECK_THROWS_WITH(run_query(db, "PRAGMA query_only=OFF; UPDATE hands SET rake = 0"),
                    "read-only query: PRAGMA query_only=OFF sets a value and is refused "
                    "(statement 1: PRAGMA query_only=OFF)");
  CHECK(scalar(db, "SELECT COUNT(*) FROM meta") == "1");
}

TEST_CASE("query writes no file: ATTACH and VACUUM INTO are refused", "[db][query]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  { auto w = writer(db); }
  const auto refused = Catch::Contains(
      "read-only query: ATTACH and VACUUM INTO write files and are refused (statement ");
  const std::string copy = dir.file("copy.db");
  CHECK_THROWS_WITH(run_query(db, "SELECT 1; VACUUM INTO '" + copy + "'"),
                    refused && Catch::Contains("statement 2: VACUUM INTO"));
  CHECK_THROWS_WITH(run_query(db, "ATTACH '" + copy + "' AS other"), refused);
  CHECK_THROWS_WITH(run_query(db, "ATTACH ':memory:' AS other"), refused);
  CHECK_FALSE(fs::exists(copy));
  // Through a store opened for writing too (query reads through a read-only connection).
  CHECK_THROWS_WITH(writer(db)->query("VACUUM INTO '" + copy + "'"), refused);
  CHECK_FALSE(fs::exists(copy));
}

TEST_CASE("a read-only store opens a path with URI characters in its name", "[db][query]") {
  TempDir dir;
  const std::string db = dir.file("a?b#c%20d.db");  // read-only stores open a file: URI
  { auto w = writer(db); }
  CHECK(rows_of(run_query(db, "SELECT value FROM meta WHERE key = 'schema_version'")) ==
        Rows{{kVersion}});
  CHECK_FALSE(fs::exists(dir.file("a")));
}

TEST_CASE("run_query on a missing database fails without creating it", "[db][query]") {
  TempDir dir;
  const std::string db = dir.file("missing.db");
  REQUIRE_THROWS_WITH(run_query(db, "SELECT 1"), "no such database: " + db);
  CHECK_FALSE(fs::exists(db));
}

TEST_CASE("query returns every statement with columns, typed cells", "[db][query]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  { auto w = writer(db); }
  const std::vector<QueryResult> all =
      run_queries(db,
                  "SELECT 1 AS one; -- a comment\n"
                  ";\n"
                  "SELECT 42 AS i, 1.5 AS f, 'x' AS t, NULL AS n, x'00ff' AS b;\n"
                  "  \n");
  REQUIRE(all.size() == 2);
  CHECK(all[0].columns == std::vector<std::string>{"one"});
  CHECK(rows_of(all[0]) == Rows{{"1"}});
  const QueryResult& r = all[1];
  CHECK(r.columns == std::vector<std::string>{"i", "f", "t", "n", "b"});
  CHECK(rows_of(r) == Rows{{"42", "1.5", "x", "NULL", "00ff"}});
  CHECK(r.types ==
        std::vector<std::vector<CellType>>{
            {CellType::Integer, CellType::Float, CellType::Text, CellType::Null, CellType::Blob}});
  QueryResult empty = run_query(db, "SELECT 1 AS a; SELECT code FROM discrepancies WHERE 0");
  CHECK(empty.columns == std::vector<std::string>{"code"});
  CHECK(empty.rows.empty());
  CHECK(run_queries(db, "  ").empty());
  CHECK_THROWS_WITH(run_query(db, "SELECT 1; SELEC 2"),
                    Catch::StartsWith("SQL error: near \"SELEC\": syntax error (statement 2"));
  CHECK_THROWS_WITH(run_query(db, "SELECT nope FROM hands"),
                    "SQL error: no such column: nope (statement 1: SELECT nope FROM hands)");
}

namespace {
QueryResult sample() {
  QueryResult r;
  r.columns = {"id", "name", "note", "amount"};
  r.rows = {{"1", "plain", std::nullopt, "2.5"},
            {"22", "a,b", "say \"hi\"", "-3"},
            {"333", "line\nbreak", "", std::nullopt}};
  r.types = {{CellType::Integer, CellType::Text, CellType::Null, CellType::Float},
             {CellType::Integer, CellType::Text, CellType::Text, CellType::Integer},
             {CellType::Integer, CellType::Text, CellType::Text, CellType::Null}};
  return r;
}
std::string render(const QueryResult& r, OutputFormat f) {
  std::ostringstream out;
  hh::report::write_result(out, r, f);
  return out.str();
}
}  // namespace

TEST_CASE("csv output quotes per RFC 4180", "[db][query]") {
  CHECK(render(sample(), OutputFormat::Csv) ==
        "id,name,note,amount\n"
        "1,plain,,2.5\n"
        "22,\"a,b\",\"say \"\"hi\"\"\",-3\n"
        "333,\"line\nbreak\",,\n");
  QueryResult cr;
  cr.columns = {"a\"b"};
  cr.rows = {{"x\ry"}};
  cr.types = {{CellType::Text}};
  CHECK(render(cr, OutputFormat::Csv) == "\"a\"\"b\"\n\"x\ry\"\n");
}

TEST_CASE("json output keeps numbers numeric and escapes strings", "[db][query]") {
  CHECK(render(sample(), OutputFormat::Json) ==
        "[\n"
        "  {\"id\": 1, \"name\": \"plain\", \"note\": null, \"amount\": 2.5},\n"
        "  {\"id\": 22, \"name\": \"a,b\", \"note\": \"say \\\"hi\\\"\", \"amount\": -3},\n"
        "  {\"id\": 333, \"name\": \"line\\nbreak\", \"note\": \"\", \"amount\": null}\n"
        "]\n");
  QueryResult r;
  r.columns = {"s", "n"};
  r.rows = {{std::string("tab\t\\ \x01 caf\xc3\xa9 bad\xff"), "Inf"}};
  r.types = {{CellType::Text, CellType::Float}};
  CHECK(render(r, OutputFormat::Json) ==
        "[\n  {\"s\": \"tab\\t\\\\ \\u0001 caf\xc3\xa9 bad\xef\xbf\xbd\", \"n\": \"Inf\"}\n]\n");
  QueryResult none;
  none.columns = {"a"};
  CHECK(render(none, OutputFormat::Json) == "[]\n");
}

TEST_CASE("table output aligns columns under a rule", "[db][query]") {
  CHECK(render(sample(), OutputFormat::Table) ==
        " id  name         note      amount\n"
        "---  -----------  --------  ------\n"
        "  1  plain        NULL         2.5\n"
        " 22  a,b          say \"hi\"      -3\n"
        "333  line\\nbreak" +
            std::string(14, ' ') + "NULL\n");
  QueryResult r;
  r.columns = {"player", "n"};
  r.rows = {{"Jos\xc3\xa9", "1"}, {"Bo", "10"}};
  r.types = {{CellType::Text, CellType::Integer}, {CellType::Text, CellType::Integer}};
  CHECK(render(r, OutputFormat::Table) ==
        "player   n\n"
        "------  --\n"
        "Jos\xc3\xa9     1\n"
        "Bo      10\n");
}

TEST_CASE("query results round-trip from a real database into every format", "[db][query]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  {
    auto [w, fid] = one_file(db, "a.txt", "A");
    add(*w, fid, make_hand("100", "raw"), make_result());
  }
  const QueryResult r = run_query(db, "SELECT code, severity, count FROM v_code_counts");
  CHECK(render(r, OutputFormat::Json) ==
        "[\n"
        "  {\"code\": \"PAYOUT_MISMATCH\", \"severity\": \"warning\", \"count\": 1},\n"
        "  {\"code\": \"RAKE_NOT_PRINTED\", \"severity\": \"info\", \"count\": 1}\n"
        "]\n");
  CHECK(render(r, OutputFormat::Csv) ==
        "code,severity,count\nPAYOUT_MISMATCH,warning,1\nRAKE_NOT_PRINTED,info,1\n");
  CHECK(render(r, OutputFormat::Table) ==
        "code              severity  count\n"
        "----------------  --------  -----\n"
        "PAYOUT_MISMATCH   warning       1\n"
        "RAKE_NOT_PRINTED  info          1\n");
  CHECK(hh::report::output_format_from_name("csv") == OutputFormat::Csv);
  CHECK(hh::report::output_format_from_name("table") == OutputFormat::Table);
  CHECK(hh::report::output_format_from_name("json") == OutputFormat::Json);
  CHECK_FALSE(hh::report::output_format_from_name("xml").has_value());
}

TEST_CASE("a read-only store refuses to write and never creates a database", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  REQUIRE_THROWS_WITH(hh::db::open_store(db, OpenMode::ReadOnly), "no such database: " + db);
  CHECK_FALSE(fs::exists(db));
  { auto w = writer(db); }
  auto r = hh::db::open_store(db, OpenMode::ReadOnly);
  bool already = false;
  CHECK_THROWS_WITH(r->begin_file(file_record("a.txt", "A"), already),
                    "database " + db + " is open read-only");
  CHECK_THROWS_WITH(hh::db::open_store("mysql://localhost/x", OpenMode::ReadOnly),
                    Catch::Contains("no store for mysql://localhost/x"));
  // A PostgreSQL URI goes to the PostgreSQL store (tests/test_postgres.cpp), never to a file.
  CHECK_THROWS_WITH(hh::db::open_store("postgresql://localhost:1/x", OpenMode::ReadOnly),
                    Catch::StartsWith("cannot connect to PostgreSQL: "));
  CHECK_FALSE(fs::exists("postgresql:"));
  CHECK(scalar(("sqlite:" + db), "SELECT value FROM meta WHERE key = 'schema_version'") ==
        kVersion);
}

namespace {

hh::Event event(hh::EventKind kind, hh::Street street, int seat, hh::Money amount,
                std::uint32_t line) {
  hh::Event e;
  e.kind = kind;
  e.street = street;
  e.seat = seat;
  e.amount = amount;
  e.line = line;
  return e;
}

// A hand with one event of each shape hand_events must give back: seatless, with and without
// amounts, a raise's street total, all-in, cards that need JSON escaping, a second board, and a
// chat line that is not stored.
hh::Hand make_hand_with_events() {
  using hh::EventKind, hh::Street;
  hh::Hand h = make_hand("7", "seven");
  h.events.push_back(event(EventKind::PostSmallBlind, Street::Setup, 1, 5, 3));
  h.events.push_back(event(EventKind::Chat, Street::Preflop, 2, 0, 4));
  hh::Event dealt = event(EventKind::DealtHole, Street::Preflop, 2, 0, 5);
  dealt.cards = hh::EventCards::read("Ah \"Kd\"\\\n\xff");
  h.events.push_back(dealt);
  hh::Event raise = event(EventKind::Raise, Street::Preflop, 1, 95, 6);
  raise.to = 100;
  raise.all_in = true;
  h.events.push_back(raise);
  hh::Event board = event(EventKind::Board, Street::Flop, 0, 0, 0);
  board.cards = hh::EventCards::read("2c 3d 4h");
  board.board_index = 1;
  h.events.push_back(board);
  return h;
}

}  // namespace

TEST_CASE("a hand's events are one hand_event_log row, read as rows by hand_events", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    // The replay's stacks and pot: after the blind and the raise (the chat line is not stored,
    // the dealt cards move no chips, the second player's stack was not printed).
    hh::AuditResult r = make_result();
    r.chips_after = {hh::ChipsAfter{995, 5}, std::nullopt, std::nullopt,
                     hh::ChipsAfter{std::nullopt, 100}, std::nullopt};
    add(*w, fid, make_hand_with_events(), r);
  }
  CHECK(scalar(db, "SELECT count(*) FROM hand_event_log") == "1");
  CHECK(scalar(db, "SELECT json_valid(events) FROM hand_event_log") == "1");
  CHECK(q(db, "SELECT * FROM hand_events ORDER BY seq") ==
        Rows{{"1", "1", "setup", "1", "small_blind", "5", "NULL", "0", "NULL", "NULL", "3", "995",
              "5"},
             {"1", "2", "preflop", "2", "dealt", "NULL", "NULL", "0", "Ah \"Kd\"\\\n\xef\xbf\xbd",
              "NULL", "5", "NULL", "NULL"},
             {"1", "3", "preflop", "1", "raise", "95", "100", "1", "NULL", "NULL", "6", "NULL",
              "100"},
             {"1", "4", "flop", "NULL", "board", "NULL", "NULL", "0", "2c 3d 4h", "1", "NULL",
              "NULL", "NULL"}});
  // The view's columns have the types the table of schema 3 had.
  CHECK(q(db,
          "SELECT typeof(seq), typeof(seat), typeof(amount), typeof(cards) FROM hand_events "
          "WHERE seq = 3") == Rows{{"integer", "integer", "integer", "null"}});
  // Deleting a hand deletes its events.
  {
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec("PRAGMA foreign_keys=ON; DELETE FROM hands;");
  }
  CHECK(scalar(db, "SELECT count(*) FROM hand_event_log") == "0");
}

namespace {

// A database of this version back in schema 5's shape: without what the checks between hands
// read (hand_players' seat columns, discrepancies.related_hand_id; SQLite drops no column a
// foreign key names, so discrepancies is built again as schema 5 had it).
void back_to_schema_5(hh::db::sqlite::Database& raw) {
  raw.exec(kBackToSchema10);
  raw.exec(
      "DROP VIEW IF EXISTS v_findings;"
      "ALTER TABLE hand_players DROP COLUMN sitting_out;"
      "ALTER TABLE hand_players DROP COLUMN stack_unknown;"
      "ALTER TABLE hand_players DROP COLUMN posted_small_blind;"
      "ALTER TABLE hand_players DROP COLUMN posted_big_blind;"
      "ALTER TABLE hand_players DROP COLUMN posted_owed;"
      "ALTER TABLE hands DROP COLUMN fast_fold;"
      "ALTER TABLE hands DROP COLUMN players_named_by_position;"
      "CREATE TABLE d5 AS SELECT discrepancy_id, hand_id, code, severity, street, seat, player, "
      "expected, actual, message, line, cause_id FROM discrepancies;"
      "DROP TABLE discrepancies;"
      "CREATE TABLE discrepancies (discrepancy_id INTEGER PRIMARY KEY, hand_id INTEGER NOT NULL "
      "REFERENCES hands(hand_id) ON DELETE CASCADE, code TEXT NOT NULL, severity TEXT NOT NULL "
      "CHECK (severity IN ('info', 'warning', 'error')), street TEXT, seat INTEGER, player TEXT, "
      "expected INTEGER, actual INTEGER, message TEXT NOT NULL, line INTEGER, "
      "cause_id INTEGER REFERENCES discrepancies(discrepancy_id));"
      "INSERT INTO discrepancies SELECT * FROM d5; DROP TABLE d5;"
      "CREATE INDEX idx_discrepancies_cause ON discrepancies(cause_id);"
      "DROP INDEX idx_hands_table;");
}
}  // namespace

TEST_CASE("a schema 5 database gets what the checks between hands read", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
  }
  const Rows findings = q(db,
                          "SELECT hand_id, code, severity, seat, expected, actual, message FROM "
                          "discrepancies ORDER BY discrepancy_id");
  {
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    back_to_schema_5(raw);
    raw.exec("UPDATE meta SET value = '5' WHERE key = 'schema_version';");
  }
  auto w = writer(db);
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db,
          "SELECT hand_id, code, severity, seat, expected, actual, message FROM discrepancies "
          "ORDER BY discrepancy_id") == findings);
  // The hands stored before know no seat details (NULL); their findings no related hand.
  CHECK(q(db,
          "SELECT seat, sitting_out, stack_unknown, posted_small_blind, posted_big_blind, "
          "posted_owed FROM hand_players ORDER BY seat") ==
        Rows{{"1", "NULL", "NULL", "NULL", "NULL", "NULL"},
             {"2", "NULL", "NULL", "NULL", "NULL", "NULL"}});
  CHECK(scalar(db, "SELECT count(*) FROM v_findings WHERE related_hand_id IS NOT NULL") == "0");
  const auto hands = w->session_hands({"pokerstars", "Alpha", ""});
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].seat_details_known);
  CHECK(hands[0].seats.size() == 2);
  // A finding between two hands names the related hand, shown by v_findings.
  auto& w2 = w;
  bool already = true;
  const std::int64_t file2 = w2->begin_file(file_record("in/b.txt", "B"), already);
  hh::Hand second = make_hand("2", "two");
  second.started_at_utc = "2024-01-02T03:05:05Z";
  add(*w2, file2, second, make_result());
  const auto both = w2->session_hands({"pokerstars", "Alpha", ""});
  REQUIRE(both.size() == 2);
  CHECK(both[1].seat_details_known);
  hh::SessionFinding f{both[1].hand_id, both[0].hand_id,
                       hh::make_finding(hh::FindingCode::HandOrder, {.message = "m"})};
  hh::test::replace_findings(*w2, hh::db::SessionKey{"pokerstars", "Alpha", ""}, {f});
  w2->commit();
  CHECK(q(db,
          "SELECT site_hand_id, code, related_site_hand_id FROM v_findings WHERE "
          "related_hand_id IS NOT NULL") == Rows{{"2", "HAND_ORDER", "1"}});
  // Replaced as a whole: a second replace leaves one row, not two.
  hh::test::replace_findings(*w2, hh::db::SessionKey{"pokerstars", "Alpha", ""}, {f});
  w2->commit();
  CHECK(scalar(db, "SELECT count(*) FROM discrepancies WHERE related_hand_id IS NOT NULL") == "1");
}

TEST_CASE("a schema 9 database's table index takes the start time", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
  }
  const std::string columns =
      "SELECT name FROM pragma_index_info('idx_hands_table') ORDER BY seqno";
  CHECK(q(db, columns) == Rows{{"site"}, {"table_name"}, {"started_at_utc"}});
  {
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec(
        "DROP INDEX idx_hands_table; CREATE INDEX idx_hands_table ON hands(site, table_name);"
        "UPDATE meta SET value = '9' WHERE key = 'schema_version';");
  }
  CHECK(q(db, columns) == Rows{{"site"}, {"table_name"}});
  { auto w = writer(db); }
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, columns) == Rows{{"site"}, {"table_name"}, {"started_at_utc"}});
  // The checks between hands read a table's hands in order of play without sorting them.
  const Rows plan = q(db, "EXPLAIN QUERY PLAN " + hh::db::played_session_hands_sql(
                                                      '?', "h.started_at_utc NULLS FIRST"));
  REQUIRE(plan.size() == 2);  // hands by idx_hands_table, hand_players by key: no sort
  for (const auto& row : plan) CHECK(row.back().find("TEMP B-TREE") == std::string::npos);
}

TEST_CASE("a schema 3 database's event rows become one row a hand", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand_with_events(), make_result());
  }
  // The columns of schema 3's table.
  const std::string columns =
      "hand_id, seq, street, seat, kind, amount, to_amount, all_in, cards, board, line";
  const Rows events = q(db, "SELECT " + columns + " FROM hand_events ORDER BY hand_id, seq");
  {
    // Back to schema 3's shape: hand_events a table of rows, in a made-up order on disk.
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec(
        "CREATE TABLE events3 AS SELECT " + columns +
        " FROM hand_events ORDER BY seq DESC;"
        "DROP VIEW hand_events; DROP TABLE hand_event_log;"
        "CREATE TABLE hand_events (hand_id INTEGER NOT NULL REFERENCES hands(hand_id) "
        "ON DELETE CASCADE, seq INTEGER NOT NULL, street TEXT NOT NULL, seat INTEGER, "
        "kind TEXT NOT NULL, amount INTEGER, to_amount INTEGER, all_in INTEGER NOT NULL DEFAULT 0, "
        "cards TEXT, board INTEGER, line INTEGER, PRIMARY KEY (hand_id, seq)) WITHOUT ROWID;"
        "INSERT INTO hand_events SELECT * FROM events3 ORDER BY seq DESC; DROP TABLE events3;");
    back_to_schema_5(raw);
    raw.exec("UPDATE meta SET value = '3' WHERE key = 'schema_version';");
  }
  { auto w = writer(db); }
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(scalar(db, "SELECT type FROM sqlite_master WHERE name = 'hand_events'") == "view");
  CHECK(q(db, "SELECT " + columns + " FROM hand_events ORDER BY hand_id, seq") == events);
  CHECK(q(db, "SELECT DISTINCT stack_after, pot_after FROM hand_events") == Rows{{"NULL", "NULL"}});
}

TEST_CASE("raked_cash_hands reads the hands rake can be learned from", "[db]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
    hh::Hand winamax = make_hand("2", "two");
    winamax.site = "winamax";
    add(*w, fid, winamax, make_result());
    hh::Hand tournament = make_hand("3", "three");
    tournament.tournament_id = "77";
    add(*w, fid, tournament, make_result());
  }
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  const auto all = store->raked_cash_hands("", false);
  REQUIRE(all.size() == 2);
  CHECK(all[0].site == "pokerstars");
  CHECK(all[0].site_hand_id == "1");
  CHECK(all[0].currency == "USD");
  CHECK(all[0].limit_type == "No Limit");
  CHECK(all[0].date == "2024-01-02");
  CHECK(all[0].big_blind == 10);
  CHECK(all[0].pot == 210);
  CHECK(all[0].rake == 5);
  CHECK(all[0].players == 2);
  CHECK(all[1].site == "winamax");
  const auto one = store->raked_cash_hands("winamax", false);
  REQUIRE(one.size() == 1);
  CHECK(one[0].site_hand_id == "2");
}

namespace {
// A database as schema 1 (before pot_seats and files.status) wrote it, built from its own SQL.
void write_schema_1_database(const std::string& db) {
  hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  raw.exec(R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (file_id INTEGER PRIMARY KEY, path TEXT NOT NULL, sha256 TEXT NOT NULL UNIQUE,
  bytes INTEGER NOT NULL, encoding TEXT, site TEXT, hands INTEGER, failed INTEGER,
  audited_at TEXT, duplicates INTEGER, conflicts INTEGER, first_seen_at TEXT NOT NULL);
CREATE TABLE hands (hand_id INTEGER PRIMARY KEY, site TEXT NOT NULL, site_hand_id TEXT,
  file_id INTEGER NOT NULL REFERENCES files(file_id), byte_offset INTEGER NOT NULL,
  line INTEGER NOT NULL, table_name TEXT, game TEXT, limit_type TEXT, currency TEXT,
  unit INTEGER NOT NULL CHECK (unit > 0), small_blind INTEGER, big_blind INTEGER, ante INTEGER,
  started_at_utc TEXT, seats INTEGER, players_dealt INTEGER, total_pot INTEGER, rake INTEGER,
  fees INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('ok', 'findings', 'unparsed')),
  content_sha256 TEXT NOT NULL, tournament_id TEXT, button_seat INTEGER,
  cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)), total_contributed INTEGER,
  total_collected INTEGER, parse_issues INTEGER NOT NULL DEFAULT 0,
  total_pot_derived INTEGER NOT NULL DEFAULT 0 CHECK (total_pot_derived IN (0, 1)),
  rake_derived INTEGER NOT NULL DEFAULT 0 CHECK (rake_derived IN (0, 1)),
  UNIQUE (site, site_hand_id));
CREATE TABLE hand_players (hand_id INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE,
  seat INTEGER NOT NULL, player TEXT NOT NULL, start_stack INTEGER NOT NULL,
  contributed INTEGER NOT NULL, collected INTEGER NOT NULL, net INTEGER NOT NULL,
  PRIMARY KEY (hand_id, seat)) WITHOUT ROWID;
CREATE TABLE pots (hand_id INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE,
  pot_index INTEGER NOT NULL, amount INTEGER NOT NULL, rake INTEGER NOT NULL,
  eligible TEXT NOT NULL, winners TEXT NOT NULL, reported_amount INTEGER,
  PRIMARY KEY (hand_id, pot_index)) WITHOUT ROWID;
CREATE TABLE discrepancies (discrepancy_id INTEGER PRIMARY KEY,
  hand_id INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE, code TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'error')), street TEXT,
  seat INTEGER, player TEXT, expected INTEGER, actual INTEGER, message TEXT NOT NULL,
  line INTEGER);
CREATE TABLE hand_conflicts (conflict_id INTEGER PRIMARY KEY, site TEXT NOT NULL,
  site_hand_id TEXT, existing_hand_id INTEGER NOT NULL REFERENCES hands(hand_id),
  file_id INTEGER NOT NULL REFERENCES files(file_id), byte_offset INTEGER NOT NULL,
  line INTEGER NOT NULL, content_sha256 TEXT NOT NULL, recorded_at TEXT NOT NULL);
CREATE VIEW v_file_summary AS SELECT f.file_id, f.path, f.site, f.hands FROM files f;
INSERT INTO meta VALUES ('schema_version', '1');
INSERT INTO files VALUES (1, 'a.txt', 'aaaa', 10, 'utf-8', 'pacific', 2, 0,
  '2024-01-01T00:00:00Z', 0, 1, '2024-01-01T00:00:00Z');
INSERT INTO files VALUES (2, 'b.txt', 'bbbb', 20, 'utf-8', 'pokerstars', NULL, NULL, NULL, NULL,
  NULL, '2024-01-01T00:00:00Z');
INSERT INTO hands (hand_id, site, site_hand_id, file_id, byte_offset, line, unit, status,
  content_sha256) VALUES (1, 'pacific', '888001', 1, 0, 1, 100, 'ok', 'c1'),
  (2, 'pokerstars', '5', 2, 0, 1, 100, 'findings', 'c2');
INSERT INTO pots VALUES (1, 0, 300, 10, '1,3,10', '10', 290), (1, 1, 50, 0, '3', '', NULL),
  (2, 0, 20, 0, '2,4', '2,4', NULL);
INSERT INTO hand_conflicts VALUES (1, 'pacific', '888001', 1, 1, 99, 9, 'c3',
  '2024-01-01T00:00:00Z');
)sql");
}
}  // namespace

TEST_CASE("a schema 1 database is migrated on open", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  write_schema_1_database(db);
  {
    auto w = writer(db);
    // The interrupted file resumes under its id, as before the migration.
    bool already = true;
    FileRecord b;
    b.path = "b.txt";
    b.sha256 = "bbbb";
    b.bytes = 20;
    b.site = "pokerstars";
    CHECK(w->begin_file(b, already) == 2);
    CHECK_FALSE(already);
    b.sha256 = "aaaa";
    CHECK(w->begin_file(b, already) == 1);
    CHECK(already);
  }
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, "SELECT file_id, site, status, note FROM files ORDER BY file_id") ==
        Rows{{"1", "888poker", "audited", "NULL"}, {"2", "pokerstars", "interrupted", "NULL"}});
  CHECK(q(db, "SELECT hand_id, site FROM hands ORDER BY hand_id") ==
        Rows{{"1", "888poker"}, {"2", "pokerstars"}});
  CHECK(scalar(db, "SELECT site FROM hand_conflicts") == "888poker");
  CHECK(q(db, "SELECT * FROM pots ORDER BY hand_id, pot_index") ==
        Rows{{"1", "0", "300", "10", "290"},
             {"1", "1", "50", "0", "NULL"},
             {"2", "0", "20", "0", "NULL"}});
  CHECK(q(db, "SELECT * FROM pot_seats ORDER BY hand_id, pot_index, role, seat") ==
        Rows{{"1", "0", "1", "eligible"},
             {"1", "0", "3", "eligible"},
             {"1", "0", "10", "eligible"},
             {"1", "0", "10", "winner"},
             {"1", "1", "3", "eligible"},
             {"2", "0", "2", "eligible"},
             {"2", "0", "4", "eligible"},
             {"2", "0", "2", "winner"},
             {"2", "0", "4", "winner"}});
  CHECK(q(db, "SELECT hand_id, pot_index, eligible, winners FROM v_pots ORDER BY 1, 2") ==
        Rows{{"1", "0", "1,3,10", "10"}, {"1", "1", "3", ""}, {"2", "0", "2,4", "2,4"}});
  CHECK(q(db, "SELECT path, status FROM v_file_summary ORDER BY file_id") ==
        Rows{{"a.txt", "audited"}, {"b.txt", "interrupted"}});
  { auto again = writer(db); }  // a migrated database opens as one of this version
  CHECK(scalar(db, "SELECT count(*) FROM pot_seats") == "9");
  // 2 -> 3 -> 4: hand_events exists; the hands stored before have none.
  CHECK(scalar(db, "SELECT count(*) FROM hand_events") == "0");
  // Every migration taken, the database holds the tables and columns of a new one.
  const std::string fresh = dir.file("new.db");
  writer(fresh);
  CHECK(hh::test::schema_columns(db) == hh::test::schema_columns(fresh));
}

TEST_CASE("a failed migration leaves the old database as it was", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  write_schema_1_database(db);
  {
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec("UPDATE pots SET eligible = '1,x' WHERE hand_id = 2");  // not a seat number
  }
  CHECK_THROWS(writer(db));
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == "1");
  // Read-only, nothing is migrated: raw SQL reads the old shape, explain says what to do.
  CHECK_THROWS_WITH(hh::db::open_store(db, OpenMode::ReadOnly)->find_hands("888001", ""),
                    "database " + db + " has schema_version 1, this build reads " + kVersion +
                        ": `hhaudit audit` with it "
                        "migrates it");
  CHECK(scalar(db, "SELECT eligible FROM pots WHERE hand_id = 1 AND pot_index = 0") == "1,3,10");
  CHECK(scalar(db, "SELECT site FROM hands WHERE hand_id = 1") == "pacific");
}

TEST_CASE("a schema 4 database gets causes and money in error, unknown for its hands",
          "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  // Back to schema 4's shape: without the two columns and the index.
  const std::string to_schema_4 =
      "DROP INDEX idx_discrepancies_cause; DROP VIEW IF EXISTS v_findings; DROP VIEW hand_events;"
      "ALTER TABLE hand_event_log DROP COLUMN chips;"
      "CREATE TABLE d4 AS SELECT * FROM discrepancies; DROP TABLE discrepancies;"
      "CREATE TABLE discrepancies (discrepancy_id INTEGER PRIMARY KEY, hand_id INTEGER NOT "
      "NULL REFERENCES hands(hand_id) ON DELETE CASCADE, code TEXT NOT NULL, severity TEXT NOT "
      "NULL CHECK (severity IN ('info', 'warning', 'error')), street TEXT, seat INTEGER, player "
      "TEXT, expected INTEGER, actual INTEGER, message TEXT NOT NULL, line INTEGER);"
      "INSERT INTO discrepancies SELECT discrepancy_id, hand_id, code, severity, street, seat, "
      "player, expected, actual, message, line FROM d4; DROP TABLE d4;"
      "ALTER TABLE hands DROP COLUMN money_in_error;";
  one_hand_at_schema(db, 4, kBackToSchema10 + to_schema_4);
  CHECK(q(db, "SELECT name FROM pragma_table_info('hands') WHERE name = 'money_in_error'").empty());
  {
    auto [w, fid] = one_file(db, "in/b.txt", "B");
    hh::AuditResult r = make_result();
    r.money_in_error = 7;
    add(*w, fid, make_hand("2", "two"), r);
  }
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, "SELECT site_hand_id, money_in_error FROM hands ORDER BY hand_id") ==
        Rows{{"1", "NULL"}, {"2", "7"}});
  CHECK(q(db, "SELECT count(*), count(cause_id) FROM discrepancies") == Rows{{"4", "0"}});
  CHECK(q(db, "SELECT count(*) FROM pragma_table_info('hand_event_log') WHERE name = 'chips'") ==
        Rows{{"1"}});
  CHECK(q(db, "SELECT count(cause_id) FROM v_findings") == Rows{{"0"}});
  CHECK(scalar(db, "SELECT count(*) FROM sqlite_master WHERE name = 'idx_discrepancies_cause'") ==
        "1");
}

TEST_CASE("a schema 5 database's files table takes unreadable files, its rows kept",
          "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  // Back to schema 5's files table: sha256 NOT NULL, no 'unreadable', no index on paths.
  const std::string to_schema_5 =
      "PRAGMA foreign_keys=OFF; DROP VIEW v_file_summary; DROP VIEW IF EXISTS v_findings;"
      "DROP VIEW v_conflicts; DROP INDEX idx_files_unreadable_path;"
      "CREATE TABLE f5 (file_id INTEGER PRIMARY KEY, path TEXT NOT NULL, sha256 TEXT NOT NULL "
      "UNIQUE, bytes INTEGER NOT NULL, encoding TEXT, site TEXT, hands INTEGER, failed INTEGER, "
      "audited_at TEXT, duplicates INTEGER, conflicts INTEGER, first_seen_at TEXT NOT NULL, "
      "status TEXT NOT NULL DEFAULT 'audited' CHECK (status IN ('audited', 'interrupted', "
      "'unsupported', 'no-hands')), note TEXT);"
      "INSERT INTO f5 SELECT * FROM files; DROP TABLE files; ALTER TABLE f5 RENAME TO files;";
  one_hand_at_schema(db, 5, kBackToSchema10 + to_schema_5);
  CHECK_THROWS(q(db, "SELECT count(*) FROM v_file_summary"));
  {
    auto w = writer(db);
    w->record_unread_file({{"in/fifo.txt", "", 0, "", ""},
                           hh::db::UnreadReason::Unreadable,
                           "not a regular file (a FIFO); expected a regular file or a folder"});
  }
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, "SELECT file_id, path, sha256 IS NULL, status, note FROM files ORDER BY file_id") ==
        Rows{{"1", "in/a.txt", "0", "interrupted", "NULL"},
             {"2", "in/fifo.txt", "1", "unreadable",
              "not a regular file (a FIFO); expected a regular file or a folder"}});
  // The hand still belongs to its file, the views read the new table, no reference is broken.
  CHECK(q(db, "SELECT path, hands_stored FROM v_file_summary ORDER BY file_id") ==
        Rows{{"in/a.txt", "1"}, {"in/fifo.txt", "0"}});
  CHECK(q(db, "SELECT count(*) FROM v_findings WHERE path = 'in/a.txt'") ==
        q(db, "SELECT count(*) FROM discrepancies"));
  CHECK(q(db, "SELECT count(*) FROM pragma_foreign_key_check") == Rows{{"0"}});
  // The constraints of schema 7: an unreadable row has no content, every other has one.
  hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
  CHECK_THROWS_WITH(raw.exec("UPDATE files SET status = 'unreadable' WHERE file_id = 1"),
                    Catch::Contains("CHECK constraint failed"));
  CHECK_THROWS_WITH(raw.exec("UPDATE files SET status = 'gone' WHERE file_id = 2"),
                    Catch::Contains("CHECK constraint failed"));
}

TEST_CASE("a schema 8 database gets the money paid beside the pot, 0 for its hands",
          "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  auto w = migrated_one_hand(db, 8, "ALTER TABLE hand_players DROP COLUMN settled_outside;");
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, "SELECT seat, settled_outside FROM hand_players ORDER BY seat") ==
        Rows{{"1", "0"}, {"2", "0"}});
  // A premium paid beside the pot is stored with its seat and read back into the stack the
  // player leaves the hand with.
  bool already = true;
  const std::int64_t file2 = w->begin_file(file_record("in/b.txt", "B"), already);
  hh::Hand insured = make_hand("2", "two");
  insured.side_settlements.push_back({2, -400, 30});
  add(*w, file2, insured, make_result());
  w->commit();
  CHECK(q(db, "SELECT seat, settled_outside FROM hand_players WHERE hand_id = 2 ORDER BY seat") ==
        Rows{{"1", "0"}, {"2", "-400"}});
  const auto hands = w->session_hands({"pokerstars", "Alpha", ""});
  REQUIRE(hands.size() == 2);
  REQUIRE(hands[1].seats.size() == 2);
  CHECK(hands[1].seats[1].settled_outside == -400);
  CHECK(hands[1].seats[1].end_stack == hands[1].seats[1].start_stack +
                                           std::stoll(scalar(db,
                                                             "SELECT net FROM hand_players "
                                                             "WHERE hand_id = 2 AND seat = 2")) -
                                           400);
}

TEST_CASE("a schema 10 database gets who each finding blames, from its code", "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  migrated_one_hand(db, 10, "");
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // Every stored finding blames by its code; the views show it.
  CHECK(q(db, "SELECT count(*) FROM discrepancies WHERE blame IS NULL") == Rows{{"0"}});
  CHECK(q(db, "SELECT count(*) FROM v_findings WHERE blame = 'site'") ==
        q(db, "SELECT count(*) FROM discrepancies"));
  CHECK(q(db, "SELECT DISTINCT blame FROM v_code_counts") == Rows{{"site"}});
  CHECK(q(db,
          "SELECT count(*) FROM pragma_table_xinfo('tournament_findings') WHERE name = "
          "'blame'") == Rows{{"1"}});
}

TEST_CASE("a schema 18 database's integrity signals are made anew for the squeeze and seat kinds",
          "[db][migration]") {
  TempDir dir;
  const std::string db = dir.file("old.db");
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
  }
  {
    // Schema 18's table, with a signal and the hands it was computed from.
    hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
    raw.exec(
        "DROP TABLE integrity_signals; CREATE TABLE integrity_signals (signal_id INTEGER PRIMARY "
        "KEY, kind TEXT NOT NULL CHECK (kind IN ('chip_dumping', 'seats_together', 'soft_play', "
        "'rake_above_table_max')), site TEXT NOT NULL, player_a TEXT, player_b TEXT, score REAL "
        "NOT NULL, threshold REAL NOT NULL, statistic TEXT NOT NULL, amount INTEGER, currency "
        "TEXT, explanation TEXT NOT NULL, hands INTEGER NOT NULL, hand_ids TEXT NOT NULL, "
        "computed_at TEXT NOT NULL);"
        "INSERT INTO integrity_signals (kind, site, score, threshold, statistic, explanation, "
        "hands, hand_ids, computed_at) VALUES ('soft_play', 's', 4, 3, 'x', 'x', 1, '1', 'now');"
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('integrity_signals_of', '1:2');"
        "UPDATE meta SET value = '18' WHERE key = 'schema_version';");
    CHECK_THROWS_WITH(raw.exec("INSERT INTO integrity_signals (kind, site, score, threshold, "
                               "statistic, explanation, hands, hand_ids, computed_at) VALUES "
                               "('squeeze', 's', 4, 3, 'x', 'x', 1, '1', 'now')"),
                      Catch::Contains("CHECK constraint failed"));
  }
  writer(db);
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // Empty, the next computation owed, and the new kinds stored.
  CHECK(scalar(db, "SELECT count(*) FROM integrity_signals") == "0");
  CHECK(scalar(db, "SELECT count(*) FROM meta WHERE key = 'integrity_signals_of'") == "0");
  hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
  for (const char* kind : {"squeeze", "tournament_seats"})
    raw.exec(std::string("INSERT INTO integrity_signals (kind, site, score, threshold, statistic, "
                         "explanation, hands, hand_ids, computed_at) VALUES ('") +
             kind + "', 's', 4, 3, 'x', 'x', 1, '1', 'now')");
  CHECK(scalar(db, "SELECT count(*) FROM integrity_signals") == "2");
}

TEST_CASE("db: the checks between hands read and replace their table's rows by index",
          "[db][recheck]") {
  TempDir dir;
  const std::string db = dir.file("a.db");
  const hh::HouseRules rules;
  const hh::db::SessionKey cash{"pokerstars", "Jan", ""}, tour{"pokerstars", "77 1", "77"};
  long found = 0;
  const auto count = [&](const hh::SessionFinding&) { ++found; };
  {
    // File after file into one database, each table checked after its file.
    auto w = writer(db);
    hh::test::store_table_of_month(*w, "jan.txt", "Jan", "", "2024-01", 100);
    w->replace_findings(cash, hh::test::table_checks(rules), count);
    w->commit();
    hh::test::store_table_of_month(*w, "jun.txt", "77 1", "77", "2024-06", 200);
    w->replace_findings(tour, hh::test::table_checks(rules), count);
    w->replace_findings(tour, hh::test::table_checks(rules), count);  // again: replaced
    w->commit();
  }
  CHECK(found == 9);
  CHECK(scalar(db, "SELECT count(*) FROM discrepancies WHERE related_hand_id IS NOT NULL") == "6");
  // Every statement of a table's and a tournament's checks finds its rows through an index
  // (SEARCH), none reads a whole table (SCAN): what they read is the table's, whatever else the
  // database holds.
  hh::db::sqlite::Database raw(db, SQLITE_OPEN_READONLY);
  const std::string statements[] = {
      hh::db::delete_session_findings_sql('?'),
      hh::db::played_session_hands_sql('?', "h.started_at_utc NULLS FIRST"),
      hh::db::delete_table_move_findings_sql('?'),
      hh::db::tournament_hands_sql('?'),
  };
  for (const std::string& sql : statements) {
    hh::db::sqlite::Statement plan(raw, "EXPLAIN QUERY PLAN " + sql);
    plan.bind_text(1, "pokerstars");
    plan.bind_text(2, sql.find("?3") != std::string::npos ? "77 1" : "77");
    if (sql.find("?3") != std::string::npos) plan.bind_text(3, "77");
    std::string details;
    while (plan.step()) details += plan.column_text(3) + "\n";
    INFO(sql << "\n" << details);
    CHECK(details.find("SEARCH") != std::string::npos);
    CHECK(details.find("SCAN") == std::string::npos);
  }
}
