// Winamax: the parser on real hands (testdata/winamax/, sources in its README.md) with exact
// amounts, detection beside PokerStars, the sweep of ../shared/corpus/Winamax (skipped when
// absent) against testdata/winamax/anomalies.tsv and fpdb's .hp nets, and one fault hand per money
// error (testdata/winamax/faults/).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/pokerstars/builder.hpp"
#include "parser/text/decode.hpp"
#include "parser/winamax/builder.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

Hand parse_one(const std::string& rel) {
  auto hands = read_text(decode(test::read_file(test::testdata(rel))).text, rel);
  REQUIRE(hands.size() == 1);
  INFO(rel);
  REQUIRE(hands[0].parsed);
  CHECK(hands[0].issues.empty());
  CHECK(hands[0].site == "winamax");
  return hands[0];
}

std::vector<const Event*> events(const Hand& h, EventKind k, int seat) {
  std::vector<const Event*> out;
  for (const Event& e : h.events)
    if (e.kind == k && e.seat == seat) out.push_back(&e);
  return out;
}

const Event& only(const Hand& h, EventKind k, int seat) {
  auto found = events(h, k, seat);
  REQUIRE(found.size() == 1);
  return *found.front();
}

std::vector<const Finding*> findings(const AuditResult& r, FindingCode code) {
  std::vector<const Finding*> out;
  for (const Finding& f : r.findings)
    if (f.code == code) out.push_back(&f);
  return out;
}

}  // namespace

TEST_CASE("Winamax cash header, raise to, calls by, uncalled excess in a side pot collection",
          "[winamax]") {
  const Hand h = parse_one("winamax/cash_nlhe_side_pot_excess.txt");
  CHECK(h.site_hand_id == "323549-11-1286000000");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK_FALSE(h.tournament);
  CHECK(h.currency == "EUR");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 2);
  CHECK(h.big_blind == 5);
  CHECK(h.started_at_utc == "2010-10-02T10:00:00Z");
  CHECK(h.table_name == "Reims");
  CHECK(h.max_seats == 9);
  CHECK(h.button_seat == 5);
  REQUIRE(h.seats.size() == 9);
  CHECK(h.seats[7].player == "Player8");
  CHECK(h.seats[7].stack == 643);
  // "Player1 posts big blind 0.05€ out of position": a live big blind.
  CHECK(only(h, EventKind::PostBigBlind, 1).amount == 5);
  // "Player8 raises 0.17€ to 0.22€": 0.22 in, to 0.22, by 0.17.
  const Event& raise = only(h, EventKind::Raise, 8);
  CHECK(raise.amount == 22);
  CHECK(raise.to == 22);
  CHECK(raise.raise_by == 17);
  CHECK(raise.street == Street::Preflop);
  // "Player8 calls 0.91€" on the flop after betting 0.39: the call is the chips added.
  auto calls = events(h, EventKind::Call, 8);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0]->amount == 91);
  CHECK(calls[0]->to == 130);
  CHECK(calls[0]->street == Street::Flop);
  auto p3_calls = events(h, EventKind::Call, 3);
  REQUIRE(p3_calls.size() == 3);
  CHECK(p3_calls[2]->amount == 341);
  CHECK(p3_calls[2]->all_in);
  // The excess of Player8's river bet comes back as "collected 1.29€ from side pot 1".
  const Event& excess = only(h, EventKind::Collected, 8);
  CHECK(excess.amount == 129);
  CHECK(excess.pot_index == 1);
  const Event& main = only(h, EventKind::Collected, 3);
  CHECK(main.amount == 1092);
  CHECK(main.pot_index == 0);
  // "Total pot 12.21€ | Rake 0.58€": printed net, the model's total is gross.
  REQUIRE(h.total_pot);
  CHECK(*h.total_pot == 1279);
  REQUIRE(h.rake);
  CHECK(*h.rake == 58);
  CHECK(h.reported_pots.empty());
  CHECK(h.uncalled_style == UncalledStyle::InCollection);
  // One collection line may hold several pots won by one player (issue 19): the audit knows it.
  CHECK(h.collections_may_merge_pots);
  REQUIRE(h.summary.size() == 9);
  CHECK(h.summary[7].seat == 8);
  CHECK(h.summary[7].won == 129);
  CHECK(h.summary[8].folded);

  const AuditResult r = audit_hand(h);
  auto returned = findings(r, FindingCode::UncalledBetInCollection);
  REQUIRE(returned.size() == 1);
  CHECK(returned[0]->seat == 8);
  CHECK(*returned[0]->expected == 129);
  CHECK(findings(r, FindingCode::UncalledBetMismatch).empty());
  CHECK(findings(r, FindingCode::WrongCallAmount).empty());
  // Player8 put in 6.22 and got 1.29 back: 4.93 in, nothing won.
  for (const PlayerResult& p : r.players)
    if (p.seat == 8) {
      CHECK(p.contributed == 493);
      CHECK(p.collected == 0);
    }
}

