// Winning Poker Network (site "winning"): both exports on real hands with exact amounts
// (testdata/winning, README.md there names each file's source in ../shared/corpus/Winning), hands
// written from the format's rules, the all-in protection rule of the audit, a sweep of the shared
// corpus against testdata/winning/anomalies.tsv, and fault hands (testdata/winning/faults).
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/rake/schedule.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/winning/builder.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_checks.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

// The hands of a decoded text, read as a user's file is (sniffed, split, parsed).
std::vector<Hand> hands_of(const std::string& text) { return read_text(text, "written.txt"); }

// The one hand of a testdata/winning file (or of a written text), which must read cleanly.
Hand clean_hand(const std::string& text, const std::string& what) {
  return test::clean_hand_of(text, what, "winning");
}
Hand testdata_hand(const std::string& name) {
  return clean_hand(test::load("winning/" + name), name);
}

const Event& nth(const Hand& h, EventKind kind, int seat, std::size_t n = 0) {
  return test::nth_event(h, kind, seat, n);
}
std::size_t count(const Hand& h, EventKind kind) { return test::count_events(h, kind); }
std::vector<FindingCode> problems(const Hand& h) { return test::problem_codes(h); }

bool has_finding(const Hand& h, FindingCode code) {
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.code == code) return true;
  return false;
}

std::string without_line(std::string text, const std::string& line) {
  const std::size_t at = text.find(line + "\n");
  REQUIRE(at != std::string::npos);
  return text.erase(at, line.size() + 1);
}

}  // namespace

TEST_CASE("WPN hand starts: both exports, nothing else", "[winning]") {
  CHECK(winning::is_hand_start("Game started at: 2016/10/2 21:0:42"));
  CHECK(winning::is_hand_start("Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08"));
  CHECK(winning::is_hand_start("Game Hand #80586589 - Tournament #11182752 - Holdem(No Limit)"));
  CHECK_FALSE(winning::is_hand_start("Hand #6340502-110 - 2013-05-02 02:14:03"));  // Seals
  CHECK_FALSE(winning::is_hand_start("Hand # - Holdem"));
  CHECK_FALSE(winning::is_hand_start("PokerStars Hand #184487904738: Hold'em No Limit"));
  CHECK_FALSE(winning::is_hand_start("Game ID: 741631166 40/80 (PRR) Xana (Omaha HiLow)"));
}

TEST_CASE("WPN classic: chips added, collections from the summary, a side pot", "[winning]") {
  const Hand h = testdata_hand("classic_disconnected_allin.txt");
  CHECK(h.site_hand_id == "741631166");
  CHECK(h.started_at_utc == "2016-10-02T21:00:42Z");
  CHECK(h.game == games::kOmahaHiLo);
  CHECK(h.structure == Structure::Unknown);  // the classic header prints no limit
  CHECK(h.table_name == "(PRR) Xana");
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  // The header says 40/80; the blinds posted are 20 and 40 (Omaha HiLow stakes are twice them).
  CHECK(h.small_blind == 2000);
  CHECK(h.big_blind == 4000);
  CHECK(h.button_seat == 4);
  REQUIRE(h.seats.size() == 6);
  CHECK(h.seats[0].player == "Hero");
  CHECK(h.seats[0].stack == 287250);
  // "Player Player1 raises (80)": 80 added over nothing: the street total is 80.
  const Event& raise = nth(h, EventKind::Raise, 3);
  CHECK(raise.amount == 8000);
  CHECK(raise.to == 8000);
  CHECK(raise.raise_by == 0);
  // "Player Player3 calls (60)": the small blind of 20 completes to 80.
  CHECK(nth(h, EventKind::Call, 5).amount == 6000);
  CHECK(nth(h, EventKind::Call, 5).to == 8000);
  // Four "received card: [..]" lines make one DealtHole.
  CHECK(nth(h, EventKind::DealtHole, 1).cards.printed() == "2d 5h 3c Kc");
  // All-in protection: "is disconnected and ALL IN." is a money-neutral line flagged all-in.
  const Event& protection = nth(h, EventKind::SitsOut, 2);
  CHECK(protection.all_in);
  CHECK(protection.amount == 0);
  // "Pot: 477. Rake 2.76. JP fee 0.24": the pot is net; the model's total is gross. The JP fee is
  // part of the rake: 3.00 together, the schedule's cap at these stakes.
  CHECK(h.total_pot == 48000);
  CHECK(h.rake == 300);
  CHECK(h.fees.empty());
  // Collections come from "Collects: X" in the summary, from no named pot.
  CHECK(nth(h, EventKind::Collected, 2).amount == 19850);
  CHECK(nth(h, EventKind::Collected, 3).amount == 23850);
  CHECK(nth(h, EventKind::Collected, 6).amount == 4000);
  CHECK(nth(h, EventKind::Collected, 6).pot_index == -1);
  CHECK(count(h, EventKind::Collected) == 3);
  CHECK(h.summary.empty());  // the collections are the summary: no second source to compare
  CHECK(nth(h, EventKind::Shows, 2).cards.printed() == "4h 4s Ks 6h");
  CHECK(problems(h).empty());
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  REQUIRE(r.pots.size() == 2);
  CHECK(r.pots[0].amount == 40000);  // 80 from each of the five who called
  CHECK(r.pots[1].amount == 8000);   // Player1's and Player4's flop bets of 40
}

