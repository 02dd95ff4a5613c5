// Full Tilt Poker's own software (site "fulltilt"): real hands with exact amounts
// (testdata/fulltilt, README.md there names each file's source in ../shared/corpus/FTP), hands
// written from the format's rules, a sweep of the shared corpus against
// testdata/fulltilt/anomalies.tsv, and fault hands (testdata/fulltilt/faults).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/fulltilt/builder.hpp"
#include "parser/text/decode.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_checks.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

// The one hand of a testdata/fulltilt file (or of a written text), which must read cleanly.
Hand clean_hand(const std::string& text, const std::string& what) {
  return test::clean_hand_of(text, what, "fulltilt");
}
Hand testdata_hand(const std::string& name) {
  return clean_hand(test::load("fulltilt/" + name), name);
}

const Event& nth(const Hand& h, EventKind kind, int seat, std::size_t n = 0) {
  return test::nth_event(h, kind, seat, n);
}
std::size_t count(const Hand& h, EventKind kind) { return test::count_events(h, kind); }
std::vector<FindingCode> problems(const Hand& h) { return test::problem_codes(h); }

const SummarySeat& summary_of(const Hand& h, int seat) {
  auto it = std::find_if(h.summary.begin(), h.summary.end(),
                         [&](const SummarySeat& s) { return s.seat == seat; });
  REQUIRE(it != h.summary.end());
  return *it;
}

// A tournament walk as Full Tilt prints it (Matrix hand 31493008322 of
// tour/Flop/NLHE-6max-Matrix-USD-26-201211.match1.txt, cut to three players): the small blind's
// fold and the big blind's uncalled 15 are not printed, nor is the collection but in the summary.
const std::string kWalk =
    "Full Tilt Poker Game #31493008322: $26 Super Turbo Matrix (244669447), Match 1 - 15/30 - No "
    "Limit Hold'em - 09:20:53 EET - 2012/11/23 [02:20:53 ET - 2012/11/23]\n"
    "Seat 1: Hero (285)\n"
    "Seat 4: Player3 (270)\n"
    "Seat 5: Player1 (300)\n"
    "Player3 posts the small blind of 15\n"
    "Player1 posts the big blind of 30\n"
    "The button is in seat #1\n"
    "*** HOLE CARDS ***\n"
    "Dealt to Hero [Qh Tc]\n"
    "Hero folds\n"
    "*** SUMMARY ***\n"
    "Total pot 30 | Rake 0\n"
    "Seat 1: Hero (button) didn't bet (folded)\n"
    "Seat 4: Player3 (small blind) folded before the Flop\n"
    "Seat 5: Player1 (big blind) collected (30), mucked\n";

}  // namespace

TEST_CASE("Full Tilt hand starts: both spellings of its own software, nothing else", "[fulltilt]") {
  CHECK(fulltilt::is_hand_start("Full Tilt Poker Game #31318697695: Table Rymer (6 max) - x"));
  CHECK(fulltilt::is_hand_start("FullTiltPoker Game #656000081: Table Keifer (6 max) - x"));
  CHECK(
      fulltilt::is_hand_start("\xEF\xBB\xBF"
                              "Full Tilt Poker Game #20000000801: Table Douai"));
  // Full Tilt on PokerStars' software (2016 on) is PokerStars' format.
  CHECK_FALSE(fulltilt::is_hand_start("Full Tilt Hand #153580762880: Hold'em No Limit (25/50)"));
  CHECK_FALSE(fulltilt::is_hand_start("Full Tilt Poker Tournament Summary $26 Super Turbo"));
  CHECK_FALSE(fulltilt::is_hand_start("PokerStars Hand #184487904738: Hold'em No Limit"));
}

// The header of a hand as Full Tilt wrote it over the years: the fields' order and forms changed.
namespace {
Hand header_of(const std::string& header) {
  const std::string text = header +
                           "\nSeat 1: A (100)\nSeat 2: B (100)\n*** SUMMARY ***\n"
                           "Total pot 0 | Rake 0\n";
  return fulltilt::parse_hand(HandText{text, 0, 1}, "written.txt");
}
}  // namespace

