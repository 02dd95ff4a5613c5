// A small RAII wrapper over the SQLite C API: a connection and its prepared statements.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Forward declarations keep <sqlite3.h> out of every file that includes this header.
struct sqlite3;
struct sqlite3_stmt;

namespace hh::db::sqlite {

// How long a connection waits for another's lock (sqlite3_busy_timeout) before failing: a writer
// or reader of another process, or the run's own writer, may hold the database briefly.
inline constexpr int kBusyTimeoutMs = 5000;

// An open database connection. Move-only; closes on destruction.
class Database {
 public:
  Database() = default;
  // `flags` are SQLITE_OPEN_* flags. Throws std::runtime_error with the SQLite message.
  Database(const std::string& path, int flags) : Database(path, path, flags) {}
  // Opens `uri` (a file: URI, with SQLITE_OPEN_URI in `flags`) of the file `path`, which
  // path() and the messages name.
  Database(const std::string& path, const std::string& uri, int flags);
  ~Database();
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  sqlite3* get() const { return db_; }
  const std::string& path() const { return path_; }
  // Runs one or more statements that return no rows of interest. Throws on error.
  void exec(std::string_view sql);
  std::string errmsg() const;

 private:
  sqlite3* db_{nullptr};
  std::string path_;
};

// Turns off, on a connection that only reads (`hhaudit query`, summary, report, explain), what a
// reader never needs and an attacker's SQL could use: the two-argument fts3_tokenizer(), which
// takes a pointer (SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER off), writes to the file by other ways
// than SQL (SQLITE_DBCONFIG_DEFENSIVE on: no writable_schema, no sqlite_dbpage writes) and
// load_extension(). Throws if SQLite refuses a setting.
// The schema stays trusted (SQLITE_DBCONFIG_TRUSTED_SCHEMA): SQLite 3.40 (Debian 12's) does not
// mark its JSON functions innocuous, so an untrusted schema refuses hhaudit's own hand_events view
// ("unsafe use of ->>()"). With the two functions above off no built-in function a view could call
// has a side effect, and `hhaudit query` checks the functions views call with ReaderAuthorizer.
void harden_for_reading(Database& db);

// What `hhaudit query` may run on a connection (sqlite3_set_authorizer), while this object lives:
// reads of the database's tables and views (and of the read-only table-valued functions:
// pragma_table_info, json_each, ...), the functions of reader_functions() (scalar, aggregate,
// window, date, math, JSON), recursive CTEs, and the PRAGMAs that only read (table_info(T),
// user_version, ...). Everything else is refused when prepared: writes, ATTACH, DETACH,
// transactions, ANALYZE, REINDEX, any other function (fts3_tokenizer, load_extension, ...) and a
// PRAGMA that sets anything (query_only=OFF, temp_store_directory=...). refusal() says why the
// last statement was refused. The destructor installs `restore` (or none) again.
class ReaderAuthorizer {
 public:
  using Callback = int (*)(void*, int, const char*, const char*, const char*, const char*);
  ReaderAuthorizer(Database& db, Callback restore);
  ~ReaderAuthorizer();
  ReaderAuthorizer(const ReaderAuthorizer&) = delete;
  ReaderAuthorizer& operator=(const ReaderAuthorizer&) = delete;

  // Why the authorizer last refused something ("the function fts3_tokenizer", "PRAGMA
  // query_only=OFF", "INSERT"), "" if it refused nothing since clear().
  const std::string& refusal() const { return refusal_; }
  void clear() { refusal_.clear(); }

 private:
  static int check(void* self, int action, const char* a, const char* b, const char* db,
                   const char* trigger);
  Database& db_;
  Callback restore_;
  std::string refusal_;
};

// The functions ReaderAuthorizer lets a query call, sorted (lower case).
const std::vector<std::string_view>& reader_functions();

// A prepared statement. Move-only; finalizes on destruction. Bind indexes are 1-based, column
// indexes 0-based, as in the C API.
class Statement {
 public:
  Statement() = default;
  // Prepares the first statement of `sql`. Throws with the SQLite message and the SQL.
  Statement(const Database& db, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind_int64(int index, std::int64_t value);
  void bind_text(int index, std::string_view value);
  void bind_null(int index);
  void bind_double(int index, double value);
  void bind_int64_or_null(int index, std::optional<std::int64_t> value);
  // Binds NULL for an empty string: the schema stores "not printed" as NULL, not ''.
  void bind_text_or_null(int index, std::string_view value);
  // As bind_text and bind_text_or_null, but SQLite reads the text where it is instead of copying
  // it first: the caller keeps it alive and unchanged until the statement is reset (a ResetGuard
  // in the same scope). For the rows of a bulk load, where the copies (a malloc and a memcpy a
  // value) were a measurable part of the writer's time.
  void bind_kept_text(int index, std::string_view value);
  void bind_kept_text_or_null(int index, std::string_view value);

  // True when a row is available, false when done. Throws on error.
  bool step();
  // Resets for re-execution and clears bindings so a stale value can never leak into the next use.
  void reset();

  bool column_is_null(int column) const;
  std::int64_t column_int64(int column) const;
  std::string column_text(int column) const;
  double column_double(int column) const;

  sqlite3_stmt* get() const { return stmt_; }

 private:
  void bind_text_as(int index, std::string_view value, void (*lifetime)(void*));

  sqlite3* db_{nullptr};
  sqlite3_stmt* stmt_{nullptr};
};

// Resets a statement when leaving scope, so that a SELECT stepped only once does not keep a read
// open and every path (including exceptions) leaves the statement reusable.
class ResetGuard {
 public:
  explicit ResetGuard(Statement& s) : s_(s) {}
  ~ResetGuard() { s_.reset(); }
  ResetGuard(const ResetGuard&) = delete;
  ResetGuard& operator=(const ResetGuard&) = delete;

 private:
  Statement& s_;
};

}  // namespace hh::db::sqlite
