#include <fmt/format.h>

#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "audit/rake/profile.hpp"
#include "db/query.hpp"

namespace hh::cli {

namespace {

struct ProfileArgs {
  std::string db{"hhaudit.db"};
  std::string site;
};

Money cell_money(const std::optional<std::string>& c) { return c ? std::stoll(*c) : 0; }

void run(const ProfileArgs& a, int& exit_code) {
  // Cash games in a currency, parsed, with a total pot and a rake (printed or derived).
  std::string sql =
      "SELECT site, site_hand_id, currency, limit_type, substr(started_at_utc, 1, 10), "
      "big_blind, total_pot, rake, players_dealt FROM hands "
      "WHERE status <> 'unparsed' AND cancelled = 0 AND currency IS NOT NULL AND unit = 100 "
      "AND tournament_id IS NULL AND total_pot IS NOT NULL AND rake IS NOT NULL "
      "AND big_blind IS NOT NULL AND players_dealt IS NOT NULL ORDER BY hand_id";
  db::QueryResult r;
  try {
    r = db::run_query(a.db, sql);
  } catch (const std::exception& e) {
    std::cerr << "hhaudit rake-profile: " << e.what() << "\n";
    exit_code = kUsageOrIo;
    return;
  }
  std::vector<ProfileHand> hands;
  std::set<std::string> sites;
  for (const auto& row : r.rows) {
    ProfileHand h;
    h.site = row[0].value_or("");
    if (!a.site.empty() && h.site != a.site) continue;
    h.site_hand_id = row[1].value_or("");
    h.currency = row[2].value_or("");
    h.limit_type = row[3].value_or("");
    h.date = row[4].value_or("");
    h.big_blind = cell_money(row[5]);
    h.pot = cell_money(row[6]);
    h.rake = cell_money(row[7]);
    h.players = static_cast<int>(cell_money(row[8]));
    sites.insert(h.site);
    hands.push_back(std::move(h));
  }
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
  cmd->add_option("--db", args->db, "SQLite database written by hhaudit audit")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site (hands.site)");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
