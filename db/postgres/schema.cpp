#include "db/postgres/schema.hpp"

#include <fmt/core.h>

#include <stdexcept>
#include <string>

#include "db/schema/migrations.hpp"
#include "db/schema/render.hpp"

namespace hh::db::postgres {

namespace {

using schema::Dialect;
using schema::index_sql;
using schema::table_sql;

bool has_table(Connection& c, std::string_view table) {
  return c.exec("SELECT to_regclass($1) IS NOT NULL", {std::string(table)}).text(0, 0) == "t";
}

bool has_column(Connection& c, std::string_view table, std::string_view column) {
  return c.exec(
              "SELECT 1 FROM information_schema.columns WHERE table_schema = "
              "current_schema() AND table_name = $1 AND column_name = $2",
              {std::string(table), std::string(column)})
             .rows() > 0;
}

// The one migration list (db/schema/migrations.hpp) run on a PostgreSQL database.
class PostgresMigration final : public schema::MigrationTarget {
 public:
  explicit PostgresMigration(Connection& c) : c_(c) {}
  Dialect dialect() const override { return Dialect::Postgres; }
  void exec(const std::string& sql) override { c_.exec(sql); }
  bool has_table(std::string_view table) override { return postgres::has_table(c_, table); }
  bool has_column(std::string_view table, std::string_view column) override {
    return postgres::has_column(c_, table, column);
  }
  void run(const schema::Transform& transform) override {
    if (transform.postgres) transform.postgres(c_);
  }

