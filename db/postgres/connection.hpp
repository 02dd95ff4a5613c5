// A small RAII wrapper over libpq: a connection, its results, and COPY FROM STDIN.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Forward declarations keep <libpq-fe.h> out of every file that includes this header.
struct pg_conn;
struct pg_result;

namespace hh::db::postgres {

// One result of a statement. Move-only; cleared on destruction.
class Result {
 public:
  Result() = default;
  explicit Result(pg_result* r) : r_(r) {}
  ~Result();
  Result(Result&& other) noexcept;
  Result& operator=(Result&& other) noexcept;
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;

  pg_result* get() const { return r_; }
  int rows() const;
  int columns() const;
  bool is_null(int row, int column) const;
  std::string text(int row, int column) const;
  long long int64(int row, int column) const;

 private:
  pg_result* r_{nullptr};
};

// Parameters of a statement as text ($1, $2, ...), std::nullopt for NULL.
using Params = std::vector<std::optional<std::string>>;

// One statement of a pipeline (Connection::exec_pipelined): one statement's SQL and its text
// parameters; `commit_after`: a synchronisation point after it, which commits what runs outside an
// explicit transaction before the statements that follow run.
struct Statement {
  std::string sql;
  Params params;
  bool commit_after{false};
};

// An open connection. Move-only; closes on destruction.
class Connection {
 public:
  // `conninfo`: a postgresql:// URI or a libpq keyword string. Throws std::runtime_error with
  // libpq's message (the password, if any, is never part of it).
  explicit Connection(const std::string& conninfo);
  ~Connection();
  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  pg_conn* get() const { return c_; }
  // `begin` ("BEGIN", "BEGIN TRANSACTION READ ONLY") sent with the next statement, not alone: a
  // round trip less for every transaction (in_transaction).
  void begin_with_next(std::string_view begin) { pending_begin_ = begin; }
  void drop_pending_begin() { pending_begin_.clear(); }
  // Whether a transaction is open (or failed and not yet rolled back) on the server.
  bool in_transaction() const;
  // What the messages name: the database and host, never the password.
  const std::string& name() const { return name_; }

  // Runs one or more statements (the simple protocol); the result of the last. Throws on error.
  Result exec(std::string_view sql);
  // Runs one statement with text parameters (the extended protocol, which refuses a second
  // statement in `sql`). Throws on error.
  Result exec(std::string_view sql, const Params& params);
  // Runs the statements in order in one round trip (libpq's pipeline mode: each waits for no
  // answer to be sent): the result of each. Outside an explicit transaction the statements up to
  // a commit_after (or the end) are one transaction. Throws the first failure (the server skips
  // the statements after it up to the next synchronisation point).
  std::vector<Result> exec_pipelined(const std::vector<Statement>& statements);
  // Sends one statement (no parameters) and returns at once, so that the caller works while the
  // server answers (for_each_fetch's next rows); take_sent() returns its result. A statement run
  // meanwhile (exec, exec_pipelined, copy_in) first waits for that result and keeps it for
  // take_sent(), or throws its error if it failed; discard_sent() drops it (a caller left by an
  // exception). One at a time.
  void send(std::string_view sql);
  Result take_sent();
  void discard_sent() noexcept;
  // COPY ... FROM STDIN with `data` in COPY's text format (copy_field/copy_null below).
  void copy_in(std::string_view copy_sql, std::string_view data);
  // The rows of each (copy_sql, data) as copy_in stores them, then the statements `after`: in
  // one round trip when the rows are few (kInlineCopyBytes in all: INSERTs of them, pipelined
  // with `after`), else a COPY each (two round trips, but faster for the server to read), then
  // `after` pipelined. The results of `after`.
  using Copy = std::pair<std::string_view, std::string_view>;
  std::vector<Result> copy_in_all(const std::vector<Copy>& copies,
                                  std::vector<Statement> after = {});

 private:
  // Waits for the result of a statement send() sent, if one is on its way, into sent_.
  void settle_sent();
  // settle_sent(), before another statement: throws the sent statement's error, if it failed.
  void settle_sent_before_another();

