#include "db/sqlite/sqlite_store.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "db/file_rows.hpp"
#include "db/hand_order.hpp"
#include "db/hand_row.hpp"
#include "db/integrity_rows.hpp"
#include "db/pending_checks.hpp"
#include "db/rake_rows.hpp"
#include "db/reviews.hpp"
#include "db/session_rows.hpp"
#include "db/sqlite/database.hpp"
#include "db/sqlite/schema.hpp"
#include "db/tournament_rows.hpp"

namespace hh::db {

using sqlite::Database;
using sqlite::ResetGuard;
using sqlite::Statement;

namespace {

// UTC, ISO 8601 with a Z, as started_at_utc: one format for every timestamp in the database.
#define HH_DB_NOW "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

// For its life, what SQLite sorts beyond its cache goes to temporary files, as by default, not to
// memory (the writer's temp_store, for its bulk load): a sort of a large table's rows would hold
// them all in memory.
class TempStoreOnDisk {
 public:
  explicit TempStoreOnDisk(sqlite::Database& db) : db_(db) {
    db_.exec("PRAGMA temp_store=DEFAULT");
  }
  ~TempStoreOnDisk() {
    try {
      db_.exec("PRAGMA temp_store=MEMORY");
    } catch (...) {  // the bulk load then sorts on disk: slower, the same
    }
  }
  TempStoreOnDisk(const TempStoreOnDisk&) = delete;
  TempStoreOnDisk& operator=(const TempStoreOnDisk&) = delete;

 private:
  sqlite::Database& db_;
};

// A row of seated_hands_sql() as add_session_row() reads it.
struct SeatedRow {
  const sqlite::Statement& s;
  bool is_null(int c) const { return s.column_is_null(c); }
  std::int64_t int64(int c) const { return s.column_int64(c); }
  std::string text(int c) const { return s.column_text(c); }
  double real(int c) const { return s.column_double(c); }
};

}  // namespace

// The write side: its prepared statements and the open batch.
struct SqliteStore::Writer {
  struct FileCounts {
    int duplicates{0};
    int conflicts{0};
  };

  Database& db;
  int batch_hands;
  bool in_txn{false};
  bool first_txn{true};
  // The database held no hand when this writer began: the secondary indexes are dropped and
  // built once instead of row by row: those of hands when the load is done (commit(), before the
  // checks between hands read by them), those of findings when something reads the findings or
  // deletes some, or the store closes (the checks between hands write most of a new database's
  // findings: built after them, not kept up to date row by row).
  bool hand_indexes_deferred{false};
  bool finding_indexes_deferred{false};
  // What this writer can prove of the findings between two hands (the rows with a related hand):
  // the database held no finding when its load began (ensure_txn), and no other connection has
  // committed since (PRAGMA data_version, read under each batch's write lock: BEGIN IMMEDIATE).
  // Then the only ones are those this writer wrote, of the tables and tournaments listed, and the
  // DELETE of another table's old ones would find nothing: it is skipped (it probes the findings
  // of the table's hands one hand at a time).
  bool related_findings_known{false};
  std::int64_t data_version{0};
  std::set<SessionKey> tables_with_related;        // a table's check wrote some
  std::set<TournamentKey> tournaments_with_moves;  // a tournament's check wrote some
  int pending{0};
  std::unordered_map<std::int64_t, FileCounts> counts;
  // A write of this store failed and left the database broken() (a full disk, an I/O error):
  // its transaction may be gone (SQLite rolls it back on a full disk) or half done. Its
  // end rolls back instead of committing, and says nothing: the failure was reported by whoever
  // caught it, and a second message ("cannot commit - no transaction is active", a failed
  // CREATE INDEX) would only confuse. The next run does again what was not committed.
  bool failed{false};

  // The open transaction is gone (SQLite rolled it back) or the database cannot be written (a
  // full disk, an I/O error): what a failed write that leaves `failed` set looks like. A write
  // refused on its own (a constraint: the hand is taken back) leaves the batch as it was.
  bool broken() const {
    if (in_txn && sqlite3_get_autocommit(db.get()) != 0) return true;
    switch (sqlite3_errcode(db.get()) & 0xff) {
      case SQLITE_FULL:
      case SQLITE_IOERR:
      case SQLITE_NOMEM:
      case SQLITE_CORRUPT:
      case SQLITE_NOTADB:
      case SQLITE_CANTOPEN:
      case SQLITE_READONLY:
        return true;
      default:
        return false;
    }
  }

  // Made at the start of each write call of the store: sets `failed` if an exception leaves it
  // with the database broken().
  class WriteCall {
   public:
    explicit WriteCall(Writer& w) : w_(w), exceptions_(std::uncaught_exceptions()) {}
    ~WriteCall() {
      if (std::uncaught_exceptions() > exceptions_ && w_.broken()) w_.failed = true;
    }
    WriteCall(const WriteCall&) = delete;
    WriteCall& operator=(const WriteCall&) = delete;

   private:
    Writer& w_;
    int exceptions_;
  };
  // The rows of pending_checks written in the open transaction: not written again for each hand.
  std::set<PendingCheckRow> checks_recorded;

  Statement begin, commit, read_data_version;
  Statement record_check, clear_check;
  Statement find_file, restart_file, insert_file, finish_file, set_file_sha256, record_unread,
      record_unreadable, forget_unreadable;
  Statement find_hand, find_unidentified, insert_hand, insert_player, insert_pot, insert_pot_seat,
      insert_finding, set_cause, insert_events, find_conflict, insert_conflict, delete_hand;
  PreparedRows own_rows;  // a hand's rows made here when not given (kept to reuse its buffers)

  Writer(Database& database, int batch) : db(database), batch_hands(batch > 0 ? batch : 1) {
    // A bulk load: a large page cache and temporary tables in memory (the one writer thread owns
    // the connection, hence NOMUTEX above).
    db.exec("PRAGMA cache_size=-16384; PRAGMA temp_store=MEMORY;");
    // IMMEDIATE takes the write lock up front, so a concurrent writer makes us wait (busy
    // timeout) at BEGIN instead of failing half-way through a batch.
    begin = Statement(db, "BEGIN IMMEDIATE");
    commit = Statement(db, "COMMIT");
    read_data_version = Statement(db, "PRAGMA data_version");
    record_check = Statement(db, record_pending_check_sql('?', "0"));
    clear_check = Statement(db, clear_pending_check_sql('?'));
    prepare_file_statements();
    prepare_hand_statements();
  }

  // The statements that record the files read.
  void prepare_file_statements() {
    find_file = Statement(db, "SELECT file_id, audited_at IS NOT NULL FROM files WHERE sha256 = ?");
    restart_file = Statement(db,
                             "UPDATE files SET path = ?, bytes = ?, encoding = ?, site = ?, "
                             "status = 'interrupted', note = NULL, sha256 = ? WHERE file_id = ?");
    // Until finish_file, a file is 'interrupted': a run that dies leaves it so.
    insert_file = Statement(db,
                            "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, "
                            "status) VALUES (?, ?, ?, ?, ?, " HH_DB_NOW ", 'interrupted')");
    finish_file =
        Statement(db,
                  "UPDATE files SET hands = ?, failed = ?, duplicates = ?, conflicts = ?, "
                  "audited_at = " HH_DB_NOW ", status = 'audited' WHERE file_id = ?");
    // The digest of a file hashed as it was read; OR IGNORE: another file holds it (finish_file).
    set_file_sha256 = Statement(db, "UPDATE OR IGNORE files SET sha256 = ? WHERE file_id = ?");
    // A file read before keeps its row; one recorded unread before takes the latest facts.
    record_unread = Statement(
        db,
        "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, status, note) "
        "VALUES (?, ?, ?, ?, ?, " HH_DB_NOW
        ", ?, ?) ON CONFLICT(sha256) DO UPDATE SET "
        "path = excluded.path, encoding = excluded.encoding, site = excluded.site, "
        "status = excluded.status, note = excluded.note "
        "WHERE files.status IN ('unsupported', 'no-hands')");
    // A file with no content read is known by its path: the latest run unable to read it says why.
    record_unreadable = Statement(
        db,
        "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at, status, note) "
        "VALUES (?, NULL, ?, NULL, NULL, " HH_DB_NOW
        ", 'unreadable', ?) ON CONFLICT(path) WHERE sha256 IS NULL DO UPDATE SET "
        "bytes = excluded.bytes, note = excluded.note");
    // Read now (or recorded unread with its content): no longer unreadable.
    forget_unreadable = Statement(db, "DELETE FROM files WHERE path = ? AND sha256 IS NULL");
  }

