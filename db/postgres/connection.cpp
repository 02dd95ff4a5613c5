#include "db/postgres/connection.hpp"

#include <fmt/core.h>
#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <memory>
#include <random>
#include <stdexcept>
#include <thread>

namespace hh::db::postgres {

namespace {

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

Connection::~Connection() { PQfinish(c_); }
Connection::Connection(Connection&& other) noexcept : c_(other.c_), name_(std::move(other.name_)) {
  other.c_ = nullptr;
}
Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    PQfinish(c_);
    c_ = other.c_;
    name_ = std::move(other.name_);
    other.c_ = nullptr;
  }
  return *this;
}

Result Connection::exec(std::string_view sql) {
  const std::string s(sql);
  return checked(c_, PQexec(c_, s.c_str()), sql);
}

Result Connection::exec(std::string_view sql, const Params& params) {
  const std::string s(sql);
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
  return checked(c_,
                 PQexecParams(c_, s.c_str(), static_cast<int>(values.size()), nullptr,
                              values.data(), nullptr, nullptr, 0),
                 sql);
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