TEST_CASE("Full Tilt headers: the fields in either order, short limits, K, dates", "[fulltilt]") {
  // 2013: game before stakes, short limit names, time in UTC with ET in brackets.
  Hand h = header_of(
      "Full Tilt Poker Game #32709588390: Table SDF (6 max) - NL Hold'em - $0.01/$0.02 - "
      "18:38:07 UTC - 2013/05/24 [14:38:07 ET - 2013/05/24]");
  CHECK(h.parsed);
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.small_blind == 1);
  CHECK(h.big_blind == 2);
  CHECK(h.started_at_utc == "2013-05-24T18:38:07Z");
  h = header_of(
      "Full Tilt Poker Game #33000000000: Table T - PL 5 Card Omaha Hi - 5/10 - 20:00:00 ET - "
      "2013/05/01");
  CHECK(h.game == games::kOmaha5);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.unit == 1);  // play money: no currency
  CHECK(h.big_blind == 10);
  // "500K/1000K": thousands of chips.
  h = header_of(
      "Full Tilt Poker Game #29937911949: Table King of the Hill (heads up, deep) - 500K/1000K - "
      "No Limit Hold'em - 21:40:27 ET - 2011/04/15");
  CHECK(h.max_seats == 2);
  CHECK(h.table_name == "King of the Hill");
  CHECK(h.small_blind == 500000);
  CHECK(h.big_blind == 1000000);
  // A stated cap; stud antes in the stakes.
  h = header_of(
      "FullTiltPoker Game #28014530000: Table Atable (6 max) - $25/$50 - $2,000 Cap Pot Limit "
      "Omaha Hi - 11:00:00 ET - 2011/02/01");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.cap == 200000);
  h = header_of(
      "Full Tilt Poker Game #26190500040: Table Mart - $0.10/$0.20 Ante $0.02 - Limit Razz - "
      "17:19:00 CCT - 2010/12/07 [04:19:00 ET - 2010/12/07]");
  CHECK(h.game == games::kRazz);
  CHECK(h.ante == 2);
  CHECK(h.small_bet == 10);
  CHECK(h.big_bet == 20);
  CHECK(h.started_at_utc == "2010-12-07T09:19:00Z");
  // Mid-2010's long date, without seconds.
  h = header_of(
      "Full Tilt Poker Game #22000000000: Table Mach 10 - $0.02/$0.05 - No Limit Hold'em - 15:13 "
      "ET - Wed, July 21, 2010");
  CHECK(h.started_at_utc == "2010-07-21T19:13:00Z");
  // Tournaments: the id is the last bracketed number before the table.
  h = header_of(
      "Full Tilt Poker Game #31823949512: $10,000 Rush Guar (Rebuy) (247042894), Table 6 - 15/30 - "
      "No Limit Hold'em - 09:31:00 CT - 2013/01/06 [10:31:00 ET - 2013/01/06]");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "247042894");
  CHECK(h.table_name == "Table 6");
  // A header that is not Full Tilt's leaves the hand unparsed, with an issue.
  h = header_of("Full Tilt Poker Game #: Table X - $1/$2 - No Limit Hold'em");
  CHECK_FALSE(h.parsed);
  CHECK_FALSE(h.issues.empty());
}

