// Tournament summary files (issue 15): PokerStars' and Full Tilt's read into a TournamentSummary,
// checked on their own (PRIZE_POOL_MISMATCH, PAYOUTS_MISMATCH, SUMMARY_PLACES) and against the
// places the tournament's hands print (SUMMARY_PLACE_MISMATCH, over the store, in any order of
// files and runs), and stored (tournaments, tournament_results, tournament_findings) in SQLite
// and PostgreSQL. Summaries written here for the rules; real ones from testdata/
// pokerstars-summary and testdata/fulltilt-summary (their README.md say where each comes from).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "audit/summary_checks.hpp"
#include "db/store.hpp"
#include "parser/format.hpp"
#include "tests/cli_run.hpp"
#include "tests/findings_of.hpp"
#include "tests/pg_server.hpp"
#include "tests/test_paths.hpp"

using namespace hh;
namespace fs = std::filesystem;

namespace {

TournamentSummary read_as(std::string_view format, const std::string& text) {
  const Format* f = format_by_name(format);
  REQUIRE(f);
  REQUIRE(f->reads_summaries());
  return f->read_summary(text, "s.txt");
}

TournamentSummary read_file_as(std::string_view format, const fs::path& p) {
  return read_as(format, test::read_file(p));
}

// "CODE expected actual line" of each finding, in order.
std::string codes_of(const std::vector<Finding>& fs) {
  std::string out;
  for (const Finding& f : fs) {
    out += code_name(f.code);
    out += ' ' + test::shown(f.expected);
    out += ' ' + test::shown(f.actual);
    out += ' ' + std::to_string(f.line) + '\n';
  }
  return out;
}

// A finished PokerStars sit-and-go written for these tests: 9 players, $10 + $1, $90 paid
// 45/27/18. `pool`, `prizes` (the three paid lines' amounts) and `extra` change it.
std::string stars_summary(const std::string& pool = "$90.00", const std::string& first = "$45.00",
                          const std::string& extra = "") {
  return "PokerStars Tournament #2711645426, No Limit Hold'em\n"
         "Buy-In: $10.00/$1.00 USD\n"
         "9 players\n"
         "Total Prize Pool: " +
         pool +
         " USD\n"
         "Tournament started 2019/11/27 12:00:00 ET\n"
         "Tournament finished 2019/11/27 12:55:10 ET\n"
         "  1: Alice (Malta), " +
         first +
         " (50%)\n"
         "  2: Bob (Canada), $27.00 (30%)\n"
         "  3: drbyte(ctba) (Brazil), $18.00 (20%)\n"
         "  4: Dan (Spain),\n"
         "  5: Eve (Norway),\n"
         "  6: Fay (Peru),\n"
         "  7: Gus (Chile),\n"
         "  8: Hal (Japan),\n"
         "  9: Ivy (Ireland),\n" +
         extra + "\nYou finished in 4th place.\n";
}

}  // namespace

TEST_CASE("PokerStars summary: every field read, in minor units", "[summaries]") {
  const TournamentSummary s = read_as("pokerstars-summary", stars_summary());
  CHECK(s.parsed);
  CHECK(s.issues.empty());
  CHECK(s.site == "pokerstars");
  CHECK(s.tournament_id == "2711645426");
  CHECK(s.game == "No Limit Hold'em");
  CHECK(s.currency == "USD");
  CHECK(s.buy_in == 1000);
  CHECK(s.fee == 100);
  CHECK_FALSE(s.bounty);
  CHECK(s.entrants == 9);
  CHECK(s.prize_pool == 9000);
  CHECK(s.finished);
  CHECK(s.started_at == "2019-11-27T17:00:00Z");
  CHECK(s.ended_at == "2019-11-27T17:55:10Z");
  REQUIRE(s.results.size() == 9);
  CHECK(s.results[0].player == "Alice");
  CHECK(s.results[0].country == "Malta");
  CHECK(s.results[0].prize == 4500);
  CHECK(s.results[0].line == 7);
  CHECK(s.results[2].player == "drbyte(ctba)");
  CHECK(s.results[2].country == "Brazil");
  CHECK(s.results[2].prize == 1800);
  CHECK(s.results[3].place == 4);
  CHECK_FALSE(s.results[3].prize);
  CHECK(s.results[3].prize_text.empty());
  CHECK(check_summary(s).empty());
}

