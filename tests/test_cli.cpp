// End-to-end: the hhaudit binary as users run it (exit codes, stdin, re-audit, read-only query).
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "json_check.hpp"
#include "parser/format.hpp"
#include "test_paths.hpp"

namespace fs = std::filesystem;

using hh::test::bin;
using hh::test::q;
using hh::test::run;
using hh::test::Run;

namespace {

fs::path temp_dir() { return hh::test::temp_dir("hhaudit-cli"); }

}  // namespace

TEST_CASE("audit the samples, then query them", "[cli]") {
  fs::path dir = temp_dir();
  fs::path db = dir / "a.db";
  Run a = run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) + " -q");
  CHECK(a.code == 0);
  CHECK(a.out.find("13 hands, 13 parsed, 0 unparsed") != std::string::npos);

  Run count =
      run(bin() + " query --db " + q(db) + " --format csv \"SELECT count(*) AS n FROM hands\"");
  CHECK(count.code == 0);
  CHECK(count.out == "n\n13\n");

  // The same files again add nothing.
  Run again = run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) + " -q");
  CHECK(again.code == 0);
  CHECK(again.out.find("13 already in the database") != std::string::npos);
  CHECK(run(bin() + " query --db " + q(db) + " --format csv \"SELECT count(*) FROM hands\"").out ==
        "count(*)\n13\n");

  // query is read-only.
  Run write = run(bin() + " query --db " + q(db) + " \"DELETE FROM hands\" 2>/dev/null");
  CHECK(write.code == 2);
  CHECK(run(bin() + " query --db " + q(db) + " --format csv \"SELECT count(*) FROM hands\"").out ==
        "count(*)\n13\n");

  // explain finds a hand by the site's number.
  Run ex = run(bin() + " explain --db " + q(db) + " 184487904738");
  CHECK(ex.code == 0);
  CHECK(ex.out.find("Split Hold'em") != std::string::npos);
  CHECK(run(bin() + " explain --db " + q(db) + " 1 2>/dev/null").code == 0);  // hhaudit's hand_id
  CHECK(run(bin() + " explain --db " + q(db) + " 999 2>/dev/null").code == 2);
  fs::remove_all(dir);
}

