#include "db/postgres/connection.hpp"

#include <fmt/core.h>
#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <memory>
#include <random>
#include <stdexcept>
#include <thread>

namespace hh::db::postgres {

namespace {

std::atomic<long> g_round_trips{0}, g_statements{0}, g_transactions{0};

// One round trip of `statements` statements, `begins` of them a BEGIN.
void count_trip(long statements, long begins = 0) {
  g_round_trips.fetch_add(1, std::memory_order_relaxed);
  g_statements.fetch_add(statements, std::memory_order_relaxed);
  g_transactions.fetch_add(begins, std::memory_order_relaxed);
}

// libpq's messages end with a newline (and may hold several lines): one line for ours.
std::string one_line(const char* message) {
  std::string s = message ? message : "";
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

std::string shortened(std::string_view sql) {
  constexpr std::size_t kMax = 200;
  while (!sql.empty() && std::isspace(static_cast<unsigned char>(sql.front())))
    sql.remove_prefix(1);
  if (sql.size() > kMax) return std::string(sql.substr(0, kMax)) + "...";
  return std::string(sql);
}

Result checked(pg_conn* c, pg_result* r, std::string_view sql) {
  Result owned(r);
  const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN)
    return owned;
  const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  // The primary message alone (the full one adds "LINE 1: ..." and a caret on more lines).
  std::string message = one_line(r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr);
  if (message.empty()) message = one_line(PQerrorMessage(c));
  throw ServerError(fmt::format("PostgreSQL: {} ({})", message, shortened(sql)), message,
                    state ? state : "");
}

}  // namespace

Result::~Result() { PQclear(r_); }
Result::Result(Result&& other) noexcept : r_(other.r_) { other.r_ = nullptr; }
Result& Result::operator=(Result&& other) noexcept {
  if (this != &other) {
    PQclear(r_);
    r_ = other.r_;
    other.r_ = nullptr;
  }
  return *this;
}
int Result::rows() const { return PQntuples(r_); }
int Result::columns() const { return PQnfields(r_); }
bool Result::is_null(int row, int column) const { return PQgetisnull(r_, row, column) != 0; }
std::string Result::text(int row, int column) const {
  return std::string(PQgetvalue(r_, row, column),
                     static_cast<std::size_t>(PQgetlength(r_, row, column)));
}
long long Result::int64(int row, int column) const {
  const char* v = PQgetvalue(r_, row, column);
  const char* end = v + PQgetlength(r_, row, column);
  long long n = 0;
  if (std::from_chars(v, end, n).ptr != end)
    throw std::runtime_error(
        fmt::format("PostgreSQL: '{}' is not an integer", std::string(v, end)));
  return n;
}

Connection::Connection(const std::string& conninfo) {
  c_ = PQconnectdb(conninfo.c_str());
  if (!c_ || PQstatus(c_) != CONNECTION_OK) {
    const std::string message = one_line(c_ ? PQerrorMessage(c_) : "out of memory");
    PQfinish(c_);
    c_ = nullptr;
    throw std::runtime_error("cannot connect to PostgreSQL: " + message);
  }
  const char* host = PQhost(c_);
  name_ = fmt::format("postgresql database {} on {}:{}", PQdb(c_), host ? host : "", PQport(c_));
  // Our messages and the timestamps we write do not depend on the server's settings.
  // (No notices on stderr: a ROLLBACK after a refused COMMIT warns that nothing is open.)
  exec("SET client_min_messages = error; SET TIME ZONE 'UTC'");
}

Connection::~Connection() {
  discard_sent();
  PQfinish(c_);
}
Connection::Connection(Connection&& other) noexcept
    : c_(other.c_),
      name_(std::move(other.name_)),
      sent_sql_(std::move(other.sent_sql_)),
      sent_on_way_(other.sent_on_way_),
      sent_kept_(other.sent_kept_),
      sent_(other.sent_) {
  other.c_ = nullptr;
  other.sent_on_way_ = false;
  other.sent_kept_ = false;
  other.sent_ = nullptr;
}
Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    discard_sent();
    PQfinish(c_);
    c_ = other.c_;
    name_ = std::move(other.name_);
    sent_sql_ = std::move(other.sent_sql_);
    sent_on_way_ = other.sent_on_way_;
    sent_kept_ = other.sent_kept_;
    sent_ = other.sent_;
    other.c_ = nullptr;
    other.sent_on_way_ = false;
    other.sent_kept_ = false;
    other.sent_ = nullptr;
  }
  return *this;
}

