// Nothing lost after a kill (issue 31, point 7): `hhaudit audit` killed (SIGKILL) at any point,
// between two batches of hands, after every hand is committed and before the checks between hands
// are, or in the middle of those checks, and run again (killed again, run again), ends with the
// database of one uninterrupted run: the same hands, findings (those between hands, of tournaments
// and of the learned rake too), files, conflicts and tournaments, and no check left owed.
//
// The run is the pipeline of `hhaudit audit` in a child process (fork) writing through a store
// that counts the steps of the run (each write call, each finding of the checks between hands
// reported) and kills its own process with SIGKILL at a chosen step: a real kill, at a known
// point, with no hook in the product. On SQLite and PostgreSQL.
//
// "[kill]" kills at a few points (CI); "[kill-every]" (hidden; scripts/kill-every-batch.sh) at
// every step of the run, on the folders HH_KILL_INPUT names (default: the test's).
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "audit/rake/schedule.hpp"
#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/cli_run.hpp"
#include "tests/pg_server.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;
using namespace hh::db;

namespace {

// When a run is killed: at its step number `step` (from 1), or else at the first step labelled
// `label`; never if neither is given.
struct KillAt {
  long step{0};
  std::string label;
};

// Forwards every call to `inner`; counts a step before each write and at each finding the checks
// report, writes its label to `log` (if open), and kills this process at the step `kill` says.
class KillingStore final : public Store {
 public:
  KillingStore(Store& inner, KillAt kill, std::ofstream* log)
      : s_(inner), kill_(std::move(kill)), log_(log) {}

  std::int64_t begin_file(const FileRecord& f, bool& already) override {
    step("begin_file");
    return s_.begin_file(f, already);
  }
  std::vector<std::uint64_t> content_file_sizes() override { return s_.content_file_sizes(); }
  HandOutcome add_hand(std::int64_t file_id, const StoredHand& hand) override {
    step("add_hand");
    return s_.add_hand(file_id, hand);
  }
  std::vector<HandOutcome> add_hands(std::int64_t file_id,
                                     const std::vector<StoredHand>& hands) override {
    step("add_hands");
    return s_.add_hands(file_id, hands);
  }
  // Several batches (and files) in one write, as the inner store takes them; one at a time, each
  // call a step (add_hands, finish_file), when it takes them so.
  std::vector<std::vector<HandOutcome>> add_batches(
      const std::vector<FileBatch>& batches) override {
    if (s_.grouped_hands() == 0) return Store::add_batches(batches);
    step("add_batches");
    return s_.add_batches(batches);
  }
  int grouped_hands() const override { return s_.grouped_hands(); }
  void finish_file(std::int64_t file_id, int hands, int failed, std::string_view sha256) override {
    step("finish_file");
    s_.finish_file(file_id, hands, failed, sha256);
  }
  void record_unread_file(const UnreadFile& f) override {
    step("record_unread_file");
    s_.record_unread_file(f);
  }
  void set_meta(std::string_view key, std::string_view value) override {
    step("set_meta");
    s_.set_meta(key, value);
  }
  void set_review(const hh::db::Review& review) override {
    step("set_review");
    s_.set_review(review);
  }
  HandOutcome add_summary(std::int64_t file_id, const StoredSummary& summary) override {
    step("add_summary");
    return s_.add_summary(file_id, summary);
  }
  // Each scope's check a step ("table_check", "tournament_check", "rake_check"), each finding it
  // stores one ("table_finding", ...).
  void replace_findings(const CheckScope& scope, const ScopeCheck& check,
                        const ScopeFindingSink& stored) override {
    const std::string kind = std::holds_alternative<SessionKey>(scope)      ? "table"
                             : std::holds_alternative<TournamentKey>(scope) ? "tournament"
                                                                            : "rake";
    step(kind + "_check");
    s_.replace_findings(scope, check, [&](ScopeFinding f) {
      step(kind + "_finding");
      stored(std::move(f));
    });
  }
  std::vector<std::unique_ptr<ScopeReader>> readers_beside(unsigned n) override {
    return s_.readers_beside(n);
  }
  void commit() override {
    step("commit");
    s_.commit();
  }
  PendingChecks pending_checks() override { return s_.pending_checks(); }
  using StoreReader::query;
  void query(const std::string& sql, ResultSink& sink, const QueryOptions& options) override {
    s_.query(sql, sink, options);
  }
  std::vector<HandCandidate> find_hands(std::string_view key, std::string_view site) override {
    return s_.find_hands(key, site);
  }
  std::optional<HandExplanation> explain_hand(std::int64_t hand_id) override {
    return s_.explain_hand(hand_id);
  }
  std::vector<ProfileHand> raked_cash_hands(std::string_view site,
                                            bool schedule_unknown_only) override {
    return s_.raked_cash_hands(site, schedule_unknown_only);
  }
  std::vector<SessionHand> session_hands(const SessionKey& key) override {
    return s_.session_hands(key);
  }
  StoreTotals totals(const ReadFilter& filter) override { return s_.totals(filter); }
  Sections breakdowns(const ReadFilter& filter) override { return s_.breakdowns(filter); }
  HandsWithFindings hands_with_findings(const ReadFilter& filter, int limit) override {
    return s_.hands_with_findings(filter, limit);
  }
  std::vector<std::string> sites() override { return s_.sites(); }
  std::vector<IntegrityHand> integrity_hands(const ReadFilter& filter) override {
    return s_.integrity_hands(filter);
  }
  void replace_integrity_signals(const std::vector<IntegritySignal>& signals,
                                 std::string_view computed_at, std::string_view of) override {
    s_.replace_integrity_signals(signals, computed_at, of);
  }
  void keep_allin_equities(const std::vector<AllInEquity>& equities) override {
    s_.keep_allin_equities(equities);
  }
  std::vector<AllInEquity> kept_allin_equities() override { return s_.kept_allin_equities(); }

