// Reviews of findings (issue 35.5): `hhaudit review` marks a finding confirmed or dismissed, keyed
// by the hand's site and number and the finding's code, player and street, so the mark outlives
// findings written again (re-audits, the checks between hands), a changed file and migrations; in
// SQLite and PostgreSQL; summary --unreviewed and the report show it.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "db/sqlite/database.hpp"
#include "db/sqlite/schema.hpp"
#include "tests/cli_run.hpp"
#include "tests/json_check.hpp"
#include "tests/pg_server.hpp"

namespace fs = std::filesystem;
using hh::test::bin;
using hh::test::q;
using hh::test::run;

namespace {

// The rows a query prints as CSV, its header left out.
std::string rows(const std::string& db, const std::string& select) {
  const auto r = run(bin() + " query --db " + q(db) + " --format csv \"" + select + "\"");
  REQUIRE(r.code == 0);
  return r.out.substr(r.out.find('\n') + 1);
}

// The short call of hand 35824715133 (PokerStars, USD): one WRONG_CALL_AMOUNT error of the
// site, for the player DSOR65, on the preflop.
constexpr const char* kFinding =
    "SELECT discrepancy_id FROM v_findings WHERE code = 'WRONG_CALL_AMOUNT'";

// Audits `file` into `db` (exit 1: the site's error) and marks the short call dismissed.
std::string audit_and_dismiss(const fs::path& file, const std::string& db) {
  REQUIRE(run(bin() + " audit " + q(file) + " --db " + q(db) + " -q >/dev/null").code == 1);
  std::string id = rows(db, kFinding);
  REQUIRE(!id.empty());
  id.pop_back();  // its line end
  const auto r = run(bin() + " review finding:" + id + " --db " + q(db) +
                     " --status dismissed --note 'refunded by the site' --by alice");
  CHECK(r.code == 0);
  CHECK(r.out == "dismissed pokerstars hand 35824715133: WRONG_CALL_AMOUNT DSOR65 (preflop)\n");
  return id;
}

constexpr const char* kStatus =
    "SELECT code, player, review_status, review_note FROM v_findings WHERE review_status <> "
    "'open'";
constexpr const char* kDismissed = "WRONG_CALL_AMOUNT,DSOR65,dismissed,refunded by the site\n";

}  // namespace

TEST_CASE("a review outlives findings written again, a changed file and a migration",
          "[cli][reviews]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-reviews");
  const fs::path file = dir / "in" / "a.txt";
  fs::create_directories(file.parent_path());
  fs::copy_file(hh::test::testdata("faults/call_amount.txt"), file);
  const std::string db = (dir / "r.db").string();
  // Usage: a dismissal needs its reason; no such finding; a missing database is not made.
  CHECK(run(bin() + " review finding:1 --db " + q(db) + " --status dismissed 2>/dev/null").code ==
        2);
  CHECK_FALSE(fs::exists(db));
  const std::string id = audit_and_dismiss(file, db);
  CHECK(run(bin() + " review finding:999999 --db " + q(db) + " --status confirmed 2>&1").out ==
        "hhaudit review: finding:999999 has no finding in " + db + "\n");
  CHECK(rows(db, kStatus) == kDismissed);
  // The same file again: nothing rewritten, the mark stays.
  REQUIRE(run(bin() + " audit " + q(file) + " --db " + q(db) + " -q >/dev/null").code == 1);
  CHECK(rows(db, kStatus) == kDismissed);
  // The file changed (a hand added): a new file row, the hand a duplicate; the mark stays.
  std::ofstream(file, std::ios::app)
      << "\n\n"
      << hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
  REQUIRE(
      run(bin() + " audit " + q(file) + " --db " + q(db) + " -q --fail-on none >/dev/null").code ==
      0);
  CHECK(rows(db, "SELECT count(*) FROM files") == "2\n");
  CHECK(rows(db, kStatus) == kDismissed);
  {
    // Findings deleted and written again under new ids, as the checks between hands and rechecks
    // do: the review is not keyed by the row.
    hh::db::sqlite::Database d(db, SQLITE_OPEN_READWRITE);
    d.exec(
        "CREATE TEMP TABLE f AS SELECT * FROM discrepancies; DELETE FROM discrepancies; INSERT "
        "INTO discrepancies (hand_id, code, severity, street, seat, player, expected, actual, "
        "message, line) SELECT hand_id, code, severity, street, seat, player, expected, actual, "
        "message, line FROM f ORDER BY discrepancy_id DESC;");
  }
  CHECK(rows(db, kFinding) != id + "\n");
  CHECK(rows(db, kStatus) == kDismissed);
  {
    // A migration from schema 14 (reviews made by the step to 15, v_findings made again): the
    // review stays.
    hh::db::sqlite::Database d(db, SQLITE_OPEN_READWRITE);
    d.exec("UPDATE meta SET value = '14' WHERE key = 'schema_version'; DROP VIEW v_findings;");
  }
  REQUIRE(
      run(bin() + " audit " + q(file) + " --db " + q(db) + " -q --fail-on none >/dev/null").code ==
      0);
  CHECK(rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") ==
        std::to_string(hh::db::sqlite::kSchemaVersion) + "\n");
  CHECK(rows(db, kStatus) == kDismissed);
  // The list: each review, and how many findings it marks now.
  const auto list = run(bin() + " review --list --db " + q(db) + " --format csv");
  CHECK(list.code == 0);
  CHECK(list.out.rfind(
            "site,site_hand_id,code,player,street,status,note,reviewed_by,reviewed_at,"
            "findings_now\npokerstars,35824715133,WRONG_CALL_AMOUNT,DSOR65,preflop,dismissed,"
            "refunded by the site,alice,",
            0) == 0);
  CHECK(list.out.ends_with("Z,1\n"));
  // Open again: no longer counted as reviewed.
  CHECK(run(bin() + " review 35824715133 --db " + q(db) + " --status open >/dev/null").code == 0);
  CHECK(rows(db, kStatus).empty());
  fs::remove_all(dir);
}