TEST_CASE("Winamax both blinds posted out of position, bet nobody called", "[winamax]") {
  const Hand h = parse_one("winamax/cash_plo_post_both.txt");
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.small_blind == 100);
  CHECK(h.big_blind == 200);
  // "posts small blind 3€ out of position" + "posts big blind 0€ out of position": one post of
  // both blinds, 2€ live (Player4 then checks preflop) and 1€ dead.
  const Event& both = only(h, EventKind::PostBothBlinds, 5);
  CHECK(both.amount == 300);
  CHECK(both.dead == 100);
  CHECK(both.to == 200);
  CHECK(events(h, EventKind::PostBigBlind, 5).empty());
  CHECK(events(h, EventKind::PostDead, 5).empty());
  REQUIRE(h.total_pot);
  CHECK(*h.total_pot == 1600);
  CHECK(*h.rake == 52);

  const AuditResult r = audit_hand(h);
  CHECK(findings(r, FindingCode::WrongCallAmount).empty());
  auto returned = findings(r, FindingCode::UncalledBetInCollection);
  REQUIRE(returned.size() == 1);
  CHECK(returned[0]->seat == 5);
  // Player4 put in 11€ (1€ of it dead) and collected 15.48€ of the 16€: +4.48€ whatever part of
  // the collection is called the uncalled bet.
  for (const PlayerResult& p : r.players)
    if (p.seat == 5) CHECK(p.net() == 1548 - 1100);
}

TEST_CASE("Winamax 7 Card Stud Hi/Lo: stakes with ante, two halves, two summary lines",
          "[winamax]") {
  const Hand h = parse_one("winamax/cash_stud_hilo.txt");
  CHECK(h.game.name() == "7 Card Stud Hi/Lo");
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.ante == 500);
  CHECK(h.small_blind == 2500);
  CHECK(h.big_blind == 5000);
  CHECK(h.button_seat == 0);
  const Event& bring = only(h, EventKind::BringIn, 1);
  CHECK(bring.amount == 1000);
  CHECK(bring.street == Street::Preflop);
  auto halves = events(h, EventKind::Collected, 2);
  REQUIRE(halves.size() == 2);
  CHECK(halves[0]->amount == 11400);
  CHECK(halves[1]->amount == 11400);
  CHECK(halves[0]->pot_index == -1);
  CHECK(events(h, EventKind::Bet, 2).back()->street == Street::Seventh);
  CHECK(events(h, EventKind::Board, 0).empty());
  // "Seat 2: Player0 won 114€" printed once per half: one summary seat of 228€.
  REQUIRE(h.summary.size() == 1);
  CHECK(h.summary[0].won == 22800);
  CHECK(*h.total_pot == 23000);
  CHECK(*h.rake == 200);
}

TEST_CASE("Winamax tournament: half chips, abbreviated total pot, side pot", "[winamax]") {
  const Hand h = parse_one("winamax/tour_side_pot_half_chips.txt");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "1468666");
  CHECK(h.currency.empty());
  CHECK(h.unit == 100);  // "Seat 3: Player2 (7410.50)"
  CHECK(h.ante == 1500);
  CHECK(h.small_blind == 7500);
  CHECK(h.big_blind == 15000);
  CHECK(h.seats[2].stack == 741050);
  const Event& call = *events(h, EventKind::Call, 3).back();
  CHECK(call.amount == 445550);
  CHECK(call.all_in);
  const Event& shove = *events(h, EventKind::Raise, 7).back();
  CHECK(shove.to == 716500);
  CHECK(shove.amount == 716500 - 117000);
  // "Total pot 15.52k | No rake": rounded, so no total; the rake is stated.
  CHECK_FALSE(h.total_pot);
  REQUIRE(h.rake);
  CHECK(*h.rake == 0);
  CHECK(only(h, EventKind::Collected, 7).amount == 37000);
  CHECK(only(h, EventKind::Collected, 3).amount == 1515100);
  // A genuine anomaly (listed in anomalies.tsv): the excess 369.50 is paid as 370.
  const AuditResult r = audit_hand(h);
  auto leftover = findings(r, FindingCode::PayoutMismatch);
  REQUIRE(leftover.size() == 1);
  CHECK(*leftover[0]->actual == 50);
  CHECK(*findings(r, FindingCode::UncalledBetInCollection)[0]->expected == 36950);
}

