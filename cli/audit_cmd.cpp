#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "cli/commands.hpp"
#include "cli/data_dir.hpp"
#include "cli/house_rules_args.hpp"
#include "cli/integrity_signals_run.hpp"
#include "cli/summary_sections.hpp"
#include "db/store.hpp"
#include "parser/format.hpp"
#include "pipeline/pipeline.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

using pipeline::AuditSummary;

// The signals across hands are computed again after a run over a store of at most this many
// hands (a few seconds); a larger store's are left to `hhaudit integrity`.
constexpr long kMaxAutoIntegrityHands = 2'000'000;

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
  std::string shard;  // "K/N", "" for every file
  int batch_hands{db::Store::kDefaultBatchHands};
  HouseRulesArgs house_rules;
};

// "K/N" (1 <= K <= N) as AuditOptions' 0-based shard and count; std::nullopt if malformed.
std::optional<std::pair<unsigned, unsigned>> parse_shard(const std::string& text) {
  unsigned k = 0, n = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%u/%u%c", &k, &n, &extra) != 2 || k < 1 || k > n || n > 100000)
    return std::nullopt;
  return std::make_pair(k - 1, n);
}

// Cells of a query-shaped result built here: figures and names (never a path: not_read_table).
std::optional<std::string> num(long n) { return std::to_string(n); }
void add_row(db::QueryResult& r, std::vector<std::optional<std::string>> cells) {
  std::vector<db::CellType> types;
  for (const auto& c : cells) {
    const bool number = c && !c->empty() && c->find_first_not_of("0123456789") == std::string::npos;
    types.push_back(!c ? db::CellType::Null : number ? db::CellType::Integer : db::CellType::Text);
  }
  r.rows.push_back(std::move(cells));
  r.types.push_back(std::move(types));
}

long finding_rows(const db::StoreTotals& t) {
  long n = 0;
  for (const auto& c : t.codes) n += c.rows;
  return n;
}

// What this run added next to what the database holds, figure by figure (NULL where a figure
// has no meaning on that side).
db::QueryResult totals_table(const AuditSummary& s, const db::StoreTotals& db) {
  db::QueryResult r;
  r.columns = {"figure", "run", "database"};
  long run_findings = 0;
  for (const auto& [code, c] : s.codes) run_findings += c.count;
  const std::optional<std::string> none;
  add_row(r, {"files_read", num(s.files - s.files_already_audited), num(db.files_audited)});
  add_row(r, {"files_already_audited", num(s.files_already_audited), none});
  add_row(r, {"files_interrupted", none, num(db.files_interrupted)});
  add_row(r, {"files_without_hands", num(s.files_without_hands), num(db.files_without_hands)});
  add_row(r, {"files_unsupported", num(s.files_unsupported), num(db.files_unsupported)});
  add_row(r, {"files_unreadable", num(s.files_unreadable), num(db.files_unreadable)});
  add_row(r, {"inputs_not_read", num(static_cast<long>(s.not_read.size())), none});
  add_row(r, {"files_in_other_shards", num(s.files_in_other_shards), none});
  add_row(r, {"tournament_summaries", num(s.summaries), num(db.summaries)});
  add_row(r, {"hands", num(s.hands), num(db.hands)});
  add_row(r, {"parsed", num(s.hands - s.unparsed), num(db.hands - db.unparsed)});
  add_row(r, {"unparsed", num(s.unparsed), num(db.unparsed)});
  add_row(r, {"hands_with_errors", num(s.hands_with_errors), num(db.hands_with_errors)});
  add_row(r, {"hands_with_gaps", num(s.hands_with_gaps), num(db.hands_with_gaps)});
  add_row(r, {"findings", num(run_findings), num(finding_rows(db))});
  add_row(r, {"duplicates", num(s.duplicates), none});
  add_row(r, {"conflicts", num(s.conflicts), none});
  add_row(r, {"io_errors", num(s.io_errors), none});
  add_row(r, {"transactions_retried", num(s.transactions_retried), none});
  return r;
}

