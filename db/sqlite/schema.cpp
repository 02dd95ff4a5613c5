#include "db/sqlite/schema.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "db/schema/migrations.hpp"
#include "db/schema/render.hpp"

namespace hh::db::sqlite {

namespace {

using schema::Dialect;

bool has_column(Database& db, std::string_view table, std::string_view column) {
  // table_xinfo: generated columns too (blame).
  Statement s(db, "SELECT 1 FROM pragma_table_xinfo(?1) WHERE name = ?2");
  s.bind_text(1, table);
  s.bind_text(2, column);
  return s.step();
}

bool has_table(Database& db, std::string_view table) {
  Statement s(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  s.bind_text(1, table);
  return s.step();
}

// The one migration list (db/schema/migrations.hpp) run on a SQLite database.
class SqliteMigration final : public schema::MigrationTarget {
 public:
  explicit SqliteMigration(Database& db) : db_(db) {}
  Dialect dialect() const override { return Dialect::Sqlite; }
  void exec(const std::string& sql) override { db_.exec(sql); }
  bool has_table(std::string_view table) override { return sqlite::has_table(db_, table); }
  bool has_column(std::string_view table, std::string_view column) override {
    return sqlite::has_column(db_, table, column);
  }
  void run(const schema::Transform& transform) override {
    if (transform.sqlite) transform.sqlite(db_);
  }

 private:
  Database& db_;
};

}  // namespace

namespace transforms {

// Schema 1 -> 2: files get a status (every old row was read; unfinished ones were interrupted) and
// a note; the comma-joined pots.eligible and pots.winners become pot_seats rows (the table made by
// the step before); site "pacific" is named "888poker".
void files_status_and_pot_seats(Database& db) {
  db.exec(
      "ALTER TABLE files ADD COLUMN status TEXT NOT NULL DEFAULT 'audited' "
      "CHECK (status IN ('audited', 'interrupted', 'unsupported', 'no-hands'));"
      "ALTER TABLE files ADD COLUMN note TEXT;"
      "UPDATE files SET status = 'interrupted' WHERE audited_at IS NULL;");
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
      "UPDATE files SET site = '888poker' WHERE site = 'pacific';");
}

// Schema 3 -> 4: the rows of table hand_events become one hand_event_log row a hand (the view
// hand_events, made by schema_sql(), reads them as before). The log keeps schema 4's shape (chips
// came with schema 5).
void event_rows_to_log(Database& db) {
  if (!has_table(db, "hand_events")) return;
  db.exec(
      "CREATE TABLE IF NOT EXISTS hand_event_log (hand_id INTEGER PRIMARY KEY REFERENCES "
      "hands(hand_id) ON DELETE CASCADE, events TEXT NOT NULL);"
      "INSERT INTO hand_event_log(hand_id, events) "
      "SELECT hand_id, json_group_array(json_array(street, kind, seat, amount, to_amount, line, "
      "all_in, cards, board)) FROM (SELECT * FROM hand_events ORDER BY hand_id, seq) "
      "GROUP BY hand_id;"
      "DROP TABLE hand_events;");
}

// Schema 6 -> 7: files a run could not read are stored (status 'unreadable', sha256 NULL). A
// CHECK constraint and a NOT NULL change only by rebuilding the table (SQLite's "making other
// kinds of table schema changes"): the new files table from the schema's own DDL, the rows
// copied under the same file_ids, the old table dropped and the new one renamed. apply_schema
// runs this with foreign_keys off (dropping a parent table would otherwise fail) and checks
// every reference after it.
void files_unreadable(Database& db) {
  constexpr std::string_view kColumns =
      "file_id, path, sha256, bytes, encoding, site, hands, failed, audited_at, duplicates, "
      "conflicts, first_seen_at, status, note";
  db.exec(
      fmt::format("{} INSERT INTO files_v7({}) SELECT {} FROM files;"
                  "DROP TABLE files; ALTER TABLE files_v7 RENAME TO files;",
                  schema::table_sql(Dialect::Sqlite, "files", "files_v7"), kColumns, kColumns));
}

}  // namespace transforms

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
      SqliteMigration target(db);
      schema::migrate(target, version);
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