TEST_CASE("Winamax 2-7 Triple Draw, play money", "[winamax]") {
  const Hand h = parse_one("winamax/cash_triple_draw_play.txt");
  CHECK(h.game.name() == "2-7 Triple Draw");
  CHECK(h.currency.empty());
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  auto discards = events(h, EventKind::Discards, 5);
  REQUIRE(discards.size() == 1);
  CHECK(discards[0]->count == 2);
  CHECK(discards[0]->street == Street::Flop);
  auto pat = events(h, EventKind::Discards, 3);
  REQUIRE(pat.size() == 3);
  CHECK(pat[2]->count == 0);
  CHECK(pat[2]->street == Street::River);
  CHECK(events(h, EventKind::Bet, 1).back()->street == Street::River);
  // Three players posted the big blind out of position: live bets.
  CHECK(only(h, EventKind::PostBigBlind, 2).amount == 50);
  CHECK(*h.total_pot == 1300);
  const AuditResult r = audit_hand(h);
  for (const Finding& f : r.findings) CHECK(f.severity == Severity::Info);
}

TEST_CASE("Winamax cp1252 export with bounties", "[winamax]") {
  const Hand h = parse_one("winamax/tour_bounty_cp1252.txt");
  CHECK(h.site_hand_id == "2357799155578961958-128-1653325811");
  CHECK(h.started_at_utc == "2022-05-23T17:10:11Z");
  CHECK(h.tournament_id == "548967895");
  REQUIRE(h.seats.size() == 6);
  CHECK(h.seats[3].stack == 4503100);
  CHECK(h.seats[3].bounty == 1743);  // "17.43€ bounty", in cents
  CHECK(h.ante == 14000);
  CHECK(*h.total_pot == 6389000);
  const AuditResult r = audit_hand(h);
  for (const Finding& f : r.findings) CHECK(f.severity == Severity::Info);
}

// Issue 19, point 9: Winamax's newer text (2021) writes "*** FLOP ***: [8d Ac Jc]". The hand is
// tour_bounty_cp1252.txt (UTF-8) with the three board markers in that form.
TEST_CASE("Winamax street markers with a colon put every action on its street", "[winamax]") {
  const Hand h = parse_one("winamax/tour_colon_markers.txt");
  auto boards = std::vector<const Event*>{};
  for (const Event& e : h.events)
    if (e.kind == EventKind::Board) boards.push_back(&e);
  REQUIRE(boards.size() == 3);
  CHECK(boards[0]->street == Street::Flop);
  CHECK(boards[0]->cards.printed() == "8d Ac Jc");
  CHECK(boards[1]->street == Street::Turn);
  CHECK(boards[1]->cards.printed() == "Tc");
  CHECK(boards[2]->street == Street::River);
  CHECK(boards[2]->cards.printed() == "2h");
  // Player2 (seat 3) raises pre-flop, bets 2218 on the flop; Hero (seat 5) bets the turn and river.
  CHECK(only(h, EventKind::Raise, 3).street == Street::Preflop);
  const Event& flop_bet = only(h, EventKind::Bet, 3);
  CHECK(flop_bet.street == Street::Flop);
  CHECK(flop_bet.amount == 221800);
  auto hero_bets = events(h, EventKind::Bet, 5);
  REQUIRE(hero_bets.size() == 2);
  CHECK(hero_bets[0]->street == Street::Turn);
  CHECK(hero_bets[0]->amount == 720000);
  CHECK(hero_bets[1]->street == Street::River);
  CHECK(hero_bets[1]->amount == 1916700);
  const AuditResult r = audit_hand(h);
  for (const Finding& f : r.findings) CHECK(f.severity == Severity::Info);
  CHECK(findings(r, FindingCode::WrongCallAmount).empty());
  CHECK(findings(r, FindingCode::TotalPotMismatch).empty());
}

