#include "db/sqlite/database.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <initializer_list>
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
// Reading only

void harden_for_reading(Database& db) {
  const auto set = [&](int option, int value, const char* name) {
    int now = -1;
    if (sqlite3_db_config(db.get(), option, value, &now) != SQLITE_OK || now != value)
      throw std::runtime_error(
          fmt::format("cannot read database {}: SQLite refused {}", db.path(), name));
  };
  set(SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER=0");
  set(SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION=0");
  set(SQLITE_DBCONFIG_DEFENSIVE, 1, "SQLITE_DBCONFIG_DEFENSIVE=1");
}

// SQLite's core, date, math, window and JSON functions (those of 3.40 and the names later
// versions add). Not: fts3_tokenizer (takes a pointer), fts5, the FTS and R-tree helpers,
// load_extension, sqlite_log (writes the log), optimize, randomblob and zeroblob (a gigabyte at
// a call), changes and the like (nothing to say to a reader).
// clang-format off
constexpr std::string_view kReaderFunctions[] = {
    "->", "->>", "abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "avg", "ceil",
    "ceiling", "char", "coalesce", "concat", "concat_ws", "cos", "cosh", "count", "cume_dist",
    "current_date", "current_time", "current_timestamp", "date", "datetime", "degrees",
    "dense_rank", "exp", "first_value", "floor", "format", "glob", "group_concat", "hex", "ifnull",
    "iif", "instr", "json", "json_array", "json_array_length", "json_error_position",
    "json_extract", "json_group_array", "json_group_object", "json_insert", "json_object",
    "json_patch", "json_pretty", "json_quote", "json_remove", "json_replace", "json_set",
    "json_type", "json_valid", "julianday", "lag", "last_value", "lead", "length", "like",
    "likelihood", "likely", "ln", "log", "log10", "log2", "lower", "ltrim", "max", "min", "mod",
    "nth_value", "ntile", "nullif", "octet_length", "percent_rank", "pi", "pow", "power", "printf",
    "quote", "radians", "random", "rank", "replace", "round", "row_number", "rtrim", "sign", "sin",
    "sinh", "soundex", "sqlite_source_id", "sqlite_version", "sqrt", "strftime", "string_agg",
    "substr", "substring", "sum", "tan", "tanh", "time", "timediff", "total", "trim", "trunc",
    "typeof", "unhex", "unicode", "unixepoch", "unlikely", "upper"};
// clang-format on

const std::vector<std::string_view>& reader_functions() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v(std::begin(kReaderFunctions), std::end(kReaderFunctions));
    std::sort(v.begin(), v.end());
    return v;
  }();
  return names;
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains(std::initializer_list<std::string_view> list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// The PRAGMAs that only read: without an argument, a setting or a figure; with one, the name of
// a table or index (or integrity_check's most errors).
bool pragma_reads(std::string_view name, const char* argument) {
  if (argument)
    return contains(
        {"foreign_key_check", "foreign_key_list", "index_info", "index_list", "index_xinfo",
         "integrity_check", "quick_check", "table_info", "table_list", "table_xinfo"},
        name);
  return contains(
      {"application_id",  "auto_vacuum",       "automatic_index",    "busy_timeout",
       "cache_size",      "cache_spill",       "cell_size_check",    "collation_list",
       "compile_options", "data_version",      "database_list",      "defer_foreign_keys",
       "encoding",        "foreign_key_check", "foreign_keys",       "freelist_count",
       "function_list",   "integrity_check",   "journal_mode",       "journal_size_limit",
       "locking_mode",    "max_page_count",    "mmap_size",          "module_list",
       "page_count",      "page_size",         "pragma_list",        "query_only",
       "quick_check",     "read_uncommitted",  "recursive_triggers", "schema_version",
       "secure_delete",   "synchronous",       "table_list",         "temp_store",
       "trusted_schema",  "user_version",      "wal_autocheckpoint"},
      name);
}

}  // namespace

ReaderAuthorizer::ReaderAuthorizer(Database& db, Callback restore) : db_(db), restore_(restore) {
  sqlite3_set_authorizer(db_.get(), &ReaderAuthorizer::check, this);
}

ReaderAuthorizer::~ReaderAuthorizer() { sqlite3_set_authorizer(db_.get(), restore_, nullptr); }

int ReaderAuthorizer::check(void* self, int action, const char* a, const char* b, const char*,
                            const char*) {
  auto& me = *static_cast<ReaderAuthorizer*>(self);
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_FUNCTION: {
      const std::string name = lower(b ? b : "");
      const auto& allowed = reader_functions();
      if (std::binary_search(allowed.begin(), allowed.end(), std::string_view(name)))
        return SQLITE_OK;
      me.refusal_ = fmt::format("the function {} is not one a reader needs and is refused", name);
      return SQLITE_DENY;
    }
    case SQLITE_PRAGMA: {
      const std::string name = lower(a ? a : "");
      if (pragma_reads(name, b)) return SQLITE_OK;
      me.refusal_ = b ? fmt::format("PRAGMA {}={} sets a value and is refused", name, b)
                      : fmt::format("PRAGMA {} is refused", name);
      return SQLITE_DENY;
    }
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
      me.refusal_ = "ATTACH and VACUUM INTO write files and are refused";
      return SQLITE_DENY;
    case SQLITE_UPDATE:
      // A table-valued function (pragma_table_info, json_each) declares its columns as a table
      // whose row SQLite authorizes as an update of sqlite_master. Never a write: the connection
      // is read-only and defensive, and SQLite refuses sqlite_master to any UPDATE statement.
      if (a && lower(a) == "sqlite_master") return SQLITE_OK;
      me.refusal_ = "attempt to write a readonly database";
      return SQLITE_DENY;
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
      me.refusal_ = "transactions are refused: each query reads in one of its own";
      return SQLITE_DENY;
    default:
      // INSERT, UPDATE, DELETE, CREATE, DROP, ALTER, ANALYZE, REINDEX, a virtual table's.
      me.refusal_ = "attempt to write a readonly database";
      return SQLITE_DENY;
  }
}

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

void Statement::bind_double(int index, double value) {
  check_bind(db_, sqlite3_bind_double(stmt_, index, value));
}

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

double Statement::column_double(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::column_text(int column) const {
  const unsigned char* text = sqlite3_column_text(stmt_, column);
  if (!text) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

}  // namespace hh::db::sqlite
