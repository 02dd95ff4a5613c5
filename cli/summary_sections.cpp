#include "cli/summary_sections.hpp"

#include <regex>
#include <stdexcept>

#include "cli/site_names.hpp"

namespace hh::cli {

namespace {

db::QueryResult table_of(std::vector<std::string> columns) {
  db::QueryResult r;
  r.columns = std::move(columns);
  return r;
}

void add_figure(db::QueryResult& r, const char* figure, long value) {
  r.rows.push_back({figure, std::to_string(value)});
  r.types.push_back({db::CellType::Text, db::CellType::Integer});
}

db::QueryResult totals_table(const db::StoreTotals& t) {
  db::QueryResult r = table_of({"figure", "value"});
  long findings = 0;
  for (const auto& c : t.codes) findings += c.rows;
  add_figure(r, "files_read", t.files_audited);
  add_figure(r, "files_unsupported", t.files_unsupported);
  add_figure(r, "files_without_hands", t.files_without_hands);
  add_figure(r, "files_unreadable", t.files_unreadable);
  add_figure(r, "files_interrupted", t.files_interrupted);
  add_figure(r, "hands", t.hands);
  add_figure(r, "parsed", t.hands - t.unparsed);
  add_figure(r, "unparsed", t.unparsed);
  add_figure(r, "hands_with_errors", t.hands_with_errors);
  add_figure(r, "hands_with_gaps", t.hands_with_gaps);
  add_figure(r, "findings", findings);
  return r;
}

// The `top` codes found in the most hands.
db::QueryResult codes_table(const db::StoreTotals& t, int top) {
  db::QueryResult r = table_of({"code", "severity", "blame", "hands", "rows"});
  for (const auto& c : t.codes) {
    if (static_cast<int>(r.rows.size()) == top) break;
    r.rows.push_back(
        {c.code, c.severity, c.blame, std::to_string(c.hands), std::to_string(c.rows)});
    r.types.push_back({db::CellType::Text, db::CellType::Text, db::CellType::Text,
                       db::CellType::Integer, db::CellType::Integer});
  }
  return r;
}

}  // namespace

db::Sections summary_sections(db::Store& store, const db::ReadFilter& filter, int top) {
  const db::StoreTotals totals = store.totals(filter);
  db::Sections sections{{"totals", totals_table(totals)}};
  for (auto& section : store.breakdowns(filter)) {
    if (section.first == "rake") sections.emplace_back("codes", codes_table(totals, top));
    sections.push_back(std::move(section));
  }
  return sections;
}

db::ReadFilter read_filter(db::Store& store, const std::string& site, const std::string& since) {
  if (!since.empty() && !std::regex_match(since, std::regex(R"(\d{4}-\d{2}-\d{2})")))
    throw std::invalid_argument("--since must be a date YYYY-MM-DD");
  // A format's name, or a room a format reads that the database holds (runitonce, ...).
  if (!site.empty()) check_site_name(site, store.sites());
  return {site, since, {}};
}

}  // namespace hh::cli
