#include "db/postgres/schema.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "db/schema/render.hpp"

namespace hh::db::postgres {

namespace {

using schema::Dialect;
using schema::index_sql;
using schema::table_sql;

// Schema 4 -> 5, as SQLite's migrate_4_to_5 (db/sqlite/schema.cpp says what the columns hold):
// hands.money_in_error, discrepancies.cause_id and hand_event_log.chips, NULL for the hands
// stored before. The views that gain a column are dropped, made again by schema_sql().
void migrate_4_to_5(Connection& c) {
  c.exec(
      "DROP VIEW IF EXISTS hand_events; DROP VIEW IF EXISTS v_findings;"
      "ALTER TABLE hands ADD COLUMN IF NOT EXISTS money_in_error bigint;"
      "ALTER TABLE discrepancies ADD COLUMN IF NOT EXISTS cause_id bigint "
      "REFERENCES discrepancies(discrepancy_id);"
      "ALTER TABLE hand_event_log ADD COLUMN IF NOT EXISTS chips json;");
}

// Schema 5 -> 6, as SQLite's migrate_5_to_6: what the checks between hands read (NULL seat details
// for the hands stored before), discrepancies.related_hand_id; v_findings shows it.
void migrate_5_to_6(Connection& c) {
  c.exec(
      "DROP VIEW IF EXISTS v_findings;"
      "ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS sitting_out integer "
      "CHECK (sitting_out IN (0, 1)), "
      "ADD COLUMN IF NOT EXISTS stack_unknown integer CHECK (stack_unknown IN (0, 1)), "
      "ADD COLUMN IF NOT EXISTS posted_small_blind integer CHECK (posted_small_blind IN (0, 1)), "
      "ADD COLUMN IF NOT EXISTS posted_big_blind integer CHECK (posted_big_blind IN (0, 1)), "
      "ADD COLUMN IF NOT EXISTS posted_owed integer CHECK (posted_owed IN (0, 1));"
      "ALTER TABLE discrepancies ADD COLUMN IF NOT EXISTS related_hand_id bigint "
      "REFERENCES hands(hand_id);"
      "ALTER TABLE hands ADD COLUMN IF NOT EXISTS fast_fold integer NOT NULL DEFAULT 0 "
      "CHECK (fast_fold IN (0, 1)), ADD COLUMN IF NOT EXISTS players_named_by_position integer "
      "NOT NULL DEFAULT 0 CHECK (players_named_by_position IN (0, 1));"
      // Bovada names every player by position (schema 6 stores it per hand).
      "UPDATE hands SET players_named_by_position = 1 WHERE site = 'bovada';");
}

// Schema 6 -> 7, as SQLite's migrate_6_to_7: files.status 'unreadable' with sha256 NULL. The
// status CHECK of schemas 4 to 6 was named files_status_check by the server; it is replaced by
// the wider one (the unreadable rows' index is made by schema_sql()). Each constraint dropped
// first: a database made by this build and marked older (the tests' way) has them already.
// And hands and discrepancies become tables partitioned by month of play: the old tables are
// renamed, stripped of their keys, indexes and identities (whose names the new tables take),
// their rows copied under the same ids into the new tables (a partition made for each month
// first), and dropped. The foreign keys of the other tables to hands(hand_id) go: a partitioned
// hands has no key on hand_id alone. The views that read them are made again by schema_sql().
void migrate_6_to_7(Connection& c) {
  c.exec(
      "ALTER TABLE files DROP CONSTRAINT IF EXISTS files_status_check;"
      "ALTER TABLE files DROP CONSTRAINT IF EXISTS files_unreadable_check;"
      "ALTER TABLE files ALTER COLUMN sha256 DROP NOT NULL;"
      "ALTER TABLE files ADD CONSTRAINT files_status_check CHECK (status IN ('audited', "
      "'interrupted', 'unsupported', 'no-hands', 'unreadable'));"
      "ALTER TABLE files ADD CONSTRAINT files_unreadable_check "
      "CHECK ((sha256 IS NULL) = (status = 'unreadable'));");
  c.exec(
      "DROP VIEW IF EXISTS v_findings, v_code_counts, v_conflicts, v_file_summary;"
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

// migrations[v - kFirstSchemaVersion] brings a database of version v to v + 1 (the first
// PostgreSQL schema was 4); a change of the SQLite schema adds its step here.
// Schema 7 -> 8, as SQLite's migrate_7_to_8: the place a hand prints a player finishing a
// tournament in; NULL for the hands stored before.
void migrate_7_to_8(Connection& c) {
  c.exec(
      "ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS finish_place integer "
      "CHECK (finish_place > 0);");
}

// Schema 8 -> 9, as SQLite's migrate_8_to_9: the tables of tournament summaries and
// hand_players.settled_outside; and hand_keys, filled from the stored hands. A number that
// schemas 7 and 8 stored twice (two times in two months) keeps its first hand as the key's; each
// later copy stays stored and is listed in hand_conflicts against the first, as a writer of
// schema 9 would have recorded it, so that v_conflicts shows what the old key let through.
void migrate_8_to_9(Connection& c) {
  for (const char* table : {"tournaments", "tournament_results", "tournament_findings"})
    c.exec(table_sql(Dialect::Postgres, table));
  c.exec(index_sql("idx_tournament_findings") + index_sql("idx_hands_tournament"));
  c.exec(
      "ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS settled_outside bigint NOT NULL "
      "DEFAULT 0;");
  c.exec(table_sql(Dialect::Postgres, "hand_keys"));
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

// Schema 9 -> 10: idx_hands_table orders a table's hands by start time too (schema_sql() makes the
// new one).
void migrate_9_to_10(Connection& c) { c.exec("DROP INDEX IF EXISTS idx_hands_table;"); }

// Schema 10 -> 11: who a finding blames (discrepancies.blame, tournament_findings.blame,
// generated from the code), in v_findings and v_code_counts (made again by schema_sql()).
void migrate_10_to_11(Connection& c) {
  c.exec("DROP VIEW IF EXISTS v_findings, v_code_counts;");
  for (const char* table : {"discrepancies", "tournament_findings"})
    c.exec(fmt::format("ALTER TABLE {} ADD COLUMN IF NOT EXISTS {};", table,
                       schema::column_sql(Dialect::Postgres, table, "blame")));
}

// Schema 11 -> 12, as SQLite's migrate_11_to_12: pending_checks (schema_sql() makes it).
void migrate_11_to_12(Connection&) {}

// Schema 12 -> 13, as SQLite's migrate_12_to_13: the view players (made with every view).
void migrate_12_to_13(Connection&) {}

// Schema 13 -> 14: table_months, filled from the hands stored before.
void migrate_13_to_14(Connection& c) {
  c.exec(table_sql(Dialect::Postgres, "table_months"));
  c.exec(
      "INSERT INTO table_months SELECT DISTINCT site, COALESCE(tournament_id, ''), table_name, "
      "play_month FROM hands WHERE table_name IS NOT NULL ON CONFLICT DO NOTHING");
}

// Schema 14 -> 15, as SQLite's migrate_14_to_15: reviews; v_findings made again with
// review_status and review_note (schema_sql()).
void migrate_14_to_15(Connection& c) {
  c.exec(table_sql(Dialect::Postgres, "reviews"));
  c.exec("DROP VIEW IF EXISTS v_findings");
}

// Schema 15 -> 16, as SQLite's migrate_15_to_16: hands.registration_may_be_open.
void migrate_15_to_16(Connection& c) {
  c.exec(fmt::format("ALTER TABLE hands ADD COLUMN IF NOT EXISTS {}",
                     schema::column_sql(Dialect::Postgres, "hands", "registration_may_be_open")));
}

// Schema 16 -> 17: integrity_signals (empty until the next computation).
void migrate_16_to_17(Connection& c) { c.exec(table_sql(Dialect::Postgres, "integrity_signals")); }

// Schema 17 -> 18: discrepancies without its foreign key to hands (db/schema/declaration.cpp).
void migrate_17_to_18(Connection& c) {
  c.exec(
      "ALTER TABLE discrepancies DROP CONSTRAINT IF EXISTS discrepancies_hand_id_play_month_fkey");
}

// Schema 18 -> 19: integrity_signals' kinds add squeeze, tournament_seats,
// allin_results and deck_frequencies; made anew (it holds
// only what the next computation makes again), that computation owed.
void migrate_18_to_19(Connection& c) {
  c.exec("DROP TABLE IF EXISTS integrity_signals");
  c.exec(table_sql(Dialect::Postgres, "integrity_signals"));
  c.exec("DELETE FROM meta WHERE key = 'integrity_signals_of'");
}

// Schema 19 -> 20: new partitions a year each (hh_create_partitions(), made by schema_sql()); the
// month partitions made before stay, and their years go on with months.
void migrate_19_to_20(Connection& c) {
  c.exec("DROP FUNCTION IF EXISTS hh_create_month_partitions(date)");
}

using Migration = void (*)(Connection&);
constexpr std::array<Migration, schema::kSchemaVersion - kFirstSchemaVersion> kMigrations{
    &migrate_4_to_5,   &migrate_5_to_6,   &migrate_6_to_7,   &migrate_7_to_8,
    &migrate_8_to_9,   &migrate_9_to_10,  &migrate_10_to_11, &migrate_11_to_12,
    &migrate_12_to_13, &migrate_13_to_14, &migrate_14_to_15, &migrate_15_to_16,
    &migrate_16_to_17, &migrate_17_to_18, &migrate_18_to_19, &migrate_19_to_20};
// A new SQLite schema version must bring its PostgreSQL step (an empty slot would be called).
static_assert(std::none_of(kMigrations.begin(), kMigrations.end(),
                           [](Migration m) { return m == nullptr; }),
              "db/postgres/schema.cpp: a migration for every schema version after 4");

}  // namespace

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
      for (; version > 0 && version < schema::kSchemaVersion; ++version)
        kMigrations[static_cast<std::size_t>(version - kFirstSchemaVersion)](c);
      c.exec(schema_sql());
      c.exec(
          fmt::format("INSERT INTO meta(key, value) VALUES ('schema_version', '{}') "
                      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                      schema::kSchemaVersion));
    }
  });
}

}  // namespace hh::db::postgres