 private:
  Connection& c_;
};

}  // namespace

namespace transforms {

// Schema 6 -> 7, as SQLite's files_unreadable: files.status 'unreadable' with sha256 NULL. The
// status CHECK of schemas 4 to 6 was named files_status_check by the server; it is replaced by
// the wider one (the unreadable rows' index is made by schema_sql()). Each constraint dropped
// first: a database made by this build and marked older (the tests' way) has them already.
// And hands and discrepancies become tables partitioned by month of play: the old tables are
// renamed, stripped of their keys, indexes and identities (whose names the new tables take),
// their rows copied under the same ids into the new tables (a partition made for each month
// first), and dropped. The foreign keys of the other tables to hands(hand_id) go: a partitioned
// hands has no key on hand_id alone. The views that read them (dropped by the step) are made
// again by schema_sql().
void files_unreadable_and_months(Connection& c) {
  c.exec(
      "ALTER TABLE files DROP CONSTRAINT IF EXISTS files_status_check;"
      "ALTER TABLE files DROP CONSTRAINT IF EXISTS files_unreadable_check;"
      "ALTER TABLE files ALTER COLUMN sha256 DROP NOT NULL;"
      "ALTER TABLE files ADD CONSTRAINT files_status_check CHECK (status IN ('audited', "
      "'interrupted', 'unsupported', 'no-hands', 'unreadable'));"
      "ALTER TABLE files ADD CONSTRAINT files_unreadable_check "
      "CHECK ((sha256 IS NULL) = (status = 'unreadable'));");
  c.exec(
      "ALTER TABLE hand_players DROP CONSTRAINT IF EXISTS hand_players_hand_id_fkey;"
      "ALTER TABLE pots DROP CONSTRAINT IF EXISTS pots_hand_id_fkey;"
      "ALTER TABLE hand_event_log DROP CONSTRAINT IF EXISTS hand_event_log_hand_id_fkey;"
      "ALTER TABLE hand_conflicts DROP CONSTRAINT IF EXISTS "
      "hand_conflicts_existing_hand_id_fkey;"
      "ALTER TABLE discrepancies RENAME TO discrepancies_v6;"
      "ALTER TABLE hands RENAME TO hands_v6;"
      "ALTER TABLE discrepancies_v6 DROP CONSTRAINT IF EXISTS discrepancies_cause_id_fkey, "
      "DROP CONSTRAINT IF EXISTS discrepancies_hand_id_fkey, "
      "DROP CONSTRAINT IF EXISTS discrepancies_related_hand_id_fkey, DROP CONSTRAINT "
      "discrepancies_pkey, "
      "ALTER COLUMN discrepancy_id DROP IDENTITY;"
      "ALTER TABLE hands_v6 DROP CONSTRAINT hands_pkey, "
      "DROP CONSTRAINT hands_site_site_hand_id_key, ALTER COLUMN hand_id DROP IDENTITY;"
      "DROP INDEX IF EXISTS idx_hands_unidentified, idx_hands_file, idx_hands_table, "
      "idx_hands_content, "
      "idx_discrepancies_code, idx_discrepancies_hand, idx_discrepancies_cause;");
  // The partitioned tables (and hand_keys, which this step has always made), as declared now.
  c.exec(std::string(schema::postgres_functions_sql()) + table_sql(Dialect::Postgres, "hands") +
         table_sql(Dialect::Postgres, "hand_keys") + index_sql("idx_hands_unidentified") +
         table_sql(Dialect::Postgres, "discrepancies"));
  // By name: the hands declared now have columns schema 6 had not (registration_may_be_open, 16),
  // which keep their defaults.
  const std::string columns =
      c.exec(
           "SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) FROM "
           "information_schema.columns WHERE table_name = 'hands_v6' AND table_schema = "
           "current_schema()")
          .text(0, 0);
  c.exec(
      "SELECT hh_create_partitions(m) FROM (SELECT DISTINCT hh_play_month(started_at_utc) "
      "AS m FROM hands_v6) months WHERE m <> '-infinity';" +
      fmt::format("INSERT INTO hands ({0}, play_month) SELECT {0}, hh_play_month(started_at_utc) "
                  "FROM hands_v6;",
                  columns) +
      // By name: the DDL of this build has columns schema 6 had not (blame, generated).
      std::string(
          "INSERT INTO discrepancies(discrepancy_id, hand_id, code, severity, street, seat, "
          "player, "
          "expected, actual, message, line, cause_id, related_hand_id, play_month) "
          "SELECT d.discrepancy_id, d.hand_id, d.code, d.severity, d.street, d.seat, d.player, "
          "d.expected, d.actual, d.message, d.line, d.cause_id, d.related_hand_id, "
          "hh_play_month(h.started_at_utc) "
          "FROM discrepancies_v6 d JOIN hands_v6 h ON h.hand_id = d.hand_id;"
          "SELECT setval(pg_get_serial_sequence('hands', 'hand_id'), coalesce(max(hand_id), 0) + "
          "1, "
          "false) FROM hands;"
          "SELECT setval(pg_get_serial_sequence('discrepancies', 'discrepancy_id'), "
          "coalesce(max(discrepancy_id), 0) + 1, false) FROM discrepancies;"
          "DROP TABLE discrepancies_v6, hands_v6;"));
}

// Schema 8 -> 9: hand_keys (made by the step before), filled from the stored hands. A number that
// schemas 7 and 8 stored twice (two times in two months) keeps its first hand as the key's; each
// later copy stays stored and is listed in hand_conflicts against the first, as a writer of
// schema 9 would have recorded it, so that v_conflicts shows what the old key let through.
void hand_keys_from_hands(Connection& c) {
  c.exec(
      "INSERT INTO hand_keys(site, site_hand_id, hand_id, play_month) "
      "SELECT DISTINCT ON (site, site_hand_id) site, site_hand_id, hand_id, play_month "
      "FROM hands WHERE site_hand_id IS NOT NULL ORDER BY site, site_hand_id, hand_id "
      "ON CONFLICT DO NOTHING;"
      "INSERT INTO hand_conflicts(site, site_hand_id, existing_hand_id, file_id, byte_offset, "
      "line, content_sha256, recorded_at) "
      "SELECT h.site, h.site_hand_id, k.hand_id, h.file_id, h.byte_offset, h.line, "
      "h.content_sha256, " HH_PG_NOW
      " FROM hands h JOIN hand_keys k USING (site, site_hand_id) WHERE h.hand_id <> k.hand_id;");
}

}  // namespace transforms

std::string_view schema_sql() {
  static const std::string sql = schema::schema_sql(Dialect::Postgres);
  return sql;
}

int schema_version(Connection& c) {
  if (c.exec("SELECT to_regclass('meta') IS NOT NULL").text(0, 0) != "t") return 0;
  Result r = c.exec("SELECT value FROM meta WHERE key = 'schema_version'");
  if (r.rows() == 0) return 0;
  const std::string found = r.text(0, 0);
  try {
    std::size_t used = 0;
    const int v = std::stoi(found, &used);
    if (used == found.size() && v > 0) return v;
  } catch (const std::exception&) {
  }
  throw std::runtime_error(fmt::format("{} has schema_version {}, not a number", c.name(), found));
}

void apply_schema(Connection& c) {
  in_transaction(c, "BEGIN", [&] {
    // Writers starting together on an empty database would race on CREATE TABLE IF NOT EXISTS
    // (it is not atomic with the catalog's unique indexes): one creates, the others wait.
    c.exec(fmt::format("SELECT pg_advisory_xact_lock({}, {})", kLockNamespace, kSchemaLockKey));
    int version = schema_version(c);
    if (version > schema::kSchemaVersion) {
      throw std::runtime_error(
          fmt::format("{} has schema_version {}, this build reads up to {}: use a newer hhaudit",
                      c.name(), version, schema::kSchemaVersion));
    }
    if (version > 0 && version < kFirstSchemaVersion) {
      throw std::runtime_error(
          fmt::format("{} has schema_version {}, older than any hhaudit "
                      "PostgreSQL schema ({})",
                      c.name(), version, kFirstSchemaVersion));
    }
    if (version != schema::kSchemaVersion) {
      // The view of schema 13 reads hands and hand_players, which older migrations rebuild: it
      // is made again by schema_sql() (a database of this build marked older has it; the tests').
      if (version > 0) c.exec("DROP VIEW IF EXISTS players");
      PostgresMigration target(c);
      schema::migrate(target, version);
      c.exec(schema_sql());
      c.exec(
          fmt::format("INSERT INTO meta(key, value) VALUES ('schema_version', '{}') "
                      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                      schema::kSchemaVersion));
    }
  });
}

}  // namespace hh::db::postgres
