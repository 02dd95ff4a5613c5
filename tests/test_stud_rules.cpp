// Stud: who brings in on 3rd street and who opens each later round (OUT_OF_TURN and
// WRONG_FORCED_BET), on PokerStars-format hands written here and on real hands in testdata/stud/
// (see its SOURCES.md). Rule texts: 000 (bring-in, acting in turn), 004 (seven card stud, razz);
// the suit order and the tie rule are in docs/rules.md ("Stud").
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "test_paths.hpp"

using namespace hh;

namespace {

struct StudPlayer {
  std::string name;
  int seat;
  // The up cards dealt on 3rd, 4th, 5th and 6th street; fewer once the player has folded.
  std::vector<std::string> up;
  std::string chips{"2"};  // the stack in dollars; "0.01" posts the ante all-in
};

const char* const kStreets[] = {"3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"};

// A $0.04/$0.08 cash hand of `game` ("7 Card Stud", "Razz", ...) with $2 stacks and $0.01
// antes: each round deals the players their next up card, then `rounds[i]` are its actions.
// `table_suffix` may name a button (" Seat #3 is the button").
Hand stud(const std::string& game, const std::vector<StudPlayer>& players,
          const std::vector<std::string>& rounds, const std::string& table_suffix = "") {
  std::string text = "PokerStars Game #1:  " + game +
                     " Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET\nTable 'T' 8-max" +
                     table_suffix + "\n";
  for (const StudPlayer& p : players)
    text += "Seat " + std::to_string(p.seat) + ": " + p.name + " ($" + p.chips + " in chips)\n";
  for (const StudPlayer& p : players)
    text += p.name + ": posts the ante $0.01" + (p.chips == "0.01" ? " and is all-in" : "") + "\n";
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    text += std::string("*** ") + kStreets[r] + " ***\n";
    for (const StudPlayer& p : players) {
      if (r >= 4 || p.up.size() <= r) continue;
      std::string shown;
      for (std::size_t i = 0; i < r; ++i) shown += (i ? " " : "") + p.up[i];
      text += "Dealt to " + p.name + " " + (r ? "[" + shown + "] " : "") + "[" + p.up[r] + "]\n";
    }
    text += rounds[r];
  }
  text += "*** SUMMARY ***\n";
  auto hands = read_text(text, "stud.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].issues.empty());
  return hands[0];
}

std::vector<Finding> order_findings(const Hand& h) {
  std::vector<Finding> out;
  for (const Finding& f : audit_hand(h).findings)
    if (f.code == FindingCode::OutOfTurn || f.code == FindingCode::WrongForcedBet ||
        f.code == FindingCode::RoundNotClosed)
      out.push_back(f);
  return out;
}

void check_finding(const Finding& f, Street street, int seat, int expected_seat) {
  CHECK(f.street == street);
  CHECK(f.seat == seat);
  CHECK(f.expected == FindingAmount::seat(expected_seat));
  CHECK(f.actual == FindingAmount::seat(seat));
}

std::vector<Hand> parse_file(const std::string& rel) {
  auto hands = read_text(test::read_file(test::testdata(rel)), rel);
  for (const Hand& h : hands) REQUIRE(h.parsed);
  return hands;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

Hand only_hand(const std::string& text, const std::string& id) {
  for (Hand& h : read_text(text, "edited.txt"))
    if (h.site_hand_id == id) return h;
  FAIL("hand " << id << " not found");
  return {};
}

const std::string kCalledAround = "D: calls $0.02\nA: calls $0.02\nB: calls $0.02\n";

}  // namespace

TEST_CASE("stud: the lowest door card brings in, equal ranks by suit, clubs lowest", "[stud]") {
  // B shows 5h, C 5d: diamonds are below hearts (clubs, diamonds, hearts, spades).
  std::vector<StudPlayer> players = {
      {"A", 1, {"9s"}}, {"B", 3, {"5h"}}, {"C", 5, {"5d"}}, {"D", 7, {"Kc"}}};
  CHECK(order_findings(stud("7 Card Stud", players, {"C: brings in for $0.02\n" + kCalledAround}))
            .empty());

  auto f = order_findings(stud("7 Card Stud", players,
                               {"B: brings in for $0.02\nC: calls $0.02\nD: calls $0.02\n"
                                "A: calls $0.02\n"}));
  // Only the bring-in: the action then goes round from whoever brought in.
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 3, 5);
  CHECK(f[0].message ==
        "line 16: B brings in from seat 3, but the lowest door card is seat 5's (5d)");
}

