// The contract of the Store seam (db/store.hpp) that every store keeps, asserted on each: a case
// is a function of a new database `db`, run on a SQLite file in its own TEST_CASE and, all cases
// in one TEST_CASE, on a PostgreSQL database of the test server (tests/pg_server.hpp: one server
// start for them all, its start being the cost). What one store alone does (SQLite's pragmas and
// files, PostgreSQL's partitions, COPY and concurrent writers) is tested in tests/test_db.cpp and
// tests/test_postgres.cpp.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/integrity_signals_run.hpp"
#include "cli/summary_sections.hpp"
#include "db/schema/declaration.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "pipeline/sha256.hpp"
#include "tests/pg_server.hpp"
#include "tests/schema_columns.hpp"
#include "tests/store_rows.hpp"
#include "tests/stored_hands.hpp"

using hh::sha256_hex;
using hh::db::FileRecord;
using hh::db::HandCandidate;
using hh::db::HandOutcome;
using hh::db::OpenMode;
using hh::test::file_record;
using hh::test::make_hand;
using hh::test::make_result;
using namespace hh::test::store_rows;

namespace {

using ContractCase = void (*)(const std::string& db);

struct NamedCase {
  const char* name;  // the function's: the PostgreSQL database of the case is contract_<name>
  ContractCase run;
};

// Every case, in the order of this file (one translation unit: its statics are made in order).
std::vector<NamedCase>& contract_cases() {
  static std::vector<NamedCase> cases;
  return cases;
}

struct Registered {
  Registered(const char* name, ContractCase run) { contract_cases().push_back({name, run}); }
};

// The schema version this build writes, as meta(schema_version) holds it.
const std::string kVersion = std::to_string(hh::db::schema::kSchemaVersion);

}  // namespace

// The rows of each table that lack the row they refer to (the keys PostgreSQL does not declare
// since schema 24 among them: the writer keeps them), with the rows of pot_seats and hands.
static Rows rows_without_their_parent(const std::string& db) {
  return q(db,
           "SELECT (SELECT count(*) FROM hands h WHERE NOT EXISTS (SELECT 1 FROM files f WHERE "
           "f.file_id = h.file_id)), (SELECT count(*) FROM pot_seats s WHERE NOT EXISTS (SELECT "
           "1 FROM pots p WHERE p.hand_id = s.hand_id AND p.pot_index = s.pot_index)), (SELECT "
           "count(*) FROM pots p WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = "
           "p.hand_id)), (SELECT count(*) FROM hand_players p WHERE NOT EXISTS (SELECT 1 FROM "
           "hands h WHERE h.hand_id = p.hand_id)), (SELECT count(*) FROM discrepancies d WHERE "
           "NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_id = d.hand_id)), (SELECT count(*) "
           "FROM discrepancies d WHERE d.cause_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
           "discrepancies c WHERE c.discrepancy_id = d.cause_id)), (SELECT count(*) FROM "
           "pot_seats), (SELECT count(*) FROM hands)");
}

// A case of the contract: `function(db)` with the assertions, titled `title` (the SQLite
// TEST_CASE's name; the PostgreSQL one names it in its section).
#define STORE_CONTRACT_CASE(function, title)                            \
  static void function(const std::string& db);                          \
  static const Registered function##_registered{#function, &function};  \
  TEST_CASE("store contract, SQLite: " title, "[db][store_contract]") { \
    TempDir dir;                                                        \
    function(dir.file("a.db"));                                         \
  }                                                                     \
  static void function(const std::string& db)

STORE_CONTRACT_CASE(exact_values, "a hand and its audit are stored with exact values") {
  const std::string content = "PokerStars Hand #100: ...\n";
  {
    auto w = writer(db);
    bool already = true;
    const auto fid = w->begin_file(file_record("in/a.txt", content), already);
    CHECK_FALSE(already);
    CHECK(fid == 1);
    CHECK(add(*w, fid, make_hand("100", "raw hand 100"), make_result()) == HandOutcome::Inserted);
    w->finish_file(fid, 1, 0);
  }
  CHECK(q(db,
          "SELECT file_id, path, sha256, bytes, encoding, site, hands, failed, duplicates, "
          "conflicts, CASE WHEN audited_at IS NOT NULL THEN 1 ELSE 0 END, "
          "CASE WHEN first_seen_at LIKE '____-__-__T__:__:__Z' THEN 1 ELSE 0 END, "
          "status, note FROM files") ==
        Rows{{"1", "in/a.txt", sha256_hex(content), std::to_string(content.size()), "utf-8",
              "pokerstars", "1", "0", "0", "0", "1", "1", "audited", "NULL"}});
  CHECK(q(db,
          "SELECT hand_id, site, site_hand_id, file_id, byte_offset, line, table_name, game, "
          "limit_type, currency, unit, small_blind, big_blind, ante, started_at_utc, seats, "
          "players_dealt, total_pot, rake, fees, status, content_sha256, tournament_id, "
          "button_seat, cancelled, total_contributed, total_collected, parse_issues "
          "FROM hands") == Rows{{"1",
                                 "pokerstars",
                                 "100",
                                 "1",
                                 "120",
                                 "7",
                                 "Alpha",
                                 "Hold'em",
                                 "No Limit",
                                 "USD",
                                 "100",
                                 "5",
                                 "10",
                                 "0",
                                 "2024-01-02T03:04:05Z",
                                 "6",
                                 "2",
                                 "210",
                                 "5",
                                 "1",
                                 "findings",
                                 sha256_hex("raw hand 100"),
                                 "NULL",
                                 "2",
                                 "0",
                                 "210",
                                 "204",
                                 "0"}});
  CHECK(q(db, "SELECT * FROM hand_players ORDER BY seat") ==
        Rows{{"1", "1", "Alice", "1000", "105", "0", "-105", "0", "0", "0", "0", "0", "NULL", "0"},
             {"1", "2", "Bob", "2000", "105", "204", "99", "0", "0", "0", "0", "0", "NULL", "0"}});
  CHECK(q(db, "SELECT * FROM pots ORDER BY pot_index") ==
        Rows{{"1", "0", "210", "5", "205"}, {"1", "1", "0", "0", "NULL"}});
  // Eligible seats and winners are rows; v_pots shows them comma-joined, as schema 1 stored them.
  CHECK(q(db, "SELECT * FROM pot_seats ORDER BY pot_index, role, seat") ==
        Rows{{"1", "0", "1", "eligible"},
             {"1", "0", "2", "eligible"},
             {"1", "0", "2", "winner"},
             {"1", "1", "2", "eligible"}});
  CHECK(q(db, "SELECT * FROM v_pots ORDER BY pot_index") ==
        Rows{{"1", "0", "210", "5", "1,2", "2", "205"}, {"1", "1", "0", "0", "2", "", "NULL"}});
  CHECK(q(db,
          "SELECT discrepancy_id, hand_id, code, severity, blame, street, seat, player, expected, "
          "actual, message, line, cause_id, related_hand_id FROM discrepancies "
          "ORDER BY discrepancy_id") ==
        Rows{{"1", "1", "PAYOUT_MISMATCH", "warning", "site", "showdown", "2", "Bob", "205", "204",
              "Bob collected 2.04, pot after rake is 2.05", "15", "NULL", "NULL"},
             {"2", "1", "RAKE_NOT_PRINTED", "info", "site", "NULL", "NULL", "NULL", "NULL", "NULL",
              "just a note", "NULL", "NULL", "NULL"}});
  CHECK(q(db,
          "SELECT path, line, site_hand_id, code, severity, expected, actual, difference, "
          "unit, message FROM v_findings ORDER BY discrepancy_id") ==
        Rows{{"in/a.txt", "15", "100", "PAYOUT_MISMATCH", "warning", "205", "204", "-1", "100",
              "Bob collected 2.04, pot after rake is 2.05"},
             {"in/a.txt", "7", "100", "RAKE_NOT_PRINTED", "info", "NULL", "NULL", "NULL", "100",
              "just a note"}});
  CHECK(q(db, "SELECT * FROM v_code_counts") ==
        Rows{{"PAYOUT_MISMATCH", "warning", "site", "1", "1"},
             {"RAKE_NOT_PRINTED", "info", "site", "1", "1"}});
  CHECK(q(db,
          "SELECT path, hands, hands_stored, hands_ok, hands_with_findings, hands_unparsed "
          "FROM v_file_summary") == Rows{{"in/a.txt", "1", "1", "0", "1", "0"}});
}

