#include "db/schema.hpp"

#include <fmt/core.h>
#include <openssl/evp.h>
#include <sqlite3.h>

#include <stdexcept>
#include <utility>

namespace hh::db {

namespace {
std::string to_hex(const unsigned char* md, unsigned int len) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * len);
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(kHex[md[i] >> 4]);
    out.push_back(kHex[md[i] & 0x0f]);
  }
  return out;
}
}  // namespace

std::string sha256_hex(std::string_view data) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("sha256: EVP_Digest failed");
  }
  return to_hex(md, len);
}

struct Sha256::Ctx {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
};

Sha256::Sha256() : ctx_(new Ctx) {
  if (!ctx_->md || EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr) != 1) {
    EVP_MD_CTX_free(ctx_->md);
    delete ctx_;
    throw std::runtime_error("sha256: EVP_DigestInit_ex failed");
  }
}

Sha256::~Sha256() {
  EVP_MD_CTX_free(ctx_->md);
  delete ctx_;
}

void Sha256::update(std::string_view data) {
  if (EVP_DigestUpdate(ctx_->md, data.data(), data.size()) != 1)
    throw std::runtime_error("sha256: EVP_DigestUpdate failed");
}

std::string Sha256::hex() {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(ctx_->md, md, &len) != 1)
    throw std::runtime_error("sha256: EVP_DigestFinal_ex failed");
  return to_hex(md, len);
}