TEST_CASE("Full Tilt run it twice: boards, a side pot, the rake from the main pot", "[fulltilt]") {
  const Hand h = testdata_hand("rit_side_pot.txt");
  CHECK(h.site_hand_id == "31318697695");
  CHECK(h.table_name == "Rymer");
  CHECK(h.max_seats == 6);
  CHECK(h.game == games::kOmaha);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_blind == 200);
  CHECK(h.big_blind == 400);
  CHECK(h.button_seat == 1);
  // "17:00:14 CET - 2012/11/06 [11:00:14 ET - 2012/11/06]": ET (EST in November) is the reference.
  CHECK(h.started_at_utc == "2012-11-06T16:00:14Z");
  // "Total pot $234.55 Main pot $158.20. Side pot $76.35. | Rake $3": pots before rake.
  CHECK(h.total_pot == 23455);
  CHECK(h.rake == 300);
  REQUIRE(h.reported_pots.size() == 2);
  CHECK(h.reported_pots[0].amount == 15820);
  CHECK(h.reported_pots[1].amount == 7635);
  CHECK_FALSE(h.reported_pots_net_of_rake);
  CHECK(h.rake_from_main_pot);
  // "raises to $64" is the street total; "calls $26.55, and is all in".
  CHECK(nth(h, EventKind::Raise, 2).to == 6400);
  CHECK(nth(h, EventKind::Raise, 2).amount == 6200);
  CHECK(nth(h, EventKind::Call, 1, 1).amount == 2655);
  CHECK(nth(h, EventKind::Call, 1, 1).all_in);
  CHECK(nth(h, EventKind::UncalledReturned, 2).amount == 5600);
  // Board 0 is dealt "TURN 1"/"RIVER 1", board 1 "TURN 2"/"RIVER 2".
  CHECK(count(h, EventKind::Board) == 5);
  const Event& side = nth(h, EventKind::Collected, 2, 0);
  CHECK(side.amount == 7635);
  CHECK(side.pot_index == 1);
  const Event& first_board = nth(h, EventKind::Collected, 2, 1);
  CHECK(first_board.amount == 7760);
  CHECK(first_board.pot_index == 0);
  CHECK(first_board.board_index == 0);
  const Event& second_board = nth(h, EventKind::Collected, 1, 0);
  CHECK(second_board.amount == 7760);
  CHECK(second_board.board_index == 1);
  // One summary per board: a seat's amounts in all of them are its one summary line.
  CHECK(h.summary.size() == 6);
  CHECK(summary_of(h, 2).won == 7635 + 7760);
  CHECK(summary_of(h, 1).won == 7760);
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt: a pot collected only in the summary", "[fulltilt]") {
  const Hand h = testdata_hand("no_win_line.txt");
  // "Seat 5: jflex1989 collected ($41.80), mucked" and no line in the body.
  const Event& c = nth(h, EventKind::Collected, 5);
  CHECK(c.amount == 4180);
  CHECK(c.pot_index == -1);
  CHECK(h.rake == 220);
  CHECK(h.uncalled_style == UncalledStyle::Printed);  // "Uncalled bet of $44 returned to"
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt walk: no uncalled line, no collection but in the summary", "[fulltilt]") {
  const Hand h = clean_hand(kWalk, "walk");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "244669447");
  CHECK(h.table_name == "Match 1");
  CHECK(h.unit == 1);
  CHECK(h.currency.empty());
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(nth(h, EventKind::Collected, 5).amount == 30);
  CHECK(problems(h).empty());
  // The summary's amount is what the audit checks: one chip more than the pot holds is an error.
  std::string wrong = kWalk;
  wrong.replace(wrong.find("collected (30)"), 14, "collected (31)");
  const Hand w = clean_hand(wrong, "walk paid 31");
  const auto p = problems(w);
  CHECK(std::find(p.begin(), p.end(), FindingCode::ChipsNotConserved) != p.end());
}