  // The statements that write a hand and its rows, and record its conflicts.
  void prepare_hand_statements() {
    find_hand = Statement(
        db, "SELECT hand_id, content_sha256 FROM hands WHERE site = ? AND site_hand_id = ?");
    find_unidentified =
        Statement(db,
                  "SELECT hand_id FROM hands WHERE site = ? AND site_hand_id IS NULL "
                  "AND content_sha256 = ? LIMIT 1");
    insert_hand =
        Statement(db,
                  "INSERT INTO hands(site, site_hand_id, file_id, byte_offset, line, table_name, "
                  "game, limit_type, currency, unit, small_blind, big_blind, ante, "
                  "started_at_utc, seats, players_dealt, total_pot, rake, fees, status, "
                  "content_sha256, tournament_id, button_seat, cancelled, total_contributed, "
                  "total_collected, parse_issues, total_pot_derived, rake_derived, "
                  "money_in_error, fast_fold, players_named_by_position, "
                  "registration_may_be_open) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                  "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(site, "
                  "site_hand_id) DO NOTHING");
    // Takes back a hand whose rows could not all be written (its players, pots, events and
    // findings go with it: ON DELETE CASCADE).
    delete_hand = Statement(db, "DELETE FROM hands WHERE hand_id = ?");
    insert_player = Statement(db,
                              "INSERT INTO hand_players(hand_id, seat, player, start_stack, "
                              "contributed, collected, net, sitting_out, stack_unknown, "
                              "posted_small_blind, posted_big_blind, posted_owed, "
                              "finish_place, settled_outside) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert_pot = Statement(db,
                           "INSERT INTO pots(hand_id, pot_index, amount, rake, reported_amount) "
                           "VALUES (?, ?, ?, ?, ?)");
    insert_pot_seat =
        Statement(db, "INSERT INTO pot_seats(hand_id, pot_index, seat, role) VALUES (?, ?, ?, ?)");
    insert_finding = Statement(db,
                               "INSERT INTO discrepancies(hand_id, code, severity, street, seat, "
                               "player, expected, actual, message, line, related_hand_id, "
                               "amount_unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    set_cause = Statement(db, "UPDATE discrepancies SET cause_id = ? WHERE discrepancy_id = ?");
    insert_events =
        Statement(db, "INSERT INTO hand_event_log(hand_id, events, chips) VALUES (?, ?, ?)");
    // The same occurrence (file, place, content) recorded by an earlier run of this file that
    // was interrupted: recording it again would count one conflict twice.
    find_conflict = Statement(db,
                              "SELECT 1 FROM hand_conflicts WHERE existing_hand_id = ? AND "
                              "file_id = ? AND byte_offset = ? AND content_sha256 = ? LIMIT 1");
    insert_conflict = Statement(db,
                                "INSERT INTO hand_conflicts(site, site_hand_id, existing_hand_id, "
                                "file_id, byte_offset, line, content_sha256, recorded_at) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, " HH_DB_NOW ")");
  }

  static void run(Statement& s) {
    ResetGuard g(s);
    s.step();
  }

  static void bind_check(Statement& s, const PendingCheckRow& row) {
    s.bind_text(1, row.kind);
    s.bind_text(2, row.site);
    s.bind_text(3, row.table_name);
    s.bind_text(4, row.tournament_id);
  }

  // The checks a new hand or summary makes due (pending_checks), in the current batch: those not
  // written in it yet.
  void record_checks(const PendingChecks& due) {
    if (due.empty()) return;
    for (const PendingCheckRow& row : pending_check_rows(due)) {
      if (checks_recorded.contains(row)) continue;
      ResetGuard g(record_check);
      bind_check(record_check, row);
      record_check.step();
      checks_recorded.insert(row);
    }
  }

  // Takes back a hand whose rows could not all be written (its players, pots, events and findings
  // go with it: ON DELETE CASCADE), while an error is on its way: a failure here is not reported,
  // the original error is the one worth reporting.
  void take_back_hand(std::int64_t hand_id) {
    try {
      ResetGuard g(delete_hand);
      delete_hand.bind_int64(1, hand_id);
      delete_hand.step();
    } catch (...) {
    }
  }

  // A hand just stored: the checks it makes due, in its batch; atomic with it, as its rows are
  // (when they cannot be recorded, the hand is taken back and the error goes on).
  void record_checks_of(std::int64_t hand_id, const StoredHand& stored) {
    try {
      PendingChecks due;
      due.add_hand(stored.hand, stored.result);
      record_checks(due);
    } catch (...) {
      take_back_hand(hand_id);
      throw;
    }
  }

  // A hand whose (site, site_hand_id) is stored already: the same text is a duplicate, another a
  // conflict, recorded once (never overwritten: which copy is right is for a person to decide,
  // v_conflicts).
  HandOutcome duplicate_or_conflict(std::int64_t file_id, const StoredHand& stored) {
    const Hand& hand = stored.hand;
    const std::string_view content_sha = stored.content_sha256;
    FileCounts& file_counts = counts[file_id];
    const std::string site = hand.site.empty() ? std::string("unknown") : hand.site;
    std::int64_t existing_id = 0;
    std::string existing_sha;
    {
      ResetGuard g(find_hand);
      find_hand.bind_text(1, site);
      find_hand.bind_text(2, hand.site_hand_id);
      if (!find_hand.step())
        throw std::runtime_error(fmt::format("hand {} of {}: not inserted, yet not stored either",
                                             hand.site_hand_id, site));
      existing_id = find_hand.column_int64(0);
      existing_sha = find_hand.column_text(1);
    }
    if (existing_sha == content_sha) {
      ++file_counts.duplicates;
      count_hand();
      return HandOutcome::Duplicate;
    }
    bool recorded = false;
    {
      ResetGuard g(find_conflict);
      find_conflict.bind_int64(1, existing_id);
      find_conflict.bind_int64(2, file_id);
      find_conflict.bind_int64(3, static_cast<std::int64_t>(hand.source.byte_offset));
      find_conflict.bind_text(4, content_sha);
      recorded = find_conflict.step();
    }
    // A row already recorded by an interrupted run of this file is not added twice; the file
    // still counts the conflict, as its run did.
    if (!recorded) {
      Statement& s = insert_conflict;
      ResetGuard g(s);
      s.bind_text(1, site);
      s.bind_text(2, hand.site_hand_id);
      s.bind_int64(3, existing_id);
      s.bind_int64(4, file_id);
      s.bind_int64(5, static_cast<std::int64_t>(hand.source.byte_offset));
      s.bind_int64(6, hand.source.line);
      s.bind_text(7, content_sha);
      s.step();
    }
    ++file_counts.conflicts;
    count_hand();
    return HandOutcome::Conflict;
  }

  // A check done: its row goes, in the batch that stores its findings again.
  void check_done(const PendingCheckRow& row) {
    ensure_txn();
    checks_recorded.erase(row);
    ResetGuard g(clear_check);
    bind_check(clear_check, row);
    clear_check.step();
  }

  void forget_unreadable_at(const std::string& path) {
    ResetGuard g(forget_unreadable);
    forget_unreadable.bind_text(1, path);
    forget_unreadable.step();
  }

  // Changes with every commit of another connection to the database (never with this one's).
  std::int64_t others_data_version() {
    ResetGuard g(read_data_version);
    read_data_version.step();
    return read_data_version.column_int64(0);
  }

  void ensure_txn() {
    if (in_txn) return;
    run(begin);
    in_txn = true;
    if (related_findings_known && others_data_version() != data_version)
      related_findings_known = false;
    if (!first_txn) return;
    first_txn = false;
    // Decided under the write lock of the first batch: no other writer adds a hand meanwhile.
    Statement any_hand(db, "SELECT 1 FROM hands LIMIT 1");
    if (!any_hand.step()) {
      sqlite::drop_bulk_load_indexes(db);
      hand_indexes_deferred = true;
      finding_indexes_deferred = true;
      // No hand, so no finding (each names its hand; checked all the same, it costs nothing).
      Statement any_finding(db, "SELECT 1 FROM discrepancies LIMIT 1");
      if (!any_finding.step()) {
        related_findings_known = true;
        data_version = others_data_version();
      }
    }
  }

  // A finding between two hands of table `key`, in the current batch; remembered, so that
  // no_related_findings no longer holds for the table.
  void store_session_finding(const SessionKey& key, const SessionFinding& f) {
    tables_with_related.insert(key);
    store_finding(f.hand_id, f.finding, f.related_hand_id);
  }

  // No finding between two hands can be stored for the hands of table `key`: none of the table's
  // own, none of a move between the tables of its tournament (its tournament's check).
  bool no_related_findings(const SessionKey& key) const {
    return related_findings_known && !tables_with_related.contains(key) &&
           (key.tournament_id.empty() ||
            !tournaments_with_moves.contains(TournamentKey{key.site, key.tournament_id}));
  }

  // No finding between two hands at different tables of tournament `key` can be stored: those of
  // a table's check are between hands of one table.
  bool no_move_findings(const TournamentKey& key) const {
    return related_findings_known && !tournaments_with_moves.contains(key);
  }

  // Builds the indexes deferred by ensure_txn, in the current batch: all of them (with_findings),
  // or those of hands. A run that dies before leaves them to the next opening for writing
  // (apply_schema makes what is missing): until then reads are slower, not different.
  void restore_indexes(bool with_findings = true) {
    if (!hand_indexes_deferred && !(with_findings && finding_indexes_deferred)) return;
    ensure_txn();
    // Each index is sorted first: on disk, or the sort of a large load would hold all its keys.
    TempStoreOnDisk on_disk(db);
    if (with_findings) {
      sqlite::create_missing_indexes(db);
      finding_indexes_deferred = false;
    } else {
      sqlite::create_missing_hand_indexes(db);
    }
    hand_indexes_deferred = false;
  }

  // The findings between hands at two tables of tournament `key` stored before (before its new
  // ones are stored).
  void delete_move_findings(const TournamentKey& key) {
    if (no_move_findings(key)) return;
    restore_indexes();  // the DELETE finds a tournament's findings by hand
    Statement s(db, delete_table_move_findings_sql('?'));
    s.bind_text(1, key.site);
    s.bind_text(2, key.tournament_id);
    s.step();
  }

  // A finding between hands at two tables of tournament `key`, in the current batch; remembered,
  // so that no_move_findings no longer holds for it.
  void store_move_finding(const TournamentKey& key, const SessionFinding& f) {
    tournaments_with_moves.insert(key);
    store_finding(f.hand_id, f.finding, f.related_hand_id);
  }

  // The findings `scope`'s check replaces, deleted in the current batch; returns the row of the
  // tournament's summary, where its findings go (none for another scope, or with no summary).
  std::optional<std::int64_t> delete_findings_of(const CheckScope& scope);
  // A finding of `scope`'s check, in the current batch.
  void store_scope_finding(const CheckScope& scope, std::optional<std::int64_t> summary_row,
                           const ScopeFinding& f);

  // Before other connections read beside this one (readers_beside): the indexes they read by
  // built and committed, then BEGIN IMMEDIATE: no other process writes until this transaction
  // commits, and the readers' reads, which begin after it, see what this connection sees.
  void begin_reads_beside() {
    restore_indexes(false);
    do_commit();
    ensure_txn();
  }

  void do_commit() {
    if (!in_txn) return;
    // If COMMIT fails (e.g. disk full) the transaction stays open and in_txn stays true, so a
    // later commit() or the destructor retries instead of silently dropping the batch.
    run(commit);
    in_txn = false;
    pending = 0;
    // Committed: another writer may check these tables and delete their rows before the next batch
    // adds hands to them, which writes them again.
    checks_recorded.clear();
  }

  void count_hand() {
    if (++pending >= batch_hands) do_commit();
  }

  void store_pot_seats(std::int64_t hand_id, int pot_index, const std::vector<int>& seats,
                       const char* role) {
    for (int seat : seats) {
      Statement& s = insert_pot_seat;
      ResetGuard g(s);
      s.bind_int64(1, hand_id);
      s.bind_int64(2, pot_index);
      s.bind_int64(3, seat);
      s.bind_kept_text(4, role);
      s.step();
    }
  }

  // The hand's events and the replay's stacks and pot after each (hand_event_log, db/hand_row.hpp).
  void store_events(std::int64_t hand_id, const PreparedRows& rows) {
    Statement& s = insert_events;
    ResetGuard g(s);
    s.bind_int64(1, hand_id);
    s.bind_kept_text(2, rows.events);
    if (rows.has_chips) {
      s.bind_kept_text(3, rows.chips);
    } else {
      s.bind_null(3);
    }
    s.step();
  }

  // Writes the hand's rows and returns its hand_id, or std::nullopt, writing nothing, when a hand
  // of the same (site, site_hand_id) is stored already: the unique key decides, no lookup first.
  // Atomic: if a row after the hands row fails, the hand's rows written so far are deleted
  // (instead of a savepoint a hand, which costs the writer a sub-journal of every page it
  // touches).
  std::optional<std::int64_t> store_hand(std::int64_t file_id, const StoredHand& stored) {
    const Hand& hand = stored.hand;
    const AuditResult& result = stored.result;
    const HandRow row = hand_row(hand, result);
    Statement& h = insert_hand;
    {
      ResetGuard g(h);
      h.bind_kept_text(1, row.site);
      h.bind_kept_text_or_null(2, row.site_hand_id);
      h.bind_int64(3, file_id);
      h.bind_int64(4, row.byte_offset);
      h.bind_int64(5, row.line);
      h.bind_kept_text_or_null(6, row.table_name);
      h.bind_kept_text_or_null(7, row.game);
      h.bind_kept_text_or_null(8, row.limit_type);
      h.bind_kept_text_or_null(9, row.currency);
      h.bind_int64(10, row.unit);
      h.bind_int64_or_null(11, row.small_blind);
      h.bind_int64_or_null(12, row.big_blind);
      h.bind_int64_or_null(13, row.ante);
      h.bind_kept_text_or_null(14, row.started_at_utc);
      h.bind_int64_or_null(15, row.seats);
      h.bind_int64_or_null(16, row.players_dealt);
      h.bind_int64_or_null(17, row.total_pot);
      h.bind_int64_or_null(18, row.rake);
      h.bind_int64(19, row.fees);
      h.bind_kept_text(20, row.status);
      h.bind_kept_text(21, stored.content_sha256);
      h.bind_kept_text_or_null(22, row.tournament_id);
      h.bind_int64_or_null(23, row.button_seat);
      h.bind_int64(24, row.cancelled ? 1 : 0);
      h.bind_int64_or_null(25, row.total_contributed);
      h.bind_int64_or_null(26, row.total_collected);
      h.bind_int64(27, row.parse_issues);
      h.bind_int64(28, row.total_pot_derived ? 1 : 0);
      h.bind_int64(29, row.rake_derived ? 1 : 0);
      h.bind_int64(30, row.money_in_error);
      h.bind_int64(31, row.fast_fold ? 1 : 0);
      h.bind_int64(32, row.players_named_by_position ? 1 : 0);
      h.bind_int64(33, row.registration_may_be_open ? 1 : 0);
      h.step();
    }
    if (sqlite3_changes(db.get()) == 0) return std::nullopt;
    const std::int64_t hand_id = sqlite3_last_insert_rowid(db.get());
    try {
      store_hand_rows(hand_id, stored);
    } catch (...) {
      take_back_hand(hand_id);
      throw;
    }
    return hand_id;
  }

  // The rows of a hand after its hands row: players, pots, events and findings.
  void store_hand_rows(std::int64_t hand_id, const StoredHand& stored) {
    const AuditResult& result = stored.result;
    // The audit of an unparsed hand is meaningless beyond its findings.
    if (stored.hand.parsed) {
      const PreparedRows& rows = prepared_rows(stored, own_rows);
      const std::vector<SessionSeat>& seats = result.seats;
      for (std::size_t i = 0; i < result.players.size(); ++i) {
        const PlayerResult& p = result.players[i];
        const SessionSeat& seat = seats[i];
        Statement& s = insert_player;
        ResetGuard g(s);
        s.bind_int64(1, hand_id);
        s.bind_int64(2, p.seat);
        s.bind_kept_text(3, p.player);
        s.bind_int64(4, p.start_stack);
        s.bind_int64(5, p.contributed);
        s.bind_int64(6, p.collected);
        s.bind_int64(7, p.net());
        s.bind_int64(8, seat.sitting_out ? 1 : 0);
        s.bind_int64(9, seat.stack_known ? 0 : 1);
        s.bind_int64(10, seat.posted_small_blind ? 1 : 0);
        s.bind_int64(11, seat.posted_big_blind ? 1 : 0);
        s.bind_int64(12, seat.posted_owed ? 1 : 0);
        s.bind_int64_or_null(13, seat.finish_place > 0
                                     ? std::optional<std::int64_t>(seat.finish_place)
                                     : std::nullopt);
        s.bind_int64(14, seat.settled_outside);
        s.step();
      }
      for (const BuiltPot& p : result.pots) {
        Statement& s = insert_pot;
        ResetGuard g(s);
        s.bind_int64(1, hand_id);
        s.bind_int64(2, p.index);
        s.bind_int64(3, p.amount);
        s.bind_int64(4, p.rake);
        s.bind_int64_or_null(5, p.reported_amount);
        s.step();
        store_pot_seats(hand_id, p.index, p.eligible, "eligible");
        store_pot_seats(hand_id, p.index, p.winners, "winner");
      }
      store_events(hand_id, rows);
    }
    // A cause may come after the findings that follow from it (a wrong winner is found after the
    // summary lines that disagree with it): the links are set once every row has its id.
    std::vector<std::int64_t> ids;
    ids.reserve(result.findings.size());
    for (const Finding& f : result.findings) ids.push_back(store_finding(hand_id, f, std::nullopt));
    for (std::size_t i = 0; i < result.findings.size(); ++i) {
      const std::optional<std::size_t> cause = result.findings[i].cause;
      if (!cause || *cause >= ids.size()) continue;
      ResetGuard g(set_cause);
      set_cause.bind_int64(1, ids[*cause]);
      set_cause.bind_int64(2, ids[i]);
      set_cause.step();
    }
  }

  // One discrepancies row, its id returned; `related` names the other hand of a finding between
  // two hands.
  std::int64_t store_finding(std::int64_t hand_id, const Finding& f,
                             std::optional<std::int64_t> related) {
    {
      Statement& s = insert_finding;
      ResetGuard g(s);
      s.bind_int64(1, hand_id);
      s.bind_kept_text(2, code_name(f.code));
      s.bind_kept_text(3, severity_name(f.severity));
      if (f.street) {
        s.bind_kept_text(4, street_name(*f.street));
      } else {
        s.bind_null(4);
      }
      s.bind_int64_or_null(5, nonzero_or_null(f.seat));
      s.bind_kept_text_or_null(6, f.player);
      s.bind_int64_or_null(7, stored(f.expected));
      s.bind_int64_or_null(8, stored(f.actual));
      s.bind_kept_text(9, f.message);
      s.bind_int64_or_null(10, nonzero_or_null(f.line));
      s.bind_int64_or_null(11, related);
      if (const auto unit = stored_unit(amount_unit(f))) {
        s.bind_kept_text(12, *unit);
      } else {
        s.bind_null(12);
      }
      s.step();
    }
    return sqlite3_last_insert_rowid(db.get());
  }
};

struct SqliteStore::Impl {
  Database db;
  OpenMode mode;
  std::unique_ptr<Writer> writer;  // only when opened for writing

  // Before a read of findings on a writing store: every index built (a bulk load builds those of
  // findings only when they are read, or at the end), and, when `committed`, what is pending
  // committed (for a read through another connection, or of the committed state).
  void ready_to_read_findings(bool committed) {
    if (!writer) return;
    writer->restore_indexes();
    if (committed) writer->do_commit();
  }

  Writer& writer_or_throw() {
    if (!writer) throw std::runtime_error("database " + db.path() + " is open read-only");
    return *writer;
  }

  // The reads of this build know the current schema only; a database opened read-only is not
  // migrated (raw SQL through query() still reads it as it is).
  void require_current_schema() {
    const int version = sqlite::schema_version(db);
    if (version != sqlite::kSchemaVersion)
      throw std::runtime_error(fmt::format(
          "database {} has schema_version {}, this build reads {}: `hhaudit audit` with it "
          "migrates it",
          db.path(), version, sqlite::kSchemaVersion));
  }
};

namespace {

// SQLite's file: URI of a path: the characters a URI gives a meaning to are escaped.
std::string file_uri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '?' || c == '#' || c == '%') {
      uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      uri += c;
    }
  }
  return uri;
}

// A read-only connection never writes a file: ATTACH (which creates a missing file) and VACUUM
// INTO (which SQLite authorises as an ATTACH) are refused when prepared.
int refuse_attach(void*, int action, const char*, const char*, const char*, const char*) {
  return action == SQLITE_ATTACH ? SQLITE_DENY : SQLITE_OK;
}

Database open_read_only(const std::string& path) {
  Database db(path, file_uri(path) + "?mode=ro", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  sqlite3_busy_timeout(db.get(), sqlite::kBusyTimeoutMs);
  // A WAL database needs its -shm file, which SQLite creates on the first read: on read-only
  // media (a read-only mount, a CD) that fails. With no -wal file there is nothing the file
  // itself does not hold, and immutable=1 reads it without any lock or -shm file.
  const int rc =
      sqlite3_exec(db.get(), "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
  if (rc == SQLITE_OK) return db;
  const int primary = rc & 0xff;
  std::error_code ec;
  const bool wal_pending = std::filesystem::file_size(path + "-wal", ec) > 0 && !ec;
  if ((primary != SQLITE_CANTOPEN && primary != SQLITE_READONLY) || wal_pending)
    throw std::runtime_error(fmt::format(
        "cannot read database {}: {}{}", path, db.errmsg(),
        wal_pending ? " (its -wal file holds changes and the folder is read-only: copy the "
                      "database, its -wal and -shm files to writable storage)"
                    : ""));
  Database immutable(path, file_uri(path) + "?mode=ro&immutable=1",
                     SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  return immutable;
}

Database open_database(const std::string& path, OpenMode mode) {
  if (mode == OpenMode::ReadOnly) {
    std::error_code ec;
    // Checked here because SQLite's message for a missing file under READONLY ("unable to open
    // database file") does not say which part is wrong.
    if (!std::filesystem::exists(path, ec)) throw std::runtime_error("no such database: " + path);
    Database db = open_read_only(path);
    sqlite::harden_for_reading(db);
    sqlite3_set_authorizer(db.get(), &refuse_attach, nullptr);
    // Belt and braces: READONLY refuses writes to the file, query_only refuses them in SQL too
    // (e.g. to a TEMP table), so a read can never change anything.
    db.exec("PRAGMA query_only=ON");
    return db;
  }
  // The one writer thread owns the connection, hence NOMUTEX.
  Database db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
  sqlite::apply_schema(db);
  // A bulk load: a large page cache and temporary tables in memory.
  db.exec("PRAGMA cache_size=-16384; PRAGMA temp_store=MEMORY;");
  return db;
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, OpenMode mode, const StoreOptions& options)
    : impl_(std::make_unique<Impl>(Impl{open_database(path, mode), mode, nullptr})) {
  if (mode == OpenMode::Write)
    impl_->writer = std::make_unique<Writer>(impl_->db, options.batch_hands);
}

SqliteStore::~SqliteStore() {
  if (!impl_->writer) return;
  if (impl_->writer->failed) {
    // Whatever the failed write left: rolled back (a no-op when SQLite did it already).
    if (sqlite3_get_autocommit(impl_->db.get()) == 0)
      sqlite3_exec(impl_->db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    impl_->writer.reset();
    return;
  }
  try {
    impl_->writer->restore_indexes();
    impl_->writer->do_commit();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hhaudit: final commit to %s failed: %s\n", impl_->db.path().c_str(),
                 e.what());
  }
  // The statements go before the connection they belong to.
  impl_->writer.reset();
}

std::int64_t SqliteStore::begin_file(const FileRecord& f, bool& already_audited) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  already_audited = false;
  m.forget_unreadable_at(f.path);
  const std::string pending = pending_file_key(f);
  const std::string& key = f.sha256.empty() ? pending : f.sha256;
  // The file's row: by its digest, else (a file read once before, stopped before its digest was
  // known) by its pending key.
  for (const std::string* sha : {&key, &pending}) {
    ResetGuard g(m.find_file);
    m.find_file.bind_text(1, *sha);
    if (!m.find_file.step()) continue;
    const std::int64_t id = m.find_file.column_int64(0);
    if (m.find_file.column_int64(1) != 0) {
      if (sha != &key) continue;  // a pending key is never audited: finish_file replaces it
      already_audited = true;
      return id;
    }
    // Interrupted earlier: keep the id (its committed hands refer to it), refresh the rest.
    ResetGuard g2(m.restart_file);
    m.restart_file.bind_text(1, f.path);
    m.restart_file.bind_int64(2, static_cast<std::int64_t>(f.bytes));
    m.restart_file.bind_text_or_null(3, f.encoding);
    m.restart_file.bind_text_or_null(4, f.site);
    m.restart_file.bind_text(5, key);
    m.restart_file.bind_int64(6, id);
    m.restart_file.step();
    m.counts[id] = {};
    return id;
  }
  ResetGuard g(m.insert_file);
  m.insert_file.bind_text(1, f.path);
  m.insert_file.bind_text(2, key);
  m.insert_file.bind_int64(3, static_cast<std::int64_t>(f.bytes));
  m.insert_file.bind_text_or_null(4, f.encoding);
  m.insert_file.bind_text_or_null(5, f.site);
  m.insert_file.step();
  const std::int64_t id = sqlite3_last_insert_rowid(m.db.get());
  m.counts[id] = {};
  return id;
}

std::vector<std::uint64_t> SqliteStore::content_file_sizes() {
  impl_->require_current_schema();
  std::vector<std::uint64_t> sizes;
  Statement s(impl_->db, "SELECT DISTINCT bytes FROM files WHERE sha256 IS NOT NULL");
  while (s.step()) sizes.push_back(static_cast<std::uint64_t>(s.column_int64(0)));
  return sizes;
}

HandOutcome SqliteStore::add_hand(std::int64_t file_id, const StoredHand& stored) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  const Hand& hand = stored.hand;
  const std::string_view content_sha = stored.content_sha256;
  Writer::FileCounts& counts = m.counts[file_id];

  if (hand.site_hand_id.empty()) {
    // A hand whose id could not be read cannot collide on (site, site_hand_id); the same text
    // seen again (e.g. a copy of a file with one more hand appended) is still a duplicate.
    ResetGuard g(m.find_unidentified);
    m.find_unidentified.bind_text(1, hand.site.empty() ? std::string_view("unknown") : hand.site);
    m.find_unidentified.bind_text(2, content_sha);
    if (m.find_unidentified.step()) {
      ++counts.duplicates;
      m.count_hand();
      return HandOutcome::Duplicate;
    }
  }
  if (const std::optional<std::int64_t> id = m.store_hand(file_id, stored)) {
    m.record_checks_of(*id, stored);
    m.count_hand();
    return HandOutcome::Inserted;
  }
  return m.duplicate_or_conflict(file_id, stored);
}

void SqliteStore::finish_file(std::int64_t file_id, int hands, int failed,
                              std::string_view sha256) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  const Writer::FileCounts counts = m.counts[file_id];
  if (!sha256.empty()) {
    {
      ResetGuard g(m.set_file_sha256);
      m.set_file_sha256.bind_text(1, sha256);
      m.set_file_sha256.bind_int64(2, file_id);
      m.set_file_sha256.step();
    }
    if (sqlite3_changes(m.db.get()) == 0) {
      // Another file of the same content was stored while this one was read: it keeps the
      // content's row, with this file's hands and conflicts.
      std::int64_t kept = 0;
      bool kept_audited = false;
      {
        Statement known(m.db, "SELECT 1 FROM files WHERE file_id = ?");
        known.bind_int64(1, file_id);
        ResetGuard g(m.find_file);
        m.find_file.bind_text(1, sha256);
        if (!known.step() || !m.find_file.step())
          throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", file_id));
        kept = m.find_file.column_int64(0);
        kept_audited = m.find_file.column_int64(1) != 0;
      }
      for (const std::string& sql : move_file_rows_sql('?')) {
        Statement s(m.db, sql);
        s.bind_int64(1, kept);
        s.bind_int64(2, file_id);
        s.step();
      }
      Statement drop(m.db, "DELETE FROM files WHERE file_id = ?");
      drop.bind_int64(1, file_id);
      drop.step();
      m.counts.erase(file_id);
      if (kept_audited) return;
      file_id = kept;
    }
  }
  {
    Statement& s = m.finish_file;
    ResetGuard g(s);
    s.bind_int64(1, hands);
    s.bind_int64(2, failed);
    s.bind_int64(3, counts.duplicates);
    s.bind_int64(4, counts.conflicts);
    s.bind_int64(5, file_id);
    s.step();
  }
  m.counts.erase(file_id);
  if (sqlite3_changes(m.db.get()) == 0) {
    throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", file_id));
  }
}

void SqliteStore::record_unread_file(const UnreadFile& u) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  if (u.reason == UnreadReason::Unreadable) {
    Statement& s = m.record_unreadable;
    ResetGuard g(s);
    s.bind_text(1, u.file.path);
    s.bind_int64(2, static_cast<std::int64_t>(u.file.bytes));
    s.bind_text_or_null(3, u.note);
    s.step();
    return;
  }
  m.forget_unreadable_at(u.file.path);
  Statement& s = m.record_unread;
  ResetGuard g(s);
  s.bind_text(1, u.file.path);
  s.bind_text(2, u.file.sha256);
  s.bind_int64(3, static_cast<std::int64_t>(u.file.bytes));
  s.bind_text_or_null(4, u.file.encoding);
  s.bind_text_or_null(5, u.file.site);
  s.bind_text(6, unread_status_name(u.reason));
  s.bind_text_or_null(7, u.note);
  s.step();
}

