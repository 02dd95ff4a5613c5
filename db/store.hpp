// The Store seam: where audited hands, their findings and the files they came from are kept, and
// the read queries the commands need. A store is a StoreWriter (files and hands in, and
// replace_findings: the one primitive of the checks between hands, which audit/ owns and
// pipeline/scope_checks.hpp drives) and a StoreReader (what the commands read); Store is both.
// db/sqlite/ implements it (docs/schema.md); another database db/postgres/ keeps them in a
// PostgreSQL server shared by many writers; open_store() picks one.
//
// One Store per database per process for writing: it batches many hands into one transaction,
// because a commit per hand would make a large audit disk-bound. Not thread-safe: the pipeline
// writes from one thread (ScopeReader: the readers beside it, one a thread).
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "db/hand_row.hpp"
#include "db/result.hpp"
#include "db/reviews.hpp"
#include "model/allin_equity.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "model/stored_rows.hpp"
#include "model/tournament.hpp"

namespace hh::db {

// A file about to be read.
struct FileRecord {
  std::string path;    // as given on the command line, "-" for stdin
  std::string sha256;  // SHA-256 (hex) of the file's bytes as read (before decoding); "" for a
                       // file that could not be read (files.sha256 NULL), or, given to
                       // begin_file, for a file hashed while it is read (pending_file_key)
  std::uint64_t bytes{};
  std::string encoding;  // detected encoding, e.g. "utf-8", "utf-16le", "cp1252"
  std::string site;      // the format the file was sniffed as ("pokerstars"), "" if none
  // For a file given to begin_file with no digest: reads it to its end and gives its digest ("" if
  // it cannot), for a store with several writers that finds the path and size registered by
  // digest meanwhile (another writer read the file first): begin_file then knows the file by its
  // digest, and one writer audits it. Not called otherwise.
  std::function<std::string()> digest{};
};

// files.sha256 of a file begun with no digest (read once, hashed as it is read) until
// finish_file gives its digest: "pending:BYTES:PATH". A run that stops before then leaves it, and
// the next run of the same path and size takes the row up again (begin_file).
std::string pending_file_key(const FileRecord& f);

// Why a file was not read. Stored in files.status next to 'audited' and 'interrupted'.
enum class UnreadReason {
  Unsupported,  // its format is recognised but not read (yet): files.site holds the guess
  NoHands,      // no hand of any known format in its head
  Unreadable,   // its bytes could not be read at all (an I/O error, permission denied, gone, not
                // a regular file): no sha256, no bytes; the note says what failed and what was
                // expected
};
const char* unread_status_name(UnreadReason r);  // "unsupported", "no-hands", "unreadable"

// A file recorded without being read, so that no file of an input is skipped silently.
struct UnreadFile {
  FileRecord file;
  UnreadReason reason{UnreadReason::NoHands};
  std::string note;  // for a person: "PartyPoker: not supported", or for an unreadable file
                     // "cannot open: Permission denied; expected a readable regular file"
};

enum class HandOutcome {
  Inserted,   // a new hand row (with players, pots and findings)
  Duplicate,  // the same (site, site_hand_id) with the same content is already stored: nothing
              // added
  Conflict,   // the same (site, site_hand_id) with different content: a hand_conflicts row only
};
const char* outcome_name(HandOutcome o);

// 'unparsed' if the hand was not parsed, 'findings' if any finding is a warning or an error,
// else 'ok' (info findings alone do not make a hand suspicious).
const char* hand_status(const Hand& hand, const AuditResult& result);

// One audited hand handed to the store. content_sha256 = SHA-256 (hex) of hand.raw: it tells a
// duplicate (same id, same text) from a conflict (same id, other text).
struct StoredHand {
  const Hand& hand;
  const AuditResult& result;
  std::string_view content_sha256;
  // prepare_rows() of the hand, made by the caller (the pipeline's workers), or none: the store
  // makes them.
  const PreparedRows* prepared{nullptr};
};

// The rows prepare_rows() makes of a parsed hand: `stored.prepared`, or made into `scratch` (a
// store's, kept to reuse its buffers).
const PreparedRows& prepared_rows(const StoredHand& stored, PreparedRows& scratch);

// What `hhaudit explain` shows of one hand: titled tables, in this order: "hand" (where it came
// from, time, table, game, blinds, pot, rake, status, money_in_error), "board" (board, cards),
// "players" (seat, player, hole_cards, start_stack, contributed, collected, net), "actions" (seq,
// street, seat, player, action, amount, to_amount, all_in, cards, stack and pot after it),
// "pots", "findings" (id, code, ..., message, follows_from: the id of its cause, cause: its code).
using HandExplanation = Sections;

// A hand a key given to `explain` names: by hhaudit's hand_id or by the site's hand number.
struct HandCandidate {
  std::int64_t hand_id{0};
  std::string site;
  std::string site_hand_id;  // "" when not read
  std::string path;
  std::int64_t line{0};
  std::string matched_by;  // "hand_id" or "site_hand_id"
};

// Which part of a store a read covers. Every field empty: all of it.
struct ReadFilter {
  std::string site;                    // hands.site / files.site, e.g. "pokerstars"
  std::string since;                   // YYYY-MM-DD: hands started on or after it (UTC)
  std::vector<std::int64_t> file_ids;  // only the hands of these files
  // Store::hands_with_findings only: the hands with an error or warning no review marks
  // (db/reviews.hpp), as `report --unreviewed` replays them.
  bool unreviewed{false};
};

// What a store holds, counted. Files are filtered by site and file_ids only (a file has no date);
// hands and findings by every field of the filter.
struct StoreTotals {
  long files_audited{0};        // files.status 'audited'
  long files_interrupted{0};    // begun, never finished
  long files_unsupported{0};    // of a format recognised but not read
  long files_without_hands{0};  // 'no-hands'
  long files_unreadable{0};     // 'unreadable': could not be read at all
  long summaries{0};            // tournament summaries (tournaments rows), filtered by their files
  long hands{0};
  long unparsed{0};
  long hands_with_errors{0};  // hands with at least one error that blames the site
  // hands hhaudit did not read whole: a finding that blames hhaudit, not a note (PARSE_ERROR,
  // UNRECOGNISED_LINE); never counted as the site's errors
  long hands_with_gaps{0};
  struct Code {
    std::string code;
    std::string severity;
    long hands{0};              // hands (for a summary's code: summaries) with this finding
    long rows{0};               // findings
    std::string blame{"site"};  // "site" or "hhaudit" (Blame, by the code)
  };
  // The hands' codes, most hands first, then by code; then the summaries' (tournament_findings)
  // in the same order.
  std::vector<Code> codes;
};

// The hands of one table (docs/sessions.md): same site, table name and tournament ("" for a
// cash game).
struct SessionKey {
  std::string site;
  std::string table_name;
  std::string tournament_id;
  auto operator<=>(const SessionKey&) const = default;
};

// A tournament summary handed to the store with its findings (check_summary()).
// content_sha256 = SHA-256 (hex) of summary.raw: it tells a duplicate from a conflict.
struct StoredSummary {
  const TournamentSummary& summary;
  const std::vector<Finding>& findings;
  std::string_view content_sha256;
};

// A tournament: the site and the site's number of it.
struct TournamentKey {
  std::string site;
  std::string tournament_id;
  auto operator<=>(const TournamentKey&) const = default;
};

// The learned rake check's scope: a site.
struct RakeSite {
  std::string site;
  auto operator<=>(const RakeSite&) const = default;
};

// A scope whose findings a check replaces as a whole (StoreWriter::replace_findings), one row of
// pending_checks: a table (the checks between its hands), a tournament (its summary against its
// hands, and its players' moves between its tables) or a site (the learned rake check).
using CheckScope = std::variant<SessionKey, TournamentKey, RakeSite>;

// The key of `scope`, of the kind `Key`; std::logic_error for a scope of another kind.
template <class Key>
const Key& scope_key(const CheckScope& scope) {
  if (const Key* key = std::get_if<Key>(&scope)) return *key;
  throw std::logic_error("a scope's input read as another kind of scope's");
}

// The stored input of a scope's check, read in the scope's transaction (or beside it:
// StoreWriter::readers_beside). Each read is the scope kind's; another kind's throws
// std::logic_error.
class ScopeInput {
 public:
  virtual ~ScopeInput() = default;
  // A table's hands in order of start time (none first), then by hand_id; a tournament's hands
  // at every table, by player order of tournament_hands_sql (db/session_rows.hpp). One at a time
  // (SQLite: a statement; PostgreSQL: a server cursor): a scope may hold more hands than memory
  // should hold at once.
  virtual void hands(const std::function<void(SessionHand)>& each) = 0;
  // A tournament's stored summary with what its hands print (StoredTournament); none when no
  // summary of it is stored.
  virtual std::optional<StoredTournament> tournament() = 0;
  // A site's stored cash hands no published schedule covered (raked_cash_hands with
  // schedule_unknown_only).
  virtual std::vector<ProfileHand> raked_hands() = 0;
};

// Reads the input of any scope (StoreWriter::readers_beside), on the thread that holds it.
class ScopeReader {
 public:
  virtual ~ScopeReader() = default;
  virtual void read(const CheckScope& scope, const std::function<void(ScopeInput&)>& body) = 0;
};

// A finding a scope's check stores: on hand `hand_id` (the store's), naming the earlier hand
// `related_hand_id` for a finding between two hands (0: none); hand_id 0 for one on the scope's
// tournament summary (tournament_findings).
using ScopeFinding = SessionFinding;
using ScopeFindingSink = std::function<void(ScopeFinding)>;
// A check of `scope`: reads `input`, hands each finding to `store` as it is found.
using ScopeCheck =
    std::function<void(const CheckScope& scope, ScopeInput& input, const ScopeFindingSink& store)>;

// How query() runs a script.
struct QueryOptions {
  // Each statement is stopped after this many seconds (0: never): SQLite's progress handler,
  // PostgreSQL's statement_timeout (SET LOCAL in the read's transaction).
  double timeout_seconds{0};
  // The longest timeout the stores take (PostgreSQL's statement_timeout is an int of
  // milliseconds); a longer one is this.
  static constexpr double kMaxTimeoutSeconds = 2147483.0;
  // While query() runs, SIGINT (Ctrl-C) stops the running statement (SQLite: sqlite3_interrupt;
  // PostgreSQL: the cancel request, PQcancel, so the server stops too) and query() throws
  // QueryStopped; a second SIGINT ends the process as by default. Set by `hhaudit query`.
  bool stop_on_sigint{false};
};

// A statement stopped by QueryOptions: its timeout, or SIGINT.
struct QueryStopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// While alive, SIGINT calls cancel(arg) (which must be async-signal-safe: sqlite3_interrupt,
// PQcancel) once and sets interrupted(); the next SIGINT ends the process as by default. The
// previous handler is restored on destruction. One at a time in a process.
class SigintCancel {
 public:
  SigintCancel(void (*cancel)(void*), void* arg);
  ~SigintCancel();
  SigintCancel(const SigintCancel&) = delete;
  SigintCancel& operator=(const SigintCancel&) = delete;
  static bool interrupted();
};

// The checks between hands a store owes (docs/schema.md, "pending_checks"): of tables (the checks
// between a table's hands), of tournaments (its summary against its hands, its table moves) and of
// sites (the learned rake check), whose stored hands changed since their findings were last
// stored. A store records them in the transaction that stores the hands (or the summary) that make
// them due, and drops one in the transaction that stores its findings again: a run killed, or
// stopped by a full disk, between the two leaves them to the next run, which checks them.
struct PendingChecks {
  std::set<SessionKey> tables;
  std::set<TournamentKey> tournaments;
  std::set<std::string> rake_sites;