 private:
  void step(std::string_view what) {
    ++steps_;
    if (log_) *log_ << what << "\n" << std::flush;
    if (steps_ == kill_.step || (kill_.step == 0 && !kill_.label.empty() && kill_.label == what))
      raise(SIGKILL);
  }

  Store& s_;
  KillAt kill_;
  std::ofstream* log_;
  long steps_{0};
};

constexpr int kBatchHands = 7;  // SQLite: a commit every 7 hands, many in a small input

// Runs `hhaudit audit`'s pipeline on `inputs` into `db` in a child process killed where `kill`
// says; with `log`, the label of each step goes there. Returns true if the child was killed,
// false if it ran to its end (exit 0); any other end fails the test.
bool run_child(const std::string& db, const std::vector<std::string>& inputs, const KillAt& kill,
               const fs::path& log = {}) {
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    // No Catch2 here, and no destructor of the parent's objects (_exit): the test's PostgreSQL
    // server belongs to the parent.
    int code = 0;
    try {
      std::ofstream log_file;
      if (!log.empty()) log_file.open(log);
      const RakeSchedules rake = load_rake_schedules((test::source_dir() / "rake").string());
      pipeline::AuditOptions options;
      options.paths = inputs;
      options.jobs = 2;
      options.context.house_rules = &test::shipped_house_rules();
      options.context.rake_schedules = &rake;
      std::unique_ptr<Store> store;
      std::unique_ptr<KillingStore> killing;
      std::ostringstream err;
      pipeline::run_audit(
          options,
          [&]() -> Store& {
            store = open_store(db, OpenMode::Write, {kBatchHands});
            killing =
                std::make_unique<KillingStore>(*store, kill, log.empty() ? nullptr : &log_file);
            return *killing;
          },
          err);
      if (killing) killing->commit();
      killing.reset();
      store.reset();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "audit failed: %s\n", e.what());
      code = 3;
    } catch (...) {
      code = 4;
    }
    _exit(code);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status)) {
    REQUIRE(WTERMSIG(status) == SIGKILL);
    return true;
  }
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return false;
}

