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
  double timeout{0};  // seconds a statement may run, 0: no limit
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
  cmd->add_option("--timeout", args->timeout,
                  "Stop a statement that runs longer than this many seconds (e.g. 30 or 0.5; "
                  "0: no limit): an error, exit 2. Ctrl-C stops the running statement the same "
                  "way (PostgreSQL: the server's query is cancelled)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->footer(
      "Read-only: only reads of the database's tables and views run (SQLite: the functions a "
      "reader needs, PRAGMAs that read; PostgreSQL: SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW, "
      "in one READ ONLY transaction that is rolled back), anything else is refused before the "
      "first statement runs (docs/reliability.md, \"Read-only queries\"). Rows are printed as "
      "they are read (table: the first 1000 rows size the columns). Exit codes: 0 done; 2 a "
      "usage or I/O error, a refused or failed statement, --timeout or Ctrl-C (what was printed "
      "before stays).");
  cmd->callback([args, sql, file, &exit_code] {
    const auto format = report::output_format_from_name(args->format);  // checked by CLI11
    if (sql->count() == 0 && file->count() == 0) {
      std::cerr << "hhaudit query: give the SQL, -f FILE or - (stdin)\n";
      exit_code = kUsageOrIo;
      return;
    }
    try {
      const std::string text = sql_of(*args);
      auto store = db::open_reader(args->db);
      report::ResultStream out(std::cout, *format);
      db::QueryOptions options;
      options.timeout_seconds = args->timeout;
      options.stop_on_sigint = true;
      store->query(text, out, options);
      out.finish();
      std::cout.flush();
      exit_code = kClean;
    } catch (const std::exception& e) {
      std::cout.flush();  // the rows printed before the error, then the error
      std::cerr << "hhaudit query: " << e.what() << "\n";
      exit_code = kUsageOrIo;
    }
  });
}

}  // namespace hh::cli