void Connection::send(std::string_view sql) {
  settle_sent_before_another();
  if (sent_kept_ || !pending_begin_.empty())
    throw std::logic_error("Connection::send: a sent statement's result not taken, or a BEGIN");
  sent_sql_ = std::string(sql);
  count_trip(1);
  if (PQsendQuery(c_, sent_sql_.c_str()) != 1)
    throw std::runtime_error("PostgreSQL: " + one_line(PQerrorMessage(c_)));
  sent_on_way_ = true;
}

void Connection::settle_sent() {
  if (!sent_on_way_) return;
  sent_on_way_ = false;
  sent_kept_ = true;
  // The statement's result, then the end of its results (a null).
  sent_ = PQgetResult(c_);
  while (pg_result* extra = PQgetResult(c_)) PQclear(extra);
}

void Connection::settle_sent_before_another() {
  settle_sent();
  if (!sent_kept_) return;
  const ExecStatusType status = sent_ ? PQresultStatus(sent_) : PGRES_FATAL_ERROR;
  if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) return;  // kept for take_sent
  // The sent statement failed (or the connection went): its error, not the one the statement
  // after it would meet in the aborted transaction (so that a deadlock there is retried as one).
  pg_result* failed = sent_;
  sent_ = nullptr;
  sent_kept_ = false;
  checked(c_, failed, sent_sql_);
}

Result Connection::take_sent() {
  settle_sent();
  if (!sent_kept_) throw std::logic_error("Connection::take_sent: no statement sent");
  pg_result* r = sent_;
  sent_ = nullptr;
  sent_kept_ = false;
  return checked(c_, r, sent_sql_);
}

void Connection::discard_sent() noexcept {
  if (!c_) return;
  settle_sent();
  PQclear(sent_);
  sent_ = nullptr;
  sent_kept_ = false;
}

bool Connection::in_transaction() const { return PQtransactionStatus(c_) != PQTRANS_IDLE; }

Result Connection::exec(std::string_view sql) {
  settle_sent_before_another();
  // The simple protocol runs several statements: the transaction's BEGIN first, if pending.
  std::string s = pending_begin_.empty() ? std::string() : pending_begin_ + ";";
  count_trip(pending_begin_.empty() ? 1 : 2, pending_begin_.empty() ? 0 : 1);
  pending_begin_.clear();
  s += sql;
  return checked(c_, PQexec(c_, s.c_str()), sql);
}

Result Connection::exec(std::string_view sql, const Params& params) {
  settle_sent_before_another();
  if (!pending_begin_.empty()) return std::move(exec_pipelined({{std::string(sql), params}})[0]);
  const std::string s(sql);
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
  count_trip(1);
  return checked(c_,
                 PQexecParams(c_, s.c_str(), static_cast<int>(values.size()), nullptr,
                              values.data(), nullptr, nullptr, 0),
                 sql);
}

namespace {

// Sends one statement of a pipeline (no wait for its answer).
void send_in_pipeline(pg_conn* c, const Statement& s) {
  std::vector<const char*> values;
  values.reserve(s.params.size());
  for (const auto& p : s.params) values.push_back(p ? p->c_str() : nullptr);
  if (PQsendQueryParams(c, s.sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                        nullptr, nullptr, 0) != 1 ||
      (s.commit_after && PQpipelineSync(c) != 1))
    throw std::runtime_error("PostgreSQL: " + one_line(PQerrorMessage(c)));
}

// The next result of a pipeline, or a lost connection's error.
pg_result* next_result(pg_conn* c) {
  // A statement's results end with a null; a synchronisation point is a result of its own.
  pg_result* r = PQgetResult(c);
  if (!r && PQstatus(c) != CONNECTION_OK)
    throw std::runtime_error("PostgreSQL: " + one_line(PQerrorMessage(c)));
  return r;
}

}  // namespace

