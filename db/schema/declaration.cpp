#include "db/schema/declaration.hpp"

#include <fmt/core.h>

#include <stdexcept>

namespace hh::db::schema {

namespace {

// Column order of the required columns follows docs/schema.md so that `SELECT *` reads naturally;
// columns added by a migration come last (an ALTER TABLE adds them there).
using enum Type;

Table meta() {
  return {.name = "meta", .columns = {{"key", Text, "PRIMARY KEY"}, {"value", Text, "NOT NULL"}}};
}

// Schema 12: the checks between hands owed (PendingChecks in db/store.hpp): a row is written with
// the hands that make it due and deleted with the findings of its checks stored again; a run that
// dies between the two leaves it to the next run. Empty once every run has ended. kind 'table':
// site, table_name, tournament_id ('' for a cash game); 'tournament': site, tournament_id,
// table_name ''; 'rake': site, the others ''. writer: 0 on SQLite; on PostgreSQL the backend pid
// of the writer that stored the hands, so that a writer's row is its own (another writer's check
// deletes only the rows committed when it began: one whose hands it cannot see stays).
Table pending_checks() {
  return {.name = "pending_checks",
          .columns = {{"kind", Text, "NOT NULL CHECK (kind IN ('table', 'tournament', 'rake'))"},
                      {"site", Text, "NOT NULL"},
                      {"table_name", Text, "NOT NULL"},
                      {"tournament_id", Text, "NOT NULL"},
                      {"writer", Int, "NOT NULL"}},
          .primary_key = "kind, site, table_name, tournament_id, writer",
          .without_rowid = true};
}

// sha256 is NULL only for a file that could not be read (status 'unreadable'): such a file is
// known by its path (idx_files_unreadable_path), every other by its content. The checks are named
// for PostgreSQL's migration to schema 7, which replaces them.
Table files() {
  return {.name = "files",
          .columns = {{"file_id", Key},
                      {"path", Text, "NOT NULL"},
                      {"sha256", Text, "UNIQUE"},
                      {"bytes", BigInt, "NOT NULL"},
                      {"encoding", Text},
                      {"site", Text},
                      {"hands", Int},
                      {"failed", Int},
                      {"audited_at", Text},
                      {"duplicates", Int},
                      {"conflicts", Int},
                      {"first_seen_at", Text, "NOT NULL"},
                      {"status", Text,
                       "NOT NULL DEFAULT 'audited' CONSTRAINT files_status_check CHECK (status IN "
                       "('audited', 'interrupted', 'unsupported', 'no-hands', 'unreadable'))"},
                      {"note", Text}},
          .constraints = {"CONSTRAINT files_unreadable_check CHECK ((sha256 IS NULL) = (status = "
                          "'unreadable'))"}};
}

constexpr Reference kFile{"files", "file_id"};
// A hand's file: on SQLite only since schema 24 (Reference::only). On PostgreSQL it cost a query a
// hand (0.5 s of the server's 12 s writing 94,274 hands: docs/performance.md); the writer inserts
// a file's row before its hands, and moves them before it deletes a row (finish_file's merge).
constexpr Reference kHandFile{"files", "file_id", false, false, Only::Sqlite};
constexpr Reference kHand{"hands", "hand_id", true};

// A hand. On PostgreSQL its number is kept once whatever its month by hand_keys (the unique key
// here includes play_month, as a partitioned table's must).
Table hands() {
  return {.name = "hands",
          .columns = {{"hand_id", Key},
                      {"site", Text, "NOT NULL"},
                      {"site_hand_id", Text},
                      {"file_id", BigInt, "NOT NULL", kHandFile},
                      {"byte_offset", BigInt, "NOT NULL"},
                      {"line", Int, "NOT NULL"},
                      {"table_name", Text},
                      {"game", Text},
                      {"limit_type", Text},
                      {"currency", Text},
                      {"unit", BigInt, "NOT NULL CHECK (unit > 0)"},
                      {"small_blind", BigInt},
                      {"big_blind", BigInt},
                      {"ante", BigInt},
                      {"started_at_utc", Text},
                      {"seats", Int},
                      {"players_dealt", Int},
                      {"total_pot", BigInt},
                      {"rake", BigInt},
                      {"fees", BigInt, "NOT NULL DEFAULT 0"},
                      {"status", Text, "NOT NULL CHECK (status IN ('ok', 'findings', 'unparsed'))"},
                      {"content_sha256", Text, "NOT NULL"},
                      {"tournament_id", Text},
                      {"button_seat", Int},
                      {"cancelled", Int, "NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1))"},
                      {"total_contributed", BigInt},
                      {"total_collected", BigInt},
                      {"parse_issues", Int, "NOT NULL DEFAULT 0"},
                      {"total_pot_derived", Int,
                       "NOT NULL DEFAULT 0 CHECK (total_pot_derived IN (0, 1))"},
                      {"rake_derived", Int, "NOT NULL DEFAULT 0 CHECK (rake_derived IN (0, 1))"},
                      {"money_in_error", BigInt},
                      {"fast_fold", Int, "NOT NULL DEFAULT 0 CHECK (fast_fold IN (0, 1))"},
                      {"players_named_by_position", Int,
                       "NOT NULL DEFAULT 0 CHECK (players_named_by_position IN (0, 1))"},
                      // Schema 16: a tournament's places are not compared across hands while
                      // registration may be open (Hand::registration_may_be_open).
                      {"registration_may_be_open", Int,
                       "NOT NULL DEFAULT 0 CHECK (registration_may_be_open IN (0, 1))"}},
          .unique = {"site, site_hand_id"},
          .by_month = true};
}

// Every numbered hand's key once (schema 9): the key a partitioned hands cannot hold, since its
// keys must include play_month. Without it a number seen again with another time, so another
// month, would be a second hand where SQLite's store records a conflict. A writer inserts a
// batch's keys here first and the hands only under the keys it took (hand_id is theirs).
Table hand_keys() {
  return {.name = "hand_keys",
          .columns = {{"site", Text, "NOT NULL"},
                      {"site_hand_id", Text, "NOT NULL"},
                      {"hand_id", BigInt, "NOT NULL"},
                      {"play_month", Date, "NOT NULL"}},
          .primary_key = "site, site_hand_id",
          .only = Only::Postgres};
}

// hand_players, pots, hand_event_log and hand_conflicts refer to hands with no foreign key on
// PostgreSQL (Reference): the writer inserts a hand and its rows in one transaction; joins on
// hand_id are the same.
Table hand_players() {
  return {.name = "hand_players",
          .columns = {{"hand_id", BigInt, "NOT NULL", kHand},
                      {"seat", Int, "NOT NULL"},
                      {"player", Text, "NOT NULL"},
                      {"start_stack", BigInt, "NOT NULL"},
                      {"contributed", BigInt, "NOT NULL"},
                      {"collected", BigInt, "NOT NULL"},
                      {"net", BigInt, "NOT NULL"},
                      {"sitting_out", Int, "CHECK (sitting_out IN (0, 1))"},
                      {"stack_unknown", Int, "CHECK (stack_unknown IN (0, 1))"},
                      {"posted_small_blind", Int, "CHECK (posted_small_blind IN (0, 1))"},
                      {"posted_big_blind", Int, "CHECK (posted_big_blind IN (0, 1))"},
                      {"posted_owed", Int, "CHECK (posted_owed IN (0, 1))"},
                      {"finish_place", Int, "CHECK (finish_place > 0)"},
                      {"settled_outside", BigInt, "NOT NULL DEFAULT 0"}},
          .primary_key = "hand_id, seat",
          .without_rowid = true};
}

Table pots() {
  return {.name = "pots",
          .columns = {{"hand_id", BigInt, "NOT NULL", kHand},
                      {"pot_index", Int, "NOT NULL"},
                      {"amount", BigInt, "NOT NULL"},
                      {"rake", BigInt, "NOT NULL"},
                      {"reported_amount", BigInt}},
          .primary_key = "hand_id, pot_index",
          .without_rowid = true};
}

Table pot_seats() {
  return {.name = "pot_seats",
          .columns = {{"hand_id", BigInt, "NOT NULL"},
                      {"pot_index", Int, "NOT NULL"},
                      {"seat", Int, "NOT NULL"},
                      {"role", Text, "NOT NULL CHECK (role IN ('eligible', 'winner'))"}},
          .primary_key = "hand_id, pot_index, role, seat",
          // SQLite only since schema 24: on PostgreSQL a query a seat, 1.1 s of the server's
          // 12 s writing 94,274 hands (docs/performance.md); the writer inserts a pot and its
          // seats in one transaction and deletes neither.
          .constraints = {{"FOREIGN KEY (hand_id, pot_index) REFERENCES pots(hand_id, pot_index) "
                           "ON DELETE CASCADE",
                           Only::Sqlite}},
          .without_rowid = true};
}

constexpr std::string_view kBlameComment =
    "'site': the finding charges the site; 'hhaudit': hhaudit could not read or judge (a gap, a "
    "check held back). From the code (model/finding_codes.hpp); only the site's count against it.";

// Schema 21: the unit of a finding's expected and actual (model/finding_amount.hpp): NULL for
// money (minor units of the hand's unit), 'count' (pots, places) or 'seat' (a seat number). No
// comment in the DDL: a comment above a table's last column breaks SQLite's DROP COLUMN of it.
constexpr std::string_view kAmountUnitCheck = "CHECK (amount_unit IN ('count', 'seat'))";

// A finding of a hand, partitioned on PostgreSQL as hands, by its hand's month. The other hand of
// a finding between two hands (related_hand_id) may be of another month: no foreign key there.
// Nor to its own hand on PostgreSQL (schema 18): checked a row at a time through the partitioned
// hands, it cost 0.2 ms a finding, most of a batch's time; the writer inserts a hand and its
// findings in one transaction, and a finding between hands only for hands it read.
Table discrepancies() {
  return {
      .name = "discrepancies",
      .columns =
          {{"discrepancy_id", Key},
           {"hand_id", BigInt, "NOT NULL", {"hands", "hand_id", true}},
           {"code", Text, "NOT NULL"},
           {"severity", Text, "NOT NULL CHECK (severity IN ('info', 'warning', 'error'))"},
           {"blame", Blame, "", {}, kBlameComment},
           {"street", Text},
           {"seat", Int},
           {"player", Text},
           {"expected", BigInt},
           {"actual", BigInt},
           {"message", Text, "NOT NULL"},
           {"line", Int},
           // SQLite only since schema 24 (Reference::only): on PostgreSQL a query a row
           // inserted with a cause and a row deleted (36 us each: a table's check
           // replacing its findings between hands paid it for every one); a finding's
           // cause is in the same COPY as it, and causes are a hand's own findings, which no
           // check between hands deletes.
           {"cause_id", BigInt, "", {"discrepancies", "discrepancy_id", false, true, Only::Sqlite}},
           {"related_hand_id", BigInt, "", {"hands", "hand_id"}},
           {"amount_unit", Text, kAmountUnitCheck}},
      .by_month = true};
}

// What happened in a parsed hand, line by line (chat and other money-neutral lines left out):
// what `hhaudit explain` replays. One row a hand, its events as one JSON array of arrays
// [street, kind, seat, amount, to_amount, line, all_in, cards, board], the last three left out
// when absent (one INSERT a hand instead of one a line: docs/performance.md); the view
// hand_events reads them as rows. `chips`: one [stack, pot] (or null) an event, the event's
// seat's stack and the pot after it as the audit's replay booked them; NULL for a hand with none
// and for hands stored before schema 5.
Table hand_event_log() {
  return {.name = "hand_event_log",
          .columns = {{"hand_id", BigInt, "PRIMARY KEY", kHand},
                      {"events", Json, "NOT NULL"},
                      {"chips", Json}}};
}

Table hand_conflicts() {
  return {.name = "hand_conflicts",
          .columns = {{"conflict_id", Key},
                      {"site", Text, "NOT NULL"},
                      {"site_hand_id", Text},
                      {"existing_hand_id", BigInt, "NOT NULL", {"hands", "hand_id"}},
                      {"file_id", BigInt, "NOT NULL", kFile},
                      {"byte_offset", BigInt, "NOT NULL"},
                      {"line", Int, "NOT NULL"},
                      {"content_sha256", Text, "NOT NULL"},
                      {"recorded_at", Text, "NOT NULL"}}};
}

constexpr Reference kTournament{"tournaments", "tournament_row_id", true};

// Schema 9: tournament summaries (docs/schema.md).
Table tournaments() {
  return {.name = "tournaments",
          .columns = {{"tournament_row_id", Key},
                      {"site", Text, "NOT NULL"},
                      {"tournament_id", Text},
                      {"file_id", BigInt, "NOT NULL", kFile},
                      {"line", Int, "NOT NULL"},
                      {"game", Text},
                      {"currency", Text},
                      {"unit", Int, "NOT NULL CHECK (unit > 0)"},
                      {"buy_in", BigInt},
                      {"bounty", BigInt},
                      {"fee", BigInt},
                      {"entrants", BigInt},
                      {"prize_pool", BigInt},
                      {"guarantee", BigInt},
                      {"starting_chips", BigInt},
                      {"rebuys", Int, "NOT NULL CHECK (rebuys IN (0, 1))"},
                      {"finished", Int, "NOT NULL CHECK (finished IN (0, 1))"},
                      {"started_at", Text},
                      {"ended_at", Text},
                      {"status", Text, "NOT NULL CHECK (status IN ('ok', 'findings', 'unparsed'))"},
                      {"content_sha256", Text, "NOT NULL"}},
          .unique = {"site, tournament_id"}};
}

Table tournament_results() {
  return {.name = "tournament_results",
          .columns = {{"tournament_row_id", BigInt, "NOT NULL", kTournament},
                      {"result_index", BigInt, "NOT NULL"},
                      {"place", Int, "CHECK (place > 0)"},
                      {"player", Text, "NOT NULL"},
                      {"country", Text},
                      {"prize", BigInt},
                      {"prize_text", Text},
                      {"line", Int, "NOT NULL"}},
          .primary_key = "tournament_row_id, result_index",
          .without_rowid = true};
}

Table tournament_findings() {
  return {
      .name = "tournament_findings",
      .columns = {{"tournament_finding_id", Key},
                  {"tournament_row_id", BigInt, "NOT NULL", kTournament},
                  {"code", Text, "NOT NULL"},
                  {"severity", Text, "NOT NULL CHECK (severity IN ('info', 'warning', 'error'))"},
                  {"blame", Blame},
                  {"player", Text},
                  {"expected", BigInt},
                  {"actual", BigInt},
                  {"message", Text, "NOT NULL"},
                  {"line", Int},
                  {"amount_unit", Text, kAmountUnitCheck}}};
}

// Schema 14: the months (partitions) each table's hands are kept under, so that the checks
// between hands of a table or a tournament read and replace its rows in those partitions only,
// by index, whatever other months hold (docs/scale-out.md). A writer adds the months of its new
// hands' tables in their transaction, in key order. tournament_id '' for a cash game's table.
// SQLite's hands are not partitioned: idx_hands_table finds a table's hands.
Table table_months() {
  return {.name = "table_months",
          .columns = {{"site", Text, "NOT NULL"},
                      {"tournament_id", Text, "NOT NULL"},
                      {"table_name", Text, "NOT NULL"},
                      {"play_month", Date, "NOT NULL"}},
          .primary_key = "site, tournament_id, table_name, play_month",
          .only = Only::Postgres};
}

// An auditor's mark on a finding (schema 15, db/reviews.hpp): keyed by what survives re-audits
// (the hand's identity, the finding's code, player and street, '' for none), never by a row id.
Table reviews() {
  return {
      .name = "reviews",
      .columns = {{"site", Text, "NOT NULL"},
                  {"site_hand_id", Text, "NOT NULL"},
                  {"code", Text, "NOT NULL"},
                  {"player", Text, "NOT NULL"},
                  {"street", Text, "NOT NULL"},
                  {"status", Text, "NOT NULL CHECK (status IN ('open', 'confirmed', 'dismissed'))"},
                  {"note", Text, "NOT NULL"},
                  {"reviewed_by", Text, "NOT NULL"},
                  {"reviewed_at", Text, "NOT NULL"}},
      .primary_key = "site, site_hand_id, code, player, street"};
}

// The signals across hands (schema 17; kinds squeeze and tournament_seats 19, docs/integrity.md),
// replaced as a whole by each computation over the whole database. player_a, player_b: the pair
// (NULL for a rake signal); hand_ids: the supporting hands' hand_id, comma-joined; amount in minor
// units of currency (NULL when the hands mix currencies).
Table integrity_signals() {
  return {.name = "integrity_signals",
          .columns = {{"signal_id", Key},
                      {"kind", Text,
                       "NOT NULL CHECK (kind IN ('chip_dumping', 'seats_together', 'soft_play', "
                       "'rake_above_table_max', 'squeeze', 'tournament_seats', 'allin_results', "
                       "'deck_frequencies'))"},
                      {"site", Text, "NOT NULL"},
                      {"player_a", Text},
                      {"player_b", Text},
                      {"score", Real, "NOT NULL"},
                      {"threshold", Real, "NOT NULL"},
                      {"statistic", Text, "NOT NULL"},
                      {"amount", BigInt},
                      {"currency", Text},
                      {"explanation", Text, "NOT NULL"},
                      {"hands", Int, "NOT NULL"},
                      {"hand_ids", Text, "NOT NULL"},
                      {"computed_at", Text, "NOT NULL"}}};
}

// The all-in equity of each hand the signals across hands read (schema 23, docs/integrity.md): a
// fact of the hand, computed once by the first computation that meets the hand and kept. A row a
// live player of an evaluated all-in (share 0, 1, ... in seat order), or one row with no player
// for a hand of another reading, so that it is not evaluated again. No reference to hands: a row
// of a hand gone is not joined.
Table allin_equities() {
  return {.name = "allin_equities",
          .columns = {{"hand_id", BigInt, "NOT NULL"},
                      {"share", Int, "NOT NULL"},
                      {"reading", Text,
                       "NOT NULL CHECK (reading IN ('not_all_in', 'not_evaluated', "
                       "'cards_unknown', 'evaluated'))"},
                      {"sampled", Int, "NOT NULL"},
                      {"boards", Int, "NOT NULL"},
                      {"player", Text},
                      {"equity", Real},
                      {"variance", Real},
                      {"won", Real},
                      {"pot_big_blinds", Real}},
          .primary_key = "hand_id, share",
          .without_rowid = true};
}

}  // namespace

const std::vector<Table>& tables() {
  static const std::vector<Table> all = {meta(),
                                         pending_checks(),
                                         files(),
                                         hands(),
                                         hand_keys(),
                                         hand_players(),
                                         pots(),
                                         pot_seats(),
                                         discrepancies(),
                                         hand_event_log(),
                                         hand_conflicts(),
                                         tournaments(),
                                         tournament_results(),
                                         tournament_findings(),
                                         table_months(),
                                         reviews(),
                                         integrity_signals(),
                                         allin_equities()};
  return all;
}

const std::vector<Index>& indexes() {
  static const std::vector<Index> all = {
      {"idx_files_unreadable_path", "files", "path", true, "sha256 IS NULL"},
      // The rows of a path and size: a writer's registration of a file read once looks for one
      // another writer registered by digest (PostgreSQL's begin_file): schema 22.
      {"idx_files_path", "files", "path, bytes", false, "", Only::Postgres},
      // A hand whose number could not be read is the same hand when its text is (SQLite's store
      // looks it up; here the index makes it hold for concurrent writers too).
      {"idx_hands_unidentified", "hands", "site, content_sha256, play_month", true,
       "site_hand_id IS NULL", Only::Postgres},
      {"idx_discrepancies_code", "discrepancies", "code"},
      {"idx_discrepancies_hand", "discrepancies", "hand_id"},
      {"idx_discrepancies_cause", "discrepancies", "cause_id"},
      {"idx_hands_file", "hands", "file_id"},
      {"idx_hands_content", "hands", "content_sha256"},
      {"idx_conflicts_hand", "hand_conflicts", "existing_hand_id"},
      // A table's hands in the order of play (the checks between hands read them so): schema 10.
      {"idx_hands_table", "hands", "site, table_name, started_at_utc"},
      {"idx_tournament_findings", "tournament_findings", "tournament_row_id"},
      {"idx_hands_tournament", "hands", "site, tournament_id"},
  };
  return all;
}

namespace {

// A pot with its seats comma-joined in seat order ('' for none), as schema 1 stored them.
constexpr std::string_view kSqlitePots = R"sql(SELECT p.hand_id,
       p.pot_index,
       p.amount,
       p.rake,
       COALESCE((SELECT group_concat(seat, ',') FROM
                   (SELECT s.seat FROM pot_seats s WHERE s.hand_id = p.hand_id AND
                    s.pot_index = p.pot_index AND s.role = 'eligible' ORDER BY s.seat)), '')
         AS eligible,
       COALESCE((SELECT group_concat(seat, ',') FROM
                   (SELECT s.seat FROM pot_seats s WHERE s.hand_id = p.hand_id AND
                    s.pot_index = p.pot_index AND s.role = 'winner' ORDER BY s.seat)), '')
         AS winners,
       p.reported_amount
FROM pots p)sql";
constexpr std::string_view kPostgresPots = R"sql(SELECT p.hand_id,
       p.pot_index,
       p.amount,
       p.rake,
       COALESCE((SELECT string_agg(s.seat::text, ',' ORDER BY s.seat) FROM pot_seats s
                 WHERE s.hand_id = p.hand_id AND s.pot_index = p.pot_index AND
                 s.role = 'eligible'), '') AS eligible,
       COALESCE((SELECT string_agg(s.seat::text, ',' ORDER BY s.seat) FROM pot_seats s
                 WHERE s.hand_id = p.hand_id AND s.pot_index = p.pot_index AND
                 s.role = 'winner'), '') AS winners,
       p.reported_amount
FROM pots p)sql";

