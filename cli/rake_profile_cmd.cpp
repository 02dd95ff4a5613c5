#include <fmt/format.h>

#include <iostream>
#include <set>

#include "audit/rake/profile.hpp"
#include "cli/commands.hpp"
#include "db/store.hpp"

namespace hh::cli {

namespace {

struct ProfileArgs {
  std::string db{"hhaudit.db"};
  std::string site;
};

void run(const ProfileArgs& a, int& exit_code) {
  // Cash games in a currency, parsed, with a total pot and a rake (printed or derived).
  std::vector<ProfileHand> hands;
  try {
    hands = db::open_reader(a.db)->raked_cash_hands(a.site, false);
  } catch (const std::exception& e) {
    std::cerr << "hhaudit rake-profile: " << e.what() << "\n";
    exit_code = kUsageOrIo;
    return;
  }
  std::set<std::string> sites;
  for (const ProfileHand& h : hands) sites.insert(h.site);
  if (hands.empty()) {
    std::cerr << "hhaudit rake-profile: no raked cash-game hands"
              << (a.site.empty() ? "" : " for site " + a.site) << " in " << a.db << "\n";
    exit_code = kUsageOrIo;
    return;
  }
  std::vector<ProfileGroup> groups = infer_rake_profile(hands);
  bool first = true;
  for (const std::string& site : sites) {
    // Several sites: one file each, marked so they can be cut apart.
    if (sites.size() > 1)
      std::cout << (first ? "" : "\n") << "# ===== rake/" << site << ".toml =====\n";
    std::cout << profile_toml(site, groups, fmt::format("hhaudit rake-profile --db {}", a.db));
    first = false;
  }
  exit_code = kClean;
}

}  // namespace

void add_rake_profile_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ProfileArgs>();
  CLI::App* cmd = app.add_subcommand(
      "rake-profile",
      "Infer the rake schedule (rate, rounding, caps by players dealt) the stored cash-game hands "
      "follow and print it as a schedule TOML, with the hands that do not fit");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site (hands.site)");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
