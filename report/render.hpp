// The renderers of what a store reads: a table for people, CSV and JSON for programs. Used by
// `hhaudit query`, `explain` and the summary of `audit` (the HTML report: report/html.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "db/result.hpp"

namespace hh::report {

enum class OutputFormat { Table, Csv, Json };
// "table", "csv", "json"; std::nullopt otherwise.
std::optional<OutputFormat> output_format_from_name(std::string_view name);

// Table: header, a rule of dashes, rows; columns separated by two spaces, numeric columns
//   right-aligned, NULL shown as NULL, control characters shown as \n, \t, ...
// Csv: header line then rows, "\n" line ends; a field is quoted when it holds a comma, a double
//   quote, CR or LF, with quotes doubled (RFC 4180); NULL is an empty field. A text cell that
//   starts with = + - @, a tab or a CR (a spreadsheet would run it as a formula) is written with a
//   leading ' (numbers are not).
// Json: an array with one object per row, one row per line; integers and floats as numbers,
//   NULL as null, text and blobs as strings (invalid UTF-8 replaced by U+FFFD).
void write_result(std::ostream& out, const db::QueryResult& r, OutputFormat f);

// The results of several statements (hhaudit query): one result as write_result; several as
// Table and Csv: each in turn, a blank line between two; Json: one array holding each result's
// array, in order. None: what write_result gives for an empty result.
void write_results(std::ostream& out, const std::vector<db::QueryResult>& results, OutputFormat f);

// The results of `hhaudit query` written as the store reads them (db::ResultSink), the same bytes
// write_results writes for the same results, without holding them: Csv and Json write each row as
// it comes; Table holds the first rows of a result (kTablePageRows, or fewer holding
// kTablePageBytes of text) to size its columns, writes them, and writes every later row in those
// widths (a later, wider cell pushes the rest of its line right; a later cell that is not a
// number in a column of numbers is right-aligned too). finish() ends the document.
class ResultStream final : public db::ResultSink {
 public:
  static constexpr std::size_t kTablePageRows = 1000;
  static constexpr std::size_t kTablePageBytes = std::size_t{1} << 20;

  ResultStream(std::ostream& out, OutputFormat f) : out_(out), f_(f) {}
  void begin(std::size_t results) override;
  void columns(const std::vector<std::string>& names) override;
  void row(const std::vector<std::optional<std::string>>& cells,
           const std::vector<db::CellType>& types) override;
  void end_result() override;
  void finish();

 private:
  void write_page();
  void table_line(const std::vector<std::string>& cells);

  std::ostream& out_;
  OutputFormat f_;
  bool several_{false};     // two or more results: JSON's array of arrays
  std::size_t results_{0};  // results begun
  std::vector<std::string> columns_;
  std::size_t rows_{0};  // rows of the current result
  // Table: the first page of rows, as printed, and what sizes the columns.
  bool page_written_{false};
  std::vector<std::vector<std::string>> page_;
  std::size_t page_bytes_{0};
  std::vector<std::size_t> width_;
  std::vector<bool> numeric_, non_numeric_;
};

// Several titled tables as one document:
// Table: each as "== TITLE ==" then the table, a blank line between two.
// Csv: one table: a first column "section" (the title), then the union of every section's
//   columns in order of first appearance; a row leaves the columns of other sections empty.
// Json: one object, {"TITLE": [rows as in write_result], ...}, titles in order.
void write_sections(std::ostream& out, const db::Sections& sections, OutputFormat f);

}  // namespace hh::report
