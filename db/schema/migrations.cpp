#include "db/schema/migrations.hpp"

#include <fmt/core.h>

#include <stdexcept>
#include <utility>

#include "db/schema/render.hpp"

namespace hh::db::schema {

namespace {

namespace lite = sqlite::transforms;
namespace pg = postgres::transforms;

// Schema 24: the foreign keys of pot_seats to pots, of hands to files and of discrepancies to
// themselves (a cause), found by what they join, not by name: a database that schema 7's step
// rewrote kept the old hands' key name for a while, so its new one is hands_file_id_fkey1.
// Partitions' copies go with their parent's key.
constexpr std::string_view kDropForeignKeysOfSchema24 =
    "DO $$DECLARE k record; BEGIN FOR k IN SELECT conrelid::regclass AS t, conname FROM "
    "pg_constraint WHERE contype = 'f' AND conparentid = 0 AND (conrelid, confrelid) IN "
    "(('pot_seats'::regclass, 'pots'::regclass), ('hands'::regclass, 'files'::regclass), "
    "('discrepancies'::regclass, 'discrepancies'::regclass)) LOOP EXECUTE format('ALTER TABLE "
    "%s DROP CONSTRAINT %I', k.t, k.conname); END LOOP; END$$";

// Schemas 2 to 10: SQLite's first steps, then PostgreSQL's from 4 (its first schema).
std::vector<Migration> migrations_to_10() {
  return {
      {2,
       "files.status and files.note (files recorded unread), pot seats as rows (pot_seats, "
       "v_pots), site \"pacific\" named \"888poker\"",
       {CreateTable{"pot_seats"}, DropView{"v_file_summary"},
        Transform{&lite::files_status_and_pot_seats, nullptr}}},
      // hand_events' table, made by the schema_sql() of schema 3; the hands stored before have
      // none (`hhaudit explain` says so).
      {3, "hand_events (explain's replay)", {}},
      {4,
       "a hand's events stored as one hand_event_log row, hand_events a view of them; the "
       "first PostgreSQL schema",
       {Transform{&lite::event_rows_to_log, nullptr}}},
      // NULL for the hands stored before: the audit that links them did not run on those.
      {5,
       "root causes (discrepancies.cause_id), hands.money_in_error, hand_event_log.chips",
       {DropView{"hand_events"}, DropView{"v_findings"}, AddColumn{"hands", "money_in_error"},
        AddColumn{"discrepancies", "cause_id"}, AddColumn{"hand_event_log", "chips"}}},
      // The seat details are NULL for the hands stored before (the button and blind checks skip
      // them); a fast-fold hand stored before is not known as one.
      {6,
       "the checks between hands (hand_players sitting_out, stack_unknown and posted blinds; "
       "hands.fast_fold and players_named_by_position; discrepancies.related_hand_id)",
       {DropView{"v_findings"}, AddColumn{"hand_players", "sitting_out"},
        AddColumn{"hand_players", "stack_unknown"}, AddColumn{"hand_players", "posted_small_blind"},
        AddColumn{"hand_players", "posted_big_blind"}, AddColumn{"hand_players", "posted_owed"},
        AddColumn{"discrepancies", "related_hand_id"}, AddColumn{"hands", "fast_fold"},
        AddColumn{"hands", "players_named_by_position"},
        // Bovada names every player by position.
        Sql{"UPDATE hands SET players_named_by_position = 1 WHERE site = 'bovada'"}}},
      {7,
       "files that could not be read are stored (files.status 'unreadable', files.sha256 "
       "NULL); PostgreSQL's hands and discrepancies partitioned by month of play",
       {DropView{"v_file_summary"}, DropView{"v_findings"}, DropView{"v_conflicts"},
        DropView{"v_code_counts"},
        Transform{&lite::files_unreadable, &pg::files_unreadable_and_months}}},
      // NULL for the hands stored before.
      {8,
       "the place a hand prints a player finishing a tournament (hand_players.finish_place)",
       {AddColumn{"hand_players", "finish_place"}}},
      // settled_outside: 0 for the hands stored before. hand_keys is PostgreSQL's (SQLite's
      // hands is unique on (site, site_hand_id) itself).
      {9,
       "tournament summaries (tournaments, tournament_results, tournament_findings); "
       "hand_players.settled_outside; PostgreSQL's hand_keys",
       {CreateTable{"tournaments"}, CreateTable{"tournament_results"},
        CreateTable{"tournament_findings"}, CreateIndex{"idx_tournament_findings"},
        CreateIndex{"idx_hands_tournament"}, AddColumn{"hand_players", "settled_outside"},
        CreateTable{"hand_keys"}, Transform{nullptr, &pg::hand_keys_from_hands}}},
      // The checks between hands read a table's hands in order instead of sorting them; the new
      // index is made by schema_sql().
      {10, "idx_hands_table by (site, table_name, started_at_utc)", {DropIndex{"idx_hands_table"}}},
  };
}

// Schemas 11 to kSchemaVersion.
std::vector<Migration> migrations_from_11() {
  return {
      {11,
       "who a finding blames (discrepancies.blame, tournament_findings.blame; in v_findings "
       "and v_code_counts)",
       {DropView{"v_findings"}, DropView{"v_code_counts"}, AddColumn{"discrepancies", "blame"},
        AddColumn{"tournament_findings", "blame"}}},
      // Empty: what a run of an older build killed before its checks left unchecked is not known.
      {12,
       "pending_checks (the checks between hands owed, db/pending_checks.hpp)",
       {CreateTable{"pending_checks"}}},
      {13, "the view players (each player's hands, net won and hands named by errors)", {}},
      // SQLite's hands are not partitioned: idx_hands_table finds a table's hands.
      {14,
       "PostgreSQL's table_months (the partitions a table's hands are kept under); nothing "
       "on SQLite",
       {CreateTable{"table_months"},
        Sql{"INSERT INTO table_months SELECT DISTINCT site, COALESCE(tournament_id, ''), "
            "table_name, play_month FROM hands WHERE table_name IS NOT NULL ON CONFLICT DO NOTHING",
            Only::Postgres}}},
      {15,
       "reviews (an auditor's mark on a finding, db/reviews.hpp); v_findings' review_status and "
       "review_note",
       {CreateTable{"reviews"}, DropView{"v_findings"}}},
      // 0 for the hands stored before (issue 33 point 18).
      {16,
       "hands.registration_may_be_open (a tournament's places not compared across hands)",
       {AddColumn{"hands", "registration_may_be_open"}}},
      // Empty until the next computation.
      {17,
       "integrity_signals (the signals across hands, docs/integrity.md)",
       {CreateTable{"integrity_signals"}}},
      {18,
       "PostgreSQL's discrepancies without its foreign key to hands (a write's cost); nothing on "
       "SQLite",
       {Sql{"ALTER TABLE discrepancies DROP CONSTRAINT IF EXISTS "
            "discrepancies_hand_id_play_month_fkey",
            Only::Postgres}}},
      // The table holds only what the next computation makes again: made anew, that
      // computation owed.
      {19,
       "integrity_signals.kind also squeeze, tournament_seats, allin_results and deck_frequencies "
       "(the table made anew, empty until the next computation)",
       {DropTable{"integrity_signals"}, CreateTable{"integrity_signals"},
        Sql{"DELETE FROM meta WHERE key = 'integrity_signals_of'"}}},
      // The month partitions made before stay, and their years go on with months.
      {20,
       "PostgreSQL's new partitions of hands and discrepancies a year each (hands_YYYY), "
       "hh_create_partitions; nothing on SQLite",
       {Sql{"DROP FUNCTION IF EXISTS hh_create_month_partitions(date)", Only::Postgres}}},
      // The findings stored before were all read as money: NULL, money, is what they keep.
      {21,
       "the unit of a finding's amounts (discrepancies.amount_unit, "
       "tournament_findings.amount_unit: NULL money, 'count', 'seat'); v_findings.difference "
       "of money only",
       {DropView{"v_findings"}, AddColumn{"discrepancies", "amount_unit"},
        AddColumn{"tournament_findings", "amount_unit"}}},
      {22,
       "PostgreSQL's index of files by path and size (a file read once by one writer and by "
       "digest by another is one row); nothing on SQLite",
       {CreateIndex{"idx_files_path"}}},
      // Empty: the next computation of the signals computes every hand's equity and keeps it.
      {23,
       "allin_equities (each hand's all-in equity, computed once and kept: docs/integrity.md)",
       {CreateTable{"allin_equities"}}},
      // Keys the writer keeps by construction, checked by PostgreSQL a query a row (the write's
      // cost: docs/performance.md); SQLite keeps them.
      {24,
       "PostgreSQL's pot_seats without its foreign key to pots, hands without theirs to files "
       "and discrepancies without theirs to their causes (a write's cost); nothing on SQLite",
       {Sql{kDropForeignKeysOfSchema24, Only::Postgres}}},
  };
}

// The list, checked once: a step a version, in order, up to kSchemaVersion.
std::vector<Migration> checked_migrations() {
  std::vector<Migration> list = migrations_to_10();
  for (Migration& m : migrations_from_11()) list.push_back(std::move(m));
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].version != static_cast<int>(i) + 2)
      throw std::logic_error(fmt::format("migration {} is listed as step {}", list[i].version, i));
  }
  if (list.size() != static_cast<std::size_t>(kSchemaVersion - 1))
    throw std::logic_error("the migrations do not end at kSchemaVersion");
  return list;
}