// What a database holds, by content, whatever the row ids and timestamps: every row of the tables
// of the audit, each keyed by what it belongs to (a hand by its site and number, a file by its
// path), its row ids and times left out, sorted; and files.duplicates, which a resumed file counts
// by design (docs/schema.md), left out too.
std::string dump(const std::string& db) {
  const std::unique_ptr<Store> store = open_store(db, OpenMode::ReadOnly);
  const std::pair<const char*, const char*> tables[] = {
      {"files", "SELECT * FROM files"},
      {"hands",
       "SELECT f.path AS file_path, h.* FROM hands h JOIN files f ON f.file_id = h.file_id"},
      {"hand_players",
       "SELECT h.site, h.site_hand_id, c.* FROM hand_players c JOIN hands h USING (hand_id)"},
      {"pots", "SELECT h.site, h.site_hand_id, c.* FROM pots c JOIN hands h USING (hand_id)"},
      {"pot_seats",
       "SELECT h.site, h.site_hand_id, c.* FROM pot_seats c JOIN hands h USING (hand_id)"},
      {"hand_event_log",
       "SELECT h.site, h.site_hand_id, c.* FROM hand_event_log c JOIN hands h USING (hand_id)"},
      {"discrepancies",
       "SELECT h.site, h.site_hand_id, (SELECT r.site_hand_id FROM hands r WHERE r.hand_id = "
       "d.related_hand_id) AS related_hand, (SELECT c.code FROM discrepancies c WHERE "
       "c.discrepancy_id = d.cause_id) AS cause_code, d.* FROM discrepancies d JOIN hands h ON "
       "h.hand_id = d.hand_id"},
      {"hand_conflicts",
       "SELECT f.path, h.content_sha256 AS existing_sha256, c.* FROM hand_conflicts c JOIN files "
       "f ON f.file_id = c.file_id JOIN hands h ON h.hand_id = c.existing_hand_id"},
      {"tournaments",
       "SELECT f.path AS file_path, t.* FROM tournaments t JOIN files f ON f.file_id = t.file_id"},
      {"tournament_results",
       "SELECT t.site, t.tournament_id, r.* FROM tournament_results r JOIN tournaments t ON "
       "t.tournament_row_id = r.tournament_row_id"},
      {"tournament_findings",
       "SELECT t.site, t.tournament_id, r.* FROM tournament_findings r JOIN tournaments t ON "
       "t.tournament_row_id = r.tournament_row_id"},
      {"pending_checks", "SELECT * FROM pending_checks"},
  };
  const auto left_out = [](const std::string& c) {
    return (c.ends_with("_id") && c != "site_hand_id" && c != "tournament_id") ||
           c == "recorded_at" || c == "audited_at" || c == "first_seen_at" || c == "duplicates";
  };
  std::string out;
  for (const auto& [name, sql] : tables) {
    const std::vector<QueryResult> r = store->query(sql);
    REQUIRE(r.size() == 1);
    std::vector<std::string> lines;
    for (const auto& row : r[0].rows) {
      std::string line;
      for (std::size_t c = 0; c < row.size(); ++c) {
        if (left_out(r[0].columns[c])) continue;
        line += row[c] ? *row[c] : "NULL";
        line += '|';
      }
      lines.push_back(std::move(line));
    }
    std::sort(lines.begin(), lines.end());
    out += fmt::format("-- {} ({} rows)\n", name, lines.size());
    for (const std::string& l : lines) out += l + "\n";
  }
  return out;
}

// The findings of a dump by code (the discrepancies and tournament_findings rows), for a message.
std::string finding_counts(const std::string& db) {
  const std::unique_ptr<Store> store = open_store(db, OpenMode::ReadOnly);
  std::string out;
  for (const char* sql : {"SELECT code, count(*) FROM discrepancies GROUP BY code ORDER BY code",
                          "SELECT code, count(*) FROM tournament_findings GROUP BY code ORDER BY "
                          "code"}) {
    const std::vector<QueryResult> r = store->query(sql);
    for (const auto& row : r[0].rows) out += *row[0] + " " + *row[1] + "; ";
  }
  return out;
}

// "" if the dumps `got` and `want` are equal, else the first lines where they differ: the dumps
// are megabytes, too much for a test's message.
std::string difference(const std::string& got, const std::string& want) {
  if (got == want) return "";
  std::istringstream g(got), w(want);
  std::string gl, wl, table;
  for (long line = 1;; ++line) {
    const bool more_g = static_cast<bool>(std::getline(g, gl));
    const bool more_w = static_cast<bool>(std::getline(w, wl));
    if (!more_g && !more_w) return "";
    if (more_w && wl.starts_with("-- ")) table = wl;
    if (gl != wl || more_g != more_w)
      return fmt::format("line {} ({}):\n  got:  {}\n  want: {}", line, table,
                         more_g ? gl.substr(0, 300) : "(end)",
                         more_w ? wl.substr(0, 300) : "(end)");
  }
}