TEST_CASE("exit codes and stdin", "[cli]") {
  fs::path dir = temp_dir();
  fs::path db = dir / "b.db";
  // A money error: the walk's "Total pot $2" edited to "Total pot $3".
  std::string walk = hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
  fs::path bad = dir / "bad.txt";
  {
    std::ofstream out(bad);
    std::string edited = walk;
    std::size_t at = edited.find("Total pot");
    REQUIRE(at != std::string::npos);
    std::size_t num = edited.find_first_of("0123456789", at);
    edited[num] = edited[num] == '9' ? '8' : static_cast<char>(edited[num] + 1);
    out << edited;
  }
  Run findings = run(bin() + " audit " + q(bad) + " --db " + q(db) + " -q");
  CHECK(findings.code == 1);
  CHECK(findings.out.find("TOTAL_POT_MISMATCH") != std::string::npos);
  CHECK(run(bin() + " audit " + q(bad) + " --db " + q(dir / "c.db") + " -q --fail-on none").code ==
        0);
  Run json = run(bin() + " audit " + q(bad) + " --db " + q(dir / "d.db") + " -q --format json");
  CHECK(hh::test::is_one_json_document(json.out));
  CHECK(json.out.find("\"TOTAL_POT_MISMATCH\"") != std::string::npos);

  // Missing path: usage/I-O error.
  CHECK(
      run(bin() + " audit " + q(dir / "nope.txt") + " --db " + q(dir / "e.db") + " -q 2>/dev/null")
          .code == 2);
  // No subcommand, unknown option.
  CHECK(run(bin() + " 2>/dev/null >/dev/null").code == 2);
  CHECK(run(bin() + " audit --bogus x 2>/dev/null >/dev/null").code == 2);
  CHECK(run(bin() + " audit " + q(bad) + " --db " + q(dir / "g.db") +
            " -q --gg-time-zone Nowhere/Land 2>/dev/null >/dev/null")
            .code == 2);
  CHECK(run(bin() + " --help >/dev/null").code == 0);
  CHECK(run(bin() + " audit --help >/dev/null").code == 0);

  // stdin.
  Run in = run("cat " + q(hh::test::testdata("sample/fixtures_holdem_walk.txt")) + " | " + bin() +
               " audit - --db " + q(dir / "f.db") + " -q");
  CHECK(in.code == 0);
  CHECK(in.out.find("1 hands, 1 parsed") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("the database is the same whatever --jobs is", "[cli]") {
  const fs::path input = hh::test::shared_corpus() / "Stars";
  REQUIRE(fs::is_directory(input));  // a missing corpus fails, it does not fall back
  fs::path dir = temp_dir();
  const std::string dump =
      " --format csv \"SELECT h.hand_id, h.site, h.site_hand_id, f.path, h.line, h.byte_offset, "
      "h.status, h.total_pot, h.rake, (SELECT group_concat(code || ':' || coalesce(expected, '') "
      "|| ':' || coalesce(actual, ''), ',') FROM discrepancies d WHERE d.hand_id = h.hand_id), "
      "(SELECT group_concat(seat || ':' || net, ',') FROM hand_players p WHERE p.hand_id = "
      "h.hand_id) FROM hands h JOIN files f USING (file_id) ORDER BY h.hand_id\"";
  std::string first;
  for (int jobs : {1, 2, 5}) {
    fs::path db = dir / fmt::format("j{}.db", jobs);
    Run a = run(bin() + " audit " + q(input) + " --db " + q(db) + " -q --fail-on none -j " +
                std::to_string(jobs));
    REQUIRE(a.code == 0);
    Run d = run(bin() + " query --db " + q(db) + dump);
    REQUIRE(d.code == 0);
    CHECK(d.out.size() > 100);
    if (first.empty())
      first = d.out;
    else
      CHECK(d.out == first);
  }
  fs::remove_all(dir);
}

TEST_CASE("house rules: printed, overridden, recorded with the audit", "[cli][house-rules]") {
  Run printed = run(bin() + " house-rules --rule pokerstars.max_bets_per_round=5");
  CHECK(printed.code == 0);
  CHECK(printed.out.find("[default]\n") == 0);
  CHECK(printed.out.find("max_bets_per_round = 4") != std::string::npos);
  CHECK(printed.out.find("[pokerstars]\nmax_bets_per_round = 5\n") != std::string::npos);
  Run one = run(bin() + " house-rules --site pokerstars --rule pokerstars.max_bets_per_round=5");
  CHECK(one.out.find("[pokerstars]\n") != std::string::npos);
  CHECK(one.out.find("max_bets_per_round = 5") != std::string::npos);
  CHECK(one.out.find("uncapped_heads_up = true") != std::string::npos);

  fs::path dir = temp_dir();
  fs::path db = dir / "r.db";
  const std::string sample = q(hh::test::testdata("sample"));
  CHECK(run(bin() + " audit " + sample + " --db " + q(db) + " -q --rule cap=4 2>/dev/null").code ==
        2);
  CHECK(run(bin() + " audit " + sample + " --db " + q(db) +
            " -q --house-rules /nonexistent.toml 2>/dev/null")
            .code == 2);
  CHECK_FALSE(fs::exists(db));  // nothing was audited
  Run a = run(bin() + " audit " + sample + " --db " + q(db) + " -q --rule uncapped_heads_up=false");
  CHECK(a.code == 0);
  Run meta = run(bin() + " query --db " + q(db) +
                 " --format csv \"SELECT value FROM meta WHERE key = 'house_rules'\"");
  CHECK(meta.out.find("uncapped_heads_up = false") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("files not read are recorded with why and counted in the summary", "[cli][files]") {
  fs::path dir = temp_dir();
  fs::create_directories(dir / "in" / "sub");
  auto write = [](const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
  };
  write(dir / "in" / "notes.txt", "my notes\nnothing to see\n");
  write(dir / "in" / "sub" / "notes copy.txt", "my notes\nnothing to see\n");  // same content
  write(dir / "in" / "empty.txt", "");
  fs::copy_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"), dir / "in" / "walk.txt");
  const fs::path db = dir / "a.db";
  Run a = run(bin() + " audit " + q(dir / "in") + " --db " + q(db) + " -q --fail-on none");
  // The notes are not known to hold no hand (an fpdb sidecar, .md, an empty file are): input not
  // audited (issue 35).
  CHECK(a.code == 3);
  const hh::test::Summary s = hh::test::summary_of(a.out);
  CHECK(s.files == 1);
  CHECK(s.without_hands == 3);
  CHECK(s.unsupported == 0);
  CHECK(s.hands == 1);
  // One row per content: the two copies of the notes share theirs, the last path seen.
  const std::string sql = "SELECT replace(path, '" + (dir / "in").string() +
                          "/', '') AS path, site, status, note, hands FROM files ORDER BY path";
  CHECK(run(bin() + " query --db " + q(db) + " --format csv \"" + sql + "\"").out ==
        "path,site,status,note,hands\n"
        "empty.txt,,no-hands,no hand of a known format,\n"
        "sub/notes copy.txt,,no-hands,no hand of a known format,\n"
        "walk.txt,pokerstars,audited,,1\n");
  // Named on the command line, a file with no hand is read: its text is an unparsed hand, and
  // the run audited nothing (3).
  Run named = run(bin() + " audit " + q(dir / "in" / "notes.txt") + " --db " + q(db) +
                  " -q --fail-on none");
  CHECK(named.code == 3);
  CHECK(hh::test::summary_of(named.out).unparsed == 1);
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT status, hands FROM files WHERE path LIKE '%notes.txt'\"")
            .out == "status,hands\naudited,1\n");
  fs::remove_all(dir);
}

// Issue 33, point 21: 9stacks Poker's text and BetOnline's XML are recognised, not read. Their
// files are recorded "unsupported" with the format's name, and a run of nothing else exits 3,
// never "no-hands" and 0. (Heads written for this test from the two formats' first lines.)
TEST_CASE("9stacks and BetOnline XML files are recorded unsupported, exit 3", "[cli][files]") {
  fs::path dir = temp_dir();
  fs::create_directories(dir / "in");
  std::ofstream(dir / "in" / "9stacks.txt")
      << "9stacks Poker Hand #1234567: Hold'em No Limit (5/10) - 2021/03/04 20:11:12\n"
         "Table 'Mumbai 1' 6-max Seat #1 is the button\nSeat 1: Ann (1000 in chips)\n";
  std::ofstream(dir / "in" / "betonline.xml")
      << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<HandHistory><GameState GameId=\"77\" TableName=\"Ajax\">\n</GameState></HandHistory>\n";
  const fs::path db = dir / "a.db";
  Run a = run(bin() + " audit " + q(dir / "in") + " --db " + q(db) + " -q 2>/dev/null");
  CHECK(a.code == 3);
  const hh::test::Summary s = hh::test::summary_of(a.out);
  CHECK(s.unsupported == 2);
  CHECK(s.without_hands == 0);
  const std::string sql = "SELECT replace(path, '" + (dir / "in").string() +
                          "/', '') AS path, site, status, note FROM files ORDER BY path";
  CHECK(run(bin() + " query --db " + q(db) + " --format csv \"" + sql + "\"").out ==
        "path,site,status,note\n"
        "9stacks.txt,9stacks,unsupported,9stacks Poker: not supported\n"
        "betonline.xml,betonline-xml,unsupported,BetOnline XML: not supported\n");
  fs::remove_all(dir);
}

// A PokerStars tournament summary was a format hhaudit recognised but did not read, until issue
// 15 (Cake was, until issue 13; PartyPoker until issue 12): a summary file is audited
// (tests/test_summaries.cpp).
TEST_CASE("a tournament summary file is audited, not recorded unsupported", "[cli][files]") {
  const hh::Format* summary = hh::format_by_name("pokerstars-summary");
  REQUIRE(summary);
  REQUIRE(summary->reads_summaries());
  fs::path dir = temp_dir();
  const fs::path file = dir / "TS20191127 T2711645426 No Limit Holdem.txt";
  // The head of a summary as PokerStars writes one (written for this test).
  std::ofstream(file) << "PokerStars Tournament #2711645426, No Limit Hold'em\n"
                         "Buy-In: $0.98/$0.12 USD\n"
                         "9 players\n"
                         "Total Prize Pool: $8.82 USD\n"
                         "Tournament started 2019/11/27 12:00:00 ET\n";
  const fs::path db = dir / "a.db";
  Run a = run(bin() + " audit " + q(file) + " --db " + q(db) + " -q --fail-on none 2>/dev/null");
  CHECK(a.code == 0);
  const hh::test::Summary s = hh::test::summary_of(a.out);
  CHECK(s.files == 1);
  CHECK(s.unsupported == 0);
  CHECK(s.summaries == 1);
  CHECK(s.hands == 0);
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT site, status, note, hands FROM files\"")
            .out == "site,status,note,hands\npokerstars-summary,audited,,0\n");
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT tournament_id, prize_pool FROM tournaments\"")
            .out == "tournament_id,prize_pool\n2711645426,882\n");
  fs::remove_all(dir);
}

