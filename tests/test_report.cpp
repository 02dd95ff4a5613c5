// The HTML report (`hhaudit report --html`, report/html.hpp) and what every renderer does with
// hostile text: the page as written, then as a real headless browser (Debian's
// chromium-headless-shell) loads it: no script error, every chart drawn, the figures those of the
// SQL, and the hostile names of testdata/report/hostile.txt shown as text, running nothing.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "db/sqlite/database.hpp"
#include "report/html.hpp"
#include "report/render.hpp"
#include "tests/cli_run.hpp"
#include "tests/store_rows.hpp"
#include "tests/stored_hands.hpp"

namespace fs = std::filesystem;
using hh::test::bin;
using hh::test::q;
using hh::test::run;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The short call of faults/call_amount.txt played in euros (another hand number): cash in a
// second currency, 0.10 EUR in error.
fs::path euro_hand(const fs::path& dir) {
  std::string hand = slurp(hh::test::testdata("faults/call_amount.txt"));
  for (std::size_t at; (at = hand.find('$')) != std::string::npos;)
    hand.replace(at, 1, "\xE2\x82\xAC");
  hand.replace(hand.find("USD"), 3, "EUR");
  hand.replace(hand.find("35824715133"), 11, "35824715199");
  std::ofstream(dir / "euro.txt", std::ios::binary) << hand;
  return dir / "euro.txt";
}

// An audit database of the hostile hand, three fault hands in dollars, one in euros, one in
// tournament chips, and the samples (several sites, rake): 18 hands, 7 with findings.
fs::path audited(const fs::path& dir) {
  const fs::path db = dir / "r.db";
  const std::string inputs = q(hh::test::testdata("report/hostile.txt")) + " " +
                             q(hh::test::testdata("faults/ineligible_side_pot.txt")) + " " +
                             q(hh::test::testdata("faults/call_amount.txt")) + " " +
                             q(euro_hand(dir)) + " " +
                             q(hh::test::testdata("faults/ineligible_side_pot_tourney.txt")) + " " +
                             q(hh::test::testdata("sample"));
  REQUIRE(run(bin() + " audit " + inputs + " --db " + q(db) + " -q --fail-on none").code == 0);
  return db;
}

// The one value a query prints (CSV, its header left out).
std::string sql(const fs::path& db, const std::string& select) {
  const std::string out =
      run(bin() + " query --db " + q(db) + " --format csv \"" + select + "\"").out;
  const std::size_t nl = out.find('\n');
  return out.substr(nl + 1, out.size() - nl - 2);
}

// A number of the verdict's sentences.
std::string verdict(const std::string& html, const std::string& key) {
  std::smatch m;
  const std::regex re("data-verdict=\"" + key + "\">([^<]*)</b>");
  return std::regex_search(html, m, re) ? m[1].str() : "(no verdict " + key + ")";
}

// The money in error the verdict lists, per currency and unit: "0.81 USD in 3 hands | ...".
std::string verdict_money(const std::string& html) {
  std::string out;
  static const std::regex re("<li data-money=\"([^\"]*)\">([^<]*)</li>");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), re); it != std::sregex_iterator();
       ++it)
    out += (out.empty() ? "" : " | ") + (*it)[1].str() + ": " + (*it)[2].str();
  return out;
}

