// Crash safety: `hhaudit audit` killed (SIGKILL) or interrupted (SIGINT) in the middle of an
// import leaves a consistent database, and running the same command again ends with exactly the
// database an uninterrupted run makes. Drives the real binary, like tests/test_cli.cpp.
#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"

namespace fs = std::filesystem;

namespace {

constexpr int kFiles = 32;
constexpr int kBatchHands = 50;  // --batch-hands: many commits in a run of a few MB

fs::path temp_dir() {
  std::random_device rd;
  fs::path d = fs::temp_directory_path() / ("hhaudit-crash-" + std::to_string(rd()));
  fs::create_directories(d);
  return d;
}

constexpr long kConflictEvery = 100;
// The signal is sent once this many hands are committed: after a conflict, so that the rerun
// meets a conflict that is already recorded.
constexpr long kSignalAfter = kConflictEvery + kBatchHands;

// Writes kFiles files of about `bytes_per_file` each, made of the sample hands repeated with new
// hand numbers (so that nothing is a duplicate), except that every kConflictEvery-th hand takes
// the number of the hand before it: a conflict. Returns the number of hands written.
long make_input(const fs::path& dir, std::size_t bytes_per_file) {
  std::vector<std::string> hands;  // each with "{id}" where its hand number was
  for (const auto& e : fs::directory_iterator(hh::test::testdata("sample"))) {
    if (e.path().extension() != ".txt") continue;
    hh::Decoded d = hh::decode(hh::test::read_file(e.path()));
    for (const hh::Hand& h : hh::read_text(d.text, "x")) {
      const std::size_t at = h.raw.find(h.site_hand_id);
      // One site, so that a hand taking its predecessor's number is a conflict (same site, same
      // number, other content).
      if (!h.parsed || h.site != "pokerstars" || h.site_hand_id.empty() || at > h.raw.find('\n'))
        continue;
      // Every mention of the number (888 repeats it on its second line).
      std::string text = h.raw;
      for (std::size_t p = 0; (p = text.find(h.site_hand_id, p)) != std::string::npos; p += 4)
        text.replace(p, h.site_hand_id.size(), "{id}");
      hands.push_back(text);
    }
  }
  REQUIRE(hands.size() >= 10);
  std::sort(hands.begin(), hands.end());  // directory order is not stable
  long n = 0;
  for (int f = 0; f < kFiles; ++f) {
    std::ofstream out(dir / fmt::format("part{}.txt", f), std::ios::binary);
    std::size_t written = 0;
    while (written < bytes_per_file) {
      const std::string& h = hands[static_cast<std::size_t>(n) % hands.size()];
      std::string text = h;
      const long id = n % kConflictEvery == kConflictEvery - 1 ? n - 1 : n;
      const std::string number = std::to_string(700000000000 + id);
      for (std::size_t p = 0; (p = text.find("{id}", p)) != std::string::npos; p += number.size())
        text.replace(p, 4, number);
      text += "\n\n\n";
      out << text;
      written += text.size();
      ++n;
    }
  }
  return n;
}

// Starts `hhaudit audit DIR --db DB -q -j 2` with stdout and stderr to files; returns its pid.
pid_t start_audit(const fs::path& input, const fs::path& db, const fs::path& log) {
  const std::string in = input.string(), d = db.string(), l = log.string();
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int fd = ::open(l.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) _exit(127);
    dup2(fd, 1);
    dup2(fd, 2);
    const std::string batch = std::to_string(kBatchHands);
    execl(hh::test::hhaudit_binary(), hh::test::hhaudit_binary(), "audit", in.c_str(), "--db",
          d.c_str(), "-q", "-j", "2", "--fail-on", "none", "--batch-hands", batch.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// A read-only connection; nullptr while the file does not exist yet.
struct Db {
  sqlite3* db{nullptr};
  explicit Db(const fs::path& p) {
    if (sqlite3_open_v2(p.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      sqlite3_close(db);
      db = nullptr;
    } else {
      sqlite3_busy_timeout(db, 5000);
    }
  }
  ~Db() { sqlite3_close(db); }
  // Every row of a query, one line per row, columns separated by '|'; "ERROR" on failure.
  std::string rows(const std::string& sql) const {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) return "ERROR";
    std::string out;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      for (int i = 0; i < sqlite3_column_count(st); ++i) {
        if (i) out += '|';
        const unsigned char* t = sqlite3_column_text(st, i);
        out += t ? reinterpret_cast<const char*>(t) : "NULL";
      }
      out += '\n';
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? out : "ERROR";
  }
  long count(const std::string& table) const {
    std::string r = rows("SELECT count(*) FROM " + table);
    return r == "ERROR" || r.empty() ? -1 : std::stol(r);
  }
};

// Hands committed so far, or -1 while the database or its tables are not there yet.
long committed_hands(const fs::path& db) {
  if (!fs::exists(db)) return -1;
  Db d(db);
  return d.db ? d.count("hands") : -1;
}

// Lines of a query result in sorted order: rows compared by content, whatever their order.
std::string sorted_rows(const std::string& rows) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < rows.size()) {
    std::size_t nl = rows.find('\n', pos);
    lines.push_back(rows.substr(pos, nl - pos));
    pos = nl + 1;
  }
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// The content of the tables that hold the audit, without the row ids (they depend on the
// insertion history only), each child row keyed by its hand's (site, site_hand_id): equal dumps
// mean equal audits.
std::string dump(const fs::path& db) {
  Db d(db);
  REQUIRE(d.db);
  auto columns = [&](const std::string& table, const std::string& prefix) {
    std::string cols;
    const std::string names = d.rows("SELECT name FROM pragma_table_info('" + table + "')");
    std::size_t pos = 0;
    while (pos < names.size()) {
      std::size_t nl = names.find('\n', pos);
      const std::string name = names.substr(pos, nl - pos);
      pos = nl + 1;
      const bool row_id =
          name.ends_with("_id") && name != "site_hand_id" && name != "tournament_id";
      if (!row_id) cols += "," + prefix + name;
    }
    return cols.substr(1);
  };
  std::string out = "-- hands\n";
  out += sorted_rows(d.rows("SELECT " + columns("hands", "h.") +
                            ", f.path FROM hands h JOIN files f USING (file_id)"));
  for (const char* child : {"hand_players", "pots", "pot_seats", "discrepancies"}) {
    out += fmt::format("-- {}\n", child);
    out += sorted_rows(d.rows(
        fmt::format("SELECT h.site, h.site_hand_id, {} FROM {} c JOIN hands h USING (hand_id)",
                    columns(child, "c."), child)));
  }
  // files.duplicates differs by design: a resumed file counts the hands committed before the
  // interruption as duplicates (docs/schema.md); timestamps differ too.
  out += "-- files\n";
  out +=
      sorted_rows(d.rows("SELECT path, sha256, bytes, encoding, site, hands, failed, conflicts, "
                         "audited_at IS NOT NULL, status, note FROM files"));
  out += "-- conflicts\n";
  out += sorted_rows(
      d.rows("SELECT c.site, c.site_hand_id, c.byte_offset, c.line, c.content_sha256, f.path, "
             "h.content_sha256 FROM hand_conflicts c JOIN files f USING (file_id) JOIN hands h ON "
             "h.hand_id = c.existing_hand_id"));
  return out;
}

std::string integrity(const fs::path& db) {
  Db d(db);
  REQUIRE(d.db);
  return d.rows("PRAGMA integrity_check");
}

struct Exit {
  bool signaled{false};
  int signal{0};
  int code{-1};
};

Exit wait_for(pid_t pid) {
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  Exit e;
  e.signaled = WIFSIGNALED(status);
  e.signal = e.signaled ? WTERMSIG(status) : 0;
  e.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return e;
}

// Runs the audit to its end; returns its exit code.
int run_to_end(const fs::path& input, const fs::path& db, const fs::path& log) {
  return wait_for(start_audit(input, db, log)).code;
}

// Starts the audit, waits until it has committed kSignalAfter hands, sends `sig`. Returns the exit
// status and the hands committed when the signal was sent; the caller checks that it landed
// mid-run.
struct Interrupted {
  Exit exit;
  long committed_at_signal{-1};
};
Interrupted interrupt(const fs::path& input, const fs::path& db, const fs::path& log, int sig) {
  pid_t pid = start_audit(input, db, log);
  Interrupted r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (std::chrono::steady_clock::now() < deadline) {
    r.committed_at_signal = committed_hands(db);
    if (r.committed_at_signal >= kSignalAfter) break;
    // Finished before anything was seen committed: the caller retries with more input.
    int status;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      r.exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return r;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  kill(pid, sig);
  r.exit = wait_for(pid);
  return r;
}

}  // namespace

TEST_CASE("killed or interrupted mid-import, a rerun gives the uninterrupted database", "[crash]") {
  fs::path dir = temp_dir();
  fs::path input = dir / "in";
  fs::create_directories(input);
  const long hands = make_input(input, 128 << 10);  // 32 files of 128 KB
  INFO("input hands: " << hands);

  // The reference: one uninterrupted run.
  const fs::path ref = dir / "ref.db";
  REQUIRE(run_to_end(input, ref, dir / "ref.log") == 0);
  const std::string expected = dump(ref);
  {
    Db d(ref);
    REQUIRE(d.count("hand_conflicts") == hands / kConflictEvery);
    REQUIRE(d.count("hands") == hands - hands / kConflictEvery);
  }

  for (int sig : {SIGKILL, SIGINT}) {
    DYNAMIC_SECTION("signal " << sig) {
      const fs::path db = dir / fmt::format("sig{}.db", sig);
      const fs::path log = dir / fmt::format("sig{}.log", sig);
      // The signal must land after a commit and before the end; the run is much longer than the
      // first commit, so one try is the norm, but a loaded machine may need another.
      Interrupted r;
      long partial = -1;
      for (int attempt = 0; attempt < 5; ++attempt) {
        fs::remove(db);
        fs::remove(fs::path(db.string() + "-wal"));
        fs::remove(fs::path(db.string() + "-shm"));
        r = interrupt(input, db, log, sig);
        partial = committed_hands(db);
        if (r.committed_at_signal >= kSignalAfter && partial < hands - hands / kConflictEvery)
          break;
      }
      REQUIRE(r.committed_at_signal >= kSignalAfter);
      REQUIRE(partial < hands - hands / kConflictEvery);
      CHECK(partial >= r.committed_at_signal);
      CHECK(integrity(db) == "ok\n");
      if (sig == SIGKILL) {
        CHECK(r.exit.signaled);
        CHECK(r.exit.signal == SIGKILL);
      } else {
        // SIGINT: the process saves what it read and says so.
        CHECK_FALSE(r.exit.signaled);
        CHECK(r.exit.code == 2);
        CHECK(hh::test::read_file(log).find("interrupted; what was read is saved") !=
              std::string::npos);
        // What was read is written: no file is marked finished without all its hands.
        Db d(db);
        CHECK(d.rows("SELECT count(*) FROM files f WHERE audited_at IS NOT NULL AND hands <> "
                     "(SELECT count(*) FROM hands h WHERE h.file_id = f.file_id) + conflicts + "
                     "duplicates") == "0\n");
        CHECK(d.rows("SELECT count(*) > 0 FROM files WHERE audited_at IS NULL") == "1\n");
      }
      // The same command again finishes the job.
      CHECK(run_to_end(input, db, dir / "rerun.log") == 0);
      CHECK(integrity(db) == "ok\n");
      CHECK(dump(db) == expected);
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("Ctrl-C during the first pass over the files is an interruption too", "[crash]") {
  // The first pass reads every file for its digest before any hand is parsed; on a large input it
  // takes a while. A named pipe holds the process there until the test closes it.
  fs::path dir = temp_dir();
  const fs::path fifo = dir / "pipe.txt", db = dir / "p.db", log = dir / "p.log";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  pid_t pid = start_audit(fifo, db, log);
  int fd = ::open(fifo.c_str(), O_WRONLY);  // returns once hhaudit opened the pipe to read it
  REQUIRE(fd >= 0);
  const std::string hand =
      hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
  REQUIRE(::write(fd, hand.data(), hand.size()) == static_cast<ssize_t>(hand.size()));
  kill(pid, SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // delivered while it reads
  ::close(fd);
  const Exit e = wait_for(pid);
  CHECK_FALSE(e.signaled);
  CHECK(e.code == 2);
  CHECK(hh::test::read_file(log).find("interrupted; what was read is saved") != std::string::npos);
  CHECK(integrity(db) == "ok\n");
  fs::remove_all(dir);
}