TEST_CASE("the GGPoker time zone option reaches the format through the pipeline", "[cli]") {
  fs::path dir = temp_dir();
  const fs::path gg = hh::test::testdata("sample/gg_cash_PLO5-USD-2-5-Jackpot.txt");
  auto started = [&](const std::string& db, const std::string& zone) {
    Run a = run(bin() + " audit " + q(gg) + " --db " + q(dir / db) + " -q --fail-on none" + zone);
    CHECK(a.code == 0);
    return run(bin() + " query --db " + q(dir / db) +
               " --format csv \"SELECT started_at_utc FROM hands\"")
        .out;
  };
  // Printed 2021/04/13 16:21:36, with no zone.
  CHECK(started("utc.db", "") == "started_at_utc\n2021-04-13T16:21:36Z\n");
  CHECK(started("manila.db", " --gg-time-zone Asia/Manila") ==
        "started_at_utc\n2021-04-13T08:21:36Z\n");
  fs::remove_all(dir);
}

namespace {

// One figure of the "totals" section of `audit --format json`: {"figure", "run", "database"}.
std::optional<std::string> total_of(const std::string& json, const std::string& figure,
                                    const std::string& side) {
  return hh::test::json_eval("(SELECT json_extract(value, '$." + side +
                                 "') FROM json_each(?1, '$.totals') WHERE "
                                 "json_extract(value, '$.figure') = '" +
                                 figure + "')",
                             json);
}

// A copy of the sample walk with its "Total pot" one unit higher: one TOTAL_POT_MISMATCH error.
fs::path write_bad_walk(const fs::path& dir) {
  std::string edited = hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
  std::size_t num = edited.find_first_of("0123456789", edited.find("Total pot"));
  edited[num] = edited[num] == '9' ? '8' : static_cast<char>(edited[num] + 1);
  const fs::path bad = dir / "bad.txt";
  std::ofstream(bad, std::ios::binary) << edited;
  return bad;
}

}  // namespace

