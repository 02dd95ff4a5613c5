// A table read from a store: column names and typed cells. What the read queries of a Store return
// and what report/ renders, whatever the database behind it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hh::db {

// The storage class of one cell, kept so JSON can print integers as numbers and NULL as null while
// every cell is still available as text.
enum class CellType : std::uint8_t { Null, Integer, Float, Text, Blob };

struct QueryResult {
  std::vector<std::string> columns;
  // rows[i][j] is the cell as text as the database renders it (integers in decimal, floats as
  // SQLite prints them, blobs as lower-case hex); std::nullopt for NULL.
  std::vector<std::vector<std::optional<std::string>>> rows;
  // Same shape as rows: the storage class of each cell.
  std::vector<std::vector<CellType>> types;
};

// Takes the results of a query as they are read, a row at a time (Store::query): what `hhaudit
// query` prints as it goes, so that no result is held whole.
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  // Once, before any result: how many of the script's statements give a result (have columns),
  // known before the first runs (each statement is prepared or checked first).
  virtual void begin(std::size_t results) = 0;
  // A result begins: its column names.
  virtual void columns(const std::vector<std::string>& names) = 0;
  // One row of the current result: each cell as text (as in QueryResult::rows) and its type.
  virtual void row(const std::vector<std::optional<std::string>>& cells,
                   const std::vector<CellType>& types) = 0;
  // The current result has no more rows.
  virtual void end_result() = 0;
};

// Several tables of one answer, each with a title ("totals", "codes", ...), in order: what a
// command prints as one document (report::write_sections).
using Sections = std::vector<std::pair<std::string, QueryResult>>;

}  // namespace hh::db