STORE_CONTRACT_CASE(hand_status,
                    "hand status: warnings and errors are findings, info alone is ok") {
  hh::AuditResult clean = make_result();
  clean.findings.clear();
  hh::AuditResult error = info_only();
  error.findings[0].severity = hh::Severity::Error;
  hh::Hand unparsed = make_hand("", "garbage");
  unparsed.parsed = false;

  CHECK(std::string(hh::db::hand_status(make_hand("1", "a"), clean)) == "ok");
  CHECK(std::string(hh::db::hand_status(make_hand("1", "a"), info_only())) == "ok");
  CHECK(std::string(hh::db::hand_status(make_hand("1", "a"), make_result())) == "findings");
  CHECK(std::string(hh::db::hand_status(make_hand("1", "a"), error)) == "findings");
  CHECK(std::string(hh::db::hand_status(unparsed, clean)) == "unparsed");
  {
    auto [w, fid] = one_file(db, "a.txt", "x");
    add(*w, fid, make_hand("1", "one"), clean);
    add(*w, fid, make_hand("2", "two"), info_only());
    add(*w, fid, make_hand("3", "three"), error);
  }
  CHECK(q(db, "SELECT site_hand_id, status FROM hands ORDER BY hand_id") ==
        Rows{{"1", "ok"}, {"2", "ok"}, {"3", "findings"}});
}

STORE_CONTRACT_CASE(already_audited, "a fully audited file is reported as already audited") {
  const FileRecord f = file_record("a.txt", "content");
  {
    auto w = writer(db);
    bool already = true;
    const auto fid = w->begin_file(f, already);
    REQUIRE_FALSE(already);
    add(*w, fid, make_hand("100", "raw"), make_result());
    w->finish_file(fid, 1, 0);
  }
  auto w = writer(db);
  bool already = false;
  FileRecord renamed = f;
  renamed.path = "elsewhere/b.txt";  // the content decides, not the name
  CHECK(w->begin_file(renamed, already) == 1);
  CHECK(already);
  w->commit();
  CHECK(q(db, "SELECT file_id, path FROM files") == Rows{{"1", "a.txt"}});
  CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "1");
}

STORE_CONTRACT_CASE(duplicate,
                    "the same hand with the same content is a duplicate and adds nothing") {
  auto w = writer(db);
  bool already = false;
  const auto f1 = w->begin_file(file_record("a.txt", "A"), already);
  REQUIRE(add(*w, f1, make_hand("100", "same text"), make_result()) == HandOutcome::Inserted);
  w->finish_file(f1, 1, 0);
  const auto f2 = w->begin_file(file_record("b.txt", "B"), already);
  REQUIRE_FALSE(already);
  hh::Hand copy = make_hand("100", "same text");
  copy.source = {"b.txt", 0, 1};
  CHECK(add(*w, f2, copy, make_result()) == HandOutcome::Duplicate);
  w->finish_file(f2, 1, 0);
  w->commit();
  const std::string counts =
      "SELECT (SELECT COUNT(*) FROM hands), (SELECT COUNT(*) FROM hand_players), "
      "(SELECT COUNT(*) FROM pots), (SELECT COUNT(*) FROM discrepancies), "
      "(SELECT COUNT(*) FROM hand_conflicts)";
  CHECK(q(db, counts) == Rows{{"1", "2", "2", "2", "0"}});
  CHECK(q(db, "SELECT file_id, hand_id, line FROM hands") == Rows{{"1", "1", "7"}});
  CHECK(q(db, "SELECT file_id, duplicates, conflicts FROM files ORDER BY file_id") ==
        Rows{{"1", "0", "0"}, {"2", "1", "0"}});
}