db::QueryResult not_read_table(const AuditSummary& s) {
  db::QueryResult r;
  r.columns = {"path", "why"};
  for (const pipeline::NotRead& n : s.not_read) {
    // Text, even for a path that looks like a number.
    r.rows.push_back({n.path, n.why});
    r.types.push_back({db::CellType::Text, db::CellType::Text});
  }
  return r;
}

// Per code: the findings this run added, and the rows and hands the database holds.
db::QueryResult code_table(const AuditSummary& s, const db::StoreTotals& db) {
  db::QueryResult r;
  r.columns = {"code", "severity", "blame", "run", "database", "database_hands"};
  for (const auto& c : by_importance(db.codes)) {
    const std::optional<FindingCode> code = finding_code_named(c.code);  // the stored name
    auto it = code ? s.codes.find(*code) : s.codes.end();
    const long run = it != s.codes.end() && severity_name(it->second.severity) == c.severity
                         ? it->second.count
                         : 0;
    add_row(r, {c.code, c.severity, c.blame, num(run), num(c.rows), num(c.hands)});
  }
  return r;
}

std::optional<Severity> worst_of(const db::StoreTotals& t) {
  std::optional<Severity> worst;
  for (const auto& c : t.codes) {
    if (c.blame != blame_name(Blame::Site)) continue;  // hhaudit's gaps never fail a run
    const std::optional<Severity> s = severity_from_name(c.severity);
    if (s && (!worst || *s > *worst)) worst = s;
  }
  return worst;
}

// The pipeline's options from the arguments; nullopt, with the reason on stderr, when
// --gg-time-zone or --shard is malformed.
std::optional<pipeline::AuditOptions> audit_options(const AuditArgs& a) {
  pipeline::AuditOptions opt;
  if (!a.gg_zone.empty()) {
    try {
      opt.read_options.gg_time_zone = a.gg_zone;
      check_read_options(opt.read_options);
    } catch (const std::exception& e) {
      std::cerr << "hhaudit audit: --gg-time-zone: " << e.what() << "\n";
      return std::nullopt;
    }
  }
  if (!a.shard.empty()) {
    const auto shard = parse_shard(a.shard);
    if (!shard) {
      std::cerr << "hhaudit audit: --shard must be K/N with 1 <= K <= N, e.g. 2/4\n";
      return std::nullopt;
    }
    opt.shard = shard->first;
    opt.shards = shard->second;
  }
  opt.paths = a.paths;
  opt.standard_input = STDIN_FILENO;  // "-"
  opt.progress = !a.quiet && isatty(STDERR_FILENO);
  opt.jobs = a.jobs;
  return opt;
}

// What a run did and what the database holds after it.
struct RunTotals {
  AuditSummary summary;
  db::StoreTotals held;    // what the database holds after the run
  db::StoreTotals inputs;  // what it holds of this run's files audited before
};

// Runs the pipeline under the house rules and rake schedules of the arguments, into `store`
// (opened only when there is a file to record: missing paths create no database). Throws what
// loading the rules, reading or storing throws.
RunTotals audit_into_store(const AuditArgs& a, pipeline::AuditOptions opt,
                           std::unique_ptr<db::Store>& store) {
  RakeSchedules rake;
  db::StoreOptions store_options;
  store_options.batch_hands = a.batch_hands;
  const HouseRulesBook house = a.house_rules.load();
  opt.context.house_rules = &house;
  if (!a.no_rake) {
    rake = load_rake_schedules(a.rake_dir);
    rake.domain = a.rake_domain;
    opt.context.rake_schedules = &rake;
  }
  RunTotals t;
  t.summary = pipeline::run_audit(
      opt,
      [&]() -> db::Store& {
        store = db::open_store(a.db, db::OpenMode::Write, store_options);
        return *store;
      },
      std::cerr);
  if (store) {
    store->commit();
    // Files another writer was auditing when this run met them: their hands, once committed, are
    // what this run reports of its input (else "no hand audited" for an input another audited).
    store->wait_for_files(t.summary.already_audited_ids);
    t.held = store->totals({});
    if (!t.summary.already_audited_ids.empty())
      t.inputs = store->totals({"", "", t.summary.already_audited_ids});
  }
  return t;
}

