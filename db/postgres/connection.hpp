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
  // What the messages name: the database and host, never the password.
  const std::string& name() const { return name_; }

  // Runs one or more statements (the simple protocol); the result of the last. Throws on error.
  Result exec(std::string_view sql);
  // Runs one statement with text parameters (the extended protocol, which refuses a second
  // statement in `sql`). Throws on error.
  Result exec(std::string_view sql, const Params& params);
  // COPY ... FROM STDIN with `data` in COPY's text format (copy_field/copy_null below).
  void copy_in(std::string_view copy_sql, std::string_view data);

 private:
  pg_conn* c_{nullptr};
  std::string name_;
};

// Runs body() in a transaction opened by `begin` ("BEGIN", "BEGIN TRANSACTION READ ONLY"):
// committed if it returns, rolled back if it throws (the exception goes on).
template <class F>
void in_transaction(Connection& c, std::string_view begin, F&& body) {
  c.exec(begin);
  try {
    body();
    c.exec("COMMIT");
  } catch (...) {
    try {
      c.exec("ROLLBACK");
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
