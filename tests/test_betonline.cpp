// BetOnline / Chico (site "betonline"): detection, the parser on corpus hands with exact amounts
// (testdata/betonline, README.md there), a sweep of ../shared/corpus/BetOnline against
// testdata/betonline/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/betonline/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

const Event* first_event(const Hand& h, EventKind kind, int seat = -1) {
  for (const Event& e : h.events)
    if (e.kind == kind && (seat < 0 || e.seat == seat)) return &e;
  return nullptr;
}

void audits_clean(const Hand& h) {
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings) {
    INFO(f.code << ": " << f.message);
    CHECK(f.severity == Severity::Info);
  }
}

}  // namespace

TEST_CASE("BetOnline detection", "[betonline]") {
  CHECK(betonline::is_hand_start(
      "BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - 2016/04/05 08:08:59 "
      "Eastern Daylight Time"));
  CHECK(betonline::is_hand_start("PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - x"));
  CHECK(betonline::is_hand_start("Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36"));
  CHECK_FALSE(betonline::is_hand_start("BetOnline Poker Game #: Hold'em"));
  CHECK_FALSE(betonline::is_hand_start("PokerStars Game #123: Hold'em No Limit ($1/$2)"));
  CHECK(sniff_format("PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - x\n")
            .format->name() == "betonline");
}

TEST_CASE("BetOnline hand: Windows zone, seats from 0, post dead, no-space turn marker",
          "[betonline]") {
  const std::vector<Hand> hands = read_text(test::load("betonline/post_dead.txt"), "post_dead.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "betonline");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "1002134798");
  CHECK(h.table_name == "Blade Runner");
  CHECK(h.max_seats == 10);
  CHECK(h.button_seat == 6);  // "Seat #5": seats are stored from 1
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  CHECK(h.started_at_utc == "2012-04-11T00:59:39Z");  // "01:59:39 GMT Daylight Time" (London)
  REQUIRE(h.seat_of(1));
  CHECK(h.seat_of(1)->player == "Player2");  // "Seat 0: Player2"
  // "Player0: post dead 0.50": the 0.50 big blind live and the 0.25 small blind dead.
  const Event* dead = first_event(h, EventKind::PostBothBlinds);
  REQUIRE(dead);
  CHECK(dead->seat == 4);
  CHECK(dead->amount == 75);
  CHECK(dead->dead == 25);
  const Event* turn = nullptr;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Board && e.street == Street::Turn) turn = &e;
  REQUIRE(turn);
  CHECK(turn->cards.printed() == "10d");
  CHECK(h.rake == 78);
  CHECK(h.total_pot == 1561);  // 14.83 net of the 0.78 rake
  const Event* won = first_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 8);
  CHECK(won->amount == 1483);
  audits_clean(h);
}

TEST_CASE("BetOnline hand: a side pot printed mid-hand, its winner named only for the main pot",
          "[betonline]") {
  const std::vector<Hand> hands = read_text(test::load("betonline/three_way.txt"), "three_way.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.started_at_utc == "2016-05-04T14:36:39Z");  // Eastern Daylight Time
  // "ante processed 0.00" for every seat is no forced bet.
  CHECK_FALSE(first_event(h, EventKind::PostAnte));
  // "Total pot 1.26 | Rake 0.22" mid-hand, "Total pot 2.49 | Rake 0.22" in the summary.
  REQUIRE(h.reported_pots.size() == 2);
  CHECK(h.reported_pots[0].index == 1);
  CHECK(h.reported_pots[0].amount == 126);
  CHECK(h.reported_pots[1].index == 0);
  CHECK(h.reported_pots[1].amount == 249);
  CHECK_FALSE(h.rake);  // derived: 3.97 put in, 3.75 paid
  CHECK_FALSE(h.total_pot);
  const Event* raise = first_event(h, EventKind::Raise, 10);  // "Seat 9: Player5"
  REQUIRE(raise);
  CHECK(raise->street == Street::Flop);
  CHECK(raise->to == 148);
  CHECK(raise->all_in);
  const Event* shows = first_event(h, EventKind::Shows, 3);  // "Player1 shows 5s 4s"
  REQUIRE(shows);
  CHECK(shows->cards.printed() == "5s 4s");
  // Player1 put in the most (1.52, as Player5) and won the main pot: the side pot is theirs too.
  REQUIRE(h.summary.size() == 9);
  const Event* won = first_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 3);
  CHECK(won->amount == 375);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  CHECK(r.derived_rake == 22);
  audits_clean(h);
}

