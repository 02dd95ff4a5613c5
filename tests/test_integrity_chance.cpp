// Results beyond chance (audit/integrity_chance.hpp, docs/integrity.md): the equity of written
// all-ins, exact where the board left is small, hi/lo halves and side pots as shares, sampled
// preflop; what is not an all-in or not known; the tails the signals rest on. The planted
// patterns and the false alarms on generated sessions are in tests/test_integrity_signals.cpp.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "audit/integrity_chance.hpp"
#include "model/game.hpp"
#include "tests/cli_run.hpp"

namespace {

using hh::AllInReading;
using hh::EventKind;
using hh::IntegrityHand;
using hh::Money;
using hh::Street;

struct Player {
  int seat;
  std::string name;
  std::string cards;  // shown; "" for none
  Money contributed;
  Money collected;
};

// A hand of `game` whose players last act on `last` (each calls there), with its board street
// by street (the flop's three cards as one line).
IntegrityHand written(const hh::Game& game, const std::vector<Player>& players,
                      const std::vector<std::string>& board, Street last) {
  IntegrityHand h;
  h.hand_id = 1;
  h.site = "pokerstars";
  h.site_hand_id = "1";
  h.big_blind = 100;
  h.game = std::string(game.name());
  for (const Player& p : players) {
    h.seats.push_back({p.seat, p.name, p.collected - p.contributed, true, p.contributed});
    h.actions.push_back({p.seat, last, EventKind::Call});
    if (!p.cards.empty())
      h.cards.push_back(
          {p.seat, Street::Showdown, EventKind::Shows, 0, hh::EventCards::read(p.cards)});
  }
  const Street streets[] = {Street::Flop, Street::Turn, Street::River};
  for (std::size_t i = 0; i < board.size(); ++i)
    h.cards.push_back({0, streets[i], EventKind::Board, 0, hh::EventCards::read(board[i])});
  return h;
}

// Heads-up hand `i`: Lucky moves all-in on the turn with kings against aces on 2c 7d 9s Jh (2 of
// the 44 cards left win) and the river is a king.
std::string lucky_hand(int i) {
  return fmt::format(
      "PokerStars Hand #{}:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/06 12:{:02}:00 ET\n"
      "Table 'Luck' 6-max Seat #1 is the button\n"
      "Seat 1: Aces ($10 in chips)\n"
      "Seat 2: Lucky ($10 in chips)\n"
      "Aces: posts small blind $0.05\n"
      "Lucky: posts big blind $0.10\n"
      "*** HOLE CARDS ***\n"
      "Aces: calls $0.05\n"
      "Lucky: checks\n"
      "*** FLOP *** [2c 7d 9s]\n"
      "Lucky: checks\n"
      "Aces: checks\n"
      "*** TURN *** [2c 7d 9s] [Jh]\n"
      "Lucky: bets $9.90 and is all-in\n"
      "Aces: calls $9.90 and is all-in\n"
      "*** RIVER *** [2c 7d 9s Jh] [Kd]\n"
      "*** SHOW DOWN ***\n"
      "Lucky: shows [Ks Kh] (three of a kind, Kings)\n"
      "Aces: shows [As Ah] (a pair of Aces)\n"
      "Lucky collected $20 from pot\n"
      "*** SUMMARY ***\n"
      "Total pot $20 | Rake $0\n"
      "Board [2c 7d 9s Jh Kd]\n"
      "Seat 1: Aces (button) (small blind) showed [As Ah] and lost with a pair of Aces\n"
      "Seat 2: Lucky (big blind) showed [Ks Kh] and won ($20) with three of a kind, Kings\n\n\n",
      910000 + i, i);
}

}  // namespace

TEST_CASE("all-in equity: on the turn, exact", "[integrity-chance]") {
  // Aces against kings on 2c 7d 9s Jh: the kings win with the two kings left of 44 cards, no
  // straight or flush can come with one card. 50 of the 2,000 pot is rake.
  const IntegrityHand h = written(
      hh::games::kHoldem, {{1, "Aces", "As Ah", 1000, 1950}, {2, "Kings", "Ks Kh", 1000, 0}},
      {"2c 7d 9s", "Jh", "3d"}, Street::Turn);
  const hh::AllInEquity e = hh::all_in_equity(h);
  REQUIRE(e.reading == AllInReading::Evaluated);
  CHECK_FALSE(e.sampled);
  CHECK(e.boards == 44);
  REQUIRE(e.shares.size() == 2);
  CHECK(e.shares[0].player == "Aces");
  CHECK(e.shares[0].equity == Approx(42.0 / 44));
  CHECK(e.shares[0].variance == Approx(42.0 / 44 * 2.0 / 44));
  CHECK(e.shares[0].won == 1.0);
  CHECK(e.shares[0].pot_big_blinds == 20.0);
  CHECK(e.shares[1].equity == Approx(2.0 / 44));
  CHECK(e.shares[1].won == 0.0);
}