std::vector<Result> Connection::exec_pipelined(const std::vector<Statement>& statements) {
  if (statements.empty()) return {};
  settle_sent_before_another();
  if (!pending_begin_.empty()) {
    // The transaction's BEGIN first.
    std::vector<Statement> all{{pending_begin_, {}}};
    pending_begin_.clear();
    all.insert(all.end(), statements.begin(), statements.end());
    g_transactions.fetch_add(1, std::memory_order_relaxed);
    std::vector<Result> results = exec_pipelined(all);
    results.erase(results.begin());
    return results;
  }
  count_trip(static_cast<long>(statements.size()));
  if (PQenterPipelineMode(c_) != 1)
    throw std::runtime_error("PostgreSQL: " + one_line(PQerrorMessage(c_)));
  std::vector<Result> results;
  std::optional<ServerError> failure;
  try {
    for (const Statement& s : statements) send_in_pipeline(c_, s);
    if ((statements.empty() || !statements.back().commit_after) && PQpipelineSync(c_) != 1)
      throw std::runtime_error("PostgreSQL: " + one_line(PQerrorMessage(c_)));
    // Every result read, whatever failed, so that the connection leaves pipeline mode idle.
    for (const Statement& s : statements) {
      pg_result* r = next_result(c_);
      if (r)
        while (pg_result* extra = next_result(c_)) PQclear(extra);
      if (failure || !r || PQresultStatus(r) == PGRES_PIPELINE_ABORTED) {
        PQclear(r);
      } else {
        try {
          results.push_back(checked(c_, r, s.sql));
        } catch (const ServerError& e) {
          failure = e;
        }
      }
      if (s.commit_after || &s == &statements.back()) PQclear(next_result(c_));  // the sync's
    }
  } catch (...) {
    PQexitPipelineMode(c_);
    throw;
  }
  PQexitPipelineMode(c_);
  if (failure) throw *failure;
  if (results.size() != statements.size())
    throw std::runtime_error("PostgreSQL: a pipelined statement gave no result");
  return results;
}

void Connection::copy_in(std::string_view copy_sql, std::string_view data) {
  exec(copy_sql);  // PGRES_COPY_IN
  // Sent in pieces: libpq buffers each and a large batch need not be one allocation twice.
  constexpr std::size_t kPiece = 1 << 20;
  for (std::size_t at = 0; at < data.size(); at += kPiece) {
    const std::string_view piece = data.substr(at, kPiece);
    if (PQputCopyData(c_, piece.data(), static_cast<int>(piece.size())) != 1) break;
  }
  PQputCopyEnd(c_, nullptr);
  count_trip(0);  // the rows sent, the COPY's end waited for
  // The COPY's result, then the end of the results.
  pg_result* failure = nullptr;
  while (pg_result* r = PQgetResult(c_)) {
    if (PQresultStatus(r) != PGRES_COMMAND_OK && !failure) {
      failure = r;
    } else {
      PQclear(r);
    }
  }
  if (failure) checked(c_, failure, copy_sql);
}

Traffic traffic() { return {g_round_trips.load(), g_statements.load(), g_transactions.load()}; }

std::vector<Result> Connection::copy_in_all(const std::vector<Copy>& copies,
                                            std::vector<Statement> after) {
  std::size_t bytes = 0;
  for (const auto& [sql, data] : copies) bytes += data.size();
  if (bytes > kInlineCopyBytes) {
    for (const auto& [sql, data] : copies)
      if (!data.empty()) copy_in(sql, data);
    return exec_pipelined(after);
  }
  std::vector<Statement> all;
  for (const auto& [sql, data] : copies)
    if (!data.empty()) all.push_back({insert_of_copy(sql, data), {}});
  const std::size_t inserts = all.size();
  for (Statement& s : after) all.push_back(std::move(s));
  std::vector<Result> results = exec_pipelined(all);
  results.erase(results.begin(), results.begin() + static_cast<std::ptrdiff_t>(inserts));
  return results;
}