  // What a newly stored hand makes due: its table (a parsed hand with a table name), its
  // tournament (a parsed hand of one), its site's learned rake check (a RAKE_SCHEDULE_UNKNOWN
  // finding).
  void add_hand(const Hand& hand, const AuditResult& result);
  // What a newly stored tournament summary makes due: its tournament's checks (if it has a number).
  void add_summary(const TournamentSummary& summary);
  // The checks of `other` too.
  void merge(const PendingChecks& other);
  // With each table of a tournament, its tournament: the checks of a table replace the findings
  // of its hands' moves between the tournament's tables, which the tournament's checks store.
  void close_over_tournaments();
  bool empty() const { return tables.empty() && tournaments.empty() && rake_sites.empty(); }
};

class Store;

// The writing side of a store: files, hands, summaries and their findings in, and the
// replacement of a scope's findings by its check (replace_findings). A store opened read-only
// throws std::runtime_error from each.
class StoreWriter {
 public:
  static constexpr int kDefaultBatchHands = 20000;

  virtual ~StoreWriter() = default;

  // Registers a file and returns its file_id. If a file with the same sha256 was already fully
  // audited (finish_file was called and committed), sets already_audited=true and changes
  // nothing: the caller skips the file. A file that was begun but never finished (an interrupted
  // run), or recorded unread, returns its old file_id with already_audited=false; its hands that
  // were committed then come back as Duplicate, its conflicts recorded then as Conflict with no
  // second row.
  // With no f.sha256 (a file whose byte size no stored file has: content_file_sizes()), the
  // digest comes with finish_file: the file is known by pending_file_key(f) until then, and a
  // file begun so before and not finished is taken up again. With f.sha256, a file begun so
  // before at the same path and size and not finished is taken up too.
  virtual std::int64_t begin_file(const FileRecord& f, bool& already_audited) = 0;

