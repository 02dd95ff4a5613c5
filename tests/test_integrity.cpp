// The integrity of one hand's cards and seats (audit/integrity.cpp, docs/integrity.md): each
// rule on a hand written for it, where the hand's own lines prove the site wrong, and the same
// hand without the fault giving no finding.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/integrity.hpp"
#include "parser/format.hpp"
#include "tests/fault_check.hpp"

using namespace hh;

namespace {

// A PokerStars cash hand: Hero (seat 1) raises, B folds, C calls; the board runs out and both
// show. The pot is $0.13, $0.01 raked, C wins it with a pair of Queens.
const std::string kHoldem =
    "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2012/01/01 12:00:00 ET\n"
    "Table 'T' 6-max Seat #1 is the button\n"
    "Seat 1: Hero ($2 in chips)\n"
    "Seat 2: B ($2 in chips)\n"
    "Seat 3: C ($2 in chips)\n"
    "B: posts small blind $0.01\n"
    "C: posts big blind $0.02\n"
    "*** HOLE CARDS ***\n"
    "Dealt to Hero [Ah Kd]\n"
    "Hero: raises $0.04 to $0.06\n"
    "B: folds\n"
    "C: calls $0.04\n"
    "*** FLOP *** [2c 7d 9h]\n"
    "C: checks\n"
    "Hero: checks\n"
    "*** TURN *** [2c 7d 9h] [Js]\n"
    "C: checks\n"
    "Hero: checks\n"
    "*** RIVER *** [2c 7d 9h Js] [3s]\n"
    "C: checks\n"
    "Hero: checks\n"
    "*** SHOW DOWN ***\n"
    "C: shows [Qc Qd] (a pair of Queens)\n"
    "Hero: shows [Ah Kd] (high card Ace)\n"
    "C collected $0.12 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $0.13 | Rake $0.01\n"
    "Board [2c 7d 9h Js 3s]\n"
    "Seat 1: Hero (button) showed [Ah Kd] and lost with high card Ace\n"
    "Seat 2: B (small blind) folded before Flop\n"
    "Seat 3: C (big blind) showed [Qc Qd] and won ($0.12) with a pair of Queens\n";

// A PokerStars five card draw hand: Hero throws the 2s and draws the Ks; V draws three.
const std::string kDraw =
    "PokerStars Game #2:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:12:43 ET\n"
    "Table 'L' 6-max Seat #2 is the button\n"
    "Seat 2: V ($2.41 in chips)\n"
    "Seat 3: S ($1.76 in chips)\n"
    "Seat 4: Hero ($4 in chips)\n"
    "S: posts small blind $0.05\n"
    "Hero: posts big blind $0.10\n"
    "*** DEALING HANDS ***\n"
    "Dealt to Hero [Td Th 6h 4h 2s]\n"
    "V: raises $0.10 to $0.20\n"
    "S: folds\n"
    "Hero: calls $0.10\n"
    "Hero: discards 1 card [2s]\n"
    "Dealt to Hero [Td Th 6h 4h] [Ks]\n"
    "V: discards 3 cards\n"
    "Hero: checks\n"
    "V: checks\n"
    "*** SHOW DOWN ***\n"
    "Hero: shows [Td Th 6h 4h Ks] (a pair of Tens)\n"
    "V: shows [Qd 5c Qs Ac 4d] (a pair of Queens)\n"
    "V collected $0.43 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $0.45 | Rake $0.02\n"
    "Seat 2: V (button) showed [Qd 5c Qs Ac 4d] and won ($0.43) with a pair of Queens\n"
    "Seat 3: S (small blind) folded before the Draw\n"
    "Seat 4: Hero (big blind) showed [Td Th 6h 4h Ks] and lost with a pair of Tens\n";

// The messages of the integrity codes the audit gives `text` (one hand, read whole).
std::vector<std::string> integrity_of(const std::string& text) {
  auto hands = read_text(text, "integrity.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].parsed);
  REQUIRE(hands[0].issues.empty());
  std::vector<std::string> out;
  for (const Finding& f : audit_hand(hands[0]).findings) {
    if (f.code < FindingCode::CardSeenTwice) continue;
    CHECK(f.severity == Severity::Error);
    CHECK(f.blame == Blame::Site);
    out.push_back(std::string(code_name(f.code)) + " seat " + std::to_string(f.seat) + ": " +
                  f.message);
  }
  return out;
}

using Strings = std::vector<std::string>;

// `text` with each edit made once (each must be there).
std::string with_edits(std::string text,
                       const std::vector<std::pair<std::string, std::string>>& edits) {
  for (const auto& [from, to] : edits) text = test::edited(std::move(text), from, to).text;
  return text;
}

}  // namespace

TEST_CASE("integrity: the honest hands give no finding", "[integrity]") {
  CHECK(integrity_of(kHoldem).empty());
  CHECK(integrity_of(kDraw).empty());
}

TEST_CASE("integrity: a card seen twice, on the board and in a hand", "[integrity]") {
  const std::string text = with_edits(
      kHoldem, {{"C: shows [Qc Qd] (a pair of Queens)", "C: shows [Qc 9h] (a pair of Nines)"},
                {"showed [Qc Qd] and won ($0.12) with a pair of Queens",
                 "showed [Qc 9h] and won ($0.12) with a pair of Nines"}});
  CHECK(integrity_of(text) ==
        Strings{"CARD_SEEN_TWICE seat 3: line 23: 9h is shown by seat 3 (C), but it was on board "
                "1 (line 13) already: one deck holds it once"});
}

TEST_CASE("integrity: a card dealt to one player and shown by another", "[integrity]") {
  const std::string text = with_edits(kHoldem, {{"C: shows [Qc Qd]", "C: shows [Qc Kd]"},
                                                {"showed [Qc Qd]", "showed [Qc Kd]"},
                                                {"(a pair of Queens)", "(high card King)"},
                                                {"with a pair of Queens", "with high card King"}});
  // C's King against Hero's Ace: the pot is also won by the worse hand (WRONG_WINNER).
  CHECK(integrity_of(text) ==
        Strings{"CARD_SEEN_TWICE seat 3: line 23: Kd is shown by seat 3 (C), but it was dealt to "
                "or shown by seat 1 (Hero) (line 9) already: one deck holds it once"});
}

TEST_CASE("integrity: shown cards that are not the ones dealt", "[integrity]") {
  const std::string text = with_edits(kHoldem, {{"Hero: shows [Ah Kd]", "Hero: shows [Ah Qh]"},
                                                {"showed [Ah Kd]", "showed [Ah Qh]"}});
  CHECK(integrity_of(text) == Strings{"SHOWN_CARDS_MISMATCH seat 1: line 24: seat 1 (Hero) shows "
                                      "Qh but was dealt Kd Ah"});
}

TEST_CASE("integrity: a hand name the shown cards do not make", "[integrity]") {
  const std::string text = with_edits(kHoldem, {{"(a pair of Queens)", "(a flush, Queen high)"}});
  CHECK(integrity_of(text) ==
        Strings{"HAND_NAME_MISMATCH seat 3: line 23: seat 3 (C) shows [Qc Qd] as \"a flush, Queen "
                "high\", but the cards make a pair with the board [2c 7d 9h Js 3s]"});
  // Draw: the five shown cards are the hand.
  const std::string draw = with_edits(kDraw, {{"(a pair of Tens)", "(two pair, Tens and Sixes)"}});
  CHECK(integrity_of(draw) ==
        Strings{"HAND_NAME_MISMATCH seat 4: line 19: seat 4 (Hero) shows [Td Th 6h 4h Ks] as "
                "\"two pair, Tens and Sixes\", but the cards make a pair"});
}

TEST_CASE("integrity: a board with a card too many on the flop", "[integrity]") {
  const std::string text =
      with_edits(kHoldem, {{"*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 7d 9h 8c]"},
                           {"[2c 7d 9h] [Js]", "[2c 7d 9h 8c] [Js]"},
                           {"[2c 7d 9h Js] [3s]", "[2c 7d 9h 8c Js] [3s]"},
                           {"Board [2c 7d 9h Js 3s]", "Board [2c 7d 9h 8c Js 3s]"}});
  // One finding for the flop: the later streets are wrong only because of it.
  CHECK(integrity_of(text) == Strings{"BOARD_CARD_COUNT seat 0: line 13: board 1 holds 4 card(s) "
                                      "after the flop; Hold'em holds 3"});
}

TEST_CASE("integrity: a discarded card that comes back in the draw", "[integrity]") {
  const std::string text = with_edits(kDraw, {{"[Td Th 6h 4h] [Ks]", "[Td Th 6h 4h] [2s]"},
                                              {"[Td Th 6h 4h Ks]", "[Td Th 6h 4h 2s]"}});
  CHECK(integrity_of(text) ==
        Strings{"CARD_SEEN_TWICE seat 4: line 14: 2s is dealt to seat 4 (Hero), but it was "
                "discarded by seat 4 (Hero) (line 13) already: one deck holds it once"});
}

TEST_CASE("integrity: cards the site hides are never judged", "[integrity]") {
  // "Xx" is a hidden card: two hidden cards on the flop are not a card too many or too few.
  const std::string text =
      with_edits(kHoldem, {{"Dealt to Hero [Ah Kd]", "Dealt to Hero [Xx Xx]"}});
  CHECK(integrity_of(text).empty());
}

TEST_CASE("integrity: what a reader may have misread is not judged", "[integrity]") {
  // A flop a card short: the card may be one the reader did not see.
  CHECK(integrity_of(with_edits(kHoldem, {{"*** FLOP *** [2c 7d 9h]", "*** FLOP *** [2c 7d]"}}))
            .empty());
  // A street printed twice: the second line is a reprint, whatever it holds.
  CHECK(integrity_of(with_edits(kHoldem, {{"C: checks\nHero: checks\n*** TURN",
                                           "*** FLOP *** [2c 7d 9h]\nC: checks\nHero: "
                                           "checks\n*** TURN"}}))
            .empty());
  // A showdown name that does not begin with a hand name.
  CHECK(
      integrity_of(with_edits(kHoldem, {{"(a pair of Queens)", "(zzyzx pair, Queens)"}})).empty());
}

TEST_CASE("integrity: cards dealt after the hand was over", "[integrity]") {
  const std::string text = with_edits(
      kHoldem, {{"C: calls $0.04\n*** FLOP *** [2c 7d 9h]\nC: checks\nHero: checks\n"
                 "*** TURN *** [2c 7d 9h] [Js]\nC: checks\nHero: checks\n"
                 "*** RIVER *** [2c 7d 9h Js] [3s]\nC: checks\nHero: checks\n"
                 "*** SHOW DOWN ***\nC: shows [Qc Qd] (a pair of Queens)\n"
                 "Hero: shows [Ah Kd] (high card Ace)\nC collected $0.12 from pot\n",
                 "C: folds\n*** FLOP *** [2c 7d 9h]\n"
                 "Uncalled bet ($0.04) returned to Hero\n"
                 "Hero collected $0.05 from pot\n"},
                {"Total pot $0.13 | Rake $0.01", "Total pot $0.05 | Rake $0"},
                {"Board [2c 7d 9h Js 3s]\n", ""},
                {"showed [Ah Kd] and lost with high card Ace", "collected ($0.05)"},
                {"showed [Qc Qd] and won ($0.12) with a pair of Queens", "folded before Flop"}});
  CHECK(integrity_of(text) ==
        Strings{
            "CARDS_AFTER_HAND_OVER seat 0: line 13: 2c 7d 9h dealt on the flop after the hand was "
            "over on the preflop (line 12: seat 3 (C) folded, one player left)"});
}

TEST_CASE("integrity: one player in two seats", "[integrity]") {
  auto hands = read_text(kHoldem, "integrity.txt");
  REQUIRE(hands.size() == 1);
  Hand hand = hands[0];
  hand.seats[1].player = "C";  // seat 2 under seat 3's name
  std::vector<std::string> out;
  for (const Finding& f : check_hand_integrity(hand))
    out.push_back(std::string(code_name(f.code)) + ": " + f.message);
  CHECK(out == Strings{"PLAYER_IN_TWO_SEATS: C sits in seats 2, 3 of one hand"});
  hand.players_named_by_position = true;  // "Big Blind" in two hands is not one player
  CHECK(check_hand_integrity(hand).empty());
}