TEST_CASE("PokerStars summaries of fpdb's: read whole, no finding", "[summaries]") {
  const TournamentSummary ko =
      read_file_as("pokerstars-summary",
                   test::testdata("pokerstars-summary/NLO8-USD-STT-201109.Knockout.sample.txt"));
  CHECK(ko.issues.empty());
  CHECK(ko.tournament_id == "447493868");
  CHECK(ko.game == "No Limit Omaha Hi/Lo");
  CHECK(ko.buy_in == 108);
  CHECK(ko.bounty == 27);
  CHECK(ko.fee == 15);
  CHECK(ko.prize_pool == 972);
  CHECK(ko.finished);
  REQUIRE(ko.results.size() == 9);
  CHECK(ko.results[8].player == "Lord Minge");
  CHECK(ko.results[8].country == "United Kingdom");
  CHECK(ko.results[8].place == 9);
  CHECK(check_summary(ko).empty());

  const TournamentSummary eur = read_file_as(
      "pokerstars-summary", test::testdata("pokerstars-summary/NLHE-EUR-SnG-10-201101.Sample.txt"));
  CHECK(eur.issues.empty());
  CHECK(eur.currency == "EUR");
  CHECK(eur.buy_in == 904);
  CHECK(eur.fee == 96);
  CHECK(eur.prize_pool == 8136);
  CHECK_FALSE(eur.finished);
  CHECK(eur.started_at == "2011-01-17T17:33:56Z");
  REQUIRE(eur.results.size() == 9);
  CHECK(eur.results[6].player == "Hákarl");
  CHECK(eur.results[6].place == 0);  // still playing
  CHECK(eur.results[7].place == 8);
  CHECK(check_summary(eur).empty());

  const TournamentSummary ticket = read_file_as(
      "pokerstars-summary",
      test::testdata("pokerstars-summary/NLHE-USD-5-201603.Sunday.Million.ticket.txt"));
  CHECK(ticket.issues.empty());
  CHECK_FALSE(ticket.prize_pool);
  REQUIRE(ticket.results.size() == 3);
  CHECK(ticket.results[0].prize_text == "Sunday Million ticket");
  CHECK_FALSE(ticket.results[0].prize);
  CHECK(check_summary(ticket).empty());
}

TEST_CASE("Full Tilt summary: the corpus's one, read whole, no finding", "[summaries][corpus]") {
  const fs::path corpus =
      test::shared_corpus() / "FTP/tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt";
  REQUIRE(fs::exists(corpus));  // a missing corpus fails, it does not skip
  const fs::path copy = test::testdata("fulltilt-summary/NLHE-9max-STT-USD-8.30-201211.step.txt");
  CHECK(test::read_file(copy) == test::read_file(corpus));
  const TournamentSummary s = read_file_as("fulltilt-summary", corpus);
  CHECK(s.parsed);
  CHECK(s.issues.empty());
  CHECK(s.site == "fulltilt");
  CHECK(s.tournament_id == "243814827");
  CHECK(s.game == "Hold'em No Limit");
  CHECK(s.currency == "USD");
  CHECK(s.buy_in == 830);
  CHECK(s.fee == 40);
  CHECK(s.starting_chips == 300);
  CHECK(s.entrants == 9);
  CHECK(s.prize_pool == 7470);
  CHECK_FALSE(s.guarantee);
  CHECK(s.finished);
  CHECK(s.started_at == "2012-11-10T17:21:18Z");
  CHECK(s.ended_at == "2012-11-10T17:38:15Z");
  REQUIRE(s.results.size() == 9);
  CHECK(s.results[1].place == 1);  // two share 1st
  CHECK(s.results[1].player == "Pivotal1");
  CHECK(s.results[1].prize_text == "Step 3 Ticket");
  CHECK(s.results[5].prize == 200);
  CHECK(s.results[8].player == "Bakonyit");
  CHECK_FALSE(s.results[8].prize);
  CHECK(check_summary(s).empty());
}