namespace {

// The hands of one table (`h` the hands table), with the key bound by bind_table().
void bind_table(Statement& s, const SessionKey& key) {
  s.bind_text(1, key.site);
  s.bind_text(2, key.table_name);
  s.bind_text(3, key.tournament_id);
}

}  // namespace

namespace {

// Binds db/tournament_rows.hpp's parameters, 1 to n.
void bind_params(Statement& s, const std::vector<SqlParam>& params) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int at = static_cast<int>(i) + 1;
    if (const auto* n = std::get_if<std::int64_t>(&params[i])) {
      s.bind_int64(at, *n);
    } else if (const auto* t = std::get_if<std::string>(&params[i])) {
      s.bind_text(at, *t);
    } else {
      s.bind_null(at);
    }
  }
}

void store_tournament_finding(Database& db, std::int64_t row_id, const Finding& f) {
  Statement s(db, insert_tournament_finding_sql('?'));
  bind_params(s, tournament_finding_params(row_id, f));
  s.step();
}

}  // namespace

HandOutcome SqliteStore::add_summary(std::int64_t file_id, const StoredSummary& stored) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  const TournamentSummary& t = stored.summary;
  const std::string sha(stored.content_sha256);
  if (!t.tournament_id.empty()) {
    Statement find(m.db, find_tournament_sql('?'));
    bind_params(find, {t.site, t.tournament_id});
    if (find.step()) {
      if (find.column_text(1) == sha) return HandOutcome::Duplicate;
      store_tournament_finding(m.db, find.column_int64(0), summary_conflict_finding(t));
      return HandOutcome::Conflict;
    }
  }
  Statement insert(m.db, insert_tournament_sql('?'));
  bind_params(insert, tournament_params(t, file_id, tournament_status(t, stored.findings), sha));
  insert.step();
  const std::int64_t row_id = insert.column_int64(0);
  insert.reset();
  Statement result(m.db, insert_tournament_result_sql('?'));
  for (std::size_t i = 0; i < t.results.size(); ++i) {
    ResetGuard g(result);
    bind_params(result,
                tournament_result_params(row_id, static_cast<std::int64_t>(i), t.results[i]));
    result.step();
  }
  for (const Finding& f : stored.findings) store_tournament_finding(m.db, row_id, f);
  PendingChecks due;
  due.add_summary(t);
  m.record_checks(due);
  return HandOutcome::Inserted;
}

