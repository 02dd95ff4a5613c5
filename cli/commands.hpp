// One function per subcommand; each registers itself on the app and sets the exit code it ends
// with: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.
#pragma once

#include <CLI/CLI.hpp>

namespace hh::cli {

enum ExitCode : int { kClean = 0, kFindings = 1, kUsageOrIo = 2 };

void add_audit_command(CLI::App& app, int& exit_code);
void add_query_command(CLI::App& app, int& exit_code);
void add_explain_command(CLI::App& app, int& exit_code);
void add_rake_profile_command(CLI::App& app, int& exit_code);
void add_house_rules_command(CLI::App& app, int& exit_code);

}  // namespace hh::cli