TEST_CASE("a database of schema 14 gets the reviews table", "[cli][reviews]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-reviews");
  const std::string db = (dir / "r.db").string();
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("faults/call_amount.txt")) + " --db " +
              q(db) + " -q >/dev/null")
              .code == 1);
  {
    hh::db::sqlite::Database d(db, SQLITE_OPEN_READWRITE);
    d.exec(
        "DROP VIEW v_findings; DROP TABLE reviews; UPDATE meta SET value = '14' WHERE key = "
        "'schema_version';");
  }
  // Opened for writing, the database is migrated and the review is written.
  CHECK(run(bin() + " review 35824715133 --code WRONG_CALL_AMOUNT --db " + q(db) +
            " --status confirmed >/dev/null")
            .code == 0);
  CHECK(rows(db, kStatus) == "WRONG_CALL_AMOUNT,DSOR65,confirmed,\n");
  fs::remove_all(dir);
}

TEST_CASE("summary --unreviewed and the report count dismissed findings apart",
          "[cli][reviews][report]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-reviews");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  fs::copy_file(hh::test::testdata("faults/call_amount.txt"), in / "a.txt");
  fs::copy_file(hh::test::testdata("faults/ineligible_side_pot_tourney.txt"), in / "b.txt");
  const std::string db = (dir / "r.db").string();
  REQUIRE(run(bin() + " audit " + q(in) + " --db " + q(db) + " -q >/dev/null").code == 1);
  const std::string site_errors =
      rows(db, "SELECT count(*) FROM v_findings WHERE blame = 'site' AND severity <> 'info'");
  const auto s = run(bin() + " review 35824715133 --code WRONG_CALL_AMOUNT --db " + q(db) +
                     " --status dismissed --note 'refunded by the site' >/dev/null");
  CHECK(s.code == 0);
  const auto open = run(bin() + " summary --unreviewed --db " + q(db) + " --format json");
  REQUIRE(open.code == 0);
  const std::string& doc = open.out;
  using hh::test::json_eval;
  CHECK(json_eval("(SELECT group_concat(key, ' ') FROM json_each(?1))", doc) ==
        "verdict site_errors money_in_error gaps reviews unreviewed totals files hands money codes "
        "rake integrity_signals");
  // The dismissed short call is not among the site's errors left to review; it is counted apart.
  const auto of_code = [&](const std::string& section, const std::string& what) {
    return json_eval("(SELECT " + what + " FROM json_each(?1, '$." + section +
                         "') WHERE json_extract(value, '$.code') = 'WRONG_CALL_AMOUNT')",
                     doc);
  };
  CHECK(of_code("site_errors", "count(*)") == "0");
  CHECK(of_code("unreviewed", "count(*)") == "0");
  CHECK(of_code("reviews", "json_extract(value, '$.dismissed')") == "1");
  CHECK(of_code("reviews", "json_extract(value, '$.unreviewed')") == "0");
  CHECK(json_eval("(SELECT count(*) FROM json_each(?1, '$.unreviewed'))", doc) ==
        std::to_string(std::stol(site_errors) - 1));
  // The report: the counts in the verdict, the status and note by the finding.
  const fs::path html = dir / "r.html";
  REQUIRE(run(bin() + " report --db " + q(db) + " --html " + q(html) + " >/dev/null").code == 0);
  const std::string page = hh::test::read_file(html);
  CHECK(page.find("<b data-review=\"dismissed\">1</b>") != std::string::npos);
  CHECK(page.find("<b data-review=\"unreviewed\">" + std::to_string(std::stol(site_errors) - 1) +
                  "</b>") != std::string::npos);
  CHECK(page.find("<td class=\"review\" data-review-status=\"dismissed\">dismissed: refunded by "
                  "the site</td>") != std::string::npos);
  // report --unreviewed: what is left to review. With every finding of the short call's hand
  // dismissed, that hand is not replayed; the other hand is.
  REQUIRE(run(bin() + " review 35824715133 --db " + q(db) +
              " --status dismissed --note 'refunded by the site' >/dev/null")
              .code == 0);
  const auto left =
      run(bin() + " report --unreviewed --db " + q(db) + " --html " + q(html) + " 2>&1 >/dev/null");
  REQUIRE(left.code == 0);
  CHECK(left.out.find("(1 of 1 hands with findings replayed)") != std::string::npos);
  const std::string left_page = hh::test::read_file(html);
  CHECK(left_page.find("findings not reviewed") != std::string::npos);
  CHECK(left_page.find("dismissed: refunded by the site") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("reviews in PostgreSQL: written, kept across a re-audit, shown by v_findings",
          "[postgres][reviews]") {
  hh::test::PgServer* pg = hh::test::PgServer::get();
  if (!pg) return;
  const std::string uri = pg->create_database("hh_reviews");
  const fs::path dir = hh::test::temp_dir("hhaudit-reviews");
  const fs::path file = dir / "a.txt";
  fs::copy_file(hh::test::testdata("faults/call_amount.txt"), file);
  audit_and_dismiss(file, uri);
  CHECK(rows(uri, kStatus) == kDismissed);
  REQUIRE(run(bin() + " audit " + q(file) + " --db " + q(uri) + " -q >/dev/null").code == 1);
  CHECK(rows(uri, kStatus) == kDismissed);
  {
    // Back to schema 14: the review written next opens the database for writing and migrates it.
    hh::db::postgres::Connection c(uri);
    c.exec("DROP VIEW v_findings; UPDATE meta SET value = '14' WHERE key = 'schema_version'");
  }
  // Written again: the same key, the new status.
  CHECK(run(bin() + " review 35824715133 --code WRONG_CALL_AMOUNT --db " + q(uri) +
            " --status confirmed >/dev/null")
            .code == 0);
  CHECK(rows(uri, "SELECT count(*), min(status), min(note) FROM reviews") == "1,confirmed,\n");
  CHECK(rows(uri, "SELECT value FROM meta WHERE key = 'schema_version'") ==
        std::to_string(hh::db::sqlite::kSchemaVersion) + "\n");
  CHECK(rows(uri, kStatus) == "WRONG_CALL_AMOUNT,DSOR65,confirmed,\n");
  // report --unreviewed on PostgreSQL: the hand, every finding of it reviewed, is not replayed.
  REQUIRE(
      run(bin() + " review 35824715133 --db " + q(uri) + " --status confirmed >/dev/null").code ==
      0);
  const std::string report = bin() + " report --db " + q(uri) + " --html " + q(dir / "r.html");
  CHECK(run(report + " 2>&1 >/dev/null").out.find("(1 of 1 hands") != std::string::npos);
  CHECK(run(report + " --unreviewed 2>&1 >/dev/null").out.find("(0 of 0 hands") !=
        std::string::npos);
  fs::remove_all(dir);
}