// The audit rule the classic export needs (audit/betting.cpp, PlayerState::declared_all_in): a
// player the site declares all-in with chips left owes no more calls, is passed over and plays
// only for the pots his chips reach. Without the line the same hand is wrong in every way.
TEST_CASE("All-in protection: a declared all-in player plays for what he put in",
          "[winning][audit]") {
  const std::string text = test::load("winning/classic_disconnected_allin.txt");
  const Hand h = clean_hand(without_line(text, "Player Player0 is disconnected and ALL IN."),
                            "without the protection line");
  const auto p = problems(h);
  CHECK(std::count(p.begin(), p.end(), FindingCode::RoundNotClosed) == 2);
  CHECK(std::count(p.begin(), p.end(), FindingCode::PayoutMismatch) == 1);
  CHECK(std::count(p.begin(), p.end(), FindingCode::WrongWinner) == 1);

  // Written from the rule: B, all-in protected on the flop with 2 in, wins the main pot of 6 with
  // the best hand; A's flop bet, called by C, makes a side pot of 8 that A wins.
  const std::string written =
      "Game started at: 2016/10/2 21:0:42\n"
      "Game ID: 1 1/2 Test (Hold'em)\n"
      "Seat 1 is the button\n"
      "Seat 1: A (100).\n"
      "Seat 2: B (100).\n"
      "Seat 3: C (100).\n"
      "Player B has small blind (1)\n"
      "Player C has big blind (2)\n"
      "Player A calls (2)\n"
      "Player B calls (1)\n"
      "Player C checks\n"
      "*** FLOP ***: [2c 7d 9h]\n"
      "Player B is disconnected and ALL IN.\n"
      "Player B allin\n"
      "Player C checks\n"
      "Player A bets (4)\n"
      "Player C calls (4)\n"
      "*** TURN ***: [2c 7d 9h] [Ks]\n"
      "Player C checks\n"
      "Player A checks\n"
      "*** RIVER ***: [2c 7d 9h Ks] [3s]\n"
      "Player C checks\n"
      "Player A checks\n"
      "------ Summary ------\n"
      "Pot: 14. Rake 0\n"
      "Board: [2c 7d 9h Ks 3s]\n"
      "*Player A shows: One pair of Ks [Kd Qd]. Bets: 6. Collects: 8. Wins: 2.\n"
      "*Player B shows: One pair of As [Ah As]. Bets: 2. Collects: 6. Wins: 4.\n"
      "Player C shows: High card K [Jc 10c]. Bets: 6. Collects: 0. Loses: 6.\n"
      "Game ended at: 2016/10/2 21:4:9\n";
  const Hand w = clean_hand(written, "written");
  CHECK(problems(w).empty());
  const AuditResult r = audit_hand(w, AuditContext{&test::shipped_house_rules()});
  REQUIRE(r.pots.size() == 2);
  CHECK(r.pots[0].amount == 600);  // cents: the classic cash export is in dollars
  CHECK(r.pots[1].amount == 800);
  // Without the declaration B owes a call of 4 he never made, and his best hand would be owed
  // the whole pot.
  const Hand no_decl = clean_hand(without_line(written, "Player B is disconnected and ALL IN."),
                                  "written, no declaration");
  CHECK(problems(no_decl) ==
        std::vector<FindingCode>{FindingCode::OutOfTurn, FindingCode::OutOfTurn,
                                 FindingCode::OutOfTurn, FindingCode::OutOfTurn,
                                 FindingCode::PayoutMismatch, FindingCode::RoundNotClosed,
                                 FindingCode::RoundNotClosed, FindingCode::WrongWinner});
}

TEST_CASE("WPN classic UTF-16: blank lines, a walk with its uncalled bet", "[winning]") {
  const std::string bytes = test::read_file(test::testdata("winning/classic_utf16_walk.txt"));
  REQUIRE(decode(bytes).encoding == Encoding::Utf16Le);
  const Hand h = testdata_hand("classic_utf16_walk.txt");
  CHECK(h.site_hand_id == "693967308");
  CHECK(h.game == games::kHoldem);
  CHECK(h.table_name == "(PRR) Cyclops - 6");
  CHECK(h.small_blind == 2);
  CHECK(h.big_blind == 5);
  CHECK(nth(h, EventKind::UncalledReturned, 4).amount == 3);
  CHECK(nth(h, EventKind::Collected, 4).amount == 4);
  CHECK(h.total_pot == 4);  // "Pot: 0.04. Rake 0"
  CHECK(h.rake == 0);
  CHECK(problems(h).empty());
}