STORE_CONTRACT_CASE(conflict,
                    "the same hand id with different content is a conflict, the original is kept") {
  auto w = writer(db);
  bool already = false;
  const auto f1 = w->begin_file(file_record("a.txt", "A"), already);
  REQUIRE(add(*w, f1, make_hand("100", "original"), make_result()) == HandOutcome::Inserted);
  w->finish_file(f1, 1, 0);
  const auto f2 = w->begin_file(file_record("b.txt", "B"), already);
  hh::Hand other = make_hand("100", "edited");
  other.source = {"b.txt", 300, 12};
  other.table_name = "Changed";
  hh::AuditResult clean;
  CHECK(add(*w, f2, other, clean) == HandOutcome::Conflict);
  w->finish_file(f2, 1, 0);
  w->commit();
  CHECK(q(db,
          "SELECT conflict_id, site, site_hand_id, existing_hand_id, file_id, byte_offset, "
          "line, content_sha256 FROM hand_conflicts") ==
        Rows{{"1", "pokerstars", "100", "1", "2", "300", "12", sha256_hex("edited")}});
  CHECK(q(db, "SELECT hand_id, file_id, table_name, status, content_sha256 FROM hands") ==
        Rows{{"1", "1", "Alpha", "findings", sha256_hex("original")}});
  CHECK(scalar(db, "SELECT COUNT(*) FROM discrepancies") == "2");
  CHECK(q(db,
          "SELECT site_hand_id, existing_path, existing_line, new_path, new_line "
          "FROM v_conflicts") == Rows{{"100", "a.txt", "7", "b.txt", "12"}});
  CHECK(q(db, "SELECT file_id, duplicates, conflicts FROM files ORDER BY file_id") ==
        Rows{{"1", "0", "0"}, {"2", "0", "1"}});
}

STORE_CONTRACT_CASE(causes, "a finding's cause and the hand's money in error are stored") {
  hh::AuditResult r = make_result();  // one finding, a root
  hh::Finding follows = r.findings.front();
  follows.code = hh::FindingCode::SummaryMismatch;
  follows.cause = 1;  // the next one, stored after it
  hh::Finding root = r.findings.front();
  root.code = hh::FindingCode::PayoutMismatch;
  r.findings = {r.findings.front(), follows, root};
  r.findings[1].cause = 2;
  r.money_in_error = 61;
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), r);
  }
  CHECK(q(db,
          "SELECT d.code, c.code FROM discrepancies d LEFT JOIN discrepancies c ON "
          "c.discrepancy_id = d.cause_id ORDER BY d.discrepancy_id") ==
        Rows{{"PAYOUT_MISMATCH", "NULL"},
             {"SUMMARY_MISMATCH", "PAYOUT_MISMATCH"},
             {"PAYOUT_MISMATCH", "NULL"}});
  CHECK(scalar(db, "SELECT money_in_error FROM hands") == "61");
  // Each cause is stored (PostgreSQL has no foreign key to hold it since schema 24).
  CHECK(rows_without_their_parent(db) == Rows{{"0", "0", "0", "0", "0", "0", "4", "1"}});
}

// A hand's money finding (205 expected, 204 paid), a count (3 pots built, 2 printed) and a seat
// (seat 4 due to act, seat 2 acted).
static hh::AuditResult money_count_and_seat() {
  hh::AuditResult r = make_result();
  r.findings = {
      r.findings.front(),
      hh::make_finding(hh::FindingCode::SidePotMismatch, {.player = "Bob",
                                                          .expected = hh::FindingAmount::count(3),
                                                          .actual = hh::FindingAmount::count(2),
                                                          .message = "3 pots built, 2 printed"}),
      hh::make_finding(hh::FindingCode::OutOfTurn, {.seat = 2,
                                                    .player = "Bob",
                                                    .expected = hh::FindingAmount::seat(4),
                                                    .actual = hh::FindingAmount::seat(2),
                                                    .message = "seat 2 acted"})};
  return r;
}

STORE_CONTRACT_CASE(
    amount_units,
    "a finding's count and seat are stored as such, money as NULL, and read back so "
    "(v_findings, explain, --player)") {
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), money_count_and_seat());
    bool already = true;
    const std::int64_t file2 = w->begin_file(file_record("in/s.txt", "S"), already);
    hh::TournamentSummary s;
    s.site = "pokerstars";
    s.tournament_id = "77";
    s.parsed = true;
    const std::vector<hh::Finding> places = {hh::make_finding(
        hh::FindingCode::SummaryPlaceMismatch, {.player = "Bob",
                                                .expected = hh::FindingAmount::count(2),
                                                .actual = hh::FindingAmount::count(3),
                                                .message = "m"})};
    CHECK(w->add_summary(file2, {s, places, "sha"}) == HandOutcome::Inserted);
  }
  CHECK(q(db,
          "SELECT code, expected, actual, amount_unit FROM discrepancies ORDER BY "
          "discrepancy_id") == Rows{{"PAYOUT_MISMATCH", "205", "204", "NULL"},
                                    {"SIDE_POT_MISMATCH", "3", "2", "count"},
                                    {"OUT_OF_TURN", "4", "2", "seat"}});
  CHECK(q(db, "SELECT code, expected, actual, amount_unit FROM tournament_findings") ==
        Rows{{"SUMMARY_PLACE_MISMATCH", "2", "3", "count"}});
  CHECK(q(db, "SELECT code, difference, amount_unit FROM v_findings ORDER BY discrepancy_id") ==
        Rows{{"PAYOUT_MISMATCH", "-1", "NULL"},
             {"SIDE_POT_MISMATCH", "NULL", "count"},
             {"OUT_OF_TURN", "NULL", "seat"}});
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  const auto sections = store->explain_hand(1);
  REQUIRE(sections);
  const hh::db::QueryResult& findings = (*sections)[5].second;
  CHECK(findings.columns[7] == "expected");
  CHECK(findings.columns.back() == "amount_unit");
  Rows amounts;
  for (const auto& row : rows_of(findings)) amounts.push_back({row[1], row[7], row[8], row.back()});
  CHECK(amounts == Rows{{"PAYOUT_MISMATCH", "205", "204", "NULL"},
                        {"SIDE_POT_MISMATCH", "3", "2", "count"},
                        {"OUT_OF_TURN", "4", "2", "seat"}});
  // summary --player: the money findings summed (-1), a count or a seat never (NULL).
  Rows by_code;
  for (const auto& row : rows_of(hh::cli::player_sections(*store, {}, "Bob")[1].second))
    by_code.push_back({row[0], row[7]});
  CHECK(by_code ==
        Rows{{"SIDE_POT_MISMATCH", "NULL"}, {"OUT_OF_TURN", "NULL"}, {"PAYOUT_MISMATCH", "-1"}});
  // Only the known units: a store refuses any other.
  CHECK_THROWS_WITH(exec_raw(db, "UPDATE discrepancies SET amount_unit = 'chips'"),
                    Catch::Contains("amount_unit"));
}

