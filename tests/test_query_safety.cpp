// `hhaudit query` is read-only in fact, and safe (issue 31, points 1-6): what a hostile script
// cannot do on SQLite (functions a reader does not need, PRAGMAs that set, files) and on
// PostgreSQL (transaction control, large objects, functions that act on the server); --timeout
// and Ctrl-C stop a statement (and the server's query); rows are streamed, not held; a script of
// many statements costs time linear in its length. docs/reliability.md, "Read-only queries".
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "db/postgres/connection.hpp"
#include "db/sqlite/database.hpp"
#include "db/store.hpp"
#include "report/render.hpp"
#include "tests/cli_run.hpp"
#include "tests/pg_server.hpp"
#include "tests/temp_dir.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using hh::db::CellType;
using hh::db::OpenMode;
using hh::db::QueryOptions;
using hh::db::QueryResult;
using hh::db::QueryStopped;
using hh::report::OutputFormat;
using hh::test::bin;
using hh::test::q;
using hh::test::run;
using hh::test::TempDir;
using Clock = std::chrono::steady_clock;

namespace {

// A statement that never ends by itself.
const std::string kEndless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

// An empty audit database (its schema; meta holds the schema version).
std::string empty_database(const TempDir& dir) {
  const std::string db = dir.file("a.db");
  hh::db::open_store(db, OpenMode::Write);
  return db;
}

// What query() threw ("not refused" if it did not).
std::string error_of(hh::db::Store& store, const std::string& sql, const QueryOptions& o = {}) {
  try {
    store.query(sql, o);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "not refused";
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The hhaudit binary started with `args`, stdout and stderr to files, SIGINT at its default
// (a test runner may have it ignored).
class Child {
 public:
  Child(const std::vector<std::string>& args, const TempDir& dir)
      : out_(dir.file("child.out")), err_(dir.file("child.err")) {
    std::vector<std::string> argv_s{hh::test::hhaudit_binary()};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    // Under ASan (the CI's second build), freed memory is held in a quarantine (256 MB) that
    // would count in the child's peak RSS: a small one keeps the RSS what the program holds.
    std::vector<std::string> env_s;
    std::string asan = "ASAN_OPTIONS=quarantine_size_mb=1";
    for (char** e = environ; *e; ++e) {
      const std::string v = *e;
      if (v.rfind("ASAN_OPTIONS=", 0) == 0) {
        asan = v + ":quarantine_size_mb=1";
      } else {
        env_s.push_back(v);
      }
    }
    env_s.push_back(asan);
    std::vector<char*> envp;
    for (std::string& v : env_s) envp.push_back(v.data());
    envp.push_back(nullptr);
    const int rc = posix_spawn(&pid_, argv[0], &files, &attr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&files);
    posix_spawnattr_destroy(&attr);
    REQUIRE(rc == 0);
  }
  ~Child() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void signal(int sig) const { kill(pid_, sig); }

  // Waits up to `limit` seconds for the process to catch SIGINT (its handler installed: the
  // query is running); false if it does not.
  bool wait_catching_sigint(double limit) const {
    const auto start = Clock::now();
    while (seconds_since(start) < limit) {
      std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
      std::string line;
      while (std::getline(status, line)) {
        if (line.rfind("SigCgt:", 0) != 0) continue;
        const unsigned long long caught = std::stoull(line.substr(7), nullptr, 16);
        if (caught & (1ULL << (SIGINT - 1))) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  // Waits up to `limit` seconds; false if it is still running then (it is killed).
  bool wait(double limit) {
    const auto start = Clock::now();
    for (;;) {
      const pid_t done = wait4(pid_, &status_, WNOHANG, &usage_);
      if (done == pid_) {
        pid_ = -1;
        return true;
      }
      if (seconds_since(start) > limit) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  // The exit code, or -signal if a signal ended it.
  int code() const {
    return WIFEXITED(status_)     ? WEXITSTATUS(status_)
           : WIFSIGNALED(status_) ? -WTERMSIG(status_)
                                  : -1000;
  }
  long max_rss_kb() const { return usage_.ru_maxrss; }
  std::string out() const { return hh::test::read_file(out_); }
  std::string err() const { return hh::test::read_file(err_); }

 private:
  std::string out_, err_;
  pid_t pid_{-1};
  int status_{0};
  struct rusage usage_ {};
};

}  // namespace

// ---------------------------------------------------------------------------------------------
// SQLite

TEST_CASE("query: fts3_tokenizer and the functions a reader does not need are refused",
          "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  CHECK(error_of(*store, "SELECT fts3_tokenizer('simple')") ==
        "read-only query: the function fts3_tokenizer is not one a reader needs and is refused "
        "(statement 1: SELECT fts3_tokenizer('simple'))");
  for (const std::string f :
       {"load_extension('x')", "randomblob(1000000000)", "zeroblob(9)", "sqlite_log(1, 'x')",
        "fts3_tokenizer('simple', x'41')", "FTS3_TOKENIZER('simple')"}) {
    INFO(f);
    CHECK_THAT(error_of(*store, "SELECT 1; SELECT " + f),
               Catch::StartsWith("read-only query: the function ") &&
                   Catch::EndsWith("is not one a reader needs and is refused (statement 2: "
                                   "SELECT " +
                                   f + ")"));
  }
  // The crash of the review: an attacker's pointer. Refused before anything runs: nothing is
  // printed.
  const auto r = run(bin() + " query --db " + q(db) +
                     " \"SELECT 1; SELECT fts3_tokenizer('simple', x'4141414141414141'); "
                     "SELECT fts3_tokenizer('simple')\" 2>&1");
  CHECK(r.code == 2);
  CHECK(r.out ==
        "hhaudit query: read-only query: the function fts3_tokenizer is not one a reader needs "
        "and is refused (statement 2: SELECT fts3_tokenizer('simple', x'4141414141414141'))\n");
}

TEST_CASE("query: what a reader needs still runs under the authorizer", "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  const auto results = store->query(
      "SELECT count(*), coalesce(NULL, 'c'), printf('%05.1f', 2.5), upper('a') || lower('B'), "
      "strftime('%Y', '2024-03-01'), json_extract('{\"a\": [1, 2]}', '$.a[1]'), "
      "'{\"b\": 3}' ->> '$.b', abs(-2), round(2.5), substr('abc', 2), 'x' LIKE 'X', "
      "typeof(1.5), iif(1, 'y', 'n') FROM meta WHERE key = 'schema_version';"
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
      "SELECT i, sum(i) OVER (ORDER BY i), row_number() OVER (), group_concat(i) OVER () FROM n;"
      "SELECT name FROM pragma_table_info('meta') ORDER BY cid;"
      "PRAGMA table_info(meta); PRAGMA user_version; PRAGMA query_only;"
      "SELECT count(*) FROM sqlite_master WHERE type = 'view' AND name = 'v_code_counts';"
      "SELECT count(*) FROM v_code_counts;"
      "SELECT value FROM json_each('[7, 8]')");
  REQUIRE(results.size() == 9);
  using Cells = std::vector<std::optional<std::string>>;
  CHECK(results[0].rows == std::vector<Cells>{{"1", "c", "002.5", "Ab", "2024", "2", "3", "2",
                                               "3.0", "bc", "1", "real", "y"}});
  CHECK(results[1].rows == std::vector<Cells>{{"1", "1", "1", "1,2,3"},
                                              {"2", "3", "2", "1,2,3"},
                                              {"3", "6", "3", "1,2,3"}});
  CHECK(results[2].rows == std::vector<Cells>{{"key"}, {"value"}});
  CHECK(results[3].rows.size() == 2);
  CHECK(results[4].rows == std::vector<Cells>{{"0"}});
  CHECK(results[5].rows == std::vector<Cells>{{"1"}});
  CHECK(results[6].rows == std::vector<Cells>{{"1"}});
  CHECK(results[7].rows == std::vector<Cells>{{"0"}});
  CHECK(results[8].rows == std::vector<Cells>{{"7"}, {"8"}});
}

TEST_CASE("query: the read-only connection is hardened (FTS3 tokenizer and extensions off)",
          "[query][safety]") {
  TempDir dir;
  const std::string path = empty_database(dir);
  hh::db::sqlite::Database db(path, SQLITE_OPEN_READONLY);
  // Not hardened: fts3_tokenizer('simple') gives the module's address (a pointer, as a blob).
  CHECK(sqlite3_exec(db.get(), "SELECT fts3_tokenizer('simple')", nullptr, nullptr, nullptr) ==
        SQLITE_OK);
  hh::db::sqlite::harden_for_reading(db);
  // The two-argument form, which takes a pointer, is off (the one-argument form still reads one:
  // the authorizer refuses the function whole).
  CHECK(sqlite3_exec(db.get(), "SELECT fts3_tokenizer('simple', x'4141414141414141')", nullptr,
                     nullptr, nullptr) == SQLITE_ERROR);
  CHECK(db.errmsg() == "fts3tokenize disabled");
  int on = -1;
  sqlite3_db_config(db.get(), SQLITE_DBCONFIG_DEFENSIVE, -1, &on);
  CHECK(on == 1);
  sqlite3_db_config(db.get(), SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, -1, &on);
  CHECK(on == 0);
}

TEST_CASE("query: a view of the database calling a refused function is refused too",
          "[query][safety]") {
  TempDir dir;
  const std::string path = empty_database(dir);
  {
    hh::db::sqlite::Database db(path, SQLITE_OPEN_READWRITE);
    db.exec(
        "CREATE VIEW evil AS SELECT randomblob(1000000000) AS p;"
        "CREATE VIEW pointer AS SELECT fts3_tokenizer('simple') AS p");
  }
  auto store = hh::db::open_store(path, OpenMode::ReadOnly);
  CHECK(error_of(*store, "SELECT * FROM evil") ==
        "read-only query: the function randomblob is not one a reader needs and is refused "
        "(statement 1: SELECT * FROM evil)");
  // (fts3_tokenizer is one SQLite itself refuses in a view: SQLITE_DIRECTONLY.)
  CHECK(error_of(*store, "SELECT * FROM pointer") ==
        "SQL error: unsafe use of fts3_tokenizer() (statement 1: SELECT * FROM pointer)");
  // hhaudit's own views, JSON operators included, read as before.
  CHECK(store->query("SELECT count(*) FROM hand_events")[0].rows[0][0] == "0");
}

TEST_CASE("query: every PRAGMA that sets anything is refused", "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  // The review's writes: query_only off, then a TEMP table written.
  CHECK(error_of(*store,
                 "PRAGMA query_only=OFF; CREATE TEMP TABLE t(x); INSERT INTO t VALUES (1); "
                 "SELECT * FROM t") ==
        "read-only query: PRAGMA query_only=OFF sets a value and is refused (statement 1: "
        "PRAGMA query_only=OFF)");
  CHECK(error_of(*store, "CREATE TEMP TABLE t(x)") ==
        "read-only query: attempt to write a readonly database (statement 1: CREATE TEMP TABLE "
        "t(x))");
  // Files in a folder of the query's choosing.
  const fs::path folder = dir.path() / "spill";
  fs::create_directories(folder);
  CHECK(error_of(*store, "PRAGMA temp_store_directory = '" + folder.string() +
                             "'; PRAGMA temp_store = FILE; " + kEndless) ==
        "read-only query: PRAGMA temp_store_directory=" + folder.string() +
            " sets a value and is refused (statement 1: PRAGMA temp_store_directory = '" +
            folder.string() + "')");
  CHECK(fs::is_empty(folder));
  CHECK(error_of(*store, "PRAGMA main.cache_size = 10") ==
        "read-only query: PRAGMA cache_size=10 sets a value and is refused (statement 1: PRAGMA "
        "main.cache_size = 10)");
  CHECK(error_of(*store, "PRAGMA writable_schema = ON") ==
        "read-only query: PRAGMA writable_schema=ON sets a value and is refused (statement 1: "
        "PRAGMA writable_schema = ON)");
  CHECK(error_of(*store, "PRAGMA trusted_schema(1)") ==
        "read-only query: PRAGMA trusted_schema=1 sets a value and is refused (statement 1: "
        "PRAGMA trusted_schema(1))");
  CHECK(error_of(*store, "PRAGMA optimize") ==
        "read-only query: PRAGMA optimize is refused (statement 1: PRAGMA optimize)");
  CHECK(error_of(*store, "PRAGMA shrink_memory") ==
        "read-only query: PRAGMA shrink_memory is refused (statement 1: PRAGMA shrink_memory)");
  CHECK(error_of(*store, "BEGIN; SELECT 1") ==
        "read-only query: transactions are refused: each query reads in one of its own "
        "(statement 1: BEGIN)");
  // The store's own reads still work after a refusal (the authorizer is the query's only).
  CHECK(store->sites().empty());
  CHECK(store->query("PRAGMA query_only")[0].rows[0][0] == "1");
}

TEST_CASE("query: --timeout stops a statement (SQLite)", "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  QueryOptions o;
  o.timeout_seconds = 0.2;
  const auto start = Clock::now();
  CHECK_THROWS_AS(store->query(kEndless, o), QueryStopped);
  CHECK(seconds_since(start) < 5);
  CHECK(error_of(*store, "SELECT 1; " + kEndless, o) ==
        "query timeout: stopped after 0.2 s (statement 2: " + kEndless + ")");
  // A statement within its time runs whole; the timeout is each statement's.
  CHECK(store->query("SELECT 1; SELECT 2", o).size() == 2);
  const auto r = run(bin() + " query --timeout 0.2 --db " + q(db) +
                     " --format csv \"SELECT 7 AS n; " + kEndless + "\" 2>&1");
  CHECK(r.code == 2);
  // The second statement's header is printed when it begins, before its first row.
  CHECK(r.out ==
        "n\n7\n\ncount(*)\nhhaudit query: query timeout: stopped after 0.2 s (statement 2: " +
            kEndless + ")\n");
}

TEST_CASE("query: Ctrl-C stops the running statement (SQLite)", "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  Child child({"query", "--db", db, kEndless}, dir);
  REQUIRE(child.wait_catching_sigint(30));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  child.signal(SIGINT);
  REQUIRE(child.wait(10));
  CHECK(child.code() == 2);
  CHECK(child.err() ==
        "hhaudit query: interrupted: the query was stopped (statement 1: " + kEndless + ")\n");
}

TEST_CASE("query: rows are streamed and not held (SQLite 200000 rows of 100 bytes)",
          "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  const auto rows = [&](long n) {
    return "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT " +
           std::to_string(n) + ") SELECT x, printf('%0100d', x) AS padded FROM c";
  };
  long small_kb = 0;
  {
    Child child({"query", "--db", db, "--format", "csv", rows(1000)}, dir);
    REQUIRE(child.wait(60));
    REQUIRE(child.code() == 0);
    small_kb = child.max_rss_kb();
  }
  Child child({"query", "--db", db, "--format", "csv", rows(200000)}, dir);
  REQUIRE(child.wait(120));
  REQUIRE(child.code() == 0);
  const std::string out = child.out();
  // Every row printed: the header, 200,000 lines, the last one's number.
  CHECK(std::count(out.begin(), out.end(), '\n') == 200001);
  CHECK(out.substr(out.size() - 8) == "0200000\n");
  // Held whole, 300,000 such rows took 163 MB more than 1,000 of them (1 GB for 3M rows of 15
  // bytes: bench/query_scale.sh); streamed, they take none.
  INFO("max RSS: 1,000 rows " << small_kb << " KB, 200,000 rows " << child.max_rss_kb() << " KB");
  CHECK(child.max_rss_kb() - small_kb < 20 * 1024);
}

TEST_CASE("query: many statements cost linear time (SQLite 100000 statements)", "[query][safety]") {
  TempDir dir;
  const std::string db = empty_database(dir);
  std::string script;
  for (int i = 0; i < 100000; ++i) script += "SELECT 1;\n";
  const std::string file = dir.file("many.sql");
  std::ofstream(file) << script;
  // Quadratic, 80,000 took 1.8 s and 120,000 took 99 s; linear, 100,000 take about 0.3 s.
  const auto start = Clock::now();
  const auto r = run(bin() + " query --db " + q(db) + " --format csv -f " + q(file));
  const double took = seconds_since(start);
  CHECK(r.code == 0);
  CHECK(r.out.size() == 100000 * std::string("1\n1\n\n").size() - 1);
  INFO("100,000 statements: " << took << " s");
  CHECK(took < 15);
}

// ---------------------------------------------------------------------------------------------
// The renderer of streamed results

namespace {

QueryResult numbers(int n, const std::string& column = "n") {
  QueryResult r;
  r.columns = {column, "name"};
  for (int i = 1; i <= n; ++i) {
    r.rows.push_back({std::to_string(1000 + i),
                      i % 3 ? std::optional<std::string>("p" + std::to_string(i)) : std::nullopt});
    r.types.push_back({CellType::Integer, i % 3 ? CellType::Text : CellType::Null});
  }
  return r;
}

std::string streamed(const std::vector<QueryResult>& results, OutputFormat f) {
  std::ostringstream out;
  hh::report::ResultStream s(out, f);
  s.begin(results.size());
  for (const QueryResult& r : results) {
    s.columns(r.columns);
    for (std::size_t i = 0; i < r.rows.size(); ++i) s.row(r.rows[i], r.types[i]);
    s.end_result();
  }
  s.finish();
  return out.str();
}

std::string whole(const std::vector<QueryResult>& results, OutputFormat f) {
  std::ostringstream out;
  hh::report::write_results(out, results, f);
  return out.str();
}

}  // namespace

TEST_CASE("query: streamed results are written as the whole results were", "[query][safety]") {
  QueryResult empty;
  empty.columns = {"a", "b"};
  const std::vector<std::vector<QueryResult>> cases = {
      {}, {empty}, {numbers(3)}, {numbers(2), empty, numbers(4, "-x")}, {empty, numbers(1)}};
  for (const OutputFormat f : {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json}) {
    for (const auto& results : cases) {
      INFO("format " << static_cast<int>(f) << ", " << results.size() << " results");
      CHECK(streamed(results, f) == whole(results, f));
    }
  }
}

TEST_CASE("query: a table is written after its first page and csv and json at once",
          "[query][safety]") {
  const QueryResult r = numbers(2500);
  for (const OutputFormat f : {OutputFormat::Table, OutputFormat::Csv, OutputFormat::Json}) {
    std::ostringstream out;
    hh::report::ResultStream s(out, f);
    s.begin(1);
    s.columns(r.columns);
    s.row(r.rows[0], r.types[0]);
    if (f != OutputFormat::Table) CHECK(out.str().size() > 0);
    for (std::size_t i = 1; i < hh::report::ResultStream::kTablePageRows; ++i)
      s.row(r.rows[i], r.types[i]);
    const std::size_t after_page = out.str().size();
    CHECK(after_page > 0);
    for (std::size_t i = hh::report::ResultStream::kTablePageRows; i < r.rows.size(); ++i)
      s.row(r.rows[i], r.types[i]);
    s.end_result();
    s.finish();
    // The widths of the first page hold the later rows (1000 + i, "p" + i: as wide at 2500 as
    // at 1000).
    CHECK(out.str() == whole({r}, f));
  }
  // A later cell wider than the first page's: written whole, the line pushed right.
  std::ostringstream out;
  hh::report::ResultStream s(out, OutputFormat::Table);
  s.begin(1);
  s.columns(r.columns);
  for (std::size_t i = 0; i < hh::report::ResultStream::kTablePageRows; ++i)
    s.row(r.rows[i], r.types[i]);
  s.row({"123456", "wide name"}, {CellType::Integer, CellType::Text});
  s.end_result();
  const std::string text = out.str();
  const std::string head = "   n  name\n----  -----\n1001  p1\n";
  const std::string tail = "2000  p1000\n123456  wide name\n";
  CHECK(text.substr(0, head.size()) == head);
  CHECK(text.substr(text.size() - tail.size()) == tail);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

namespace {

std::string pg_cell(const std::string& conninfo, const std::string& sql) {
  hh::db::postgres::Connection c(conninfo);
  auto r = c.exec(sql);
  return r.rows() ? r.text(0, 0) : "";
}

}  // namespace

// One server for the PostgreSQL cases (each section runs in the same process): a server a case
// would cost its start-up each.
TEST_CASE("postgres: query is read-only in fact and stoppable and linear",
          "[postgres][query][safety]") {
  hh::test::PgServer* server = hh::test::PgServer::get();
  if (!server) return;
  SECTION("query refuses transaction control and every statement but reads") {
    const std::string pg = server->create_database("query_txn");
    hh::db::open_store(pg, OpenMode::Write);
    const std::string rows_before = pg_cell(pg, "SELECT count(*) FROM meta");
    REQUIRE(rows_before != "0");
    auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
    // The review's deletes: the chained transaction made read-write.
    CHECK(error_of(*store, "COMMIT AND CHAIN; SET TRANSACTION READ WRITE; DELETE FROM meta") ==
          "read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; COMMIT is "
          "refused (statement 1: COMMIT AND CHAIN)");
    CHECK(error_of(*store,
                   "SELECT 1; ROLLBACK AND CHAIN; SET TRANSACTION READ WRITE; DROP TABLE "
                   "meta") ==
          "read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; ROLLBACK "
          "is refused (statement 2: ROLLBACK AND CHAIN)");
    for (const std::string sql : {"BEGIN",
                                  "START TRANSACTION READ WRITE",
                                  "END",
                                  "ABORT",
                                  "SAVEPOINT s",
                                  "RELEASE s",
                                  "PREPARE TRANSACTION 'x'",
                                  "COMMIT PREPARED 'x'",
                                  "SET TRANSACTION READ WRITE",
                                  "SET statement_timeout = 0",
                                  "RESET ALL",
                                  "COPY meta TO STDOUT",
                                  "COPY meta FROM '/etc/hostname'",
                                  "DO $$BEGIN DELETE FROM meta; END$$",
                                  "CALL p()",
                                  "LOCK meta",
                                  "LISTEN x",
                                  "NOTIFY x",
                                  "DECLARE c CURSOR FOR SELECT 1",
                                  "DISCARD ALL",
                                  "VACUUM meta",
                                  "ANALYZE meta",
                                  "CHECKPOINT",
                                  "DELETE FROM meta",
                                  "DROP TABLE meta",
                                  "INSERT INTO meta VALUES ('x', 'y')",
                                  "/* a comment */ commit",
                                  "-- x\n(COMMIT)"}) {
      INFO(sql);
      CHECK_THAT(error_of(*store, "SELECT 1;\n" + sql),
                 Catch::StartsWith("read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and "
                                   "SHOW are run; ") &&
                     Catch::EndsWith(" is refused (statement 2: " + sql + ")"));
    }
    CHECK(pg_cell(pg, "SELECT count(*) FROM meta") == rows_before);
    // The reads run, in their forms.
    const auto results = store->query(
        "(SELECT 1 AS lo_count); VALUES (2); TABLE meta; SHOW TimeZone; EXPLAIN SELECT 1;"
        "WITH x AS (SELECT 3 AS a) SELECT a FROM x; /* c */ select 'COMMIT; lo_import(1)' AS s;"
        "SELECT count(*) FROM meta WHERE key = 'lo_from_bytea'");
    REQUIRE(results.size() == 8);
    CHECK(results[0].rows[0][0] == "1");
    CHECK(results[1].rows[0][0] == "2");
    CHECK(std::to_string(results[2].rows.size()) == rows_before);
    CHECK(results[3].rows[0][0] == "UTC");
    CHECK(results[5].rows[0][0] == "3");
    CHECK(results[6].rows[0][0] == "COMMIT; lo_import(1)");
    CHECK(results[7].rows[0][0] == "0");
  }
  SECTION("query calls no large-object function nor one that acts on the server") {
    const std::string pg = server->create_database("query_lo");
    hh::db::open_store(pg, OpenMode::Write);
    auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
    CHECK(error_of(*store, "SELECT lo_from_bytea(0, 'x')") ==
          "read-only query: the function lo_from_bytea is refused (it writes, acts on the server "
          "or runs SQL text) (statement 1: SELECT lo_from_bytea(0, 'x'))");
    for (const auto& [sql, name] : std::vector<std::pair<std::string, std::string>>{
             {"SELECT pg_catalog.lo_import('/etc/hostname')", "lo_import"},
             {"SELECT \"lo_from_bytea\"(0, 'x')", "lo_from_bytea"},
             {"SELECT LO_CREATE /* c */ (0)", "lo_create"},
             {"SELECT lo_export(1, '/tmp/x')", "lo_export"},
             {"SELECT lowrite(lo_open(1, 131072), 'x')", "lowrite"},
             {"SELECT query_to_xml('SELECT lo_from_bytea(0, ''x'')', true, false, '')",
              "query_to_xml"},
             {"SELECT * FROM ts_stat('SELECT 1')", "ts_stat"},
             {"SELECT set_config('statement_timeout', '0', false)", "set_config"},
             {"SELECT pg_advisory_lock(1)", "pg_advisory_lock"},
             {"SELECT pg_terminate_backend(1)", "pg_terminate_backend"},
             {"SELECT pg_read_file('/etc/hostname')", "pg_read_file"},
             {"WITH x AS (SELECT lo_unlink(1)) SELECT 1", "lo_unlink"},
             // Not an E'' string: the backslash does not hide the quote that ends it.
             {"SELECT date'\\', lo_creat(-1) --'", "lo_creat"}}) {
      INFO(sql);
      CHECK(error_of(*store, sql) == "read-only query: the function " + name +
                                         " is refused (it writes, acts on the server or runs SQL "
                                         "text) (statement 1: " +
                                         sql + ")");
    }
    CHECK_THAT(error_of(*store, "SELECT U&\"\\006C\\006F_from_bytea\"(0, 'x')"),
               Catch::StartsWith("read-only query: identifiers with Unicode escapes"));
    CHECK(pg_cell(pg, "SELECT count(*) FROM pg_largeobject_metadata") == "0");
  }
  SECTION("--timeout stops a statement on the server") {
    const std::string pg = server->create_database("query_timeout");
    hh::db::open_store(pg, OpenMode::Write);
    const auto start = Clock::now();
    const auto r = run(bin() + " query --timeout 0.3 --format csv --db " + q(pg) +
                       " \"SELECT 7 AS n; SELECT pg_sleep(30)\" 2>&1");
    CHECK(seconds_since(start) < 10);
    CHECK(r.code == 2);
    CHECK(r.out ==
          // (The server sends a result's columns with its first row: none here.)
          "n\n7\nhhaudit query: query timeout: stopped after 0.3 s (statement 2: SELECT "
          "pg_sleep(30))\n");
  }
  SECTION("Ctrl-C cancels the server's query") {
    const std::string pg = server->create_database("query_cancel");
    hh::db::open_store(pg, OpenMode::Write);
    TempDir dir;
    const std::string sleeping =
        "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT "
        "pg_sleep(60)'";
    Child child({"query", "--db", pg, "SELECT pg_sleep(60)"}, dir);
    const auto start = Clock::now();
    while (pg_cell(pg, sleeping) != "1" && seconds_since(start) < 10)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(pg_cell(pg, sleeping) == "1");
    child.signal(SIGINT);
    REQUIRE(child.wait(10));
    CHECK(child.code() == 2);
    CHECK(child.err() ==
          "hhaudit query: interrupted: the server's query was cancelled (statement 1: SELECT "
          "pg_sleep(60))\n");
    // The backend stopped too (not only the client).
    const auto stopped = Clock::now();
    while (pg_cell(pg, sleeping) != "0" && seconds_since(stopped) < 5)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(pg_cell(pg, sleeping) == "0");
  }
  SECTION("many statements cost linear time (20000 statements)") {
    const std::string pg = server->create_database("query_many");
    hh::db::open_store(pg, OpenMode::Write);
    auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
    std::string script;
    for (int i = 0; i < 20000; ++i) script += "SELECT 1;\n";
    const auto start = Clock::now();
    const auto results = store->query(script);
    const double took = seconds_since(start);
    CHECK(results.size() == 20000);
    INFO("20,000 statements: " << took << " s");
    CHECK(took < 15);
  }
  // The reader role docs/scale-out.md recommends, as written there: it reads every table (also one
  // made after the grant, by a later schema), writes none, and hhaudit query runs as it.
  SECTION("the reader role of docs/scale-out.md reads and cannot write") {
    const std::string pg = server->create_database("query_reader");
    hh::db::open_store(pg, OpenMode::Write);
    const std::string doc = hh::test::read_file(hh::test::source_dir() / "docs" / "scale-out.md");
    const std::string begin = "<!-- reader role -->\n```sql\n";
    const std::size_t at = doc.find(begin);
    REQUIRE(at != std::string::npos);
    const std::size_t end = doc.find("```", at + begin.size());
    REQUIRE(end != std::string::npos);
    std::string sql = doc.substr(at + begin.size(), end - at - begin.size());
    // The doc's names: the database `hands`, its writer `auditor`, the reader `reader`.
    sql = std::regex_replace(sql, std::regex("\\bhands\\b"), "query_reader");
    sql = std::regex_replace(sql, std::regex("\\bauditor\\b"), "hhaudit");
    {
      hh::db::postgres::Connection admin(pg);
      admin.exec("DROP ROLE IF EXISTS reader");
      admin.exec(sql);
      // A table of a later schema, made by the writer after the grants.
      admin.exec("CREATE TABLE later(x int); INSERT INTO later VALUES (1)");
    }
    const std::string as_reader =
        std::regex_replace(pg, std::regex("postgresql://hhaudit@"), "postgresql://reader@");
    REQUIRE(as_reader != pg);
    const auto r = run(bin() + " query --format csv --db " + q(as_reader) +
                       " \"SELECT count(*) AS n FROM meta WHERE key = 'schema_version'; SELECT x "
                       "FROM later; SELECT count(*) AS hands FROM hands\" 2>&1");
    CHECK(r.code == 0);
    CHECK(r.out == "n\n1\n\nx\n1\n\nhands\n0\n");
    // The summary reads as the reader too.
    const auto summary = run(bin() + " summary --format csv --db " + q(as_reader) + " 2>&1");
    INFO(summary.out);
    CHECK(summary.code == 0);
    // Past hhaudit, straight through libpq: the role itself cannot write.
    hh::db::postgres::Connection reader(as_reader);
    const auto denied = [&](const std::string& statement) {
      try {
        reader.exec(statement);
      } catch (const hh::db::postgres::ServerError& e) {
        return e.sqlstate;
      }
      return std::string("allowed");
    };
    CHECK(denied("INSERT INTO meta VALUES ('x', 'y')") == "42501");  // insufficient_privilege
    CHECK(denied("DELETE FROM hands") == "42501");
    CHECK(denied("UPDATE later SET x = 2") == "42501");
    CHECK(denied("DROP TABLE later") == "42501");
    CHECK(denied("CREATE TABLE mine(x int)") == "42501");
    CHECK(denied("TRUNCATE later") == "42501");
  }
}