// The run in words (--format table): what was read, what the database holds, the codes found.
void print_run_table(const AuditArgs& a, const RunTotals& t, bool stored) {
  const AuditSummary& s = t.summary;
  const db::StoreTotals& held = t.held;
  std::cout << fmt::format(
      "audited {} files ({} already in the database; not read, recorded: {} without hands, {} "
      "of a format not supported, {} unreadable): {} tournament summaries, {} hands, {} parsed, "
      "{} unparsed, {} duplicates, {} conflicts -> {}\n",
      s.files, s.files_already_audited, s.files_without_hands, s.files_unsupported,
      s.files_unreadable, s.summaries, s.hands, s.hands - s.unparsed, s.unparsed, s.duplicates,
      s.conflicts, stored ? a.db : "nothing written");
  if (s.identical_copies > 0)
    std::cout << fmt::format(
        "{} inputs are byte-identical copies of another input: each content is stored once, "
        "under one of its paths\n",
        s.identical_copies);
  for (const pipeline::NotRead& n : s.not_read)
    std::cout << "not read: " << n.path << ": " << n.why << "\n";
  if (!a.shard.empty())
    std::cout << fmt::format("shard {}: {} input files left to the other shards\n", a.shard,
                             s.files_in_other_shards);
  if (s.transactions_retried > 0)
    std::cout << fmt::format(
        "{} transactions retried whole after the database aborted them for a deadlock or a "
        "serialization failure (nothing lost)\n",
        s.transactions_retried);
  if (stored)
    std::cout << fmt::format(
        "{} holds: {} files audited, {} interrupted, {} without hands, {} of a format not "
        "supported, {} unreadable; {} hands, {} parsed, {} unparsed, {} with errors\n",
        a.db, held.files_audited, held.files_interrupted, held.files_without_hands,
        held.files_unsupported, held.files_unreadable, held.hands, held.hands - held.unparsed,
        held.unparsed, held.hands_with_errors);
  if (held.codes.empty()) {
    std::cout << "no findings\n";
    return;
  }
  if (s.codes.empty())
    std::cout << fmt::format("no new findings in this run; {} holds {} findings:\n", a.db,
                             finding_rows(held));
  report::write_result(std::cout, code_table(s, held), report::OutputFormat::Table);
}

// The exit code of a run that ran (docs/cli.md): interrupted or an I/O error, nothing audited,
// findings at or above --fail-on, or clean.
int run_exit_code(const RunTotals& t, std::optional<Severity> fail_on) {
  const AuditSummary& s = t.summary;
  const db::StoreTotals& inputs = t.inputs;
  // The findings of this run's input: the hands it added and those of its files audited before.
  std::optional<Severity> worst = s.worst;
  if (const auto w = worst_of(inputs); w && (!worst || *w > *worst)) worst = w;
  // A run that read only tournament summaries read something to audit; one whose every hand is
  // unparsed (hhaudit's gap, which never fails a run as the site's error) audited nothing.
  const bool no_hand = s.hands - s.unparsed == 0 && inputs.hands - inputs.unparsed == 0 &&
                       s.summaries == 0 && inputs.summaries == 0;
  if (s.io_errors > 0 || s.interrupted) return kUsageOrIo;
  if (no_hand || s.files_unsupported > 0 || s.files_without_hands_unknown > 0) {
    std::cerr << (no_hand ? "hhaudit audit: no hand audited (none read, or every one unparsed)\n"
                  : s.files_unsupported > 0
                      ? "hhaudit audit: files of a format hhaudit does not read were skipped\n"
                      : "hhaudit audit: files with no hand of a format hhaudit reads were "
                        "skipped (see \"not read\")\n");
    return kNotAudited;
  }
  if (fail_on && worst && *worst >= *fail_on) return kFindings;
  return kClean;
}