// Where a database lives: a SQLite file in a folder of its own, or a PostgreSQL database.
struct Target {
  std::string name;  // "sqlite" or "postgres"
  fs::path dir;
  test::PgServer* pg{nullptr};
  int next{0};
  std::string pg_prefix{};  // PostgreSQL: the connection string up to the database name
  // A new, empty database (PostgreSQL: a copy of one whose schema is made, which is faster).
  std::string fresh() {
    ++next;
    if (!pg) return (dir / fmt::format("kill{}.db", next)).string();
    if (pg_prefix.empty()) {
      const std::string tmpl = pg->create_database("hh_kill_template");
      pg_prefix = tmpl.substr(0, tmpl.size() - std::string("hh_kill_template").size());
      open_store(tmpl, OpenMode::Write);  // made, then closed: a template has no connection
    }
    const std::string name = fmt::format("hh_kill_{}", next);
    postgres::Connection admin(pg_prefix + "postgres");
    admin.exec("DROP DATABASE IF EXISTS " + name);
    admin.exec("CREATE DATABASE " + name + " TEMPLATE hh_kill_template");
    return pg_prefix + name;
  }
};

std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// The inputs: the test's (tables with findings between hands, tournaments with table moves,
// raked hands; about 1,000 hands), or the folders HH_KILL_INPUT names (separated by ':').
std::vector<std::string> kill_inputs() {
  std::vector<std::string> inputs;
  if (const char* e = std::getenv("HH_KILL_INPUT"); e && *e) {
    std::string all = e;
    for (std::size_t at = 0; at <= all.size();) {
      const std::size_t end = std::min(all.find(':', at), all.size());
      if (end > at) inputs.push_back(all.substr(at, end - at));
      at = end + 1;
    }
    return inputs;
  }
  // Tournaments of PokerStars and 888poker (hands out of order, missing, players moved between
  // tables), cash tables of 888poker, and hands no published rake schedule covers.
  for (const char* d : {"Stars/tour", "PacificPoker"})
    inputs.push_back((test::shared_corpus() / d).string());
  for (const char* d : {"tournaments", "sessions", "pokerstars-summary"})
    inputs.push_back(test::testdata(d).string());
  return inputs;
}

struct KillCase {
  long first{0};       // the step the first run is killed at
  std::string second;  // the rerun is killed at its first step of this label ("": not killed)
};

// For each case: a run killed there, a rerun (killed too if asked), a last rerun to the end; the
// database must be the clean run's.
void check_kills(Target& t, const std::vector<std::string>& inputs,
                 const std::vector<KillCase>& cases, const std::string& expected,
                 const std::vector<std::string>& labels) {
  for (const KillCase& k : cases) {
    INFO(t.name << ": killed at step " << k.first << " of " << labels.size() << " ("
                << labels[static_cast<std::size_t>(k.first) - 1] << "), the rerun at "
                << (k.second.empty() ? "none" : k.second));
    const std::string db = t.fresh();
    REQUIRE(run_child(db, inputs, {k.first, ""}));
    if (!k.second.empty()) REQUIRE(run_child(db, inputs, {0, k.second}));
    REQUIRE_FALSE(run_child(db, inputs, {}));
    const std::string got = dump(db);
    INFO("this database: " << finding_counts(db));
    CHECK(difference(got, expected) == "");
  }
}

// The clean run of `inputs` on `t`: its dump, and the labels of its steps.
std::string clean_run(Target& t, const std::vector<std::string>& inputs,
                      std::vector<std::string>& labels) {
  const std::string db = t.fresh();
  const fs::path log = t.dir / "steps.log";
  REQUIRE_FALSE(run_child(db, inputs, {}, log));
  labels = read_lines(log);
  REQUIRE(!labels.empty());
  // The input has findings between hands (of a table, and of a move between two tables), the
  // checks a kill must not lose.
  const std::unique_ptr<Store> store = open_store(db, OpenMode::ReadOnly);
  const auto count = [&](const std::string& where) {
    return *store
                ->query(
                    "SELECT count(*) FROM discrepancies d JOIN hands h USING (hand_id) "
                    "JOIN hands r ON r.hand_id = d.related_hand_id WHERE " +
                    where)[0]
                .rows.at(0)
                .at(0);
  };
  CHECK(count("r.table_name = h.table_name") != "0");
  CHECK(count("r.table_name <> h.table_name") != "0");
  return dump(db);
}

