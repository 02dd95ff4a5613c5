// One function per subcommand; each registers itself on the app and sets the exit code it ends
// with: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error, 3 (audit) input not
// audited: no hand at all, or files with no hand of a format hhaudit reads were skipped.
// When several apply, the lowest code but 0 and 1 wins: 2, then 3, then 1.
#pragma once

#include <CLI/CLI.hpp>

namespace hh::cli {

enum ExitCode : int { kClean = 0, kFindings = 1, kUsageOrIo = 2, kNotAudited = 3 };

// The exit codes as --help prints them.
inline constexpr const char* kExitCodesHelp =
    "Exit codes: 0 clean; 1 findings that blame the site at or above --fail-on (hhaudit's own "
    "gaps never count); 2 usage or I/O error (a missing path, an unreadable file, an interrupted "
    "run); 3 input not audited: no hand read, or files skipped that hold no hand of a format "
    "hhaudit reads (an unread format, an unknown file in a folder; not an fpdb sidecar, notes "
    "(.md, .tsv) or an empty file) (2 wins over 3, 3 over 1).";

// --format: table, csv or json, checked when the command line is parsed (a usage error, 2), so
// that report::output_format_from_name() of its value always succeeds.
inline CLI::Option* add_format_option(CLI::App& cmd, std::string& format, const std::string& help) {
  return cmd.add_option("--format", format, help)
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "csv", "json"}));
}

void add_audit_command(CLI::App& app, int& exit_code);
void add_query_command(CLI::App& app, int& exit_code);
void add_explain_command(CLI::App& app, int& exit_code);
void add_rake_profile_command(CLI::App& app, int& exit_code);
void add_house_rules_command(CLI::App& app, int& exit_code);
void add_sites_command(CLI::App& app, int& exit_code);
void add_summary_command(CLI::App& app, int& exit_code);
void add_convert_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_review_command(CLI::App& app, int& exit_code);
void add_integrity_command(CLI::App& app, int& exit_code);
// Registered last: it lists the commands registered before it.
void add_completion_command(CLI::App& app, int& exit_code);

}  // namespace hh::cli