  // The byte sizes of the files stored with content (read, being read, recorded unread): a file
  // of another size cannot be any of them, so a run need not know its digest before reading it.
  virtual std::vector<std::uint64_t> content_file_sizes() = 0;

  // Stores one hand and its audit. An unparsed hand gets its row and its findings (PARSE_ERROR
  // ...) but no players or pots. Atomic: on an exception nothing of this hand is stored. Commits
  // every `batch_hands` calls.
  virtual HandOutcome add_hand(std::int64_t file_id, const StoredHand& hand) = 0;

  // Stores hands of one file, in file order, and returns the outcome of each, as add_hand would
  // one by one. The default calls add_hand; a store that writes in bulk overrides it
  // (PostgreSQL: COPY, one transaction a call, committed on return).
  virtual std::vector<HandOutcome> add_hands(std::int64_t file_id,
                                             const std::vector<StoredHand>& hands);

  // Hands of one file for add_batches, and, when they are the file's last, its finish_file.
  struct FileBatch {
    struct Finish {
      int hands{0};
      int failed{0};
      std::string sha256;  // as finish_file's
    };
    std::int64_t file_id{0};
    std::vector<StoredHand> hands;
    std::optional<Finish> finish;
  };
  // Stores batches of hands of one or several files, in order, as add_hands then (with `finish`)
  // finish_file of each would; the outcomes of each batch. The default does exactly that. A store
  // that writes several files in one transaction overrides it (PostgreSQL: every batch and every
  // file finished in one transaction, so a file is audited in the commit of its hands, and a
  // retry runs all of them again).
  virtual std::vector<std::vector<HandOutcome>> add_batches(const std::vector<FileBatch>& batches);
  // How many hands add_batches takes at once at most: the caller groups consecutive batches up to
  // it. 0: one batch at a time (a store that commits every batch_hands hands itself).
  virtual int grouped_hands() const { return 0; }

