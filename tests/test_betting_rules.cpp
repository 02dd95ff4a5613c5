// The betting rules the audit enforces, on the worked examples of the rule texts in
// ../shared/rules (002: no-limit and pot-limit), written as PokerStars hands.
#include <catch2/catch.hpp>
#include <string>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "tests/findings_of.hpp"

using namespace hh;
using hh::test::of;

namespace {

// A cash hand at $50/$100 with seats A..D of $10,000, the given action lines after the deal,
// and the given structure ("No Limit", "Pot Limit").
Hand hand(const std::string& limit, const std::string& actions, const std::string& preflop = "") {
  std::string text = "PokerStars Hand #1: Hold'em " + limit +
                     " ($50/$100 USD) - 2020/01/01 12:00:00 ET\n"
                     "Table 'T' 6-max Seat #4 is the button\n"
                     "Seat 1: A ($10000 in chips)\n"
                     "Seat 2: B ($10000 in chips)\n"
                     "Seat 3: C ($10000 in chips)\n"
                     "Seat 4: D ($10000 in chips)\n"
                     "A: posts small blind $50\n"
                     "B: posts big blind $100\n"
                     "*** HOLE CARDS ***\n" +
                     preflop + actions + "*** SUMMARY ***\n";
  auto hands = read_text(text, "rules.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].issues.empty());
  return hands[0];
}

const std::string kLimpedToFlop =
    "C: calls $100\nD: calls $100\nA: calls $50\nB: checks\n*** FLOP *** [2c 7d 9h]\n";

}  // namespace

TEST_CASE("no-limit: after a $100 bet and a $140 all-in, a raise must make it $240", "[rules]") {
  // Rule 002, no-limit 4: "if a player bets $100 and the next player goes all-in for $140, a
  // player wishing to raise must make the total bet at least $240".
  Hand ok = hand("No Limit",
                 "A: bets $100\nB: raises $40 to $140 and is all-in\nC: raises $100 to $240\n",
                 kLimpedToFlop);
  // B's stack must be exactly 240 for the all-in: give B 240 in total.
  for (Seat& s : ok.seats)
    if (s.player == "B") s.stack = 24000;
  CHECK(of(audit_hand(ok), FindingCode::RaiseBelowMinimum).empty());

  Hand low =
      hand("No Limit", "A: bets $100\nB: raises $40 to $140 and is all-in\nC: raises $60 to $200\n",
           kLimpedToFlop);
  for (Seat& s : low.seats)
    if (s.player == "B") s.stack = 24000;
  auto f = of(audit_hand(low), FindingCode::RaiseBelowMinimum);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 3);
  CHECK(f[0].expected == 24000);
  CHECK(f[0].actual == 20000);
}

TEST_CASE("no-limit: a short all-in does not reopen the betting for the last full raiser",
          "[rules]") {
  // Rule 002, no-limit 5: A bets $100, B raises to $200, C all-in for less than $300, A calls:
  // B may not raise again (A could have).
  auto with_short_c = [](Hand h) {
    for (Seat& s : h.seats)
      if (s.player == "C") s.stack = 35000;  // 100 pre-flop + 250 on the flop
    return h;
  };
  Hand b_reraises = with_short_c(hand("No Limit",
                                      "A: bets $100\nB: raises $100 to $200\n"
                                      "C: raises $50 to $250 and is all-in\nD: folds\n"
                                      "A: calls $150\nB: raises $400 to $650\n",
                                      kLimpedToFlop));
  auto f = of(audit_hand(b_reraises), FindingCode::RaiseNotReopened);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 2);

  Hand a_reraises = with_short_c(hand("No Limit",
                                      "A: bets $100\nB: raises $100 to $200\n"
                                      "C: raises $50 to $250 and is all-in\nD: folds\n"
                                      "A: raises $400 to $650\n",
                                      kLimpedToFlop));
  CHECK(of(audit_hand(a_reraises), FindingCode::RaiseNotReopened).empty());
}