TEST_CASE("Winamax negative raise increment is kept and audited", "[winamax]") {
  const Hand h = parse_one("winamax/cash_stud_negative_raise.txt");
  // "Player0 raises -6.10€ to 18.90€" after a 10€ bring-in: printed as is.
  auto raises = events(h, EventKind::Raise, 2);
  REQUIRE(raises.size() == 1);
  CHECK(raises[0]->raise_by == -610);
  CHECK(raises[0]->to == 1890);
  CHECK(raises[0]->amount == 890);
  // The export's "to" is the chips added, not the street total: the next call cannot be right.
  const AuditResult r = audit_hand(h);
  auto wrong = findings(r, FindingCode::WrongCallAmount);
  REQUIRE(wrong.size() == 1);
  CHECK(*wrong[0]->expected == 0);
  CHECK(*wrong[0]->actual == 390);
}

TEST_CASE("Winamax detection never claims another site's line, and mixed texts split",
          "[winamax]") {
  const std::string wmx =
      "Winamax Poker - CashGame - HandId: #14404225-40-1589534802 - Holdem no limit (2€/4€) - "
      "2020/05/15 09:26:42 UTC";
  CHECK(winamax::is_hand_start(wmx));
  CHECK(winamax::is_hand_start("  " + wmx));
  CHECK_FALSE(winamax::is_hand_start("PokerStars Hand #184487904738: Hold'em No Limit"));
  CHECK_FALSE(winamax::is_hand_start("Winamax Poker"));
  CHECK_FALSE(pokerstars::is_hand_start(wmx));
  REQUIRE(readable_format_of_line(wmx));
  CHECK(readable_format_of_line(wmx)->name() == "winamax");

  const std::string stars_text =
      test::read_file(test::testdata("sample/fixtures_holdem_Sample.txt"));
  const std::string wmx_text = test::read_file(test::testdata("winamax/cash_plo_post_both.txt"));
  const std::string mixed = decode(wmx_text + "\n\n" + stars_text + "\n\n" + wmx_text).text;
  auto hands = read_text(mixed, "mixed.txt");
  REQUIRE(hands.size() == 3);
  CHECK(hands[0].site == "winamax");
  CHECK(hands[1].site == "pokerstars");
  CHECK(hands[2].site == "winamax");
  for (const Hand& h : hands) {
    CHECK(h.parsed);
    CHECK(h.issues.empty());
  }
}

TEST_CASE("Winamax corpus sweep", "[corpus][winamax]") {
  const std::filesystem::path root = test::shared_corpus() / "Winamax";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(std::filesystem::is_directory(root));
  const test::SweepResult r = test::sweep_corpus(root, "winamax/anomalies.tsv");
  CHECK(r.hands >= 50);
  CHECK(r.sites == std::set<std::string>{"winamax"});
  test::check_sweep(r, "winamax/anomalies.tsv");
}

// Fault hands: testdata/winamax/faults/NAME.txt is testdata/winamax/faults/originals/NAME.txt
// edited on one line; testdata/winamax/README.md explains every expected finding.
namespace {
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings,
                 std::vector<test::Expected> original_findings = {}) {
  test::check_fault({"winamax/faults", name, "winamax", "Winamax Poker - ", hand_id,
                     std::move(findings), std::move(original_findings)});
}
}  // namespace

TEST_CASE("Winamax fault: wrong collected amount", "[faults][winamax]") {
  // "Player0 collected 11.22€ from pot" -> "12.22€".
  check_fault("collected_amount", "947321-694-1299021223",
              {{FindingCode::PayoutMismatch, 0, 1122, 1222},
               {FindingCode::RakeMismatch, 0, -22, 78},
               {FindingCode::ChipsNotConserved, 0, 1200, 1300},
               {FindingCode::SummaryMismatch, 1, 1222, 1122}});
}

TEST_CASE("Winamax fault: wrong total pot", "[faults][winamax]") {
  // "Total pot 498€ | Rake 2€" -> "Total pot 499€": 501€ gross for 500€ put in.
  check_fault(
      "total_pot", "9630554-604-1489827073",
      {{FindingCode::TotalPotMismatch, 0, 50000, 50100}, {FindingCode::RakeMismatch, 0, 300, 200}});
}

TEST_CASE("Winamax fault: wrong rake", "[faults][winamax]") {
  // "Total pot 9.91€ | Rake 0.69€" -> "Rake 0.79€". The printed total is net of rake, so the
  // gross total moves with the rake: the total no longer matches what was put in, and the rake
  // derived from it agrees with the printed one (no RAKE_MISMATCH can fire on a net total).
  check_fault("rake", "9247976-238-1478874600",
              {{FindingCode::TotalPotMismatch, 0, 1060, 1070},
               {FindingCode::ChipsNotConserved, 0, 1060, 1070},
               {FindingCode::PayoutMismatch, 0, 981, 991}});
}

