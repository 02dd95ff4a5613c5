#include <iostream>

#include "cli/commands.hpp"
#include "cli/house_rules_args.hpp"
#include "cli/site_names.hpp"

namespace hh::cli {

namespace {

struct PrintArgs {
  HouseRulesArgs rules;
  std::string site;
};

void run(const PrintArgs& a, int& exit_code) {
  try {
    if (!a.site.empty()) check_site_name(a.site);
    const HouseRulesBook book = a.rules.load();
    if (a.site.empty()) {
      std::cout << house_rules_toml(book);
    } else {
      // One site's rules in full, as a file of its own would give them.
      HouseRulesBook one;
      one.default_rules() = book.for_site(a.site);
      std::string text = house_rules_toml(one);
      text.replace(0, text.find('\n'), "[" + a.site + "]");
      std::cout << "# every house rule hhaudit applies to " << a.site << "\n" << text;
    }
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit house-rules: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_house_rules_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PrintArgs>();
  CLI::App* cmd = app.add_subcommand(
      "house-rules",
      "Print the house rules (rule options per site) an audit would apply, as a house-rules "
      "file");
  args->rules.add_options(*cmd);
  cmd->add_option("--site", args->site,
                  "Only this site's rules, every option: one of " + site_names());
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