TEST_CASE("all-in equity: Omaha hi/lo halves as shares", "[integrity-chance]") {
  // A holds the only low (A-2 with 3 4 8 on the board) and kings; B queens and jacks: B's high
  // wins with Qs Qc Jd Jc or any ten (a straight), 8 of the 40 cards left. A: half the pot
  // always, the other half 32 times in 40.
  const IntegrityHand h = written(
      hh::games::kOmahaHiLo, {{1, "A", "Ac 2c Kd Ks", 500, 1000}, {2, "B", "Qh Qd Jh Js", 500, 0}},
      {"3d 4h 8s", "9c", "5d"}, Street::Turn);
  const hh::AllInEquity e = hh::all_in_equity(h);
  REQUIRE(e.reading == AllInReading::Evaluated);
  CHECK(e.boards == 40);
  CHECK(e.shares[0].equity == Approx(0.9));
  CHECK(e.shares[0].variance == Approx(0.04));  // 1 (p .8) or 0.5 (p .2)
  CHECK(e.shares[1].equity == Approx(0.1));
}

TEST_CASE("all-in equity: a side pot the short stack cannot win", "[integrity-chance]") {
  // Short (200) all-in with the best hand on the turn; Aces and Kings put in 1,000 each: the main
  // pot of 600 is three-way, the side pot of 1,600 Aces' or Kings'. Short's sevens full win the
  // main pot on any river but a card that gives Aces quads... none left: 7h 7d 7c 2s 2d on the
  // board after the river, here the turn 7c 7d 2s 2d: Short's 7s 7h is quads already.
  const IntegrityHand h = written(hh::games::kHoldem,
                                  {{1, "Short", "7s 7h", 200, 600},
                                   {2, "Aces", "As Ah", 1000, 1600},
                                   {3, "Kings", "Ks Kh", 1000, 0}},
                                  {"7c 7d 2s", "2d", "3c"}, Street::Turn);
  const hh::AllInEquity e = hh::all_in_equity(h);
  REQUIRE(e.reading == AllInReading::Evaluated);
  REQUIRE(e.shares.size() == 3);
  // Short: the main pot always (600 of 2,200); Aces the side pot but with a king (2 of 42 left).
  CHECK(e.shares[0].equity == Approx(600.0 / 2200));
  CHECK(e.shares[0].variance == Approx(0.0).margin(1e-12));
  CHECK(e.shares[1].equity == Approx(1600.0 / 2200 * 40 / 42));
  CHECK(e.shares[2].equity == Approx(1600.0 / 2200 * 2 / 42));
  CHECK(e.shares[0].won == Approx(600.0 / 2200));
}

TEST_CASE("all-in equity: preflop sampled with a fixed seed", "[integrity-chance]") {
  // Aces against kings of other suits all-in preflop: 82.6% (of 1,712,304 boards, ties half).
  const IntegrityHand h = written(
      hh::games::kHoldem, {{1, "Aces", "As Ah", 1000, 2000}, {2, "Kings", "Kd Kc", 1000, 0}},
      {"2c 7d 9s", "Jh", "3d"}, Street::Preflop);
  const hh::AllInEquity e = hh::all_in_equity(h);
  REQUIRE(e.reading == AllInReading::Evaluated);
  CHECK(e.sampled);
  CHECK(e.boards == hh::kSampledBoards);
  // 3 standard errors of a 2,000-board sample: 0.034.
  CHECK(e.shares[0].equity == Approx(0.826).margin(0.034));
  CHECK(e.shares[0].equity + e.shares[1].equity == Approx(1.0));
  // The same hand samples the same boards.
  CHECK(hh::all_in_equity(h).shares[0].equity == e.shares[0].equity);
}