STORE_CONTRACT_CASE(migrated_from_20, "a schema 20 database keeps its findings as money") {
  auto w = one_hand_downgraded(db, 20,
                               "DROP VIEW v_findings; ALTER TABLE discrepancies DROP COLUMN "
                               "amount_unit; ALTER TABLE tournament_findings DROP COLUMN "
                               "amount_unit;");
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // The finding stored before: money (NULL), its difference as before.
  CHECK(q(db, "SELECT code, amount_unit, difference FROM v_findings") ==
        Rows{{"PAYOUT_MISMATCH", "NULL", "-1"}, {"RAKE_NOT_PRINTED", "NULL", "NULL"}});
  // One stored now keeps its unit.
  bool already = true;
  const std::int64_t file2 = w->begin_file(file_record("in/b.txt", "B"), already);
  add(*w, file2, make_hand("2", "two"), money_count_and_seat());
  w->commit();
  CHECK(q(db,
          "SELECT hand_id, code, amount_unit, difference FROM v_findings ORDER BY "
          "discrepancy_id") == Rows{{"1", "PAYOUT_MISMATCH", "NULL", "-1"},
                                    {"1", "RAKE_NOT_PRINTED", "NULL", "NULL"},
                                    {"2", "PAYOUT_MISMATCH", "NULL", "-1"},
                                    {"2", "SIDE_POT_MISMATCH", "count", "NULL"},
                                    {"2", "OUT_OF_TURN", "seat", "NULL"}});
  CHECK(q(db, "SELECT count(*) FROM tournament_findings WHERE amount_unit IS NULL") == Rows{{"0"}});
}

STORE_CONTRACT_CASE(resumed_file, "an unfinished file is resumed under its old id") {
  const FileRecord f = file_record("a.txt", "content");
  {
    auto w = writer(db);
    bool already = true;
    const auto fid = w->begin_file(f, already);
    add(*w, fid, make_hand("100", "raw"), make_result());
    // No finish_file: the run was interrupted after the commit.
  }
  CHECK(q(db, "SELECT audited_at IS NULL, status FROM files") == Rows{{"1", "interrupted"}});
  auto w = writer(db);
  bool already = true;
  const auto fid = w->begin_file(f, already);
  CHECK_FALSE(already);
  CHECK(fid == 1);
  CHECK(add(*w, fid, make_hand("100", "raw"), make_result()) == HandOutcome::Duplicate);
  CHECK(add(*w, fid, make_hand("101", "raw 2"), make_result()) == HandOutcome::Inserted);
  w->finish_file(fid, 2, 0);
  w->commit();
  CHECK(q(db, "SELECT file_id, hands, duplicates, audited_at IS NOT NULL, status FROM files") ==
        Rows{{"1", "2", "1", "1", "audited"}});
  CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "2");
}

STORE_CONTRACT_CASE(unknown_file_id, "finish_file rejects an unknown file id") {
  auto w = writer(db);
  REQUIRE_THROWS_WITH(w->finish_file(42, 1, 0), "finish_file: no file with file_id 42");
}

STORE_CONTRACT_CASE(unparsed_hands,
                    "unparsed hands get a row with status unparsed and their findings only") {
  hh::Hand nothing;  // nothing could be read: no site, no id
  nothing.raw = "???? garbage";
  nothing.source = {"a.txt", 10, 3};
  nothing.issues = {{3, "hand header", "???? garbage"}};
  hh::Hand with_id = make_hand("555", "PokerStars Hand #555: broken");
  with_id.parsed = false;
  hh::AuditResult r;
  hh::Finding pe;
  pe.code = hh::FindingCode::ParseError;
  pe.severity = hh::Severity::Error;
  pe.message = "expected hand header";
  pe.line = 3;
  r.findings = {pe};
  r.players = {{1, "Alice", 1000, 0, 0}};  // ignored for an unparsed hand
  {
    auto [w, fid] = one_file(db, "a.txt", "A");
    CHECK(add(*w, fid, nothing, r) == HandOutcome::Inserted);
    CHECK(add(*w, fid, with_id, r) == HandOutcome::Inserted);
    // The same unreadable text again: nothing identifies it but its content.
    CHECK(add(*w, fid, nothing, r) == HandOutcome::Duplicate);
    hh::Hand other_garbage = nothing;
    other_garbage.raw = "other garbage";
    CHECK(add(*w, fid, other_garbage, r) == HandOutcome::Inserted);
    w->finish_file(fid, 4, 4);
  }
  // In the order stored; their ids are each store's own (PostgreSQL's identity spends one on the
  // duplicate).
  CHECK(q(db,
          "SELECT site, site_hand_id, byte_offset, line, game, limit_type, unit, "
          "small_blind, seats, players_dealt, status, total_contributed, parse_issues "
          "FROM hands ORDER BY hand_id") ==
        Rows{{"unknown", "NULL", "10", "3", "NULL", "unknown", "100", "NULL", "NULL", "NULL",
              "unparsed", "NULL", "1"},
             {"pokerstars", "555", "120", "7", "Hold'em", "No Limit", "100", "5", "6", "2",
              "unparsed", "NULL", "0"},
             {"unknown", "NULL", "10", "3", "NULL", "unknown", "100", "NULL", "NULL", "NULL",
              "unparsed", "NULL", "1"}});
  CHECK(q(db,
          "SELECT h.site_hand_id, d.code, d.severity, d.line FROM discrepancies d JOIN hands h "
          "USING (hand_id) ORDER BY d.hand_id") == Rows{{"NULL", "PARSE_ERROR", "error", "3"},
                                                        {"555", "PARSE_ERROR", "error", "3"},
                                                        {"NULL", "PARSE_ERROR", "error", "3"}});
  CHECK(scalar(db, "SELECT COUNT(*) FROM hand_players") == "0");
  CHECK(scalar(db, "SELECT COUNT(*) FROM pots") == "0");
  CHECK(q(db, "SELECT hands, failed, duplicates FROM files") == Rows{{"4", "4", "1"}});
}