TEST_CASE("Full Tilt stud: antes, bring-in, completes it to", "[fulltilt]") {
  const Hand h = testdata_hand("stud_complete.txt");
  CHECK(h.game == games::kSevenCardStud);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 300);
  CHECK(h.big_bet == 600);
  CHECK(h.ante == 50);
  CHECK(count(h, EventKind::PostAnte) == 7);
  CHECK(nth(h, EventKind::BringIn, 4).amount == 100);
  // "kwuiyhw completes it to $3": a raise to the street total of $3.
  CHECK(nth(h, EventKind::Raise, 2).to == 300);
  CHECK(nth(h, EventKind::UncalledReturned, 2).amount == 200);
  CHECK(nth(h, EventKind::Collected, 2).amount == 550);
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt tournament: a short all-in small blind, main and side pot", "[fulltilt]") {
  const Hand h = testdata_hand("tourney_side_pot.txt");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "148860619");
  CHECK(h.table_name == "Table 1");
  CHECK(h.unit == 1);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(nth(h, EventKind::PostSmallBlind, 6).amount == 50);
  CHECK(nth(h, EventKind::PostSmallBlind, 6).all_in);
  CHECK(nth(h, EventKind::Collected, 2).pot_index == 1);
  CHECK(nth(h, EventKind::Collected, 2).amount == 500);
  CHECK(nth(h, EventKind::Collected, 6).pot_index == 0);
  CHECK(nth(h, EventKind::Collected, 6).amount == 150);
  CHECK(h.total_pot == 650);
  CHECK(h.rake == 0);
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt draw: a dead small blind and a live big blind posted to enter", "[fulltilt]") {
  const Hand h = testdata_hand("triple_draw.txt");
  CHECK(h.game == games::kTripleDraw27);
  // "Player2 posts a dead small blind of $2.50" then "Player2 posts $5".
  CHECK(nth(h, EventKind::PostDead, 4).amount == 250);
  CHECK(nth(h, EventKind::PostBigBlind, 4).amount == 500);
  CHECK(nth(h, EventKind::Raise, 4).to == 1000);
  CHECK(nth(h, EventKind::Raise, 4).amount == 500);
  CHECK(nth(h, EventKind::Collected, 4).amount == 1500);
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt UTF-16LE with a blank line after every line, euros", "[fulltilt]") {
  const Hand h = testdata_hand("utf16_euro.txt");
  CHECK(h.currency == "EUR");
  CHECK(h.table_name == "Douai\xE2\x80\x93Lens");
  CHECK(h.started_at_utc == "2010-08-13T19:59:02Z");  // CET in summer: UTC+2
  CHECK(nth(h, EventKind::Raise, 3).to == 6);
  CHECK(nth(h, EventKind::UncalledReturned, 3).amount == 4);
  CHECK(nth(h, EventKind::Collected, 3).amount == 5);
  CHECK(problems(h).empty());
}

TEST_CASE("Full Tilt corpus sweep", "[fulltilt][corpus]") {
  const fs::path root = test::shared_corpus() / "FTP";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(root));
  // The hands counted without the parser: header lines of Full Tilt's software.
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string ext = de.path().extension().string();
    if (ext == ".hp" || ext == ".hands" || ext == ".gt") continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (std::string_view start : {"Full Tilt Poker Game #", "FullTiltPoker Game #"})
      for (std::size_t at = text.find(start); at != std::string::npos;
           at = text.find(start, at + 1))
        ++headers;
  }
  CHECK(headers == 288);
  const test::SweepResult r = test::sweep_corpus(root, "fulltilt/anomalies.tsv");
  // Besides the 288 hands: three texts that are no hand (a "BEGIN" and a "*** # 1 ***" banner
  // before a file's first hand, a tournament summary file), read as unparsed text of site
  // "unknown" and listed in the anomalies.
  CHECK(r.hands == headers + 3);
  CHECK(r.sites == std::set<std::string>{"fulltilt", "unknown"});
  test::check_sweep(r, "fulltilt/anomalies.tsv", /*with_hp=*/true, headers);
  // fpdb's .hp files: 72 players' nets in 13 files; the 4 of the file whose hand follows an
  // archive banner (two texts, so not a one-hand file) are not compared.
  CHECK(r.hp_checked == 68);
}

// Fault hands: testdata/fulltilt/faults/NAME.txt is faults/originals/NAME.txt edited on one line;
// testdata/fulltilt/README.md explains every expected finding.
namespace {
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"fulltilt/faults",
                     name,
                     "fulltilt",
                     "Full Tilt Poker Game #",
                     hand_id,
                     std::move(findings),
                     {}});
}
}  // namespace

TEST_CASE("Full Tilt fault: a collection larger than the pot", "[fulltilt][faults]") {
  check_fault("collected_amount", "21536266313",
              {{FindingCode::RakeMismatch, 0, -100, 0},
               {FindingCode::ChipsNotConserved, 0, 550, 650},
               {FindingCode::PayoutMismatch, 0, 550, 650},
               {FindingCode::SummaryMismatch, 2, 650, 550}});
}

TEST_CASE("Full Tilt fault: a side pot paid short", "[fulltilt][faults]") {
  check_fault("side_pot", "19505996411",
              {{FindingCode::RakeMismatch, 0, 100, 0},
               {FindingCode::ChipsNotConserved, 0, 650, 550},
               {FindingCode::PayoutMismatch, 0, 500, 400},
               {FindingCode::SummaryMismatch, 2, 400, 500}});
}