void SqliteStore::commit() {
  if (!impl_->writer) return;
  const Writer::WriteCall call(*impl_->writer);
  impl_->writer->restore_indexes(false);
  impl_->writer->do_commit();
}

PendingChecks SqliteStore::pending_checks() {
  PendingChecks owed;
  Statement s(impl_->db, std::string(kPendingChecksSql));
  while (s.step())
    add_pending_row(owed, s.column_text(0), s.column_text(1), s.column_text(2), s.column_text(3));
  return owed;
}

void SqliteStore::set_meta(std::string_view key, std::string_view value) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  Statement s(m.db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
  s.bind_text(1, key);
  s.bind_text(2, value);
  s.step();
}

void SqliteStore::set_review(const Review& r) {
  Writer& m = impl_->writer_or_throw();
  {
    const Writer::WriteCall call(m);
    m.ensure_txn();
    Statement s(m.db, upsert_review_sql([](int) { return std::string("?"); }));
    int i = 0;
    for (const std::string* v : {&r.site, &r.site_hand_id, &r.code, &r.player, &r.street, &r.status,
                                 &r.note, &r.reviewed_by, &r.reviewed_at})
      s.bind_text(++i, *v);
    s.step();
  }
  commit();
}

// ---------------------------------------------------------------------------------------------
// Reading

