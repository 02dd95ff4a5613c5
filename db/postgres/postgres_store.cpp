#include "db/postgres/postgres_store.hpp"

#include <fmt/core.h>
#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "db/file_rows.hpp"
#include "db/hand_order.hpp"
#include "db/hand_row.hpp"
#include "db/integrity_rows.hpp"
#include "db/pending_checks.hpp"
#include "db/postgres/connection.hpp"
#include "db/postgres/schema.hpp"
#include "db/rake_rows.hpp"
#include "db/reviews.hpp"
#include "db/session_rows.hpp"
#include "db/tournament_rows.hpp"

namespace hh::db {

using postgres::Connection;
using postgres::Params;
using postgres::Result;
using postgres::ServerError;

namespace {

// Findings held for one COPY by a scope's check (replace_findings) (a few hundred bytes each): few
// enough to bound its memory, enough that a COPY's round trips cost little a row.
constexpr std::size_t kSessionFindingsPerCopy = 4096;

// A row of a seated_hands_sql() result as add_session_row() reads it.
struct SeatedRow {
  const postgres::Result& r;
  int i;
  bool is_null(int col) const { return r.is_null(i, col); }
  std::int64_t int64(int col) const { return r.is_null(i, col) ? 0 : r.int64(i, col); }
  std::string text(int col) const { return r.text(i, col); }
  // float8's text is the shortest that reads back as the same double (extra_float_digits >= 1,
  // the default since PostgreSQL 12): strtod gives it back exactly.
  double real(int col) const { return std::strtod(r.text(i, col).c_str(), nullptr); }
};

// The columns of hands a writer fills, in the order of the staging COPY.
constexpr std::string_view kHandColumns =
    "site, site_hand_id, file_id, byte_offset, line, table_name, game, limit_type, currency, "
    "unit, small_blind, big_blind, ante, started_at_utc, seats, players_dealt, total_pot, rake, "
    "fees, status, content_sha256, tournament_id, button_seat, cancelled, total_contributed, "
    "total_collected, parse_issues, total_pot_derived, rake_derived, money_in_error, fast_fold, "
    "players_named_by_position, registration_may_be_open";

std::string text(std::string_view s) { return std::string(s); }
std::optional<std::string> text_or_null(std::string_view s) {
  if (s.empty()) return std::nullopt;
  return std::string(s);
}

void copy_text_or_null(std::string& out, std::string_view v, bool last = false) {
  if (v.empty()) {
    postgres::copy_null(out, last);
  } else {
    postgres::copy_field(out, v, last);
  }
}
void copy_int_or_null(std::string& out, std::optional<std::int64_t> v, bool last = false) {
  if (v) {
    postgres::copy_field(out, static_cast<long long>(*v), last);
  } else {
    postgres::copy_null(out, last);
  }
}
void copy_int(std::string& out, std::int64_t v, bool last = false) {
  postgres::copy_field(out, static_cast<long long>(v), last);
}

// The month a hand is kept under as hh_play_month() gives it from its started_at_utc (`time`: it
// or its first ten characters): "2024-06-01", or "-infinity" for a hand with no time.
std::string play_month_of(std::string_view time) {
  const auto digits = [&](std::size_t from, std::size_t n) {
    return std::all_of(time.begin() + static_cast<std::ptrdiff_t>(from),
                       time.begin() + static_cast<std::ptrdiff_t>(from + n),
                       [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (time.size() >= 8 && digits(0, 4) && time[4] == '-' && digits(5, 2) && time[7] == '-')
    return std::string(time.substr(0, 7)) + "-01";
  return "-infinity";
}

// `months` as a date[] literal ("{2024-05-01,2024-06-01}").
std::string months_literal(const std::set<std::string>& months) {
  std::string out = "{";
  for (const std::string& m : months) out += (out.size() > 1 ? "," : "") + m;
  return out + "}";
}

// Writers storing or re-checking the same tournament wait for each other (until the
// transaction ends).
const std::string kTournamentLockSql =
    fmt::format("SELECT pg_advisory_xact_lock({}, hashtext($1 || '/' || $2))",
                postgres::kTournamentLockNamespace);
void lock_tournament(postgres::Connection& c, const TournamentKey& key) {
  c.exec(kTournamentLockSql, {key.site, key.tournament_id});
}

// An array literal of ids ("{1,2,3}"), a parameter's text.
std::string id_array(const std::vector<std::int64_t>& ids) {
  std::string out = "{";
  for (const std::int64_t id : ids) {
    if (out.size() > 1) out += ',';
    out += std::to_string(id);
  }
  out += '}';
  return out;
}

// A table's lock (site, table name, tournament number as $1, $2, $3).
const std::string kSessionLockSql =
    fmt::format("SELECT pg_advisory_xact_lock({}, hashtext($1 || '/' || $2 || '/' || $3))",
                postgres::kSessionLockNamespace);

}  // namespace

struct PostgresStore::Impl {
  struct FileCounts {
    int duplicates{0};
    int conflicts{0};
  };

  Connection c;
  OpenMode mode;
  std::unordered_map<std::int64_t, FileCounts> counts;
  // COPY buffers, kept to reuse their allocations.
  std::string stage, players, pots, pot_seats, findings, events;
  PreparedRows own_rows;  // a hand's rows made here when not given (kept to reuse its buffers)
  // The discrepancy_ids of the batch's findings, taken from the table's sequence before the COPY
  // (next_finding_id the first unused): a finding's cause_id is in the same COPY row as it, also
  // when the cause comes later in the hand (SQLite's store updates the rows afterwards instead).
  std::vector<std::int64_t> finding_ids;
  std::size_t next_finding_id{0};
  // The months (play_month) of the hands a check between hands read, by hand_id: where its
  // findings go.
  std::unordered_map<std::int64_t, std::string> hand_months;

  // Deadlocks and serialization failures the server aborted a transaction of this store for,
  // each retried whole (write()).
  long retries{0};
  // How many hands add_batches takes in one transaction at most (grouped_hands).
  int batch_hands{Store::kDefaultBatchHands};
  std::string conninfo;  // what checkers_beside connect to

  // A write transaction: body() in a transaction, run again whole when the server aborts it for
  // a deadlock or a serialization failure (postgres::retried_transaction; body() is restartable).
  template <class F>
  void write(F&& body) {
    postgres::retried_transaction(c, "BEGIN", std::forward<F>(body), retries);
  }

  void require_writer() const {
    if (mode != OpenMode::Write) throw std::runtime_error(c.name() + " is open read-only");
  }

  // The reads of this build know the current schema only (raw SQL through query() reads any).
  void require_current_schema() {
    const int version = postgres::schema_version(c);
    if (version != schema::kSchemaVersion)
      throw std::runtime_error(fmt::format(
          "{} has schema_version {}, this build reads {}: `hhaudit audit` with it creates or "
          "migrates it",
          c.name(), version, schema::kSchemaVersion));
  }

  // A read: a READ ONLY transaction, so a read can never change anything whatever its SQL.
  template <class F>
  void read(F&& body) {
    postgres::in_transaction(c, "BEGIN TRANSACTION READ ONLY", std::forward<F>(body));
  }

  // Takes the file for this session: false if another writer is auditing it now.
  bool claim(std::int64_t file_id) {
    return c.exec(fmt::format("SELECT pg_try_advisory_lock({}, {})", postgres::kFileLockNamespace,
                              file_id))
               .text(0, 0) == "t";
  }
  void release(std::int64_t file_id) {
    c.exec(fmt::format("SELECT pg_advisory_unlock({}, {})", postgres::kFileLockNamespace, file_id));
  }

  // The partitions of the months of the staged hands that have none yet (a year each,
  // hh_create_partitions()), made before the hands are inserted (a hand of a month with no
  // partition would land in the default partition, which must hold only hands with no time).
  // Under an advisory lock held to the commit, taken only when a partition is missing, so that
  // two writers meeting a new year make it once; writers whose months have their partitions take
  // none. Two statements, pipelined with the inserts: the second, run once the first has the lock,
  // sees what the writer that held it made.
  static std::vector<postgres::Statement> partition_statements() {
    constexpr std::string_view kMissing =
        "SELECT m FROM (SELECT DISTINCT play_month AS m FROM stage_hands) "
        "months WHERE m <> '-infinity' AND hh_partition_of(m) IS NULL";
    return {
        {fmt::format("SELECT pg_advisory_xact_lock({}, {}) FROM ({} LIMIT 1) missing",
                     postgres::kLockNamespace, postgres::kPartitionLockKey, kMissing),
         {}},
        {fmt::format("SELECT hh_create_partitions(m) FROM ({} ORDER BY m) missing", kMissing), {}}};
  }

  // The checks new hands or a summary make due (pending_checks), in the caller's transaction, as
  // rows of this writer (its backend's pid), in one order for every writer. A row of the same
  // check another writer is deleting (its check, under way) is written once that check ends.
  // One statement a few thousand rows (a batch's tables: one round trip, not one a table).
  void record_checks(const PendingChecks& due) { c.exec_pipelined(record_checks_statements(due)); }
  // record_checks' statements (pipelined with others).
  static std::vector<postgres::Statement> record_checks_statements(const PendingChecks& due) {
    constexpr std::size_t kRowsPerStatement = 4096;  // 4 parameters a row, at most 65,535
    const std::vector<PendingCheckRow> rows = pending_check_rows(due);
    std::vector<postgres::Statement> out;
    for (std::size_t first = 0; first < rows.size(); first += kRowsPerStatement) {
      const std::size_t n = std::min(kRowsPerStatement, rows.size() - first);
      Params params;
      params.reserve(4 * n);
      for (std::size_t k = first; k < first + n; ++k)
        for (std::optional<std::string>& p : check_params(rows[k])) params.push_back(std::move(p));
      out.push_back({record_pending_checks_sql('$', "pg_backend_pid()", n), std::move(params)});
    }
    return out;
  }

  // A check under way, in its transaction, under its lock, before it reads what it checks: the
  // rows of the check committed by then go (a writer's row committed later stays: its hands may
  // not be among those read).
  void check_done(const PendingCheckRow& row) {
    c.exec(clear_pending_check_sql('$'), check_params(row));
  }

  static Params check_params(const PendingCheckRow& row) {
    return {std::string(row.kind), row.site, row.table_name, row.tournament_id};
  }

  // The files row of `key` for begin_file, and whether this call inserted it (else it is an
  // earlier run's or another writer's). Between an INSERT that meets another writer's row and the
  // look-up of it, that writer's finish_file may give the row its digest (for a pending key) or
  // merge it into another row of the same content: the key is then free, and is inserted again.
  // Until finish_file, a file is 'interrupted': a run that dies leaves it so.
  // `{}`: a further condition of the insert (claim_file_row), or nothing.
  static constexpr std::string_view kInsertFileSql =
      "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, status) "
      "SELECT $1, $2, $3::bigint, $4, $5, " HH_PG_NOW
      ", 'interrupted' WHERE true{} "
      "ON CONFLICT (sha256) DO NOTHING RETURNING file_id";
  static Params insert_file_params(const FileRecord& f, const std::string& key) {
    return {text(f.path), text(key), std::to_string(f.bytes), text_or_null(f.encoding),
            text_or_null(f.site)};
  }
  std::pair<std::int64_t, bool> file_row(const FileRecord& f, const std::string& key) {
    constexpr int kAttempts = 4;
    for (int attempt = 1;; ++attempt) {
      Result inserted = c.exec(fmt::format(kInsertFileSql, ""), insert_file_params(f, key));
      if (inserted.rows() == 1) return {inserted.int64(0, 0), true};
      Result found = c.exec("SELECT file_id FROM files WHERE sha256 = $1", {text(key)});
      if (found.rows() == 1) return {found.int64(0, 0), false};
      if (attempt == kAttempts) throw std::runtime_error("begin_file: no file with sha256 " + key);
    }
  }

  // Read now (or recorded unread with its content): no longer unreadable.
  static constexpr std::string_view kForgetUnreadableSql =
      "DELETE FROM files WHERE path = $1 AND sha256 IS NULL";
  void forget_unreadable_at(const std::string& path) { c.exec(kForgetUnreadableSql, {path}); }

  // The rows at a path (parameter `path`) and size (`bytes`) known by their digest, not a pending
  // key: a file another writer registered by digest, or recorded unread.
  static std::string known_by_digest_sql(int path, int bytes) {
    return fmt::format(
        "SELECT 1 FROM files t WHERE t.path = ${} AND t.bytes = ${}::bigint AND t.sha256 IS NOT "
        "NULL AND t.sha256 NOT LIKE 'pending:%'",
        path, bytes);
  }

  // What begin_file does first, in one round trip: under the lock of the file's path (to the
  // commit, docs/scale-out.md class 0), one transaction of forget_unreadable_at, the pending row's
  // digest (`adopt_pending`, for a file read with its digest) and file_row's INSERT; then the
  // claim of the row of `key`. The row's id, whether this inserted it and whether it is claimed;
  // nothing when the row of `key` was gone by the claim (another writer's finish_file moved it:
  // file_row looks again), or, with `refuse_known` (a pending key), when a row at the path and
  // size is known by its digest (`known`): the file is then to be known by its digest too, or two
  // writers would audit it under two rows. The path's lock makes that look-up and another
  // writer's registration by digest (its adopt_pending) one after the other.
  struct FileClaim {
    std::int64_t id;
    bool inserted;
    bool claimed;
  };
  std::optional<FileClaim> claim_file_row(const FileRecord& f, const std::string& key,
                                          std::optional<postgres::Statement> adopt_pending,
                                          bool refuse_known, bool& known) {
    std::vector<postgres::Statement> first;
    first.push_back({fmt::format("SELECT pg_advisory_xact_lock({}, hashtext($1))",
                                 postgres::kPathLockNamespace),
                     {f.path}});
    first.push_back({std::string(kForgetUnreadableSql), {f.path}});
    if (adopt_pending) first.push_back(std::move(*adopt_pending));
    const auto unless_known = [&](int path, int bytes) {
      return refuse_known ? fmt::format(" AND NOT EXISTS ({})", known_by_digest_sql(path, bytes))
                          : std::string();
    };
    first.push_back(
        {fmt::format(kInsertFileSql, unless_known(1, 3)), insert_file_params(f, key), true});
    const std::size_t inserted = first.size() - 1;
    Params claim_params{key};
    if (refuse_known) claim_params.insert(claim_params.end(), {f.path, std::to_string(f.bytes)});
    first.push_back({fmt::format("SELECT file_id, pg_try_advisory_lock({}, file_id::integer) "
                                 "FROM files WHERE sha256 = $1{}",
                                 postgres::kFileLockNamespace, unless_known(2, 3)),
                     claim_params});
    const std::size_t claimed = first.size() - 1;
    if (refuse_known)
      first.push_back({fmt::format("SELECT EXISTS ({})", known_by_digest_sql(1, 2)),
                       {f.path, std::to_string(f.bytes)}});
    const std::vector<Result> r = c.exec_pipelined(first);
    known = refuse_known && r.back().text(0, 0) == "t";
    const Result& claim = r[claimed];
    if (claim.rows() != 1) return std::nullopt;
    return FileClaim{claim.int64(0, 0), r[inserted].rows() == 1, claim.text(0, 1) == "t"};
  }
  std::optional<FileClaim> begin_row(const FileRecord& f, bool& known);

  void stage_row(int ord, std::int64_t file_id, const StoredHand& s) {
    const HandRow r = hand_row(s.hand, s.result);
    std::string& o = stage;
    copy_int(o, ord);
    postgres::copy_field(o, r.site);
    copy_text_or_null(o, r.site_hand_id);
    copy_int(o, file_id);
    copy_int(o, r.byte_offset);
    copy_int(o, r.line);
    copy_text_or_null(o, r.table_name);
    copy_text_or_null(o, r.game);
    copy_text_or_null(o, r.limit_type);
    copy_text_or_null(o, r.currency);
    copy_int(o, r.unit);
    copy_int_or_null(o, r.small_blind);
    copy_int_or_null(o, r.big_blind);
    copy_int_or_null(o, r.ante);
    copy_text_or_null(o, r.started_at_utc);
    copy_int_or_null(o, r.seats);
    copy_int_or_null(o, r.players_dealt);
    copy_int_or_null(o, r.total_pot);
    copy_int_or_null(o, r.rake);
    copy_int(o, r.fees);
    postgres::copy_field(o, r.status);
    postgres::copy_field(o, s.content_sha256);
    copy_text_or_null(o, r.tournament_id);
    copy_int_or_null(o, r.button_seat);
    copy_int(o, r.cancelled ? 1 : 0);
    copy_int_or_null(o, r.total_contributed);
    copy_int_or_null(o, r.total_collected);
    copy_int(o, r.parse_issues);
    copy_int(o, r.total_pot_derived ? 1 : 0);
    copy_int(o, r.rake_derived ? 1 : 0);
    copy_int(o, r.money_in_error);
    copy_int(o, r.fast_fold ? 1 : 0);
    copy_int(o, r.players_named_by_position ? 1 : 0);
    copy_int(o, r.registration_may_be_open ? 1 : 0);
    // The month hh_play_month() would give, computed here: the server's regular expression a
    // hand in each of the batch's statements cost 0.6 s of its 12 s writing 94,274 hands.
    postgres::copy_field(o, play_month_of(r.started_at_utc), true);
  }

  static Params session_params(const SessionKey& key) {
    return {key.site, key.table_name, key.tournament_id};
  }

  // The months the table's hands are kept under (in_months() of db/session_rows.hpp), as
  // parameter 4 after session_params: what the table's check reads and deletes is in those
  // partitions.
  static constexpr std::string_view kSessionMonthsSql =
      "SELECT COALESCE(array_agg(play_month ORDER BY play_month), '{}')::text "
      "FROM table_months WHERE site = $1 AND tournament_id = $3 AND table_name = $2";

  // The months of the tables of the staged hands (stage_hands) in table_months, in key order
  // (one lock order for every writer), in the caller's transaction (after the hands' insert).
  static constexpr std::string_view kAddTableMonthsSql =
      "INSERT INTO table_months SELECT DISTINCT site, COALESCE(tournament_id, ''), table_name, "
      "play_month FROM stage_hands WHERE table_name IS NOT NULL "
      "ORDER BY 1, 2, 3, 4 ON CONFLICT DO NOTHING";

  // Writers re-checking the same table wait for each other (until the transaction ends): each
  // reads the table's hands and replaces its findings between hands as a whole. A tournament's
  // table takes its tournament's lock first, as the check of the tournament's table moves does:
  // both delete the findings between hands at its tables (a move's are the table's too), and two
  // writers deleting the same rows in two orders deadlock (PostgreSQL aborts one of them: seen in
  // the test of four auditors at once). Pipelined with what follows them.
  static std::vector<postgres::Statement> session_lock_statements(const SessionKey& key) {
    std::vector<postgres::Statement> out{partitions_shared()};
    if (!key.tournament_id.empty())
      out.push_back({kTournamentLockSql, {key.site, key.tournament_id}});
    out.push_back({kSessionLockSql, session_params(key)});
    return out;
  }

  // A check between hands deletes findings in discrepancies' partitions: it takes the lock of the
  // partitions' creation first, shared (checks do not wait for each other), so that a writer
  // making a year's partitions (which locks the partitioned tables exclusively) waits for the
  // checks under way, or they for it, never both (they deadlocked: 11 times in 8 runs of three
  // writers, each retried).
  static postgres::Statement partitions_shared() {
    return {fmt::format("SELECT pg_advisory_xact_lock_shared({}, {})", postgres::kLockNamespace,
                        postgres::kPartitionLockKey),
            {}};
  }

  // The table's locks, check_done(table_check(key)) and its months in one round trip: what a
  // table's check between hands begins with, in the caller's transaction. Returns
  // session_params with the months as parameter 4.
  // `owed`: whether a pending_checks row of the table was left (clear_owed_check_sql).
  Params begin_session_check(const SessionKey& key, bool& owed) {
    std::vector<postgres::Statement> first = session_lock_statements(key);
    first.push_back({clear_owed_check_sql(), check_params(table_check(key))});
    first.push_back({std::string(kSessionMonthsSql), session_params(key)});
    Params params = session_params(key);
    const std::vector<Result> r = c.exec_pipelined(first);
    owed = r[r.size() - 2].rows() > 0;
    params.push_back(r.back().text(0, 0));
    return params;
  }

  // clear_pending_check_sql, a row for each row deleted: none when every writer's row of the
  // check was deleted by another check since (which read the hands that made it due).
  static std::string clear_owed_check_sql() {
    return clear_pending_check_sql('$') + " RETURNING 1";
  }

  std::vector<SessionHand> read_session(const SessionKey& key) {
    return read_seated_hands(c.exec(session_hands_sql('$'), session_params(key)));
  }

  // The hands with their seats of a seated_hands_sql() result.
  static std::vector<SessionHand> read_seated_hands(const Result& r) {
    std::vector<SessionHand> hands;
    for (int i = 0; i < r.rows(); ++i) add_session_row(hands, SeatedRow{r, i});
    return hands;
  }

  std::vector<ProfileHand> read_raked_cash_hands(std::string_view site,
                                                 bool schedule_unknown_only) {
    const Result r = c.exec(raked_cash_hands_sql('$', schedule_unknown_only), {text(site)});
    struct Row {
      const Result& r;
      int i;
      std::int64_t int64(int col) const { return r.int64(i, col); }
      std::string text(int col) const { return r.text(i, col); }
    };
    std::vector<ProfileHand> hands;
    for (int i = 0; i < r.rows(); ++i) add_raked_cash_row(hands, Row{r, i});
    return hands;
  }

  // `each`, noting the month of each hand it is given in hand_months: where the findings between
  // hands the check makes of them go.
  std::function<void(SessionHand)> noting_months(const std::function<void(SessionHand)>& each) {
    return [this, &each](SessionHand h) {
      hand_months[h.hand_id] = play_month_of(h.started_at_utc);
      each(std::move(h));
    };
  }

  // A finding between two hands in the findings COPY buffer, for insert_staged_findings.
  void stage_session_finding(const SessionFinding& f) {
    stage_finding_of_read_hand(f.hand_id, f.finding, f.related_hand_id);
  }

  // A finding on a hand of hand_months (the hands a check read) in the findings COPY buffer, for
  // insert_staged_findings; `related_hand_id` 0 for none.
  void stage_finding_of_read_hand(std::int64_t hand_id, const Finding& f,
                                  std::int64_t related_hand_id) {
    const auto month = hand_months.find(hand_id);
    if (month == hand_months.end())
      throw std::runtime_error(fmt::format("a finding of hand {}, which was not read", hand_id));
    finding_fields(hand_id, f);
    copy_int_or_null(findings, nonzero_or_null(related_hand_id));
    postgres::copy_field(findings, month->second, true);
  }

  // COPYs the rows of the findings COPY buffer (stage_finding_of_read_hand) into discrepancies,
  // in the caller's transaction, and empties it: the caller may stage more. Straight into the
  // table, each row with its hand's month (its partition): no key to conflict on.
  void insert_staged_findings() {
    if (findings.empty()) return;
    c.copy_in_all(
        {{"COPY discrepancies(hand_id, code, severity, street, seat, player, expected, "
          "actual, message, line, amount_unit, related_hand_id, play_month) FROM STDIN",
          findings}});
    findings.clear();
  }

  // A finding's columns from hand_id to amount_unit, in the findings COPY buffer.
  void finding_fields(std::int64_t hand_id, const Finding& f) {
    copy_int(findings, hand_id);
    postgres::copy_field(findings, code_name(f.code));
    postgres::copy_field(findings, severity_name(f.severity));
    if (f.street) {
      postgres::copy_field(findings, street_name(*f.street));
    } else {
      postgres::copy_null(findings);
    }
    copy_int_or_null(findings, nonzero_or_null(f.seat));
    copy_text_or_null(findings, f.player);
    copy_int_or_null(findings, stored(f.expected));
    copy_int_or_null(findings, stored(f.actual));
    postgres::copy_field(findings, f.message);
    copy_int_or_null(findings, nonzero_or_null(f.line));
    if (const auto unit = stored_unit(amount_unit(f))) {
      postgres::copy_field(findings, *unit);
    } else {
      postgres::copy_null(findings);
    }
  }

  // add_batches' hands, of one or several files (staged in stage_hands, `ord` their index), and
  // what the transaction found of each.
  struct Batch {
    std::vector<StoredHand> hands;
    std::vector<std::int64_t> file_ids;                               // of each hand
    std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> at;  // (file_id, offset) -> index
    std::vector<HandOutcome> outcomes;                                // Duplicate unless found else
    std::vector<std::int64_t> hand_ids;                               // of the hands inserted
    std::vector<std::string> play_months;                             // of the hands inserted
  };

  // Inserts the staged hands no one stored (by number, or by text for a hand without one), their
  // partitions first and their tables' months after, and marks them Inserted with their ids and
  // months; returns how many.
  int insert_new_hands(Batch& b) {
    // A number is stored once whatever its hand's month: its key goes into hand_keys (not
    // partitioned, so unique on (site, site_hand_id) alone) first, and only the hands whose key
    // it takes go into hands, under the id it took. One lock order for every writer: the keys in
    // sorted order, then the hands without a number by their text, so two writers inserting
    // overlapping hands wait for each other at most once and never deadlock. The first of a
    // number in the input wins, as in SQLite's store. A key another writer is inserting waits
    // for its commit and then counts as theirs.
    // One round trip for a few hands: their rows staged, the partitions, the hands, the months
    // of their tables. The sequence's name is looked up once (an InitPlan), not a row.
    std::vector<postgres::Statement> statements = partition_statements();
    statements.push_back(
        {fmt::format("WITH staged AS (SELECT DISTINCT ON (site, site_hand_id) * "
                     "FROM stage_hands WHERE site_hand_id IS NOT NULL "
                     "ORDER BY site, site_hand_id, ord), "
                     "keyed AS (INSERT INTO hand_keys(site, site_hand_id, hand_id, play_month) "
                     "SELECT site, site_hand_id, "
                     "nextval((SELECT pg_get_serial_sequence('hands', 'hand_id'))::regclass), "
                     "play_month FROM staged ORDER BY site, site_hand_id "
                     "ON CONFLICT DO NOTHING RETURNING site, site_hand_id, hand_id, play_month) "
                     "INSERT INTO hands(hand_id, {0}, play_month) "
                     "SELECT k.hand_id, {0}, k.play_month FROM keyed k "
                     "JOIN staged USING (site, site_hand_id) "
                     "RETURNING hand_id, file_id, byte_offset, play_month",
                     kHandColumns),
         {}});
    // A hand without a number is the same hand when its text is (idx_hands_unidentified; the
    // same text has the same time, so the same month).
    const bool unnumbered = std::any_of(b.hands.begin(), b.hands.end(), [](const StoredHand& s) {
      return s.hand.site_hand_id.empty();
    });
    if (unnumbered)
      statements.push_back(
          {fmt::format("INSERT INTO hands({0}, play_month) "
                       "SELECT {0}, play_month FROM stage_hands "
                       "WHERE site_hand_id IS NULL ORDER BY site, content_sha256, ord "
                       "ON CONFLICT DO NOTHING RETURNING hand_id, file_id, byte_offset, play_month",
                       kHandColumns),
           {}});
    statements.push_back({std::string(kAddTableMonthsSql), {}});
    // Ids for the findings of every staged hand, in the same round trip: those of the hands
    // inserted take the first (copy_child_rows), the rest stay unused.
    std::size_t findings_of_batch = 0;
    for (const StoredHand& h : b.hands) findings_of_batch += h.result.findings.size();
    if (findings_of_batch > 0)
      statements.push_back(
          {"SELECT nextval((SELECT pg_get_serial_sequence('discrepancies', "
           "'discrepancy_id'))::regclass) FROM generate_series(1, $1) ORDER BY 1",
           {std::to_string(findings_of_batch)}});
    const std::string stage_sql =
        fmt::format("COPY stage_hands(ord, {}, play_month) FROM STDIN", kHandColumns);
    const std::vector<Result> r = c.copy_in_all({{stage_sql, stage}}, std::move(statements));
    int stored = 0;
    for (std::size_t i = 2; i < (unnumbered ? 4u : 3u); ++i) {
      take_inserted(b, r[i]);
      stored += r[i].rows();
    }
    finding_ids.clear();
    if (findings_of_batch > 0)
      for (int i = 0; i < r.back().rows(); ++i) finding_ids.push_back(r.back().int64(i, 0));
    return stored;
  }

  // The rows (hand_id, file_id, byte_offset, play_month) an INSERT of insert_new_hands returned.
  static void take_inserted(Batch& b, const Result& rows) {
    for (int r = 0; r < rows.rows(); ++r) {
      const std::size_t i = b.at.at({rows.int64(r, 1), rows.int64(r, 2)});
      b.hand_ids[i] = rows.int64(r, 0);
      b.play_months[i] = rows.text(r, 3);
      b.outcomes[i] = HandOutcome::Inserted;
    }
  }

  // The staged hands not inserted: the same number stored (by another file, another writer or
  // earlier in this batch) is a duplicate if its text is the same, else a conflict, recorded; a
  // hand without a number is a duplicate of the same text stored.
  void record_conflicts(Batch& b) {
    // The stored hands' ids and months by key first, then their texts' digests in those months
    // only (a join of the staged hands with hands was planned over every month's partition).
    const Result keys = c.exec(
        "SELECT s.ord, k.hand_id, k.play_month FROM stage_hands s "
        "JOIN hand_keys k USING (site, site_hand_id)");
    std::string ids = "{", months = "{";
    for (int r = 0; r < keys.rows(); ++r) {
      ids += (r ? "," : "") + keys.text(r, 1);
      months += (r ? "," : "") + keys.text(r, 2);
    }
    const Result stored = c.exec(
        "SELECT hand_id, content_sha256 FROM hands WHERE hand_id = ANY($1::bigint[]) AND "
        "play_month = ANY($2::date[])",
        {ids + "}", months + "}"});
    std::unordered_map<std::int64_t, std::string> digests;
    for (int r = 0; r < stored.rows(); ++r) digests[stored.int64(r, 0)] = stored.text(r, 1);
    for (int r = 0; r < keys.rows(); ++r) {
      const auto i = static_cast<std::size_t>(keys.int64(r, 0));
      if (b.outcomes[i] == HandOutcome::Inserted) continue;
      const StoredHand& s = b.hands[i];
      if (digests.at(keys.int64(r, 1)) == s.content_sha256) continue;  // a duplicate
      b.outcomes[i] = HandOutcome::Conflict;
      // Never overwrite: which copy is right is for a person to decide (v_conflicts). A row
      // recorded by an interrupted run of this file is not added twice.
      const HandRow row = hand_row(s.hand, s.result);
      c.exec(
          "INSERT INTO hand_conflicts(site, site_hand_id, existing_hand_id, file_id, "
          "byte_offset, line, content_sha256, recorded_at) "
          "SELECT $1, $2, $3, $4, $5, $6, $7, " HH_PG_NOW
          " WHERE NOT EXISTS (SELECT 1 FROM hand_conflicts WHERE existing_hand_id = $3 AND "
          "file_id = $4 AND byte_offset = $5 AND content_sha256 = $7)",
          {row.site, text(row.site_hand_id), keys.text(r, 1), std::to_string(b.file_ids[i]),
           std::to_string(row.byte_offset), std::to_string(row.line), text(s.content_sha256)});
    }
  }

  // The duplicates and conflicts of each file of `b`, by file_id.
  static std::map<std::int64_t, FileCounts> counts_by_file(const Batch& b) {
    std::map<std::int64_t, FileCounts> by_file;
    for (std::size_t i = 0; i < b.hands.size(); ++i) {
      FileCounts& n = by_file[b.file_ids[i]];
      if (b.outcomes[i] == HandOutcome::Duplicate) ++n.duplicates;
      if (b.outcomes[i] == HandOutcome::Conflict) ++n.conflicts;
    }
    return by_file;
  }

  // The inserted hands' players, pots, findings and events, one COPY a table (or INSERTs, in one
  // round trip with `after`); returns the results of `after`.
  std::vector<Result> copy_child_rows(const Batch& b, std::vector<postgres::Statement> after) {
    for (std::string* buffer : {&players, &pots, &pot_seats, &findings, &events}) buffer->clear();
    // The ids insert_new_hands took, in the order the rows are inserted, as the identity
    // would have numbered them.
    next_finding_id = 0;
    for (std::size_t i = 0; i < b.hands.size(); ++i)
      if (b.outcomes[i] == HandOutcome::Inserted)
        child_rows(b.hand_ids[i], b.play_months[i], b.hands[i]);
    const std::pair<std::string_view, const std::string*> copies[] = {
        {"COPY hand_players(hand_id, seat, player, start_stack, contributed, collected, net, "
         "sitting_out, stack_unknown, posted_small_blind, posted_big_blind, posted_owed, "
         "finish_place, settled_outside) FROM STDIN",
         &players},
        {"COPY pots(hand_id, pot_index, amount, rake, reported_amount) FROM STDIN", &pots},
        {"COPY pot_seats(hand_id, pot_index, seat, role) FROM STDIN", &pot_seats},
        {"COPY discrepancies(discrepancy_id, hand_id, code, severity, street, seat, player, "
         "expected, actual, message, line, amount_unit, cause_id, play_month) FROM STDIN",
         &findings},
        {"COPY hand_event_log(hand_id, events, chips) FROM STDIN", &events},
    };
    std::vector<Connection::Copy> all;
    for (const auto& [sql, data] : copies) all.emplace_back(sql, *data);
    return c.copy_in_all(all, std::move(after));
  }

  // finish_file's UPDATE of a file's row with the caller's counts and this store's: with a
  // digest (a file begun without one), only if no other row holds it (else finish_by_digest).
  // The file_id when the row is finished, now or before: a row another writer finished first (it
  // read the same content under a row of its own, merged into this one: finish_by_digest) keeps
  // that writer's counts, as the first to store the hands, whose counts one writer would give.
  static constexpr std::string_view kFinishFileSql =
      "WITH done AS (UPDATE files SET hands = $1, failed = $2, duplicates = $3, conflicts = $4, "
      "audited_at = " HH_PG_NOW
      ", status = 'audited' WHERE file_id = $5 AND audited_at IS NULL RETURNING file_id) "
      "SELECT file_id FROM done UNION ALL "
      "SELECT file_id FROM files WHERE file_id = $5 AND audited_at IS NOT NULL";
  static constexpr std::string_view kFinishWithDigestSql =
      "WITH done AS (UPDATE files SET sha256 = $6, hands = $1, failed = $2, duplicates = $3, "
      "conflicts = $4, audited_at = " HH_PG_NOW
      ", status = 'audited' WHERE file_id = $5 AND audited_at IS NULL AND NOT EXISTS (SELECT 1 "
      "FROM files k WHERE k.sha256 = $6 AND k.file_id <> $5) RETURNING file_id) "
      "SELECT file_id FROM done UNION ALL "
      "SELECT file_id FROM files WHERE file_id = $5 AND audited_at IS NOT NULL AND sha256 = $6";
  static Params finish_params(const std::string& id, const FileBatch::Finish& f, FileCounts n) {
    return {std::to_string(f.hands), std::to_string(f.failed), std::to_string(n.duplicates),
            std::to_string(n.conflicts), id};
  }
  static postgres::Statement finish_statement(std::int64_t file_id, const FileBatch::Finish& f,
                                              FileCounts n) {
    Params params = finish_params(std::to_string(file_id), f, n);
    if (f.sha256.empty()) return {std::string(kFinishFileSql), std::move(params)};
    params.push_back(f.sha256);
    return {std::string(kFinishWithDigestSql), std::move(params)};
  }
  // The claims on the files of `ids` finished (committed by then), released: one not finished
  // (its digest another row's: finish_by_digest) keeps its claim.
  static postgres::Statement release_finished(const std::vector<std::int64_t>& ids) {
    return {fmt::format("SELECT pg_advisory_unlock({}, file_id::integer) FROM files WHERE "
                        "file_id = ANY($1::bigint[]) AND audited_at IS NOT NULL",
                        postgres::kFileLockNamespace),
            {id_array(ids)}};
  }

  // The batches' hands and files finished, in one transaction (add_batches); the counts of each
  // file's duplicates and conflicts kept for its finish; the files whose finish found their digest
  // another row's (finish_by_digest), with their counts.
  struct Written {
    std::vector<std::pair<const FileBatch*, FileCounts>> by_digest;
  };
  Written write_batches(const std::vector<FileBatch>& batches, Batch& b);
  void finish_by_digest(std::int64_t file_id, const FileBatch::Finish& f, FileCounts n);

  // The rows of one inserted hand in the child tables' COPY buffers.
  // `play_month`: the hand's, as hands holds it (the partition its findings go to).
  void child_rows(std::int64_t hand_id, const std::string& play_month, const StoredHand& s) {
    const Hand& hand = s.hand;
    const AuditResult& result = s.result;
    // The audit of an unparsed hand is meaningless beyond its findings.
    if (hand.parsed) {
      const PreparedRows& rows = prepared_rows(s, own_rows);
      const std::vector<SessionSeat>& seats = result.seats;
      for (std::size_t i = 0; i < result.players.size(); ++i) {
        const PlayerResult& p = result.players[i];
        const SessionSeat& seat = seats[i];
        copy_int(players, hand_id);
        copy_int(players, p.seat);
        postgres::copy_field(players, p.player);
        copy_int(players, p.start_stack);
        copy_int(players, p.contributed);
        copy_int(players, p.collected);
        copy_int(players, p.net());
        copy_int(players, seat.sitting_out ? 1 : 0);
        copy_int(players, seat.stack_known ? 0 : 1);
        copy_int(players, seat.posted_small_blind ? 1 : 0);
        copy_int(players, seat.posted_big_blind ? 1 : 0);
        copy_int(players, seat.posted_owed ? 1 : 0);
        copy_int_or_null(players, seat.finish_place > 0
                                      ? std::optional<std::int64_t>(seat.finish_place)
                                      : std::nullopt);
        copy_int(players, seat.settled_outside, true);
      }
      for (const BuiltPot& p : result.pots) {
        copy_int(pots, hand_id);
        copy_int(pots, p.index);
        copy_int(pots, p.amount);
        copy_int(pots, p.rake);
        copy_int_or_null(pots, p.reported_amount, true);
        const std::pair<const std::vector<int>*, const char*> roles[] = {{&p.eligible, "eligible"},
                                                                         {&p.winners, "winner"}};
        for (const auto& [seats, role] : roles) {
          for (const int seat : *seats) {
            copy_int(pot_seats, hand_id);
            copy_int(pot_seats, p.index);
            copy_int(pot_seats, seat);
            postgres::copy_field(pot_seats, role, true);
          }
        }
      }
      copy_int(events, hand_id);
      postgres::copy_field(events, rows.events);
      if (rows.has_chips) {
        postgres::copy_field(events, rows.chips, true);
      } else {
        postgres::copy_null(events, true);
      }
    }
    const std::size_t first_id = next_finding_id;
    next_finding_id += result.findings.size();
    for (std::size_t i = 0; i < result.findings.size(); ++i) {
      const Finding& f = result.findings[i];
      copy_int(findings, finding_ids.at(first_id + i));
      finding_fields(hand_id, f);
      if (f.cause && *f.cause < result.findings.size()) {
        copy_int(findings, finding_ids.at(first_id + *f.cause));
      } else {
        postgres::copy_null(findings);
      }
      postgres::copy_field(findings, play_month, true);
    }
  }
};

PostgresStore::PostgresStore(const std::string& conninfo, OpenMode mode,
                             const StoreOptions& options)
    : impl_(std::make_unique<Impl>(
          Impl{Connection(conninfo), mode, {}, {}, {}, {}, {}, {}, {}, {}, {}, 0, {}, 0, 0, {}})) {
  impl_->batch_hands = options.batch_hands;
  impl_->conninfo = conninfo;
  Connection& c = impl_->c;
  if (mode == OpenMode::ReadOnly) {
    // Belt and braces: every read opens a READ ONLY transaction; this covers any other.
    c.exec("SET default_transaction_read_only = on");
    if (postgres::schema_version(c) == 0)
      throw std::runtime_error("no hhaudit database: " + c.name() + " has no table meta");
    return;
  }
  postgres::apply_schema(c);
  // A commit waits for no disk flush: a server crash may lose the last commits, never corrupt
  // nor reorder them (a file is marked audited in a commit after all of its hands'), which is
  // what SQLite's synchronous=NORMAL gives too.
  c.exec("SET synchronous_commit = off");
  // The staging table of add_hands: one COPY per batch lands here, then one INSERT ... ON
  // CONFLICT moves the new hands to hands. Temporary: private to this session, no WAL.
  c.exec(
      "CREATE TEMP TABLE IF NOT EXISTS stage_hands ON COMMIT DELETE ROWS AS "
      "SELECT 0 AS ord, " +
      std::string(kHandColumns) + ", play_month FROM hands WITH NO DATA");
}

PostgresStore::~PostgresStore() {
  // The claims on files (session advisory locks) go now, not when the server ends the session
  // after the connection closes, a moment later: a run started just after this one ends must
  // find its files free (else it would take them for another writer's; the test of files read
  // once failed so once).
  if (impl_->mode != OpenMode::Write) return;
  try {
    impl_->c.exec("SELECT pg_advisory_unlock_all()");
  } catch (...) {
    // A connection lost: its session, and its claims, are ending anyway.
  }
}

// The row of `f` (by its digest, else by its pending key), claimed or not: claim_file_row, or
// file_row when the key's row was moved meanwhile. `known`: a file read once (no digest, one that
// can give it: FileRecord::digest) met a row of its path and size known by digest; no row then.
std::optional<PostgresStore::Impl::FileClaim> PostgresStore::Impl::begin_row(const FileRecord& f,
                                                                             bool& known) {
  const std::string pending = pending_file_key(f);
  const std::string& key = f.sha256.empty() ? pending : f.sha256;
  // A file read once before at this path and size and stopped before its digest was known: its
  // row, now known by the digest (unless that is another row's).
  std::optional<postgres::Statement> adopt_pending;
  if (!f.sha256.empty())
    adopt_pending = postgres::Statement{
        "UPDATE files SET sha256 = $1 WHERE sha256 = $2 AND audited_at IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM files k WHERE k.sha256 = $1)",
        {text(key), text(pending)}};
  const bool refuse_known = f.sha256.empty() && f.digest;
  std::optional<FileClaim> row =
      claim_file_row(f, key, std::move(adopt_pending), refuse_known, known);
  if (known) return std::nullopt;
  if (!row) {
    const auto [id, inserted] = file_row(f, key);
    row = FileClaim{id, inserted, claim(id)};
  }
  return row;
}

std::int64_t PostgresStore::begin_file(const FileRecord& f, bool& already_audited) {
  impl_->require_writer();
  Connection& c = impl_->c;
  already_audited = false;
  bool known = false;
  std::optional<Impl::FileClaim> row = impl_->begin_row(f, known);
  if (known) {
    // Another writer registered this path and size by digest (it had no such size when this run
    // chose to read the file once): the file is registered by its digest too, so that one row,
    // claimed by one writer, stands for it; a file of other content at that path gets its own.
    FileRecord by_digest = f;
    by_digest.digest = nullptr;
    by_digest.sha256 = f.digest();
    if (by_digest.sha256.empty()) {
      // Unreadable now: as before, by path and size (the reading will say what failed).
      bool ignored = false;
      row = impl_->begin_row(by_digest, ignored);
    } else {
      return begin_file(by_digest, already_audited);
    }
  }
  const std::int64_t id = row->id;
  if (row->inserted) {
    // Another writer may have seen the row and claimed it first: it audits the file.
    if (!row->claimed) {
      already_audited = true;
      return id;
    }
  } else {
    // A file another writer is auditing now is theirs: this run leaves it, as one audited.
    if (!row->claimed) {
      already_audited = true;
      return id;
    }
    // Read after the claim: a writer that finished it released its claim after committing.
    if (c.exec("SELECT audited_at IS NOT NULL FROM files WHERE file_id = $1", {std::to_string(id)})
            .text(0, 0) == "t") {
      impl_->release(id);
      already_audited = true;
      return id;
    }
    // Interrupted earlier, or recorded unread: keep the id (its committed hands refer to it),
    // refresh the rest.
    c.exec(
        "UPDATE files SET path = $1, bytes = $2, encoding = $3, site = $4, "
        "status = 'interrupted', note = NULL WHERE file_id = $5",
        {text(f.path), std::to_string(f.bytes), text_or_null(f.encoding), text_or_null(f.site),
         std::to_string(id)});
  }
  impl_->counts[id] = {};
  return id;
}

HandOutcome PostgresStore::add_hand(std::int64_t file_id, const StoredHand& hand) {
  return add_hands(file_id, {hand}).front();
}

std::vector<HandOutcome> PostgresStore::add_hands(std::int64_t file_id,
                                                  const std::vector<StoredHand>& hands) {
  return add_batches({{file_id, hands, std::nullopt}}).front();
}

int PostgresStore::grouped_hands() const { return impl_->batch_hands; }

// Stages every hand of `batches`, then, in one transaction run again whole on a deadlock: the new
// hands with their rows, the conflicts, the checks they make due, every file finished, the commit
// and the release of the finished files' claims (these last in the round trip of the child rows).
PostgresStore::Impl::Written PostgresStore::Impl::write_batches(
    const std::vector<FileBatch>& batches, Batch& b) {
  stage.clear();
  for (std::size_t i = 0; i < b.hands.size(); ++i) {
    stage_row(static_cast<int>(i), b.file_ids[i], b.hands[i]);
    // What tells the rows RETURNING gives back apart: one hand at an offset of a file.
    b.at[{b.file_ids[i], static_cast<std::int64_t>(b.hands[i].hand.source.byte_offset)}] = i;
  }
  Written out;
  write([&] {
    // A retry starts anew.
    out = {};
    b.outcomes.assign(b.hands.size(), HandOutcome::Duplicate);
    b.hand_ids.assign(b.hands.size(), 0);
    b.play_months.assign(b.hands.size(), {});
    if (!b.hands.empty() && insert_new_hands(b) < static_cast<int>(b.hands.size()))
      record_conflicts(b);
    // The checks the new hands make due, in their transaction.
    PendingChecks due;
    for (std::size_t i = 0; i < b.hands.size(); ++i)
      if (b.outcomes[i] == HandOutcome::Inserted) due.add_hand(b.hands[i].hand, b.hands[i].result);
    std::vector<postgres::Statement> last = record_checks_statements(due);
    const std::size_t first_finish = last.size();
    const std::map<std::int64_t, FileCounts> added = counts_by_file(b);
    std::vector<std::pair<const FileBatch*, FileCounts>> finished;
    std::vector<std::int64_t> finished_ids;
    for (const FileBatch& fb : batches) {
      if (!fb.finish) continue;
      FileCounts n = counts[fb.file_id];
      if (const auto it = added.find(fb.file_id); it != added.end()) {
        n.duplicates += it->second.duplicates;
        n.conflicts += it->second.conflicts;
      }
      last.push_back(finish_statement(fb.file_id, *fb.finish, n));
      finished.push_back({&fb, n});
      finished_ids.push_back(fb.file_id);
    }
    // Committed in the same round trip (in_transaction then commits no more), and the claims of
    // the files finished released after it.
    last.push_back({"COMMIT", {}});
    if (!finished_ids.empty()) last.push_back(release_finished(finished_ids));
    const std::vector<Result> r = copy_child_rows(b, std::move(last));
    for (std::size_t k = 0; k < finished.size(); ++k)
      if (r.at(first_finish + k).rows() == 0) out.by_digest.push_back(finished[k]);
  });
  return out;
}

std::vector<std::vector<HandOutcome>> PostgresStore::add_batches(
    const std::vector<FileBatch>& batches) {
  impl_->require_writer();
  Impl& m = *impl_;
  Impl::Batch b;
  for (const FileBatch& fb : batches) {
    for (const StoredHand& h : fb.hands) b.hands.push_back(h);
    b.file_ids.insert(b.file_ids.end(), fb.hands.size(), fb.file_id);
  }
  std::vector<std::vector<HandOutcome>> outcomes;
  const bool finishes = std::any_of(batches.begin(), batches.end(),
                                    [](const FileBatch& fb) { return fb.finish.has_value(); });
  if (b.hands.empty() && !finishes) {
    outcomes.resize(batches.size());
    return outcomes;
  }
  const Impl::Written written = m.write_batches(batches, b);
  // Committed: the counts of the files not finished go on; those finished are done with.
  for (const auto& [file_id, n] : Impl::counts_by_file(b)) {
    m.counts[file_id].duplicates += n.duplicates;
    m.counts[file_id].conflicts += n.conflicts;
  }
  for (const FileBatch& fb : batches)
    if (fb.finish) m.counts.erase(fb.file_id);
  for (const auto& [fb, n] : written.by_digest) {
    if (fb->finish->sha256.empty())
      throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", fb->file_id));
    m.finish_by_digest(fb->file_id, *fb->finish, n);
  }
  std::size_t at = 0;
  for (const FileBatch& fb : batches) {
    outcomes.emplace_back(b.outcomes.begin() + static_cast<std::ptrdiff_t>(at),
                          b.outcomes.begin() + static_cast<std::ptrdiff_t>(at + fb.hands.size()));
    at += fb.hands.size();
  }
  return outcomes;
}

std::vector<std::uint64_t> PostgresStore::content_file_sizes() {
  std::vector<std::uint64_t> sizes;
  impl_->read([&] {
    Result r = impl_->c.exec("SELECT DISTINCT bytes FROM files WHERE sha256 IS NOT NULL");
    for (int i = 0; i < r.rows(); ++i) sizes.push_back(static_cast<std::uint64_t>(r.int64(i, 0)));
  });
  return sizes;
}

void PostgresStore::finish_file(std::int64_t file_id, int hands, int failed,
                                std::string_view sha256) {
  FileBatch::Finish finish{hands, failed, std::string(sha256)};
  add_batches({{file_id, {}, std::move(finish)}});
}

// The digest of the file `file_id` is another row's (or was while its finish ran): the file's
// row takes it if it is free now; else the other file of that content, stored meanwhile (another
// auditor, another path), keeps the content's row, with this file's hands and conflicts.
void PostgresStore::Impl::finish_by_digest(std::int64_t file_id, const FileBatch::Finish& f,
                                           FileCounts n) {
  const std::string id = std::to_string(file_id), sha = f.sha256;
  // The digest, unless another row holds it.
  const auto set_digest = [&] {
    return c.exec(
                "UPDATE files SET sha256 = $1 WHERE file_id = $2 AND NOT EXISTS (SELECT 1 "
                "FROM files k WHERE k.sha256 = $1 AND k.file_id <> $2) RETURNING file_id",
                {sha, id})
               .rows() == 1;
  };
  bool merged = false;
  if (!set_digest()) {
    write([&] {
      merged = false;  // a retry starts anew
      // Under the lock of the partitions' creation, taken first: that creation locks `files`
      // (the partitions' foreign keys) and waits for this transaction's lock on it, which would
      // wait for that lock.
      c.exec(fmt::format("SELECT pg_advisory_xact_lock({}, {})", postgres::kLockNamespace,
                         postgres::kPartitionLockKey));
      if (set_digest()) return;
      Result kept =
          c.exec("SELECT file_id, audited_at IS NOT NULL FROM files WHERE sha256 = $1", {sha});
      if (kept.rows() != 1 || c.exec("SELECT 1 FROM files WHERE file_id = $1", {id}).rows() != 1)
        throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", file_id));
      const std::string kept_id = kept.text(0, 0);
      for (const std::string& sql : move_file_rows_sql('$')) c.exec(sql, {kept_id, id});
      c.exec("DELETE FROM files WHERE file_id = $1", {id});
      merged = true;
      if (kept.text(0, 1) != "t") c.exec(kFinishFileSql, finish_params(kept_id, f, n));
    });
  }
  if (!merged) {
    Result r = c.exec(kFinishFileSql, finish_params(id, f, n));
    if (r.rows() == 0)
      throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", file_id));
  }
  // Committed (every statement here is its own transaction): another writer may now see it done.
  release(file_id);
}

void PostgresStore::record_unread_file(const UnreadFile& u) {
  impl_->require_writer();
  if (u.reason == UnreadReason::Unreadable) {
    // A file with no content read is known by its path: the latest run that could not read it
    // says why.
    impl_->c.exec(
        "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, status, note) "
        "VALUES ($1, NULL, $2, NULL, NULL, " HH_PG_NOW
        ", 'unreadable', $3) ON CONFLICT (path) WHERE sha256 IS NULL DO UPDATE SET "
        "bytes = excluded.bytes, note = excluded.note",
        {text(u.file.path), std::to_string(u.file.bytes), text_or_null(u.note)});
    return;
  }
  impl_->forget_unreadable_at(u.file.path);
  // A file read before keeps its row; one recorded unread before takes the latest facts.
  impl_->c.exec(
      "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, status, note) "
      "VALUES ($1, $2, $3, $4, $5, " HH_PG_NOW
      ", $6, $7) ON CONFLICT (sha256) DO UPDATE SET "
      "path = excluded.path, encoding = excluded.encoding, site = excluded.site, "
      "status = excluded.status, note = excluded.note "
      "WHERE files.status IN ('unsupported', 'no-hands')",
      {text(u.file.path), text(u.file.sha256), std::to_string(u.file.bytes),
       text_or_null(u.file.encoding), text_or_null(u.file.site),
       std::string(unread_status_name(u.reason)), text_or_null(u.note)});
}

void PostgresStore::set_meta(std::string_view key, std::string_view value) {
  impl_->require_writer();
  impl_->c.exec(
      "INSERT INTO meta(key, value) VALUES ($1, $2) "
      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      {text(key), text(value)});
}

void PostgresStore::set_review(const Review& r) {
  impl_->require_writer();
  impl_->c.exec(upsert_review_sql([](int i) { return "$" + std::to_string(i); }),
                {text(r.site), text(r.site_hand_id), text(r.code), text(r.player), text(r.street),
                 text(r.status), text(r.note), text(r.reviewed_by), text(r.reviewed_at)});
}

namespace {

// The rows of `sql` (`params`), fetched through a cursor a few thousand at a time and given to
// `each` a fetch at a time, in the query's order: a query's result is held whole, and its rows may
// be more than memory should hold at once. In a transaction (a cursor lives until its end: each
// has a name of its own, and the commit closes it). `before`: statements run first, in the round
// trip of the cursor's opening and first rows.
void for_each_fetch(Connection& c, const std::string& sql, const Params& params,
                    const std::function<void(const Result&)>& each,
                    std::vector<postgres::Statement> before = {}) {
  constexpr int kRowsPerFetch = 4000;
  static std::atomic<unsigned> cursors{0};
  const std::string cursor = fmt::format("fetched_rows_{}", ++cursors);
  const std::string fetch = fmt::format("FETCH FORWARD {} FROM {}", kRowsPerFetch, cursor);
  before.push_back({fmt::format("DECLARE {} NO SCROLL CURSOR FOR {}", cursor, sql), params});
  before.push_back({fetch, {}});
  std::vector<Result> results = c.exec_pipelined(before);
  Result rows = std::move(results.back());
  // The next rows are asked for before these are read: the server makes them while the client
  // reads (the checks between hands, the signals), instead of each waiting for the other.
  // (Not nested: a loop inside `each` would find this one's fetch on its way, and send() refuses.)
  struct Discard {
    Connection& c;
    bool done{false};
    ~Discard() {
      if (!done) c.discard_sent();  // a fetch on its way when `each` throws
    }
  } discard{c};
  for (;;) {
    const bool last = rows.rows() < kRowsPerFetch;
    if (!last) c.send(fetch);
    each(rows);
    if (last) break;
    rows = c.take_sent();
  }
  discard.done = true;
}

// Each hand of a seated_hands_sql() query (`sql`, `params`) with its seats, in the query's order,
// fetched through a cursor (for_each_fetch: a table's or a tournament's hands may be more than
// memory should hold at once).
void for_each_seated_hand(Connection& c, const std::string& sql, const Params& params,
                          const std::function<void(SessionHand)>& each,
                          std::vector<postgres::Statement> before = {}) {
  SeatedHandStream hands(each);
  for_each_fetch(
      c, sql, params,
      [&hands](const Result& rows) {
        for (int i = 0; i < rows.rows(); ++i) hands.add(SeatedRow{rows, i});
      },
      std::move(before));
  hands.finish();
}

}  // namespace

namespace {

// db/tournament_rows.hpp's parameters as libpq's texts.
postgres::Params pg_params(const std::vector<SqlParam>& params) {
  postgres::Params out;
  for (const SqlParam& p : params) {
    if (const auto* n = std::get_if<std::int64_t>(&p)) {
      out.emplace_back(std::to_string(*n));
    } else if (const auto* t = std::get_if<std::string>(&p)) {
      out.emplace_back(*t);
    } else {
      out.emplace_back(std::nullopt);
    }
  }
  return out;
}

void store_tournament_finding(postgres::Connection& c, std::int64_t row_id, const Finding& f) {
  c.exec(insert_tournament_finding_sql('$'), pg_params(tournament_finding_params(row_id, f)));
}

}  // namespace

HandOutcome PostgresStore::add_summary(std::int64_t file_id, const StoredSummary& stored) {
  impl_->require_writer();
  postgres::Connection& c = impl_->c;
  const TournamentSummary& t = stored.summary;
  const std::string sha(stored.content_sha256);
  HandOutcome outcome = HandOutcome::Inserted;
  impl_->write([&] {
    outcome = HandOutcome::Inserted;  // a retry starts anew
    if (!t.tournament_id.empty()) {
      lock_tournament(c, {t.site, t.tournament_id});
      const postgres::Result found =
          c.exec(find_tournament_sql('$'), pg_params({t.site, t.tournament_id}));
      if (found.rows() > 0) {
        if (found.text(0, 1) == sha) {
          outcome = HandOutcome::Duplicate;
          return;
        }
        store_tournament_finding(c, found.int64(0, 0), summary_conflict_finding(t));
        outcome = HandOutcome::Conflict;
        return;
      }
    }
    const postgres::Result inserted = c.exec(
        insert_tournament_sql('$'),
        pg_params(tournament_params(t, file_id, tournament_status(t, stored.findings), sha)));
    const std::int64_t row_id = inserted.int64(0, 0);
    for (std::size_t i = 0; i < t.results.size(); ++i)
      c.exec(
          insert_tournament_result_sql('$'),
          pg_params(tournament_result_params(row_id, static_cast<std::int64_t>(i), t.results[i])));
    for (const Finding& f : stored.findings) store_tournament_finding(c, row_id, f);
    PendingChecks due;
    due.add_summary(t);
    impl_->record_checks(due);
  });
  return outcome;
}

namespace {

// The summary of tournament `key` that the checks of it read, stored at row `row_id`.
StoredTournament read_stored_tournament(Connection& c, const TournamentKey& key,
                                        std::int64_t row_id) {
  const postgres::Params params = pg_params({key.site, key.tournament_id});
  std::vector<postgres::Result> r =
      c.exec_pipelined({{stored_tournament_sql('$'), params},
                        {tournament_places_sql('$'), pg_params({row_id})},
                        {hand_places_sql('$'), params},
                        {most_chips_hand_sql('$'), params}});
  const postgres::Result& head = r[0];
  StoredTournament t;
  if (!head.is_null(0, 1)) t.entrants = static_cast<int>(head.int64(0, 1));
  if (!head.is_null(0, 2)) t.starting_chips = head.int64(0, 2);
  t.rebuys = head.int64(0, 3) != 0;
  t.line = static_cast<std::uint32_t>(head.int64(0, 4));
  for (int i = 0; i < r[1].rows(); ++i) {
    TournamentResult result;
    result.place = static_cast<int>(r[1].int64(i, 0));
    result.player = r[1].text(i, 1);
    result.line = static_cast<std::uint32_t>(r[1].int64(i, 2));
    t.results.push_back(std::move(result));
  }
  for (int i = 0; i < r[2].rows(); ++i)
    t.places.push_back({r[2].text(i, 0), static_cast<int>(r[2].int64(i, 1)), r[2].text(i, 2)});
  if (r[3].rows() > 0) {
    t.most_chips_hand = r[3].text(0, 0);
    t.most_chips = r[3].int64(0, 1);
  }
  return t;
}

}  // namespace

// One scope's check in its transaction (replace_findings): its locks and pending_checks row
// first (the order of docs/scale-out.md), then the reads of its input and the writes of its
// findings, a COPY of a few thousand at a time. Its old findings go in the round trip of the first
// read of its hands, else before its first finding is written, else at its end.
class PostgresStore::ScopeTransaction final : public ScopeInput {
 public:
  ScopeTransaction(Impl& m, const CheckScope& scope) : m_(m), scope_(scope) {
    m_.findings.clear();
    m_.hand_months.clear();
    if (const auto* table = std::get_if<SessionKey>(&scope)) {
      params_ = m_.begin_session_check(*table, owed_);
      deletes_.push_back({delete_session_findings_sql('$', 4), params_});
    } else if (const auto* tournament = std::get_if<TournamentKey>(&scope)) {
      begin_tournament(*tournament);
    } else {
      const std::string& site = scope_key<RakeSite>(scope).site;
      owed_ = m_.c.exec_pipelined(
                      {Impl::partitions_shared(),
                       {fmt::format("SELECT pg_advisory_xact_lock({}, hashtext($1))",
                                    postgres::kRakeLockNamespace),
                        {site}},
                       {Impl::clear_owed_check_sql(), Impl::check_params(rake_check(site))}})
                  .back()
                  .rows() > 0;
    }
  }

  // Whether a pending_checks row of the scope was left when its lock was taken: none, and
  // another writer's check has read every hand that made it due since they were committed.
  bool owed() const { return owed_; }

  void hands(const std::function<void(SessionHand)>& each) override {
    // A table's or a tournament's (scope_key refuses another kind's).
    if (!std::holds_alternative<SessionKey>(scope_)) (void)scope_key<TournamentKey>(scope_);
    const std::string sql =
        std::holds_alternative<SessionKey>(scope_)
            // Ordered byte by byte, as SQLite does, whatever the database's collation.
            ? played_session_hands_sql('$', "h.started_at_utc COLLATE \"C\" NULLS FIRST", 4)
            : tournament_hands_sql('$', 3);
    for_each_seated_hand(m_.c, sql, params_, m_.noting_months(each), take_deletes());
  }
  std::optional<StoredTournament> tournament() override {
    const TournamentKey& key = scope_key<TournamentKey>(scope_);
    if (!summary_row_) return std::nullopt;
    return read_stored_tournament(m_.c, key, *summary_row_);
  }
  std::vector<ProfileHand> raked_hands() override { return raked(); }

  // A finding of the check, staged (or, on the tournament's summary, written).
  void store(const ScopeFinding& f) {
    if (f.hand_id == 0) {
      if (!summary_row_) throw std::logic_error("a finding on a tournament summary not stored");
      delete_old();
      store_tournament_finding(m_.c, *summary_row_, f.finding);
      return;
    }
    m_.stage_finding_of_read_hand(f.hand_id, f.finding, f.related_hand_id);
    if (++staged_ == kSessionFindingsPerCopy) flush();
  }
  // The findings staged, written; the old ones deleted if no read did it.
  void flush() {
    delete_old();
    m_.insert_staged_findings();
    staged_ = 0;
  }

 private:
  // The tournament's lock, its pending_checks row, its months and its summary's row.
  void begin_tournament(const TournamentKey& key) {
    params_ = {key.site, key.tournament_id};
    std::vector<postgres::Result> r = m_.c.exec_pipelined(
        {Impl::partitions_shared(),
         {kTournamentLockSql, params_},
         {Impl::clear_owed_check_sql(), Impl::check_params(tournament_check(key))},
         {"SELECT COALESCE(array_agg(DISTINCT play_month ORDER BY play_month), '{}')::text "
          "FROM table_months WHERE site = $1 AND tournament_id = $2",
          params_},
         {find_tournament_sql('$'), pg_params({key.site, key.tournament_id})}});
    owed_ = r[2].rows() > 0;
    params_.push_back(r[3].text(0, 0));
    deletes_.push_back({delete_table_move_findings_sql('$', 3), params_});
    if (r[4].rows() > 0) {
      summary_row_ = r[4].int64(0, 0);
      deletes_.push_back({delete_place_findings_sql('$'), pg_params({*summary_row_})});
    }
  }

  // A site's raked hands no schedule covered, read once, each hand's month noted: the site's
  // RAKE_OUTLIER findings are on hands of this read (a hand read once is read again: what
  // selects it is never changed), so in their months.
  const std::vector<ProfileHand>& raked() {
    if (!raked_) {
      raked_ = m_.read_raked_cash_hands(scope_key<RakeSite>(scope_).site, true);
      for (const ProfileHand& h : *raked_) m_.hand_months[h.hand_id] = play_month_of(h.date);
    }
    return *raked_;
  }

  // The DELETEs of the old findings, once: none after the first call.
  std::vector<postgres::Statement> take_deletes() {
    if (deleted_) return {};
    deleted_ = true;
    if (const auto* site = std::get_if<RakeSite>(&scope_)) {
      std::set<std::string> months;
      for (const ProfileHand& h : raked()) months.insert(m_.hand_months[h.hand_id]);
      return {{delete_rake_outliers_sql('$', 2), {site->site, months_literal(months)}}};
    }
    return std::move(deletes_);
  }
  void delete_old() {
    const std::vector<postgres::Statement> deletes = take_deletes();
    if (!deletes.empty()) m_.c.exec_pipelined(deletes);
  }

  Impl& m_;
  const CheckScope& scope_;
  Params params_;  // the scope's key and months, as its reads and deletes take them
  std::vector<postgres::Statement> deletes_;
  bool deleted_{false};
  std::optional<std::int64_t> summary_row_;  // a tournament's summary
  std::optional<std::vector<ProfileHand>> raked_;
  std::size_t staged_{0};
  bool owed_{true};
};

std::vector<std::unique_ptr<Store>> PostgresStore::checkers_beside(unsigned n) {
  impl_->require_writer();
  std::vector<std::unique_ptr<Store>> out;
  // As many as the server lets this role open (its max_connections, a role's CONNECTION LIMIT, a
  // pooler's): the checks need none of them, only go faster with them.
  try {
    for (unsigned i = 0; i < n; ++i)
      out.push_back(std::make_unique<PostgresStore>(impl_->conninfo, OpenMode::Write));
  } catch (const std::runtime_error&) {
  }
  return out;
}

void PostgresStore::replace_findings(const CheckScope& scope, const ScopeCheck& check,
                                     const ScopeFindingSink& stored) {
  replace_scope(scope, check, stored, false);
}

void PostgresStore::replace_owed_findings(const CheckScope& scope, const ScopeCheck& check,
                                          const ScopeFindingSink& stored) {
  replace_scope(scope, check, stored, true);
}

void PostgresStore::replace_scope(const CheckScope& scope, const ScopeCheck& check,
                                  const ScopeFindingSink& stored, bool only_owed) {
  impl_->require_writer();
  // Handed on once committed: a transaction retried whole would hand them on twice.
  std::vector<ScopeFinding> committed;
  impl_->write([&] {
    committed.clear();
    ScopeTransaction t(*impl_, scope);
    if (only_owed && !t.owed()) return;  // its pending rows gone: nothing read, nothing replaced
    check(scope, t, [&](ScopeFinding f) {
      t.store(f);
      committed.push_back(std::move(f));
    });
    t.flush();
  });
  for (ScopeFinding& f : committed) stored(std::move(f));
}

// This writer's own claims given back first (its files are finished, or left for a rerun, as at
// the end of its run): a writer that waits holds no claim, so two waiting writers cannot each
// hold what the other waits for (they did: 40P01 twice in five runs of three writers). Then each
// file's claim taken, waiting for the writer that holds it to finish the file (it releases it
// after its commit), and given back at once.
void PostgresStore::wait_for_files(const std::vector<std::int64_t>& file_ids) {
  impl_->require_writer();
  std::vector<postgres::Statement> waits{{"SELECT pg_advisory_unlock_all()", {}}};
  for (const std::int64_t id : file_ids) {
    waits.push_back(
        {fmt::format("SELECT pg_advisory_lock({}, {})", postgres::kFileLockNamespace, id), {}});
    waits.push_back(
        {fmt::format("SELECT pg_advisory_unlock({}, {})", postgres::kFileLockNamespace, id), {}});
  }
  try {
    impl_->c.exec_pipelined(waits);
  } catch (const postgres::ServerError& e) {
    // A deadlock (40P01) all the same (a lock the server takes): the run reports what is
    // committed now.
    if (e.sqlstate != "40P01") throw;
    impl_->c.exec("SELECT pg_advisory_unlock_all()");
  }
}

// Every write is committed when its call returns (add_hands commits its batch).
void PostgresStore::commit() {}

long PostgresStore::transaction_retries() const { return impl_->retries; }

PendingChecks PostgresStore::pending_checks() {
  PendingChecks owed;
  impl_->read([&] {
    const Result r = impl_->c.exec(std::string(kPendingChecksSql));
    for (int i = 0; i < r.rows(); ++i)
      add_pending_row(owed, r.text(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3));
  });
  return owed;
}

// ---------------------------------------------------------------------------------------------
// Reading. The SQL is SQLite's where the two agree, with $N parameters; what differs is said where
// it does: count(*) FILTER (WHERE ...) for SQLite's sum(boolean), and text ordered as SQLite
// orders it (bytes: COLLATE "C"; NULL first: NULLS FIRST), whatever the server's collation.

namespace {

// The length of the comment `rest` starts with ("-- ..." to the end of its line, "/* ... */"
// nested as PostgreSQL nests them); 0 when it starts none. What the two readers of a script
// below (split_statements, words_of) skip alike.
std::size_t comment_length(std::string_view rest) {
  if (rest.substr(0, 2) == "--") {
    const std::size_t nl = rest.find('\n');
    return nl == std::string_view::npos ? rest.size() : nl + 1;
  }
  if (rest.substr(0, 2) != "/*") return 0;
  int depth = 0;
  std::size_t len = 0;
  do {
    if (rest.substr(len, 2) == "/*") {
      ++depth;
      len += 2;
    } else if (rest.substr(len, 2) == "*/") {
      --depth;
      len += 2;
    } else {
      ++len;
    }
  } while (depth > 0 && len < rest.size());
  return len;
}

// The length of the $tag$ ... $tag$ constant `rest` starts with (its '$' not inside a word);
// 0 when it starts none: a $1 parameter is not a quote.
std::size_t dollar_quote_length(std::string_view rest) {
  std::size_t end = 1;
  while (end < rest.size() &&
         (std::isalpha(static_cast<unsigned char>(rest[end])) || rest[end] == '_' ||
          (end > 1 && std::isdigit(static_cast<unsigned char>(rest[end])))))
    ++end;
  if (end >= rest.size() || rest[end] != '$') return 0;
  const std::string_view tag = rest.substr(0, end + 1);
  const std::size_t close = rest.find(tag, tag.size());
  return close == std::string_view::npos ? rest.size() : close + tag.size();
}

// The statements of a script, split at semicolons outside quotes, dollar quotes and comments,
// each trimmed; empty ones (only whitespace or comments) left out.
std::vector<std::string> split_statements(std::string_view sql) {
  std::vector<std::string> out;
  std::string current;
  bool meaningful = false;  // current holds more than whitespace and comments
  const auto flush = [&] {
    std::string_view s = current;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    if (meaningful) out.emplace_back(s);
    current.clear();
    meaningful = false;
  };
  std::size_t i = 0;
  while (i < sql.size()) {
    const char ch = sql[i];
    const std::string_view rest = sql.substr(i);
    std::size_t len = 1;
    if (const std::size_t comment = comment_length(rest); comment != 0) {
      len = comment;
    } else if (ch == '\'' || ch == '"') {
      // An E'...' string escapes with backslashes; every quoted text doubles its quote.
      const bool backslashes =
          ch == '\'' && i > 0 && (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
          (i < 2 || !(std::isalnum(static_cast<unsigned char>(sql[i - 2])) || sql[i - 2] == '_'));
      len = 1;
      while (len < rest.size()) {
        if (backslashes && rest[len] == '\\') {
          len += 2;
        } else if (rest[len] == ch) {
          if (len + 1 < rest.size() && rest[len + 1] == ch) {
            len += 2;
          } else {
            ++len;
            break;
          }
        } else {
          ++len;
        }
      }
      len = std::min(len, rest.size());
      meaningful = true;
    } else if (ch == '$' && (i == 0 || !(std::isalnum(static_cast<unsigned char>(sql[i - 1])) ||
                                         sql[i - 1] == '_'))) {
      if (const std::size_t quoted = dollar_quote_length(rest); quoted != 0) len = quoted;
      meaningful = true;
    } else if (ch == ';') {
      flush();
      ++i;
      continue;
    } else if (!std::isspace(static_cast<unsigned char>(ch))) {
      meaningful = true;
    }
    current.append(rest.substr(0, len));
    i += len;
  }
  flush();
  return out;
}

// A statement's words as PostgreSQL reads them: identifiers (unquoted ones in lower case, "quoted"
// ones as written), each with whether a '(' follows it (a call); string constants ('...', E'...',
// $tag$...$tag$), numbers, operators and comments are skipped. Enough to tell a statement's kind
// and the functions it names; the server parses the statement itself.
struct Word {
  std::string text;
  bool called{false};
};
std::vector<Word> words_of(std::string_view sql) {
  std::vector<Word> out;
  const auto ident_start = [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  const auto ident_part = [&](char c) {
    return ident_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '$';
  };
  std::size_t i = 0;
  while (i < sql.size()) {
    const char ch = sql[i];
    const std::string_view rest = sql.substr(i);
    if (const std::size_t comment = comment_length(rest); comment != 0) {
      i += comment;
    } else if (ch == '(') {
      if (!out.empty() && out.back().text != "") out.back().called = true;
      out.push_back({"", false});  // a break: what follows is not called by the word before
      ++i;
    } else if (ch == '\'' || ch == '"') {
      // An E'...' string (E not the end of a longer word: DATE'...' is a plain string) escapes
      // with backslashes; standard_conforming_strings is on (query() sets it), so no other does.
      const bool backslashes = ch == '\'' && i > 0 && (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
                               (i < 2 || !ident_part(sql[i - 2]));
      std::string text;
      std::size_t len = 1;
      while (len < rest.size()) {
        if (backslashes && rest[len] == '\\') {
          len += 2;
        } else if (rest[len] == ch) {
          if (len + 1 < rest.size() && rest[len + 1] == ch) {
            text += ch;
            len += 2;
          } else {
            ++len;
            break;
          }
        } else {
          text += rest[len];
          ++len;
        }
      }
      // A quoted identifier is a word (one with Unicode escapes, U&"...", a word no function
      // has: "u&", refused); a string constant a break.
      if (ch == '"' && i >= 2 && sql[i - 1] == '&' && (sql[i - 2] == 'u' || sql[i - 2] == 'U')) {
        out.push_back({"u&", false});
      } else if (ch == '"') {
        out.push_back({text, false});
      } else {
        out.push_back({"", false});
      }
      i += std::min(len, rest.size());
    } else if (ch == '$' && (i == 0 || !ident_part(sql[i - 1]))) {
      if (const std::size_t quoted = dollar_quote_length(rest); quoted != 0) {
        i += quoted;
        out.push_back({"", false});
      } else {
        ++i;  // a $1 parameter
      }
    } else if (ident_start(ch)) {
      std::size_t len = 1;
      while (len < rest.size() && ident_part(rest[len])) ++len;
      std::string w(rest.substr(0, len));
      for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out.push_back({std::move(w), false});
      i += len;
    } else if (std::isspace(static_cast<unsigned char>(ch)) || ch == '.') {
      ++i;  // a qualified name's dot keeps the word before it out of the call: the last part is
            // the function
    } else {
      out.push_back({"", false});
      ++i;
    }
  }
  return out;
}

// The functions a query may not call although a READ ONLY transaction lets them run: large
// objects (written inside a read-only transaction), what runs SQL given as text (which would hide
// a call from this check), and what acts on the server or other sessions.
bool refused_function(std::string_view name) {
  if (name.substr(0, 3) == "lo_" || name == "loread" || name == "lowrite") return true;
  for (const std::string_view prefix :
       {"pg_advisory", "pg_try_advisory", "pg_stat_reset", "dblink", "query_to_xml",
        "cursor_to_xml", "pg_file_", "pg_create_", "pg_drop_replication", "pg_copy_",
        "pg_replication_", "pg_wal_replay", "pg_backup_", "pg_start_backup", "pg_stop_backup"})
    if (name.substr(0, prefix.size()) == prefix) return true;
  for (const std::string_view exact : {"set_config",
                                       "query_to_xmlschema",
                                       "ts_stat",
                                       "ts_rewrite",
                                       "pg_notify",
                                       "pg_terminate_backend",
                                       "pg_cancel_backend",
                                       "pg_reload_conf",
                                       "pg_rotate_logfile",
                                       "pg_switch_wal",
                                       "pg_promote",
                                       "pg_logical_emit_message",
                                       "pg_read_file",
                                       "pg_read_binary_file",
                                       "pg_ls_dir",
                                       "pg_stat_file",
                                       "pg_import_system_collations",
                                       "pg_log_backend_memory_contexts",
                                       "pg_logical_slot_get_changes",
                                       "pg_logical_slot_peek_changes",
                                       "pg_logical_slot_get_binary_changes",
                                       "pg_logical_slot_peek_binary_changes"})
    if (name == exact) return true;
  return false;
}

// Why `statement` is not run by query(), or "" if it may be: only reads (SELECT, WITH, VALUES,
// TABLE, EXPLAIN, SHOW, in parentheses or not), calling no function of refused_function().
std::string refusal_of(std::string_view statement) {
  const std::vector<Word> words = words_of(statement);
  std::string kind;
  for (const Word& w : words) {
    if (!w.text.empty()) {
      kind = w.text;
      break;
    }
  }
  // (A leading '(' is a break word: skipped above like the rest.)
  static constexpr std::string_view kReads[] = {"select", "with",    "values",
                                                "table",  "explain", "show"};
  if (std::find(std::begin(kReads), std::end(kReads), kind) == std::end(kReads)) {
    std::string upper = kind;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return fmt::format("only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; {} is refused",
                       upper);
  }
  for (const Word& w : words) {
    if (w.text == "u&")
      return "identifiers with Unicode escapes (U&\"...\") are refused: they could hide a "
             "function's name";
    if (w.called && refused_function(w.text))
      return fmt::format(
          "the function {} is refused (it writes, acts on the server or runs SQL text)", w.text);
  }
  return {};
}

std::string shortened(const std::string& sql) {
  constexpr std::size_t kMax = 200;
  if (sql.size() > kMax) return sql.substr(0, kMax) + "...";
  return sql;
}

// The cell types of SQLite's results from PostgreSQL's column types (pg_type.h's OIDs): integers
// stay integers (numeric too when whole: sum(bigint) is numeric), booleans become 1 and 0 as in
// SQLite, bytea is hex like a blob.
constexpr unsigned kBool = 16, kBytea = 17, kInt8 = 20, kInt2 = 21, kInt4 = 23, kOid = 26,
                   kFloat4 = 700, kFloat8 = 701, kNumeric = 1700;

// The cell (row, c) of `r`, whose column is of the type `type`, as text and its type.
void cell_of(pg_result* r, int row, int c, unsigned type, std::optional<std::string>& cell,
             CellType& t) {
  if (PQgetisnull(r, row, c)) {
    cell.reset();
    t = CellType::Null;
    return;
  }
  if (!cell) cell.emplace();
  std::string& v = *cell;
  v.assign(PQgetvalue(r, row, c), static_cast<std::size_t>(PQgetlength(r, row, c)));
  t = CellType::Text;
  switch (type) {
    case kInt2:
    case kInt4:
    case kInt8:
    case kOid:
      t = CellType::Integer;
      break;
    case kFloat4:
    case kFloat8:
      t = CellType::Float;
      break;
    case kNumeric:
      t = v.find_first_of(".eEN") == std::string::npos ? CellType::Integer : CellType::Float;
      break;
    case kBool:
      v = v == "t" ? "1" : "0";
      t = CellType::Integer;
      break;
    case kBytea:
      if (v.substr(0, 2) == "\\x") v.erase(0, 2);
      t = CellType::Blob;
      break;
    default:
      break;
  }
}

std::vector<unsigned> column_types(pg_result* r) {
  std::vector<unsigned> types;
  for (int c = 0; c < PQnfields(r); ++c) types.push_back(PQftype(r, c));
  return types;
}

std::vector<std::string> column_names(pg_result* r) {
  std::vector<std::string> names;
  for (int c = 0; c < PQnfields(r); ++c) names.emplace_back(PQfname(r, c));
  return names;
}

QueryResult result_of(const Result& r) {
  QueryResult out;
  out.columns = column_names(r.get());
  const std::vector<unsigned> types = column_types(r.get());
  const auto ncols = types.size();
  for (int row = 0; row < r.rows(); ++row) {
    out.rows.emplace_back(ncols);
    out.types.emplace_back(ncols);
    for (std::size_t c = 0; c < ncols; ++c)
      cell_of(r.get(), row, static_cast<int>(c), types[c], out.rows.back()[c], out.types.back()[c]);
  }
  return out;
}

// The hands a ReadFilter selects, with the filter bound as $1 (site), $2 (since) and $3 (file ids
// as an array literal, '{}' for all) by filter_params(). `h` is the hands table. (SQLite's reads
// a JSON array with json_each instead of the array.)
// Joined to hands h: e.hand_id is not NULL for a hand with an error. No subquery a hand: on the
// partitioned discrepancies each would probe every month's partition; a join reads it once (and
// spills to disk if it must, where a hashed IN (SELECT ...) set that outgrows work_mem would
// turn into a subquery a hand again).
constexpr std::string_view kJoinHandsWithError =
    "LEFT JOIN (SELECT DISTINCT d.hand_id, d.play_month FROM discrepancies d "
    "WHERE d.severity = 'error' AND d.blame = 'site') e ON e.hand_id = h.hand_id AND e.play_month "
    "= h.play_month";
// Joined to hands h as g: g.hand_id is not NULL for a hand with a gap (hhaudit's, not a note).
constexpr std::string_view kJoinHandsWithGap =
    "LEFT JOIN (SELECT DISTINCT d.hand_id, d.play_month FROM discrepancies d "
    "WHERE d.severity <> 'info' AND d.blame = 'hhaudit') g ON g.hand_id = h.hand_id "
    "AND g.play_month = h.play_month";

// The play_month condition repeats the since for the partitions: hh_play_month('') is
// -infinity (every month), a day's is its month's first day, so the months before are pruned.
constexpr std::string_view kHandFilter =
    "($1 = '' OR h.site = $1) AND ($2 = '' OR h.started_at_utc >= $2) AND "
    "h.play_month >= hh_play_month($2) AND "
    "(cardinality($3::bigint[]) = 0 OR h.file_id = ANY ($3::bigint[]))";
// The files it selects (a file has no date), with $1 (site) and $2 (file ids) bound by
// file_filter_params(). `f` is the files table.
constexpr std::string_view kFileFilter =
    "($1 = '' OR f.site = $1) AND "
    "(cardinality($2::bigint[]) = 0 OR f.file_id = ANY ($2::bigint[]))";

Params filter_params(const ReadFilter& filter) {
  return {filter.site, filter.since, id_array(filter.file_ids)};
}
Params file_filter_params(const ReadFilter& filter) {
  return {filter.site, id_array(filter.file_ids)};
}

}  // namespace

std::string_view postgres_hand_filter_sql() { return kHandFilter; }

namespace {

void cancel_request(void* cancel) {
  char message[256];  // PQcancel's message, unused: the query's result says what happened
  PQcancel(static_cast<PGcancel*>(cancel), message, sizeof message);
}

}  // namespace

void PostgresStore::query(const std::string& sql, ResultSink& sink, const QueryOptions& options) {
  Connection& c = impl_->c;
  const std::vector<std::string> statements = split_statements(sql);
  // Every statement checked before the first runs.
  for (std::size_t n = 0; n < statements.size(); ++n) {
    const std::string why = refusal_of(statements[n]);
    if (!why.empty())
      throw std::runtime_error(fmt::format("read-only query: {} (statement {}: {})", why, n + 1,
                                           shortened(statements[n])));
  }
  sink.begin(statements.size());

  std::unique_ptr<PGcancel, void (*)(PGcancel*)> cancel(nullptr, &PQfreeCancel);
  std::optional<SigintCancel> on_sigint;
  if (options.stop_on_sigint) {
    cancel.reset(PQgetCancel(c.get()));
    if (cancel) on_sigint.emplace(&cancel_request, cancel.get());
  }

  // One READ ONLY transaction, always rolled back: whatever a statement did in it (a large
  // object the check above missed) is undone.
  c.exec("BEGIN TRANSACTION READ ONLY");
  struct Rollback {
    Connection& c;
    ~Rollback() {
      try {
        // A statement still running (a sink that threw) is cancelled and its results drained.
        if (PQtransactionStatus(c.get()) == PQTRANS_ACTIVE) {
          if (PGcancel* k = PQgetCancel(c.get())) {
            char message[256];
            PQcancel(k, message, sizeof message);
            PQfreeCancel(k);
          }
          while (pg_result* r = PQgetResult(c.get())) PQclear(r);
        }
        c.exec("ROLLBACK");
      } catch (...) {
        // The query's own error is the one worth reporting.
      }
    }
  } rollback{c};
  // Strings as the check above reads them: backslashes escape in E'...' strings only.
  c.exec("SET LOCAL standard_conforming_strings = on");
  if (options.timeout_seconds > 0)
    c.exec(fmt::format(
        "SET LOCAL statement_timeout = {}",
        std::max<long long>(
            1, static_cast<long long>(
                   std::min(options.timeout_seconds, QueryOptions::kMaxTimeoutSeconds) * 1000 +
                   0.5))));

  std::vector<std::optional<std::string>> row;
  std::vector<CellType> types;
  for (std::size_t n = 0; n < statements.size(); ++n) {
    const std::string& statement = statements[n];
    // One statement a call (the extended protocol refuses two), its rows one at a time.
    if (!PQsendQueryParams(c.get(), statement.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) ||
        !PQsetSingleRowMode(c.get()))
      throw std::runtime_error(fmt::format("SQL error: {} (statement {}: {})",
                                           PQerrorMessage(c.get()), n + 1, shortened(statement)));
    bool begun = false;
    std::vector<unsigned> column_type;
    Result failure;
    while (pg_result* raw = PQgetResult(c.get())) {
      Result r(raw);
      const ExecStatusType status = PQresultStatus(raw);
      if (status == PGRES_SINGLE_TUPLE || status == PGRES_TUPLES_OK) {
        if (!begun) {
          begun = true;
          sink.columns(column_names(raw));
          column_type = column_types(raw);
          row.resize(column_type.size());
          types.resize(column_type.size());
        }
        for (int i = 0; i < PQntuples(raw); ++i) {
          for (std::size_t col = 0; col < column_type.size(); ++col)
            cell_of(raw, i, static_cast<int>(col), column_type[col], row[col], types[col]);
          sink.row(row, types);
        }
        if (status == PGRES_TUPLES_OK) sink.end_result();
      } else if (status != PGRES_COMMAND_OK && !failure.get()) {
        failure = std::move(r);
      }
    }
    if (failure.get()) {
      const char* state = PQresultErrorField(failure.get(), PG_DIAG_SQLSTATE);
      const std::string sqlstate = state ? state : "";
      std::string message = PQresultErrorField(failure.get(), PG_DIAG_MESSAGE_PRIMARY)
                                ? PQresultErrorField(failure.get(), PG_DIAG_MESSAGE_PRIMARY)
                                : PQerrorMessage(c.get());
      while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back())))
        message.pop_back();
      if (sqlstate == "57014" && SigintCancel::interrupted())
        throw QueryStopped(
            fmt::format("interrupted: the server's query was cancelled (statement {}: {})", n + 1,
                        shortened(statement)));
      if (sqlstate == "57014" && options.timeout_seconds > 0)
        throw QueryStopped(fmt::format("query timeout: stopped after {} s (statement {}: {})",
                                       options.timeout_seconds, n + 1, shortened(statement)));
      // 25006: read_only_sql_transaction.
      throw std::runtime_error(fmt::format("{}: {} (statement {}: {})",
                                           sqlstate == "25006" ? "read-only query" : "SQL error",
                                           message, n + 1, shortened(statement)));
    }
    // Belt and braces: no statement that passed the check may end the transaction.
    if (PQtransactionStatus(c.get()) != PQTRANS_INTRANS)
      throw std::runtime_error(fmt::format(
          "read-only query: a statement that ends the transaction is refused (statement {}: {})",
          n + 1, shortened(statement)));
    if (on_sigint && SigintCancel::interrupted())
      throw QueryStopped(fmt::format("interrupted: the query was stopped (statement {}: {})", n + 1,
                                     shortened(statement)));
  }
}

std::vector<HandCandidate> PostgresStore::find_hands(std::string_view key, std::string_view site) {
  impl_->require_current_schema();
  std::vector<HandCandidate> out;
  impl_->read([&] {
    Result r = impl_->c.exec(
        "SELECT h.hand_id, h.site, coalesce(h.site_hand_id, ''), f.path, h.line, "
        "CASE WHEN CAST(h.hand_id AS TEXT) = $1 THEN 'hand_id' ELSE 'site_hand_id' END "
        "FROM hands h JOIN files f USING (file_id) "
        "WHERE (h.site_hand_id = $1 OR CAST(h.hand_id AS TEXT) = $1) AND "
        "($2 = '' OR h.site = $2) ORDER BY h.hand_id",
        {text(key), text(site)});
    for (int i = 0; i < r.rows(); ++i)
      out.push_back(
          {r.int64(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.int64(i, 4), r.text(i, 5)});
  });
  return out;
}

std::optional<HandExplanation> PostgresStore::explain_hand(std::int64_t hand_id) {
  impl_->require_current_schema();
  // SQLite's SQL but for string_agg (group_concat) and btrim (trim with characters).
  const std::pair<const char*, const char*> sections[] = {
      {"hand",
       "SELECT h.hand_id, h.site, h.site_hand_id, f.path, h.line, h.started_at_utc, h.table_name, "
       "h.game, h.limit_type, h.currency, h.unit, h.small_blind, h.big_blind, h.ante, "
       "h.button_seat, h.total_pot, h.rake, h.status, h.money_in_error FROM hands h JOIN files f "
       "USING (file_id) WHERE h.hand_id = $1"},
      {"board",
       "SELECT board, string_agg(cards, ' ' ORDER BY seq) AS cards FROM hand_events "
       "WHERE hand_id = $1 AND kind = 'board' GROUP BY board ORDER BY board"},
      {"players",
       "SELECT p.seat, p.player, (SELECT btrim(e.cards, '[] ') FROM hand_events e WHERE "
       "e.hand_id = p.hand_id AND e.seat = p.seat AND e.kind IN ('dealt', 'shows', 'mucks') AND "
       "e.cards IS NOT NULL ORDER BY e.kind = 'dealt' DESC, e.seq DESC LIMIT 1) AS hole_cards, "
       "p.start_stack, p.contributed, p.collected, p.net FROM hand_players p "
       "WHERE p.hand_id = $1 ORDER BY p.seat"},
      {"actions",
       "SELECT e.seq, e.street, e.seat, p.player, e.kind AS action, e.amount, e.to_amount, "
       "e.all_in, e.cards, e.stack_after AS stack, e.pot_after AS pot FROM hand_events e LEFT "
       "JOIN hand_players p ON p.hand_id = e.hand_id AND p.seat = e.seat WHERE e.hand_id = $1 "
       "AND e.kind <> 'dealt' ORDER BY e.seq"},
      {"pots",
       "SELECT pot_index, amount, rake, eligible, winners, reported_amount FROM v_pots WHERE "
       "hand_id = $1 ORDER BY pot_index"},
      {"findings",
       "SELECT d.discrepancy_id AS id, d.code, d.severity, d.blame, d.street, d.seat, d.player, "
       "d.expected, d.actual, d.message, d.cause_id AS follows_from, c.code AS cause, "
       "r.site_hand_id AS related_hand, v.review_status AS review, v.review_note, "
       "d.amount_unit FROM "
       "discrepancies d LEFT JOIN discrepancies c ON c.discrepancy_id = d.cause_id LEFT JOIN "
       "hands r ON r.hand_id = d.related_hand_id JOIN v_findings v ON v.discrepancy_id = "
       "d.discrepancy_id WHERE d.hand_id = $1 ORDER BY d.discrepancy_id"},
  };
  HandExplanation out;
  bool found = true;
  impl_->read([&] {
    for (const auto& [title, sql] : sections) {
      out.emplace_back(title, result_of(impl_->c.exec(sql, {std::to_string(hand_id)})));
      if (out.front().second.rows.empty()) {
        found = false;
        return;
      }
    }
  });
  if (!found) return std::nullopt;
  return out;
}

std::vector<SessionHand> PostgresStore::session_hands(const SessionKey& key) {
  impl_->require_current_schema();
  std::vector<SessionHand> hands;
  impl_->read([&] { hands = impl_->read_session(key); });
  return hands;
}

std::vector<ProfileHand> PostgresStore::raked_cash_hands(std::string_view site,
                                                         bool schedule_unknown_only) {
  impl_->require_current_schema();
  std::vector<ProfileHand> hands;
  impl_->read([&] { hands = impl_->read_raked_cash_hands(site, schedule_unknown_only); });
  return hands;
}

StoreTotals PostgresStore::totals(const ReadFilter& filter) {
  impl_->require_current_schema();
  Connection& c = impl_->c;
  const Params params = filter_params(filter);
  StoreTotals t;
  impl_->read([&] {
    Result files =
        c.exec(fmt::format("SELECT f.status, count(*) FROM files f WHERE {} GROUP BY f.status",
                           kFileFilter),
               file_filter_params(filter));
    for (int i = 0; i < files.rows(); ++i) {
      const std::string status = files.text(i, 0);
      const long n = static_cast<long>(files.int64(i, 1));
      if (status == "audited") t.files_audited = n;
      if (status == "interrupted") t.files_interrupted = n;
      if (status == unread_status_name(UnreadReason::Unsupported)) t.files_unsupported = n;
      if (status == unread_status_name(UnreadReason::NoHands)) t.files_without_hands = n;
      if (status == unread_status_name(UnreadReason::Unreadable)) t.files_unreadable = n;
    }
    Result hands =
        c.exec(fmt::format("SELECT count(*), count(*) FILTER (WHERE h.status = 'unparsed'), "
                           "count(e.hand_id), count(g.hand_id) FROM hands h {} {} WHERE {}",
                           kJoinHandsWithError, kJoinHandsWithGap, kHandFilter),
               params);
    t.hands = static_cast<long>(hands.int64(0, 0));
    t.unparsed = static_cast<long>(hands.int64(0, 1));
    t.hands_with_errors = static_cast<long>(hands.int64(0, 2));
    t.hands_with_gaps = static_cast<long>(hands.int64(0, 3));
    // Codes in byte order, as SQLite sorts them (the server's collation may not).
    Result codes = c.exec(
        fmt::format("SELECT d.code, d.severity, count(DISTINCT d.hand_id), count(*), "
                    "min(d.blame) FROM discrepancies d JOIN hands h ON h.hand_id = d.hand_id "
                    "AND h.play_month = d.play_month "
                    "WHERE {} GROUP BY d.code, d.severity "
                    "ORDER BY 3 DESC, d.code COLLATE \"C\", d.severity COLLATE \"C\"",
                    kHandFilter),
        params);
    for (int i = 0; i < codes.rows(); ++i)
      t.codes.push_back({codes.text(i, 0), codes.text(i, 1), static_cast<long>(codes.int64(i, 2)),
                         static_cast<long>(codes.int64(i, 3)), codes.text(i, 4)});
    t.summaries = static_cast<long>(
        c.exec(count_summaries_sql(kFileFilter), file_filter_params(filter)).int64(0, 0));
    Result summary_codes =
        c.exec(summary_codes_sql(kFileFilter, " COLLATE \"C\""), file_filter_params(filter));
    for (int i = 0; i < summary_codes.rows(); ++i)
      t.codes.push_back({summary_codes.text(i, 0), summary_codes.text(i, 1),
                         static_cast<long>(summary_codes.int64(i, 2)),
                         static_cast<long>(summary_codes.int64(i, 3)), summary_codes.text(i, 4)});
  });
  return t;
}

Sections PostgresStore::breakdowns(const ReadFilter& filter) {
  impl_->require_current_schema();
  constexpr std::string_view kHasError = "CASE WHEN e.hand_id IS NULL THEN 0 ELSE 1 END";
  const std::pair<const char*, std::string> queries[] = {
      {"files",
       fmt::format(
           "SELECT f.site, count(*) FILTER (WHERE f.status = 'audited') AS read, "
           "count(*) FILTER (WHERE f.status = 'unsupported') AS unsupported, "
           "count(*) FILTER (WHERE f.status = 'no-hands') AS without_hands, "
           "count(*) FILTER (WHERE f.status = 'unreadable') AS unreadable, "
           "count(*) FILTER (WHERE f.status = 'interrupted') AS interrupted "
           "FROM files f WHERE {} GROUP BY f.site ORDER BY f.site COLLATE \"C\" NULLS FIRST",
           kFileFilter)},
      {"hands", fmt::format("SELECT h.site, substr(h.started_at_utc, 1, 7) AS month, "
                            "count(*) AS hands, count(*) FILTER (WHERE h.status <> 'unparsed') "
                            "AS parsed, count(*) FILTER (WHERE h.status = 'unparsed') AS unparsed, "
                            "sum({}) AS with_errors FROM hands h {} WHERE {} GROUP BY 1, 2 "
                            "ORDER BY h.site COLLATE \"C\", substr(h.started_at_utc, 1, 7) COLLATE "
                            "\"C\" NULLS FIRST",
                            kHasError, kJoinHandsWithError, kHandFilter)},
      // Money in error by month and currency (money of two currencies never adds up).
      {"money",
       fmt::format("SELECT h.site, substr(h.started_at_utc, 1, 7) AS month, h.currency, h.unit, "
                   "count(*) FILTER (WHERE h.money_in_error > 0) AS hands_in_error, "
                   "coalesce(sum(h.money_in_error), 0) AS money_in_error, "
                   "count(*) FILTER (WHERE h.money_in_error IS NULL AND h.status = 'findings') "
                   "AS hands_not_linked FROM hands h WHERE {} GROUP BY 1, 2, 3, 4 "
                   "ORDER BY h.site COLLATE \"C\", substr(h.started_at_utc, 1, 7) COLLATE \"C\" "
                   "NULLS FIRST, h.currency COLLATE \"C\" NULLS FIRST, h.unit",
                   kHandFilter)},
      // The rake paid, and what the house schedules say of it: taken over the schedule (or on a
      // hand that is not raked), left under it, hands no schedule covers.
      {"rake",
       fmt::format(
           "SELECT h.site, h.currency, h.unit, count(*) AS hands, "
           "coalesce(sum(h.rake), 0) AS rake, coalesce(sum(r.over_schedule), 0) AS over_schedule, "
           "coalesce(sum(r.under_schedule), 0) AS under_schedule, "
           "count(*) FILTER (WHERE r.unknown) AS without_schedule FROM hands h "
           "LEFT JOIN (SELECT d.hand_id, d.play_month, sum(CASE WHEN d.code IN "
           "('RAKE_OVER_SCHEDULE', 'RAKE_ON_UNRAKED_HAND') THEN d.actual - d.expected END) AS "
           "over_schedule, sum(CASE WHEN d.code = 'RAKE_UNDER_SCHEDULE' THEN d.expected - "
           "d.actual END) AS under_schedule, bool_or(d.code = 'RAKE_SCHEDULE_UNKNOWN') AS unknown "
           "FROM discrepancies d WHERE d.code IN ('RAKE_OVER_SCHEDULE', 'RAKE_ON_UNRAKED_HAND', "
           "'RAKE_UNDER_SCHEDULE', 'RAKE_SCHEDULE_UNKNOWN') GROUP BY 1, 2) r "
           "ON r.hand_id = h.hand_id AND r.play_month = h.play_month WHERE {} AND "
           "h.status <> 'unparsed' AND h.currency IS NOT NULL AND "
           "h.tournament_id IS NULL GROUP BY 1, 2, 3 "
           "ORDER BY h.site COLLATE \"C\", h.currency COLLATE \"C\", h.unit",
           kHandFilter)},
  };
  Sections out;
  impl_->read([&] {
    for (const auto& [title, sql] : queries)
      out.emplace_back(title, result_of(impl_->c.exec(sql, out.empty() ? file_filter_params(filter)
                                                                       : filter_params(filter))));
  });
  return out;
}

Store::HandsWithFindings PostgresStore::hands_with_findings(const ReadFilter& filter, int limit) {
  impl_->require_current_schema();
  HandsWithFindings out;
  Params params = filter_params(filter);
  impl_->read([&] {
    out.count = static_cast<long>(
        impl_->c
            .exec(fmt::format("SELECT count(*) FROM hands h WHERE h.status = 'findings' AND {}{}",
                              kHandFilter, unreviewed_hand_sql(filter.unreviewed)),
                  params)
            .int64(0, 0));
    params.push_back(std::to_string(limit));
    Result r = impl_->c.exec(
        fmt::format("SELECT h.hand_id FROM hands h WHERE h.status = 'findings' AND {}{} "
                    "ORDER BY {} LIMIT $4",
                    kHandFilter, unreviewed_hand_sql(filter.unreviewed), kMoneyInErrorOrder),
        params);
    for (int i = 0; i < r.rows(); ++i) out.hand_ids.push_back(r.int64(i, 0));
  });
  return out;
}

std::vector<IntegrityHand> PostgresStore::integrity_hands(const ReadFilter& filter) {
  impl_->require_current_schema();
  const Params params = filter_params(filter);
  std::vector<IntegrityHand> hands;
  impl_->read([&] {
    hands.clear();
    // The seats fetched through a cursor: read while the server makes the next rows.
    for_each_fetch(impl_->c, integrity_seats_sql(kHandFilter), params, [&hands](const Result& r) {
      for (int i = 0; i < r.rows(); ++i) add_integrity_seat_row(hands, SeatedRow{r, i});
    });
    // The logs streamed: each fetch's texts are decoded before the next is read.
    IntegrityLogJoin logs(hands);
    for_each_fetch(impl_->c, integrity_event_logs_sql(kHandFilter), params,
                   [&logs](const Result& rows) {
                     for (int i = 0; i < rows.rows(); ++i)
                       logs.add(rows.int64(i, 0), rows.text(i, 1));
                   });
    logs.warn_of_undecoded();
  });
  return hands;
}

void PostgresStore::replace_integrity_signals(const std::vector<IntegritySignal>& signals,
                                              std::string_view computed_at, std::string_view of) {
  impl_->require_writer();
  const auto or_null = [](const std::string& v) -> std::optional<std::string> {
    if (v.empty()) return std::nullopt;
    return v;
  };
  impl_->write([&] {
    impl_->c.exec("DELETE FROM integrity_signals");
    for (const IntegritySignal& g : signals) {
      std::optional<std::string> amount;
      if (g.amount) amount = std::to_string(*g.amount);
      impl_->c.exec(
          insert_integrity_signal_sql('$'),
          {g.kind, g.site, or_null(g.players.empty() ? "" : g.players[0]),
           or_null(g.players.size() < 2 ? "" : g.players[1]), fmt::format("{}", g.score),
           fmt::format("{}", g.threshold), g.statistic, amount, or_null(g.currency), g.explanation,
           std::to_string(g.hand_ids.size()), hand_id_list(g.hand_ids), text(computed_at)});
    }
    impl_->c.exec(
        "INSERT INTO meta(key, value) VALUES ('integrity_signals_of', $1) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        {text(of)});
  });
}

void PostgresStore::keep_allin_equities(const std::vector<AllInEquity>& equities) {
  impl_->require_writer();
  std::string rows;
  for_each_allin_equity_row(
      equities, [&rows](std::int64_t hand_id, int share, std::string_view reading, int sampled,
                        long boards, const AllInShare* a) {
        postgres::copy_field(rows, hand_id);
        postgres::copy_field(rows, share);
        postgres::copy_field(rows, reading);
        postgres::copy_field(rows, sampled);
        postgres::copy_field(rows, boards);
        if (!a) {
          for (int i = 0; i < 4; ++i) postgres::copy_null(rows);
          postgres::copy_null(rows, true);
          return;
        }
        postgres::copy_field(rows, a->player);
        // fmt's shortest text that reads back as the same double.
        for (const double v : {a->equity, a->variance, a->won})
          postgres::copy_field(rows, fmt::format("{}", v));
        postgres::copy_field(rows, fmt::format("{}", a->pot_big_blinds), true);
      });
  if (rows.empty()) return;
  // Several writers may compute the same hands at once: the first rows of a hand stay, the
  // others (the same numbers: each hand's boards are seeded by the hand) are left out.
  const std::string copy =
      fmt::format("COPY stage_allin_equities({}) FROM STDIN", kAllInEquityColumns);
  impl_->write([&] {
    impl_->c.exec(
        "CREATE TEMP TABLE IF NOT EXISTS stage_allin_equities ON COMMIT DELETE ROWS AS SELECT * "
        "FROM allin_equities WITH NO DATA");
    impl_->c.copy_in_all(
        {{copy, rows}},
        {{fmt::format("INSERT INTO allin_equities ({0}) SELECT {0} FROM stage_allin_equities "
                      "ORDER BY hand_id, share ON CONFLICT DO NOTHING",
                      kAllInEquityColumns),
          {}}});
  });
}

std::vector<AllInEquity> PostgresStore::kept_allin_equities() {
  impl_->require_current_schema();
  std::vector<AllInEquity> out;
  impl_->read([&] {
    const Result r = impl_->c.exec(std::string(kKeptAllInEquitiesSql));
    out.clear();
    for (int i = 0; i < r.rows(); ++i) add_kept_allin_equity_row(out, SeatedRow{r, i});
  });
  return out;
}

std::vector<std::string> PostgresStore::sites() {
  std::vector<std::string> out;
  impl_->read([&] {
    Result r = impl_->c.exec(
        "SELECT site FROM (SELECT site FROM hands UNION SELECT site FROM files WHERE site IS NOT "
        "NULL) s ORDER BY site COLLATE \"C\"");
    for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
  });
  return out;
}

}  // namespace hh::db