TEST_CASE("Full Tilt summary: a guarantee, a knockout bounty and players still playing",
          "[summaries]") {
  // Written from the lines fpdb's FullTiltPokerSummary.py reads.
  const TournamentSummary s = read_as(
      "fulltilt-summary",
      "Full Tilt Poker Tournament Summary Turbo $8K Guarantee (Rush) (248046653) Hold'em No Limit "
      "(Rush, Turbo)\n"
      "Buy-In: $60 + $5\n"
      "Knockout Bounty: $10\n"
      "2 received %1 Knockout Bounty Awards\n"
      "Buy-In Chips: 3000\n"
      "166 Entries\n"
      "Total Prize Pool: $8,300\n"
      "Tournament started: 2013/01/24 13:46:00 CT [2013/01/24 14:46:00 ET]\n"
      "Tournament is still in progress\n"
      "Still Playing - gerrie86\n"
      "Still Playing - Mike McDonald\n"
      "165: SoFrischSoGut\n"
      "166: Hero\n"
      "Hero finished in 166th place\n");
  CHECK(s.issues.empty());
  CHECK(s.guarantee == 800000);
  CHECK(s.buy_in == 5000);  // the $10 bounty is part of the $60
  CHECK(s.bounty == 1000);
  CHECK(s.fee == 500);
  CHECK(s.prize_pool == 830000);
  CHECK_FALSE(s.finished);
  REQUIRE(s.results.size() == 4);
  CHECK(s.results[1].player == "Mike McDonald");
  CHECK(s.results[1].place == 0);
  CHECK(s.results[3].place == 166);
  CHECK(check_summary(s).empty());
}

TEST_CASE("PRIZE_POOL_MISMATCH: entrants x buy-in, the guarantee if higher, more with rebuys",
          "[summaries]") {
  CHECK(codes_of(check_summary(read_as("pokerstars-summary", stars_summary("$89.00", "$44.00")))) ==
        "PRIZE_POOL_MISMATCH 9000 8900 1\n");
  // An overlay: 9 x $10 is less than a $100 guarantee, so the pool is $100.
  const std::string ftp =
      "Full Tilt Poker Tournament Summary $100 Guarantee (9999) Hold'em No Limit\n"
      "Buy-In: $10 + $1\n9 Entries\nTotal Prize Pool: $";
  CHECK(check_summary(read_as("fulltilt-summary", ftp + "100\n")).empty());
  CHECK(codes_of(check_summary(read_as("fulltilt-summary", ftp + "90\n"))) ==
        "PRIZE_POOL_MISMATCH 10000 9000 1\n");
  // Rebuys and add-ons only add: more than 9 x $10 is right, less is not.
  const std::string rebuys = "You made 2 rebuys and 1 addons for a total of USD 30.00.\n";
  CHECK(codes_of(check_summary(
            read_as("pokerstars-summary", stars_summary("$120.00", "$75.00", rebuys)))) == "");
  CHECK(codes_of(check_summary(
            read_as("pokerstars-summary", stars_summary("$80.00", "$35.00", rebuys)))) ==
        "PRIZE_POOL_MISMATCH 9000 8000 1\n");
}

TEST_CASE("PAYOUTS_MISMATCH: the prizes add up to the pool", "[summaries]") {
  // $46 + $27 + $18 = $91 paid from a $90 pool, every place listed.
  CHECK(codes_of(check_summary(read_as("pokerstars-summary", stars_summary("$90.00", "$46.00")))) ==
        "PAYOUTS_MISMATCH 9000 9100 1\n");
  // A list of some places only: never more than the pool.
  const std::string running =
      "PokerStars Tournament #5, No Limit Hold'em\nBuy-In: $1.00/$0.10 USD\n100 players\n"
      "Total Prize Pool: $100.00 USD\n  99: A (X), $60.00 (60%)\n  100: B (Y), $50.00 (50%)\n";
  CHECK(codes_of(check_summary(read_as("pokerstars-summary", running))) ==
        "PAYOUTS_MISMATCH 10000 11000 1\n");
}