TEST_CASE("a run that reads nothing is never clean and creates no database", "[cli][not-read]") {
  const fs::path dir = temp_dir();
  fs::create_directories(dir / "empty");
  const fs::path db = dir / "a.db";
  // An empty folder: nothing to audit (3), nothing written.
  Run empty = run(bin() + " audit " + q(dir / "empty") + " --db " + q(db) + " -q 2>/dev/null");
  CHECK(empty.code == 3);
  CHECK(empty.out.find("not read: " + (dir / "empty").string() + ": empty folder\n") !=
        std::string::npos);
  CHECK(empty.out.find("-> nothing written\n") != std::string::npos);
  CHECK_FALSE(fs::exists(db));
  // A missing path: an I/O error (2), nothing written.
  Run missing = run(bin() + " audit " + q(dir / "nope") + " --db " + q(db) + " -q 2>/dev/null");
  CHECK(missing.code == 2);
  CHECK(missing.out.find("not read: " + (dir / "nope").string() + ": no such file or folder\n") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(db));
  // An empty file named on the command line: read, no hand (3), listed.
  std::ofstream(dir / "empty.txt").close();
  Run empty_file = run(bin() + " audit " + q(dir / "empty.txt") + " --db " + q(db) +
                       " -q --fail-on none 2>/dev/null");
  CHECK(empty_file.code == 3);
  CHECK(empty_file.out.find("not read: " + (dir / "empty.txt").string() + ": no hands\n") !=
        std::string::npos);
  // A folder of files with no hand of a known format (here: PartyPoker-like notes): stored, 3.
  fs::create_directories(dir / "notes");
  std::ofstream(dir / "notes" / "a.txt") << "my notes\n";
  Run notes = run(bin() + " audit " + q(dir / "notes") + " --db " + q(db) + " -q 2>/dev/null");
  CHECK(notes.code == 3);
  CHECK(notes.out.find("no findings\n") != std::string::npos);
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT status, count(*) AS n FROM files GROUP BY status ORDER BY "
            "status\"")
            .out == "status,n\naudited,1\nno-hands,1\n");
  fs::remove_all(dir);
}

