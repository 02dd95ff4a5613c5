// Absolute Poker and UltimateBet (site "absolute": one software, one format): detection, the
// parser on corpus hands with exact amounts (testdata/absolute, README.md there), sweeps of
// ../shared/corpus/Absolute and ../shared/corpus/UltimateBet against
// testdata/absolute/anomalies.tsv and fpdb's .hp nets, and fault hands each carrying one money
// error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "audit/audit.hpp"
#include "parser/absolute/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

Hand read_one(const std::string& rel) {
  return test::only_hand(read_text(test::load("absolute/" + rel), rel));
}

// The error and warning findings of the hand's audit, described.
std::string errors_and_warnings(const Hand& h) {
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  return test::describe(test::errors_and_warnings(r));
}

// Hand headers counted apart from the parser: "Stage #N: " (cash) or "Stage #N Tourney ID ".
long stage_lines(const fs::path& root) {
  const std::regex stage(R"(Stage #C?\d+(: | Tourney ID \d+ ).* - \d{4}-\d\d-\d\d .*)");
  long n = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file() || de.path().extension() != ".txt") continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) n += std::regex_match(line, stage);
  }
  return n;
}

}  // namespace

TEST_CASE("Absolute detection", "[absolute]") {
  CHECK(absolute::is_hand_start(
      "Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)"));
  CHECK(absolute::is_hand_start("Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07"));
  CHECK(absolute::is_hand_start("Stage #525691746 Tourney ID 5945889 Holdem Multi Normal"));
  CHECK_FALSE(absolute::is_hand_start("Stage #: Holdem"));
  CHECK_FALSE(absolute::is_hand_start("Stage #12 of the tour"));
  CHECK(sniff_format("\nStage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)\n")
            .format->name() == "absolute");
  CHECK(format_by_name("absolute")->readable());
}

TEST_CASE(
    "Absolute hand: no-limit stakes, a raise by the chips it adds, live and dead blinds, "
    "the jackpot fee",
    "[absolute]") {
  const Hand h = read_one("postboth.txt");
  CHECK(h.site == "absolute");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "1797821771");
  CHECK(h.table_name == "WILLOW ST");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.big_blind == 100);                          // "No Limit $1"
  CHECK(h.small_blind == 50);                         // half of it
  CHECK(h.started_at_utc == "2009-12-14T22:14:02Z");  // 17:14:02 ET
  CHECK(h.button_seat == 4);
  // "Player2 - Posts $1 dead $0.50": $1 live and $0.50 dead beside it.
  const Event& both = test::event(h, EventKind::PostBothBlinds, 2);
  CHECK(both.amount == 150);
  CHECK(both.dead == 50);
  // "Player1 - Raises $3.50 to $4" from the $0.50 small blind.
  const Event& raise = test::event(h, EventKind::Raise, 5);
  CHECK(raise.amount == 350);
  CHECK(raise.to == 400);
  CHECK(test::event(h, EventKind::Call, 2).amount == 300);
  CHECK(test::event(h, EventKind::UncalledReturned, 5).amount == 600);
  CHECK(test::event(h, EventKind::Collected, 5).amount == 855);
  CHECK(h.total_pot == 950);
  CHECK(h.rake == 45);
  REQUIRE(h.fees.size() == 1);
  CHECK(h.fees[0].name == "jackpot");
  CHECK(h.fees[0].amount == 50);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("Absolute 2007: 'Posts dead $40 dead $15' is $40 in all", "[absolute]") {
  const Hand h = read_one("post_dead_2007.txt");
  CHECK(h.issues.empty());
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 2500);
  CHECK(h.big_bet == 5000);
  const Event& both = test::event(h, EventKind::PostBothBlinds, 3);
  CHECK(both.amount == 4000);
  CHECK(both.dead == 1500);
  // "P0KEHER - Raises $25 to $50" from the $25 live part.
  CHECK(test::event(h, EventKind::Raise, 3).amount == 2500);
  CHECK(test::event(h, EventKind::Raise, 3).to == 5000);
  CHECK(errors_and_warnings(h) == "");  // the $15 small blind: house rule below-big-blind
}

