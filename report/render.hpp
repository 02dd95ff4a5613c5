// The renderers of what a store reads: a table for people, CSV and JSON for programs. Used by
// `hhaudit query`, `explain` and the summary of `audit` (the HTML report: report/html.hpp).
#pragma once

#include <optional>
#include <ostream>
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

// Several titled tables as one document:
// Table: each as "== TITLE ==" then the table, a blank line between two.
// Csv: one table: a first column "section" (the title), then the union of every section's
//   columns in order of first appearance; a row leaves the columns of other sections empty.
// Json: one object, {"TITLE": [rows as in write_result], ...}, titles in order.
void write_sections(std::ostream& out, const db::Sections& sections, OutputFormat f);

}  // namespace hh::report