TEST_CASE("the run summary tells what is new and what the database holds", "[cli][not-read]") {
  const fs::path dir = temp_dir();
  const fs::path bad = write_bad_walk(dir);
  const fs::path db = dir / "a.db";
  Run first = run(bin() + " audit " + q(bad) + " --db " + q(db) + " -q");
  CHECK(first.code == 1);
  CHECK(first.out.find(db.string() +
                       " holds: 1 files audited, 0 interrupted, 0 without hands, 0 of a format "
                       "not supported, 0 unreadable; 1 hands, 1 parsed, 0 unparsed, 1 with "
                       "errors\n") != std::string::npos);
  // The same audit again adds nothing, but the database and this input still hold the error:
  // not "no findings", and still exit 1.
  Run again = run(bin() + " audit " + q(bad) + " --db " + q(db) + " -q");
  CHECK(again.code == 1);
  CHECK(again.out.find("no findings") == std::string::npos);
  CHECK(again.out.find("no new findings in this run; " + db.string() + " holds 3 findings:\n") !=
        std::string::npos);
  CHECK(again.out.find("\nTOTAL_POT_MISMATCH  error     site     0         1               1\n") !=
        std::string::npos);
  // JSON: one document with the totals, the run's and the database's, and the codes.
  Run json = run(bin() + " audit " + q(bad) + " --db " + q(db) + " -q --format json");
  REQUIRE(hh::test::is_one_json_document(json.out));
  CHECK(total_of(json.out, "hands", "run") == "0");
  CHECK(total_of(json.out, "hands", "database") == "1");
  CHECK(total_of(json.out, "files_already_audited", "run") == "1");
  CHECK(total_of(json.out, "hands_with_errors", "database") == "1");
  // The codes: errors, then warnings, then notes, most hands first, then by code (RAKE_MISMATCH,
  // TOTAL_POT_MISMATCH, OUT_OF_TURN; no rake note: a walk is not raked, no flop, no drop).
  CHECK(hh::test::json_at(json.out, "$.codes[1].code") == "TOTAL_POT_MISMATCH");
  CHECK(hh::test::json_at(json.out, "$.codes[1].run") == "0");
  CHECK(hh::test::json_at(json.out, "$.codes[1].database") == "1");
  CHECK(hh::test::json_at(json.out, "$.codes[2].code") == "OUT_OF_TURN");
  CHECK(total_of(json.out, "findings", "database") == "3");
  CHECK(hh::test::json_at(json.out, "$.not_read") == "[]");
  // CSV: one table, the same figures.
  Run csv = run(bin() + " audit " + q(bad) + " --db " + q(dir / "b.db") + " -q --format csv");
  CHECK(csv.code == 1);
  CHECK(csv.out.rfind("section,figure,run,database,path,why,code,severity,blame,database_hands\n",
                      0) == 0);
  CHECK(csv.out.find("\ntotals,hands,1,1,,,,,,\n") != std::string::npos);
  CHECK(csv.out.find("\ntotals,duplicates,0,,,,,,,\n") != std::string::npos);
  CHECK(csv.out.find("\ncodes,,1,1,,,TOTAL_POT_MISMATCH,error,site,1\n") != std::string::npos);
  CHECK(csv.out.find("\ntotals,findings,3,3,,,,,,\n") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("sites lists the formats of the registry", "[cli][sites]") {
  Run sites = run(bin() + " sites --format csv");
  CHECK(sites.code == 0);
  std::string expected = "site,name,read\n";
  for (const auto& f : hh::formats())
    expected += fmt::format("{},{},{}\n", f->name(), f->display_name(),
                            f->readable() ? "yes" : "recognised only");
  CHECK(sites.out == expected);
  CHECK(sites.out.find("\npokerstars,PokerStars,yes\n") != std::string::npos);
  CHECK(sites.out.find("\nggpoker,GGPoker,yes\n") != std::string::npos);
  Run help = run(bin() + " audit --help");
  CHECK(help.out.find("3 input not audited") != std::string::npos);
}

TEST_CASE("summary over a whole database, by site and month, filtered", "[cli][summary]") {
  const fs::path dir = temp_dir();
  const fs::path db = dir / "s.db";
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) +
              " -q --fail-on none")
              .code == 0);
  const std::string summary = bin() + " summary --db " + q(db);
  Run json = run(summary + " --format json");
  CHECK(json.code == 0);
  REQUIRE(hh::test::is_one_json_document(json.out));
  auto figure = [](const std::string& doc, const std::string& name) {
    return hh::test::json_eval(
        "(SELECT json_extract(value, '$.value') FROM json_each(?1, "
        "'$.totals') WHERE json_extract(value, '$.figure') = '" +
            name + "')",
        doc);
  };
  auto sql = [&](const std::string& select) {
    const std::string out =
        run(bin() + " query --db " + q(db) + " --format csv \"" + select + "\"").out;
    return out.substr(out.find('\n') + 1, out.size() - out.find('\n') - 2);
  };
  // The figures the samples give, and the same from SQL.
  CHECK(figure(json.out, "files_read") == "13");
  CHECK(figure(json.out, "files_without_hands") == "1");  // SOURCES.md
  CHECK(figure(json.out, "hands") == "13");
  CHECK(figure(json.out, "unparsed") == "0");
  CHECK(figure(json.out, "findings") == "13");
  CHECK(figure(json.out, "findings") == sql("SELECT count(*) FROM discrepancies"));
  CHECK(figure(json.out, "hands_with_errors") ==
        sql("SELECT count(DISTINCT hand_id) FROM discrepancies WHERE severity = 'error'"));
  // By site and month: the months of the PokerStars samples, and the hands add up.
  CHECK(hh::test::json_eval("(SELECT group_concat(json_extract(value, '$.month') || ':' || "
                            "json_extract(value, '$.hands'), ' ') FROM json_each(?1, '$.hands') "
                            "WHERE json_extract(value, '$.site') = 'pokerstars')",
                            json.out) ==
        "2009-11:2 2009-12:1 2012-08:1 2013-05:1 2018-03:1 2023-10:4");
  CHECK(hh::test::json_eval("(SELECT sum(json_extract(value, '$.hands')) FROM json_each(?1, "
                            "'$.hands'))",
                            json.out) == "13");
  // Codes count hands and rows, errors then warnings then notes (issue 35): the two warnings
  // first, though a note is in more hands; the rake paid by currency, in minor units.
  CHECK(hh::test::json_at(json.out, "$.codes[0].code") == "BET_BELOW_MINIMUM");
  CHECK(hh::test::json_at(json.out, "$.codes[1].code") == "OUT_OF_TURN");
  CHECK(hh::test::json_at(json.out, "$.codes[2].code") == "RAKE_SCHEDULE_UNKNOWN");
  // 6 of the 13 hands: the schedule is unknown (the walk is judged by "no flop, no drop").
  CHECK(hh::test::json_at(json.out, "$.codes[2].hands") == "6");
  CHECK(hh::test::json_at(json.out, "$.rake[1].site") == "pokerstars");
  CHECK(hh::test::json_at(json.out, "$.rake[1].rake") ==
        sql("SELECT sum(rake) FROM hands WHERE site = 'pokerstars' AND currency = 'USD' AND "
            "tournament_id IS NULL"));

  // Money in error by month and currency, and the rake against the schedule: those of the SQL.
  CHECK(hh::test::json_eval("(SELECT sum(json_extract(value, '$.money_in_error')) FROM "
                            "json_each(?1, '$.money'))",
                            json.out) == sql("SELECT sum(money_in_error) FROM hands"));
  CHECK(hh::test::json_at(json.out, "$.rake[1].without_schedule") ==
        sql("SELECT count(DISTINCT d.hand_id) FROM discrepancies d JOIN hands h USING (hand_id) "
            "WHERE h.site = 'pokerstars' AND h.currency = 'USD' AND code = "
            "'RAKE_SCHEDULE_UNKNOWN'"));

  // --site and --since filter the hands (and --site the files).
  Run recent = run(summary + " --site pokerstars --since 2023-01-01 --format csv");
  CHECK(recent.code == 0);
  CHECK(recent.out.find("\ntotals,hands,4,") != std::string::npos);
  CHECK(recent.out.find("\ntotals,files_read,10,") != std::string::npos);
  CHECK(recent.out.find("\nhands,,,,,4,,,,,,,pokerstars,,,,,,2023-10,4,0,0,") != std::string::npos);
  // The verdict's sections first (issue 35), then the detail's columns in order of appearance.
  CHECK(recent.out.rfind(
            "section,figure,value,code,severity,hands,findings,currency,unit,hands_in_error,"
            "money_in_error,amount,site,read,unsupported,without_hands,unreadable,interrupted,"
            "month,parsed,unparsed,with_errors,hands_not_linked,blame,rows,rake,over_schedule,"
            "under_schedule,without_schedule,kind,signals,hands_cited\n",
            0) == 0);
  Run table = run(summary);
  CHECK(table.out.find("== hands ==\n") != std::string::npos);
  CHECK(table.out.find("pokerstars  2023-10      4       4         0            0\n") !=
        std::string::npos);
  // Bad filters are usage errors that name what is valid.
  CHECK(run(summary + " --since 2023/01/01 2>/dev/null").code == 2);
  // A room a format reads (Run It Once, read as PokerStars) is a site once the database holds it.
  {
    std::string walk = hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
    walk.replace(0, std::string("PokerStars").size(), "Run It Once Poker");
    std::ofstream(dir / "rio.txt", std::ios::binary) << walk;
  }
  CHECK(run(summary + " --site runitonce 2>&1").out.find("unknown site runitonce (known: ") !=
        std::string::npos);
  REQUIRE(
      run(bin() + " audit " + q(dir / "rio.txt") + " --db " + q(db) + " -q --fail-on none").code ==
      0);
  Run rio = run(summary + " --site runitonce --format csv");
  CHECK(rio.code == 0);
  CHECK(rio.out.find("\ntotals,hands,1,") != std::string::npos);
  CHECK(rio.out.find("\ntotals,files_read,0,") != std::string::npos);  // files.site: pokerstars
  Run site = run(summary + " --site partypokr 2>&1");
  CHECK(site.code == 2);
  CHECK(site.out.find("unknown site partypokr (known: pokerstars, ") != std::string::npos);
  CHECK(run(bin() + " summary --db " + q(dir / "none.db") + " 2>/dev/null").code == 2);
  CHECK_FALSE(fs::exists(dir / "none.db"));
  fs::remove_all(dir);
}

