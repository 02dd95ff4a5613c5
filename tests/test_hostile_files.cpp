// Hostile files and folders, through the real binary: a folder that loops on itself through a
// symlink, unreadable files, empty files, two sites in one file.
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli_run.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/unreadable_inputs.hpp"

namespace fs = std::filesystem;
using namespace hh::test;

namespace {

std::string walk() { return read_file(testdata("sample/fixtures_holdem_walk.txt")); }

void write(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
}

std::string count_hands(const fs::path& db) {
  return run(bin() + " query --db " + q(db) + " --format csv \"SELECT count(*) AS n FROM hands\"")
      .out;
}

}  // namespace

TEST_CASE("a folder that contains a symlink to itself is walked once", "[hostile][files]") {
  fs::path dir = temp_dir("hhaudit-loop");
  fs::create_directories(dir / "a" / "b");
  write(dir / "a" / "b" / "walk.txt", walk());
  fs::create_directory_symlink(dir / "a", dir / "a" / "b" / "up");  // a/b/up -> a: a loop
  fs::create_directory_symlink(".", dir / "a" / "self");            // a/self -> a/ : another
  // `timeout`: were the walk to follow the links, the test would fail instead of hanging.
  Run r = run("timeout 60 " + bin() + " audit " + q(dir / "a") + " --db " + q(dir / "x.db") +
              " -q --fail-on none");
  CHECK(r.code == 0);
  Summary s = summary_of(r.out);
  CHECK(s.files == 1);
  CHECK(s.hands == 1);
  CHECK(count_hands(dir / "x.db") == "n\n1\n");
  fs::remove_all(dir);
}

TEST_CASE("an unreadable file is reported and the others are audited", "[hostile][files]") {
  fs::path dir = temp_dir("hhaudit-unreadable");
  fs::create_directories(dir / "in");
  write(dir / "in" / "a.txt", walk());
  std::string other = walk();
  other.replace(other.find('#') + 1, 3, "999");  // another hand number: not a duplicate
  write(dir / "in" / "locked.txt", other);
  fs::permissions(dir / "in" / "locked.txt", fs::perms::none);
  if (std::ifstream(dir / "in" / "locked.txt").good()) {
    // root reads whatever the permissions say: the case cannot be made here.
    WARN("skipped: chmod 000 does not stop this user (root?) from reading");
    fs::remove_all(dir);
    return;
  }
  Run r = run(bin() + " audit " + q(dir / "in") + " --db " + q(dir / "x.db") +
              " -q --fail-on none 2>" + q(dir / "err.txt"));
  CHECK(r.code == 2);  // an I/O error
  CHECK(read_file(dir / "err.txt").find("cannot read") != std::string::npos);
  CHECK(summary_of(r.out).hands == 1);
  CHECK(count_hands(dir / "x.db") == "n\n1\n");
  fs::remove_all(dir);
}

TEST_CASE("empty files: named, they are audited with no hands, in a folder, skipped",
          "[hostile][files]") {
  fs::path dir = temp_dir("hhaudit-empty");
  fs::create_directories(dir / "in");
  write(dir / "in" / "empty.txt", "");
  write(dir / "in" / "blank.txt", "\n\r\n  \n");
  write(dir / "in" / "walk.txt", walk());
  Run named = run(bin() + " audit " + q(dir / "in" / "empty.txt") + " --db " + q(dir / "a.db") +
                  " -q --fail-on none 2>/dev/null");
  CHECK(named.code == 3);  // no hand audited: never "clean" (issue 18)
  Summary n = summary_of(named.out);
  CHECK(n.files == 1);
  CHECK(n.hands == 0);
  CHECK(run(bin() + " query --db " + q(dir / "a.db") +
            " --format csv \"SELECT bytes, hands, audited_at IS NOT NULL AS done FROM files\"")
            .out == "bytes,hands,done\n0,0,1\n");

  Run folder =
      run(bin() + " audit " + q(dir / "in") + " --db " + q(dir / "b.db") + " -q --fail-on none");
  CHECK(folder.code == 0);
  Summary f = summary_of(folder.out);
  CHECK(f.files == 1);
  CHECK(f.without_hands == 2);
  CHECK(f.hands == 1);
  fs::remove_all(dir);
}

