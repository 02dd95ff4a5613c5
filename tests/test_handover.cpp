// What the auditor hands over (issue 35): honest exit codes on folders, the messages of a mistyped
// command and of copies, the quick start that installs as documented, the summary's verdict and
// its money per currency and unit. The HTML report's are in tests/test_report.cpp.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "cli/nearest_name.hpp"
#include "tests/cli_run.hpp"
#include "tests/json_check.hpp"

namespace fs = std::filesystem;
using hh::test::bin;
using hh::test::q;
using hh::test::run;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

void copy_testdata(const std::string& testdata, const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::copy_file(hh::test::testdata(testdata), to);
}

// The one value a query prints (CSV, its header left out).
std::string sql(const fs::path& db, const std::string& select) {
  const std::string out =
      run(bin() + " query --db " + q(db) + " --format csv \"" + select + "\"").out;
  const std::size_t nl = out.find('\n');
  return out.substr(nl + 1, out.size() - nl - 2);
}

int audit_exit(const fs::path& folder) {
  return run(bin() + " audit " + q(folder) + " --db " + q(folder.parent_path() / "x.db") +
             " -q --fail-on none >/dev/null 2>&1")
      .code;
}

}  // namespace

TEST_CASE("a folder file with no hand of a format hhaudit reads is input not audited",
          "[cli][handover]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-handover");
  // One Bovada hand beside a club's export hhaudit does not know: 3, not 0.
  copy_testdata("bovada/ignition_walk.txt", dir / "a" / "bovada.txt");
  write(dir / "a" / "club-export.txt", "Club hand 1234: Alice wins 5.00 from Bob\n");
  CHECK(audit_exit(dir / "a") == 3);
  // Files known to hold no hand leave nothing unaudited: an fpdb sidecar beside its history,
  // notes, a listing, an empty file. A sidecar without its history is not known: 3.
  copy_testdata("bovada/ignition_walk.txt", dir / "b" / "bovada.txt");
  write(dir / "b" / "bovada.txt.hp", "{'Hero': {'net': 10}}\n");
  write(dir / "b" / "bovada.txt.gt", "{'category': 'holdem'}\n");
  write(dir / "b" / "README.md", "# my hands\n");
  write(dir / "b" / "MANIFEST.tsv", "path\tsha\n");
  write(dir / "b" / "empty.txt", "");
  CHECK(audit_exit(dir / "b") == 0);
  write(dir / "b" / "gone.txt.hp", "{'Hero': {'net': 10}}\n");
  CHECK(audit_exit(dir / "b") == 3);
  fs::remove_all(dir);
}

TEST_CASE("copies of an input are said, a mistyped command gets the nearest one",
          "[cli][handover]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-handover");
  copy_testdata("bovada/ignition_walk.txt", dir / "in" / "a.txt");
  copy_testdata("bovada/ignition_walk.txt", dir / "in" / "copy" / "a.txt");
  copy_testdata("bovada/ignition_walk.txt", dir / "in" / "copy2.txt");
  const auto a =
      run(bin() + " audit " + q(dir / "in") + " --db " + q(dir / "x.db") + " -q --fail-on none");
  CHECK(a.code == 0);
  CHECK(hh::test::summary_of(a.out).files == 3);
  CHECK(a.out.find("\n2 inputs are byte-identical copies of another input: each content is "
                   "stored once, under one of its paths\n") != std::string::npos);
  const auto typo = run(bin() + " audti x 2>&1");
  CHECK(typo.code == 2);
  CHECK(typo.out.rfind("hhaudit: unknown command 'audti'; did you mean 'audit'? (commands: audit, "
                       "query, ",
                       0) == 0);
  // A mistyped site too (summary --site, house-rules --site, ...).
  const auto site = run(bin() + " house-rules --site pokerstrs 2>&1");
  CHECK(site.code == 2);
  CHECK(site.out.find("; did you mean pokerstars?\n") != std::string::npos);
  const auto far = run(bin() + " frobnicate 2>&1");
  CHECK(far.code == 2);
  CHECK(far.out.rfind("hhaudit: unknown command 'frobnicate' (commands: audit, ", 0) == 0);
  fs::remove_all(dir);
}