TEST_CASE("Winamax fault: uncalled excess not fully paid back", "[faults][winamax]") {
  // "Player8 collected 1.29€ from side pot 1" -> "1.19€": the 1.29€ nobody called comes back
  // 0.10€ short; the unedited original is clean.
  check_fault("uncalled_bet", "323549-11-1286000000",
              {{FindingCode::UncalledBetMismatch, 8, 129, 119},
               {FindingCode::RakeMismatch, 0, 68, 58},
               {FindingCode::ChipsNotConserved, 0, 1279, 1269},
               {FindingCode::PayoutMismatch, 0, 1098, 1092},
               {FindingCode::PayoutMismatch, 0, 123, 119},
               {FindingCode::SummaryMismatch, 8, 119, 129}});
}

TEST_CASE("Winamax fault: wrong call amount", "[faults][winamax]") {
  // "Player5 calls 20" -> "calls 10" (tournament, centi-chips): Player5 folds on the flop.
  check_fault("call_amount", "7959970263859201-1-1288800933",
              {{FindingCode::WrongCallAmount, 9, 2000, 1000},
               {FindingCode::RoundNotClosed, 9, 2000, 1000},
               {FindingCode::TotalPotMismatch, 0, 83000, 84000},
               {FindingCode::ChipsNotConserved, 0, 83000, 84000},
               {FindingCode::PayoutMismatch, 0, 83000, 84000}});
}

// A hand of two written for the rules below; `summary` is the winner's summary seat line.
namespace {
std::string winamax_two_player_hand(std::string_view collected, std::string_view summary) {
  std::string text =
      "Winamax Poker - CashGame - HandId: #1000000-1-1000000001 - Holdem no limit (1€/2€) - "
      "2016/11/15 08:31:17 UTC\n"
      "Table: 'Written 01' 5-max (real money) Seat #1 is the button\n"
      "Seat 1: Hero (100€)\n"
      "Seat 2: Villain (100€)\n"
      "*** ANTE/BLINDS ***\n"
      "Hero posts small blind 1€\n"
      "Villain posts big blind 2€\n"
      "Dealt to Hero [Qs 5s]\n"
      "*** PRE-FLOP ***\n"
      "Hero calls 1€\n"
      "Villain checks\n"
      "*** FLOP *** [3c 4s 9h]\n"
      "Villain bets 4€\n"
      "Hero folds\n";
  text += "Villain collected " + std::string(collected) + " from pot\n";
  text +=
      "*** SUMMARY ***\n"
      "Total pot 4€ | No rake\n"
      "Board: [3c 4s 9h]\n";
  text += std::string(summary) + "\n";
  return text;
}
}  // namespace

TEST_CASE("Winamax: an amount is the whole token, a summary seat's money follows \"won\"",
          "[winamax]") {
  auto read = [](const std::string& text) { return read_text(text, "written.txt"); };
  const std::vector<Hand> clean = read(winamax_two_player_hand("4€", "Seat 2: Villain won 4€"));
  REQUIRE(clean.size() == 1);
  CHECK(clean[0].issues.empty());
  REQUIRE(clean[0].summary.size() == 1);
  CHECK(clean[0].summary[0].won == 400);
  for (const auto& [collected, summary, line] :
       {std::tuple{"4O€", "Seat 2: Villain won 4€", 15u},
        std::tuple{"4€", "Seat 2: Villain won 4O€", 19u},
        std::tuple{"4€", "Seat 2: Villain won 4.O€", 19u},
        std::tuple{"4€", "Seat 2: Villain zzyzx 4€", 19u},
        std::tuple{"4€", "Seat 2: Villain showed [Ah Ad] and zzyzx 4€ with One pair : 9", 19u}}) {
    INFO(collected << " / " << summary);
    const std::vector<Hand> hands = read(winamax_two_player_hand(collected, summary));
    REQUIRE(hands.size() == 1);
    REQUIRE(!hands[0].issues.empty());
    CHECK(hands[0].issues.front().line == line);
  }
  // The numbers of a shown hand are not money.
  const std::vector<Hand> shown = read(winamax_two_player_hand(
      "4€", "Seat 2: Villain showed [9s 4d] and won 4€ with Two pairs : 9 and 4"));
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].issues.empty());
}