// The value an overview figure shows.
std::string figure(const std::string& html, const std::string& key) {
  std::smatch m;
  const std::regex re("data-figure=\"" + key + "\"><span class=\"v\">([^<]*)</span>");
  return std::regex_search(html, m, re) ? m[1].str() : "(no figure " + key + ")";
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("renderers escape what they embed", "[report]") {
  CHECK(hh::report::html_escape("<svg/onload=alert(1)> & \"'") ==
        "&lt;svg/onload=alert(1)&gt; &amp; &quot;&#39;");
  CHECK(hh::report::json_for_script(R"({"a":"</script><!--&"})") ==
        R"({"a":"\u003c/script\u003e\u003c!--\u0026"})");
  // CSV: text a spreadsheet would run as a formula gets a leading '; numbers stay numbers.
  hh::db::QueryResult r;
  r.columns = {"player", "net"};
  using T = hh::db::CellType;
  for (const char* name : {"=HYPERLINK(\"x\")", "+1", "-1", "@SUM(A1)", "\tx", "plain"}) {
    r.rows.push_back({name, "-5"});
    r.types.push_back({T::Text, T::Integer});
  }
  std::ostringstream csv;
  hh::report::write_result(csv, r, hh::report::OutputFormat::Csv);
  CHECK(csv.str() ==
        "player,net\n\"'=HYPERLINK(\"\"x\"\")\",-5\n'+1,-5\n'-1,-5\n'@SUM(A1),-5\n'\tx,-5\n"
        "plain,-5\n");
  // Titled sections keep their cells' types: a negative amount is not text.
  std::ostringstream sections;
  hh::report::write_sections(sections, {{"s", r}}, hh::report::OutputFormat::Csv);
  CHECK(sections.str().find("\ns,'-1,-5\n") != std::string::npos);
}

TEST_CASE("report --html: figures, replay with stacks and pots, causes, hostile text",
          "[report][cli]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-report");
  const fs::path db = audited(dir);
  const fs::path html = dir / "r.html";
  const auto made = run(bin() + " report --html " + q(html) + " --db " + q(db) + " 2>&1");
  REQUIRE(made.code == 0);
  CHECK(made.out.find("(7 of 7 hands with findings replayed)") != std::string::npos);
  const std::string page = slurp(html);
  // The verdict opens the page: hands audited and not, the site's errors, money per currency and
  // unit (never added: dollars, euros, chips), hhaudit's gaps; then the figures.
  CHECK(page.find("<section id=\"verdict\">") < page.find("<section id=\"overview\">"));
  CHECK(verdict(page, "hands_read") == "18");
  CHECK(verdict(page, "hands_audited") == "18");
  CHECK(verdict(page, "hands_not_audited") == "0");
  CHECK(verdict(page, "files_not_read") == "1");  // the samples' SOURCES.md
  CHECK(verdict(page, "hands_with_site_errors") == "5");
  CHECK(verdict(page, "hands_with_gaps") == "0");
  CHECK(verdict_money(page) ==
        "EUR: 0.10 EUR in 1 hands | USD: 0.81 USD in 3 hands | chips: 480 chips in 1 hands");
  CHECK(sql(db, "SELECT sum(money_in_error) FROM hands WHERE currency IS NULL") == "480");
  // The site's errors by kind: errors before warnings, no note.
  const std::size_t errors = page.find("id=\"verdict-errors\"");
  const std::string kinds = page.substr(errors, page.find("</table>", errors) - errors);
  CHECK(kinds.find("<td>PAYOUT_MISMATCH</td><td>error</td><td class=\"n\">5</td>") !=
        std::string::npos);
  CHECK(kinds.rfind("<td>error</td>") < kinds.find("<td>warning</td>"));
  CHECK(kinds.find("<td>info</td>") == std::string::npos);
  // The notes among the codes are collapsed.
  CHECK(page.find("<details id=\"notes\"><summary>") != std::string::npos);
  // Figures: those of the SQL.
  CHECK(figure(page, "hands") == sql(db, "SELECT count(*) FROM hands"));
  CHECK(figure(page, "hands") == "18");
  CHECK(figure(page, "hands_with_errors") == "5");
  CHECK(figure(page, "hands_with_errors") ==
        sql(db, "SELECT count(DISTINCT hand_id) FROM discrepancies WHERE severity = 'error'"));
  // Money in error counts each hand's mistake once: 0.10 (uncalled) + 0.61 (a side pot paid to a
  // player not in it) + 0.10 (a short call), where the error findings' differences add up to 3.24.
  CHECK(sql(db, "SELECT sum(money_in_error) FROM hands WHERE currency = 'USD'") == "81");
  CHECK(sql(db,
            "SELECT sum(abs(difference)) FROM v_findings WHERE severity = 'error' AND "
            "currency = 'USD'") == "324");
  CHECK(figure(page, "money_in_error:USD") == "0.81 USD");
  CHECK(figure(page, "money_in_error:EUR") == "0.10 EUR");
  CHECK(figure(page, "money_in_error:chips") == "480 chips");
  // The replay of the hostile hand: each stack and the pot after every action.
  const std::size_t at = page.find("hand 35824281084");
  REQUIRE(at != std::string::npos);
  const std::string hand = page.substr(at, page.find("</article>", at) - at);
  // "<svg/onload=alert(1)>: bets $0.60" on the turn: 7.25 - 0.10 - 0.30 - 0.40 - 0.60 behind,
  // the pot 1.70 before the flop, 2.50 after it, 3.10 with this bet.
  CHECK(hand.find("<td class=\"player\">&lt;svg/onload=alert(1)&gt;</td><td>bet</td><td "
                  "class=\"n\">0.60</td><td class=\"n\">0.60</td><td class=\"n\">5.85</td><td "
                  "class=\"n\">3.10</td>") != std::string::npos);
  // The uncalled 0.50 back: 6.35 behind, 2.60 in the pot; collected 2.40: 0.20 left (the rake).
  CHECK(hand.find("<td>uncalled_returned</td><td class=\"n\">0.50</td><td class=\"n\"></td><td "
                  "class=\"n\">6.35</td><td class=\"n\">2.60</td>") != std::string::npos);
  CHECK(hand.find("<td>collected</td><td class=\"n\">2.40</td><td class=\"n\"></td><td "
                  "class=\"n\">8.75</td><td class=\"n\">0.20</td>") != std::string::npos);
  // The findings with their cause: one root, three following it.
  CHECK(count(hand, "<td class=\"cause\">root</td>") == 1);
  CHECK(count(hand, "follows from #") == 3);
  CHECK(hand.find("<span class=\"mie\">0.10</span>") != std::string::npos);
  // Hostile text as text: no tag of it in the page, each shown escaped.
  CHECK(page.find("<svg") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(count(page, "</script>") == 4);  // the page's own four scripts
  CHECK(page.find("May IV&lt;/script&gt;&lt;script&gt;document.body.dataset.pwned=2") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("report --html: a finding's count shows as a count and a seat as a seat, not money",
          "[report]") {
  using namespace hh::test::store_rows;
  TempDir dir;
  const std::string db = dir.file("u.db");
  hh::AuditResult r = hh::test::make_result();  // PAYOUT_MISMATCH 2.05 expected, 2.04 paid
  r.findings.push_back(hh::make_finding(
      hh::FindingCode::SidePotMismatch,
      {.expected = hh::FindingAmount::count(3), .actual = hh::FindingAmount::count(2)}));
  r.findings.push_back(hh::make_finding(
      hh::FindingCode::OutOfTurn,
      {.expected = hh::FindingAmount::seat(4), .actual = hh::FindingAmount::seat(2)}));
  {
    auto [w, fid] = one_file(db, "in/a.txt", "A");
    add(*w, fid, hh::test::make_hand("1", "one"), r);
  }
  hh::report::HtmlReport report;
  report.hands.push_back(*hh::db::open_store(db, OpenMode::ReadOnly)->explain_hand(1));
  std::ostringstream page;
  hh::report::write_html_report(page, report);
  const std::size_t at = page.str().find("<table class=\"findings\">");
  REQUIRE(at != std::string::npos);
  const std::string html = page.str().substr(at, page.str().find("</table>", at) - at);
  CHECK(html.find("<td class=\"n\">2.05</td><td class=\"n\">2.04</td>") != std::string::npos);
  CHECK(html.find("<td class=\"n\">3</td><td class=\"n\">2</td>") != std::string::npos);
  CHECK(html.find("<td class=\"n\">seat 4</td><td class=\"n\">seat 2</td>") != std::string::npos);
  CHECK(html.find("0.03") == std::string::npos);
  CHECK(html.find("0.04") == std::string::npos);
}

TEST_CASE("report --html in a headless browser: no error, charts drawn, nothing injected runs",
          "[report][browser]") {
  // Debian's headless Chromium (scripts/install-deps.sh), else the full browser.
  std::string browser;
  for (const char* b : {"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"})
    if (fs::exists(b) && browser.empty()) browser = b;
  INFO("no chromium-headless-shell nor chromium: run scripts/install-deps.sh");
  REQUIRE_FALSE(browser.empty());
  const fs::path dir = hh::test::temp_dir("hhaudit-browser");
  const fs::path db = audited(dir);
  // A signal across hands naming a hostile player and citing the hostile hand (docs/integrity.md):
  // the report's section shows it as text and links the hand to its replay.
  const std::string hostile_id =
      sql(db, "SELECT hand_id FROM hands WHERE site_hand_id = '35824281084'");
  {
    hh::db::sqlite::Database raw(db.string(), SQLITE_OPEN_READWRITE);
    raw.exec(
        "INSERT INTO integrity_signals (kind, site, player_a, player_b, score, threshold, "
        "statistic, explanation, hands, hand_ids, computed_at) VALUES ('chip_dumping', "
        "'pokerstars', '<img src=x onerror=document.body.dataset.pwned=3>', 'Taker', 4.5, 4, 'z', "
        "'written for the test', 1, '" +
        hostile_id + "', '2024-01-01T00:00:00Z')");
  }
  const fs::path html = dir / "r.html";
  REQUIRE(run(bin() + " report --html " + q(html) + " --db " + q(db) + " 2>/dev/null").code == 0);
  // As root Chromium needs --no-sandbox; the network is closed and the profile fresh.
  const std::string flags =
      " --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --enable-logging=stderr --v=0 "
      "--user-data-dir=" +
      q(dir / "profile") + " ";
  const auto dom = run("timeout 60 " + q(browser) + flags + "--dump-dom " +
                       q("file://" + html.string()) + " 2>" + q(dir / "console.txt"));
  REQUIRE(dom.code == 0);
  const std::string console = slurp(dir / "console.txt");
  INFO(console);
  // The page's scripts ran to their end, without an error; the console has none either.
  CHECK(dom.out.find("data-ready=\"yes\"") != std::string::npos);
  CHECK(dom.out.find("<div id=\"script-errors\" hidden=\"\"></div>") != std::string::npos);
  CHECK(console.find("Uncaught") == std::string::npos);
  CHECK(console.find(":CONSOLE") == std::string::npos);
  // Five charts, each canvas with ink on it.
  CHECK(dom.out.find("data-charts=\"5\"") != std::string::npos);
  CHECK(count(dom.out, "data-drawn=\"yes\"") == 5);
  // The figures the browser shows: those of the SQL.
  CHECK(figure(dom.out, "hands") == sql(db, "SELECT count(*) FROM hands"));
  CHECK(figure(dom.out, "findings") == sql(db, "SELECT count(*) FROM discrepancies"));
  CHECK(figure(dom.out, "money_in_error:USD") == "0.81 USD");
  // The verdict as the browser shows it: per currency and unit, chips as chips.
  CHECK(verdict(dom.out, "hands_audited") == sql(db,
                                                 "SELECT count(*) FROM hands WHERE status "
                                                 "<> 'unparsed'"));
  CHECK(verdict(dom.out, "hands_with_site_errors") == "5");
  CHECK(verdict_money(dom.out) ==
        "EUR: 0.10 EUR in 1 hands | USD: 0.81 USD in 3 hands | chips: 480 chips in 1 hands");
  // The hostile names are text in the DOM; none of their scripts ran.
  CHECK(dom.out.find("&lt;svg/onload=alert(1)&gt;") != std::string::npos);
  CHECK(dom.out.find("<svg") == std::string::npos);
  CHECK(dom.out.find("<img") == std::string::npos);
  CHECK(dom.out.find("data-pwned") == std::string::npos);
  // The signal's section: its players as text, its hand linked to the replay the page holds.
  CHECK(dom.out.find("<section id=\"integrity\">") != std::string::npos);
  CHECK(dom.out.find("&lt;img src=x onerror=document.body.dataset.pwned=3&gt; &amp; Taker") !=
        std::string::npos);
  CHECK(dom.out.find("<a href=\"#hand-" + hostile_id + "\">" + hostile_id + "</a>") !=
        std::string::npos);
  CHECK(dom.out.find("id=\"hand-" + hostile_id + "\"") != std::string::npos);
  fs::remove_all(dir);
}
