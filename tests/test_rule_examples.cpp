// The worked examples of the rule texts in ../shared/rules, each written as a complete
// PokerStars hand and audited end to end: exact pots, eligibility, payouts, and no finding on the
// legal hand; where the example states a limit, one chip over it is caught.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"

using namespace hh;

namespace {

Hand parse_one(const std::string& text) {
  auto hands = read_text(text, "example.txt");
  REQUIRE(hands.size() == 1);
  INFO(text);
  REQUIRE(hands[0].parsed);
  REQUIRE(hands[0].issues.empty());
  return hands[0];
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.substr(0, at) + to + text.substr(at + from.size());
}

// Every finding of warning or error severity, as "CODE: message" (empty on a legal hand).
std::vector<std::string> problems(const AuditResult& r) {
  std::vector<std::string> out;
  for (const Finding& f : r.findings)
    if (f.severity >= Severity::Warning)
      out.push_back(std::string(code_name(f.code)) + ": " + f.message);
  return out;
}

struct PotWant {
  Money amount;
  std::vector<int> eligible;
};

void check_pots(const AuditResult& r, const std::vector<PotWant>& want) {
  REQUIRE(r.pots.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("pot " << i);
    CHECK(r.pots[i].amount == want[i].amount);
    CHECK(r.pots[i].eligible == want[i].eligible);
  }
}

Money net_of(const AuditResult& r, int seat) {
  for (const PlayerResult& p : r.players)
    if (p.seat == seat) return p.net();
  FAIL("no seat " << seat);
  return 0;
}

}  // namespace

TEST_CASE("000 all-in and side pots: A opens $20, B calls all-in $10, C raises all-in $30",
          "[rules][examples]") {
  // "The $30 total is placed in the main pot. The $40 remaining, for which Players A and C are
  // separately contesting, goes in a side pot ... Player B has the best hand overall, and wins
  // the main pot. Player A has the second-best hand, and wins the side pot."
  const std::string text =
      "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #3 is the button\n"
      "Seat 1: A ($500 in chips)\nSeat 2: B ($10 in chips)\nSeat 3: C ($30 in chips)\n"
      "*** HOLE CARDS ***\n"
      "*** FLOP *** [2c 7d 9h]\n"
      "A: bets $20\nB: calls $10 and is all-in\nC: raises $10 to $30 and is all-in\n"
      "A: calls $10\n"
      "*** TURN *** [2c 7d 9h] [Js]\n*** RIVER *** [2c 7d 9h Js] [3s]\n"
      "*** SHOW DOWN ***\n"
      "A: shows [Kd Kh] (a pair of Kings)\nC: shows [4c 5d] (high card Jack)\n"
      "A collected $40 from side pot\n"
      "B: shows [Ac As] (a pair of Aces)\n"
      "B collected $30 from main pot\n"
      "*** SUMMARY ***\n"
      "Total pot $70 Main pot $30. Side pot $40. | Rake $0\n"
      "Board [2c 7d 9h Js 3s]\n"
      "Seat 1: A showed [Kd Kh] and won ($40) with a pair of Kings\n"
      "Seat 2: B showed [Ac As] and won ($30) with a pair of Aces\n"
      "Seat 3: C (button) showed [4c 5d] and lost with high card Jack\n";
  const AuditResult r = audit_hand(parse_one(text));
  CHECK(problems(r) == std::vector<std::string>{});
  check_pots(r, {{3000, {1, 2, 3}}, {4000, {1, 3}}});
  CHECK(net_of(r, 1) == 1000);
  CHECK(net_of(r, 2) == 2000);
  CHECK(net_of(r, 3) == -3000);

  // The side pot paid to C, who lost to A: the wrong winner.
  std::string wrong = edited(text, "A collected $40", "C collected $40");
  wrong = edited(wrong, "A showed [Kd Kh] and won ($40) with", "A showed [Kd Kh] and lost with");
  wrong = edited(wrong, "C (button) showed [4c 5d] and lost with",
                 "C (button) showed [4c 5d] and won ($40) with");
  const AuditResult w = audit_hand(parse_one(wrong));
  REQUIRE(w.has(FindingCode::WrongWinner));
  CHECK(problems(w).size() == 1);
}

