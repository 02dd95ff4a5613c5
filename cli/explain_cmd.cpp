#include <fmt/format.h>

#include <iostream>

#include "cli/commands.hpp"
#include "db/query.hpp"

namespace hh::cli {

namespace {

struct ExplainArgs {
  std::string db{"hhaudit.db"};
  std::string hand;
  std::string format{"table"};
};

std::string quote_sql(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "Show one audited hand: where it came from, each player's money, the pots the "
      "rules build and every finding");
  cmd->add_option("hand", args->hand, "The site's hand number (or hhaudit's hand_id)")->required();
  cmd->add_option("--db", args->db, "SQLite database written by hhaudit audit")
      ->capture_default_str();
  cmd->add_option("--format", args->format, "table, csv or json")->capture_default_str();
  cmd->callback([args, &exit_code] {
    auto format = db::output_format_from_name(args->format);
    if (!format) {
      std::cerr << "hhaudit explain: --format must be table, csv or json\n";
      exit_code = kUsageOrIo;
      return;
    }
    const std::string key = quote_sql(args->hand);
    const std::string which = fmt::format(
        "(SELECT hand_id FROM hands WHERE site_hand_id = {0} OR CAST(hand_id AS TEXT) = {0})", key);
    const std::pair<const char*, std::string> sections[] = {
        {"hand", fmt::format("SELECT h.hand_id, h.site, h.site_hand_id, f.path, h.line, h.game, "
                             "h.limit_type, h.currency, h.unit, h.small_blind, h.big_blind, "
                             "h.total_pot, h.rake, h.status FROM hands h JOIN files f USING "
                             "(file_id) WHERE h.hand_id IN {}",
                             which)},
        {"players", fmt::format("SELECT seat, player, start_stack, contributed, collected, net "
                                "FROM hand_players WHERE hand_id IN {} ORDER BY seat",
                                which)},
        {"pots", fmt::format("SELECT pot_index, amount, rake, eligible, winners, reported_amount "
                             "FROM pots WHERE hand_id IN {} ORDER BY pot_index",
                             which)},
        {"findings", fmt::format("SELECT code, severity, street, seat, player, expected, actual, "
                                 "message FROM discrepancies WHERE hand_id IN {} ORDER BY "
                                 "discrepancy_id",
                                 which)},
    };
    try {
      bool found = false;
      for (const auto& [title, sql] : sections) {
        db::QueryResult r = db::run_query(args->db, sql);
        if (std::string(title) == "hand") found = !r.rows.empty();
        if (!found) break;
        if (*format == db::OutputFormat::Table) std::cout << "== " << title << " ==\n";
        db::write_result(std::cout, r, *format);
      }
      if (!found) {
        std::cerr << "hhaudit explain: no hand " << args->hand << " in " << args->db << "\n";
        exit_code = kUsageOrIo;
        return;
      }
      exit_code = kClean;
    } catch (const std::exception& e) {
      std::cerr << "hhaudit explain: " << e.what() << "\n";
      exit_code = kUsageOrIo;
    }
  });
}

}  // namespace hh::cli