TEST_CASE("query prints every statement's result, SQL from a file or stdin", "[cli][query]") {
  const fs::path dir = temp_dir();
  const fs::path db = dir / "q.db";
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) +
              " -q --fail-on none")
              .code == 0);
  const std::string two =
      "SELECT count(*) AS hands FROM hands; SELECT count(*) AS files FROM "
      "files WHERE status = 'audited'";
  const std::string query = bin() + " query --db " + q(db);
  Run csv = run(query + " --format csv \"" + two + "\"");
  CHECK(csv.code == 0);
  CHECK(csv.out == "hands\n13\n\nfiles\n13\n");
  Run table = run(query + " \"" + two + "\"");
  CHECK(table.out == "hands\n-----\n   13\n\nfiles\n-----\n   13\n");
  Run json = run(query + " --format json \"" + two + "\"");
  REQUIRE(hh::test::is_one_json_document(json.out));
  CHECK(hh::test::json_at(json.out, "$[0][0].hands") == "13");
  CHECK(hh::test::json_at(json.out, "$[1][0].files") == "13");
  // One statement: its rows, as before.
  CHECK(run(query + " --format json \"SELECT 1 AS a\"").out == "[\n  {\"a\": 1}\n]\n");

  // From a file, from stdin (- or -f -).
  { std::ofstream(dir / "two.sql") << "-- the hands, then the files\n" << two << ";\n"; }
  CHECK(run(query + " --format csv -f " + q(dir / "two.sql")).out == csv.out);
  CHECK(run("cat " + q(dir / "two.sql") + " | " + query + " --format csv -").out == csv.out);
  CHECK(run("cat " + q(dir / "two.sql") + " | " + query + " --format csv -f -").out == csv.out);
  CHECK(run(query + " -f " + q(dir / "none.sql") + " 2>/dev/null").code == 2);
  CHECK(run(query + " 2>/dev/null").code == 2);  // no SQL at all
  CHECK(run(query + " -f " + q(dir / "two.sql") + " \"SELECT 1\" 2>/dev/null").code == 2);

  // Read-only: no statement writes a file.
  Run vacuum = run(query + " \"VACUUM INTO '" + (dir / "copy.db").string() + "'\" 2>&1");
  CHECK(vacuum.code == 2);
  CHECK(vacuum.out.find("ATTACH and VACUUM INTO write files and are refused") != std::string::npos);
  CHECK(run(query + " \"ATTACH '" + (dir / "other.db").string() + "' AS o\" 2>/dev/null").code ==
        2);
  CHECK_FALSE(fs::exists(dir / "copy.db"));
  CHECK_FALSE(fs::exists(dir / "other.db"));
  fs::remove_all(dir);
}