TEST_CASE("two sites mixed in one file: each hand is parsed by its own site", "[hostile]") {
  const std::string winamax = read_file(testdata("winamax/cash_plo_post_both.txt"));
  const std::string pacific = read_file(testdata("888poker/dutch.txt"));
  auto sites = [](const std::string& bytes) {
    std::string out;
    for (const hh::Hand& h : hh::read_text(hh::decode(bytes).text, "mixed.txt"))
      out += h.site + (h.parsed ? "+" : "-") + " ";
    return out;
  };
  const std::string w = sites(winamax), p = sites(pacific), s = sites(walk());
  REQUIRE(w.find("winamax+") == 0);
  REQUIRE(p.find("888poker+") == 0);
  CHECK(s == "pokerstars+ ");
  // Glued with no blank line between them, and in both orders.
  CHECK(sites(walk() + winamax + pacific) == s + w + p);
  CHECK(sites(pacific + "\n\n" + walk() + "\n\n" + winamax) == p + s + w);
}

TEST_CASE("files that cannot be read at all are stored, counted and make the run exit 2",
          "[hostile][files][unreadable]") {
  const fs::path dir = temp_dir("hhaudit-unreadable-kinds");
  const UnreadableInputs u = make_unreadable_inputs(dir);
  const fs::path db = dir / "x.db";
  const std::string audit = "timeout 60 " + bin() + " audit " + q(u.folder) + " --db " + q(db) +
                            " -q --fail-on none 2>" + q(dir / "err.txt");
  Run r = run(audit);
  CHECK(r.code == 2);  // an I/O error (README, exit codes)
  Summary s = summary_of(r.out);
  CHECK(s.files == 2);  // a.txt and dir.txt/b.txt: a folder named *.txt is walked
  CHECK(s.unreadable == 3);
  CHECK(s.hands == 2);
  CHECK(r.out.find("not read: " + (u.folder / "fifo.txt").string() +
                   ": cannot read: not a regular file (a FIFO)") != std::string::npos);
  CHECK(read_file(dir / "err.txt")
            .find("hhaudit: cannot read " + (u.folder / "mem.txt").string() +
                  ": read failed (Input/output error)") != std::string::npos);
  const std::string files = bin() + " query --db " + q(db) + " --format csv " + q(u.files_query());
  CHECK(run(files).out == UnreadableInputs::kFilesCsv);
  // Counted by `summary` and shown in the report's overview.
  const Run summary = run(bin() + " summary --db " + q(db) + " --format csv");
  CHECK(summary.out.find("\ntotals,files_unreadable,3,") != std::string::npos);
  // (The columns of the verdict's sections come first: docs/report.md.)
  CHECK(summary.out.find("\nfiles,,,,,,,,,,,,pokerstars,2,0,0,0,0,") != std::string::npos);
  CHECK(summary.out.find("\nfiles,,,,,,,,,,,,,0,0,0,3,0,") != std::string::npos);  // site NULL
  REQUIRE(run(bin() + " report --html " + q(dir / "r.html") + " --db " + q(db)).code == 0);
  CHECK(read_file(dir / "r.html").find("data-figure=\"files_unreadable\"><span class=\"v\">3<") !=
        std::string::npos);

  // Again: one row a path still; and a path that is a readable hand file now loses its row.
  CHECK(run(audit).code == 2);
  CHECK(run(files).out == UnreadableInputs::kFilesCsv);
  fs::remove(u.folder / "fifo.txt");
  std::string third = walk();
  third.replace(third.find('#') + 1, 3, "998");
  write(u.folder / "fifo.txt", third);
  CHECK(run(audit).code == 2);  // the two left
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT status, count(*) AS n FROM files GROUP BY status ORDER BY "
            "status\"")
            .out == "status,n\naudited,3\nunreadable,2\n");

  // Named on the command line: a symlink to nothing is an entry, not a missing path; a FIFO
  // (`<(zcat x.gz)`) is read once, like stdin.
  const fs::path fifo = dir / "named.fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0644) == 0);
  fs::create_symlink(dir / "nothing", dir / "named-dangling.txt");
  Run named = run("timeout 60 sh -c " +
                  q("cat " + q(testdata("sample/fixtures_holdem_walk.txt")) + " > " + q(fifo) +
                    " & exec " + bin() + " audit " + q(fifo) + " " + q(dir / "named-dangling.txt") +
                    " --db " + q(dir / "named.db") + " -q --fail-on none 2>/dev/null"));
  CHECK(named.code == 2);
  CHECK(summary_of(named.out).unreadable == 1);
  CHECK(summary_of(named.out).hands == 1);
  CHECK(run(bin() + " query --db " + q(dir / "named.db") +
            " --format csv \"SELECT status, hands, count(*) AS n FROM files GROUP BY status, hands "
            "ORDER BY status\"")
            .out == "status,hands,n\naudited,1,1\nunreadable,,1\n");
  fs::remove_all(dir);
}
