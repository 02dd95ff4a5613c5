#include <algorithm>
#include <iostream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/integrity_signals_run.hpp"
#include "cli/summary_sections.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

struct IntegrityArgs {
  std::string db{"hhaudit.db"};
  std::string site;
  std::string since;
  int min_hands{IntegrityThresholds{}.min_hands};
  std::string format{"table"};
  bool min_hands_given{false};
  unsigned jobs{std::max(1u, std::thread::hardware_concurrency())};
};

// The whole store with the default thresholds: computed, stored (integrity_signals) and printed.
// A part of it (--site, --since) or other thresholds (--min-hands): computed and printed only,
// so that the table always holds what the whole store gives.
void run(const IntegrityArgs& a, int& exit_code) {
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  const bool whole = a.site.empty() && a.since.empty() && !a.min_hands_given;
  try {
    auto store = db::open_store(a.db, whole ? db::OpenMode::Write : db::OpenMode::ReadOnly);
    std::vector<IntegritySignal> signals;
    if (whole) {
      signals = refresh_integrity_signals(*store, true, a.jobs)->signals;
    } else {
      IntegrityThresholds t;
      t.min_hands = a.min_hands;
      const std::vector<IntegrityHand> hands =
          store->integrity_hands(read_filter(*store, a.site, a.since));
      signals = integrity_signals(hands, allin_equities_of(*store, hands, a.jobs, false), t);
    }
    report::write_sections(std::cout, {{"integrity_signals", integrity_signals_table(signals)}},
                           *format);
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit integrity: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_integrity_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<IntegrityArgs>();
  CLI::App* cmd = app.add_subcommand(
      "integrity",
      "Signals across hands for review, never verdicts (docs/integrity.md): chip dumping (money "
      "one way between two players beyond chance), seats together (two accounts at the same "
      "tables beyond their volume), soft play (two players who check to each other where they "
      "bet against others), rake above the most the table's other hands paid, all-in results "
      "beyond the cards' equity and a site's board cards dealt unlike a shuffled deck. Over the "
      "whole database they are stored (table integrity_signals, also refreshed after each audit); "
      "with --site, --since or --min-hands they are printed only");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site's hands (see hhaudit sites)");
  cmd->add_option("--since", args->since,
                  "Only hands started on or after this date (UTC, YYYY-MM-DD)");
  cmd->add_option_function<int>(
         "--min-hands",
         [args](int n) {
           args->min_hands = n;
           args->min_hands_given = true;
         },
         "The least a pair must share to be judged: hands with money between them, heads-up "
         "streets, hands together (default 10)")
      ->check(CLI::Range(2, 1000000));
  cmd->add_option("-j,--jobs", args->jobs,
                  "Threads that compute the all-in equities not kept yet (default: cores)")
      ->check(CLI::Range(1, 256));
  add_format_option(*cmd, args->format, "table, csv or json (one document)");
  cmd->footer(
      "Exit codes: 0 computed (whether or not a signal fires: a signal is for review, not a "
      "finding); 2 usage or I/O error (no such database, a database of another schema).");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