TEST_CASE("pot limit: a $50 bet into $100 may be raised to $250 at most", "[rules]") {
  // Rule 002: "if a pot is $100, and someone makes a $50 bet, the next player can call $50 and
  // raise the pot $200, for a total wager of $250." At these blinds the flop pot is $200 (A and
  // B in for $100 each), so the same rule at twice the size: a $100 bet may go to $500 at most.
  const std::string to_flop =
      "C: folds\nD: folds\nA: calls $50\nB: checks\n*** FLOP *** [2c 7d 9h]\n";
  Hand ok = hand("Pot Limit", "A: bets $100\nB: raises $400 to $500\n", to_flop);
  CHECK(of(audit_hand(ok), FindingCode::BetAboveLimit).empty());
  Hand over = hand("Pot Limit", "A: bets $100\nB: raises $401 to $501\n", to_flop);
  auto f = of(audit_hand(over), FindingCode::BetAboveLimit);
  REQUIRE(f.size() == 1);
  CHECK(f[0].expected == 50000);
  CHECK(f[0].actual == 50100);
  // Opening pre-flop: pot 150, call 100 -> at most to 350 (3.5 big blinds, strict pot limit).
  Hand open_ok = hand("Pot Limit", "C: raises $250 to $350\n");
  CHECK(of(audit_hand(open_ok), FindingCode::BetAboveLimit).empty());
  Hand open_over = hand("Pot Limit", "C: raises $300 to $400\n");
  CHECK(of(audit_hand(open_over), FindingCode::BetAboveLimit).size() == 1);
}

TEST_CASE("bets below the big blind, checks facing a bet, acting after folding", "[rules]") {
  auto low = of(audit_hand(hand("No Limit", "A: bets $50\n", kLimpedToFlop)),
                FindingCode::BetBelowMinimum);
  REQUIRE(low.size() == 1);
  CHECK(low[0].expected == 10000);
  CHECK(low[0].actual == 5000);
  auto check = of(audit_hand(hand("No Limit", "C: checks\n")), FindingCode::IllegalCheck);
  REQUIRE(check.size() == 1);
  CHECK(check[0].seat == 3);
  CHECK(check[0].expected == 10000);
  auto after =
      of(audit_hand(hand("No Limit", "C: folds\nC: calls $100\n")), FindingCode::ActionAfterFold);
  REQUIRE(after.size() == 1);
  CHECK(after[0].seat == 3);
  // The big blind's option: a check on its own blind is legal.
  CHECK(of(audit_hand(hand("No Limit", "C: calls $100\nD: folds\nA: calls $50\nB: checks\n")),
           FindingCode::IllegalCheck)
            .empty());
}

TEST_CASE("order of action: left of the big blind first, then left of the button", "[rules]") {
  // Four players: A small blind, B big blind, C first to act, D on the button.
  CHECK(of(audit_hand(
               hand("No Limit", kLimpedToFlop + "A: checks\nB: checks\nC: checks\nD: checks\n")),
           FindingCode::OutOfTurn)
            .empty());
  auto early =
      of(audit_hand(hand("No Limit", "D: calls $100\nC: calls $100\n")), FindingCode::OutOfTurn);
  REQUIRE(early.size() == 2);
  CHECK(early[0].seat == 4);
  CHECK(early[0].expected == FindingAmount::seat(3));  // C's turn
  // Folding ahead of one's turn is how sites print players sitting out: not reported.
  CHECK(of(audit_hand(hand("No Limit", "D: folds\nC: calls $100\nA: calls $50\nB: checks\n")),
           FindingCode::OutOfTurn)
            .empty());
  // After the flop the small blind acts first; the big blind acting first is out of turn.
  auto post =
      of(audit_hand(hand("No Limit", kLimpedToFlop + "B: checks\n")), FindingCode::OutOfTurn);
  REQUIRE(post.size() == 1);
  CHECK(post[0].seat == 2);
  CHECK(post[0].expected == FindingAmount::seat(1));
}