TEST_CASE("001 all-in before the deal: Alice's $8 big blind with a $1 ante", "[rules][examples]") {
  // "She must pay the $1 ante and apply the remaining $7 towards the big blind ... Bob, next to
  // act, calls $8, the full big blind amount. Carol raises to $16 total ... The main pot is
  // therefore $10+$4+$21=$35. The side pot of $10 ... is paid immediately to Carol when Bob
  // folds." Written as PokerStars prints it: Carol's $8 nobody called comes back as an uncalled
  // bet, and the side pot is the $2 Bob and Carol put in above Alice's $7.
  std::string text =
      "PokerStars Hand #2: Tournament #9, $1+$0 USD Hold'em No Limit - Level I (4/8) - "
      "2020/01/01 12:00:00 ET\n"
      "Table '9 1' 10-max Seat #1 is the button\n";
  const char* names[] = {"Jo", "Sam", "Alice", "Bob", "Carol", "Fay", "Gus", "Hal", "Ivy", "Kim"};
  for (int i = 0; i < 10; ++i)
    text += "Seat " + std::to_string(i + 1) + ": " + names[i] + " (" + (i == 2 ? "8" : "1000") +
            " in chips)\n";
  for (int i = 0; i < 10; ++i) text += std::string(names[i]) + ": posts the ante 1\n";
  text +=
      "Sam: posts small blind 4\nAlice: posts big blind 7 and is all-in\n"
      "*** HOLE CARDS ***\n"
      "Bob: calls 8\nCarol: raises 8 to 16\n"
      "Fay: folds\nGus: folds\nHal: folds\nIvy: folds\nKim: folds\nJo: folds\nSam: folds\n"
      "Bob: folds\n"
      "Uncalled bet (8) returned to Carol\n"
      "*** FLOP *** [2c 7d 9h]\n*** TURN *** [2c 7d 9h] [Js]\n*** RIVER *** [2c 7d 9h Js] [3s]\n"
      "*** SHOW DOWN ***\n"
      "Carol: shows [Kd Kh] (a pair of Kings)\n"
      "Carol collected 2 from side pot\n"
      "Alice: shows [Ac As] (a pair of Aces)\n"
      "Alice collected 35 from main pot\n"
      "*** SUMMARY ***\n"
      "Total pot 37 Main pot 35. Side pot 2. | Rake 0\n"
      "Board [2c 7d 9h Js 3s]\n"
      "Seat 3: Alice (big blind) showed [Ac As] and won (35) with a pair of Aces\n"
      "Seat 5: Carol showed [Kd Kh] and won (2) with a pair of Kings\n";
  const AuditResult r = audit_hand(parse_one(text));
  CHECK(problems(r) == std::vector<std::string>{});
  // Main pot: 10 antes + Sam's 4 + 7 each from Alice, Bob and Carol.
  check_pots(r, {{35, {3, 5}}, {2, {5}}});
  CHECK(net_of(r, 3) == 35 - 8);
  CHECK(net_of(r, 4) == -9);     // Bob: ante and the full big blind
  CHECK(net_of(r, 5) == 2 - 9);  // Carol: the ante and 16, 8 back; 2 won

  // Bob calling only Alice's 7 is short: after a big blind all-in for less, the call is the
  // full big blind.
  const std::string short_call = edited(text, "Bob: calls 8", "Bob: calls 7");
  const AuditResult s = audit_hand(parse_one(short_call));
  REQUIRE(s.has(FindingCode::WrongCallAmount));
  for (const Finding& f : s.findings)
    if (f.code == FindingCode::WrongCallAmount) {
      CHECK(f.expected == 8);
      CHECK(f.actual == 7);
    }
}