TEST_CASE("all-in equity: what is not judged", "[integrity-chance]") {
  const std::vector<Player> both = {{1, "A", "As Ah", 1000, 2000}, {2, "B", "Ks Kh", 1000, 0}};
  const std::vector<std::string> board = {"2c 7d 9s", "Jh", "3d"};
  // A decision on the river: no card was left to chance.
  CHECK(hh::all_in_equity(written(hh::games::kHoldem, both, board, Street::River)).reading ==
        AllInReading::NotAllIn);
  // A live hand not shown.
  std::vector<Player> hidden = both;
  hidden[1].cards = "";
  CHECK(hh::all_in_equity(written(hh::games::kHoldem, hidden, board, Street::Turn)).reading ==
        AllInReading::CardsUnknown);
  // A card seen twice (CARD_SEEN_TWICE's, not judged here).
  std::vector<Player> twice = both;
  twice[1].cards = "As Kh";
  CHECK(hh::all_in_equity(written(hh::games::kHoldem, twice, board, Street::Turn)).reading ==
        AllInReading::CardsUnknown);
  // A game without an evaluator here, and a hand run twice.
  CHECK(
      hh::all_in_equity(written(hh::games::kShortDeckHoldem, both, board, Street::Turn)).reading ==
      AllInReading::NotEvaluated);
  IntegrityHand twice_run = written(hh::games::kHoldem, both, board, Street::Turn);
  twice_run.cards.push_back({0, Street::River, EventKind::Board, 1, hh::EventCards::read("4c")});
  CHECK(hh::all_in_equity(twice_run).reading == AllInReading::NotEvaluated);
}

TEST_CASE("results beyond chance: Bennett's bound and the chi-square tail", "[integrity-chance]") {
  CHECK(hh::chi_square_upper_tail(7.815, 3) == Approx(0.05).margin(1e-4));
  CHECK(hh::chi_square_upper_tail(68.67, 51) == Approx(0.05).margin(1e-3));
  CHECK(hh::bennett_upper_bound(0, 5) == 1.0);
  // 20 all-ins at 20%, 11 won: 6.8 above the 4 expected, variance 3.2. h(2.125) = 1.4357.
  CHECK(hh::bennett_upper_bound(6.8, 3.2) == Approx(std::exp(-3.2 * 1.4357)).epsilon(1e-3));
  // It holds where the normal tail does not: the exact binomial tail P(X >= 11) is 5.6e-4, the
  // normal one 7e-5.
  CHECK(hh::bennett_upper_bound(6.8, 3.2) > 5.6e-4);
}

TEST_CASE("all-in results: a player judged only over enough all-ins", "[integrity-chance]") {
  // 19 turn all-ins won as a 2-in-44 underdog: far beyond chance, but under the 20 all-ins a
  // player needs; the 20th makes the signal.
  std::vector<IntegrityHand> hands;
  for (int i = 0; i < 20; ++i) {
    IntegrityHand h = written(hh::games::kHoldem,
                              {{1, "Aces", "As Ah", 1000, 0}, {2, "Lucky", "Ks Kh", 1000, 1950}},
                              {"2c 7d 9s", "Jh", "Kd"}, Street::Turn);
    h.hand_id = i + 1;
    h.site_hand_id = std::to_string(i + 1);
    hands.push_back(std::move(h));
  }
  const std::vector<IntegrityHand> nineteen(hands.begin(), hands.end() - 1);
  CHECK(hh::allin_results_signals(nineteen, {}).empty());
  hh::AllInTally tally;
  const std::vector<hh::IntegritySignal> s = hh::allin_results_signals(hands, {}, &tally);
  CHECK(tally.evaluated == 20);
  REQUIRE(s.size() == 1);
  CHECK(s[0].kind == "allin_results");
  CHECK(s[0].players == std::vector<std::string>{"Lucky"});
  CHECK(s[0].hand_ids.size() == 20);
  CHECK(s[0].explanation.find("Lucky won 20.00 pots of 20 all-ins where the cards when the money "
                              "went in gave 0.91") == 0);
}

