#include <algorithm>
#include <iostream>
#include <iterator>

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
  std::string player;
  int top{20};
  bool unreviewed{false};
};

void run(const SummaryArgs& a, int& exit_code) {
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  try {
    auto store = db::open_reader(a.db);
    const db::ReadFilter filter = read_filter(*store, a.site, a.since);
    db::Sections sections = summary_sections(*store, filter, a.top, a.unreviewed);
    if (!a.player.empty()) {
      // The player's results, then the verdict of what they were read from.
      db::Sections mine = player_sections(*store, filter, a.player);
      for (auto& s : sections)
        if (std::find(std::begin(kVerdictSections), std::end(kVerdictSections), s.first) !=
            std::end(kVerdictSections))
          mine.push_back(std::move(s));
      sections = std::move(mine);
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
      "Summarise a whole audit database, the verdict first: hands audited and not, files not "
      "read, the site's errors by kind (errors, then warnings), the money in error per currency "
      "(chips as chips, never added to money), hhaudit's own gaps apart; then the detail: files "
      "by site, hands by site and month, money in error by month, every code (notes last), the "
      "rake paid against the house schedule");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site (see hhaudit sites)");
  cmd->add_option("--since", args->since,
                  "Only hands started on or after this date (UTC, YYYY-MM-DD); files are not "
                  "dated and stay counted");
  cmd->add_option("--top", args->top,
                  "How many finding codes to list: errors, then warnings, then notes, most hands "
                  "first in each")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--player", args->player,
                  "Only what concerns this player (as the histories name them): hands and net "
                  "won per currency, the findings that name them, then the verdict");
  cmd->add_flag("--unreviewed", args->unreviewed,
                "The site's errors and warnings no review marks yet (hhaudit review): counted by "
                "code, then listed (at most --top), each with its finding id");
  add_format_option(*cmd, args->format, "table, csv or json (one document)");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