TEST_CASE("the nearest name: one edit, a swap, none past a third of the name", "[cli][handover]") {
  CHECK(hh::cli::edit_distance("audti", "audit") == 1);  // two neighbours swapped
  CHECK(hh::cli::edit_distance("sumary", "summary") == 1);
  CHECK(hh::cli::edit_distance("kitten", "sitting") == 3);  // k->s, e->i, +g
  const std::vector<std::string> names{"audit", "query", "explain", "summary", "report"};
  CHECK(hh::cli::nearest_name("audti", names) == "audit");
  CHECK(hh::cli::nearest_name("reprot", names) == "report");
  CHECK(hh::cli::nearest_name("xyzzy", names).empty());
}

TEST_CASE("the quick start builds what the README's install installs", "[docs][handover]") {
  // scripts/quickstart.sh then `cmake --install build`: install() wants the man page, which only
  // the man_page target writes (issue 35: the quick start built the binary alone).
  const std::string readme = hh::test::read_file(hh::test::source_dir() / "README.md");
  CHECK(readme.find("./scripts/quickstart.sh") != std::string::npos);
  CHECK(readme.find("cmake --install build --prefix ~/.local") != std::string::npos);
  const std::string quickstart =
      hh::test::read_file(hh::test::source_dir() / "scripts" / "quickstart.sh");
  CHECK(quickstart.find("--target hhaudit man_page\n") != std::string::npos);
  const std::string cmake = hh::test::read_file(hh::test::source_dir() / "CMakeLists.txt");
  CHECK(
      cmake.find("add_custom_target(man_page ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/hhaudit.1)") !=
      std::string::npos);
  CHECK(cmake.find("install(FILES ${CMAKE_CURRENT_BINARY_DIR}/hhaudit.1 ") != std::string::npos);
  // The README fits a screen or two.
  CHECK(std::count(readme.begin(), readme.end(), '\n') <= 90);
}