TEST_CASE("query and summary read a WAL database on read-only media", "[cli][query]") {
  const fs::path dir = temp_dir();
  fs::create_directories(dir / "ro");
  const fs::path db = dir / "ro" / "a.db";
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) +
              " -q --fail-on none")
              .code == 0);
  // In WAL mode (header bytes 18 and 19 are 2), closed cleanly: no -wal, no -shm file, which a
  // read would have to create.
  const std::string header = hh::test::read_file(db).substr(0, 20);
  REQUIRE(header[18] == 2);
  REQUIRE(header[19] == 2);
  REQUIRE_FALSE(fs::exists(dir / "ro" / "a.db-shm"));
  REQUIRE_FALSE(fs::exists(dir / "ro" / "a.db-wal"));
  // A read-only mount of the folder (even root cannot write there: EROFS), in a private mount
  // namespace. Where user namespaces are not allowed there is no read-only medium to test on.
  const std::string mount = "unshare -rm sh -c \"mount --bind " + q(dir / "ro") + " " +
                            q(dir / "ro") + " && mount -o remount,ro,bind " + q(dir / "ro") +
                            " && ";
  if (run(mount + "! touch " + q(dir / "ro" / "x") + "\" 2>/dev/null").code != 0) {
    WARN("skipped: cannot make a read-only mount here (unshare -rm)");
    fs::remove_all(dir);
    return;
  }
  Run ro = run(mount + bin() + " query --db " + q(db) +
               " --format csv 'SELECT count(*) AS n FROM hands'\"");
  CHECK(ro.code == 0);
  CHECK(ro.out == "n\n13\n");
  Run summary = run(mount + bin() + " summary --db " + q(db) + " --format csv\"");
  CHECK(summary.code == 0);
  CHECK(summary.out.find("\ntotals,hands,13,") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("house rules: unknown sites and rule names are errors listing the valid ones",
          "[cli][house-rules]") {
  std::string sites;
  for (const auto& f : hh::formats())
    if (f->readable() && !f->reads_summaries())
      sites += (sites.empty() ? "" : ", ") + std::string(f->name());
  // With the nearest name (issue 35).
  const std::string unknown_site =
      "unknown site partypokr (known: " + sites + "); did you mean partypoker?";
  Run site = run(bin() + " house-rules --site partypokr 2>&1");
  CHECK(site.code == 2);
  CHECK(site.out == "hhaudit house-rules: " + unknown_site + "\n");
  Run rule_site = run(bin() + " house-rules --rule pokerstarz.max_bets_per_round=3 2>&1");
  CHECK(rule_site.code == 2);
  CHECK(rule_site.out == "hhaudit house-rules: unknown site pokerstarz (known: " + sites +
                             "); did you mean pokerstars?\n");
  Run rule = run(bin() + " house-rules --rule pokerstars.x=3 2>&1");
  CHECK(rule.code == 2);
  CHECK(rule.out.find("unknown house rule \"x\" (the options are: limit_incomplete_raise, ") !=
        std::string::npos);
  // audit refuses them too, before creating anything.
  const fs::path dir = temp_dir();
  CHECK(run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(dir / "a.db") +
            " -q --rule pokerstarz.max_bets_per_round=3 2>/dev/null")
            .code == 2);
  CHECK_FALSE(fs::exists(dir / "a.db"));
  // Every read format's name is a site; one only recognised, or of tournament summaries, has no
  // hands to judge.
  for (const auto& f : hh::formats())
    CHECK(run(bin() + " house-rules --site " + std::string(f->name()) + " --rule " +
              std::string(f->name()) + ".max_bets_per_round=3 >/dev/null")
              .code == (f->readable() && !f->reads_summaries() ? 0 : 2));
  fs::remove_all(dir);
}