TEST_CASE("stud: aces are high for the bring-in, in stud hi/lo too", "[stud]") {
  std::vector<StudPlayer> players = {
      {"A", 1, {"As"}}, {"B", 3, {"2d"}}, {"C", 5, {"2c"}}, {"D", 7, {"3c"}}};
  CHECK(order_findings(stud("7 Card Stud", players, {"C: brings in for $0.02\n" + kCalledAround}))
            .empty());
  auto f = order_findings(stud("7 Card Stud", players,
                               {"B: brings in for $0.02\nC: calls $0.02\nD: calls $0.02\n"
                                "A: calls $0.02\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Preflop, 3, 5);

  std::vector<StudPlayer> hilo = {
      {"A", 1, {"Ad"}}, {"B", 3, {"2h"}}, {"C", 5, {"Kc"}}, {"D", 7, {"8c"}}};
  CHECK(order_findings(stud("7 Card Stud Hi/Lo", hilo,
                            {"B: brings in for $0.02\nC: calls $0.02\nD: calls $0.02\n"
                             "A: calls $0.02\n"}))
            .empty());
  f = order_findings(stud("7 Card Stud Hi/Lo", hilo,
                          {"A: brings in for $0.02\nB: calls $0.02\nC: calls $0.02\n"
                           "D: calls $0.02\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 1, 3);
}

TEST_CASE("razz: the highest door card brings in, aces low, equal ranks by suit, spades highest",
          "[stud]") {
  // Queens of clubs, hearts and diamonds: the queen of hearts brings in.
  std::vector<StudPlayer> queens = {
      {"A", 1, {"Qc"}}, {"B", 3, {"Qh"}}, {"C", 5, {"Ad"}}, {"D", 7, {"Qd"}}};
  CHECK(order_findings(stud("Razz", queens,
                            {"B: brings in for $0.02\nC: calls $0.02\nD: calls $0.02\n"
                             "A: calls $0.02\n"}))
            .empty());
  auto f = order_findings(stud("Razz", queens,
                               {"D: brings in for $0.02\nA: calls $0.02\nB: calls $0.02\n"
                                "C: calls $0.02\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 7, 3);
  CHECK(f[0].message ==
        "line 16: D brings in from seat 7, but the highest door card is seat 3's (Qh)");

  // The ace is the best razz card, the king the worst.
  std::vector<StudPlayer> ace = {
      {"A", 1, {"Kc"}}, {"B", 3, {"As"}}, {"C", 5, {"2d"}}, {"D", 7, {"Ks"}}};
  f = order_findings(stud("Razz", ace,
                          {"B: brings in for $0.02\nC: calls $0.02\nD: calls $0.02\n"
                           "A: calls $0.02\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Preflop, 3, 7);
}

TEST_CASE("stud 3rd street: the action goes clockwise from the bring-in", "[stud]") {
  std::vector<StudPlayer> players = {
      {"A", 1, {"9s"}}, {"B", 3, {"5h"}}, {"C", 5, {"5d"}}, {"D", 7, {"Kc"}}};
  auto f = order_findings(stud("7 Card Stud", players,
                               {"C: brings in for $0.02\nA: calls $0.02\nD: calls $0.02\n"
                                "B: calls $0.02\n"}));
  // A acts before D. The turn then goes on from whoever acted, so D (after A) and B (after D)
  // are reported too: the first finding is the one that matters.
  REQUIRE(f.size() == 3);
  CHECK(f[0].code == FindingCode::OutOfTurn);
  check_finding(f[0], Street::Preflop, 1, 7);

  // The player who owes the bring-in may complete instead; nobody else may open.
  CHECK(order_findings(stud("7 Card Stud", players,
                            {"C: bets $0.04\nD: calls $0.04\nA: calls $0.04\nB: calls $0.04\n"}))
            .empty());
  f = order_findings(stud("7 Card Stud", players,
                          {"D: bets $0.04\nA: calls $0.04\nB: calls $0.04\nC: calls $0.04\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::OutOfTurn);
  check_finding(f[0], Street::Preflop, 7, 5);
}

TEST_CASE("stud 4th street: the best hand showing opens, a pair beats an ace", "[stud]") {
  std::vector<StudPlayer> players = {{"A", 1, {"9s", "Ah"}},
                                     {"B", 3, {"5h", "5c"}},
                                     {"C", 5, {"5d", "Kd"}},
                                     {"D", 7, {"Kc", "Qs"}}};
  const std::string third = "C: brings in for $0.02\n" + kCalledAround;
  CHECK(order_findings(
            stud("7 Card Stud", players, {third, "B: checks\nC: checks\nD: checks\nA: checks\n"}))
            .empty());
  auto f = order_findings(
      stud("7 Card Stud", players, {third, "A: checks\nB: checks\nC: checks\nD: checks\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::OutOfTurn);
  check_finding(f[0], Street::Flop, 1, 3);
  CHECK(f[0].message == "line 25: A acts in seat 1, but it is seat 3's turn");

  // Skipping a player later in the round.
  f = order_findings(
      stud("7 Card Stud", players, {third, "B: checks\nD: checks\nA: checks\nC: checks\n"}));
  REQUIRE(f.size() == 2);
  check_finding(f[0], Street::Flop, 7, 5);
}

TEST_CASE("stud: equal hands showing: the first seat from the dealer opens", "[stud]") {
  // A and C both show K-7. PokerStars prints no button in stud: seat 1 is first.
  std::vector<StudPlayer> players = {
      {"A", 1, {"Ks", "7c"}}, {"B", 3, {"2c", "4s"}}, {"C", 5, {"Kh", "7d"}}, {"D", 7, {"3d"}}};
  const std::string third = "B: brings in for $0.02\nC: calls $0.02\nD: folds\nA: calls $0.02\n";
  CHECK(order_findings(stud("7 Card Stud", players, {third, "A: checks\nB: checks\nC: checks\n"}))
            .empty());
  auto f =
      order_findings(stud("7 Card Stud", players, {third, "C: checks\nA: checks\nB: checks\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Flop, 5, 1);

  // With a button on seat 3 the first seat to its left, C, opens.
  const std::string button = " Seat #3 is the button";
  CHECK(order_findings(
            stud("7 Card Stud", players, {third, "C: checks\nA: checks\nB: checks\n"}, button))
            .empty());
  f = order_findings(
      stud("7 Card Stud", players, {third, "A: checks\nB: checks\nC: checks\n"}, button));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Flop, 1, 5);
}

TEST_CASE(
    "stud: four to a straight flush showing does not beat a pair, 7th street keeps 6th's order",
    "[stud]") {
  std::vector<StudPlayer> players = {{"A", 1, {"9h", "Th", "Jh", "Qh"}},
                                     {"B", 3, {"2c", "2d", "3s", "4s"}},
                                     {"C", 5, {"Kc"}},
                                     {"D", 7, {"As"}}};
  const std::string third = "B: brings in for $0.02\nC: folds\nD: folds\nA: calls $0.02\n";
  const std::string b_first = "B: checks\nA: checks\n";
  const std::string a_first = "A: checks\nB: checks\n";
  CHECK(order_findings(stud("7 Card Stud", players, {third, b_first, b_first, b_first, b_first}))
            .empty());
  auto f = order_findings(stud("7 Card Stud", players, {third, b_first, b_first, a_first}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::River, 1, 3);  // the model's River is stud's 6th street
  f = order_findings(stud("7 Card Stud", players, {third, b_first, b_first, b_first, a_first}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Seventh, 1, 3);
}

TEST_CASE("razz: the lowest hand showing opens, aces low, pairs bad", "[stud]") {
  std::vector<StudPlayer> players = {{"A", 1, {"Kc", "5s", "As"}},
                                     {"B", 3, {"7s", "7d", "2c"}},
                                     {"C", 5, {"4h", "6c", "6d"}},
                                     {"D", 7, {"2d", "Qh", "3c"}}};
  const std::string third =
      "A: brings in for $0.02\nB: calls $0.02\nC: calls $0.02\nD: calls $0.02\n";
  // 4th street: C's 6-4 is the lowest (B's pair of sevens is worse than D's Q-2).
  const std::string fourth = "C: checks\nD: checks\nA: checks\nB: checks\n";
  // 5th street: D's Q-3-2 beats A's K-5-A; B and C are paired.
  const std::string fifth = "D: checks\nA: checks\nB: checks\nC: checks\n";
  CHECK(order_findings(stud("Razz", players, {third, fourth, fifth})).empty());

  auto f = order_findings(
      stud("Razz", players, {third, "D: checks\nA: checks\nB: checks\nC: checks\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Flop, 7, 5);

  f = order_findings(
      stud("Razz", players, {third, fourth, "C: checks\nD: checks\nA: checks\nB: checks\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Turn, 5, 7);

  // The same cards in stud: the paired hands open (sevens on 4th street).
  f = order_findings(stud("7 Card Stud", players,
                          {"D: brings in for $0.02\nA: calls $0.02\nB: calls $0.02\n"
                           "C: calls $0.02\n",
                           "B: checks\nC: checks\nD: checks\nA: checks\n"}));
  CHECK(f.empty());
}

TEST_CASE("stud: the best hand showing all-in: checked where both readings agree", "[stud]") {
  // C goes all-in on 3rd street and shows the best hand on 4th (kings). Whether the action then
  // starts at C's left or with the best hand that can bet is not written down.
  const std::string third =
      "B: brings in for $0.02\nC: calls $0.02 and is all-in\nD: calls $0.02\nA: calls $0.02\n";
  // D is both at C's left and the best hand with chips (A-Q): D opens.
  std::vector<StudPlayer> agree = {{"A", 1, {"9s", "8c"}},
                                   {"B", 3, {"5h", "2c"}},
                                   {"C", 5, {"Kd", "Ks"}, "0.03"},
                                   {"D", 7, {"Qc", "Ad"}}};
  CHECK(order_findings(stud("7 Card Stud", agree, {third, "D: checks\nA: checks\nB: checks\n"}))
            .empty());
  auto f = order_findings(stud("7 Card Stud", agree, {third, "A: checks\nB: checks\nD: checks\n"}));
  REQUIRE(f.size() == 1);
  check_finding(f[0], Street::Flop, 1, 7);

  // A has the best hand with chips, D is at C's left: not checked.
  std::vector<StudPlayer> differ = {{"A", 1, {"9s", "Ad"}},
                                    {"B", 3, {"5h", "2c"}},
                                    {"C", 5, {"Kd", "Ks"}, "0.03"},
                                    {"D", 7, {"Qc", "8c"}}};
  CHECK(order_findings(stud("7 Card Stud", differ, {third, "D: checks\nA: checks\nB: checks\n"}))
            .empty());
  CHECK(order_findings(stud("7 Card Stud", differ, {third, "A: checks\nB: checks\nD: checks\n"}))
            .empty());
}

TEST_CASE("stud: the lowest door card all-in from the ante: checked where both readings agree",
          "[stud]") {
  // C's 2c is the lowest card, but C is all-in from the ante. D, at C's left, has the next card.
  std::vector<StudPlayer> agree = {
      {"A", 1, {"9s"}}, {"B", 3, {"Kh"}}, {"C", 5, {"2c"}, "0.01"}, {"D", 7, {"3c"}}};
  CHECK(order_findings(stud("7 Card Stud", agree,
                            {"D: brings in for $0.02\nA: calls $0.02\nB: calls $0.02\n"}))
            .empty());
  auto f = order_findings(
      stud("7 Card Stud", agree, {"A: brings in for $0.02\nB: calls $0.02\nD: calls $0.02\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 1, 7);

  // A has the next card, D is at C's left: not checked.
  std::vector<StudPlayer> differ = {
      {"A", 1, {"3c"}}, {"B", 3, {"Kh"}}, {"C", 5, {"2c"}, "0.01"}, {"D", 7, {"9s"}}};
  CHECK(order_findings(stud("7 Card Stud", differ,
                            {"D: brings in for $0.02\nA: calls $0.02\nB: calls $0.02\n"}))
            .empty());
  CHECK(order_findings(stud("7 Card Stud", differ,
                            {"A: brings in for $0.02\nB: calls $0.02\nD: calls $0.02\n"}))
            .empty());
}

TEST_CASE("stud: a bring-in of more than a small bet", "[stud]") {
  std::vector<StudPlayer> players = {
      {"A", 1, {"9s"}}, {"B", 3, {"5h"}}, {"C", 5, {"5d"}}, {"D", 7, {"Kc"}}};
  auto f = order_findings(stud("7 Card Stud", players,
                               {"C: brings in for $0.06\nD: calls $0.06\nA: calls $0.06\n"
                                "B: calls $0.06\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  CHECK(f[0].seat == 5);
  CHECK(f[0].expected == 4);
  CHECK(f[0].actual == 6);
  CHECK(f[0].message == "line 16: C brings in for 0.06, more than the small bet 0.04");
}

TEST_CASE("stud: real PokerStars and Winamax stud, hi/lo and razz hands keep the order", "[stud]") {
  int hands = 0;
  for (const char* file :
       {"stud/stars_7stud.txt", "stud/stars_7stud_hilo.txt", "stud/stars_razz.txt",
        "stud/stars_razz_tournament.txt", "stud/winamax_7stud.txt", "stud/winamax_7stud_hilo.txt",
        "stud/winamax_razz.txt"}) {
    for (const Hand& h : parse_file(file)) {
      INFO(file << " hand " << h.site_hand_id);
      CHECK(order_findings(h).empty());
      ++hands;
    }
  }
  CHECK(hands == 16);
}

TEST_CASE("stud: edited real hands: the wrong bring-in, a razz tie, Winamax hidden cards",
          "[stud]") {
  // PokerStars 35874039554: trs2758 (seat 5) shows 5h, RoadDevil (seat 6) 5d and brings in.
  // Make RoadDevil's card the 5s: trs2758's 5h is then the lowest.
  std::string text = test::read_file(test::testdata("stud/stars_7stud.txt"));
  auto f = order_findings(only_hand(
      replaced(text, "Dealt to RoadDevil [5d]", "Dealt to RoadDevil [5s]"), "35874039554"));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 6, 5);

  // PokerStars razz 35874817957: kobreli (seat 1) and manga130 (seat 3) both show A-6 on 4th
  // street and kobreli opens, first from the dealer. With kobreli's 6s made a 7s manga130 opens.
  text = test::read_file(test::testdata("stud/stars_razz.txt"));
  f = order_findings(only_hand(
      replaced(text, "Dealt to kobreli [As] [6s]", "Dealt to kobreli [As] [7s]"), "35874817957"));
  REQUIRE(f.size() >= 1);
  CHECK(f[0].code == FindingCode::OutOfTurn);
  check_finding(f[0], Street::Flop, 1, 3);

  // Winamax razz 9250793-444-1478990340: Hero's Td is above Player0's 8h; make it a jack.
  text = test::read_file(test::testdata("stud/winamax_razz.txt"));
  f = order_findings(
      only_hand(replaced(text, "Dealt to Player0 [X X 8h]", "Dealt to Player0 [X X Jh]"),
                "9250793-444-1478990340"));
  REQUIRE(f.size() >= 1);
  CHECK(f[0].code == FindingCode::WrongForcedBet);
  check_finding(f[0], Street::Preflop, 1, 4);
}

TEST_CASE("stud: a round ends only when the bring-in has matched the completion", "[stud]") {
  // With the order known, stud rounds are also checked for being closed (rule text 000).
  std::vector<StudPlayer> players = {
      {"A", 1, {"9s"}}, {"B", 3, {"5h", "2c"}}, {"C", 5, {"Kd", "Ks"}}, {"D", 7, {"Qc"}}};
  const std::string third =
      "B: brings in for $0.02\nC: raises $0.02 to $0.04\nD: folds\nA: folds\n";
  auto f = order_findings(stud("7 Card Stud", players, {third, "C: checks\nB: checks\n"}));
  REQUIRE(f.size() == 1);
  CHECK(f[0].code == FindingCode::RoundNotClosed);
  CHECK(f[0].seat == 3);
  CHECK(f[0].expected == 4);
  CHECK(f[0].actual == 2);
  CHECK(order_findings(
            stud("7 Card Stud", players, {third + "B: calls $0.02\n", "C: checks\nB: checks\n"}))
            .empty());
}
