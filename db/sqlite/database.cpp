#include "db/sqlite/database.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <stdexcept>
#include <utility>

namespace hh::db::sqlite {

namespace {

// Error messages quote the SQL that failed, but not all of a multi-kilobyte script.
std::string snippet(std::string_view sql) {
  constexpr std::size_t kMax = 200;
  while (!sql.empty() && (sql.front() == '\n' || sql.front() == ' ')) sql.remove_prefix(1);
  if (sql.size() <= kMax) return std::string(sql);
  return std::string(sql.substr(0, kMax)) + "...";
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Database

Database::Database(const std::string& path, const std::string& uri, int flags) : path_(path) {
  int rc = sqlite3_open_v2(uri.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    // sqlite3_open_v2 allocates a handle even on failure (unless out of memory); the message
    // lives in it, so read it before closing.
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error(fmt::format("cannot open database {}: {}", path, msg));
  }
  // Extended codes let callers tell SQLITE_READONLY_* apart from other failures.
  sqlite3_extended_result_codes(db_, 1);
}

Database::~Database() {
  // sqlite3_close_v2 defers the close until every statement is finalized, so destruction order
  // of members holding statements does not matter.
  if (db_) sqlite3_close_v2(db_);
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    if (db_) sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

void Database::exec(std::string_view sql) {
  // sqlite3_exec needs a NUL-terminated string.
  std::string s(sql);
  char* err = nullptr;
  int rc = sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    throw std::runtime_error(fmt::format("sqlite: {} (in: {})", msg, snippet(s)));
  }
}

std::string Database::errmsg() const { return db_ ? sqlite3_errmsg(db_) : "no database"; }

// ---------------------------------------------------------------------------------------------
// Statement

Statement::Statement(const Database& db, std::string_view sql) : db_(db.get()) {
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    throw std::runtime_error(fmt::format("sqlite: {} (in: {})", sqlite3_errmsg(db_), snippet(sql)));
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    db_ = std::exchange(other.db_, nullptr);
    stmt_ = std::exchange(other.stmt_, nullptr);
  }
  return *this;
}

namespace {
void check_bind(sqlite3* db, int rc) {
  if (rc != SQLITE_OK) throw std::runtime_error(fmt::format("sqlite bind: {}", sqlite3_errmsg(db)));
}
}  // namespace

void Statement::bind_int64(int index, std::int64_t value) {
  check_bind(db_, sqlite3_bind_int64(stmt_, index, value));
}

void Statement::bind_text_as(int index, std::string_view value, void (*lifetime)(void*)) {
  check_bind(db_,
             sqlite3_bind_text64(stmt_, index, value.data(), value.size(), lifetime, SQLITE_UTF8));
}

void Statement::bind_text(int index, std::string_view value) {
  // SQLITE_TRANSIENT: SQLite copies, so callers may pass temporaries.
  bind_text_as(index, value, SQLITE_TRANSIENT);
}

void Statement::bind_kept_text(int index, std::string_view value) {
  bind_text_as(index, value, SQLITE_STATIC);
}

void Statement::bind_null(int index) { check_bind(db_, sqlite3_bind_null(stmt_, index)); }

void Statement::bind_int64_or_null(int index, std::optional<std::int64_t> value) {
  if (value) {
    bind_int64(index, *value);
  } else {
    bind_null(index);
  }
}

void Statement::bind_text_or_null(int index, std::string_view value) {
  if (value.empty()) {
    bind_null(index);
  } else {
    bind_text(index, value);
  }
}

void Statement::bind_kept_text_or_null(int index, std::string_view value) {
  if (value.empty()) {
    bind_null(index);
  } else {
    bind_kept_text(index, value);
  }
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw std::runtime_error(
      fmt::format("sqlite: {} (in: {})", sqlite3_errmsg(db_), snippet(sqlite3_sql(stmt_))));
}

void Statement::reset() {
  if (!stmt_) return;
  // The return value of sqlite3_reset repeats the last step's error, already reported by step().
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::column_is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::column_int64(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::string Statement::column_text(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_, column);
  if (!text) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

}  // namespace hh::db::sqlite