  // Marks the file as fully audited with the caller's counts (and the duplicates and conflicts
  // this Store saw for it). Throws if file_id is unknown. `sha256`: the digest of a file begun
  // without one. If another file of that content was stored meanwhile (another auditor, another
  // path), this file's hands and conflicts are moved to it and this file's row is dropped: one row
  // a content, as begin_file would have kept.
  virtual void finish_file(std::int64_t file_id, int hands, int failed,
                           std::string_view sha256 = {}) = 0;

  // Records a file that is not read, with why. A file of the same content audited before keeps
  // its row; one recorded unread before is updated (its latest path, reason and note). An
  // unreadable file (no content, f.file.sha256 empty) is known by its path: one row a path,
  // updated by the next run that cannot read it; a file read (begin_file) or recorded unread
  // for another reason at a path drops that path's unreadable row.
  virtual void record_unread_file(const UnreadFile& f) = 0;

  // Sets meta(key) = value, in the current batch (the house rules of the run, ...).
  virtual void set_meta(std::string_view key, std::string_view value) = 0;

  // Writes `review` (db/reviews.hpp), replacing the review of the same finding, and commits it.
  virtual void set_review(const Review& review) = 0;

  // Stores a tournament summary (tables tournaments, tournament_results, tournament_findings)
  // read from the file `file_id`. Like add_hand: Duplicate when a summary of the same site and
  // tournament with the same content is stored (nothing added), Conflict when one with other
  // content is (a SUMMARY_CONFLICT finding on the stored one names the file); an unread summary
  // (no tournament number) is always Inserted.
  virtual HandOutcome add_summary(std::int64_t file_id, const StoredSummary& summary) = 0;

