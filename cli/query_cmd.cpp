#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "cli/commands.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {
struct QueryArgs {
  std::string db{"hhaudit.db"};
  std::string sql;
  std::string file;  // -f: SQL read from this file, "-" for stdin
  std::string format{"table"};
};

// The SQL to run: the argument, or the file (or stdin) it names.
std::string sql_of(const QueryArgs& a) {
  const bool from_stdin = a.file == "-" || (a.file.empty() && a.sql == "-");
  if (from_stdin)
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  if (a.file.empty()) return a.sql;
  std::ifstream in(a.file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + a.file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

void add_query_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<QueryArgs>();
  CLI::App* cmd = app.add_subcommand(
      "query",
      "Run read-only SQL against an audit database and print the result of every statement that "
      "returns rows");
  CLI::Option* sql = cmd->add_option(
      "sql", args->sql,
      "SQL, e.g. \"SELECT code, count(*) FROM discrepancies GROUP BY code\"; - reads it from "
      "stdin");
  CLI::Option* file =
      cmd->add_option("-f,--file", args->file, "Read the SQL from this file (- for stdin)");
  sql->excludes(file);
  file->excludes(sql);
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  add_format_option(*cmd, args->format,
                    "table, csv or json (several results: one after the other, in JSON one "
                    "array of them)");
  cmd->callback([args, sql, file, &exit_code] {
    const auto format = report::output_format_from_name(args->format);  // checked by CLI11
    if (sql->count() == 0 && file->count() == 0) {
      std::cerr << "hhaudit query: give the SQL, -f FILE or - (stdin)\n";
      exit_code = kUsageOrIo;
      return;
    }
    try {
      const std::string text = sql_of(*args);
      auto store = db::open_store(args->db, db::OpenMode::ReadOnly);
      report::write_results(std::cout, store->query(text), *format);
      exit_code = kClean;
    } catch (const std::exception& e) {
      std::cerr << "hhaudit query: " << e.what() << "\n";
      exit_code = kUsageOrIo;
    }
  });
}

}  // namespace hh::cli