TEST_CASE("summary: the verdict first, codes by importance, money per currency and unit",
          "[cli][summary][handover]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-handover");
  // Cash in dollars and in euros (the dollar fault hand with its currency changed) and tournament
  // chips, each with money in error.
  std::string euro = hh::test::read_file(hh::test::testdata("faults/call_amount.txt"));
  for (std::size_t at; (at = euro.find('$')) != std::string::npos;)
    euro.replace(at, 1, "\xE2\x82\xAC");
  euro.replace(euro.find("USD"), 3, "EUR");
  euro.replace(euro.find("35824715133"), 11, "35824715199");
  write(dir / "in" / "euro.txt", euro);
  copy_testdata("faults/call_amount.txt", dir / "in" / "dollar.txt");
  copy_testdata("faults/ineligible_side_pot_tourney.txt", dir / "in" / "tourney.txt");
  copy_testdata("sample/fixtures_holdem_walk.txt", dir / "in" / "walk.txt");
  const fs::path db = dir / "s.db";
  REQUIRE(run(bin() + " audit " + q(dir / "in") + " --db " + q(db) + " -q --fail-on none").code ==
          0);
  const auto json = run(bin() + " summary --db " + q(db) + " --format json");
  REQUIRE(json.code == 0);
  const std::string& doc = json.out;
  using hh::test::json_at;
  // The verdict: its sections come first.
  CHECK(hh::test::json_eval("(SELECT group_concat(key, ' ') FROM json_each(?1))", doc) ==
        "verdict site_errors money_in_error gaps totals files hands money codes rake "
        "integrity_signals");
  CHECK(json_at(doc, "$.verdict[0].figure") == "hands_read");
  CHECK(json_at(doc, "$.verdict[0].value") == "4");
  CHECK(json_at(doc, "$.verdict[1].figure") == "hands_audited");
  CHECK(json_at(doc, "$.verdict[1].value") == "4");
  CHECK(json_at(doc, "$.verdict[4].figure") == "hands_with_site_errors");
  CHECK(json_at(doc, "$.verdict[4].value") == "3");
  // Money per currency and unit, never added: dollars, euros, then chips.
  CHECK(hh::test::json_eval("(SELECT group_concat(json_extract(value, '$.amount'), ' | ') FROM "
                            "json_each(?1, '$.money_in_error'))",
                            doc) == "0.10 EUR | 0.10 USD | 480 chips");
  // Those of the SQL: a short call of 0.10 in each currency, a side pot of 480 chips paid wrong.
  CHECK(hh::test::json_eval("(SELECT group_concat(json_extract(value, '$.money_in_error'), ' ') "
                            "FROM json_each(?1, '$.money_in_error'))",
                            doc) ==
        sql(db,
            "SELECT group_concat(m, ' ') FROM (SELECT sum(money_in_error) AS m FROM hands "
            "GROUP BY currency, unit HAVING m > 0 ORDER BY currency IS NULL, currency)"));
  // The site's errors: errors first, no note among them.
  CHECK(hh::test::json_eval("(SELECT count(*) FROM json_each(?1, '$.site_errors') WHERE "
                            "json_extract(value, '$.severity') = 'info')",
                            doc) == "0");
  CHECK(json_at(doc, "$.site_errors[0].severity") == "error");
  // Every code: errors, then warnings, then notes.
  const auto order = hh::test::json_eval(
      "(SELECT group_concat(s, '') FROM (SELECT CASE json_extract(value, '$.severity') WHEN "
      "'error' THEN 'E' WHEN 'warning' THEN 'W' ELSE 'I' END AS s FROM json_each(?1, '$.codes') "
      "ORDER BY key))",
      doc);
  REQUIRE(order);
  CHECK(std::regex_match(*order, std::regex("E+W*I+")));
  // One player: hands and net won per currency (never added), the findings that name them, errors
  // first: Hero lost 2.40 in each cash hand, won 2,625 chips, and was paid a side pot of 480 chips
  // he was not in (the summary then prints him 480 short of what he won).
  const auto hero = run(bin() + " summary --db " + q(db) + " --player Hero --format csv");
  REQUIRE(hero.code == 0);
  CHECK(hero.out.rfind("section,currency,unit,hands,net,amount,code,severity,blame,findings,"
                       "difference,",
                       0) == 0);
  // (CSV guards a text that starts with '-' from spreadsheets with a ').
  CHECK(hero.out.find("\nplayer,EUR,100,1,-240,'-2.40 EUR,,,,,,,,,\nplayer,USD,100,1,-240,'-2.40 "
                      "USD,") != std::string::npos);
  CHECK(hero.out.find("\nplayer,,1,1,2625,2625 chips,") != std::string::npos);
  CHECK(hero.out.find("\nplayer_findings,,1,1,,480 chips,PAYOUT_MISMATCH,error,site,1,480,") !=
        std::string::npos);
  CHECK(hero.out.find("\nplayer_findings,,1,1,,'-480 chips,SUMMARY_MISMATCH,error,site,1,-480,") !=
        std::string::npos);
  CHECK(hero.out.find("\nverdict,") != std::string::npos);
  // The view players (schema 13): the same per site, currency and unit, over the whole database;
  // Hero is named by an error (paid the side pot), and so is Player11 (its winner, unpaid).
  CHECK(run(bin() + " query --db " + q(db) +
            " --format csv \"SELECT player, site, currency, unit, hands, net, "
            "hands_named_in_errors FROM players WHERE player IN ('Hero', 'Player11') ORDER BY "
            "player, currency IS NULL, currency\"")
            .out ==
        "player,site,currency,unit,hands,net,hands_named_in_errors\n"
        "Hero,pokerstars,EUR,100,1,-240,0\n"
        "Hero,pokerstars,USD,100,1,-240,0\n"
        "Hero,pokerstars,,1,1,2625,1\n"
        "Player11,pokerstars,,1,1,-1185,1\n");
  fs::remove_all(dir);
}

TEST_CASE("the README's examples run as written, on the samples", "[docs][handover]") {
  // Every `hhaudit ...` line of "Examples", with the samples for ~/exports and a temporary
  // folder for the files it writes: each exits 0 (the samples hold no error of the site).
  const std::string readme = hh::test::read_file(hh::test::source_dir() / "README.md");
  const std::size_t from = readme.find("## Examples"), to = readme.find("\n## ", from + 1);
  REQUIRE(from != std::string::npos);
  const fs::path dir = hh::test::temp_dir("hhaudit-readme");
  std::istringstream lines(readme.substr(from, to - from));
  int commands = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("hhaudit ", 0) != 0) continue;
    if (const std::size_t comment = line.find("   #"); comment != std::string::npos)
      line.erase(comment);
    const auto replace = [&](const std::string& what, const std::string& with) {
      for (std::size_t at; (at = line.find(what)) != std::string::npos;)
        line.replace(at, what.size(), with);
    };
    replace("~/exports", q(hh::test::testdata("sample")));
    replace(" audit.db", " " + q(dir / "audit.db"));
    replace(" audit.html", " " + q(dir / "audit.html"));
    line.replace(0, std::string("hhaudit").size(), bin());
    INFO(line);
    CHECK(run(line + " >/dev/null 2>&1").code == 0);
    ++commands;
  }
  CHECK(commands == 7);
  CHECK(fs::exists(dir / "audit.html"));
  fs::remove_all(dir);
}
