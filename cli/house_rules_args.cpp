#include "cli/house_rules_args.hpp"

#include <fmt/format.h>

#include "cli/data_dir.hpp"
#include "cli/site_names.hpp"

namespace hh::cli {

HouseRulesArgs::HouseRulesArgs() : file(default_house_rules_file().string()) {}

void HouseRulesArgs::add_options(CLI::App& cmd) {
  cmd.add_option("--house-rules", file, "House-rules file: the rule options per site (TOML)")
      ->capture_default_str();
  std::string names;
  for (const HouseRuleOption& o : house_rule_options())
    names += fmt::format("\n  {}: {}", o.name, o.meaning);
  cmd.add_option("--rule", overrides,
                 "Override one house rule, for every site (NAME=VALUE) or one site "
                 "(SITE.NAME=VALUE, SITE one of " +
                     site_names() + "); repeatable. Options:" + names);
}

HouseRulesBook HouseRulesArgs::load() const {
  HouseRulesBook book = load_house_rules(file);
  for (const std::string& o : overrides) {
    // SITE.NAME=VALUE: a misspelt site would set a rule no hand ever reads.
    const std::string_view name = std::string_view(o).substr(0, o.find('='));
    if (const auto dot = name.find('.'); dot != std::string_view::npos)
      check_site_name(name.substr(0, dot));
    book.override_from(o);
  }
  return book;
}

}  // namespace hh::cli