namespace {

std::string trimmed_sql(const char* begin, const char* end) {
  std::string_view s(begin, static_cast<std::size_t>(end - begin));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  // The statement, not the semicolon that ends it.
  if (!s.empty() && s.back() == ';') s.remove_suffix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  constexpr std::size_t kMax = 200;
  if (s.size() > kMax) return std::string(s.substr(0, kMax)) + "...";
  return std::string(s);
}

std::string to_hex(const void* data, int n) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto* p = static_cast<const unsigned char*>(data);
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * 2);
  for (int i = 0; i < n; ++i) {
    out.push_back(kHex[p[i] >> 4]);
    out.push_back(kHex[p[i] & 0x0f]);
  }
  return out;
}

// Owns one statement of a multi-statement script.
struct StmtHandle {
  sqlite3_stmt* s{nullptr};
  ~StmtHandle() { sqlite3_finalize(s); }
};

std::vector<std::string> column_names(sqlite3_stmt* s) {
  std::vector<std::string> names;
  const int ncols = sqlite3_column_count(s);
  for (int c = 0; c < ncols; ++c) {
    const char* name = sqlite3_column_name(s, c);
    names.emplace_back(name ? name : "");
  }
  return names;
}

// Reads the row `s` stands on into `row` and `types`, each cell typed (their buffers reused).
void read_row(sqlite3_stmt* s, std::vector<std::optional<std::string>>& row,
              std::vector<CellType>& types) {
  const auto ncols = static_cast<std::size_t>(sqlite3_column_count(s));
  row.resize(ncols);
  types.resize(ncols);
  for (std::size_t i = 0; i < ncols; ++i) {
    const int c = static_cast<int>(i);
    // The type must be read before any conversion: sqlite3_column_text may change it.
    switch (sqlite3_column_type(s, c)) {
      case SQLITE_NULL:
        row[i].reset();
        types[i] = CellType::Null;
        break;
      case SQLITE_BLOB: {
        const void* p = sqlite3_column_blob(s, c);
        row[i] = to_hex(p, sqlite3_column_bytes(s, c));
        types[i] = CellType::Blob;
        break;
      }
      default: {
        const int t = sqlite3_column_type(s, c);
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(s, c));
        const auto n = static_cast<std::size_t>(sqlite3_column_bytes(s, c));
        if (!row[i]) row[i].emplace();
        row[i]->assign(text ? text : "", text ? n : 0);
        types[i] = t == SQLITE_INTEGER ? CellType::Integer
                   : t == SQLITE_FLOAT ? CellType::Float
                                       : CellType::Text;
        break;
      }
    }
  }
}

// Appends the row `s` stands on, each cell typed.
void append_row(sqlite3_stmt* s, QueryResult& r) {
  r.rows.emplace_back();
  r.types.emplace_back();
  read_row(s, r.rows.back(), r.types.back());
}

// What stops a statement of a query: its deadline (a progress handler) or SIGINT
// (sqlite3_interrupt from the handler).
struct QueryClock {
  sqlite3* db;
  double timeout_seconds;
  std::chrono::steady_clock::time_point deadline{};
  bool timed_out{false};

  static int progress(void* self) {
    auto& me = *static_cast<QueryClock*>(self);
    if (std::chrono::steady_clock::now() < me.deadline) return 0;
    me.timed_out = true;
    return 1;  // SQLITE_INTERRUPT
  }
  void start_statement() {
    if (timeout_seconds <= 0) return;
    deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(
                       std::min(timeout_seconds, QueryOptions::kMaxTimeoutSeconds)));
  }
  static void interrupt(void* db) { sqlite3_interrupt(static_cast<sqlite3*>(db)); }
};

// The statements of a script, prepared one at a time under the reader's authorizer.
class Script {
 public:
  Script(Database& db, const std::string& sql, sqlite::ReaderAuthorizer& auth)
      : db_(db), sql_(sql), auth_(auth), tail_(sql.c_str()) {}

  // The next statement with its text and number (1-based), or false at the end. Throws for a
  // statement that cannot be prepared or that the authorizer refuses.
  bool next(StmtHandle& h, std::string_view& text, int& index) {
    const char* const end = sql_.c_str() + sql_.size();
    while (tail_ < end) {
      sqlite3_finalize(h.s);
      h.s = nullptr;
      const char* next = nullptr;
      auth_.clear();
      // The length counts the terminating NUL: SQLite then reads the text where it is. Without
      // it SQLite copies the rest of the script at every statement, which made a script of many
      // statements quadratic (120,000 "SELECT 1;" took 99 s).
      const int prc =
          sqlite3_prepare_v2(db_.get(), tail_, static_cast<int>(end - tail_ + 1), &h.s, &next);
      const char* const begin = tail_;
      tail_ = next ? next : end;
      if (prc != SQLITE_OK) {
        // Where SQLite stopped may be inside the statement: it is named up to its semicolon.
        const char* stop = tail_;
        const char* back = tail_;
        while (back > begin && std::isspace(static_cast<unsigned char>(back[-1]))) --back;
        if (back == begin || back[-1] != ';')
          while (stop < end && *stop != ';') ++stop;
        // A refused function is an SQLITE_ERROR ("not authorized to use function"), the rest
        // SQLITE_AUTH.
        if (prc == SQLITE_AUTH || !auth_.refusal().empty())
          throw refused(index_ + 1, trimmed_sql(begin, stop));
        throw std::runtime_error(fmt::format("SQL error: {} (statement {}: {})", db_.errmsg(),
                                             index_ + 1, trimmed_sql(begin, stop)));
      }
      if (!h.s) continue;  // only whitespace or a comment
      text = std::string_view(begin, static_cast<std::size_t>(tail_ - begin));
      index = ++index_;
      return true;
    }
    return false;
  }

  // Why the authorizer refused statement `index`.
  std::runtime_error refused(int index, const std::string& what) const {
    const std::string why =
        auth_.refusal().empty() ? std::string("not authorized") : auth_.refusal();
    return std::runtime_error(
        fmt::format("read-only query: {} (statement {}: {})", why, index, what));
  }

 private:
  Database& db_;
  const std::string& sql_;
  sqlite::ReaderAuthorizer& auth_;
  const char* tail_;
  int index_{0};
};