TEST_CASE("all-in results: read back from the store, shown by integrity, summary and explain",
          "[integrity-chance][cli]") {
  const auto dir = hh::test::temp_dir("hh-chance");
  std::string text;
  for (int i = 0; i < 20; ++i) text += lucky_hand(i);
  std::ofstream(dir / "luck.txt") << text;
  const std::string db = hh::test::q(dir / "a.db");
  const std::string bin = hh::test::bin();
  const auto audit = hh::test::run(bin + " audit " + hh::test::q(dir / "luck.txt") + " --db " + db);
  CHECK(audit.out.find("0 with errors") != std::string::npos);
  const auto listed = hh::test::run(bin + " integrity --db " + db + " --format csv");
  CHECK(listed.code == 0);
  // The store's cards (hand_event_log), the seats' contributions and the game read back: 20
  // all-ins at 2 in 44, all won.
  CHECK(listed.out.find(",allin_results,pokerstars,Lucky,,") != std::string::npos);
  CHECK(listed.out.find("Lucky won 20.00 pots of 20 all-ins where the cards when the money went "
                        "in gave 0.91") != std::string::npos);
  const auto summary = hh::test::run(bin + " summary --db " + db + " --format csv");
  CHECK(summary.out.find(",allin_results,1,20\n") != std::string::npos);
  const auto explain = hh::test::run(bin + " explain 910003 --db " + db + " --format csv");
  CHECK(explain.out.find(",allin_results,Lucky,") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("all-in equities: the same on one thread and on four, and their signals",
          "[integrity-chance]") {
  // 24 heads-up all-ins, each its own hand number: 12 preflop (boards sampled, seeded by the
  // hand) and 12 on the turn (44 boards each); the first player wins every other hand.
  const std::pair<const char*, const char*> holes[] = {
      {"As Ah", "Ks Kh"}, {"Qc Qd", "Jc Td"}, {"Ac Kc", "2s 2h"}, {"9h 8h", "Ad Qs"}};
  std::vector<IntegrityHand> hands;
  for (int i = 0; i < 24; ++i) {
    const auto& [first, second] = holes[i % 4];
    const Money won = i % 2 == 0 ? 1950 : 0;
    IntegrityHand h = written(
        hh::games::kHoldem,
        {{1, "P" + std::to_string(i % 3), first, 1000, won}, {2, "B", second, 1000, 1950 - won}},
        {"2c 7d 9s", "Jh", "Kd"}, i < 12 ? Street::Preflop : Street::Turn);
    h.hand_id = i + 1;
    h.site_hand_id = std::to_string(i + 1);
    hands.push_back(std::move(h));
  }
  std::vector<const IntegrityHand*> of;
  for (const IntegrityHand& h : hands) of.push_back(&h);
  const std::vector<hh::AllInEquity> one = hh::all_in_equities(of, 1);
  const std::vector<hh::AllInEquity> four = hh::all_in_equities(of, 4);
  REQUIRE(one.size() == 24);
  REQUIRE(four.size() == 24);
  for (std::size_t i = 0; i < one.size(); ++i) {
    CHECK(one[i].hand_id == hands[i].hand_id);
    CHECK(four[i].hand_id == hands[i].hand_id);
    CHECK(one[i].reading == AllInReading::Evaluated);
    CHECK(four[i].reading == one[i].reading);
    CHECK(one[i].sampled == (i < 12));
    CHECK(four[i].sampled == one[i].sampled);
    CHECK(one[i].boards == (i < 12 ? hh::kSampledBoards : 44));
    CHECK(four[i].boards == one[i].boards);
    REQUIRE(one[i].shares.size() == 2);
    REQUIRE(four[i].shares.size() == 2);
    for (std::size_t s = 0; s < 2; ++s) {
      CHECK(four[i].shares[s].player == one[i].shares[s].player);
      CHECK(four[i].shares[s].equity == one[i].shares[s].equity);  // exactly
      CHECK(four[i].shares[s].variance == one[i].shares[s].variance);
      CHECK(four[i].shares[s].won == one[i].shares[s].won);
    }
  }
  // Every player of 5 all-ins or more a signal (no least score): the signals and the tally of
  // either, and of the hands.
  hh::ChanceThresholds t;
  t.min_allins = 5;
  t.allin_score = -1000;
  hh::AllInTally by_one, by_four, by_hands;
  const auto signals_one = hh::allin_results_signals(one, t, &by_one);
  const auto signals_four = hh::allin_results_signals(four, t, &by_four);
  const auto signals_hands = hh::allin_results_signals(hands, t, &by_hands);
  for (const hh::AllInTally& tally : {by_one, by_four, by_hands}) {
    CHECK(tally.evaluated == 24);
    CHECK(tally.sampled == 12);
  }
  REQUIRE(signals_one.size() == 4);  // P0, P1, P2 (8 all-ins each) and B (24)
  REQUIRE(signals_four.size() == signals_one.size());
  REQUIRE(signals_hands.size() == signals_one.size());
  for (std::size_t i = 0; i < signals_one.size(); ++i) {
    CHECK(signals_four[i].explanation == signals_one[i].explanation);
    CHECK(signals_four[i].score == signals_one[i].score);
    CHECK(signals_hands[i].explanation == signals_one[i].explanation);
  }
}
