#include <iostream>

#include "cli/commands.hpp"
#include "db/result.hpp"
#include "parser/format.hpp"
#include "parser/registry.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

// The format registry as a table: every format, read or only recognised; with `samples`, where
// its sample files are (fuzz/seed.sh and the tests read them from here).
db::QueryResult formats_table(bool samples) {
  db::QueryResult r;
  r.columns = {"site", "name", "read"};
  if (samples) r.columns.insert(r.columns.end(), {"corpus folders", "test data"});
  for (const FormatEntry& e : format_entries()) {
    const Format& f = *e.format;
    std::vector<std::optional<std::string>> row = {
        std::string(f.name()), std::string(f.display_name()),
        std::string(f.readable() ? "yes" : "recognised only")};
    if (samples) {
      std::string folders;
      for (std::string_view folder : e.samples.corpus_folders)
        folders += (folders.empty() ? "" : " ") + std::string(folder);
      row.push_back(folders);
      row.push_back(std::string(e.samples.testdata_folder));
    }
    r.types.emplace_back(row.size(), db::CellType::Text);
    r.rows.push_back(std::move(row));
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
  auto samples = std::make_shared<bool>(false);
  cmd->add_flag("--samples", *samples,
                "Also list where each format's sample files are: its folders of the shared corpus "
                "and of testdata/ (for the tests and fuzz/seed.sh)");
  cmd->callback([format_name, samples, &exit_code] {
    const auto format = report::output_format_from_name(*format_name);  // checked by CLI11
    report::write_result(std::cout, formats_table(*samples), *format);
    exit_code = kClean;
  });
}

}  // namespace hh::cli
