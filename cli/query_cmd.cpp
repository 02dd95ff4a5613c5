#include <iostream>

#include "cli/commands.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {
struct QueryArgs {
  std::string db{"hhaudit.db"};
  std::string sql;
  std::string format{"table"};
};
}  // namespace

void add_query_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd = app.add_subcommand("query", "Run read-only SQL against an audit database");
  cmd->add_option("sql", args->sql,
                  "SQL, e.g. \"SELECT code, count(*) FROM discrepancies GROUP BY code\"")
      ->required();
  cmd->add_option("--db", args->db, "SQLite database written by hhaudit audit")
      ->capture_default_str();
  cmd->add_option("--format", args->format, "table, csv or json")->capture_default_str();
  cmd->callback([args, &exit_code] {
    auto format = report::output_format_from_name(args->format);
    if (!format) {
      std::cerr << "hhaudit query: --format must be table, csv or json\n";
      exit_code = kUsageOrIo;
      return;
    }
    try {
      auto store = db::open_store(args->db, db::OpenMode::ReadOnly);
      report::write_result(std::cout, store->query(args->sql), *format);
      exit_code = kClean;
    } catch (const std::exception& e) {
      std::cerr << "hhaudit query: " << e.what() << "\n";
      exit_code = kUsageOrIo;
    }
  });
}

}  // namespace hh::cli