TEST_CASE("SUMMARY_PLACES: ranks, players once, paid places first, better places paid more",
          "[summaries]") {
  const std::string head =
      "Full Tilt Poker Tournament Summary Sit (77) Hold'em No Limit\nBuy-In: $5 + $0.50\n"
      "4 Entries\nTotal Prize Pool: $20\nTournament finished: 2012/11/10 12:38:15 ET\n";
  CHECK(check_summary(read_as("fulltilt-summary", head + "1: A, $10\n1: B, $10\n3: C\n4: D\n"))
            .empty());
  // 1st shared by two: the next place is 3rd, not 2nd.
  CHECK(codes_of(check_summary(
            read_as("fulltilt-summary", head + "1: A, $10\n1: B, $10\n2: C\n3: D\n"))) ==
        "SUMMARY_PLACES 3 (count) 2 (count) 8\n");
  CHECK(codes_of(check_summary(
            read_as("fulltilt-summary", head + "1: A, $14\n2: B, $6\n3: A\n4: D\n"))) ==
        "SUMMARY_PLACES - 3 (count) 8\n");
  CHECK(codes_of(check_summary(
            read_as("fulltilt-summary", head + "1: A, $14\n2: B\n3: C, $6\n4: D\n"))) ==
        "SUMMARY_PLACES - 3 (count) 8\n");
  CHECK(codes_of(check_summary(
            read_as("fulltilt-summary", head + "1: A, $6\n2: B, $14\n3: C\n4: D\n"))) ==
        "SUMMARY_PLACES - 2 (count) 7\n");
  CHECK(codes_of(check_summary(
            read_as("fulltilt-summary", head + "1: A, $14\n2: B, $6\n3: C\n4: D\n5: E\n"))) ==
        "SUMMARY_PLACES 4 (count) 5 (count) 10\n");
}

TEST_CASE("a summary line not understood is a PARSE_ERROR with its line", "[summaries]") {
  const TournamentSummary s =
      read_as("pokerstars-summary", stars_summary("$90.00", "$45.00", "Lucky draw: a hat\n"));
  const std::vector<Finding> fs = check_summary(s);
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].code == FindingCode::ParseError);
  CHECK(fs[0].line == 16);
  CHECK(fs[0].message ==
        "s.txt:16: expected a line of a PokerStars tournament summary; got \"Lucky draw: a hat\"");
  const TournamentSummary bad = read_as("pokerstars-summary", "PokerStars Tournament #x1\n");
  CHECK_FALSE(bad.parsed);
  CHECK(codes_of(check_summary(bad)) == "PARSE_ERROR - - 1\n");
}

TEST_CASE("SUMMARY_PLACE_MISMATCH: the summary's place against the hands'", "[summaries]") {
  std::vector<TournamentResult> results(2);
  results[0] = {3, "Hero", "", 194, "", 9};
  results[1] = {4, "barlowdog1", "", std::nullopt, "", 10};
  const std::vector<HandPlace> hands = {{"barlowdog1", 4, "1"}, {"Hero", 4, "2"}};
  const std::vector<Finding> fs = check_summary_places(results, hands);
  CHECK(codes_of(fs) == "SUMMARY_PLACE_MISMATCH 4 (count) 3 (count) 9\n");
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].message == "the summary places Hero 3; hand 2 prints place 4");
  CHECK(check_summary_places(results, {{"Hero", 3, "2"}, {"Nobody", 1, "3"}}).empty());
}

TEST_CASE("TOURNAMENT_CHIPS_EXCEEDED: no hand seats more chips than the entrants bought",
          "[summaries]") {
  StoredTournament t;
  t.entrants = 2;
  t.starting_chips = 400;
  t.most_chips_hand = "28333847000";
  t.most_chips = 1000;
  t.line = 1;
  const std::vector<Finding> fs = check_stored_tournament(t);
  CHECK(codes_of(fs) == "TOURNAMENT_CHIPS_EXCEEDED 800 1000 1\n");
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].message ==
        "hand 28333847000 seats 1000 chips; 2 entrants x 400 starting chips make 800");
  t.starting_chips = 500;  // 1000 bought: all of them at one table is right
  CHECK(check_stored_tournament(t).empty());
  t.starting_chips = 400;
  t.rebuys = true;  // chips bought again: not counted by the summary
  CHECK(check_stored_tournament(t).empty());
  t.rebuys = false;
  t.starting_chips.reset();  // PokerStars prints no starting stack
  CHECK(check_stored_tournament(t).empty());
}

