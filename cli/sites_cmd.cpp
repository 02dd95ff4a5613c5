#include <iostream>

#include "cli/commands.hpp"
#include "db/result.hpp"
#include "parser/format.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

// The format registry as a table: every format, read or only recognised.
db::QueryResult formats_table() {
  db::QueryResult r;
  r.columns = {"site", "name", "read"};
  for (const auto& f : formats()) {
    r.rows.push_back({std::string(f->name()), std::string(f->display_name()),
                      std::string(f->readable() ? "yes" : "recognised only")});
    r.types.push_back({db::CellType::Text, db::CellType::Text, db::CellType::Text});
  }
  return r;
}

}  // namespace

void add_sites_command(CLI::App& app, int& exit_code) {
  auto format_name = std::make_shared<std::string>("table");
  CLI::App* cmd = app.add_subcommand(
      "sites",
      "List the hand-history formats hhaudit knows: those it reads, and those it only recognises "
      "(their files are recorded as unsupported)");
  add_format_option(*cmd, *format_name, "table, csv or json");
  cmd->callback([format_name, &exit_code] {
    const auto format = report::output_format_from_name(*format_name);  // checked by CLI11
    report::write_result(std::cout, formats_table(), *format);
    exit_code = kClean;
  });
}

}  // namespace hh::cli