TEST_CASE("Full Tilt fault: a total pot larger than what went in", "[fulltilt][faults]") {
  check_fault(
      "total_pot", "19505996411",
      {{FindingCode::TotalPotMismatch, 0, 650, 750}, {FindingCode::RakeMismatch, 0, 100, 0}});
}

TEST_CASE("Full Tilt fault: an uncalled bet returned short", "[fulltilt][faults]") {
  check_fault("uncalled_bet", "21536266313",
              {{FindingCode::UncalledBetMismatch, 2, 200, 100},
               {FindingCode::TotalPotMismatch, 0, 650, 550},
               {FindingCode::ChipsNotConserved, 0, 650, 550},
               {FindingCode::PayoutMismatch, 0, 650, 550}});
}

TEST_CASE("Full Tilt fault: a short call", "[fulltilt][faults]") {
  check_fault("call_amount", "19505996411",
              {{FindingCode::WrongCallAmount, 2, 300, 250},
               {FindingCode::RoundNotClosed, 2, 300, 250},
               {FindingCode::UncalledBetMismatch, 8, 50, 0},
               {FindingCode::TotalPotMismatch, 0, 600, 650},
               {FindingCode::ChipsNotConserved, 0, 600, 650},
               {FindingCode::SidePotMismatch, 0, 450, 500},
               {FindingCode::SidePotMismatch, 0, 600, 650},
               {FindingCode::PayoutMismatch, 2, 0, 500},
               {FindingCode::PayoutMismatch, 0, 450, 500}});
}

// Strict reading (docs/sites/fulltilt.md): the limit before the game is one of the names the
// site prints, whole; another word ("zzyzx Limit") may change the structure and is not read.
TEST_CASE("Full Tilt strict: a limit not known is a gap on the header", "[fulltilt][gaps]") {
  std::string text = test::load("fulltilt/no_win_line.txt");
  const std::string from = "- Pot Limit Omaha Hi";
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "- zzyzx Limit Omaha Hi");
  const std::vector<Hand> hands = read_text(text, "strict.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE_FALSE(hands[0].issues.empty());
  CHECK(hands[0].issues[0].got == "zzyzx Limit");
}

// Strict reading: a summary seat line's money is read whole or the line is not read.
TEST_CASE("Full Tilt strict: a summary win that does not read is a gap on its line",
          "[fulltilt][gaps]") {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"wins the side pot ($76.35)", "wins the side zzyzx ($76.35)"},
           {"wins the side pot ($76.35)", "wins the side pot ($7O.35)"},
           {"and won ($77.60) with a flush", "and zzyzx ($77.60) with a flush"},
           {"and won ($77.60) with a flush", "and won ($77.6O) with a flush"}}) {
    const auto [text, line] = test::edited(test::load("fulltilt/rit_side_pot.txt"), from, to);
    const std::vector<Hand> hands = read_text(text, "strict.txt");
    INFO(to);
    REQUIRE(hands.size() == 1);
    REQUIRE(hands[0].issues.size() == 1);
    CHECK(hands[0].issues[0].line == line);
  }
}

// Issue 33, point 8: Flipout tournaments force everyone all-in on their first hand with stakes
// of billions of chips: "2B/2B Ante 2B" (M for millions the same way).
TEST_CASE("Full Tilt Flipout header: B and M count billions and millions", "[fulltilt][issue33]") {
  Hand h = header_of(
      "Full Tilt Poker Game #31823949600: $1 Flipout (247042900), Table 3 - 2B/2B Ante 2B - "
      "No Limit Hold'em - 09:31:00 ET - 2013/01/06");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.small_blind == 2000000000);
  CHECK(h.big_blind == 2000000000);
  CHECK(h.ante == 2000000000);
  h = header_of(
      "Full Tilt Poker Game #31823949601: $1 Flipout (247042900), Table 3 - 1.5M/3M - "
      "No Limit Hold'em - 09:31:00 ET - 2013/01/06");
  CHECK(h.small_blind == 1500000);
  CHECK(h.big_blind == 3000000);
}