namespace {

// Error messages quote the SQL that failed, but not all of a multi-kilobyte script.
std::string snippet(std::string_view sql) {
  constexpr std::size_t kMax = 200;
  while (!sql.empty() && (sql.front() == '\n' || sql.front() == ' ')) sql.remove_prefix(1);
  if (sql.size() <= kMax) return std::string(sql);
  return std::string(sql.substr(0, kMax)) + "...";
}

// Keep in sync with docs/schema.md. Column order of the required columns follows the spec so that
// `SELECT *` reads naturally; extra columns come last.
constexpr std::string_view kSchemaSql = R"sql(
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS files (
  file_id       INTEGER PRIMARY KEY,
  path          TEXT NOT NULL,
  sha256        TEXT NOT NULL UNIQUE,
  bytes         INTEGER NOT NULL,
  encoding      TEXT,
  site          TEXT,
  hands         INTEGER,
  failed        INTEGER,
  audited_at    TEXT,
  duplicates    INTEGER,
  conflicts     INTEGER,
  first_seen_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS hands (
  hand_id           INTEGER PRIMARY KEY,
  site              TEXT NOT NULL,
  site_hand_id      TEXT,
  file_id           INTEGER NOT NULL REFERENCES files(file_id),
  byte_offset       INTEGER NOT NULL,
  line              INTEGER NOT NULL,
  table_name        TEXT,
  game              TEXT,
  limit_type        TEXT,
  currency          TEXT,
  unit              INTEGER NOT NULL CHECK (unit > 0),
  small_blind       INTEGER,
  big_blind         INTEGER,
  ante              INTEGER,
  started_at_utc    TEXT,
  seats             INTEGER,
  players_dealt     INTEGER,
  total_pot         INTEGER,
  rake              INTEGER,
  fees              INTEGER NOT NULL DEFAULT 0,
  status            TEXT NOT NULL CHECK (status IN ('ok', 'findings', 'unparsed')),
  content_sha256    TEXT NOT NULL,
  tournament_id     TEXT,
  button_seat       INTEGER,
  cancelled         INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
  total_contributed INTEGER,
  total_collected   INTEGER,
  parse_issues      INTEGER NOT NULL DEFAULT 0,
  total_pot_derived INTEGER NOT NULL DEFAULT 0 CHECK (total_pot_derived IN (0, 1)),
  rake_derived      INTEGER NOT NULL DEFAULT 0 CHECK (rake_derived IN (0, 1)),
  UNIQUE (site, site_hand_id)
);

CREATE TABLE IF NOT EXISTS hand_players (
  hand_id     INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE,
  seat        INTEGER NOT NULL,
  player      TEXT NOT NULL,
  start_stack INTEGER NOT NULL,
  contributed INTEGER NOT NULL,
  collected   INTEGER NOT NULL,
  net         INTEGER NOT NULL,
  PRIMARY KEY (hand_id, seat)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS pots (
  hand_id         INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE,
  pot_index       INTEGER NOT NULL,
  amount          INTEGER NOT NULL,
  rake            INTEGER NOT NULL,
  eligible        TEXT NOT NULL,
  winners         TEXT NOT NULL,
  reported_amount INTEGER,
  PRIMARY KEY (hand_id, pot_index)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS discrepancies (
  discrepancy_id INTEGER PRIMARY KEY,
  hand_id        INTEGER NOT NULL REFERENCES hands(hand_id) ON DELETE CASCADE,
  code           TEXT NOT NULL,
  severity       TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
  street         TEXT,
  seat           INTEGER,
  player         TEXT,
  expected       INTEGER,
  actual         INTEGER,
  message        TEXT NOT NULL,
  line           INTEGER
);

CREATE TABLE IF NOT EXISTS hand_conflicts (
  conflict_id      INTEGER PRIMARY KEY,
  site             TEXT NOT NULL,
  site_hand_id     TEXT,
  existing_hand_id INTEGER NOT NULL REFERENCES hands(hand_id),
  file_id          INTEGER NOT NULL REFERENCES files(file_id),
  byte_offset      INTEGER NOT NULL,
  line             INTEGER NOT NULL,
  content_sha256   TEXT NOT NULL,
  recorded_at      TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS idx_discrepancies_code ON discrepancies(code);
CREATE INDEX IF NOT EXISTS idx_discrepancies_hand ON discrepancies(hand_id);
CREATE INDEX IF NOT EXISTS idx_hands_file ON hands(file_id);
CREATE INDEX IF NOT EXISTS idx_hands_content ON hands(content_sha256);
CREATE INDEX IF NOT EXISTS idx_conflicts_hand ON hand_conflicts(existing_hand_id);

CREATE VIEW IF NOT EXISTS v_findings AS
SELECT d.discrepancy_id,
       f.path,
       COALESCE(d.line, h.line) AS line,
       h.site,
       h.site_hand_id,
       h.hand_id,
       d.code,
       d.severity,
       d.street,
       d.seat,
       d.player,
       d.expected,
       d.actual,
       d.actual - d.expected AS difference,
       h.unit,
       h.currency,
       d.message
FROM discrepancies d
JOIN hands h ON h.hand_id = d.hand_id
JOIN files f ON f.file_id = h.file_id;

CREATE VIEW IF NOT EXISTS v_code_counts AS
SELECT code,
       severity,
       COUNT(*) AS count,
       COUNT(DISTINCT hand_id) AS hands
FROM discrepancies
GROUP BY code, severity
ORDER BY count DESC, code, severity;

CREATE VIEW IF NOT EXISTS v_file_summary AS
SELECT f.file_id,
       f.path,
       f.site,
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
GROUP BY f.file_id;

CREATE VIEW IF NOT EXISTS v_conflicts AS
SELECT c.conflict_id,
       c.site,
       c.site_hand_id,
       c.existing_hand_id,
       ef.path AS existing_path,
       e.line AS existing_line,
       e.content_sha256 AS existing_sha256,
       nf.path AS new_path,
       c.line AS new_line,
       c.content_sha256 AS new_sha256,
       c.recorded_at
FROM hand_conflicts c
JOIN hands e ON e.hand_id = c.existing_hand_id
JOIN files ef ON ef.file_id = e.file_id
JOIN files nf ON nf.file_id = c.file_id;
)sql";

}  // namespace

std::string_view schema_sql() { return kSchemaSql; }

// ---------------------------------------------------------------------------------------------
// Database

Database::Database(const std::string& path, int flags) : path_(path) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
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

void Statement::bind_text(int index, std::string_view value) {
  // SQLITE_TRANSIENT: SQLite copies, so callers may pass temporaries.
  check_bind(db_, sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                                      SQLITE_UTF8));
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

// ---------------------------------------------------------------------------------------------

void apply_schema(Database& db) {
  // A second process (or a reader) may hold the database briefly; wait instead of failing.
  sqlite3_busy_timeout(db.get(), 5000);
  // WAL lets `hhaudit query` read while an audit is writing; NORMAL is durable enough in WAL mode
  // (a power cut may lose the last commits, never corrupt) and much faster than FULL.
  db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(schema_sql());
    db.exec(fmt::format("INSERT OR IGNORE INTO meta(key, value) VALUES ('schema_version', '{}')",
                        kSchemaVersion));
    Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
    std::string found = version.step() ? version.column_text(0) : std::string();
    version.reset();
    if (found != std::to_string(kSchemaVersion)) {
      throw std::runtime_error(fmt::format("database {} has schema_version {}, this build needs {}",
                                           db.path(), found, kSchemaVersion));
    }
    db.exec("COMMIT");
  } catch (...) {
    // Leave the file as it was; ignore a failing rollback, the original error matters more.
    sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

}  // namespace hh::db