  // Replaces the findings of `scope` by what `check` stores, read from the scope's stored input
  // (ScopeInput) and stored as one step: no other writer adds hands to the scope or replaces its
  // findings between the read and the replacement (SQLite: the write transaction; PostgreSQL: one
  // transaction under the scope's advisory locks, in the order docs/scale-out.md states), so
  // concurrent auditors leave the findings of all the hands. The scope's pending_checks row goes
  // in the same transaction, before its input is read (another writer's row committed later
  // stays: its hands may not be among those read). The findings replaced are:
  //  a table's: every finding between two of its hands (a move between a tournament's tables
  //    too);
  //  a tournament's: its summary's SUMMARY_PLACE_MISMATCH and TOURNAMENT_CHIPS_EXCEEDED, and the
  //    findings between hands at two of its tables;
  //  a site's: its RAKE_OUTLIER findings.
  // Each finding is written as it is found (PostgreSQL: a few thousand at a time: a scope may
  // hold more findings than memory should hold), then handed to `stored` (PostgreSQL: once
  // committed, as a transaction retried whole would hand them on twice). Where the findings of a
  // hand not read go is the store's: a finding of a hand `check` did not read may be refused.
  virtual void replace_findings(const CheckScope& scope, const ScopeCheck& check,
                                const ScopeFindingSink& stored) = 0;

  // At the end of a run: gives back this writer's claims on files (finished, or left unfinished for
  // a rerun), then returns once no other writer is auditing the files of `file_ids` (begun by this
  // run and found claimed by another writer: begin_file's already_audited), so that what the run
  // then reports of its input holds their hands. A store of one writer returns at once.
  virtual void wait_for_files(const std::vector<std::int64_t>& file_ids) { (void)file_ids; }

  // replace_findings of a scope this writer's new hands (or summary) made due, unless another
  // writer's check has read them since: none of the scope's pending_checks rows is left when its
  // lock is taken (a check deletes every writer's row committed before it reads). Nothing is then
  // read, replaced or handed to `stored`: those findings are that check's. A store of one writer
  // (SQLite) runs the check always.
  virtual void replace_owed_findings(const CheckScope& scope, const ScopeCheck& check,
                                     const ScopeFindingSink& stored) {
    replace_findings(scope, check, stored);
  }

  // Up to `n` readers of scopes' inputs beside this writer, each for one thread, that read what
  // the next replace_findings would read until this store next commits (SQLite: read
  // connections, this store's pending rows committed first and the write lock taken again, so no
  // other writer changes what they read). None where the database reads faster than threads
  // beside it would (PostgreSQL: its server reads), and for a database no second connection can
  // read (SQLite in memory).
  virtual std::vector<std::unique_ptr<ScopeReader>> readers_beside(unsigned n) {
    (void)n;
    return {};
  }

  // Up to `n` more writers of this database, each for one thread, that check scopes
  // (replace_owed_findings) at the same time as this one: where each scope's check is a
  // transaction of its own under the scope's lock, as another writer's would be (PostgreSQL:
  // connections of their own, in the lock order of docs/scale-out.md). None where one
  // connection writes at a time (SQLite: readers_beside instead).
  virtual std::vector<std::unique_ptr<Store>> checkers_beside(unsigned n) {
    (void)n;
    return {};
  }

  // Commits the pending transaction, if any.
  virtual void commit() = 0;