namespace {

// Audits each run of files (paths) into `db` and returns the stored findings of the summaries:
// "code player expected actual" lines, by code then player.
std::string summary_findings(const std::string& db,
                             const std::vector<std::vector<fs::path>>& runs) {
  for (const auto& run : runs) {
    std::string cmd = test::bin() + " audit -q --fail-on none --db " + test::q(db);
    for (const fs::path& f : run) {
      cmd += ' ';
      cmd += test::q(f);
    }
    REQUIRE(test::run(cmd + " >/dev/null").code == 0);
  }
  std::string cmd = test::bin() + " query --format csv --db " + test::q(db);
  cmd +=
      " \"SELECT code, player, expected, actual FROM tournament_findings ORDER BY code, player\"";
  return test::run(cmd).out;
}

// The real summary of tournament 447493868 with Hero and barlowdog1 swapped (4th and 3rd).
fs::path swapped_summary(const fs::path& dir) {
  std::string text =
      test::read_file(test::testdata("pokerstars-summary/NLO8-USD-STT-201109.Knockout.sample.txt"));
  const auto replace = [&](const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  replace("  3: Hero (Australia), $1.94 (19.958%)", "  3: barlowdog1 (Canada), $1.94 (19.958%)");
  replace("  4: barlowdog1 (Canada),", "  4: Hero (Australia),");
  const fs::path p = dir / "swapped.txt";
  std::ofstream(p) << text;
  return p;
}

void places_in_every_order(const std::function<std::string(const std::string&)>& new_db,
                           const fs::path& dir) {
  const fs::path a = test::testdata("tournaments/knockout_session_a.txt");
  const fs::path b = test::testdata("tournaments/knockout_session_b.txt");
  const fs::path real =
      test::testdata("pokerstars-summary/NLO8-USD-STT-201109.Knockout.sample.txt");
  const std::string none = "code,player,expected,actual\n";
  // The real summary agrees with the places its hands print (9th to 3rd).
  CHECK(summary_findings(new_db("real1"), {{real, a, b}}) == none);
  CHECK(summary_findings(new_db("real2"), {{a}, {real}, {b}}) == none);
  const fs::path swapped = swapped_summary(dir);
  const std::string fault =
      "code,player,expected,actual\n"
      "SUMMARY_PLACE_MISMATCH,Hero,3,4\n"
      "SUMMARY_PLACE_MISMATCH,barlowdog1,4,3\n";
  CHECK(summary_findings(new_db("one_run"), {{swapped, a, b}}) == fault);
  CHECK(summary_findings(new_db("hands_first"), {{a, b}, {swapped}}) == fault);
  CHECK(summary_findings(new_db("summary_first"), {{swapped}, {b}, {a}}) == fault);
}

}  // namespace

TEST_CASE("TOURNAMENT_CHIPS_EXCEEDED against a real hand, in any order of files and runs",
          "[summaries]") {
  const fs::path dir = test::temp_dir("hhaudit-summary-chips");
  const fs::path hand = test::testdata("fulltilt-summary/razz_husng_220338000.txt");
  const auto summary = [&](const std::string& chips) {
    const fs::path p = dir / ("s" + chips + ".txt");
    std::ofstream(p) << "Full Tilt Poker Tournament Summary Heads Up Sit & Go (220338000) Razz "
                        "Limit\nBuy-In: $2 + $0.10\nBuy-In Chips: "
                     << chips
                     << "\n2 Entries\nTotal Prize Pool: $4\nTournament started: 2011/02/19 "
                        "05:40:00 ET\n";
    return p;
  };
  const std::string none = "code,player,expected,actual\n";
  CHECK(summary_findings((dir / "a.db").string(), {{summary("500"), hand}}) == none);
  const std::string exceeded = "code,player,expected,actual\nTOURNAMENT_CHIPS_EXCEEDED,,800,1000\n";
  CHECK(summary_findings((dir / "b.db").string(), {{summary("400"), hand}}) == exceeded);
  CHECK(summary_findings((dir / "c.db").string(), {{hand}, {summary("400")}}) == exceeded);
  CHECK(summary_findings((dir / "d.db").string(), {{summary("400")}, {hand}}) == exceeded);
  fs::remove_all(dir);
}

TEST_CASE("summary places against the hands, in any order of files and runs (SQLite)",
          "[summaries]") {
  const fs::path dir = test::temp_dir("hhaudit-summaries");
  places_in_every_order([&](const std::string& name) { return (dir / (name + ".db")).string(); },
                        dir);
  fs::remove_all(dir);
}

TEST_CASE("summary places against the hands, in any order of files and runs (PostgreSQL)",
          "[summaries][postgres]") {
  test::PgServer* server = test::PgServer::get();
  if (!server) return;
  const fs::path dir = test::temp_dir("hhaudit-summaries-pg");
  places_in_every_order(
      [&](const std::string& name) { return server->create_database("summary_" + name); }, dir);
  fs::remove_all(dir);
}

namespace {

void stored_as_audited(const std::string& db, const fs::path& dir) {
  const fs::path file = dir / "TS20191127 T2711645426.txt";
  std::ofstream(file) << stars_summary();
  const auto query = [&](const std::string& sql) {
    std::string cmd = test::bin() + " query --format csv --db " + test::q(db) + " \"";
    cmd += sql;
    cmd += '"';
    return test::run(cmd).out;
  };
  const test::Run a = test::run(test::bin() + " audit " + test::q(file) + " --db " + test::q(db) +
                                " -q 2>/dev/null");
  CHECK(a.code == 0);
  const test::Summary s = test::summary_of(a.out);
  CHECK(s.files == 1);
  CHECK(s.summaries == 1);
  CHECK(s.hands == 0);
  CHECK(query("SELECT site, status, hands FROM files") ==
        "site,status,hands\npokerstars-summary,audited,0\n");
  CHECK(query("SELECT site, tournament_id, buy_in, fee, entrants, prize_pool, finished, status "
              "FROM tournaments") ==
        "site,tournament_id,buy_in,fee,entrants,prize_pool,finished,status\n"
        "pokerstars,2711645426,1000,100,9,9000,1,ok\n");
  CHECK(query("SELECT place, player, country, prize, line FROM tournament_results "
              "WHERE result_index < 4 ORDER BY result_index") ==
        "place,player,country,prize,line\n1,Alice,Malta,4500,7\n2,Bob,Canada,2700,8\n"
        "3,drbyte(ctba),Brazil,1800,9\n4,Dan,Spain,,10\n");
  // The same summary with another ending: a duplicate. Other prizes: a conflict.
  const fs::path copy = dir / "copy.txt";
  std::ofstream(copy) << stars_summary() << "\n\n";
  const test::Run b = test::run(test::bin() + " audit " + test::q(copy) + " --db " + test::q(db) +
                                " -q 2>/dev/null");
  CHECK(b.code == 0);
  CHECK(test::summary_of(b.out).duplicates == 1);
  const fs::path other = dir / "other.txt";
  std::ofstream(other) << stars_summary("$90.00", "$46.00");
  const test::Run c = test::run(test::bin() + " audit " + test::q(other) + " --db " + test::q(db) +
                                " -q --fail-on warning 2>/dev/null");
  CHECK(c.code == 1);
  CHECK(test::summary_of(c.out).conflicts == 1);
  CHECK(query("SELECT count(*) AS n FROM tournaments") == "n\n1\n");
  CHECK(query("SELECT code, severity FROM tournament_findings") ==
        "code,severity\nSUMMARY_CONFLICT,warning\n");
}

}  // namespace

TEST_CASE("a summary file is audited and stored, the same again a duplicate, another a conflict",
          "[summaries][cli]") {
  const fs::path dir = test::temp_dir("hhaudit-summary-store");
  stored_as_audited((dir / "a.db").string(), dir);
  fs::remove_all(dir);
}

TEST_CASE("postgres: a summary file is audited and stored as in SQLite", "[summaries][postgres]") {
  test::PgServer* server = test::PgServer::get();
  if (!server) return;
  const fs::path dir = test::temp_dir("hhaudit-summary-store-pg");
  stored_as_audited(server->create_database("summary_store"), dir);
  fs::remove_all(dir);
}