TEST_CASE("order of action heads-up and after straddles", "[rules]") {
  // Rule 000 ("When there are only two players"): the button posts the small blind and acts
  // first before the flop, last on every later round.
  const std::string heads_up =
      "PokerStars Hand #2: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 2-max Seat #1 is the button\n"
      "Seat 1: Button ($200 in chips)\n"
      "Seat 2: Other ($200 in chips)\n"
      "Button: posts small blind $1\n"
      "Other: posts big blind $2\n"
      "*** HOLE CARDS ***\n"
      "Button: calls $1\n"
      "Other: checks\n"
      "*** FLOP *** [2c 7d 9h]\n"
      "Other: checks\n"
      "Button: checks\n"
      "*** SUMMARY ***\n";
  AuditResult r = audit_hand(read_text(heads_up, "hu.txt").at(0));
  CHECK(of(r, FindingCode::OutOfTurn).empty());
  // Rule 000, straddle example: Carol straddles under the gun, so Joane acts first. Mississippi
  // straddle: Ellen straddles on the button, so the small blind acts first.
  const std::string five =
      "PokerStars Hand #3: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #5 is the button\n"
      "Seat 1: Alice ($200 in chips)\nSeat 2: Dianne ($200 in chips)\nSeat 3: Carol ($200 in "
      "chips)\n"
      "Seat 4: Joane ($200 in chips)\nSeat 5: Ellen ($200 in chips)\n"
      "Alice: posts small blind $1\nDianne: posts big blind $2\n";
  const std::string live = five +
                           "Carol: posts straddle $4\n*** HOLE CARDS ***\n"
                           "Joane: folds\nEllen: calls $4\nAlice: folds\nDianne: calls $2\n"
                           "Carol: raises $8 to $12\nEllen: folds\nDianne: calls $8\n"
                           "*** SUMMARY ***\n";
  CHECK(of(audit_hand(read_text(live, "s.txt").at(0)), FindingCode::OutOfTurn).empty());
  CHECK(of(audit_hand(read_text(live, "s.txt").at(0)), FindingCode::RaiseBelowMinimum).empty());
  const std::string mississippi = five +
                                  "Ellen: posts straddle $4\n*** HOLE CARDS ***\n"
                                  "Alice: folds\nDianne: calls $2\nCarol: folds\n"
                                  "Joane: calls $4\nEllen: checks\n*** SUMMARY ***\n";
  CHECK(of(audit_hand(read_text(mississippi, "m.txt").at(0)), FindingCode::OutOfTurn).empty());
}

TEST_CASE("blinds are the stakes' sizes unless the poster is all-in", "[rules]") {
  std::string text =
      "PokerStars Hand #4: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #3 is the button\n"
      "Seat 1: A ($200 in chips)\nSeat 2: B ($1.50 in chips)\nSeat 3: C ($200 in chips)\n"
      "A: posts small blind $0.50\nB: posts big blind $1.50 and is all-in\n"
      "*** HOLE CARDS ***\nC: folds\nA: folds\n*** SUMMARY ***\n";
  auto f = of(audit_hand(read_text(text, "b.txt").at(0)), FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);  // the short big blind is all-in: only the small blind is wrong
  CHECK(f[0].seat == 1);
  CHECK(f[0].expected == 100);
  CHECK(f[0].actual == 50);
}

TEST_CASE("the next round is dealt only once every bet is matched", "[rules]") {
  auto open =
      of(audit_hand(hand("No Limit", "A: bets $100\n*** TURN *** [2c 7d 9h] [Js]\nA: checks\n",
                         kLimpedToFlop)),
         FindingCode::RoundNotClosed);
  REQUIRE(open.size() == 3);  // B, C and D never answered A's bet
  CHECK(open[0].expected == 10000);
  CHECK(open[0].actual == 0);
  CHECK(of(audit_hand(hand("No Limit",
                           "A: bets $100\nB: calls $100\nC: folds\nD: calls $100\n"
                           "*** TURN *** [2c 7d 9h] [Js]\nA: checks\n",
                           kLimpedToFlop)),
           FindingCode::RoundNotClosed)
            .empty());
}