// `store`: the database written, if any (a run with nothing to record opens none).
void run(const AuditArgs& a, int& exit_code, std::unique_ptr<db::Store>& store) {
  std::optional<Severity> fail_on = severity_from_name(a.fail_on);
  if (!fail_on && a.fail_on != "none") {
    std::cerr << "hhaudit audit: --fail-on must be info, warning, error or none\n";
    exit_code = kUsageOrIo;
    return;
  }
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  std::optional<pipeline::AuditOptions> opt = audit_options(a);
  if (!opt) {
    exit_code = kUsageOrIo;
    return;
  }
  RunTotals t;
  try {
    t = audit_into_store(a, std::move(*opt), store);
  } catch (const std::exception& e) {
    std::cerr << "hhaudit audit: " << e.what() << "\n";
    exit_code = kUsageOrIo;
    return;
  }
  if (*format == report::OutputFormat::Table) {
    print_run_table(a, t, store != nullptr);
  } else {
    report::write_sections(std::cout,
                           {{"totals", totals_table(t.summary, t.held)},
                            {"not_read", not_read_table(t.summary)},
                            {"codes", code_table(t.summary, t.held)}},
                           *format);
  }
  if (t.summary.interrupted)
    std::cerr
        << "hhaudit audit: interrupted; what was read is saved, run the same command again to "
           "finish\n";
  exit_code = run_exit_code(t, fail_on);
}

// After a run that was not interrupted: the signals across hands computed again over the whole
// store if its hands changed (docs/integrity.md), bounded: a store past kMaxAutoIntegrityHands is
// left to `hhaudit integrity`.
// A shard (--shard K/N) is one part of a run of several auditors: the signals are over the whole
// store, whose other shards' hands may still be coming, and each shard computing them would
// read every hand N times; they are computed once, after the last shard, by hhaudit integrity.
void refresh_integrity(const AuditArgs& a, const int& exit_code, db::Store& store) {
  if (exit_code == kUsageOrIo) return;
  const auto not_computed = [&](std::string_view why) {
    if (a.format == "table")
      std::cout << fmt::format(
          "integrity signals across hands: not computed ({}): run hhaudit integrity\n", why);
  };
  if (!a.shard.empty()) return not_computed("a shard: once every shard is done");
  try {
    if (store.totals({}).hands > kMaxAutoIntegrityHands)
      return not_computed("the database holds more than 2,000,000 hands");
    const auto refreshed = refresh_integrity_signals(store, false, a.jobs);
    if (refreshed && a.format == "table")
      std::cout << fmt::format(
          "integrity signals across hands (for review, not findings): {} (hhaudit integrity)\n",
          refreshed->signals.size());
  } catch (const std::exception& e) {
    std::cerr << "hhaudit audit: integrity signals not computed: " << e.what() << "\n";
  }
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<AuditArgs>();
  CLI::App* cmd = app.add_subcommand(
      "audit",
      "Parse, replay and check hand histories; store hands and findings in SQLite or PostgreSQL");
  cmd->add_option("paths", args->paths,
                  "Files, folders (searched recursively) or - for stdin; a .zip, .tar, .tar.gz, "
                  ".tgz or .gz is read member by member, each recorded as ARCHIVE!/path "
                  "(docs/usage.md, \"Archives\": limits against zip bombs)")
      ->required();
  cmd->add_option("--db", args->db,
                  "SQLite database to create or add to, or a PostgreSQL database "
                  "(postgresql://user@host/dbname or a libpq keyword string)")
      ->capture_default_str();
  cmd->add_option("--shard", args->shard,
                  "Audit only shard K of N of the input files (K/N, e.g. 2/4): N machines with "
                  "the same inputs and one database share the work; the signals across hands "
                  "are left to one hhaudit integrity after the last shard");
  cmd->add_option("--fail-on", args->fail_on,
                  "Exit 1 when a finding that blames the site, of this severity or worse, is "
                  "found: info, warning, error or none")
      ->capture_default_str();
  add_format_option(*cmd, args->format, "Summary on stdout as table, csv or json");
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
  // The crash-safety tests set it small, so that a run of a few MB commits many times and can be
  // killed between two commits.
  cmd->add_option("--batch-hands", args->batch_hands,
                  "Hands written per database transaction: fewer commit more often (an "
                  "interrupted run keeps every committed transaction), more are faster")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  args->house_rules.add_options(*cmd);
  cmd->footer(kExitCodesHelp);
  cmd->callback([args, &exit_code] {
    std::unique_ptr<db::Store> store;
    run(*args, exit_code, store);
    if (store) refresh_integrity(*args, exit_code, *store);
  });
}

}  // namespace hh::cli