// hand_event_log as one row an event. Amounts in the hand's minor units, as everywhere.
constexpr std::string_view kSqliteHandEvents = R"sql(SELECT l.hand_id,
       e.key + 1 AS seq,
       e.value ->> 0 AS street,
       e.value ->> 2 AS seat,
       e.value ->> 1 AS kind,
       e.value ->> 3 AS amount,
       e.value ->> 4 AS to_amount,
       COALESCE(e.value ->> 6, 0) AS all_in,
       e.value ->> 7 AS cards,
       e.value ->> 8 AS board,
       e.value ->> 5 AS line,
       json_extract(l.chips, '$[' || e.key || '][0]') AS stack_after,
       json_extract(l.chips, '$[' || e.key || '][1]') AS pot_after
FROM hand_event_log l, json_each(l.events) e)sql";
constexpr std::string_view kPostgresHandEvents = R"sql(SELECT l.hand_id,
       e.seq,
       e.value ->> 0 AS street,
       (e.value ->> 2)::integer AS seat,
       e.value ->> 1 AS kind,
       (e.value ->> 3)::bigint AS amount,
       (e.value ->> 4)::bigint AS to_amount,
       COALESCE((e.value ->> 6)::integer, 0) AS all_in,
       e.value ->> 7 AS cards,
       (e.value ->> 8)::integer AS board,
       (e.value ->> 5)::integer AS line,
       (l.chips -> (e.seq::integer - 1) ->> 0)::bigint AS stack_after,
       (l.chips -> (e.seq::integer - 1) ->> 1)::bigint AS pot_after
