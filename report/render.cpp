#include "report/render.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "model/json_text.hpp"

namespace hh::report {

using db::CellType;
using db::QueryResult;

std::optional<OutputFormat> output_format_from_name(std::string_view name) {
  if (name == "table") return OutputFormat::Table;
  if (name == "csv") return OutputFormat::Csv;
  if (name == "json") return OutputFormat::Json;
  return std::nullopt;
}

namespace {

CellType type_at(const QueryResult& r, std::size_t row, std::size_t col) {
  // Tolerate a hand-built QueryResult without types: NULL or text.
  if (row < r.types.size() && col < r.types[row].size()) return r.types[row][col];
  if (row < r.rows.size() && col < r.rows[row].size() && !r.rows[row][col]) return CellType::Null;
  return CellType::Text;
}

void json_string(std::ostream& out, std::string_view s) {
  std::string quoted;
  append_json_string(quoted, s);
  out << quoted;
}

void pad(std::ostream& out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out << ' ';
}

// SQLite prints infinities as "Inf"/"-Inf", which JSON has no number for.
bool is_json_number(std::string_view s) {
  if (s.empty()) return false;
  std::size_t i = s[0] == '-' ? 1 : 0;
  if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.' ||
           c == 'e' || c == 'E';
  });
}

// The rows as a JSON array; `indent` spaces before each row, and before the closing bracket
// `indent - 2`.
void write_json_rows(std::ostream& out, const QueryResult& r, int indent) {
  if (r.rows.empty()) {
    out << "[]";
    return;
  }
  out << "[\n";
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    pad(out, static_cast<std::size_t>(indent));
    out << "{";
    for (std::size_t c = 0; c < r.columns.size(); ++c) {
      if (c) out << ", ";
      json_string(out, r.columns[c]);
      out << ": ";
      const auto& cell = c < r.rows[i].size() ? r.rows[i][c] : std::nullopt;
      const CellType t = type_at(r, i, c);
      if (!cell || t == CellType::Null) {
        out << "null";
      } else if ((t == CellType::Integer || t == CellType::Float) && is_json_number(*cell)) {
        out << *cell;
      } else {
        json_string(out, *cell);
      }
    }
    out << (i + 1 < r.rows.size() ? "},\n" : "}\n");
  }
  pad(out, static_cast<std::size_t>(indent - 2));
  out << "]";
}

void write_json(std::ostream& out, const QueryResult& r) {
  write_json_rows(out, r, 2);
  out << "\n";
}

void csv_field(std::ostream& out, std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) {
    out << s;
    return;
  }
  out << '"';
  for (char c : s) {
    if (c == '"') out << '"';
    out << c;
  }
  out << '"';
}

// A spreadsheet opening the CSV runs a text cell that starts with = + - @ (or a tab or CR before
// one) as a formula: such text, which player names, chat and unread lines can be, gets a leading
// ' that shows it as text (OWASP, "CSV Injection"). Numbers stay numbers.
bool reads_as_formula(std::string_view s) {
  return !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos;
}

void write_csv(std::ostream& out, const QueryResult& r) {
  if (r.columns.empty()) return;  // no statement returned columns: nothing to print
  for (std::size_t c = 0; c < r.columns.size(); ++c) {
    if (c) out << ',';
    csv_field(out, reads_as_formula(r.columns[c]) ? "'" + r.columns[c] : r.columns[c]);
  }
  out << '\n';
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const auto& row = r.rows[i];
    for (std::size_t c = 0; c < r.columns.size(); ++c) {
      if (c) out << ',';
      if (c >= row.size() || !row[c]) continue;
      const bool text = type_at(r, i, c) == CellType::Text || type_at(r, i, c) == CellType::Blob;
      csv_field(out, text && reads_as_formula(*row[c]) ? "'" + *row[c] : *row[c]);
    }
    out << '\n';
  }
}

// Makes a cell printable on one line so the table stays aligned.
std::string table_cell(const std::optional<std::string>& cell) {
  if (!cell) return "NULL";
  std::string out;
  for (char ch : *cell) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\x{:02x}", c);
        } else {
          out.push_back(ch);
        }
    }
  }
  return out;
}

// Display width approximated by code points: player names are often non-ASCII.
std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

