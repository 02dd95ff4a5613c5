// The house-rules options shared by `hhaudit audit` and `hhaudit house-rules`: which file, and
// single options overridden on the command line.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "audit/house_rules.hpp"

namespace hh::cli {

struct HouseRulesArgs {
  HouseRulesArgs();  // file: the house-rules.toml of hhaudit's data (cli/data_dir.hpp)
  std::string file;
  std::vector<std::string> overrides;  // NAME=VALUE or SITE.NAME=VALUE, applied in order

  void add_options(CLI::App& cmd);
  // The file's book with the overrides applied. Throws std::runtime_error or
  // std::invalid_argument with a message for the user, also for an override of a site that is
  // not a format's name or of a rule that does not exist (each listing the valid names).
  HouseRulesBook load() const;
};

}  // namespace hh::cli