STORE_CONTRACT_CASE(schema_declared, "a new database holds the declared tables and columns") {
  writer(db);
  const bool postgres = on_postgres(db);
  const auto dialect =
      postgres ? hh::db::schema::Dialect::Postgres : hh::db::schema::Dialect::Sqlite;
  hh::test::SchemaColumns declared;
  for (const hh::db::schema::Table& t : hh::db::schema::tables()) {
    if (!hh::db::schema::in_dialect(t.only, dialect)) continue;
    for (const hh::db::schema::Column& c : t.columns)
      declared.insert({std::string(t.name), std::string(c.name)});
    // PostgreSQL's month of play, in every key of a table partitioned by it.
    if (postgres && t.by_month) declared.insert({std::string(t.name), "play_month"});
  }
  CHECK(hh::test::schema_columns(db) == declared);
  CHECK(declared.count({"discrepancies", "blame"}) == 1);
  CHECK(declared.count({"hand_keys", "site_hand_id"}) == (postgres ? 1 : 0));
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
}

STORE_CONTRACT_CASE(pending_file,
                    "a file begun without its digest holds its row by a pending key") {
  // The pending key (size and path) holds the row's place until finish_file.
  auto w = writer(db);
  bool already = true;
  const auto id = w->begin_file(hh::test::pending_file_record("x.txt", "XYZ"), already);
  CHECK_FALSE(already);
  w->commit();
  CHECK(q(db, "SELECT file_id, sha256, bytes, status FROM files") ==
        Rows{{std::to_string(id), "pending:3:x.txt", "3", "interrupted"}});
  CHECK(w->content_file_sizes() == std::vector<std::uint64_t>{3});
}

STORE_CONTRACT_CASE(read_once,
                    "files read once: known by path and size until their digest, then merged by "
                    "content") {
  using O = HandOutcome;
  CHECK(hh::test::read_once_scenario(db) ==
        std::vector<HandOutcome>{O::Inserted, O::Duplicate, O::Inserted,  // a.txt, twice
                                 O::Inserted, O::Duplicate,               // b.txt, b2.txt
                                 O::Inserted, O::Inserted});              // c.txt, d.txt
  // One row a content, each with its digest; b.txt's and d.txt's rows are gone (their ids are
  // each store's own).
  CHECK(q(db, "SELECT path, sha256, hands, failed, duplicates, status FROM files ORDER BY path") ==
        Rows{{"a.txt", sha256_hex("A"), "2", "0", "1", "audited"},
             {"b2.txt", sha256_hex("B"), "1", "0", "1", "audited"},
             {"c.txt", sha256_hex("C"), "1", "0", "0", "audited"},
             {"d2.txt", sha256_hex("D"), "1", "0", "0", "audited"}});
  CHECK(
      q(db, "SELECT h.site_hand_id, f.path FROM hands h JOIN files f USING (file_id) ORDER BY 1") ==
      Rows{{"100", "a.txt"},
           {"101", "a.txt"},
           {"102", "b2.txt"},
           {"103", "c.txt"},
           {"104", "d2.txt"}});
  // Every row has the row it refers to, the moved hands' included: 5 hands of 4 pot seats each.
  CHECK(rows_without_their_parent(db) == Rows{{"0", "0", "0", "0", "0", "0", "20", "5"}});
}

STORE_CONTRACT_CASE(unread_files, "files that are not read are recorded with why") {
  FileRecord party = file_record("in/party.txt", "party");
  party.site = "partypoker";
  FileRecord notes = file_record("in/notes.txt", "notes");
  notes.site = "";
  {
    auto w = writer(db);
    w->record_unread_file({party, hh::db::UnreadReason::Unsupported, "PartyPoker: not supported"});
    w->record_unread_file({notes, hh::db::UnreadReason::NoHands, "no hand of a known format"});
    // Seen again under another name: one row, the latest name.
    FileRecord moved = notes;
    moved.path = "in/sub/notes.txt";
    w->record_unread_file({moved, hh::db::UnreadReason::NoHands, "no hand of a known format"});
    // A file that cannot be read at all: known by its path, the latest reason kept.
    w->record_unread_file({{"in/gone.txt", "", 0, "", ""},
                           hh::db::UnreadReason::Unreadable,
                           "open failed (Permission denied); expected a readable regular file"});
    w->record_unread_file({{"in/gone.txt", "", 12, "", ""},
                           hh::db::UnreadReason::Unreadable,
                           "read failed (Input/output error); expected a readable regular file"});
  }
  // Ordered by file_id, not shown: PostgreSQL's identity spends a value on each row taken up.
  CHECK(q(db,
          "SELECT path, site, status, note, hands, audited_at, sha256, bytes FROM files "
          "ORDER BY file_id") ==
        Rows{{"in/party.txt", "partypoker", "unsupported", "PartyPoker: not supported", "NULL",
              "NULL", sha256_hex("party"), "5"},
             {"in/sub/notes.txt", "NULL", "no-hands", "no hand of a known format", "NULL", "NULL",
              sha256_hex("notes"), "5"},
             {"in/gone.txt", "NULL", "unreadable",
              "read failed (Input/output error); expected a readable regular file", "NULL", "NULL",
              "NULL", "12"}});
  CHECK(q(db, "SELECT path, status, hands_stored FROM v_file_summary ORDER BY file_id") ==
        Rows{{"in/party.txt", "unsupported", "0"},
             {"in/sub/notes.txt", "no-hands", "0"},
             {"in/gone.txt", "unreadable", "0"}});
  {
    // Read after all (a format that reads it now): the same row is begun and finished...
    auto w = writer(db);
    bool already = true;
    party.site = "pokerstars";
    const auto fid = w->begin_file(party, already);
    CHECK_FALSE(already);
    CHECK(fid == 1);
    add(*w, fid, make_hand("100", "raw"), make_result());
    w->finish_file(fid, 1, 0);
    // ...and once audited, recording it unread again changes nothing.
    w->record_unread_file({party, hh::db::UnreadReason::Unsupported, "PartyPoker: not supported"});
  }
  CHECK(q(db, "SELECT path, site, status, note, hands FROM files WHERE file_id = 1") ==
        Rows{{"in/party.txt", "pokerstars", "audited", "NULL", "1"}});
  const hh::db::StoreTotals totals = hh::db::open_store(db, OpenMode::ReadOnly)->totals({});
  CHECK(totals.files_audited == 1);
  CHECK(totals.files_unsupported == 0);  // party.txt, read after all
  CHECK(totals.files_without_hands == 1);
  CHECK(totals.files_unreadable == 1);
  CHECK(totals.hands == 1);
}