TEST_CASE("fixed limit 20/40: a bet, a raise, a re-raise and the cap", "[rules]") {
  // Rule 003: in 20/40 the flop bet is 20, the raise makes it 40, the re-raise 60, the cap 80;
  // no more raises after the cap; turn and river bets are 40.
  const std::string head =
      "PokerStars Hand #5: Hold'em Limit ($20/$40 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #4 is the button\n"
      "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
      "Seat 4: D ($1000 in chips)\n"
      "A: posts small blind $10\nB: posts big blind $20\n*** HOLE CARDS ***\n"
      "C: calls $20\nD: calls $20\nA: calls $10\nB: checks\n*** FLOP *** [2c 7d 9h]\n";
  auto audit_of = [&](const std::string& flop) {
    return audit_hand(read_text(head + flop + "*** SUMMARY ***\n", "fl.txt").at(0));
  };
  AuditResult capped = audit_of(
      "A: bets $20\nB: raises $20 to $40\nC: raises $20 to $60\nD: raises $20 to $80\n"
      "A: calls $60\nB: calls $40\nC: calls $20\n*** TURN *** [2c 7d 9h] [Js]\nA: bets $40\n");
  for (FindingCode code :
       {FindingCode::BetAboveLimit, FindingCode::BetBelowMinimum, FindingCode::RaiseBelowMinimum,
        FindingCode::RaiseCapExceeded, FindingCode::RoundNotClosed, FindingCode::OutOfTurn})
    CHECK(of(capped, code).empty());
  auto cap = of(audit_of("A: bets $20\nB: raises $20 to $40\nC: raises $20 to $60\n"
                         "D: raises $20 to $80\nA: raises $20 to $100\n"),
                FindingCode::RaiseCapExceeded);
  REQUIRE(cap.size() == 1);
  CHECK(cap[0].seat == 1);
  auto big = of(audit_of("A: bets $40\n"), FindingCode::BetAboveLimit);
  REQUIRE(big.size() == 1);
  CHECK(big[0].expected == 2000);
  CHECK(big[0].actual == 4000);
  auto small_turn = of(audit_of("A: checks\nB: checks\nC: checks\nD: checks\n"
                                "*** TURN *** [2c 7d 9h] [Js]\nA: bets $20\n"),
                       FindingCode::BetBelowMinimum);
  REQUIRE(small_turn.size() == 1);
  CHECK(small_turn[0].expected == 4000);
}

TEST_CASE("split pots: equal shares, odd chips to the first winners left of the button",
          "[rules]") {
  // A and C tie with the same straight on the board; the pot of $2.01 net of rake cannot split
  // evenly: the odd cent goes to the first of them left of the button (D, seat 4): A, seat 1.
  auto hand_with = [](const std::string& a_gets, const std::string& c_gets,
                      const std::string& antes = "", const std::string& total = "2") {
    std::string text =
        "PokerStars Hand #6: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'T' 6-max Seat #4 is the button\n"
        "Seat 1: A ($10 in chips)\nSeat 3: C ($10 in chips)\nSeat 4: D ($10 in chips)\n" +
        antes +
        "A: posts small blind $0.01\nC: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "D: folds\nA: raises $0.98 to $1\nC: calls $0.98\n"
        "*** FLOP *** [9c Td Jh]\nA: checks\nC: checks\n*** TURN *** [9c Td Jh] [Qs]\n"
        "A: checks\nC: checks\n*** RIVER *** [9c Td Jh Qs] [Kd]\nA: checks\nC: checks\n"
        "*** SHOW DOWN ***\nA: shows [2c 3c]\nC: shows [4d 5d]\n"
        "A collected $" +
        a_gets + " from pot\nC collected $" + c_gets +
        " from pot\n"
        "*** SUMMARY ***\nTotal pot $" +
        total +
        " | Rake $0\n"
        "Seat 1: A (small blind) showed [2c 3c] and won ($" +
        a_gets +
        ")\n"
        "Seat 3: C (big blind) showed [4d 5d] and won ($" +
        c_gets + ")\n";
    return audit_hand(read_text(text, "split.txt").at(0));
  };
  // $2.00 splits evenly.
  AuditResult even = hand_with("1", "1");
  CHECK(of(even, FindingCode::OddChipMismatch).empty());
  CHECK(of(even, FindingCode::WrongWinner).empty());
  // With three antes of $0.01 the pot is $2.03: A (first left of the button) gets the odd cent.
  const std::string antes =
      "A: posts the ante $0.01\nC: posts the ante $0.01\nD: posts the ante $0.01\n";
  AuditResult odd_right = hand_with("1.02", "1.01", antes, "2.03");
  CHECK(of(odd_right, FindingCode::OddChipMismatch).empty());
  AuditResult odd_wrong = hand_with("1.01", "1.02", antes, "2.03");
  auto odd = of(odd_wrong, FindingCode::OddChipMismatch);
  REQUIRE(odd.size() == 2);
  CHECK(odd[0].seat == 1);
  CHECK(odd[0].expected == 102);
  CHECK(odd[0].actual == 101);
  AuditResult unfair = hand_with("1.20", "0.80");
  auto wrong = of(unfair, FindingCode::WrongWinner);
  REQUIRE(wrong.size() == 2);
  CHECK(wrong[0].expected == 100);
}