TEST_CASE("Absolute all-in: a blind, a timeout, a call for less and a raise", "[absolute]") {
  // "Player1 - All-In $191.27" before the cards: the $200 big blind posted short.
  const Hand blind = read_one("allin_blind.txt");
  CHECK(blind.issues.empty());
  const Event& bb = test::event(blind, EventKind::PostBigBlind, 1);
  CHECK(bb.amount == 19127);
  CHECK(bb.all_in);
  CHECK(errors_and_warnings(blind) == "");
  // "HOLDINGQUADS - All-In (Timeout)": all-in protection, no chips put in; STEVE89's $50 bet
  // comes back and HOLDINGQUADS shows down for the pot.
  const Hand timeout = read_one("timeout_allin.txt");
  CHECK(timeout.issues.empty());
  const Event& protection = test::event(timeout, EventKind::SitsOut, 1);
  CHECK(protection.all_in);
  CHECK(protection.amount == 0);
  CHECK(errors_and_warnings(timeout) == "");
  // "SHUSWAPER - All-In 925" after a raise to 6,160 is a call; "MAKMOJARTU - All-In(Raise) 6,160
  // to 6,160" a raise; the pots after the colon of "Total Pot(5,480:3,750,1,730)".
  const Hand side = read_one("side_pot.txt");
  CHECK(side.issues.empty());
  CHECK(side.tournament);
  CHECK(side.tournament_id == "5945889");
  CHECK(side.unit == 1);
  CHECK(side.big_blind == 30);
  CHECK(test::event(side, EventKind::Call, 1).amount == 925);
  CHECK(test::event(side, EventKind::Call, 1).all_in);
  CHECK(test::event(side, EventKind::Raise, 7).amount == 6160);
  CHECK(test::event(side, EventKind::Raise, 7).all_in);
  REQUIRE(side.reported_pots.size() == 2);
  CHECK(side.reported_pots[0].amount == 3750);
  CHECK(side.reported_pots[1].amount == 1730);
  CHECK(test::event(side, EventKind::Collected, 7, 0).pot_index == 1);
  CHECK(errors_and_warnings(side) == "");
}

TEST_CASE("Absolute walk: the big blind's excess inside its collection", "[absolute]") {
  // Hand 525755366: "BRIANB49 Collects 45 from main pot" at 15/30, no "returned" line.
  const Hand h = read_one("walk.txt");
  CHECK(h.issues.empty());
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(test::events_of(h, EventKind::UncalledReturned).empty());
  CHECK(test::event(h, EventKind::Collected, 6).amount == 45);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("Absolute 7-2 proposition: the bonus paid beside the pot", "[absolute]") {
  const Hand h = read_one("proposition_72.txt");
  CHECK(h.issues.empty());
  CHECK(h.big_blind == 400);  // "No Limit $4 (7-2)"
  // "PLAYER0 Collects $40 from 72 proposition pot" is not from the pot; the summary's HI:($24.20)
  // is what the pot paid ("won Total ($64.20)" holds the $40).
  REQUIRE(test::events_of(h, EventKind::Collected).size() == 1);
  CHECK(test::event(h, EventKind::Collected, 3).amount == 2420);
  REQUIRE(h.summary.size() == 5);
  CHECK(h.summary[1].won == 2420);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("Absolute stud hi/lo: cards repeated each street, the mucked hands", "[absolute]") {
  const Hand h = read_one("stud_hilo.txt");
  CHECK(h.issues.empty());
  CHECK(h.game.name() == "7 Card Stud Hi/Lo");
  CHECK(h.small_bet == 2);
  CHECK(h.big_bet == 4);
  CHECK(h.button_seat == 0);  // no table line
  CHECK(test::event(h, EventKind::BringIn, 8).amount == 1);
  // "PLAYER1 - Pocket [H H Js]" then "[H H Js 10d]": one new card a street, hidden ones left out.
  const auto dealt = test::events(h, EventKind::DealtHole, 1);
  REQUIRE(dealt.size() == 5);
  CHECK(dealt[0]->cards.printed() == "Js");
  CHECK(dealt[1]->cards.printed() == "10d");
  CHECK(dealt[4]->cards.empty());  // the river card, face down
  CHECK(dealt[4]->street == Street::Seventh);
  CHECK(test::events(h, EventKind::DealtHole, 5).size() == 1);  // Hero folded: no new cards
  // "won Total ($0.19) HI:with One pair, aces ... LO:($0.19)": the low half.
  CHECK(h.summary[2].won == 19);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("UltimateBet hand: the same format, a big blind posted to enter", "[absolute]") {
  const Hand h = read_one("ultimatebet.txt");
  CHECK(h.site == "absolute");
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "C241220000");
  CHECK(test::event(h, EventKind::PostBigBlind, 7).amount == 2);  // "Hero - Posts $0.02"
  // "Seat 7: Hero HI: [Mucked] [10s 3s]": the mucked hand counts as shown.
  CHECK(test::event(h, EventKind::Mucks, 7, 1).cards.printed() == "10s 3s");
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("Absolute: a header whose limit ends it, with no stakes, is an issue, not a crash",
          "[absolute]") {
  // Found by the fuzz smoke ("Stage #C282012441: Holdem  Normal $0 No Limit - ...").
  std::string text = test::load("absolute/postboth.txt");
  const std::string header = "Holdem  No Limit $1 - ";
  const std::size_t at = text.find(header);
  REQUIRE(at != std::string::npos);
  text.replace(at, header.size(), "Holdem  Normal $0 No Limit - ");
  const Hand h = test::only_hand(read_text(text, "cut.txt"));
  CHECK_FALSE(h.parsed);
  REQUIRE(h.issues.size() == 1);
  CHECK(h.issues[0].expected == "the stakes ($0.02, $0.25/$0.50, $1, $0.25 ante)");
  CHECK(h.issues[0].line == 1);
}

TEST_CASE("Absolute and UltimateBet corpus sweeps", "[absolute][corpus]") {
  for (const auto& [folder, hands, hp] :
       {std::tuple{"Absolute", 99L, 8L}, std::tuple{"UltimateBet", 1L, 9L}}) {
    INFO(folder);
    const fs::path root = test::shared_corpus() / folder;
    REQUIRE(fs::is_directory(root));
    const test::SweepResult r = test::sweep_corpus(root, "absolute/anomalies.tsv");
    CHECK(stage_lines(root) == hands);
    CHECK(r.hands == hands);
    CHECK(r.sites == std::set<std::string>{"absolute"});
    CHECK(r.hp_checked == hp);
    // One anomaly file serves both folders; it lists nothing, so each sweep checks it whole.
    test::check_sweep(r, "absolute/anomalies.tsv", /*with_hp=*/true);
  }
}

// Fault hands: testdata/absolute/faults/NAME.txt is faults/originals/NAME.txt (postboth.txt)
// edited on one line; testdata/absolute/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault(
      {"absolute/faults", name, "absolute", "Stage #", "1797821771", std::move(findings), {}});
}
}  // namespace