void run_script(Database& db, const std::string& sql, ResultSink& sink,
                const QueryOptions& options) {
  sqlite::ReaderAuthorizer auth(db, &refuse_attach);
  // Every statement prepared first: a refused or malformed one fails before any runs, and the
  // sink knows how many results follow.
  std::size_t results = 0;
  {
    Script script(db, sql, auth);
    StmtHandle h;
    std::string_view text;
    int index = 0;
    while (script.next(h, text, index))
      if (sqlite3_column_count(h.s) > 0) ++results;
  }
  sink.begin(results);

  QueryClock clock{db.get(), options.timeout_seconds};
  struct ProgressGuard {
    sqlite3* db;
    ~ProgressGuard() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
  } progress_guard{db.get()};
  if (options.timeout_seconds > 0)
    sqlite3_progress_handler(db.get(), 1000, &QueryClock::progress, &clock);
  std::optional<SigintCancel> on_sigint;
  if (options.stop_on_sigint) on_sigint.emplace(&QueryClock::interrupt, db.get());

  Script script(db, sql, auth);
  StmtHandle h;
  std::string_view text;
  int index = 0;
  std::vector<std::string> names;
  std::vector<std::optional<std::string>> row;
  std::vector<CellType> types;
  while (script.next(h, text, index)) {
    const bool has_columns = sqlite3_column_count(h.s) > 0;
    if (has_columns) sink.columns(column_names(h.s));
    clock.start_statement();
    for (;;) {
      const int rc = sqlite3_step(h.s);
      if (rc == SQLITE_DONE) break;
      if (rc == SQLITE_ROW) {
        if (has_columns) {
          read_row(h.s, row, types);
          sink.row(row, types);
        }
        continue;
      }
      const std::string what = trimmed_sql(text.data(), text.data() + text.size());
      const int primary = rc & 0xff;
      if (primary == SQLITE_AUTH) throw script.refused(index, what);  // VACUUM INTO: when run
      if (primary == SQLITE_INTERRUPT && SigintCancel::interrupted())
        throw QueryStopped(
            fmt::format("interrupted: the query was stopped (statement {}: {})", index, what));
      if (primary == SQLITE_INTERRUPT && clock.timed_out)
        throw QueryStopped(fmt::format("query timeout: stopped after {} s (statement {}: {})",
                                       options.timeout_seconds, index, what));
      if (primary == SQLITE_READONLY) {
        throw std::runtime_error(
            fmt::format("read-only query: attempt to write a readonly "
                        "database (statement {}: {})",
                        index, what));
      }
      throw std::runtime_error(
          fmt::format("SQL error: {} (statement {}: {})", db.errmsg(), index, what));
    }
    if (has_columns) sink.end_result();
    // A SIGINT between two statements: SQLite forgets an interrupt when no statement runs.
    if (on_sigint && SigintCancel::interrupted())
      throw QueryStopped(fmt::format("interrupted: the query was stopped (statement {}: {})", index,
                                     trimmed_sql(text.data(), text.data() + text.size())));
  }
}

// The rows of one prepared statement whose parameters are bound.
QueryResult rows_of(Statement& s) {
  ResetGuard g(s);
  QueryResult r;
  r.columns = column_names(s.get());
  while (s.step()) append_row(s.get(), r);
  return r;
}

}  // namespace

void SqliteStore::query(const std::string& sql, ResultSink& sink, const QueryOptions& options) {
  if (impl_->mode == OpenMode::ReadOnly) return run_script(impl_->db, sql, sink, options);
  // A writing connection could write: read through a read-only one (what is pending is committed
  // first, so it is seen).
  impl_->ready_to_read_findings(true);
  Database reader = open_database(impl_->db.path(), OpenMode::ReadOnly);
  run_script(reader, sql, sink, options);
}

std::vector<HandCandidate> SqliteStore::find_hands(std::string_view key, std::string_view site) {
  impl_->require_current_schema();
  Statement s(impl_->db,
              "SELECT h.hand_id, h.site, coalesce(h.site_hand_id, ''), f.path, h.line, "
              "CASE WHEN CAST(h.hand_id AS TEXT) = ?1 THEN 'hand_id' ELSE 'site_hand_id' END "
              "FROM hands h JOIN files f USING (file_id) "
              "WHERE (h.site_hand_id = ?1 OR CAST(h.hand_id AS TEXT) = ?1) AND "
              "(?2 = '' OR h.site = ?2) ORDER BY h.hand_id");
  ResetGuard g(s);
  s.bind_text(1, key);
  s.bind_text(2, site);
  std::vector<HandCandidate> out;
  while (s.step())
    out.push_back({s.column_int64(0), s.column_text(1), s.column_text(2), s.column_text(3),
                   s.column_int64(4), s.column_text(5)});
  return out;
}

std::optional<HandExplanation> SqliteStore::explain_hand(std::int64_t hand_id) {
  impl_->require_current_schema();
  impl_->ready_to_read_findings(false);
  Database& db = impl_->db;
  // Hole cards: those dealt to the player, else those shown (last line wins).
  const std::pair<const char*, const char*> sections[] = {
      {"hand",
       "SELECT h.hand_id, h.site, h.site_hand_id, f.path, h.line, h.started_at_utc, h.table_name, "
       "h.game, h.limit_type, h.currency, h.unit, h.small_blind, h.big_blind, h.ante, "
       "h.button_seat, h.total_pot, h.rake, h.status, h.money_in_error FROM hands h JOIN files f "
       "USING (file_id) "
       "WHERE h.hand_id = ?1"},
      {"board",
       "SELECT board, group_concat(cards, ' ') AS cards FROM (SELECT board, cards FROM "
       "hand_events WHERE hand_id = ?1 AND kind = 'board' ORDER BY seq) GROUP BY board "
       "ORDER BY board"},
      {"players",
       "SELECT p.seat, p.player, (SELECT trim(e.cards, '[] ') FROM hand_events e WHERE e.hand_id = "
       "p.hand_id "
       "AND e.seat = p.seat AND e.kind IN ('dealt', 'shows', 'mucks') AND e.cards IS NOT NULL "
       "ORDER BY e.kind = 'dealt' DESC, e.seq DESC LIMIT 1) AS hole_cards, p.start_stack, "
       "p.contributed, p.collected, p.net FROM hand_players p WHERE p.hand_id = ?1 "
       "ORDER BY p.seat"},
      {"actions",
       "SELECT e.seq, e.street, e.seat, p.player, e.kind AS action, e.amount, e.to_amount, "
       "e.all_in, e.cards, e.stack_after AS stack, e.pot_after AS pot FROM hand_events e LEFT JOIN "
       "hand_players p ON p.hand_id = e.hand_id "
       "AND p.seat = e.seat WHERE e.hand_id = ?1 AND e.kind <> 'dealt' "
       "ORDER BY e.seq"},
      {"pots",
       "SELECT pot_index, amount, rake, eligible, winners, reported_amount FROM v_pots WHERE "
       "hand_id = ?1 ORDER BY pot_index"},
      {"findings",
       "SELECT d.discrepancy_id AS id, d.code, d.severity, d.blame, d.street, d.seat, d.player, "
       "d.expected, d.actual, d.message, d.cause_id AS follows_from, c.code AS cause, "
       "r.site_hand_id AS related_hand, v.review_status AS review, v.review_note, "
       "d.amount_unit FROM "
       "discrepancies d LEFT JOIN discrepancies c ON c.discrepancy_id = d.cause_id LEFT JOIN "
       "hands r ON r.hand_id = d.related_hand_id JOIN v_findings v ON v.discrepancy_id = "
       "d.discrepancy_id WHERE d.hand_id = ?1 ORDER BY d.discrepancy_id"},
  };
  HandExplanation out;
  for (const auto& [title, sql] : sections) {
    Statement s(db, sql);
    s.bind_int64(1, hand_id);
    out.emplace_back(title, rows_of(s));
    if (out.front().second.rows.empty()) return std::nullopt;
  }
  return out;
}

namespace {

std::vector<ProfileHand> read_raked_cash_hands(Database& db, std::string_view site,
                                               bool schedule_unknown_only) {
  Statement s(db, raked_cash_hands_sql('?', schedule_unknown_only));
  s.bind_text(1, site);
  struct Row {
    const Statement& s;
    std::int64_t int64(int c) const { return s.column_int64(c); }
    std::string text(int c) const { return s.column_text(c); }
  };
  std::vector<ProfileHand> hands;
  while (s.step()) add_raked_cash_row(hands, Row{s});
  return hands;
}

}  // namespace

std::vector<ProfileHand> SqliteStore::raked_cash_hands(std::string_view site,
                                                       bool schedule_unknown_only) {
  impl_->ready_to_read_findings(false);
  return read_raked_cash_hands(impl_->db, site, schedule_unknown_only);
}

namespace {

// The hands with their seats that `s` (seated_hands_sql(), bound) selects.
std::vector<SessionHand> read_seated_hands(Statement& s) {
  std::vector<SessionHand> hands;
  while (s.step()) add_session_row(hands, SeatedRow{s});
  return hands;
}

std::vector<SessionHand> read_session_hands(Database& db, const SessionKey& key) {
  Statement s(db, session_hands_sql('?'));
  bind_table(s, key);
  return read_seated_hands(s);
}

}  // namespace

std::vector<SessionHand> SqliteStore::session_hands(const SessionKey& key) {
  impl_->require_current_schema();
  commit();
  return read_session_hands(impl_->db, key);
}

namespace {

// A second connection can read what the writer's connection committed: a database in a file.
bool readable_beside(const Database& db) {
  const std::string& path = db.path();
  return !path.empty() && path != ":memory:" && path.rfind("file:", 0) != 0;
}

}  // namespace

