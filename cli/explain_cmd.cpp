#include <iostream>

#include "cli/commands.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

struct ExplainArgs {
  std::string db{"hhaudit.db"};
  std::string hand;
  std::string format{"table"};
};

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
    auto format = report::output_format_from_name(args->format);
    if (!format) {
      std::cerr << "hhaudit explain: --format must be table, csv or json\n";
      exit_code = kUsageOrIo;
      return;
    }
    try {
      auto store = db::open_store(args->db, db::OpenMode::ReadOnly);
      const std::optional<db::HandExplanation> sections = store->explain_hand(args->hand);
      if (!sections) {
        std::cerr << "hhaudit explain: no hand " << args->hand << " in " << args->db << "\n";
        exit_code = kUsageOrIo;
        return;
      }
      for (const auto& [title, table] : *sections) {
        if (*format == report::OutputFormat::Table) std::cout << "== " << title << " ==\n";
        report::write_result(std::cout, table, *format);
      }
      exit_code = kClean;
    } catch (const std::exception& e) {
      std::cerr << "hhaudit explain: " << e.what() << "\n";
      exit_code = kUsageOrIo;
    }
  });
}

}  // namespace hh::cli