FROM hand_event_log l, json_array_elements(l.events) WITH ORDINALITY AS e(value, seq))sql";

constexpr std::string_view kSqliteFileSummary = R"sql(SELECT f.file_id,
       f.path,
       f.site,
       f.status,
       f.hands,
       f.failed,
       f.duplicates,
       f.conflicts,
       COUNT(h.hand_id) AS hands_stored,
       COALESCE(SUM(h.status = 'ok'), 0) AS hands_ok,
       COALESCE(SUM(h.status = 'findings'), 0) AS hands_with_findings,
       COALESCE(SUM(h.status = 'unparsed'), 0) AS hands_unparsed,
       f.audited_at
FROM files f
LEFT JOIN hands h ON h.file_id = f.file_id
GROUP BY f.file_id)sql";
constexpr std::string_view kPostgresFileSummary = R"sql(SELECT f.file_id,
       f.path,
       f.site,
       f.status,
       f.hands,
       f.failed,
       f.duplicates,
       f.conflicts,
       COUNT(h.hand_id) AS hands_stored,
       COUNT(*) FILTER (WHERE h.status = 'ok') AS hands_ok,
       COUNT(*) FILTER (WHERE h.status = 'findings') AS hands_with_findings,
       COUNT(*) FILTER (WHERE h.status = 'unparsed') AS hands_unparsed,
       f.audited_at