TEST_CASE("BetOnline Gear Poker dialect: capitalised verbs, seats counted down, no uncalled line",
          "[betonline]") {
  const std::vector<Hand> hands = read_text(test::load("betonline/gear.txt"), "gear.txt");
  REQUIRE(hands.size() == 2);
  const Hand& h = hands[0];
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "1014850512");
  CHECK(h.table_name == "3875596-33");
  CHECK(h.currency.empty());
  CHECK(h.started_at_utc == "2012-04-09T12:14:36Z");  // no zone printed: taken as UTC
  CHECK(h.small_blind == 1000);                       // the posts: the header prints no stakes
  CHECK(h.big_blind == 2000);
  CHECK(h.button_seat == 1);  // "Seat #9", seats numbered down: 9 -> 1
  REQUIRE(h.seat_of(10));
  CHECK(h.seat_of(10)->player == "Hero");  // "Seat 0: Hero"
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(h.rake == 0);
  CHECK(h.total_pot == 9000);
  const Event* won = first_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 3);  // "Seat 7: Player6 (Big Blind)  collected (90.00) from the Pot."
  CHECK(won->amount == 9000);
  audits_clean(h);
  const Hand& allin = hands[1];
  CHECK(allin.parsed);
  CHECK(allin.issues.empty());
  const Event* raise = first_event(allin, EventKind::Raise);  // "Raises 1000.00 and is All In."
  REQUIRE(raise);
  CHECK(raise->to == 100000);
  CHECK(raise->all_in);
  audits_clean(allin);
}

TEST_CASE("BetOnline corpus sweep", "[betonline][corpus]") {
  const fs::path root = test::shared_corpus() / "BetOnline";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one "Game #N: " header per hand, and the hands that reach a
  // "*** SUMMARY ***" line before the next header (a file may end inside a hand).
  long headers = 0, complete = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (std::size_t p = text.find(" Game #"); p != std::string::npos;
         p = text.find(" Game #", p + 1)) {
      ++headers;
      const std::size_t next = text.find(" Game #", p + 1);
      const std::size_t summary = text.find("*** SUMMARY ***", p);
      complete += summary != std::string::npos && summary < next;
    }
  }
  const test::SweepResult r = test::sweep_corpus(root, "betonline/anomalies.tsv");
  CHECK(headers == 47);
  CHECK(complete == 46);  // NLHE-10max-USD-0.25-0.05-201108.txt ends inside hand 900205887
  CHECK(r.hands == headers);
  CHECK(r.parsed == complete);
  CHECK(r.sites == std::set<std::string>{"betonline"});
  test::check_sweep(r, "betonline/anomalies.tsv", /*with_hp=*/false, complete);
}

// Fault hands: testdata/betonline/faults/NAME.txt is faults/originals/NAME.txt (the corpus hand)
// edited on one line; testdata/betonline/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& start, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault(
      {"betonline/faults", name, "betonline", start, hand_id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("BetOnline fault: a collection larger than the pot", "[betonline][faults]") {
  // "won (0.95)" -> "(1.05)": the pot is 1.00, the rake 0.05.
  check_fault("collection", "PayNoRake ", "1027919331",
              {{FindingCode::RakeMismatch, 0, -5, 5},
               {FindingCode::ChipsNotConserved, 0, 100, 110},
               {FindingCode::PayoutMismatch, 0, 95, 105}});
}

TEST_CASE("BetOnline fault: a rake larger than the pot less the collection",
          "[betonline][faults]") {
  // "Rake 0.05" -> "Rake 0.10": 1.00 went in, 0.95 was paid.
  check_fault("rake", "PayNoRake ", "1027919331",
              {{FindingCode::TotalPotMismatch, 0, 100, 105},
               {FindingCode::ChipsNotConserved, 0, 100, 105},
               {FindingCode::PayoutMismatch, 0, 90, 95}});
}

TEST_CASE("BetOnline fault: an uncalled bet returned short", "[betonline][faults]") {
  // "Uncalled bet (0.03)" -> "(0.02)": nobody called Hero's 0.03.
  check_fault("uncalled", "BetOnline ", "1593704164",
              {{FindingCode::UncalledBetMismatch, 6, 3, 2},
               {FindingCode::TotalPotMismatch, 0, 5, 4},
               {FindingCode::ChipsNotConserved, 0, 5, 4},
               {FindingCode::PayoutMismatch, 0, 5, 4}});
}

TEST_CASE("BetOnline fault: a call short of the bet", "[betonline][faults]") {
  // "Player6: calls 3.00" -> "2.50": the bet was 3.50 and Player6 had 0.50 in.
  check_fault("call", "BetOnline ", "1002060530",
              {{FindingCode::WrongCallAmount, 3, 300, 250},
               {FindingCode::RoundNotClosed, 3, 350, 300},
               {FindingCode::TotalPotMismatch, 0, 4950, 5050},
               {FindingCode::ChipsNotConserved, 0, 4950, 5050},
               {FindingCode::PayoutMismatch, 0, 4698, 4798}});
}

TEST_CASE("BetOnline fault: a side pot printed larger than it is", "[betonline][faults]") {
  // "Total pot 1.26" -> "1.36": the side pot holds 1.34 before rake (0.67 from two players).
  check_fault(
      "side_pot", "BetOnline ", "1606125823",
      {{FindingCode::SidePotMismatch, 0, 130, 136}, {FindingCode::SidePotMismatch, 0, 255, 249}});
}

TEST_CASE("BetOnline tournament: no limit printed, blinds posted, a player with no name",
          "[betonline]") {
  const std::vector<Hand> hands =
      read_text(test::load("betonline/tournament.txt"), "tournament.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.tournament_id == "4157956");
  CHECK(h.currency.empty());
  CHECK(h.unit == 100);  // chips with cents: "29513.42 in chips"
  CHECK(h.limit_text.empty());
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.small_blind == 10000);  // ": posts small blind 100.00" (header: $10.00/$20.00)
  CHECK(h.big_blind == 40000);
  CHECK(h.started_at_utc == "2012-10-14T00:13:28Z");
  REQUIRE(h.seat_of(5));
  CHECK(h.seat_of(5)->player.empty());                       // "Seat 4:  (100.00 in chips)"
  const Event* shows = first_event(h, EventKind::Shows, 5);  // " shows 8h 7s"
  REQUIRE(shows);
  CHECK(shows->cards.printed() == "8h 7s");
  CHECK(h.rake == 0);
  // "Total pot 1200.00" before the show down, "Total pot 500.00" in the summary, where Hero won
  // 500.00: Hero put in as much as anyone (400), so the 1200 side pot is Hero's too.
  REQUIRE(h.reported_pots.size() == 2);
  const Event* won = first_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 4);
  CHECK(won->amount == 170000);
  audits_clean(h);
}