// A few kill points: between batches early, in the middle and at the end of the load; after every
// hand is committed and before any check is (the first check's step); at a finding in the middle
// of the checks between hands; before the checks of tournaments; before the learned rake check;
// and one kill of the rerun too, at its first check.
std::vector<KillCase> few_points(const std::vector<std::string>& labels) {
  std::vector<long> adds, session_findings;
  long first_check = 0, tournaments = 0, rake = 0, last_commit = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const long step = static_cast<long>(i) + 1;
    const std::string& l = labels[i];
    if (l == "add_hands" || l == "add_batches") adds.push_back(step);
    if (l == "table_finding") session_findings.push_back(step);
    if (l == "table_check" && first_check == 0) first_check = step;
    if (l == "tournament_check" && tournaments == 0) tournaments = step;
    if (l == "rake_check" && rake == 0) rake = step;
    if (l == "commit") last_commit = step;
  }
  REQUIRE(adds.size() >= 4);
  REQUIRE(first_check > 0);
  REQUIRE(session_findings.size() >= 2);
  REQUIRE(tournaments > 0);
  std::vector<KillCase> cases = {
      {adds[1], ""},
      {adds[adds.size() / 2], ""},
      {adds.back() + 1, ""},
      {first_check, ""},
      {session_findings[session_findings.size() / 2], ""},
      {tournaments, ""},
      {last_commit, ""},
      // Killed twice: the rerun too, before its checks of tables, then of tournaments.
      {adds[adds.size() / 2], "table_check"},
      {first_check, "tournament_check"},
  };
  if (rake > 0) cases.push_back({rake, ""});
  return cases;
}

void with_each_store(const std::function<void(Target&)>& body) {
  const fs::path dir = test::temp_dir("hhaudit-kill");
  SECTION("sqlite") {
    Target t{"sqlite", dir};
    body(t);
  }
  SECTION("postgres") {
    test::PgServer* pg = test::PgServer::get();
    if (pg) {
      Target t{"postgres", dir, pg};
      body(t);
    }
  }
  fs::remove_all(dir);
}

}  // namespace

TEST_CASE("killed at any point and run again, the audit ends as one clean run", "[kill]") {
  with_each_store([](Target& t) {
    const std::vector<std::string> inputs = kill_inputs();
    std::vector<std::string> labels;
    const std::string expected = clean_run(t, inputs, labels);
    std::vector<KillCase> cases = few_points(labels);
    // PostgreSQL: the points that differ from SQLite's (its checks commit table by table), so
    // that CI spends seconds, not minutes: in the load, before the checks, in the middle of the
    // checks between hands, before the checks of tournaments, and killed twice.
    if (t.pg) cases = {cases[1], cases[3], cases[4], cases[5], cases[7]};
    check_kills(t, inputs, cases, expected, labels);
  });
}

TEST_CASE("killed at every step of the run and run again, the audit ends as one clean run",
          "[.][kill-every]") {
  with_each_store([](Target& t) {
    const std::vector<std::string> inputs = kill_inputs();
    std::vector<std::string> labels;
    const std::string expected = clean_run(t, inputs, labels);
    std::vector<KillCase> cases;
    for (long step = 1; step <= static_cast<long>(labels.size()); ++step)
      cases.push_back({step, ""});
    check_kills(t, inputs, cases, expected, labels);
  });
}