namespace {

// One field of COPY's text format (copy_field, copy_null) as an SQL value: NULL, or a literal of
// its text (standard_conforming_strings: a backslash is itself, a quote doubled).
void append_value(std::string& out, std::string_view field) {
  if (field == "\\N") {
    out += "NULL";
    return;
  }
  out += '\'';
  for (std::size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (c == '\\' && i + 1 < field.size()) {
      const char e = field[++i];
      c = e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e;
    }
    if (c == '\'') out += '\'';
    out += c;
  }
  out += '\'';
}

}  // namespace

std::string insert_of_copy(std::string_view copy_sql, std::string_view data) {
  constexpr std::string_view kCopy = "COPY ", kFrom = " FROM STDIN";
  if (copy_sql.size() < kCopy.size() + kFrom.size() || copy_sql.substr(0, kCopy.size()) != kCopy ||
      copy_sql.substr(copy_sql.size() - kFrom.size()) != kFrom)
    throw std::logic_error("insert_of_copy: not a COPY ... FROM STDIN: " + std::string(copy_sql));
  std::string out = "INSERT INTO ";
  out += copy_sql.substr(kCopy.size(), copy_sql.size() - kCopy.size() - kFrom.size());
  out += " VALUES ";
  out.reserve(out.size() + data.size() + data.size() / 4);
  // Tabs and newlines in a value are escaped: each separates fields or rows.
  for (std::size_t at = 0; at < data.size();) {
    std::size_t end = data.find('\n', at);
    if (end == std::string_view::npos) end = data.size();
    const std::string_view row = data.substr(at, end - at);
    out += at == 0 ? "(" : ",(";
    for (std::size_t field = 0;;) {
      const std::size_t tab = row.find('\t', field);
      append_value(out, row.substr(field, tab == std::string_view::npos ? tab : tab - field));
      if (tab == std::string_view::npos) break;
      out += ',';
      field = tab + 1;
    }
    out += ')';
    at = end + 1;
  }
  return out;
}

bool is_retryable(const std::exception& e) {
  const auto* server = dynamic_cast<const ServerError*>(&e);
  return server && (server->sqlstate == "40P01" || server->sqlstate == "40001");
}

void pause_before_retry(int attempt) {
  // Writers that met in a deadlock would meet again if they retried in step.
  thread_local std::minstd_rand jitter{std::random_device{}()};
  const int cap_ms = 10 << std::min(attempt, 6);  // 20 ms, 40 ms, ... 640 ms
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::uniform_int_distribution<int>(cap_ms / 2, cap_ms)(jitter)));
}

bool is_conninfo(std::string_view s) {
  for (const std::string_view scheme : {"postgresql://", "postgres://"})
    if (s.substr(0, scheme.size()) == scheme) return true;
  std::size_t start = 0;
  while (start < s.size() && std::isspace(static_cast<unsigned char>(s[start]))) ++start;
  std::size_t end = start;
  while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_'))
    ++end;
  std::size_t eq = end;
  while (eq < s.size() && std::isspace(static_cast<unsigned char>(s[eq]))) ++eq;
  if (end == start || eq >= s.size() || s[eq] != '=') return false;
  const std::string word(s.substr(start, end - start));
  std::unique_ptr<PQconninfoOption, void (*)(PQconninfoOption*)> options(PQconndefaults(),
                                                                         &PQconninfoFree);
  for (const PQconninfoOption* o = options.get(); o && o->keyword; ++o)
    if (word == o->keyword) return true;
  return false;
}

void copy_field(std::string& out, std::string_view value, bool last) {
  for (const char c : value) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  out += last ? '\n' : '\t';
}

void copy_field(std::string& out, long long value, bool last) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
  out += last ? '\n' : '\t';
}

void copy_null(std::string& out, bool last) {
  out += "\\N";
  out += last ? '\n' : '\t';
}

}  // namespace hh::db::postgres
