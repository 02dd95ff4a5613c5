// The tables of the docs as tests read them: the docs say what the registry and the measurements
// hold, and the tests check that they agree.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "tests/test_paths.hpp"

namespace hh::test {

// The cells of each row of the first table under the heading `heading` of a docs page (the header
// and the separator row left out).
inline std::vector<std::vector<std::string>> table_rows(const std::string& page,
                                                        const std::string& heading) {
  std::istringstream in(read_file(source_dir() / "docs" / page));
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool under = false;
  int row = 0;
  while (std::getline(in, line)) {
    if (line.starts_with("#")) {
      if (under && !rows.empty()) break;
      under = line == heading;
      continue;
    }
    if (!under || !line.starts_with("|")) {
      if (under && !rows.empty()) break;  // the table ended
      continue;
    }
    if (row++ < 2) continue;
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream cut(line.substr(1));
    while (std::getline(cut, cell, '|')) cells.push_back(cell);
    rows.push_back(std::move(cells));
  }
  return rows;
}

// The `quoted` texts of a cell, in order.
inline std::vector<std::string> quoted(const std::string& cell) {
  std::vector<std::string> out;
  for (std::size_t at = cell.find('`'); at != std::string::npos; at = cell.find('`', at)) {
    const std::size_t end = cell.find('`', at + 1);
    if (end == std::string::npos) break;
    out.push_back(cell.substr(at + 1, end - at - 1));
    at = end + 1;
  }
  return out;
}

// The first word of a cell ("" for an empty one).
inline std::string first_word(const std::string& cell) {
  std::istringstream in(cell);
  std::string word;
  in >> word;
  return word;
}

}  // namespace hh::test