namespace {

// The summary of tournament `key` stored in `db` (its tournaments row id and what the checks of
// it read), or none.
std::optional<std::pair<std::int64_t, StoredTournament>> read_stored_tournament(
    Database& db, const TournamentKey& key) {
  std::pair<std::int64_t, StoredTournament> out;
  auto& [row_id, t] = out;
  {
    Statement s(db, stored_tournament_sql('?'));
    bind_params(s, {key.site, key.tournament_id});
    if (!s.step()) return std::nullopt;
    row_id = s.column_int64(0);
    if (!s.column_is_null(1)) t.entrants = static_cast<int>(s.column_int64(1));
    if (!s.column_is_null(2)) t.starting_chips = s.column_int64(2);
    t.rebuys = s.column_int64(3) != 0;
    t.line = static_cast<std::uint32_t>(s.column_int64(4));
  }
  Statement results(db, tournament_places_sql('?'));
  bind_params(results, {row_id});
  while (results.step()) {
    TournamentResult r;
    r.place = static_cast<int>(results.column_int64(0));
    r.player = results.column_text(1);
    r.line = static_cast<std::uint32_t>(results.column_int64(2));
    t.results.push_back(std::move(r));
  }
  Statement places(db, hand_places_sql('?'));
  bind_params(places, {key.site, key.tournament_id});
  while (places.step())
    t.places.push_back(
        {places.column_text(0), static_cast<int>(places.column_int64(1)), places.column_text(2)});
  Statement most(db, most_chips_hand_sql('?'));
  bind_params(most, {key.site, key.tournament_id});
  if (most.step()) {
    t.most_chips_hand = most.column_text(0);
    t.most_chips = most.column_int64(1);
  }
  return out;
}

// The stored input of a scope, read from `db` one statement at a time. What SQLite sorts beyond
// its cache must go to temporary files (temp_store): a scope's rows may be more than memory
// should hold.
class SqliteScopeInput final : public ScopeInput {
 public:
  SqliteScopeInput(Database& db, const CheckScope& scope) : db_(db), scope_(scope) {}

  void hands(const std::function<void(SessionHand)>& each) override {
    Statement read = hands_statement();
    SeatedHandStream stream(each);
    while (read.step()) stream.add(SeatedRow{read});
    stream.finish();
  }
  std::optional<StoredTournament> tournament() override {
    auto stored = read_stored_tournament(db_, scope_key<TournamentKey>(scope_));
    if (!stored) return std::nullopt;
    return std::move(stored->second);
  }
  std::vector<ProfileHand> raked_hands() override {
    return read_raked_cash_hands(db_, scope_key<RakeSite>(scope_).site, true);
  }

 private:
  Statement hands_statement() {
    if (const auto* table = std::get_if<SessionKey>(&scope_)) {
      Statement s(db_, played_session_hands_sql('?', "h.started_at_utc NULLS FIRST"));
      bind_table(s, *table);
      return s;
    }
    const TournamentKey& key = scope_key<TournamentKey>(scope_);
    Statement s(db_, tournament_hands_sql('?'));
    bind_params(s, {key.site, key.tournament_id});
    return s;
  }

  Database& db_;
  const CheckScope& scope_;
};

// A read-only connection beside the writer (SqliteStore::readers_beside).
class SqliteScopeReader final : public ScopeReader {
 public:
  explicit SqliteScopeReader(const std::string& path)
      : db_(path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX) {
    sqlite3_busy_timeout(db_.get(), sqlite::kBusyTimeoutMs);
    // Sorts beyond the cache on disk (temp_store), as TempStoreOnDisk has the writer's.
    db_.exec("PRAGMA cache_size=-2048; PRAGMA temp_store=DEFAULT;");
  }
  void read(const CheckScope& scope, const std::function<void(ScopeInput&)>& body) override {
    SqliteScopeInput input(db_, scope);
    body(input);
  }

 private:
  Database db_;
};

}  // namespace

std::optional<std::int64_t> SqliteStore::Writer::delete_findings_of(const CheckScope& scope) {
  Writer& m = *this;
  if (const auto* table = std::get_if<SessionKey>(&scope)) {
    if (m.no_related_findings(*table)) return std::nullopt;
    m.restore_indexes();  // the DELETE finds a table's findings by hand
    Statement s(m.db, delete_session_findings_sql('?'));
    bind_table(s, *table);
    s.step();
    return std::nullopt;
  }
  if (const auto* tournament = std::get_if<TournamentKey>(&scope)) {
    m.delete_move_findings(*tournament);
    Statement find(m.db, find_tournament_sql('?'));
    bind_params(find, {tournament->site, tournament->tournament_id});
    if (!find.step()) return std::nullopt;
    const std::int64_t row_id = find.column_int64(0);
    Statement s(m.db, delete_place_findings_sql('?'));
    bind_params(s, {row_id});
    s.step();
    return row_id;
  }
  m.restore_indexes();  // the read and the DELETE find a site's findings by code
  Statement s(m.db, delete_rake_outliers_sql('?'));
  s.bind_text(1, scope_key<RakeSite>(scope).site);
  s.step();
  return std::nullopt;
}

void SqliteStore::Writer::store_scope_finding(const CheckScope& scope,
                                              std::optional<std::int64_t> summary_row,
                                              const ScopeFinding& f) {
  Writer& m = *this;
  if (const auto* table = std::get_if<SessionKey>(&scope))
    return m.store_session_finding(*table, f);
  if (f.hand_id == 0) {
    if (!summary_row) throw std::logic_error("a finding on a tournament summary not stored");
    return store_tournament_finding(m.db, *summary_row, f.finding);
  }
  if (f.related_hand_id != 0) return m.store_move_finding(scope_key<TournamentKey>(scope), f);
  m.store_finding(f.hand_id, f.finding, std::nullopt);
}

void SqliteStore::replace_findings(const CheckScope& scope, const ScopeCheck& check,
                                   const ScopeFindingSink& stored) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  // BEGIN IMMEDIATE: no other process writes to the database until this batch commits.
  m.ensure_txn();
  m.restore_indexes(false);  // the reads find a scope's hands by them
  m.check_done(pending_check_row(scope));
  const std::optional<std::int64_t> summary_row = m.delete_findings_of(scope);
  TempStoreOnDisk on_disk(m.db);
  SqliteScopeInput input(m.db, scope);
  check(scope, input, [&](ScopeFinding f) {
    m.store_scope_finding(scope, summary_row, f);
    stored(std::move(f));
  });
}

std::vector<std::unique_ptr<ScopeReader>> SqliteStore::readers_beside(unsigned n) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  std::vector<std::unique_ptr<ScopeReader>> readers;
  if (n == 0 || !readable_beside(m.db)) return readers;
  m.begin_reads_beside();
  for (unsigned i = 0; i < n; ++i)
    readers.push_back(std::make_unique<SqliteScopeReader>(m.db.path()));
  return readers;
}

namespace {

// The hands a ReadFilter selects, with the filter bound as ?1 (site), ?2 (since) and ?3 (file ids
// as a JSON array, '' for all) by bind_filter(). `h` is the hands table.
constexpr std::string_view kHandFilter =
    "(?1 = '' OR h.site = ?1) AND (?2 = '' OR h.started_at_utc >= ?2) AND "
    "(?3 = '' OR h.file_id IN (SELECT value FROM json_each(?3)))";
// The files it selects (a file has no date). `f` is the files table.
constexpr std::string_view kFileFilter =
    "(?1 = '' OR f.site = ?1) AND (?3 = '' OR f.file_id IN (SELECT value FROM json_each(?3)))";

void bind_filter(Statement& s, const ReadFilter& filter) {
  s.bind_text(1, filter.site);
  s.bind_text(2, filter.since);
  std::string ids;
  for (std::int64_t id : filter.file_ids) {
    ids += ids.empty() ? '[' : ',';
    ids += std::to_string(id);
  }
  if (!ids.empty()) ids += ']';
  s.bind_text(3, ids);
}

}  // namespace

StoreTotals SqliteStore::totals(const ReadFilter& filter) {
  impl_->ready_to_read_findings(true);
  impl_->require_current_schema();
  Database& db = impl_->db;
  // The set of hands with an error and the codes by hand are built over every finding: on disk
  // beyond the cache, not in memory (at 1 GB they were the run's peak RSS).
  TempStoreOnDisk on_disk(db);
  StoreTotals t;
  {
    Statement s(db, fmt::format("SELECT f.status, count(*) FROM files f WHERE {} GROUP BY "
                                "f.status",
                                kFileFilter));
    ResetGuard g(s);
    bind_filter(s, filter);
    while (s.step()) {
      const std::string status = s.column_text(0);
      const long n = static_cast<long>(s.column_int64(1));
      if (status == "audited") t.files_audited = n;
      if (status == "interrupted") t.files_interrupted = n;
      if (status == unread_status_name(UnreadReason::Unsupported)) t.files_unsupported = n;
      if (status == unread_status_name(UnreadReason::NoHands)) t.files_without_hands = n;
      if (status == unread_status_name(UnreadReason::Unreadable)) t.files_unreadable = n;
    }
  }
  {
    // The hands with an error as one set made once (a scan of the findings), not a probe of
    // the findings a hand: a third of the time on 47,000 hands (docs/performance.md).
    Statement s(db, fmt::format("SELECT count(*), coalesce(sum(h.status = 'unparsed'), 0), "
                                "coalesce(sum(h.hand_id IN (SELECT d.hand_id FROM discrepancies d "
                                "WHERE d.severity = 'error' AND d.blame = 'site')), 0), "
                                "coalesce(sum(h.hand_id IN (SELECT d.hand_id FROM discrepancies d "
                                "WHERE d.severity <> 'info' AND d.blame = 'hhaudit')), 0) "
                                "FROM hands h WHERE {}",
                                kHandFilter));
    ResetGuard g(s);
    bind_filter(s, filter);
    s.step();
    t.hands = static_cast<long>(s.column_int64(0));
    t.unparsed = static_cast<long>(s.column_int64(1));
    t.hands_with_errors = static_cast<long>(s.column_int64(2));
    t.hands_with_gaps = static_cast<long>(s.column_int64(3));
  }
  {
    Statement s(db,
                fmt::format("SELECT d.code, d.severity, count(DISTINCT d.hand_id), count(*), "
                            "d.blame FROM discrepancies d JOIN hands h ON h.hand_id = d.hand_id "
                            "WHERE {} GROUP BY d.code, d.severity ORDER BY 3 DESC, 1, 2",
                            kHandFilter));
    ResetGuard g(s);
    bind_filter(s, filter);
    while (s.step())
      t.codes.push_back({s.column_text(0), s.column_text(1), static_cast<long>(s.column_int64(2)),
                         static_cast<long>(s.column_int64(3)), s.column_text(4)});
  }
  {
    Statement s(db, count_summaries_sql(kFileFilter));
    ResetGuard g(s);
    bind_filter(s, filter);
    s.step();
    t.summaries = static_cast<long>(s.column_int64(0));
  }
  {
    Statement s(db, summary_codes_sql(kFileFilter));
    ResetGuard g(s);
    bind_filter(s, filter);
    while (s.step())
      t.codes.push_back({s.column_text(0), s.column_text(1), static_cast<long>(s.column_int64(2)),
                         static_cast<long>(s.column_int64(3)), s.column_text(4)});
  }
  return t;
}