STORE_CONTRACT_CASE(query_refuses_writes, "query refuses to write, whichever statement writes") {
  {
    auto [w, fid] = one_file(db, "a.txt", "A");
    add(*w, fid, make_hand("1", "1"), make_result());
  }
  // Each store says why in its own words (tests/test_db.cpp, tests/test_postgres.cpp).
  const auto refused = Catch::StartsWith("read-only query: ");
  CHECK_THROWS_WITH(
      run_query(db, "INSERT INTO meta VALUES ('x', 'y')"),
      refused && Catch::EndsWith("(statement 1: INSERT INTO meta VALUES ('x', 'y'))"));
  CHECK_THROWS_WITH(run_query(db, "SELECT 1; DROP TABLE hands"),
                    refused && Catch::EndsWith("(statement 2: DROP TABLE hands)"));
  CHECK_THROWS_WITH(run_query(db, "DELETE FROM discrepancies"), refused);
  CHECK_THROWS_WITH(run_query(db, "UPDATE hands SET rake = 0"), refused);
  CHECK_THROWS_AS(run_query(db, "CREATE TABLE t(x)"), std::runtime_error);
  CHECK(scalar(db, "SELECT COUNT(*) FROM hands") == "1");
  CHECK(scalar(db, "SELECT COUNT(*) FROM discrepancies") == "2");
  CHECK(scalar(db, "SELECT COUNT(*) FROM meta WHERE key = 'x'") == "0");
  CHECK(scalar(db, "SELECT rake FROM hands") == "5");
}

STORE_CONTRACT_CASE(find_and_explain,
                    "find_hands by number or hand_id, explain_hand by hand_id, bound parameters") {
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("100", "raw"), make_result());
    add(*w, fid, make_hand("it's", "quote"), make_result());
    add(*w, fid, make_hand("1", "one"), make_result());  // its number is hand 1's hand_id
  }
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  const std::vector<HandCandidate> by_number = store->find_hands("100", "");
  REQUIRE(by_number.size() == 1);
  CHECK(by_number[0].hand_id == 1);
  CHECK(by_number[0].matched_by == "site_hand_id");
  CHECK(by_number[0].path == "in/a.txt");
  const auto sections = store->explain_hand(1);
  REQUIRE(sections);
  std::vector<std::string> titles;
  for (const auto& [title, table] : *sections) titles.push_back(title);
  CHECK(titles ==
        std::vector<std::string>{"hand", "board", "players", "actions", "pots", "findings"});
  CHECK(rows_of((*sections)[0].second)[0][2] == "100");
  CHECK(rows_of((*sections)[2].second).size() == 2);
  CHECK((*sections)[4].second.columns == std::vector<std::string>{"pot_index", "amount", "rake",
                                                                  "eligible", "winners",
                                                                  "reported_amount"});
  CHECK(rows_of((*sections)[4].second) ==
        Rows{{"0", "210", "5", "1,2", "2", "205"}, {"1", "0", "0", "2", "", "NULL"}});
  CHECK(rows_of((*sections)[5].second).size() == 2);
  // "1": hand 1 by its hand_id and hand 3 by its number; --site filters.
  const std::vector<HandCandidate> both = store->find_hands("1", "");
  REQUIRE(both.size() == 2);
  CHECK(both[0].hand_id == 1);
  CHECK(both[0].matched_by == "hand_id");
  CHECK(both[1].hand_id == 3);
  CHECK(both[1].matched_by == "site_hand_id");
  CHECK(store->find_hands("1", "nowhere").empty());
  const std::vector<HandCandidate> quoted = store->find_hands("it's", "");  // a value, not SQL
  REQUIRE(quoted.size() == 1);
  CHECK(quoted[0].hand_id == 2);
  CHECK(store->find_hands("' OR 1=1 --", "").empty());
  CHECK(store->find_hands("999", "").empty());
  CHECK_FALSE(store->explain_hand(999));
}

STORE_CONTRACT_CASE(migrated_from_7, "a schema 7 database gets the places tournament hands print") {
  auto w = migrated_one_hand(db, 7, "ALTER TABLE hand_players DROP COLUMN finish_place;");
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // The hands stored before print no place as far as the store knows.
  CHECK(q(db, "SELECT seat, finish_place FROM hand_players ORDER BY seat") ==
        Rows{{"1", "NULL"}, {"2", "NULL"}});
  // A tournament hand stored now keeps the place its eliminated player finished in, read back
  // by the checks between hands.
  bool already = true;
  const std::int64_t file2 = w->begin_file(file_record("in/b.txt", "B"), already);
  hh::Hand t = make_hand("2", "two");
  t.tournament = true;
  t.tournament_id = "77";
  t.finishes.push_back({1, "Alice", 9, std::nullopt, 12});
  add(*w, file2, t, make_result());
  w->commit();
  CHECK(q(db, "SELECT seat, finish_place FROM hand_players WHERE hand_id = 2 ORDER BY seat") ==
        Rows{{"1", "9"}, {"2", "NULL"}});
  const auto hands = w->session_hands({"pokerstars", "Alpha", "77"});
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].seats.size() == 2);
  CHECK(hands[0].seats[0].finish_place == 9);
  CHECK(hands[0].seats[1].finish_place == 0);
  // The column's CHECK came with it: a place is 1 or more.
  CHECK_THROWS_WITH(exec_raw(db, "UPDATE hand_players SET finish_place = 0"),
                    Catch::Contains("finish_place"));
}