  // How many write transactions of this store the database aborted for a deadlock or a
  // serialization failure (PostgreSQL's SQLSTATE 40P01, 40001) and the store ran again whole, a
  // bounded number of times each (docs/scale-out.md). SQLite's single writer meets none.
  virtual long transaction_retries() const { return 0; }

  // The checks recorded as owed (PendingChecks) by runs that stored hands and have not checked
  // them yet: one killed or stopped before its checks were stored, or one running now. Writing
  // stores only.
  virtual PendingChecks pending_checks() = 0;

  // Replaces every row of integrity_signals by `signals`, computed at `computed_at` (UTC,
  // "YYYY-MM-DDTHH:MM:SSZ"), and sets meta 'integrity_signals_of' to `of` (what the hands were:
  // a later computation skips when they are the same), in one transaction.
  virtual void replace_integrity_signals(const std::vector<IntegritySignal>& signals,
                                         std::string_view computed_at, std::string_view of) = 0;

  // Keeps each of `equities` (table allin_equities, one transaction): the rows of a hand that has
  // none; a hand kept already is left as it is (another writer computed the same equity).
  virtual void keep_allin_equities(const std::vector<AllInEquity>& equities) = 0;
};

// The reading side of a store: what the commands that only read take (query, explain, summary,
// report, rake-profile), and the reads of the checks across hands. A read of a writing store
// sees what it wrote (committing what is pending first where a read says so).
class StoreReader {
 public:
  virtual ~StoreReader() = default;

  // Runs every statement of `sql` in order, read-only, and hands `sink` the result of each
  // statement that has result columns, in order, a row at a time as it is read (so "SELECT ...
  // WHERE 0" gives its columns and no rows; none if no statement has columns). Every statement is
  // prepared (SQLite) or checked (PostgreSQL) before the first runs: a refused or malformed one
  // fails before anything is read. The cost is linear in the script and in the rows.
  //
  // SQLite: the connection is opened read-only, also on read-only media (a WAL database in a
  // read-only folder), hardened (sqlite::harden_for_reading) and runs what
  // sqlite::ReaderAuthorizer allows: reads of the tables and views, the functions a reader needs,
  // the PRAGMAs that read. PostgreSQL: the statements run one by one in one READ ONLY transaction
  // that is rolled back at the end; only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run
  // (no transaction control, SET, COPY, DO, CALL, ...), and no large-object function (lo_*,
  // loread, lowrite), none that runs SQL text (query_to_xml, ts_stat, ...) and none that acts on
  // the server (set_config, pg_terminate_backend, pg_advisory_lock, ...) is called.
  //
  // Throws std::runtime_error:
  //   "read-only query: attempt to write a readonly database (statement N: SQL)" for a write
  //     (PostgreSQL: "read-only query: cannot execute INSERT in a read-only transaction ...");
  //   "read-only query: ATTACH and VACUUM INTO write files and are refused (statement N: SQL)";
  //   "read-only query: WHY (statement N: SQL)" for anything else refused (a function, a PRAGMA
  //     that sets, a statement that is not a read);
  //   QueryStopped "query timeout: stopped after S s (statement N: SQL)" past options.timeout;
  //   QueryStopped "interrupted: ... (statement N: SQL)" on SIGINT (options.stop_on_sigint);
  //   "SQL error: MESSAGE (statement N: SQL)" for any other failure.
  virtual void query(const std::string& sql, ResultSink& sink, const QueryOptions& options) = 0;

  // query() with every result held: for small results (tests, the other commands).
  std::vector<QueryResult> query(const std::string& sql, const QueryOptions& options = {});

  // The hands whose site hand number or hhaudit hand_id is `key` (only `site`'s unless it is
  // empty), by hand_id.
  virtual std::vector<HandCandidate> find_hands(std::string_view key, std::string_view site) = 0;

  // One hand, by hand_id (from find_hands); std::nullopt if there is none.
  virtual std::optional<HandExplanation> explain_hand(std::int64_t hand_id) = 0;

