#include <fmt/format.h>

#include <iostream>
#include <regex>

#include "cli/commands.hpp"
#include "cli/site_names.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

struct SummaryArgs {
  std::string db{"hhaudit.db"};
  std::string site;
  std::string since;
  std::string format{"table"};
  int top{20};
};

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
  add_figure(r, "files_interrupted", t.files_interrupted);
  add_figure(r, "hands", t.hands);
  add_figure(r, "parsed", t.hands - t.unparsed);
  add_figure(r, "unparsed", t.unparsed);
  add_figure(r, "hands_with_errors", t.hands_with_errors);
  add_figure(r, "findings", findings);
  return r;
}

// The `top` codes found in the most hands.
db::QueryResult codes_table(const db::StoreTotals& t, int top) {
  db::QueryResult r = table_of({"code", "severity", "hands", "rows"});
  for (const auto& c : t.codes) {
    if (static_cast<int>(r.rows.size()) == top) break;
    r.rows.push_back({c.code, c.severity, std::to_string(c.hands), std::to_string(c.rows)});
    r.types.push_back(
        {db::CellType::Text, db::CellType::Text, db::CellType::Integer, db::CellType::Integer});
  }
  return r;
}

void run(const SummaryArgs& a, int& exit_code) {
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  if (!a.since.empty() && !std::regex_match(a.since, std::regex(R"(\d{4}-\d{2}-\d{2})"))) {
    std::cerr << "hhaudit summary: --since must be a date YYYY-MM-DD\n";
    exit_code = kUsageOrIo;
    return;
  }
  try {
    auto store = db::open_store(a.db, db::OpenMode::ReadOnly);
    // A format's name, or a room a format reads that the database holds (runitonce, ...).
    if (!a.site.empty()) check_site_name(a.site, store->sites());
    const db::ReadFilter filter{a.site, a.since, {}};
    const db::StoreTotals totals = store->totals(filter);
    db::Sections sections{{"totals", totals_table(totals)}};
    for (auto& section : store->breakdowns(filter)) {
      if (section.first == "rake") sections.emplace_back("codes", codes_table(totals, a.top));
      sections.push_back(std::move(section));
    }
    report::write_sections(std::cout, sections, *format);
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit summary: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_summary_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SummaryArgs>();
  CLI::App* cmd = app.add_subcommand(
      "summary",
      "Summarise a whole audit database: files read, unsupported and without hands; hands read, "
      "parsed and unparsed by site and month; hands with errors; the top finding codes; the rake "
      "paid");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site (see hhaudit sites)");
  cmd->add_option("--since", args->since,
                  "Only hands started on or after this date (UTC, YYYY-MM-DD); files are not "
                  "dated and stay counted");
  cmd->add_option("--top", args->top, "How many finding codes to list, most hands first")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  add_format_option(*cmd, args->format, "table, csv or json (one document)");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