STORE_CONTRACT_CASE(migrated_from_8,
                    "a schema 8 database gets the tables of tournament summaries") {
  auto w = one_hand_downgraded(
      db, 8,
      "DROP TABLE tournament_findings; DROP TABLE tournament_results; DROP TABLE tournaments;"
      "DROP INDEX idx_hands_tournament;");
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(q(db, "SELECT count(*) FROM hands") == Rows{{"1"}});
  // A summary stored now, with its places and a finding.
  bool already = true;
  const std::int64_t file2 = w->begin_file(file_record("in/s.txt", "S"), already);
  hh::TournamentSummary s;
  s.site = "pokerstars";
  s.tournament_id = "77";
  s.parsed = true;
  s.entrants = 2;
  s.buy_in = 100;
  // Money beyond 32 bits: the tables made by the migration hold it (PostgreSQL's bigint).
  s.prize_pool = 5'000'000'000;
  s.results = {{1, "Alice", "Malta", 5'000'000'000, "", 7}, {2, "Bob", "", std::nullopt, "", 8}};
  const std::vector<hh::Finding> findings = {
      hh::make_finding(hh::FindingCode::SummaryPlaces, {.message = "m", .line = 8})};
  CHECK(w->add_summary(file2, {s, findings, "sha"}) == HandOutcome::Inserted);
  CHECK(w->add_summary(file2, {s, findings, "sha"}) == HandOutcome::Duplicate);
  w->commit();
  CHECK(q(db, "SELECT site, tournament_id, entrants, prize_pool, status FROM tournaments") ==
        Rows{{"pokerstars", "77", "2", "5000000000", "findings"}});
  CHECK(q(db,
          "SELECT place, player, country, prize FROM tournament_results ORDER BY "
          "result_index") ==
        Rows{{"1", "Alice", "Malta", "5000000000"}, {"2", "Bob", "NULL", "NULL"}});
  CHECK(q(db, "SELECT code, severity, line FROM tournament_findings") ==
        Rows{{"SUMMARY_PLACES", "warning", "8"}});
}

STORE_CONTRACT_CASE(totals_and_breakdowns,
                    "totals, breakdowns and sites count what is stored, by the filter") {
  hh::AuditResult error = make_result();  // a warning and a note, and an error of 61 in error
  error.findings.push_back(error.findings.front());
  error.findings.back().code = hh::FindingCode::WrongWinner;
  error.findings.back().severity = hh::Severity::Error;
  error.money_in_error = 61;
  hh::AuditResult gap;  // a line hhaudit did not read: its blame, not the site's
  gap.findings.push_back(hh::make_finding(hh::FindingCode::UnrecognisedLine, {.message = "?"}));
  hh::Hand march = make_hand("3", "three");
  march.started_at_utc = "2024-03-09T10:00:00Z";
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
    add(*w, fid, make_hand("2", "two"), error);
    add(*w, fid, march, gap);
    w->finish_file(fid, 3, 0);
    w->record_unread_file({file_record("in/n.txt", "N"), hh::db::UnreadReason::NoHands, "none"});
  }
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  const hh::db::StoreTotals t = store->totals({});
  CHECK(t.files_audited == 1);
  CHECK(t.files_without_hands == 1);
  CHECK(t.hands == 3);
  CHECK(t.unparsed == 0);
  CHECK(t.hands_with_errors == 1);
  CHECK(t.hands_with_gaps == 1);
  std::vector<std::string> codes;
  for (const auto& c : t.codes)
    codes.push_back(c.code + " " + c.severity + " " + c.blame + " " + std::to_string(c.hands) +
                    " " + std::to_string(c.rows));
  CHECK(codes == std::vector<std::string>{
                     "PAYOUT_MISMATCH warning site 2 2", "RAKE_NOT_PRINTED info site 2 2",
                     "UNRECOGNISED_LINE warning hhaudit 1 1", "WRONG_WINNER error site 1 1"});
  CHECK(store->sites() == std::vector<std::string>{"pokerstars"});
  // A filter on another site, or a day after the hands, counts none of them.
  hh::db::ReadFilter other_site, in_march;
  other_site.site = "ggpoker";
  in_march.since = "2024-03-01";
  CHECK(store->totals(other_site).hands == 0);
  CHECK(store->totals(in_march).hands == 1);
  const hh::db::Sections sections = store->breakdowns({});
  std::vector<std::string> titles;
  for (const auto& [title, table] : sections) titles.push_back(title);
  CHECK(titles == std::vector<std::string>{"files", "hands", "money", "rake"});
  CHECK(rows_of(sections.at(0).second) == Rows{{"pokerstars", "1", "0", "1", "0", "0"}});
  CHECK(rows_of(sections.at(1).second) == Rows{{"pokerstars", "2024-01", "2", "2", "0", "1"},
                                               {"pokerstars", "2024-03", "1", "1", "0", "0"}});
  // Money in error by month of the hands with findings: March's gap puts none in error.
  CHECK(rows_of(sections.at(2).second) ==
        Rows{{"pokerstars", "2024-01", "USD", "100", "1", "61", "0"},
             {"pokerstars", "2024-03", "USD", "100", "0", "0", "0"}});
  const auto with_findings = store->hands_with_findings({}, 10);
  CHECK(with_findings.count == 3);
  REQUIRE(with_findings.hand_ids.size() == 3);
  CHECK(with_findings.hand_ids.front() == 2);  // the most money in error first
}

namespace {

// Two players' all-in on the turn (tests/test_integrity_chance.cpp's aces against kings: 42 and 2
// boards of 44), as computed for hand `hand_id`: doubles no decimal text holds exactly.
hh::AllInEquity aces_against_kings(std::int64_t hand_id, double aces) {
  const double kings = 1 - aces;
  return {hh::AllInReading::Evaluated,
          {{hand_id, "pokerstars", "Aces", aces, aces * kings, 1.0, 20.5},
           {hand_id, "pokerstars", "Kings", kings, aces * kings, 0.0, 20.5}},
          false,
          44,
          hand_id};
}

// The hands computed by a refresh of the signals over the whole store.
long computed_by_refresh(const std::string& db, unsigned jobs) {
  auto store = writer(db);
  const auto refreshed = hh::cli::refresh_integrity_signals(*store, true, jobs);
  REQUIRE(refreshed);
  return refreshed->equities_computed;
}

}  // namespace

STORE_CONTRACT_CASE(allin_equities_kept,
                    "each hand's all-in equity is computed once, kept and read back exactly") {
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
    add(*w, fid, make_hand("2", "two"), make_result());
  }
  const std::int64_t one =
      std::stoll(scalar(db, "SELECT hand_id FROM hands WHERE site_hand_id = '1'"));
  {
    auto w = writer(db);
    w->keep_allin_equities({aces_against_kings(one, 42.0 / 44)});
    w->commit();
    // A hand kept already is left as it is: another writer's equity of the same hand.
    w->keep_allin_equities({aces_against_kings(one, 0.5)});
    w->commit();
    const std::vector<hh::AllInEquity> kept = w->kept_allin_equities();
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].hand_id == one);
    CHECK(kept[0].reading == hh::AllInReading::Evaluated);
    CHECK_FALSE(kept[0].sampled);
    CHECK(kept[0].boards == 44);
    REQUIRE(kept[0].shares.size() == 2);
    const hh::AllInShare& kings = kept[0].shares[1];
    CHECK(kings.hand_id == one);
    CHECK(kings.site == "pokerstars");
    CHECK(kings.player == "Kings");
    // The very doubles kept, not their decimal approximations.
    CHECK(kings.equity == 1 - 42.0 / 44);
    CHECK(kings.variance == 42.0 / 44 * (1 - 42.0 / 44));
    CHECK(kings.won == 0.0);
    CHECK(kings.pot_big_blinds == 20.5);
  }
  // Hand 1 kept: the first refresh computes hand 2 alone (not all-in: kept too), the next none.
  CHECK(computed_by_refresh(db, 2) == 1);
  CHECK(q(db,
          "SELECT h.site_hand_id, a.share, a.reading, a.sampled, a.boards, a.player FROM "
          "allin_equities a JOIN hands h ON h.hand_id = a.hand_id ORDER BY 1, 2") ==
        Rows{{"1", "0", "evaluated", "0", "44", "Aces"},
             {"1", "1", "evaluated", "0", "44", "Kings"},
             {"2", "0", "not_all_in", "0", "0", "NULL"}});
  CHECK(computed_by_refresh(db, 2) == 0);
  // One hand more: only it is computed.
  {
    auto w = writer(db);
    bool already = true;
    const std::int64_t file2 = w->begin_file(file_record("in/b.txt", "B"), already);
    add(*w, file2, make_hand("3", "three"), make_result());
    w->commit();
  }
  CHECK(computed_by_refresh(db, 1) == 1);
  CHECK(scalar(db, "SELECT count(*) FROM allin_equities") == "4");
}