TEST_CASE("explain: one hand only, valid JSON, the hand replayed street by street",
          "[cli][explain]") {
  const fs::path dir = temp_dir();
  const fs::path db = dir / "e.db";
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("sample")) + " --db " + q(db) +
              " -q --fail-on none")
              .code == 0);
  const std::string explain = bin() + " explain --db " + q(db);
  // The text: time, table, board, hole cards, the actions street by street.
  Run text = run(explain + " 184487904738");
  CHECK(text.code == 0);
  CHECK(text.out.find("started_at_utc: 2018-03-28T17:38:18Z\n") != std::string::npos);
  CHECK(text.out.find("table_name: Rhodesia\n") != std::string::npos);
  CHECK(text.out.find("    0  Ks 4c 8c 8d 6h\n    1  4s Qd 5h Ac Ts\n") != std::string::npos);
  CHECK(text.out.find("   4  Hero     Qs Jd             16000          100          0  -100\n") !=
        std::string::npos);
  CHECK(text.out.find("   2  Player1  7c 6c             13826         3341       3354    13\n") !=
        std::string::npos);
  const std::size_t preflop = text.out.find("== actions: preflop ==\n");
  const std::size_t flop = text.out.find("== actions: flop ==\n");
  const std::size_t river = text.out.find("== actions: river ==\n");
  REQUIRE(preflop != std::string::npos);
  REQUIRE(flop != std::string::npos);
  REQUIRE(river != std::string::npos);
  CHECK(preflop < flop);
  CHECK(flop < river);
  // With the stack behind and the pot after each action, as the audit's replay booked them.
  CHECK(text.out.find("  6     2  Player1  raise      600        600       0  NULL   13226   900\n",
                      preflop) < flop);
  CHECK(text.out.find(
            " 12     2  Player1  bet        741        741       0  NULL      12485  2241\n",
            flop) < river);

  // JSON: one document, every section.
  Run json = run(explain + " 184487904738 --format json");
  CHECK(json.code == 0);
  REQUIRE(hh::test::is_one_json_document(json.out));
  CHECK(hh::test::json_at(json.out, "$.hand[0].table_name") == "Rhodesia");
  CHECK(hh::test::json_at(json.out, "$.board[1].cards") == "4s Qd 5h Ac Ts");
  CHECK(hh::test::json_at(json.out, "$.actions[0].action") == "small_blind");
  CHECK(hh::test::json_at(json.out, "$.actions[0].amount") == "100");
  CHECK(hh::test::json_at(json.out, "$.findings[0].code") == "RAKE_SCHEDULE_UNKNOWN");
  CHECK(hh::test::json_at(json.out, "$.pots[0].amount") == "6982");

  // A hand whose site number is another hand's hand_id: the key names two hands, refused.
  const std::string hand_id_of_sample =
      run(bin() + " query --db " + q(db) +
          " --format csv \"SELECT hand_id FROM hands WHERE site_hand_id = '184487904738'\"")
          .out.substr(std::string("hand_id\n").size());
  const std::string key = hand_id_of_sample.substr(0, hand_id_of_sample.size() - 1);
  {
    std::string walk = hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
    const std::size_t hash = walk.find('#');
    walk.replace(hash + 1, walk.find(':', hash) - hash - 1, key);
    walk.replace(0, std::string("PokerStars").size(), "Run It Once Poker");  // another site
    std::ofstream(dir / "clash.txt", std::ios::binary) << walk;
  }
  REQUIRE(run(bin() + " audit " + q(dir / "clash.txt") + " --db " + q(db) + " -q --fail-on none")
              .code == 0);
  Run both = run(explain + " " + key + " 2>&1");
  CHECK(both.code == 2);
  CHECK(both.out.find(key + " names 2 hands; choose one with --site SITE") != std::string::npos);
  CHECK(both.out.find("  hand_id " + key + " (by hand_id): pokerstars hand 184487904738 in ") !=
        std::string::npos);
  CHECK(both.out.find("(by hand number): runitonce hand " + key + " in ") != std::string::npos);
  CHECK(both.out.find("== hand ==") == std::string::npos);  // nothing of either hand
  Run by_site = run(explain + " " + key + " --site runitonce --format json");
  CHECK(by_site.code == 0);
  CHECK(hh::test::json_at(by_site.out, "$.hand[0].site") == "runitonce");
  Run by_id = run(explain + " " + key + " --by hand-id --format json");
  CHECK(by_id.code == 0);
  CHECK(hh::test::json_at(by_id.out, "$.hand[0].site_hand_id") == "184487904738");
  CHECK(run(explain + " " + key + " --by number --format json").code == 0);
  CHECK(run(explain + " 999999 2>/dev/null").code == 2);
  fs::remove_all(dir);
}

TEST_CASE("every --format is table, csv or json, checked before anything runs", "[cli]") {
  const fs::path dir = temp_dir();
  const std::string db = q(dir / "a.db");
  for (const std::string& cmd :
       {" audit " + q(hh::test::testdata("sample")) + " --db " + db, " query 'SELECT 1' --db " + db,
        " explain 1 --db " + db, " summary --db " + db, std::string(" sites")}) {
    Run r = run(bin() + cmd + " --format xml 2>&1");
    CHECK(r.code == 2);
    CHECK(r.out.find("--format: xml not in {table,csv,json}") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(dir / "a.db"));
  fs::remove_all(dir);
}

TEST_CASE("bash completion made from the command line itself", "[cli][completion]") {
  // Completes WORDS (the last one being typed) with the script `completion bash` prints.
  auto complete = [](const std::string& words) {
    return run("bash -c 'source <(" + bin() + " completion bash) && COMP_WORDS=(hhaudit " + words +
               ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _hhaudit && echo "
               "\"${COMPREPLY[*]}\"'")
        .out;
  };
  CHECK(complete("su") == "summary\n");
  CHECK(complete("s") == "sites summary\n");
  CHECK(complete("summary --s") == "--site --since\n");
  CHECK(complete("query -") == "--help -h --file -f --db --format --timeout\n");
  CHECK(complete("audit x --format j") == "json\n");
  CHECK(complete("audit x --fail-on w") == "warning\n");
  CHECK(complete("house-rules --site pokers") == "pokerstars\n");
  CHECK(run(bin() + " completion zsh 2>/dev/null").code == 2);
}