void write_table(std::ostream& out, const QueryResult& r) {
  const std::size_t ncols = r.columns.size();
  if (ncols == 0) return;
  std::vector<std::vector<std::string>> cells(r.rows.size());
  std::vector<std::size_t> width(ncols);
  std::vector<bool> numeric(ncols, false);
  std::vector<bool> non_numeric(ncols, false);
  for (std::size_t c = 0; c < ncols; ++c) width[c] = display_width(r.columns[c]);
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    for (std::size_t c = 0; c < ncols; ++c) {
      const auto& cell = c < r.rows[i].size() ? r.rows[i][c] : std::nullopt;
      cells[i].push_back(table_cell(cell));
      width[c] = std::max(width[c], display_width(cells[i].back()));
      const CellType t = type_at(r, i, c);
      if (t == CellType::Integer || t == CellType::Float) {
        numeric[c] = true;
      } else if (t != CellType::Null) {
        non_numeric[c] = true;
      }
    }
  }
  // Right-align a column only when every non-NULL cell is a number, so digits line up.
  std::vector<bool> right(ncols);
  for (std::size_t c = 0; c < ncols; ++c) right[c] = numeric[c] && !non_numeric[c];

  auto line = [&](auto&& text_of) {
    for (std::size_t c = 0; c < ncols; ++c) {
      const std::string& s = text_of(c);
      const std::size_t fill = width[c] - display_width(s);
      if (c) out << "  ";
      if (right[c]) pad(out, fill);
      out << s;
      // No trailing blanks after the last column.
      if (!right[c] && c + 1 < ncols) pad(out, fill);
    }
    out << '\n';
  };
  line([&](std::size_t c) -> const std::string& { return r.columns[c]; });
  std::vector<std::string> rules(ncols);
  for (std::size_t c = 0; c < ncols; ++c) rules[c] = std::string(width[c], '-');
  line([&](std::size_t c) -> const std::string& { return rules[c]; });
  for (const auto& row : cells) {
    line([&](std::size_t c) -> const std::string& { return row[c]; });
  }
}

void write_csv_sections(std::ostream& out, const db::Sections& sections) {
  QueryResult all;
  all.columns = {"section"};
  for (const auto& [title, r] : sections)
    for (const std::string& c : r.columns)
      if (std::find(all.columns.begin(), all.columns.end(), c) == all.columns.end())
        all.columns.push_back(c);
  for (const auto& [title, r] : sections) {
    std::vector<std::size_t> at;  // where each of r's columns goes
    for (const std::string& c : r.columns)
      at.push_back(static_cast<std::size_t>(std::find(all.columns.begin(), all.columns.end(), c) -
                                            all.columns.begin()));
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
      const auto& row = r.rows[i];
      std::vector<std::optional<std::string>> cells(all.columns.size());
      std::vector<CellType> types(all.columns.size(), CellType::Null);
      cells[0] = title;
      types[0] = CellType::Text;
      for (std::size_t c = 0; c < row.size() && c < at.size(); ++c) {
        cells[at[c]] = row[c];
        types[at[c]] = type_at(r, i, c);
      }
      all.rows.push_back(std::move(cells));
      all.types.push_back(std::move(types));
    }
  }
  write_csv(out, all);
}

}  // namespace

void write_results(std::ostream& out, const std::vector<QueryResult>& results, OutputFormat f) {
  if (results.size() <= 1) {
    write_result(out, results.empty() ? QueryResult{} : results.front(), f);
    return;
  }
  if (f == OutputFormat::Json) {
    out << "[";
    for (std::size_t i = 0; i < results.size(); ++i) {
      out << (i ? ",\n  " : "\n  ");
      write_json_rows(out, results[i], 4);
    }
    out << "\n]\n";
    return;
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (i) out << "\n";
    write_result(out, results[i], f);
  }
}

// ---------------------------------------------------------------------------------------------
// ResultStream

void ResultStream::begin(std::size_t results) {
  several_ = results >= 2;
  if (several_ && f_ == OutputFormat::Json) out_ << "[";
}

void ResultStream::columns(const std::vector<std::string>& names) {
  columns_ = names;
  rows_ = 0;
  const std::size_t index = results_++;
  switch (f_) {
    case OutputFormat::Json:
      if (several_) out_ << (index ? ",\n  " : "\n  ");
      return;
    case OutputFormat::Csv:
      if (index) out_ << "\n";
      if (columns_.empty()) return;
      for (std::size_t c = 0; c < columns_.size(); ++c) {
        if (c) out_ << ',';
        csv_field(out_, reads_as_formula(columns_[c]) ? "'" + columns_[c] : columns_[c]);
      }
      out_ << '\n';
      return;
    case OutputFormat::Table:
      if (index) out_ << "\n";
      page_written_ = false;
      page_.clear();
      page_bytes_ = 0;
      width_.assign(columns_.size(), 0);
      numeric_.assign(columns_.size(), false);
      non_numeric_.assign(columns_.size(), false);
      for (std::size_t c = 0; c < columns_.size(); ++c) width_[c] = display_width(columns_[c]);
      return;
  }
}

