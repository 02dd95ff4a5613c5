// Checking JSON the CLI prints, with SQLite's JSON functions (no other JSON library in the tests):
// whether a text is one valid JSON document, and the values at JSON paths in it.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <optional>
#include <string>

namespace hh::test {

// The result of `SELECT <expr>` with ?1 bound to `json`, as text; std::nullopt for NULL.
inline std::optional<std::string> json_eval(const std::string& expr, const std::string& json) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  const std::string sql = "SELECT " + expr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
  sqlite3_bind_text(s, 1, json.data(), static_cast<int>(json.size()), SQLITE_TRANSIENT);
  std::optional<std::string> out;
  if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
    out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  sqlite3_finalize(s);
  sqlite3_close(db);
  return out;
}

// True when `text` is exactly one valid JSON document (surrounding white space allowed).
inline bool is_one_json_document(const std::string& text) {
  return json_eval("json_valid(?1)", text) == "1";
}

// The value at `path` ("$.totals[0].run") as SQLite's json_extract renders it.
inline std::optional<std::string> json_at(const std::string& json, const std::string& path) {
  return json_eval("json_extract(?1, '" + path + "')", json);
}

}  // namespace hh::test