STORE_CONTRACT_CASE(migrated_from_22,
                    "a schema 22 database gains allin_equities, computed at the next refresh") {
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
    add(*w, fid, make_hand("2", "two"), make_result());
  }
  exec_raw(db,
           "DROP TABLE allin_equities; UPDATE meta SET value = '22' WHERE key = "
           "'schema_version';");
  writer(db).reset();
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(scalar(db, "SELECT count(*) FROM allin_equities") == "0");
  CHECK(computed_by_refresh(db, 2) == 2);
  CHECK(q(db, "SELECT reading, count(*) FROM allin_equities GROUP BY reading") ==
        Rows{{"not_all_in", "2"}});
  CHECK(computed_by_refresh(db, 2) == 0);
}

namespace {

hh::Event logged(hh::EventKind kind, hh::Street street, int seat, const std::string& cards = "",
                 int board_index = 0) {
  hh::Event e;
  e.kind = kind;
  e.street = street;
  e.seat = seat;
  if (!cards.empty()) e.cards = hh::EventCards::read(cards);
  e.board_index = board_index;
  return e;
}

}  // namespace

STORE_CONTRACT_CASE(integrity_hands_events,
                    "the signals across hands read each hand's actions and cards from its log") {
  using hh::EventKind;
  using hh::Street;
  hh::Hand one = make_hand("1", "one");
  one.events = {logged(EventKind::PostBigBlind, Street::Setup, 2),
                logged(EventKind::DealtHole, Street::Setup, 1, "[Ah \"Kd\"]"),
                logged(EventKind::Raise, Street::Preflop, 1),
                logged(EventKind::Call, Street::Preflop, 2),
                logged(EventKind::Board, Street::Flop, 0, "[2c 3d 4h]"),
                logged(EventKind::Check, Street::Flop, 2),
                logged(EventKind::Fold, Street::Flop, 0),  // no seat: not an action read
                logged(EventKind::Board, Street::River, 0, "[5s]", 1),
                logged(EventKind::Shows, Street::Showdown, 2, "[Qs Qd]")};
  hh::Hand two = make_hand("2", "two");
  two.events = {logged(EventKind::Fold, Street::Preflop, 1)};
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, one, make_result());
    add(*w, fid, two, make_result());
  }
  // Hand 2's log valid JSON (PostgreSQL's json column takes it) but not the writer's format.
  exec_raw(db,
           "UPDATE hand_event_log SET events = '[[\"preflop\",\"fold\",\"1\",null,null,null]]' "
           "WHERE hand_id = (SELECT hand_id FROM hands WHERE site_hand_id = '2')");
  const std::vector<hh::IntegrityHand> hands = writer(db)->integrity_hands({});
  REQUIRE(hands.size() == 2);
  const hh::IntegrityHand& h = hands[0];
  CHECK(h.site_hand_id == "1");
  REQUIRE(h.actions.size() == 3);
  CHECK((h.actions[0].seat == 1 && h.actions[0].street == Street::Preflop &&
         h.actions[0].kind == EventKind::Raise));
  CHECK((h.actions[1].seat == 2 && h.actions[1].street == Street::Preflop &&
         h.actions[1].kind == EventKind::Call));
  CHECK((h.actions[2].seat == 2 && h.actions[2].street == Street::Flop &&
         h.actions[2].kind == EventKind::Check));
  REQUIRE(h.cards.size() == 4);
  CHECK((h.cards[0].seat == 1 && h.cards[0].street == Street::Setup &&
         h.cards[0].kind == EventKind::DealtHole && h.cards[0].board_index == 0));
  CHECK(h.cards[0].cards.printed() == "[Ah \"Kd\"]");
  CHECK((h.cards[1].seat == 0 && h.cards[1].street == Street::Flop &&
         h.cards[1].kind == EventKind::Board && h.cards[1].board_index == 0));
  CHECK(h.cards[1].cards.printed() == "[2c 3d 4h]");
  CHECK((h.cards[2].seat == 0 && h.cards[2].street == Street::River &&
         h.cards[2].kind == EventKind::Board && h.cards[2].board_index == 1));
  CHECK(h.cards[2].cards.printed() == "[5s]");
  CHECK((h.cards[3].seat == 2 && h.cards[3].street == Street::Showdown &&
         h.cards[3].kind == EventKind::Shows));
  CHECK(h.cards[3].cards.printed() == "[Qs Qd]");
  // Hand 2 is read with its seats, but neither actions nor cards from a log that does not decode.
  CHECK(hands[1].site_hand_id == "2");
  CHECK(hands[1].seats.size() == 2);
  CHECK(hands[1].actions.empty());
  CHECK(hands[1].cards.empty());
}

TEST_CASE("store contract, PostgreSQL: every case on a database of its own",
          "[db][postgres][store_contract]") {
  hh::test::PgServer* server = hh::test::PgServer::get();
  if (!server) return;
  for (const NamedCase& c : contract_cases()) {
    DYNAMIC_SECTION(c.name) { c.run(server->create_database(std::string("contract_") + c.name)); }
  }
}
