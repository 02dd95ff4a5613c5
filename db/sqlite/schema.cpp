#include "db/sqlite/schema.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "db/schema/render.hpp"

namespace hh::db::sqlite {

namespace {

using schema::Dialect;

// Schema 1 -> 2: files get a status (every old row was read; unfinished ones were interrupted) and
// a note; the comma-joined pots.eligible and pots.winners become pot_seats rows; site "pacific" is
// named "888poker".
void migrate_1_to_2(Database& db) {
  db.exec(
      "ALTER TABLE files ADD COLUMN status TEXT NOT NULL DEFAULT 'audited' "
      "CHECK (status IN ('audited', 'interrupted', 'unsupported', 'no-hands'));"
      "ALTER TABLE files ADD COLUMN note TEXT;"
      "UPDATE files SET status = 'interrupted' WHERE audited_at IS NULL;");
  // pot_seats, from the schema's own declaration.
  db.exec(schema::table_sql(Dialect::Sqlite, "pot_seats"));
  {
    Statement pots(db, "SELECT hand_id, pot_index, eligible, winners FROM pots");
    Statement insert(db,
                     "INSERT INTO pot_seats(hand_id, pot_index, seat, role) VALUES (?, ?, ?, ?)");
    while (pots.step()) {
      const std::pair<int, const char*> lists[] = {{2, "eligible"}, {3, "winner"}};
      for (const auto& [column, role] : lists) {
        const std::string seats = pots.column_text(column);
        std::size_t at = 0;
        while (at < seats.size()) {
          std::size_t comma = seats.find(',', at);
          if (comma == std::string::npos) comma = seats.size();
          ResetGuard g(insert);
          insert.bind_int64(1, pots.column_int64(0));
          insert.bind_int64(2, pots.column_int64(1));
          insert.bind_int64(3, std::stoll(seats.substr(at, comma - at)));
          insert.bind_text(4, role);
          insert.step();
          at = comma + 1;
        }
      }
    }
  }
  db.exec(
      "ALTER TABLE pots DROP COLUMN eligible;"
      "ALTER TABLE pots DROP COLUMN winners;"
      "UPDATE hands SET site = '888poker' WHERE site = 'pacific';"
      "UPDATE hand_conflicts SET site = '888poker' WHERE site = 'pacific';"
      "UPDATE files SET site = '888poker' WHERE site = 'pacific';"
      // A view of schema 1 lists files' columns: made again by schema_sql().
      "DROP VIEW IF EXISTS v_file_summary;");
}

// Schema 2 -> 3: hand_events, created by schema_sql(); the hands stored before have none
// (`hhaudit explain` says so).
void migrate_2_to_3(Database&) {}

// Schema 3 -> 4: the rows of table hand_events become one hand_event_log row a hand (the view
// hand_events, made by schema_sql(), reads them as before).
void migrate_3_to_4(Database& db) {
  {
    // Finalized before DROP TABLE, which fails while a statement reads the schema.
    Statement has_events(
        db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hand_events'");
    if (!has_events.step()) return;
  }
  db.exec(
      "CREATE TABLE IF NOT EXISTS hand_event_log (hand_id INTEGER PRIMARY KEY REFERENCES "
      "hands(hand_id) ON DELETE CASCADE, events TEXT NOT NULL);"
      "INSERT INTO hand_event_log(hand_id, events) "
      "SELECT hand_id, json_group_array(json_array(street, kind, seat, amount, to_amount, line, "
      "all_in, cards, board)) FROM (SELECT * FROM hand_events ORDER BY hand_id, seq) "
      "GROUP BY hand_id;"
      "DROP TABLE hand_events;");
}

bool has_column(Database& db, const char* table, const char* column) {
  // table_xinfo: generated columns too (blame).
  Statement s(db, "SELECT 1 FROM pragma_table_xinfo(?1) WHERE name = ?2");
  s.bind_text(1, table);
  s.bind_text(2, column);
  return s.step();
}

bool has_table(Database& db, const char* table) {
  Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind_text(1, table);
  return s.step();
}

// Schema 4 -> 5: root causes (discrepancies.cause_id, also in v_findings), money in error
// (hands.money_in_error) and each stack and the pot after every event (hand_event_log.chips, the
// view hand_events' stack_after and pot_after), all NULL for the hands stored before: the audit
// that links them did not run on those (audit the files again into a new database to have them).
void migrate_4_to_5(Database& db) {
  // Each column only where it is missing: a table made by this build's DDL already has it.
  auto has = [&db](const char* table, const char* column) { return has_column(db, table, column); };
  auto exists = [&db](const char* table) { return has_table(db, table); };
  // Views made again by schema_sql() with the new columns.
  db.exec("DROP VIEW IF EXISTS hand_events; DROP VIEW IF EXISTS v_findings;");
  if (!has("hands", "money_in_error"))
    db.exec("ALTER TABLE hands ADD COLUMN money_in_error INTEGER");
  if (!has("discrepancies", "cause_id")) {
    db.exec(
        "ALTER TABLE discrepancies ADD COLUMN cause_id INTEGER "
        "REFERENCES discrepancies(discrepancy_id)");
  }
  // From schema 2, which had no events, schema_sql() creates the log with the column.
  if (exists("hand_event_log") && !has("hand_event_log", "chips"))
    db.exec("ALTER TABLE hand_event_log ADD COLUMN chips TEXT");
}

// Schema 5 -> 6: what the checks between hands read (docs/sessions.md): who sat out and who
// posted which blind (NULL for the hands stored before: the button and blind checks skip them),
// whether a hand's table is a fast-fold pool or its players are named by position (Bovada's, set
// here; a fast-fold hand stored before is not known as one), and the related hand of a finding
// between two hands. v_findings shows it: made again by
// schema_sql().
void migrate_5_to_6(Database& db) {
  struct Column {
    const char* table;
    const char* name;
    const char* definition;
  };
  static constexpr Column kColumns[] = {
      {"hand_players", "sitting_out", "INTEGER CHECK (sitting_out IN (0, 1))"},
      {"hand_players", "stack_unknown", "INTEGER CHECK (stack_unknown IN (0, 1))"},
      {"hand_players", "posted_small_blind", "INTEGER CHECK (posted_small_blind IN (0, 1))"},
      {"hand_players", "posted_big_blind", "INTEGER CHECK (posted_big_blind IN (0, 1))"},
      {"hand_players", "posted_owed", "INTEGER CHECK (posted_owed IN (0, 1))"},
      {"discrepancies", "related_hand_id", "INTEGER REFERENCES hands(hand_id)"},
      {"hands", "fast_fold", "INTEGER NOT NULL DEFAULT 0 CHECK (fast_fold IN (0, 1))"},
      {"hands", "players_named_by_position",
       "INTEGER NOT NULL DEFAULT 0 CHECK (players_named_by_position IN (0, 1))"},
  };
  db.exec("DROP VIEW IF EXISTS v_findings;");
  // Each column only where it is missing, as in migrate_4_to_5.
  for (const Column& c : kColumns) {
    if (!has_column(db, c.table, c.name))
      db.exec(fmt::format("ALTER TABLE {} ADD COLUMN {} {}", c.table, c.name, c.definition));
  }
  // Bovada names every player by position (schema 6 stores it per hand).
  db.exec("UPDATE hands SET players_named_by_position = 1 WHERE site = 'bovada';");
}

// Schema 6 -> 7: files a run could not read are stored (status 'unreadable', sha256 NULL). A
// CHECK constraint and a NOT NULL change only by rebuilding the table (SQLite's "making other
// kinds of table schema changes"): the new files table from the schema's own DDL, the rows
// copied under the same file_ids, the old table dropped and the new one renamed. apply_schema
// runs this with foreign_keys off (dropping a parent table would otherwise fail) and checks
// every reference after it. The views that read files are made again by schema_sql().
void migrate_6_to_7(Database& db) {
  constexpr std::string_view kColumns =
      "file_id, path, sha256, bytes, encoding, site, hands, failed, audited_at, duplicates, "
      "conflicts, first_seen_at, status, note";
  db.exec(
      fmt::format("DROP VIEW IF EXISTS v_file_summary; DROP VIEW IF EXISTS v_findings;"
                  "DROP VIEW IF EXISTS v_conflicts;"
                  "{} INSERT INTO files_v7({}) SELECT {} FROM files;"
                  "DROP TABLE files; ALTER TABLE files_v7 RENAME TO files;",
                  schema::table_sql(Dialect::Sqlite, "files", "files_v7"), kColumns, kColumns));
}

// Schema 7 -> 8: the place a hand prints a player finishing a tournament in (Hand::finishes),
// what the check of places between hands reads. NULL for the hands stored before.
void migrate_7_to_8(Database& db) {
  if (!has_column(db, "hand_players", "finish_place"))
    db.exec("ALTER TABLE hand_players ADD COLUMN finish_place INTEGER CHECK (finish_place > 0)");
}

// Schema 8 -> 9: tournament summaries (tournaments, tournament_results, tournament_findings);
// hand_players.settled_outside, the money a player paid or received beside the pot (0 for the
// hands stored before). PostgreSQL's step also adds hand_keys, which SQLite's hands needs not: it
// is unique on (site, site_hand_id) itself.
void migrate_8_to_9(Database& db) {
  for (const char* table : {"tournaments", "tournament_results", "tournament_findings"})
    db.exec(schema::table_sql(Dialect::Sqlite, table));
  db.exec(schema::index_sql("idx_tournament_findings") + schema::index_sql("idx_hands_tournament"));
  if (!has_column(db, "hand_players", "settled_outside"))
    db.exec("ALTER TABLE hand_players ADD COLUMN settled_outside INTEGER NOT NULL DEFAULT 0");
}

// Schema 9 -> 10: idx_hands_table orders a table's hands by start time too, so that the checks
// between hands read them in order instead of sorting them (schema_sql() makes the new one).
void migrate_9_to_10(Database& db) { db.exec("DROP INDEX IF EXISTS idx_hands_table"); }

// Schema 10 -> 11: who a finding blames (discrepancies.blame, tournament_findings.blame: 'site'
// or 'hhaudit', generated from the code), in v_findings and v_code_counts (made again by
// schema_sql()).
void migrate_10_to_11(Database& db) {
  db.exec("DROP VIEW IF EXISTS v_findings; DROP VIEW IF EXISTS v_code_counts;");
  for (const char* table : {"discrepancies", "tournament_findings"}) {
    if (!has_column(db, table, "blame"))
      db.exec(fmt::format("ALTER TABLE {} ADD COLUMN {}", table,
                          schema::column_sql(Dialect::Sqlite, table, "blame")));
  }
}

// Schema 11 -> 12: pending_checks, the checks between hands owed (schema_sql() makes it, empty:
// what a run of an older build killed before its checks left unchecked is not known).
void migrate_11_to_12(Database&) {}

// Schema 12 -> 13: the view players (schema_sql() makes it again with every view).
void migrate_12_to_13(Database&) {}

// Schema 13 -> 14: PostgreSQL's table_months (the months a table's hands are kept under, its
// partitions). SQLite's hands are not partitioned: idx_hands_table finds a table's hands.
void migrate_13_to_14(Database&) {}

// Schema 14 -> 15: reviews (db/reviews.hpp), and v_findings' review_status and review_note
// (schema_sql() makes the table and, as every view, v_findings again).
void migrate_14_to_15(Database&) {}

// Schema 15 -> 16: hands.registration_may_be_open (Hand::registration_may_be_open, issue 33
// point 18), what the check of places between hands skips; 0 for the hands stored before.
void migrate_15_to_16(Database& db) {
  if (!has_column(db, "hands", "registration_may_be_open"))
    db.exec(fmt::format("ALTER TABLE hands ADD COLUMN {}",
                        schema::column_sql(Dialect::Sqlite, "hands", "registration_may_be_open")));
}

// Schema 16 -> 17: integrity_signals (empty until the next computation).
void migrate_16_to_17(Database& db) {
  db.exec(schema::table_sql(Dialect::Sqlite, "integrity_signals"));
}

// Schema 17 -> 18: PostgreSQL's discrepancies lost its foreign key to hands; SQLite's keeps it.
void migrate_17_to_18(Database&) {}

// Schema 18 -> 19: integrity_signals' kinds add squeeze, tournament_seats,
// allin_results and deck_frequencies. The table holds only
// what the next computation makes again, so it is made anew and that computation is owed.
void migrate_18_to_19(Database& db) {
  db.exec("DROP TABLE IF EXISTS integrity_signals");
  db.exec(schema::table_sql(Dialect::Sqlite, "integrity_signals"));
  db.exec("DELETE FROM meta WHERE key = 'integrity_signals_of'");
}

// Schema 19 -> 20: PostgreSQL's partitions a year each; nothing on SQLite.
void migrate_19_to_20(Database&) {}

// migrations[v - 1] brings a database of version v to v + 1.
using Migration = void (*)(Database&);
constexpr Migration kMigrations[] = {
    &migrate_1_to_2,   &migrate_2_to_3,   &migrate_3_to_4,   &migrate_4_to_5,   &migrate_5_to_6,
    &migrate_6_to_7,   &migrate_7_to_8,   &migrate_8_to_9,   &migrate_9_to_10,  &migrate_10_to_11,
    &migrate_11_to_12, &migrate_12_to_13, &migrate_13_to_14, &migrate_14_to_15, &migrate_15_to_16,
    &migrate_16_to_17, &migrate_17_to_18, &migrate_18_to_19, &migrate_19_to_20};
static_assert(std::size(kMigrations) == kSchemaVersion - 1);

}  // namespace

std::string_view schema_sql() {
  static const std::string sql = schema::schema_sql(Dialect::Sqlite);
  return sql;
}

namespace {

// The secondary indexes of hands and of findings that a bulk load drops (schema.hpp).
constexpr std::string_view kBulkLoadHandIndexes[] = {"idx_hands_file", "idx_hands_content",
                                                     "idx_hands_table", "idx_hands_tournament"};
constexpr std::string_view kBulkLoadFindingIndexes[] = {
    "idx_discrepancies_code", "idx_discrepancies_hand", "idx_discrepancies_cause"};

}  // namespace

void drop_bulk_load_indexes(Database& db) {
  std::string sql;
  for (std::string_view name : kBulkLoadHandIndexes)
    sql += fmt::format("DROP INDEX IF EXISTS {};", name);
  for (std::string_view name : kBulkLoadFindingIndexes)
    sql += fmt::format("DROP INDEX IF EXISTS {};", name);
  db.exec(sql);
}

void create_missing_hand_indexes(Database& db) {
  std::string sql;
  for (std::string_view name : kBulkLoadHandIndexes) sql += schema::index_sql(name);
  db.exec(sql);
}

void create_missing_indexes(Database& db) {
  // Every statement of the DDL is IF NOT EXISTS: only what is missing is made.
  db.exec(schema_sql());
}

namespace {

void drop_views(Database& db) {
  std::vector<std::string> views;
  {
    Statement s(db, "SELECT name FROM sqlite_master WHERE type = 'view'");
    while (s.step()) views.push_back(s.column_text(0));
  }
  for (const std::string& v : views) db.exec(fmt::format("DROP VIEW IF EXISTS \"{}\"", v));
}

}  // namespace

int schema_version(Database& db) {
  Statement has_meta(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  if (!has_meta.step()) return 0;
  Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
  if (!version.step()) return 0;
  const std::string found = version.column_text(0);
  try {
    std::size_t used = 0;
    const int v = std::stoi(found, &used);
    if (used == found.size() && v > 0) return v;
  } catch (const std::exception&) {
  }
  throw std::runtime_error(
      fmt::format("database {} has schema_version {}, not a number", db.path(), found));
}

void apply_schema(Database& db) {
  // A second process (or a reader) may hold the database briefly; wait instead of failing.
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  // WAL lets `hhaudit query` read while an audit is writing; NORMAL is durable enough in WAL mode
  // (a power cut may lose the last commits, never corrupt) and much faster than FULL.
  // foreign_keys stays off until the schema is made or migrated (a migration that rebuilds a
  // table drops it while others reference it; the pragma cannot change inside a transaction);
  // the references are checked before the commit instead.
  db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF;");
  db.exec("BEGIN IMMEDIATE");
  try {
    int version = schema_version(db);
    if (version > kSchemaVersion) {
      throw std::runtime_error(fmt::format(
          "database {} has schema_version {}, this build reads up to {}: use a newer hhaudit",
          db.path(), version, kSchemaVersion));
    }
    const bool migrating = version > 0 && version < kSchemaVersion;
    if (version > 0) {
      // Every view is made again by schema_sql() after the migrations: none may stand in the way
      // of a table a step rebuilds or a column it adds (a view of a later schema's column).
      if (migrating) drop_views(db);
      for (; version < kSchemaVersion; ++version) kMigrations[version - 1](db);
    }
    db.exec(schema_sql());
    db.exec(fmt::format("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', '{}')",
                        kSchemaVersion));
    if (migrating) {
      Statement broken(db, "SELECT \"table\", rowid, parent FROM pragma_foreign_key_check LIMIT 1");
      if (broken.step()) {
        throw std::runtime_error(fmt::format(
            "database {}: after the migration to schema {}, a row of {} (rowid {}) refers to a "
            "missing row of {}",
            db.path(), kSchemaVersion, broken.column_text(0), broken.column_int64(1),
            broken.column_text(2)));
      }
    }
    db.exec("COMMIT");
  } catch (...) {
    // Leave the file as it was; ignore a failing rollback, the original error matters more.
    sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_exec(db.get(), "PRAGMA foreign_keys=ON", nullptr, nullptr, nullptr);
    throw;
  }
  db.exec("PRAGMA foreign_keys=ON;");
}

}  // namespace hh::db::sqlite
