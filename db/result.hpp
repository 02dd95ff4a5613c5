// A table read from a store: column names and typed cells. What the read queries of a Store return
// and what report/ renders, whatever the database behind it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
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

}  // namespace hh::db
