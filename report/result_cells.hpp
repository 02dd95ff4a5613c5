// Reading a store's result by column name: the report and the summary read the sections of
// db::Store::breakdowns and totals this way, so a column added to a section breaks neither.
#pragma once

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>

#include "db/result.hpp"

namespace hh::report {

using Cell = std::optional<std::string>;

// The result titled `title` in `s`; nullptr if there is none.
inline const db::QueryResult* section(const db::Sections& s, std::string_view title) {
  for (const auto& [t, r] : s)
    if (t == title) return &r;
  return nullptr;
}

// The cell of `column` in `row`, std::nullopt for NULL or a column the result does not have.
inline Cell cell(const db::QueryResult& r, std::size_t row, std::string_view column) {
  const auto it = std::find(r.columns.begin(), r.columns.end(), column);
  if (it == r.columns.end() || row >= r.rows.size()) return std::nullopt;
  const std::size_t c = static_cast<std::size_t>(it - r.columns.begin());
  return c < r.rows[row].size() ? r.rows[row][c] : std::nullopt;
}

// An integer cell; std::nullopt for NULL or text that is not one whole integer.
inline std::optional<long long> number(const Cell& c) {
  if (!c) return std::nullopt;
  long long v = 0;
  const auto [end, ec] = std::from_chars(c->data(), c->data() + c->size(), v);
  if (ec != std::errc() || end != c->data() + c->size()) return std::nullopt;
  return v;
}

}  // namespace hh::report