bool of_dialect(Dialect dialect, const Operation& operation) {
  if (const auto* t = std::get_if<CreateTable>(&operation))
    return in_dialect(table(t->name).only, dialect);
  if (const auto* i = std::get_if<CreateIndex>(&operation))
    return in_dialect(index(i->name).only, dialect);
  if (const auto* s = std::get_if<Sql>(&operation)) return in_dialect(s->only, dialect);
  return true;
}

}  // namespace

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = checked_migrations();
  return list;
}

std::string operation_sql(Dialect dialect, const Operation& operation) {
  if (!of_dialect(dialect, operation)) return {};
  struct Render {
    Dialect d;
    std::string operator()(const CreateTable& t) const { return table_sql(d, t.name); }
    std::string operator()(const DropTable& t) const {
      return fmt::format("DROP TABLE IF EXISTS {};", t.name);
    }
    std::string operator()(const AddColumn& c) const {
      return fmt::format("ALTER TABLE {} ADD COLUMN {};", c.table,
                         column_sql(d, c.table, c.column));
    }
    std::string operator()(const CreateIndex& i) const { return index_sql(i.name); }
    std::string operator()(const DropIndex& i) const {
      return fmt::format("DROP INDEX IF EXISTS {};", i.name);
    }
    std::string operator()(const DropView& v) const {
      return fmt::format("DROP VIEW IF EXISTS {};", v.name);
    }
    std::string operator()(const Sql& s) const { return std::string(s.sql) + ';'; }
    std::string operator()(const Transform&) const { return {}; }
  };
  return std::visit(Render{dialect}, operation);
}

void migrate(MigrationTarget& target, int version) {
  const std::vector<Migration>& list = migrations();
  for (; version > 0 && version < kSchemaVersion; ++version) {
    for (const Operation& operation : list[static_cast<std::size_t>(version - 1)].operations) {
      if (const auto* transform = std::get_if<Transform>(&operation)) {
        target.run(*transform);
        continue;
      }
      // Each column only where it is missing: a table made by this build's DDL (the tests'
      // databases marked older) already has it, and a table still missing is made whole by
      // schema_sql().
      if (const auto* c = std::get_if<AddColumn>(&operation);
          c && (!target.has_table(c->table) || target.has_column(c->table, c->column)))
        continue;
      const std::string sql = operation_sql(target.dialect(), operation);
      if (!sql.empty()) target.exec(sql);
    }
  }
}

}  // namespace hh::db::schema