// A full disk (issue 31, point 8): the run stops with one clear message and nothing after it (no
// "cannot commit - no transaction is active", no failed CREATE TABLE); run again with room, it
// ends as one clean run. The disk is full for the hhaudit binary alone, in two ways:
//  - a limit on the size of the files it writes (RLIMIT_FSIZE, `ulimit -f`, SIGXFSZ ignored),
//    which any user may set on any file system: a write past it fails with EFBIG, which SQLite
//    reports as "disk I/O error";
//  - a small tmpfs, mounted in a user and mount namespace of its own (`unshare -rm`), where the
//    kernel allows it (else skipped with a warning): ENOSPC, "database or disk is full".
TEST_CASE("a full disk stops the audit with one message, and a rerun loses nothing",
          "[kill][disk-full]") {
  const fs::path dir = test::temp_dir("hhaudit-full");
  std::string folders;
  for (const std::string& i : kill_inputs()) folders += " " + test::q(i);
  // Runs `body` (a shell script's lines) with bash; `audit DB` in it audits the input into DB (a
  // commit every 7 hands: some batches are committed before the disk is full).
  const auto script = [&](const std::string& body) {
    const fs::path file = dir / "audit.sh";
    std::ofstream(file) << fmt::format(
        "audit() {{ {} audit{} --db \"$1\" -q --fail-on none -j 2 --batch-hands 7 "
        ">/dev/null; }}\n{}\n",
        test::bin(), folders, body);
    return test::run("bash " + test::q(file) + " 2>&1");
  };
  // The clean run, made once: Catch runs this body again for each section.
  struct Clean {
    std::string dump;
    std::uintmax_t size{0};
  };
  static const Clean clean = [&] {
    const fs::path db = dir / "clean.db";
    REQUIRE(script("audit " + test::q(db)).code == 0);
    std::error_code ec;
    return Clean{dump(db.string()), fs::file_size(db, ec)};
  }();
  const std::string& expected = clean.dump;
  const std::uintmax_t size = clean.size;
  REQUIRE(size > 64 * 1024);
  // One line on stderr, with `what`; nothing else.
  const auto one_message = [](const test::Run& r, std::string_view what) {
    INFO("stderr: " << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find(what) != std::string::npos);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK(r.out.find("no transaction is active") == std::string::npos);
    CHECK(r.out.find("CREATE") == std::string::npos);
  };
  const fs::path db = dir / "full.db";
  SECTION("a limit on file sizes") {
    // A third of the clean database, not a multiple of a page.
    const long limit_kb = static_cast<long>(size / 3 / 1024) | 1;
    one_message(script(fmt::format("ulimit -f {}\ntrap '' XFSZ\naudit {}", limit_kb, test::q(db))),
                "disk I/O error");
  }
  SECTION("a full file system") {
    if (test::run("unshare -rm true 2>&1").code != 0) {
      WARN("unshare -rm is not allowed here: the test on a full tmpfs is skipped");
      fs::remove_all(dir);
      return;
    }
    // Half the clean database; the database is copied out before the namespace ends.
    const fs::path mnt = dir / "mnt", in_ns = dir / "in_ns.sh";
    fs::create_directories(mnt);
    std::ofstream(in_ns) << fmt::format(
        "mount -t tmpfs -o size={}k tmpfs {} || exit 9\n"
        "{} audit{} --db {} -q --fail-on none -j 2 --batch-hands 7 >/dev/null\nrc=$?\n"
        "cp {}/full.db* {}/ 2>/dev/null\nexit $rc\n",
        size / 2 / 1024, test::q(mnt), test::bin(), folders, test::q(mnt / "full.db"), test::q(mnt),
        test::q(dir));
    const std::string body = "unshare -rm bash " + test::q(in_ns);
    one_message(script(body), "database or disk is full");
  }
  // Room again: the rerun ends as one clean run.
  REQUIRE(script("audit " + test::q(db)).code == 0);
  CHECK(difference(dump(db.string()), expected) == "");
  fs::remove_all(dir);
}

// The figures of docs/reliability.md (hidden: `hhaudit_tests "[kill-figures]"`, HH_KILL_INPUT
// naming the folders): the findings of a clean run, of a run killed in the middle of its load and
// run again, and of one killed once every hand was committed (before its first check) and run
// again twice, by code, on SQLite.
TEST_CASE("findings after a kill and a rerun, against a clean run", "[.][kill-figures]") {
  const fs::path dir = test::temp_dir("hhaudit-kill-figures");
  Target t{"sqlite", dir};
  const std::vector<std::string> inputs = kill_inputs();
  std::vector<std::string> labels;
  const std::string expected = clean_run(t, inputs, labels);
  const auto total = [](const std::string& db) {
    const std::unique_ptr<Store> store = open_store(db, OpenMode::ReadOnly);
    return *store
                ->query(
                    "SELECT (SELECT count(*) FROM discrepancies) + (SELECT count(*) FROM "
                    "tournament_findings)")[0]
                .rows.at(0)
                .at(0);
  };
  std::printf("clean: %s findings: %s\n", total(t.dir / "kill1.db").c_str(),
              finding_counts((t.dir / "kill1.db").string()).c_str());
  std::vector<long> adds;
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] == "add_hands") adds.push_back(static_cast<long>(i) + 1);
  REQUIRE(!adds.empty());
  const long middle = adds[adds.size() / 2];
  for (const KillAt& kill : {KillAt{middle, ""}, KillAt{0, "table_check"}}) {
    const std::string db = t.fresh();
    run_child(db, inputs, kill);
    for (int rerun = 1; rerun <= 2; ++rerun) {
      run_child(db, inputs, {});
      std::printf(
          "killed at %s, run again %d: %s findings: %s %s\n",
          kill.label.empty() ? fmt::format("step {}", kill.step).c_str() : kill.label.c_str(),
          rerun, total(db).c_str(), finding_counts(db).c_str(),
          difference(dump(db), expected).empty() ? "(as clean)" : "(NOT as clean)");
    }
  }
  fs::remove_all(dir);
}
