// Read-only SQL against an audit database, and the three output formats of `hhaudit query`.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hh::db {

// The SQLite storage class of one cell, kept so JSON can print integers as numbers and NULL as
// null while every cell is still available as text.
enum class CellType : std::uint8_t { Null, Integer, Float, Text, Blob };

struct QueryResult {
  std::vector<std::string> columns;
  // rows[i][j] is the cell as text as SQLite renders it (integers in decimal, floats as SQLite
  // prints them, blobs as lower-case hex); std::nullopt for NULL.
  std::vector<std::vector<std::optional<std::string>>> rows;
  // Same shape as rows: the storage class of each cell.
  std::vector<std::vector<CellType>> types;
};

// Opens db_path read-only (SQLITE_OPEN_READONLY and PRAGMA query_only=ON) and runs every
// statement of `sql` in order. Returns the columns and rows of the last statement that has result
// columns (so "SELECT ... WHERE 0" gives its columns and no rows); an empty result if none has.
// Throws std::runtime_error:
//   "no such database: PATH" if the file does not exist (it is never created);
//   "read-only query: attempt to write a readonly database (statement N: SQL)" for a write;
//   "SQL error: MESSAGE (statement N: SQL)" for any other failure.
QueryResult run_query(const std::string& db_path, const std::string& sql);

enum class OutputFormat { Table, Csv, Json };
// "table", "csv", "json"; std::nullopt otherwise.
std::optional<OutputFormat> output_format_from_name(std::string_view name);

// Table: header, a rule of dashes, rows; columns separated by two spaces, numeric columns
//   right-aligned, NULL shown as NULL, control characters shown as \n, \t, ...
// Csv: header line then rows, "\n" line ends; a field is quoted when it holds a comma, a double
//   quote, CR or LF, with quotes doubled (RFC 4180); NULL is an empty field.
// Json: an array with one object per row, one row per line; integers and floats as numbers,
//   NULL as null, text and blobs as strings (invalid UTF-8 replaced by U+FFFD).
void write_result(std::ostream& out, const QueryResult& r, OutputFormat f);

}  // namespace hh::db