TEST_CASE("000 pot limit: (3L+T)+S, the $2/$5 table's player D may bet $165 at most",
          "[rules][examples]") {
  // "If there is $20 in the pot at the start of a betting round in a $2/$5 pot limit game, and
  // Player A bets $5, player B may 'raise the pot' and wager $35 ... L=$35 ... T=$40 ... S=$20
  // ... (35*3)+40+20=$165".
  auto flop = [](const std::string& d_action) {
    return "PokerStars Hand #3: Hold'em Pot Limit ($2/$5 USD) - 2020/01/01 12:00:00 ET\n"
           "Table 'T' 6-max Seat #4 is the button\n"
           "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
           "Seat 4: D ($1000 in chips)\n"
           "A: posts small blind $2\nB: posts big blind $5\n*** HOLE CARDS ***\n"
           "C: calls $5\nD: calls $5\nA: calls $3\nB: checks\n"
           "*** FLOP *** [2c 7d 9h]\n"
           "A: bets $5\nB: raises $30 to $35\nC: calls $35\n" +
           d_action + "*** SUMMARY ***\n";
  };
  const AuditResult pot = audit_hand(
      parse_one(edited(flop("D: raises $130 to $165\nA: folds\nB: folds\nC: folds\n"
                            "Uncalled bet ($130) returned to D\nD collected $130 from pot\n"),
                       "*** SUMMARY ***\n", "*** SUMMARY ***\nTotal pot $130 | Rake $0\n")));
  CHECK(problems(pot) == std::vector<std::string>{});
  const AuditResult over = audit_hand(parse_one(flop("D: raises $131 to $166\n")));
  REQUIRE(over.has(FindingCode::BetAboveLimit));
  for (const Finding& f : over.findings)
    if (f.code == FindingCode::BetAboveLimit) {
      CHECK(f.seat == 4);
      CHECK(f.expected == 16500);
      CHECK(f.actual == 16600);
    }
  // B's pot raise was the most B could make: $35 (a $5 call and $30 more into $20 + $5 + $5).
  const AuditResult b_over = audit_hand(parse_one(
      edited(flop(""), "B: raises $30 to $35\nC: calls $35\n", "B: raises $31 to $36\n")));
  CHECK(b_over.has(FindingCode::BetAboveLimit));
}

TEST_CASE("004 betting: six players with a $1 ante end the round with a $42 pot",
          "[rules][examples]") {
  // "A checks, B bets $2 and C folds. Now D raises $4 ... E calls ... F must produce $10 ... A
  // decides to fold. B calls, which costs $8 ... D could call for $4, but decides to fold. E
  // calls for $4 ... These three $10 bets plus the $6 from D are combined with the antes to form
  // a pot of $42."
  std::string text =
      "PokerStars Hand #4: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #6 is the button\n";
  const std::string players = "ABCDEF";
  for (int i = 0; i < 6; ++i)
    text += "Seat " + std::to_string(i + 1) + ": " + players[i] + " ($100 in chips)\n";
  for (char p : players) text += std::string(1, p) + ": posts the ante $1\n";
  const std::string round =
      "*** HOLE CARDS ***\n"
      "A: checks\nB: bets $2\nC: folds\nD: raises $4 to $6\nE: calls $6\n"
      "F: raises $4 to $10\nA: folds\nB: calls $8\nD: folds\nE: calls $4\n";
  text += round +
          "*** FLOP *** [2c 7d 9h]\nB: checks\nE: checks\nF: checks\n"
          "*** TURN *** [2c 7d 9h] [Js]\nB: checks\nE: checks\nF: checks\n"
          "*** RIVER *** [2c 7d 9h Js] [3s]\nB: checks\nE: checks\nF: checks\n"
          "*** SHOW DOWN ***\n"
          "B: shows [Kd Kh] (a pair of Kings)\nE: shows [4c 5d] (high card Jack)\n"
          "F: shows [Ac Qs] (high card Ace)\n"
          "B collected $42 from pot\n"
          "*** SUMMARY ***\n"
          "Total pot $42 | Rake $0\n"
          "Board [2c 7d 9h Js 3s]\n"
          "Seat 2: B showed [Kd Kh] and won ($42) with a pair of Kings\n";
  const AuditResult r = audit_hand(parse_one(text));
  CHECK(problems(r) == std::vector<std::string>{});
  check_pots(r, {{4200, {2, 5, 6}}});
  CHECK(net_of(r, 1) == -100);
  CHECK(net_of(r, 4) == -700);  // D: the ante and $6
  CHECK(net_of(r, 2) == 4200 - 1100);

  // With antes only, A (left of the dealer) begins the round: B first is out of turn.
  const std::string b_first = edited(text, "A: checks\nB: bets $2\n", "B: bets $2\nA: checks\n");
  bool flagged = false;
  for (const Finding& f : audit_hand(parse_one(b_first)).findings)
    if (f.code == FindingCode::OutOfTurn && f.seat == 2) {
      flagged = true;
      CHECK(f.expected == FindingAmount::seat(1));
    }
  CHECK(flagged);
}

