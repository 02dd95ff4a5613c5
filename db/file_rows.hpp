// SQL on files that both stores run, each with its parameter mark ('?' for SQLite, '$' for
// PostgreSQL).
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

namespace hh::db {

// Store::finish_file, when another file of the same content was stored while this one was read:
// this file's hands and conflicts move to that file's row (parameter 1: the row kept; 2: this
// file's), a conflict it already holds at the same place not twice.
inline std::vector<std::string> move_file_rows_sql(char mark) {
  return {fmt::format("UPDATE hands SET file_id = {0}1 WHERE file_id = {0}2", mark),
          fmt::format("DELETE FROM hand_conflicts WHERE file_id = {0}2 AND EXISTS (SELECT 1 FROM "
                      "hand_conflicts k WHERE k.file_id = {0}1 AND k.existing_hand_id = "
                      "hand_conflicts.existing_hand_id AND k.byte_offset = "
                      "hand_conflicts.byte_offset AND k.content_sha256 = "
                      "hand_conflicts.content_sha256)",
                      mark),
          fmt::format("UPDATE hand_conflicts SET file_id = {0}1 WHERE file_id = {0}2", mark)};
}

}  // namespace hh::db
