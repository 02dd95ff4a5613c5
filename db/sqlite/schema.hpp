// The SQLite schema of an audit database (docs/schema.md describes every table), versioned, with
// the migrations that bring an older database to this build's version.
#pragma once

#include <string_view>

#include "db/sqlite/database.hpp"

namespace hh::db::sqlite {

// Bumped whenever a table, column or view changes meaning; stored in meta(schema_version).
// 1: the first schema. 2: files.status and files.note (files recorded unread), pot seats as rows
// (pot_seats, v_pots), site "pacific" named "888poker". 3: hand_events (explain's replay).
// 4: a hand's events stored as one hand_event_log row, hand_events a view of them.
// 5: root causes (discrepancies.cause_id), hands.money_in_error, hand_event_log.chips.
// 6: the checks between hands (hand_players sitting_out, stack_unknown and posted blinds;
// hands.fast_fold and players_named_by_position; discrepancies.related_hand_id).
// 7: files that could not be read are stored (files.status 'unreadable', files.sha256 NULL).
// 8: the place a hand prints a player finishing a tournament (hand_players.finish_place).
// 9: tournament summaries (tournaments, tournament_results, tournament_findings);
// hand_players.settled_outside (money paid or received beside the pot); PostgreSQL's hand_keys
// (a number stored once whatever its month).
// 10: idx_hands_table by (site, table_name, started_at_utc).
// 11: who a finding blames (discrepancies.blame, tournament_findings.blame; in v_findings and
// v_code_counts).
// 12: pending_checks (the checks between hands owed, db/pending_checks.hpp).
// 13: the view players (each player's hands, net won and hands named by errors, per currency).
// 14: PostgreSQL's table_months (the partitions a table's hands are kept under); nothing on SQLite.
// 15: reviews (an auditor's mark on a finding, db/reviews.hpp); v_findings' review_status and
// review_note.
// 16: hands.registration_may_be_open (a tournament's places not compared across hands).
// 17: integrity_signals (the signals across hands, docs/integrity.md).
inline constexpr int kSchemaVersion = 17;

// The DDL (tables, indexes, views) of kSchemaVersion, every statement guarded with IF NOT EXISTS.
std::string_view schema_sql();

// The secondary indexes a load into a database without hands builds once at its end instead of
// row by row (docs/performance.md): kept out of the way by drop_bulk_load_indexes(), made again,
// as schema_sql() defines them, by create_missing_indexes() (all of them), or
// create_missing_hand_indexes() (those of hands: what the checks between hands read by, before
// they write their findings). Not the unique keys (they decide duplicates) nor the indexes the
// writer reads by while loading (hand_conflicts by hand).
void drop_bulk_load_indexes(Database& db);
void create_missing_hand_indexes(Database& db);
void create_missing_indexes(Database& db);

// Sets the connection pragmas (WAL, synchronous=NORMAL, foreign_keys=ON), creates missing tables,
// indexes and views, migrates an older database to kSchemaVersion (in one transaction: on a
// failure the file is left as it was) and records schema_version. Throws if the database has a
// version this build does not know.
void apply_schema(Database& db);

// The schema_version a database records; 0 for a database without one (new or empty).
int schema_version(Database& db);

}  // namespace hh::db::sqlite