TEST_CASE("WPN classic cap table: caps at 30 big blinds, 'caps (X)' adds X", "[winning]") {
  const Hand h = testdata_hand("classic_cap.txt");
  CHECK(h.game == games::kOmaha);
  CHECK(h.cap == 30000);  // "Mauilite (PRR) - CAP - 6-Max - 3", blinds 5/10
  CHECK(h.max_seats == 6);
  // Flop: bets (26.12), raises (90), caps (253.88) to 280, calls (190) to 280.
  CHECK(nth(h, EventKind::Bet, 5).amount == 2612);
  CHECK(nth(h, EventKind::Raise, 6).to == 9000);
  const Event& caps = nth(h, EventKind::Raise, 5, 1);
  CHECK(caps.amount == 25388);
  CHECK(caps.to == 28000);
  CHECK(nth(h, EventKind::Call, 6, 1).amount == 19000);
  CHECK(h.total_pot == 61500);
  CHECK(problems(h).empty());
}

TEST_CASE("WPN classic tournament: chips, antes, a raise of chips added", "[winning]") {
  const Hand h = testdata_hand("classic_tourney_ante.txt");
  CHECK(h.tournament);
  CHECK(h.table_name == "18");
  CHECK(h.currency.empty());
  CHECK(h.unit == 1);
  CHECK(h.ante == 10);
  // "Player Player7 raises (1250)" over his small blind of 50: to 1300; 1200 comes back.
  CHECK(nth(h, EventKind::Raise, 9).to == 1300);
  CHECK(nth(h, EventKind::UncalledReturned, 9).amount == 1200);
  CHECK(h.total_pot == 490);
  CHECK_FALSE(h.rake);  // tournaments print no rake: derived (and must be 0)
  CHECK(problems(h).empty());
}

TEST_CASE("WPN modern cash: raises X to Y put in X, caps, net total and JP fee", "[winning]") {
  const Hand h = testdata_hand("modern_cap.txt");
  CHECK(h.site_hand_id == "151588328");
  CHECK(h.started_at_utc == "2019-11-08T04:43:23Z");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.table_name == "Miramar (Cap)");
  CHECK(h.max_seats == 9);
  CHECK(h.button_seat == 1);
  CHECK(h.cap == 60);
  CHECK(h.seats[0].sitting_out);
  // "IrishPimp2233 raises $0.05 to $0.05": 0.05 put in, street total 0.05; no increment kept.
  const Event& raise = nth(h, EventKind::Raise, 9);
  CHECK(raise.amount == 5);
  CHECK(raise.to == 5);
  CHECK(raise.raise_by == 0);
  // "IrishPimp2233 caps $0.55" over a bet of 0.11: a raise to 0.55, his hand at the cap of 0.60.
  const Event& caps = nth(h, EventKind::Raise, 9, 1);
  CHECK(caps.amount == 55);
  CHECK(caps.to == 55);
  CHECK(nth(h, EventKind::Collected, 3).amount == 119);
  CHECK(nth(h, EventKind::Collected, 3).pot_index == 0);
  // "Total pot $1.19 | Rake $0.04 | JP Fee $0.02": 1.25 went in; 0.06 raked, as the schedule
  // ($0.01 per $0.20) takes.
  CHECK(h.total_pot == 125);
  CHECK(h.rake == 6);
  CHECK(h.fees.empty());
  CHECK(count(h, EventKind::Other) == 4);  // the "Main pot $X | Rake $R" lines
  CHECK(problems(h).empty());
}

TEST_CASE("WPN modern walk: no uncalled line, collection only in the summary", "[winning]") {
  const Hand h = testdata_hand("modern_walk.txt");
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(count(h, EventKind::UncalledReturned) == 0);
  // "Seat 7: Player5 did not show and won $0.07": the only collection printed.
  CHECK(nth(h, EventKind::Collected, 7).amount == 7);
  CHECK(h.total_pot == 7);
  CHECK(problems(h).empty());
  CHECK(has_finding(h,
                    FindingCode::UncalledBetInCollection));  // the big blind's 0.03 came back in it
}

TEST_CASE("WPN modern tournaments: antes, levels, hi/lo, a raise over a bet", "[winning]") {
  const Hand h = testdata_hand("modern_tourney_plo8.txt");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "11212445");
  CHECK(h.game == games::kOmahaHiLo);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.table_name == "1");
  CHECK(h.small_blind == 25000);  // "Level 1 (250.00/500.00)": chips printed with cents
  CHECK(h.big_blind == 50000);
  CHECK(h.ante == 2500);
  // "Player3 raises 11125.00 to 11125.00" over Player1's bet of 2225.00.
  CHECK(nth(h, EventKind::Raise, 6, 1).to == 1112500);
  CHECK(nth(h, EventKind::Call, 4, 1).amount == 890000);
  CHECK(nth(h, EventKind::Collected, 6).amount == 6060000);
  CHECK(h.total_pot == 6060000);
  CHECK(problems(h).empty());

  const Hand g = testdata_hand("modern_tourney_gtd.txt");
  CHECK(g.tournament_id == "27099516");
  CHECK(nth(g, EventKind::UncalledReturned, 5).amount == 3095400);
  CHECK(nth(g, EventKind::Collected, 5).amount == 4620000);  // "did not show and won 46200.00"
  CHECK(problems(g).empty());
}

