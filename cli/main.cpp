#include <malloc.h>
#include <sqlite3.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/nearest_name.hpp"

namespace {

// For a first word that names no command: the error and the command it most likely meant ("" when
// the first word is an option or a command, which CLI11's own message fits).
std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return {};
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), argv[1]) != names.end()) return {};
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  const std::string guess = hh::cli::nearest_name(argv[1], names);
  return "hhaudit: unknown command '" + std::string(argv[1]) + "'" +
         (guess.empty() ? "" : "; did you mean '" + guess + "'?") + " (commands: " + list +
         "; hhaudit --help)\n";
}

}  // namespace

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
  app.footer(std::string(hh::cli::kExitCodesHelp) +
             "\n\nEnvironment: HHAUDIT_DATA_DIR, the folder of hhaudit's data (rake/ and "
             "house-rules.toml) in place of the one found from the binary (PREFIX/share/hhaudit).");
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
  hh::cli::add_review_command(app, exit_code);
  hh::cli::add_integrity_command(app, exit_code);
  hh::cli::add_completion_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (const std::string unknown = unknown_command(app, argc, argv); !unknown.empty()) {
      std::cerr << unknown;
      return hh::cli::kUsageOrIo;
    }
    int code = app.exit(e);
    return code == 0 ? hh::cli::kClean : hh::cli::kUsageOrIo;
  }
  return exit_code;
}
