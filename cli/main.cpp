#include <malloc.h>
#include <sqlite3.h>

#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  // SQLite's allocation statistics take a global mutex on every malloc; nothing here reads them.
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  // glibc raises its mmap and trim thresholds (up to 32 and 64 MB) after a large block is freed,
  // and from then on keeps what its threads free: at 1 GB the checks after the load held 87 MB
  // for 29 MB in use. Fixed thresholds give it back (docs/performance.md, "the checks after the
  // load beside the writer").
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 20);
  CLI::App app{"hhaudit: audits poker hand histories and stores every discrepancy in SQLite"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "hhaudit 0.1.0");
  app.footer(hh::cli::kExitCodesHelp);
  int exit_code = hh::cli::kClean;
  hh::cli::add_audit_command(app, exit_code);
  hh::cli::add_query_command(app, exit_code);
  hh::cli::add_explain_command(app, exit_code);
  hh::cli::add_rake_profile_command(app, exit_code);
  hh::cli::add_house_rules_command(app, exit_code);
  hh::cli::add_sites_command(app, exit_code);
  hh::cli::add_summary_command(app, exit_code);
  hh::cli::add_convert_command(app, exit_code);
  hh::cli::add_report_command(app, exit_code);
  hh::cli::add_completion_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? hh::cli::kClean : hh::cli::kUsageOrIo;
  }
  return exit_code;
}