TEST_CASE("004 side pots with antes: main 40, side pots 60 and 40", "[rules][examples]") {
  // "Side Pot 1: 60 (player 1 has 20 left, so players 3 and 4 also put 20 chips in. Side Pot 2:
  // 40 (players 3 and 4 pay the whole ante, since they can afford it. So 20 each ...". An ante
  // of 50: player 2 has 10, player 1 has 30, players 3 and 4 cover it.
  const std::string text =
      "PokerStars Hand #5: Tournament #9, $1+$0 USD Hold'em No Limit - Level IX (100/200) - "
      "2020/01/01 12:00:00 ET\n"
      "Table '9 1' 9-max Seat #4 is the button\n"
      "Seat 1: P1 (30 in chips)\nSeat 2: P2 (10 in chips)\nSeat 3: P3 (5000 in chips)\n"
      "Seat 4: P4 (5000 in chips)\n"
      "P1: posts the ante 30 and is all-in\nP2: posts the ante 10 and is all-in\n"
      "P3: posts the ante 50\nP4: posts the ante 50\n"
      "*** HOLE CARDS ***\nP3: checks\nP4: checks\n"
      "*** FLOP *** [2c 7d 9h]\nP3: checks\nP4: checks\n"
      "*** TURN *** [2c 7d 9h] [Js]\nP3: checks\nP4: checks\n"
      "*** RIVER *** [2c 7d 9h Js] [3s]\nP3: checks\nP4: checks\n"
      "*** SHOW DOWN ***\n"
      "P3: shows [Qd Qh] (a pair of Queens)\nP4: shows [4c 5d] (high card Jack)\n"
      "P3 collected 40 from side pot-2\n"
      "P1: shows [Kd Kh] (a pair of Kings)\n"
      "P1 collected 60 from side pot-1\n"
      "P2: shows [Ac As] (a pair of Aces)\n"
      "P2 collected 40 from main pot\n"
      "*** SUMMARY ***\n"
      "Total pot 140 Main pot 40. Side pot-1 60. Side pot-2 40. | Rake 0\n"
      "Board [2c 7d 9h Js 3s]\n"
      "Seat 1: P1 showed [Kd Kh] and won (60) with a pair of Kings\n"
      "Seat 2: P2 showed [Ac As] and won (40) with a pair of Aces\n"
      "Seat 3: P3 showed [Qd Qh] and won (40) with a pair of Queens\n"
      "Seat 4: P4 (button) showed [4c 5d] and lost with high card Jack\n";
  const AuditResult r = audit_hand(parse_one(text));
  CHECK(problems(r) == std::vector<std::string>{});
  check_pots(r, {{40, {1, 2, 3, 4}}, {60, {1, 3, 4}}, {40, {3, 4}}});
  CHECK(net_of(r, 3) == 40 - 50);
}

TEST_CASE("000 heads-up: the button posts the small blind, acts first pre-flop, last after",
          "[rules][examples]") {
  // "The player on the button is always due the small blind ... therefore the first to act
  // before the flop, but last to act for all remaining betting rounds." The rule text's
  // three-handed example: Alice busts, Dianne is the big blind and Carol has the button.
  auto hand = [](const std::string& preflop, const std::string& flop) {
    return "PokerStars Hand #6: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
           "Table 'T' 6-max Seat #3 is the button\n"
           "Seat 2: Dianne ($200 in chips)\nSeat 3: Carol ($200 in chips)\n"
           "Carol: posts small blind $1\nDianne: posts big blind $2\n*** HOLE CARDS ***\n" +
           preflop + "*** FLOP *** [2c 7d 9h]\n" + flop + "*** SUMMARY ***\n";
  };
  CHECK(problems(audit_hand(parse_one(
                     hand("Carol: calls $1\nDianne: checks\n", "Dianne: checks\nCarol: checks\n"))))
            .empty());
  const AuditResult bb_first = audit_hand(parse_one(hand("Dianne: checks\nCarol: calls $1\n", "")));
  CHECK(bb_first.has(FindingCode::OutOfTurn));
  const AuditResult button_first_after = audit_hand(
      parse_one(hand("Carol: calls $1\nDianne: checks\n", "Carol: checks\nDianne: checks\n")));
  bool flagged = false;
  for (const Finding& f : button_first_after.findings)
    if (f.code == FindingCode::OutOfTurn) {
      flagged = true;
      CHECK(f.seat == 3);
      CHECK(f.expected == FindingAmount::seat(2));
    }
  CHECK(flagged);
}