  pg_conn* c_{nullptr};
  std::string name_;
  std::string pending_begin_;  // begin_with_next
  std::string sent_sql_;       // send()'s statement, until take_sent() or discard_sent()
  bool sent_on_way_{false};    // its result not read yet
  bool sent_kept_{false};      // its result read, in sent_, not taken yet
  pg_result* sent_{nullptr};   // its result, read by settle_sent()
};

// What this process's connections asked of their servers, counted since it started: round trips
// (each wait for the server's answers: a statement, a pipeline, a COPY's start and its end),
// statements sent, and transactions opened (a BEGIN sent). What a test of the write path asserts
// (tests/test_pg_round_trips.cpp), which does not depend on the machine's load.
struct Traffic {
  long round_trips{0};
  long statements{0};
  long transactions{0};
};
Traffic traffic();

// Runs body() in a transaction opened by `begin` ("BEGIN", "BEGIN TRANSACTION READ ONLY", sent
// with body's first statement): committed if it returns (unless body's last statements committed
// it), rolled back if it throws (the exception goes on).
template <class F>
void in_transaction(Connection& c, std::string_view begin, F&& body) {
  c.begin_with_next(begin);
  try {
    body();
    c.drop_pending_begin();  // body ran no statement: nothing to commit
    if (c.in_transaction()) c.exec("COMMIT");
  } catch (...) {
    c.drop_pending_begin();
    try {
      if (c.in_transaction()) c.exec("ROLLBACK");
    } catch (...) {
      // The original error is the one worth reporting.
    }
    throw;
  }
}

// A transaction the server aborted so that another could go on: a deadlock (SQLSTATE 40P01) or a
// serialization failure (40001). Nothing of it is stored; run again whole, it is correct.
bool is_retryable(const std::exception& e);

// Sleeps a few milliseconds, more for a later `attempt`, with jitter (retried_transaction).
void pause_before_retry(int attempt);

// How many times retried_transaction runs a transaction in all before it gives the failure up.
inline constexpr int kTransactionAttempts = 8;

// in_transaction, run again whole (after a short pause that grows, so that the writers it met go
// first) when the server aborts it for a deadlock or a serialization failure, at most `attempts`
// times in all; `retries` counts the runs again. Any other failure, or the last attempt's, goes
// on. body() must redo on a second run whatever it leaves outside the transaction (it is rolled
// back): it may reset its outputs, never hand anything on before the commit.
template <class F>
void retried_transaction(Connection& c, std::string_view begin, F&& body, long& retries,
                         int attempts = kTransactionAttempts) {
  for (int attempt = 1;; ++attempt) {
    try {
      in_transaction(c, begin, body);
      return;
    } catch (const std::exception& e) {
      if (attempt >= attempts || !is_retryable(e)) throw;
    }
    ++retries;
    pause_before_retry(attempt);
  }
}

// Connection::copy_in_all: below this many bytes of rows in all, INSERTs in a pipeline.
inline constexpr std::size_t kInlineCopyBytes = 64 * 1024;

// The INSERT of the rows `data` (COPY's text format) of `copy_sql` ("COPY t(columns) FROM STDIN"):
// "INSERT INTO t(columns) VALUES ('...', NULL, ...), ...", each value a quoted literal (which
// takes its column's type), \N NULL. Throws std::logic_error for another statement.
std::string insert_of_copy(std::string_view copy_sql, std::string_view data);

// True for what libpq reads as a connection string: a postgresql:// or postgres:// URI, or a
// keyword string whose first word is one of libpq's keywords ("host=... dbname=...").
bool is_conninfo(std::string_view s);

// COPY's text format: appends one field, escaped, and its separator (tab, or newline after the
// last field of a row).
void copy_field(std::string& out, std::string_view value, bool last = false);
void copy_field(std::string& out, long long value, bool last = false);
void copy_null(std::string& out, bool last = false);

// Thrown for an error the server reported: what() names the statement; message is the server's
// alone; sqlstate its SQLSTATE ("25006": a write in a read-only transaction).
struct ServerError : std::runtime_error {
  ServerError(const std::string& what, std::string server_message, std::string state)
      : std::runtime_error(what), message(std::move(server_message)), sqlstate(std::move(state)) {}
  std::string message;
  std::string sqlstate;
};

}  // namespace hh::db::postgres
