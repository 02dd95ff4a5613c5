#include <iostream>

#include "cli/commands.hpp"
#include "cli/summary_sections.hpp"
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

void run(const SummaryArgs& a, int& exit_code) {
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  try {
    auto store = db::open_store(a.db, db::OpenMode::ReadOnly);
    const db::ReadFilter filter = read_filter(*store, a.site, a.since);
    report::write_sections(std::cout, summary_sections(*store, filter, a.top), *format);
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
      "parsed and unparsed by site and month; hands with errors and money in error (each hand's "
      "mistake counted once); the top finding codes; the rake paid against the house schedule");
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