FROM files f
LEFT JOIN hands h ON h.file_id = f.file_id
GROUP BY f.file_id)sql";

}  // namespace

const std::vector<DialectView>& dialect_views() {
  static const std::vector<DialectView> all = {
      {"v_pots", kSqlitePots, kPostgresPots},
      {"hand_events", kSqliteHandEvents, kPostgresHandEvents},
      {"v_file_summary", kSqliteFileSummary, kPostgresFileSummary},
  };
  return all;
}

std::string_view postgres_functions_sql() {
  // The month of play a hand is kept under: the first day of the month of its started_at_utc, and
  // -infinity for a hand with no time. hands and discrepancies are partitioned by it (RANGE; the
  // DEFAULT partition *_undated holds the hands with no time): a query of some months reads their
  // partitions only, and a year is dropped or archived as one table (docs/scale-out.md).
  // hh_create_partitions(month) makes the partitions that will hold `month`, if missing: since
  // schema 19 one a year (hands_YYYY, discrepancies_YYYY), since every partition costs its
  // creation and a share of the planning of every statement over the table (a corpus of 25 years
  // made 300 month partitions, 6 s of the run). A year a database of schema 7-18 had begun
  // with month partitions (hands_YYYY_MM) goes on with months: partitions may not overlap.
  // Writers call it under an advisory lock (two writers may meet a new year at once).
  return R"sql(
CREATE OR REPLACE FUNCTION hh_play_month(started_at_utc text) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$SELECT CASE WHEN started_at_utc ~ '^[0-9]{4}-[0-9]{2}-'
              THEN make_date(substr(started_at_utc, 1, 4)::integer,
                             substr(started_at_utc, 6, 2)::integer, 1)
              ELSE '-infinity'::date END$$;

CREATE OR REPLACE FUNCTION hh_partition_of(month date) RETURNS regclass
  LANGUAGE sql STABLE AS
$$SELECT COALESCE(to_regclass('hands_' || to_char(month, 'YYYY')),
                  to_regclass('hands_' || to_char(month, 'YYYY_MM')))$$;

CREATE OR REPLACE FUNCTION hh_create_partitions(month date) RETURNS void
  LANGUAGE plpgsql AS
$$DECLARE
  year_start date := date_trunc('year', month)::date;
  by_month boolean := EXISTS (
    SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'hands'::regclass
      AND c.relname ~ ('^hands_' || to_char(month, 'YYYY') || '_[0-9]{2}$'));
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hands', 'discrepancies'] LOOP
    IF by_month THEN
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     t || '_' || to_char(month, 'YYYY_MM'), t, month,
                     (month + interval '1 month')::date);
    ELSE
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                     t || '_' || to_char(month, 'YYYY'), t, year_start,
                     (year_start + interval '1 year')::date);
    END IF;
  END LOOP;
END$$;
)sql";
}

const Table& table(std::string_view name) {
  for (const Table& t : tables())
    if (t.name == name) return t;
  throw std::logic_error(fmt::format("the schema declares no table {}", name));
}

const Index& index(std::string_view name) {
  for (const Index& i : indexes())
    if (i.name == name) return i;
  throw std::logic_error(fmt::format("the schema declares no index {}", name));
}

}  // namespace hh::db::schema