TEST_CASE("WPN modern: a raise whose chips do not match its total is an issue", "[winning]") {
  const std::string text =
      "Hand #1 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC\n"
      "Test 6-max Seat #1 is the button\n"
      "Seat 1: A ($1.00)\n"
      "Seat 2: B ($1.00)\n"
      "A posts the small blind $0.01\n"
      "B posts the big blind $0.02\n"
      "*** HOLE CARDS ***\n"
      "A raises $0.07 to $0.06\n"
      "B folds\n"
      "Uncalled bet ($0.04) returned to A\n"
      "A does not show\n"
      "*** SUMMARY ***\n"
      "Total pot $0.04\n"
      "Seat 1: A did not show and won $0.04\n"
      "Seat 2: B (big blind) folded on the Pre-Flop\n";
  const std::vector<Hand> hands = hands_of(text);
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  REQUIRE(h.issues.size() == 1);
  CHECK(h.issues[0].line == 8);
  CHECK(h.issues[0].got == "0.07");  // 0.05 is what takes A's 0.01 to 0.06
  CHECK(nth(h, EventKind::Raise, 1).amount == 5);
}

// Written from the issue's rule (no corpus hand has one): "posts dead $X" is a missed small and
// big blind posted together, the big blind part live.
TEST_CASE("WPN modern: posts dead is a dead small blind and a live big blind", "[winning]") {
  const std::string text =
      "Hand #2 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC\n"
      "Test 6-max Seat #1 is the button\n"
      "Seat 1: A ($5.00)\n"
      "Seat 2: B ($5.00)\n"
      "Seat 3: C ($5.00)\n"
      "Seat 4: D ($5.00)\n"
      "B posts the small blind $0.02\n"
      "C posts the big blind $0.05\n"
      "D posts dead $0.07\n"
      "*** HOLE CARDS ***\n"
      "D checks\n"
      "A folds\n"
      "B folds\n"
      "C checks\n"
      "*** FLOP *** [2c 7d 9h]\n"
      "C bets $0.10\n"
      "D folds\n"
      "Uncalled bet ($0.10) returned to C\n"
      "C does not show\n"
      "*** SUMMARY ***\n"
      "Total pot $0.14 | Rake $0.00\n"
      "Board [2c 7d 9h]\n"
      "Seat 1: A (button) folded on the Pre-Flop\n"
      "Seat 2: B (small blind) folded on the Pre-Flop\n"
      "Seat 3: C (big blind) did not show and won $0.14\n"
      "Seat 4: D folded on the Flop\n";
  const Hand h = clean_hand(text, "posts dead");
  const Event& dead = nth(h, EventKind::PostBothBlinds, 4);
  CHECK(dead.amount == 7);
  CHECK(dead.dead == 2);
  CHECK(dead.to == 5);  // the live part: D may check his option
  CHECK(nth(h, EventKind::Collected, 3).amount == 14);
  CHECK(h.total_pot == 14);
  CHECK(problems(h).empty());
}

TEST_CASE("WPN corpus sweep", "[winning][corpus]") {
  const fs::path root = test::shared_corpus() / "Winning";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(root));
  const test::SweepResult r = test::sweep_corpus(root, "winning/anomalies.tsv");
  // Counted without the parser: 122 "Game started at:" and 9 "Hand #"/"Game Hand #" lines.
  CHECK(r.hands == 131);
  CHECK(r.sites == std::set<std::string>{"winning"});
  test::check_sweep(r, "winning/anomalies.tsv", /*with_hp=*/false);  // no fpdb .hp files here
}