TEST_CASE(
    "BetOnline rules on a written hand: a stack not printed, a split main pot, an unnamed "
    "side pot",
    "[betonline]") {
  const std::vector<Hand> hands =
      read_text(test::load("betonline/split_side_pot.txt"), "split_side_pot.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  // "Carol (0.00 in chips)" calls 0.50 of the 0.90 owed: all-in, her stack was the 0.60 put in.
  REQUIRE(h.seat_of(3));
  CHECK(h.seat_of(3)->stack == 60);
  CHECK_FALSE(h.seat_of(3)->stack_unknown);
  const Event* call = first_event(h, EventKind::Call, 3);
  REQUIRE(call);
  CHECK(call->all_in);
  // Alice and Bob split the main pot (0.90 each, as printed) and both reached the 4.80 side pot,
  // which the summary does not name: 2.40 each.
  Money alice = 0, bob = 0;
  for (const Event& e : h.events) {
    if (e.kind != EventKind::Collected) continue;
    CHECK((e.seat == 1 || e.seat == 2));
    (e.seat == 1 ? alice : bob) += e.amount;
  }
  CHECK(alice == 330);
  CHECK(bob == 330);
  audits_clean(h);
}

TEST_CASE("BetOnline 2011: a side pot's line printed twice is one pot, the tournament notice",
          "[betonline][issue33]") {
  // Issue 33, point 15, on the side pot hand of testdata/betonline/split_side_pot.txt written as
  // 2011 prints it: the side pot's "Total pot 4.80" twice in a row, the summary's block of
  // totals and board twice.
  std::string text = test::load("betonline/split_side_pot.txt");
  auto edit = [&](const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  edit("2012/09/30 21:00:00 EDT", "2011/08/07 15:01 Eastern Daylight Time");
  const std::string block =
      "Total pot 4.80 | Rake 0.00\nTotal pot 4.80 | Rake 0.00\nTotal pot 1.80 | Rake 0.00\n"
      "Board [2c 7d 9h Kd 3s]\n";
  edit("Total pot 4.80 | Rake 0.00\nTotal pot 1.80 | Rake 0.00\nBoard [2c 7d 9h Kd 3s]\n",
       block + block);
  // A tournament file's notice before its first hand is no hand.
  const std::vector<Hand> hands =
      read_text("Tournament will start in a moment.\n\n" + text, "side_2011.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.issues.empty());
  REQUIRE(h.reported_pots.size() == 2);
  CHECK(h.reported_pots[0].amount == 480);
  CHECK(h.reported_pots[1].amount == 180);
  Money alice = 0, bob = 0;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Collected) (e.seat == 1 ? alice : bob) += e.amount;
  CHECK(alice == 330);
  CHECK(bob == 330);
  audits_clean(h);
  // The notice between two hands is no line of the play either.
  const std::vector<Hand> two =
      read_text(text + "\nTournament will start in a moment.\n\n" + text, "two.txt");
  REQUIRE(two.size() == 2);
  CHECK(two[0].issues.empty());
}
