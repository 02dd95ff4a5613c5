// A table read from a store: column names and typed cells. What the read queries of a Store return
// and what report/ renders, whatever the database behind it.
#pragma once

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

// Several tables of one answer, each with a title ("totals", "codes", ...), in order: what a
// command prints as one document (report::write_sections).
using Sections = std::vector<std::pair<std::string, QueryResult>>;

}  // namespace hh::db