Sections SqliteStore::breakdowns(const ReadFilter& filter) {
  impl_->ready_to_read_findings(true);
  impl_->require_current_schema();
  // Hands with at least one error: the figure that says how bad a month was.
  constexpr std::string_view kHasError =
      "EXISTS (SELECT 1 FROM discrepancies d WHERE d.hand_id = h.hand_id AND d.severity = "
      "'error' AND d.blame = 'site')";
  // A hand's findings of `codes`, each counting `amount`, summed (a scalar subquery).
  auto per_hand = [](std::string_view codes, std::string_view amount) {
    return fmt::format(
        "(SELECT sum({}) FROM discrepancies d WHERE d.hand_id = h.hand_id AND d.code IN ({}))",
        amount, codes);
  };
  const std::pair<const char*, std::string> queries[] = {
      {"files", fmt::format("SELECT f.site, sum(f.status = 'audited') AS read, "
                            "sum(f.status = 'unsupported') AS unsupported, "
                            "sum(f.status = 'no-hands') AS without_hands, "
                            "sum(f.status = 'unreadable') AS unreadable, "
                            "sum(f.status = 'interrupted') AS interrupted "
                            "FROM files f WHERE {} GROUP BY f.site ORDER BY f.site",
                            kFileFilter)},
      {"hands", fmt::format("SELECT h.site, substr(h.started_at_utc, 1, 7) AS month, "
                            "count(*) AS hands, sum(h.status <> 'unparsed') AS parsed, "
                            "sum(h.status = 'unparsed') AS unparsed, sum({}) AS with_errors "
                            "FROM hands h WHERE {} GROUP BY 1, 2 ORDER BY 1, 2",
                            kHasError, kHandFilter)},
      // Money in error by month and currency (money of two currencies never adds up).
      {"money", fmt::format("SELECT h.site, substr(h.started_at_utc, 1, 7) AS month, "
                            "h.currency, h.unit, "
                            "sum(CASE WHEN h.money_in_error > 0 THEN 1 ELSE 0 END) "
                            "AS hands_in_error, coalesce(sum(h.money_in_error), 0) "
                            "AS money_in_error, "
                            "sum(CASE WHEN h.money_in_error IS NULL AND h.status = 'findings' "
                            "THEN 1 ELSE 0 END) AS hands_not_linked "
                            "FROM hands h WHERE {} GROUP BY h.site, "
                            "substr(h.started_at_utc, 1, 7), h.currency, h.unit "
                            "ORDER BY 1, 2, 3, 4",
                            kHandFilter)},
      // The rake paid, and what the house schedules say of it: taken over the schedule (or on a
      // hand that is not raked), left under it, hands no schedule covers.
      {"rake",
       fmt::format(
           "SELECT h.site, h.currency, h.unit, count(*) AS hands, "
           "coalesce(sum(h.rake), 0) AS rake, "
           "coalesce(sum({}), 0) AS over_schedule, "
           "coalesce(sum({}), 0) AS under_schedule, "
           "sum(CASE WHEN EXISTS (SELECT 1 FROM discrepancies d WHERE "
           "d.hand_id = h.hand_id AND d.code = 'RAKE_SCHEDULE_UNKNOWN') THEN 1 "
           "ELSE 0 END) AS without_schedule "
           "FROM hands h WHERE {} AND "
           "h.status <> 'unparsed' AND h.currency IS NOT NULL AND "
           "h.tournament_id IS NULL GROUP BY h.site, h.currency, h.unit "
           "ORDER BY 1, 2, 3",
           per_hand("'RAKE_OVER_SCHEDULE', 'RAKE_ON_UNRAKED_HAND'", "d.actual - d.expected"),
           per_hand("'RAKE_UNDER_SCHEDULE'", "d.expected - d.actual"), kHandFilter)},
  };
  Sections out;
  for (const auto& [title, sql] : queries) {
    Statement s(impl_->db, sql);
    bind_filter(s, filter);
    out.emplace_back(title, rows_of(s));
  }
  return out;
}

Store::HandsWithFindings SqliteStore::hands_with_findings(const ReadFilter& filter, int limit) {
  impl_->ready_to_read_findings(true);
  impl_->require_current_schema();
  HandsWithFindings out;
  {
    Statement s(impl_->db, fmt::format("SELECT count(*) FROM hands h WHERE h.status = "
                                       "'findings' AND {}{}",
                                       kHandFilter, unreviewed_hand_sql(filter.unreviewed)));
    ResetGuard g(s);
    bind_filter(s, filter);
    s.step();
    out.count = static_cast<long>(s.column_int64(0));
  }
  Statement s(impl_->db,
              fmt::format("SELECT h.hand_id FROM hands h WHERE h.status = 'findings' "
                          "AND {}{} ORDER BY {} LIMIT ?4",
                          kHandFilter, unreviewed_hand_sql(filter.unreviewed), kMoneyInErrorOrder));
  ResetGuard g(s);
  bind_filter(s, filter);
  s.bind_int64(4, limit);
  while (s.step()) out.hand_ids.push_back(s.column_int64(0));
  return out;
}

std::vector<IntegrityHand> SqliteStore::integrity_hands(const ReadFilter& filter) {
  impl_->ready_to_read_findings(true);
  impl_->require_current_schema();
  std::vector<IntegrityHand> hands;
  {
    Statement s(impl_->db, integrity_seats_sql(kHandFilter));
    bind_filter(s, filter);
    while (s.step()) add_integrity_seat_row(hands, SeatedRow{s});
  }
  IntegrityLogJoin logs(hands);
  Statement s(impl_->db, integrity_event_logs_sql(kHandFilter));
  bind_filter(s, filter);
  while (s.step()) logs.add(s.column_int64(0), s.column_text(1));
  logs.warn_of_undecoded();
  return hands;
}

void SqliteStore::replace_integrity_signals(const std::vector<IntegritySignal>& signals,
                                            std::string_view computed_at, std::string_view of) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  m.db.exec("DELETE FROM integrity_signals");
  Statement s(m.db, insert_integrity_signal_sql('?'));
  for (const IntegritySignal& g : signals) {
    s.bind_text(1, g.kind);
    s.bind_text(2, g.site);
    s.bind_text_or_null(3, g.players.empty() ? "" : g.players[0]);
    s.bind_text_or_null(4, g.players.size() < 2 ? "" : g.players[1]);
    s.bind_text(5, fmt::format("{}", g.score));
    s.bind_text(6, fmt::format("{}", g.threshold));
    s.bind_text(7, g.statistic);
    s.bind_int64_or_null(8, g.amount);
    s.bind_text_or_null(9, g.currency);
    s.bind_text(10, g.explanation);
    s.bind_int64(11, static_cast<std::int64_t>(g.hand_ids.size()));
    s.bind_text(12, hand_id_list(g.hand_ids));
    s.bind_text(13, computed_at);
    s.step();
    s.reset();
  }
  Statement meta(m.db,
                 "INSERT OR REPLACE INTO meta(key, value) VALUES ('integrity_signals_of', ?)");
  meta.bind_text(1, of);
  meta.step();
}

void SqliteStore::keep_allin_equities(const std::vector<AllInEquity>& equities) {
  Writer& m = impl_->writer_or_throw();
  const Writer::WriteCall call(m);
  m.ensure_txn();
  Statement s(m.db, fmt::format("INSERT INTO allin_equities ({}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                                "?, ?) ON CONFLICT DO NOTHING",
                                kAllInEquityColumns));
  for_each_allin_equity_row(
      equities, [&s](std::int64_t hand_id, int share, std::string_view reading, int sampled,
                     long boards, const AllInShare* a) {
        s.bind_int64(1, hand_id);
        s.bind_int64(2, share);
        s.bind_text(3, reading);
        s.bind_int64(4, sampled);
        s.bind_int64(5, boards);
        if (a) {
          s.bind_text(6, a->player);
          s.bind_double(7, a->equity);
          s.bind_double(8, a->variance);
          s.bind_double(9, a->won);
          s.bind_double(10, a->pot_big_blinds);
        }  // else NULL: reset() cleared the bindings
        s.step();
        s.reset();
      });
}

std::vector<AllInEquity> SqliteStore::kept_allin_equities() {
  impl_->ready_to_read_findings(true);
  impl_->require_current_schema();
  std::vector<AllInEquity> out;
  Statement s(impl_->db, kKeptAllInEquitiesSql);
  while (s.step()) add_kept_allin_equity_row(out, SeatedRow{s});
  return out;
}

std::vector<std::string> SqliteStore::sites() {
  commit();
  Statement s(impl_->db,
              "SELECT site FROM hands UNION SELECT site FROM files WHERE site IS NOT NULL "
              "ORDER BY 1");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.column_text(0));
  return out;
}

}  // namespace hh::db

#undef HH_DB_NOW