TEST_CASE("Absolute fault: a collection larger than the pot", "[absolute][faults]") {
  // "Player1 Collects $8.55" -> "$8.65": $9.50 less $0.45 rake and $0.50 jackpot is $8.55.
  check_fault("collection", {{FindingCode::PayoutMismatch, 0, 855, 865},
                             {FindingCode::ChipsNotConserved, 0, 950, 960},
                             {FindingCode::RakeMismatch, 0, 35, 45},
                             {FindingCode::SummaryMismatch, 5, 865, 855}});
}

TEST_CASE("Absolute fault: an uncalled bet returned short", "[absolute][faults]") {
  // "Player1 - returned ($6)" -> "($5)": nobody called the $6 flop bet.
  check_fault("uncalled", {{FindingCode::UncalledBetMismatch, 5, 600, 500},
                           {FindingCode::TotalPotMismatch, 0, 1050, 950},
                           {FindingCode::ChipsNotConserved, 0, 1050, 950},
                           {FindingCode::PayoutMismatch, 0, 955, 855}});
}

TEST_CASE("Absolute fault: a rake the pot does not leave", "[absolute][faults]") {
  // "Rake ($0.45)" -> "($0.55)": $9.50 - $8.55 paid - $0.50 jackpot is $0.45.
  check_fault("rake", {{FindingCode::RakeMismatch, 0, 45, 55},
                       {FindingCode::ChipsNotConserved, 0, 950, 960},
                       {FindingCode::PayoutMismatch, 0, 845, 855}});
}

TEST_CASE("Absolute fault: a short call", "[absolute][faults]") {
  // "Player2 - Calls $3" -> "$2.50": Player2's $1 live blind owes $3 to the raise to $4.
  check_fault("call", {{FindingCode::WrongCallAmount, 2, 300, 250},
                       {FindingCode::RoundNotClosed, 2, 400, 350},
                       {FindingCode::UncalledBetMismatch, 5, 650, 600},
                       {FindingCode::TotalPotMismatch, 0, 900, 950},
                       {FindingCode::ChipsNotConserved, 0, 900, 950},
                       {FindingCode::PayoutMismatch, 0, 805, 855}});
}
