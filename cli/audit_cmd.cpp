#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/data_dir.hpp"
#include "cli/house_rules_args.hpp"
#include "db/store.hpp"
#include "parser/format.hpp"
#include "pipeline/pipeline.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

using pipeline::AuditSummary;

struct AuditArgs {
  std::vector<std::string> paths;
  std::string db{"hhaudit.db"};
  std::string fail_on{"error"};
  std::string format{"table"};
  bool quiet{false};
  unsigned jobs{std::max(1u, std::thread::hardware_concurrency())};
  std::string gg_zone;                                // empty: the parser's default
  std::string rake_dir{default_rake_dir().string()};  // hhaudit's data (cli/data_dir.hpp)
  std::string rake_domain{".com"};
  bool no_rake{false};
  HouseRulesArgs house_rules;
};

// The run's summary as a query-shaped result, so that table, csv and json share one writer.
db::QueryResult code_table(const AuditSummary& s) {
  db::QueryResult r;
  r.columns = {"code", "severity", "count"};
  for (const auto& [code, c] : s.codes) {
    r.rows.push_back({code, std::string(severity_name(c.severity)), std::to_string(c.count)});
    r.types.push_back({db::CellType::Text, db::CellType::Text, db::CellType::Integer});
  }
  return r;
}

void run(const AuditArgs& a, int& exit_code) {
  std::optional<Severity> fail_on = severity_from_name(a.fail_on);
  if (!fail_on && a.fail_on != "none") {
    std::cerr << "hhaudit audit: --fail-on must be info, warning, error or none\n";
    exit_code = kUsageOrIo;
    return;
  }
  auto format = report::output_format_from_name(a.format);
  if (!format) {
    std::cerr << "hhaudit audit: --format must be table, csv or json\n";
    exit_code = kUsageOrIo;
    return;
  }
  pipeline::AuditOptions opt;
  if (!a.gg_zone.empty()) {
    try {
      opt.read_options.gg_time_zone = a.gg_zone;
      check_read_options(opt.read_options);
    } catch (const std::exception& e) {
      std::cerr << "hhaudit audit: --gg-time-zone: " << e.what() << "\n";
      exit_code = kUsageOrIo;
      return;
    }
  }
  opt.paths = a.paths;
  opt.progress = !a.quiet && isatty(STDERR_FILENO);
  opt.jobs = a.jobs;
  RakeSchedules rake;
  // Hands per transaction. Not an option users need: the crash-safety tests set it small so that
  // a run of a few MB commits many times and can be killed between two commits.
  db::StoreOptions store_options;
  if (const char* b = std::getenv("HHAUDIT_BATCH_HANDS")) store_options.batch_hands = std::atoi(b);
  AuditSummary s;
  HouseRulesBook house;
  try {
    house = a.house_rules.load();
    opt.context.house_rules = &house;
    if (!a.no_rake) {
      rake = load_rake_schedules(a.rake_dir);
      rake.domain = a.rake_domain;
      opt.context.rake_schedules = &rake;
    }
    auto store = db::open_store(a.db, db::OpenMode::Write, store_options);
    s = pipeline::run_audit(opt, *store, std::cerr);
    store->commit();
  } catch (const std::exception& e) {
    std::cerr << "hhaudit audit: " << e.what() << "\n";
    exit_code = kUsageOrIo;
    return;
  }
  if (*format == report::OutputFormat::Table) {
    std::cout << fmt::format(
        "audited {} files ({} already in the database; not read, recorded: {} without hands, {} "
        "of a format not supported): {} hands, {} parsed, {} unparsed, {} duplicates, {} "
        "conflicts -> {}\n",
        s.files, s.files_already_audited, s.files_without_hands, s.files_unsupported, s.hands,
        s.hands - s.unparsed, s.unparsed, s.duplicates, s.conflicts, a.db);
    if (s.codes.empty()) std::cout << "no findings\n";
  }
  if (!s.codes.empty() || *format != report::OutputFormat::Table)
    report::write_result(std::cout, code_table(s), *format);
  if (s.interrupted)
    std::cerr
        << "hhaudit audit: interrupted; what was read is saved, run the same command again to "
           "finish\n";
  if (s.io_errors > 0 || s.interrupted)
    exit_code = kUsageOrIo;
  else if (fail_on && s.worst && *s.worst >= *fail_on)
    exit_code = kFindings;
  else
    exit_code = kClean;
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<AuditArgs>();
  CLI::App* cmd = app.add_subcommand(
      "audit", "Parse, replay and check hand histories; store hands and findings in SQLite");
  cmd->add_option("paths", args->paths, "Files, folders (searched recursively) or - for stdin")
      ->required();
  cmd->add_option("--db", args->db, "SQLite database to create or add to")->capture_default_str();
  cmd->add_option("--fail-on", args->fail_on,
                  "Exit 1 when a finding of this severity or worse is found: info, warning, "
                  "error or none")
      ->capture_default_str();
  cmd->add_option("--format", args->format, "Summary on stdout as table, csv or json")
      ->capture_default_str();
  cmd->add_flag("-q,--quiet", args->quiet, "No progress line on stderr");
  cmd->add_option("-j,--jobs", args->jobs, "Threads that parse and audit (default: cores)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 256u));
  cmd->add_option("--gg-time-zone", args->gg_zone,
                  "Time zone of GGPoker timestamps, which carry none (an IANA name such as "
                  "Europe/Malta; default " +
                      ReadOptions{}.gg_time_zone + ")");
  cmd->add_option("--rake-schedules", args->rake_dir,
                  "Folder of rake schedule TOML files (docs/rake.md)")
      ->capture_default_str();
  cmd->add_option("--rake-domain", args->rake_domain,
                  "Site domain whose schedule entries apply (.com, .de, ...)")
      ->capture_default_str();
  cmd->add_flag("--no-rake-schedules", args->no_rake, "Do not check rake against schedules");
  args->house_rules.add_options(*cmd);
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
