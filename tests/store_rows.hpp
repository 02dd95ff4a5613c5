// What the store tests read and write through the Store seam (db/store.hpp), whichever the store:
// `db` is a SQLite file or a PostgreSQL connection string (tests/test_db.cpp,
// tests/test_store_contract.cpp).
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "db/postgres/connection.hpp"
#include "db/sqlite/database.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "pipeline/sha256.hpp"
#include "tests/stored_hands.hpp"
#include "tests/temp_dir.hpp"

namespace hh::test::store_rows {

using hh::db::FileRecord;
using hh::db::HandOutcome;
using hh::db::OpenMode;
using hh::db::QueryResult;
using hh::db::Store;
using hh::test::file_record;
using hh::test::make_hand;
using hh::test::make_result;
using hh::test::TempDir;

// A store opened for writing, as `hhaudit audit` opens it.
inline std::unique_ptr<Store> writer(const std::string& db,
                                     int batch_hands = Store::kDefaultBatchHands) {
  return hh::db::open_store(db, OpenMode::Write, {batch_hands});
}

// Adds a hand as the pipeline does, with the digest of its text.
inline HandOutcome add(Store& store, std::int64_t file_id, const hh::Hand& hand,
                       const hh::AuditResult& result) {
  const std::string sha = sha256_hex(hand.raw);
  const hh::AuditResult stored = hh::test::stored_reading(hand, result);
  return store.add_hand(file_id, {hand, stored, sha});
}

// Read-only SQL on a store, as `hhaudit query` runs it: every result.
inline std::vector<QueryResult> run_queries(const std::string& db, const std::string& sql) {
  return hh::db::open_store(db, OpenMode::ReadOnly)->query(sql);
}

// The result of the last statement with columns (an empty result if none).
inline QueryResult run_query(const std::string& db, const std::string& sql) {
  std::vector<QueryResult> all = run_queries(db, sql);
  return all.empty() ? QueryResult{} : all.back();
}

// Rows as plain strings ("NULL" for NULL) so a whole result compares in one REQUIRE.
using Rows = std::vector<std::vector<std::string>>;
inline Rows rows_of(const QueryResult& r) {
  Rows out;
  for (const auto& row : r.rows) {
    std::vector<std::string> v;
    for (const auto& cell : row) v.push_back(cell ? *cell : "NULL");
    out.push_back(std::move(v));
  }
  return out;
}
inline Rows q(const std::string& db, const std::string& sql) { return rows_of(run_query(db, sql)); }
inline std::string scalar(const std::string& db, const std::string& sql) {
  Rows r = q(db, sql);
  REQUIRE(r.size() == 1);
  REQUIRE(r[0].size() == 1);
  return r[0][0];
}

// A store at `db` with one file begun: what most tests start from.
struct OneFile {
  std::unique_ptr<Store> store;
  std::int64_t file_id;
};
inline OneFile one_file(const std::string& db, const std::string& path,
                        const std::string& content) {
  auto store = writer(db);
  bool already = true;
  const std::int64_t id = store->begin_file(file_record(path, content), already);
  REQUIRE_FALSE(already);
  return {std::move(store), id};
}

inline hh::AuditResult info_only() {
  hh::AuditResult r = make_result();
  r.findings.erase(r.findings.begin());
  return r;
}

// Whether `db` names a PostgreSQL database (else a SQLite file).
inline bool on_postgres(const std::string& db) { return hh::db::postgres::is_conninfo(db); }

// Raw SQL on the database's own connection, past the store: a test's way to give a database an
// older schema's shape (SQLite's connection without foreign keys, as the tests' own).
inline void exec_raw(const std::string& db, const std::string& sql) {
  if (on_postgres(db)) {
    hh::db::postgres::Connection(db).exec(sql);
    return;
  }
  hh::db::sqlite::Database raw(db, SQLITE_OPEN_READWRITE);
  raw.exec(sql);
}

// What schema 11 added (who a finding blames) to a database of this build, undone first by every
// downgrade of the migration tests (with schema 13's view players, which reads the blame); SQL of
// both stores.
constexpr const char* kBackToSchema10 =
    "DROP VIEW IF EXISTS players;"
    "DROP VIEW IF EXISTS v_code_counts; DROP VIEW IF EXISTS v_findings;"
    "ALTER TABLE discrepancies DROP COLUMN blame;"
    "ALTER TABLE tournament_findings DROP COLUMN blame;";

// A database of one stored hand ("1") in file in/a.txt, taken back to schema `version` by
// `downgrade` (the raw SQL that undoes what the later schemas added); meta says `version`.
inline void one_hand_at_schema(const std::string& db, int version, const std::string& downgrade) {
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, make_hand("1", "one"), make_result());
  }
  exec_raw(db, downgrade + "UPDATE meta SET value = '" + std::to_string(version) +
                   "' WHERE key = 'schema_version';");
}

// The same, then opened by a writer, which migrates it.
inline std::unique_ptr<Store> one_hand_downgraded(const std::string& db, int version,
                                                  const std::string& downgrade) {
  one_hand_at_schema(db, version, downgrade);
  return writer(db);
}

// A database of one stored hand taken back to schema `version` (10 or less: schema 11's blame
// undone first, then `downgrade`), opened by a writer, which migrates it.
inline std::unique_ptr<Store> migrated_one_hand(const std::string& db, int version,
                                                const std::string& downgrade) {
  return one_hand_downgraded(db, version, kBackToSchema10 + downgrade);
}

}  // namespace hh::test::store_rows