// Fault hands: testdata/winning/faults/NAME.txt is faults/originals/NAME.txt edited on one line;
// testdata/winning/README.md explains every expected finding.
namespace {
void check_fault(const std::string& name, const std::string& start, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"winning/faults", name, "winning", start, hand_id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("WPN fault: a collection larger than the pot", "[winning][faults]") {
  check_fault("collected_amount", "Hand #", "151588328",
              {{FindingCode::RakeMismatch, 0, -4, 6},
               {FindingCode::ChipsNotConserved, 0, 125, 135},
               {FindingCode::PayoutMismatch, 0, 119, 129},
               {FindingCode::SummaryMismatch, 3, 129, 119}});
}

TEST_CASE("WPN fault: a side pot share not paid", "[winning][faults]") {
  check_fault("side_pot", "Game started at: ", "741631166",
              {{FindingCode::RakeMismatch, 0, 4300, 300},
               {FindingCode::ChipsNotConserved, 0, 48000, 44000},
               {FindingCode::PayoutMismatch, 0, 47700, 43700}});
}

TEST_CASE("WPN fault: a total pot larger than what went in", "[winning][faults]") {
  check_fault("total_pot", "Game started at: ", "406051551",
              {{FindingCode::TotalPotMismatch, 0, 61500, 62500},
               {FindingCode::RakeMismatch, 0, 1300, 300}});
}

TEST_CASE("WPN fault: an uncalled bet returned short", "[winning][faults]") {
  check_fault("uncalled_bet", "Game Hand #", "1296393662",
              {{FindingCode::UncalledBetMismatch, 5, 3095400, 3000000},
               {FindingCode::TotalPotMismatch, 0, 4715400, 4620000},
               {FindingCode::PayoutMismatch, 0, 4715400, 4620000}});
}

TEST_CASE("WPN fault: a short call", "[winning][faults]") {
  check_fault("call_amount", "Game Hand #", "82980175",
              {{FindingCode::WrongCallAmount, 4, 890000, 880000},
               {FindingCode::RoundNotClosed, 4, 1112500, 1102500},
               {FindingCode::AllInMismatch, 4, 0, 10000},
               {FindingCode::TotalPotMismatch, 0, 6050000, 6060000},
               {FindingCode::PayoutMismatch, 0, 6040000, 6050000}});
}

TEST_CASE("WPN odd chips: the whole remainder to the first winner after the small blind",
          "[winning][oddchips]") {
  // Issue 33, point 14 (house rule of Bovada/Ignition and WPN, Hand flag). Three players chop
  // 0.17 on a board straight: 0.05 each and 0.02 left over, all to Hero (seat 4), the first
  // winner after Bob's small blind (seat 2); left of the button it would be 0.01 each to Bob and
  // Hero.
  const std::string text =
      "Hand #900000001 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC\n"
      "Miramar 9-max Seat #1 is the button\n"
      "Seat 1: Ann ($1.00)\nSeat 2: Bob ($1.00)\nSeat 3: Cy ($1.00)\nSeat 4: Hero ($1.00)\n"
      "Bob posts the small blind $0.01\nCy posts the big blind $0.02\n"
      "*** HOLE CARDS ***\nDealt to Hero [6c 7d]\n"
      "Hero raises $0.05 to $0.05\nAnn calls $0.05\nBob calls $0.04\nCy folds\n"
      "*** FLOP *** [Ah Kh Qd]\nMain pot $0.17 | Rake $0.00\n"
      "Bob checks\nHero checks\nAnn checks\n"
      "*** TURN *** [Ah Kh Qd] [Js]\nMain pot $0.17 | Rake $0.00\n"
      "Bob checks\nHero checks\nAnn checks\n"
      "*** RIVER *** [Ah Kh Qd Js] [Tc]\nMain pot $0.17 | Rake $0.00\n"
      "Bob checks\nHero checks\nAnn checks\n"
      "*** SHOW DOWN ***\nMain pot $0.17 | Rake $0.00\n"
      "Bob shows [4h 5s] (a straight, Ten to Ace [Ah Kh Qd Js Tc])\n"
      "Hero shows [6c 7d] (a straight, Ten to Ace [Ah Kh Qd Js Tc])\n"
      "Ann shows [2c 3d] (a straight, Ten to Ace [Ah Kh Qd Js Tc])\n"
      "Hero collected $0.07 from main pot\nAnn collected $0.05 from main pot\n"
      "Bob collected $0.05 from main pot\n"
      "*** SUMMARY ***\nTotal pot $0.17 | Rake $0.00\nBoard [Ah Kh Qd Js Tc]\n"
      "Seat 1: Ann (button) showed [2c 3d] and won $0.05 with a straight, Ten to Ace [Ah Kh Qd "
      "Js Tc]\n"
      "Seat 2: Bob (small blind) showed [4h 5s] and won $0.05 with a straight, Ten to Ace [Ah Kh "
      "Qd Js Tc]\n"
      "Seat 3: Cy (big blind) folded on the Pre-Flop\n"
      "Seat 4: Hero showed [6c 7d] and won $0.07 with a straight, Ten to Ace [Ah Kh Qd Js Tc]\n";
  Hand h = clean_hand(text, "odd chips");
  CHECK(h.odd_chips_whole_after_small_blind);
  const AuditContext ctx{&test::shipped_house_rules()};
  CHECK(problems(h).empty());
  // The same split judged by the rule left of the button: Hero got one chip too many, Bob one
  // too few.
  h.odd_chips_whole_after_small_blind = false;
  std::vector<std::string> odd;
  for (const Finding& f : audit_hand(h, ctx).findings)
    if (f.code == FindingCode::OddChipMismatch)
      odd.push_back(fmt::format("{} {} {}", f.seat, to_string(*f.expected), to_string(*f.actual)));
  CHECK(odd == std::vector<std::string>{"2 6 5", "4 6 7"});
}

TEST_CASE("WPN run it twice: FLOP 1 / FLOP 2 are two boards of a hand that saw a flop",
          "[winning][issue33]") {
  // Issue 33, point 13 (a hand written from the rule). All in before the flop, run twice: Ann's
  // kings win the first board, Bob's aces the second; each collects half of the 4.00 less 0.20
  // rake, which a hand that saw a flop pays.
  const std::string text =
      "Hand #900000002 - Holdem(No Limit) - $0.25/$0.50 - 2019/11/08 04:43:23 UTC\n"
      "Miramar 6-max Seat #1 is the button\n"
      "Seat 1: Ann ($2.00)\nSeat 2: Bob ($2.00)\n"
      "Ann posts the small blind $0.25\nBob posts the big blind $0.50\n"
      "*** HOLE CARDS ***\nDealt to Ann [Kd Kc]\n"
      "Ann raises $1.75 to $2.00 and is all-in\nBob calls $1.50 and is all-in\n"
      "*** RUN IT TWICE ***\n"
      "*** FLOP 1 *** [2c 7d Kh]\n*** TURN 1 *** [2c 7d Kh] [3s]\n"
      "*** RIVER 1 *** [2c 7d Kh 3s] [8d]\n"
      "*** FLOP 2 *** [Ac 4d 9h]\n*** TURN 2 *** [Ac 4d 9h] [Qs]\n"
      "*** RIVER 2 *** [Ac 4d 9h Qs] [Jd]\n"
      "*** SHOW DOWN ***\n"
      "Ann shows [Kd Kc] (three of a kind, Kings [Kd Kc Kh 8d 7d])\n"
      "Bob shows [As Ah] (three of a kind, Aces [As Ah Ac Qs Jd])\n"
      "Ann collected $1.90 from main pot\nBob collected $1.90 from main pot\n"
      "*** SUMMARY ***\nTotal pot $3.80 | Rake $0.20\n"
      "Seat 1: Ann (small blind) showed [Kd Kc] and won $1.90 with three of a kind, Kings\n"
      "Seat 2: Bob (big blind) showed [As Ah] and won $1.90 with three of a kind, Aces\n";
  const Hand h = clean_hand(text, "run it twice");
  std::vector<std::pair<int, std::string>> boards;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Board) boards.emplace_back(e.board_index, e.cards.printed());
  CHECK(boards ==
        std::vector<std::pair<int, std::string>>{
            {0, "2c 7d Kh"}, {0, "3s"}, {0, "8d"}, {1, "Ac 4d 9h"}, {1, "Qs"}, {1, "Jd"}});
  CHECK(h.rake == 20);
  CHECK(h.total_pot == 400);
  CHECK(problems(h).empty());
  // Bob's aces collecting both halves is a wrong winner of the first board.
  std::string wrong = text;
  wrong.replace(wrong.find("Ann collected $1.90"), 19, "Bob collected $1.90");
  wrong.replace(wrong.find("and won $1.90 with three of a kind, Kings"), 41,
                "and lost with three of a kind, Kings");
  wrong.replace(wrong.find("and won $1.90 with three of a kind, Aces"), 40,
                "and won $3.80 with three of a kind, Aces");
  std::vector<Hand> hands = read_text(wrong, "wrong.txt");
  REQUIRE(hands.size() == 1);
  CHECK(has_finding(hands.front(), FindingCode::WrongWinner));
}

TEST_CASE("WPN classic: a call up to the nominal big blind over a short one, the excess returned",
          "[winning][issue33]") {
  // Issue 33, point 13 (a hand written from the rule). Cy's big blind is all he has, 0.30 of
  // 0.50; Bob calls up to the 0.50 and gets the 0.20 back uncalled: the full blind is owed.
  const std::string text =
      "Game started at: 2016/8/2 10:50:44\n"
      "Game ID: 693967400 0.25/0.50 (PRR) Cyclops - 6 (Hold'em)\n"
      "Seat 2 is the button\n"
      "Seat 2: Ann (10).\nSeat 3: Bob (10).\nSeat 4: Cy (0.30).\n"
      "Player Bob has small blind (0.25)\n"
      "Player Cy has big blind (0.30)\n"
      "Player Ann folds\n"
      "Player Bob calls (0.25)\n"
      "Uncalled bet (0.20) returned to Bob\n"
      "*** FLOP ***: [6d 7h 3h]\n"
      "*** TURN ***: [6d 7h 3h] [2c]\n"
      "*** RIVER ***: [6d 7h 3h 2c] [2h]\n"
      "------ Summary ------\n"
      "Pot: 0.57. Rake 0.03\n"
      "Board: [6d 7h 3h 2c 2h]\n"
      "Player Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.\n"
      "*Player Bob shows: One pair of As [Ah Ad]. Bets: 0.30. Collects: 0.57. Wins: 0.27.\n"
      "Player Cy shows: One pair of Ks [Kh Kd]. Bets: 0.30. Collects: 0. Loses: 0.30.\n"
      "Game ended at: 2016/8/2 10:51:4\n";
  Hand h = clean_hand(text, "nominal blind");
  CHECK(h.full_big_blind_always_owed);
  CHECK(nth(h, EventKind::Call, 3).amount == 25);
  CHECK(nth(h, EventKind::Call, 3).to == 50);
  CHECK(problems(h).empty());
  CHECK(h.big_blind == 50);  // the header's, not Cy's short post
  // Were only Cy's 0.30 owed, the call would be 0.20 too much.
  h.full_big_blind_always_owed = false;
  CHECK(problems(h) == std::vector<FindingCode>{FindingCode::WrongCallAmount});
}

TEST_CASE("WPN modern: a call up to the nominal big blind over a short one, the excess returned",
          "[winning][issue33]") {
  // Issue 33, point 13, the modern export (written from the rule, as the classic case above):
  // Cy's big blind is his whole $0.30 of the $0.50; Bob's small blind calls up to the $0.50 of the
  // header's stakes, and the $0.20 nobody can match comes back uncalled.
  const std::string text =
      "Hand #700000001 - Holdem(No Limit) - $0.25/$0.50 - 2020/03/02 10:50:44 UTC\n"
      "Cyclops 6-max Seat #2 is the button\n"
      "Seat 2: Ann ($10.00)\nSeat 3: Bob ($10.00)\nSeat 4: Cy ($0.30)\n"
      "Bob posts the small blind $0.25\nCy posts the big blind $0.30\n"
      "*** HOLE CARDS ***\nAnn folds\nBob calls $0.25\n"
      "Uncalled bet ($0.20) returned to Bob\n"
      "*** FLOP *** [6d 7h 3h]\n*** TURN *** [6d 7h 3h] [2c]\n*** RIVER *** [6d 7h 3h 2c] [2h]\n"
      "*** SHOW DOWN ***\nBob shows [Ah Ad] (two pair, Aces and Twos)\n"
      "Cy shows [Kh Kd] (two pair, Kings and Twos)\nBob collected $0.57 from main pot\n"
      "*** SUMMARY ***\nTotal pot $0.57 | Rake $0.03\nBoard [6d 7h 3h 2c 2h]\n"
      "Seat 2: Ann (button) folded on the Pre-Flop and did not bet\n"
      "Seat 3: Bob (small blind) showed [Ah Ad] and won $0.57 with two pair, Aces and Twos\n"
      "Seat 4: Cy (big blind) showed [Kh Kd] and lost with two pair, Kings and Twos\n";
  Hand h = clean_hand(text, "modern nominal blind");
  CHECK(h.full_big_blind_always_owed);
  CHECK(h.big_blind == 50);
  CHECK(nth(h, EventKind::Call, 3).amount == 25);
  CHECK(nth(h, EventKind::Call, 3).to == 50);
  CHECK(nth(h, EventKind::UncalledReturned, 3).amount == 20);
  CHECK(problems(h).empty());
  // Were only Cy's 0.30 owed, the call would be 0.20 too much.
  h.full_big_blind_always_owed = false;
  CHECK(problems(h) == std::vector<FindingCode>{FindingCode::WrongCallAmount});
}

namespace {

// A classic hand at table `table` whose pot line prints `pot_line`: 2.00 went in (1.00 each),
// Bob collects 1.70.
std::string classic_jackpot_hand(const std::string& table, const std::string& pot_line) {
  return "Game started at: 2014/8/2 10:50:44\n"
         "Game ID: 393967400 0.50/1 " +
         table +
         " (Hold'em)\n"
         "Seat 2 is the button\n"
         "Seat 2: Ann (10).\nSeat 3: Bob (10).\nSeat 4: Cy (10).\n"
         "Player Bob has small blind (0.50)\nPlayer Cy has big blind (1)\n"
         "Player Ann folds\nPlayer Bob calls (0.50)\nPlayer Cy checks\n"
         "*** FLOP ***: [6d 7h 3h]\nPlayer Bob checks\nPlayer Cy checks\n"
         "*** TURN ***: [6d 7h 3h] [2c]\nPlayer Bob checks\nPlayer Cy checks\n"
         "*** RIVER ***: [6d 7h 3h 2c] [2h]\nPlayer Bob checks\nPlayer Cy checks\n"
         "------ Summary ------\n" +
         pot_line +
         "\nBoard: [6d 7h 3h 2c 2h]\n"
         "Player Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.\n"
         "*Player Bob shows: Two pairs of As and 2s [Ah Ad]. Bets: 1. Collects: 1.70. Wins: 0.70.\n"
         "Player Cy shows: Two pairs of Ks and 2s [Kh Kd]. Bets: 1. Collects: 0. Loses: 1.\n"
         "Game ended at: 2014/8/2 10:51:4\n";
}

// The findings but notes, the shipped rake schedules applied (FEE_MISMATCH is theirs).
std::vector<FindingCode> all_codes(const Hand& h) {
  static const RakeSchedules schedules =
      load_rake_schedules((test::source_dir() / "rake").string());
  std::vector<FindingCode> out;
  for (const Finding& f :
       audit_hand(h, AuditContext{&test::shipped_house_rules(), &schedules}).findings)
    if (f.severity != Severity::Info) out.push_back(f.code);
  return out;
}

}  // namespace

TEST_CASE("WPN JP and Beast tables of 2014: a pot short by exactly $0.25 is a jackpot fee",
          "[winning][issue33]") {
  // Issue 33, point 13: 2.00 went in, "Pot: 1.70. Rake 0.05" accounts for 1.75: the $0.25 the
  // jackpot table took before the export printed a JP fee.
  for (const std::string table : {"JP Tahiti", "Beast Lagoon", "Tahiti (JP)"}) {
    INFO(table);
    const Hand h = clean_hand(classic_jackpot_hand(table, "Pot: 1.70. Rake 0.05"), table);
    REQUIRE(h.fees.size() == 1);
    CHECK(h.fees[0].name == "jackpot fee (not printed)");
    CHECK(h.fees[0].amount == 25);
    CHECK(h.total_pot == 200);
    CHECK(h.rake == 5);
    // A fee, not money lost: a warning that names it (no documented fee), no error.
    CHECK(all_codes(h) == std::vector<FindingCode>{FindingCode::FeeMismatch});
  }
  // Printed, the JP fee is part of the rake, as ever: no fee of its own.
  const Hand printed =
      clean_hand(classic_jackpot_hand("JP Tahiti", "Pot: 1.70. Rake 0.05. JP fee 0.25"), "printed");
  CHECK(printed.fees.empty());
  CHECK(printed.rake == 30);
  // Not a jackpot table, or a shortfall other than $0.25: the pot is short, an error of the site.
  for (const auto& [table, pot_line] :
       std::vector<std::pair<std::string, std::string>>{{"Tahiti", "Pot: 1.70. Rake 0.05"},
                                                        {"JPTahiti", "Pot: 1.70. Rake 0.05"},
                                                        {"JP Tahiti", "Pot: 1.75. Rake 0.05"}}) {
    INFO(table << " " << pot_line);
    const Hand h = clean_hand(classic_jackpot_hand(table, pot_line), table);
    CHECK(h.fees.empty());
    CHECK(std::find(all_codes(h).begin(), all_codes(h).end(), FindingCode::TotalPotMismatch) !=
          all_codes(h).end());
  }
}

TEST_CASE("WPN SNG 2.0: the <Game Information> head is text before the hands, not a hand",
          "[winning][issue33]") {
  // Issue 33, point 13: the SNG 2.0 file opens with a block of "Key: value" lines between
  // "<Game Information>" and "<Hand History>" (text, not XML), then modern tournament hands.
  const std::string head =
      "<Game Information>\nTitle: SNG 2.0 $5.50\nEntry #: 8034884\n"
      "Begin Time: 2017/05/08 08:32:30 UTC\nBuyin to Payout: Real To Real\n"
      "Play Type: Sit & Go\nGame Type: Hold'em\nBet Limit Type: No Limit\n\n<Hand History>\n";
  const std::string hand =
      "Game Hand #12908866 - Tournament #8034884 - Holdem(No Limit) - Level 1 (10.00/20.00)- "
      "2017/05/08 08:32:30 UTC\n"
      "Table '1' 3-max Seat #1 is the button\n"
      "Seat 1: Ann (500.00)\nSeat 2: Bob (500.00)\nSeat 3: Cy (500.00)\n"
      "Bob posts the small blind 10.00\nCy posts the big blind 20.00\n"
      "*** HOLE CARDS ***\nAnn folds\nBob folds\n"
      "Uncalled bet (10.00) returned to Cy\n"
      "*** SUMMARY ***\nTotal pot 20.00 | Rake 0.00\n"
      "Seat 1: Ann (button) folded on the Pre-Flop and did not bet\n"
      "Seat 2: Bob (small blind) folded on the Pre-Flop\n"
      "Seat 3: Cy (big blind) did not show and won 20.00\n";
  CHECK(winning::is_preamble(head));
  CHECK_FALSE(winning::is_preamble(head + "Something else: 1\n"));
  CHECK_FALSE(
      winning::is_preamble("Title: SNG 2.0 $5.50\n"));  // the fields without the tag: not the head
  CHECK(sniff_format(head + hand).format == format_by_name("winning"));
  const std::vector<Hand> hands = hands_of(head + hand + "\n" + hand);
  REQUIRE(hands.size() == 2);
  for (const Hand& h : hands) {
    CHECK(h.parsed);
    CHECK(h.issues.empty());
    CHECK(h.tournament_id == "8034884");
    CHECK(problems(h).empty());
  }
}