void ResultStream::row(const std::vector<std::optional<std::string>>& cells,
                       const std::vector<CellType>& types) {
  const std::size_t ncols = columns_.size();
  const auto type = [&](std::size_t c) {
    if (c < types.size()) return types[c];
    return c < cells.size() && cells[c] ? CellType::Text : CellType::Null;
  };
  const std::size_t index = rows_++;
  switch (f_) {
    case OutputFormat::Json: {
      const int indent = several_ ? 4 : 2;
      out_ << (index ? ",\n" : "[\n");
      pad(out_, static_cast<std::size_t>(indent));
      out_ << "{";
      for (std::size_t c = 0; c < ncols; ++c) {
        if (c) out_ << ", ";
        json_string(out_, columns_[c]);
        out_ << ": ";
        const CellType t = type(c);
        if (c >= cells.size() || !cells[c] || t == CellType::Null) {
          out_ << "null";
        } else if ((t == CellType::Integer || t == CellType::Float) && is_json_number(*cells[c])) {
          out_ << *cells[c];
        } else {
          json_string(out_, *cells[c]);
        }
      }
      out_ << "}";
      return;
    }
    case OutputFormat::Csv:
      if (ncols == 0) return;
      for (std::size_t c = 0; c < ncols; ++c) {
        if (c) out_ << ',';
        if (c >= cells.size() || !cells[c]) continue;
        const bool text = type(c) == CellType::Text || type(c) == CellType::Blob;
        csv_field(out_, text && reads_as_formula(*cells[c]) ? "'" + *cells[c] : *cells[c]);
      }
      out_ << '\n';
      return;
    case OutputFormat::Table: {
      if (ncols == 0) return;
      std::vector<std::string> printed(ncols);
      for (std::size_t c = 0; c < ncols; ++c)
        printed[c] = table_cell(c < cells.size() ? cells[c] : std::nullopt);
      if (page_written_) {
        table_line(printed);
        return;
      }
      for (std::size_t c = 0; c < ncols; ++c) {
        width_[c] = std::max(width_[c], display_width(printed[c]));
        page_bytes_ += printed[c].size();
        const CellType t = type(c);
        if (t == CellType::Integer || t == CellType::Float) {
          numeric_[c] = true;
        } else if (t != CellType::Null) {
          non_numeric_[c] = true;
        }
      }
      page_.push_back(std::move(printed));
      if (page_.size() >= kTablePageRows || page_bytes_ >= kTablePageBytes) write_page();
      return;
    }
  }
}

void ResultStream::table_line(const std::vector<std::string>& cells) {
  const std::size_t ncols = columns_.size();
  for (std::size_t c = 0; c < ncols; ++c) {
    const std::string& s = cells[c];
    const std::size_t w = display_width(s);
    const std::size_t fill = width_[c] > w ? width_[c] - w : 0;
    const bool right = numeric_[c] && !non_numeric_[c];
    if (c) out_ << "  ";
    if (right) pad(out_, fill);
    out_ << s;
    // No trailing blanks after the last column.
    if (!right && c + 1 < ncols) pad(out_, fill);
  }
  out_ << '\n';
}

void ResultStream::write_page() {
  table_line(columns_);
  std::vector<std::string> rules(columns_.size());
  for (std::size_t c = 0; c < columns_.size(); ++c) rules[c] = std::string(width_[c], '-');
  table_line(rules);
  for (const auto& printed : page_) table_line(printed);
  page_.clear();
  page_.shrink_to_fit();
  page_written_ = true;
}

void ResultStream::end_result() {
  switch (f_) {
    case OutputFormat::Json:
      if (rows_ == 0) {
        out_ << "[]";
      } else {
        out_ << "\n";
        pad(out_, several_ ? 2 : 0);
        out_ << "]";
      }
      if (!several_) out_ << "\n";
      return;
    case OutputFormat::Csv:
      return;
    case OutputFormat::Table:
      if (!columns_.empty() && !page_written_) write_page();
      return;
  }
}

void ResultStream::finish() {
  if (f_ != OutputFormat::Json) return;
  if (several_) {
    out_ << "\n]\n";
  } else if (results_ == 0) {
    out_ << "[]\n";
  }
}

void write_sections(std::ostream& out, const db::Sections& sections, OutputFormat f) {
  switch (f) {
    case OutputFormat::Table:
      for (std::size_t i = 0; i < sections.size(); ++i) {
        out << (i ? "\n" : "") << "== " << sections[i].first << " ==\n";
        write_table(out, sections[i].second);
      }
      return;
    case OutputFormat::Csv:
      write_csv_sections(out, sections);
      return;
    case OutputFormat::Json:
      out << "{";
      for (std::size_t i = 0; i < sections.size(); ++i) {
        out << (i ? ",\n  " : "\n  ");
        json_string(out, sections[i].first);
        out << ": ";
        write_json_rows(out, sections[i].second, 4);
      }
      out << (sections.empty() ? "}\n" : "\n}\n");
      return;
  }
}

void write_result(std::ostream& out, const QueryResult& r, OutputFormat f) {
  switch (f) {
    case OutputFormat::Table:
      write_table(out, r);
      return;
    case OutputFormat::Csv:
      write_csv(out, r);
      return;
    case OutputFormat::Json:
      write_json(out, r);
      return;
  }
}

}  // namespace hh::report