  // The stored cash-game hands whose rake can be learned from (parsed, not cancelled, in a
  // currency of unit 100, with a total pot, a rake, a big blind and players dealt), in storage
  // order; only `site`'s unless it is empty; with `schedule_unknown_only` only those no published
  // schedule covered (RAKE_SCHEDULE_UNKNOWN). The SQL, portable, is db/rake_rows.hpp's.
  virtual std::vector<ProfileHand> raked_cash_hands(std::string_view site,
                                                    bool schedule_unknown_only) = 0;

  // Every parsed, not cancelled hand stored for the table `key` (not of a fast-fold pool, players
  // not named by position: Hand::fast_fold, Hand::players_named_by_position), with its seats
  // (committing what is pending first), in storage order. The SQL, portable, is
  // db/session_rows.hpp's.
  virtual std::vector<SessionHand> session_hands(const SessionKey& key) = 0;

  // The files, hands and findings the store holds (committing what is pending first).
  virtual StoreTotals totals(const ReadFilter& filter) = 0;

  // The breakdowns of `hhaudit summary`, in this order (docs/schema.md, "Reading the results"):
  //  "files":  site, read, unsupported, without_hands, unreadable, interrupted (files by site
  //            and status);
  //  "hands":  site, month (YYYY-MM of started_at_utc), hands, parsed, unparsed, with_errors;
  //  "money":  site, month, currency, unit, hands_in_error, money_in_error, hands_not_linked:
  //            hands.money_in_error summed (minor units), by currency; hands_not_linked: hands
  //            with findings stored before schema 5, which have no figure;
  //  "rake":   site, currency, unit, hands, rake, over_schedule, under_schedule,
  //            without_schedule: the rake the parsed cash hands paid, in minor units (unit per
  //            major unit), by currency; the rake taken over the house schedule (or on hands it
  //            does not rake), left under it, and the hands no schedule covers.
  virtual Sections breakdowns(const ReadFilter& filter) = 0;

  // The hands of `filter` with an error or a warning (hands.status 'findings'): how many, and
  // the hand_id of the first `limit`, the most money in error first, measured in big blinds
  // (db/hand_order.hpp), then by hand_id. What the HTML report replays.
  struct HandsWithFindings {
    long count{0};
    std::vector<std::int64_t> hand_ids;
  };
  virtual HandsWithFindings hands_with_findings(const ReadFilter& filter, int limit) = 0;

  // Every site the store holds a hand or a file of (hands.site, files.site), sorted.
  virtual std::vector<std::string> sites() = 0;

  // The parsed, not cancelled hands of `filter` whose players are named, with their seats and
  // their folds, checks, calls, bets and raises, by hand_id (committing what is pending first):
  // what the signals across hands read (audit/integrity_signals.hpp). The SQL, portable, is
  // db/integrity_rows.hpp's.
  virtual std::vector<IntegrityHand> integrity_hands(const ReadFilter& filter) = 0;

  // The all-in equities kept (Store::keep_allin_equities) of the hands the store holds, by
  // hand_id; each share's site is its hand's.
  virtual std::vector<AllInEquity> kept_allin_equities() = 0;
};

// A database both written and read: what open_store() opens and a run of `hhaudit audit` (which
// reads its own rows back: the integrity signals) takes.
class Store : public StoreWriter, public StoreReader {};

enum class OpenMode {
  ReadOnly,  // the database must exist; nothing is ever written
  Write,     // created if missing; the schema is created or migrated to this build's version
};

struct StoreOptions {
  int batch_hands{Store::kDefaultBatchHands};  // hands per transaction when writing
};

// Opens the store named by `uri_or_path`: a postgresql:// or postgres:// URI or a libpq keyword
// string ("host=db dbname=hands") is a PostgreSQL database (db/postgres/); "sqlite:PATH" or any
// other path is a SQLite file.
// Throws std::runtime_error for a store that cannot be opened ("no such database: PATH" for a
// missing one opened read-only, which is never created), an unknown scheme, or a database of a
// schema version this build cannot read.
std::unique_ptr<Store> open_store(const std::string& uri_or_path, OpenMode mode,
                                  const StoreOptions& options = {});

// open_store(uri_or_path, OpenMode::ReadOnly), as its reader: for the commands that only read.
std::unique_ptr<StoreReader> open_reader(const std::string& uri_or_path);

}  // namespace hh::db
