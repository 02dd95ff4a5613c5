// KingsClub (site "kingsclub"): detection, the parser on corpus hands with exact amounts
// (testdata/kingsclub, README.md there), a sweep of ../shared/corpus/KingsClub against
// testdata/kingsclub/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/kingsclub/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

using test::events_of;
using test::only_hand;

std::vector<const Finding*> non_info(const Hand& h) {
  static std::vector<AuditResult> kept;  // the findings must outlive the call
  kept.push_back(audit_hand(h, AuditContext{&test::shipped_house_rules()}));
  return test::errors_and_warnings(kept.back());
}

}  // namespace

TEST_CASE("KingsClub detection", "[kingsclub]") {
  CHECK(kingsclub::is_hand_start("#3583643: Pot Limit Omaha - 125/250"));
  CHECK(kingsclub::is_hand_start("#3703449: Limit 2-7 Razz - 500/1,000"));
  CHECK_FALSE(kingsclub::is_hand_start("#3583643: Pot Limit Omaha"));  // no stakes
  CHECK_FALSE(kingsclub::is_hand_start("#: Pot Limit Omaha - 125/250"));
  CHECK_FALSE(kingsclub::is_hand_start("#12 - 5/10"));
}

TEST_CASE("KingsClub hand: header, calls and bets as street totals, the uncalled raise",
          "[kingsclub]") {
  // Hero raises to 25, Player0 (big blind 10) "calls 25": 15 more. On the flop Hero "bets 16.17",
  // Player0 "raises to 57.34", Hero folds: 41.17 goes back unprinted.
  const Hand& h = only_hand(read_text(test::load("kingsclub/nlhe.txt"), "nlhe.txt"));
  CHECK(h.site == "kingsclub");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "39969377");
  CHECK(h.table_name == "8 Game Mix");
  CHECK(h.button_seat == 6);
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 500);
  CHECK(h.big_blind == 1000);
  CHECK(h.started_at_utc == "2021-01-02T15:49:35Z");
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK_FALSE(h.total_pot);
  CHECK(h.rake == 100);
  const auto calls = events_of(h, EventKind::Call);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0]->amount == 1500);
  const auto raises = events_of(h, EventKind::Raise);
  REQUIRE(raises.size() == 2);
  CHECK(raises[1]->street == Street::Flop);
  CHECK(raises[1]->to == 5734);
  CHECK(raises[1]->amount == 5734);
  const auto won = events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 1);
  CHECK(won[0]->amount == 8134);
  CHECK(non_info(h).empty());
}

TEST_CASE("KingsClub stud: street markers one street late, calls to the street total",
          "[kingsclub]") {
  const Hand& h = only_hand(read_text(test::load("kingsclub/stud.txt"), "stud.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game.name() == "7 Card Stud");
  CHECK(h.small_bet == 4400);
  CHECK(h.big_bet == 8800);
  CHECK(h.button_seat == 0);
  CHECK(h.ante == 3316);
  const auto bring_in = events_of(h, EventKind::BringIn);
  REQUIRE(bring_in.size() == 1);
  CHECK(bring_in[0]->amount == 3316);
  CHECK(bring_in[0]->street == Street::Preflop);
  // "Player2 calls 121.16" after "bets 44": 77.16 more.
  const auto calls = events_of(h, EventKind::Call);
  REQUIRE(calls.size() >= 2);
  CHECK(calls[0]->seat == 3);
  CHECK(calls[0]->amount == 7716);
  CHECK(calls[1]->amount == 4400);
  // "*** 3RD STREET ***" deals the fourth card: its bets are fourth street's (Street::Flop).
  const auto bets = events_of(h, EventKind::Bet);
  REQUIRE(bets.size() == 5);
  CHECK(bets[1]->street == Street::Flop);
  CHECK(bets[4]->street == Street::Seventh);
  // The hidden cards are not kept: "[X X 2s]" is the up card 2s.
  const auto dealt = events_of(h, EventKind::DealtHole);
  REQUIRE_FALSE(dealt.empty());
  CHECK(dealt[0]->cards.printed() == "2s");
}

TEST_CASE("KingsClub draw: a missed blind posted as both blinds", "[kingsclub]") {
  // "Player1: posts blind 44" at 44/88 and a fold: the summary's -77 is the 11 ante, 44 live and
  // the 22 small blind dead.
  const Hand& h =
      only_hand(read_text(test::load("kingsclub/triple_draw_missed_blind.txt"), "triple_draw.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game.name() == "2-7 Triple Draw");
  const auto both = events_of(h, EventKind::PostBothBlinds);
  REQUIRE(both.size() == 1);
  CHECK(both[0]->seat == 2);
  CHECK(both[0]->amount == 6600);
  CHECK(both[0]->dead == 2200);
  const auto draws = events_of(h, EventKind::Discards);
  REQUIRE_FALSE(draws.empty());
  CHECK(draws[0]->street == Street::Flop);
  CHECK(draws[0]->count == 3);
}

TEST_CASE("KingsClub run it twice: each board's turn and river", "[kingsclub]") {
  const Hand& h = only_hand(read_text(test::load("kingsclub/plo_run_twice.txt"), "plo.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game.name() == "Omaha");
  const auto boards = events_of(h, EventKind::Board);
  REQUIRE(boards.size() == 5);  // the flop, then turn and river of each run
  CHECK(boards[1]->street == Street::Turn);
  CHECK(boards[1]->cards.printed() == "4c");
  CHECK(boards[2]->cards.printed() == "Qh");
  CHECK(boards[3]->board_index == 1);
  CHECK(boards[3]->cards.printed() == "Kh");
  CHECK(boards[4]->street == Street::River);
  CHECK(boards[4]->cards.printed() == "Ac");
}

TEST_CASE("KingsClub corpus sweep", "[kingsclub][corpus]") {
  const fs::path root = test::shared_corpus() / "KingsClub";
  REQUIRE(fs::is_directory(root));
  long headers = 0;  // counted apart from the parser: one "#N: " line per hand
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (std::size_t p = 0; p < text.size(); p = text.find('\n', p) + 1) {
      if (text[p] == '#' && p + 1 < text.size() && text[p + 1] >= '0' && text[p + 1] <= '9')
        ++headers;
      if (text.find('\n', p) == std::string::npos) break;
    }
  }
  const test::SweepResult r = test::sweep_corpus(root, "kingsclub/anomalies.tsv");
  // 22 hands, and the 2-7 Drawmaha hand of cash/Draw read since issue 33.
  CHECK(headers == 23);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"kingsclub"});
  test::check_sweep(r, "kingsclub/anomalies.tsv", /*with_hp=*/false);
}

TEST_CASE("KingsClub side pot left out of the wins lines: taken from the summary's net",
          "[kingsclub]") {
  // Player0 all-in for 325; Hero folds the river to Player2's bet. "Player2 wins pot (1,350)" is
  // the main pot; the 3,450 side pot (350 x 3 preflop + 1,200 x 2 on the flop) is only in
  // Player2's final stack (12,925, net +2,925).
  const Hand& h =
      only_hand(read_text(test::load("kingsclub/side_pot_unprinted.txt"), "side_pot.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.rake == 0);  // no "Rake" line: the nets sum to 0
  const auto won = events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 2);
  CHECK(won[0]->seat == 3);
  CHECK(won[0]->amount == 135000);
  CHECK(won[0]->pot_index == -1);
  CHECK(won[1]->seat == 3);
  CHECK(won[1]->amount == 345000);
  CHECK(won[1]->pot_index == 1);
  CHECK(non_info(h).empty());
}

TEST_CASE("KingsClub draw run twice: each run's showdown is not judged", "[kingsclub]") {
  // Hero's T-high beats Player1's J-high on run 1, Player1's 9-high wins run 2: the pot is split.
  const std::string text = test::read_file(
      test::shared_corpus() / "KingsClub/cash/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt");
  REQUIRE_FALSE(text.empty());
  const Hand& h = only_hand(read_text(decode(text).text, "rit.txt"));
  CHECK(h.issues.empty());
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  bool not_evaluated = false;
  for (const Finding& f : r.findings) {
    CHECK(f.severity == Severity::Info);
    not_evaluated = not_evaluated || f.code == FindingCode::ShowdownNotEvaluated;
  }
  CHECK(not_evaluated);
}

TEST_CASE("KingsClub draw run twice without Run 2 lines: the second run is not shown",
          "[kingsclub][issue33]") {
  // Issue 33, point 2 (a hand written from the rule): Hero draws [8c] on run 1 and [Qs] on run
  // 2; only the first run's hands are shown (Hero's T-high beats Player1's J-high there) and
  // each half is paid. The second run's winner is not in the hand: nothing is judged.
  const std::string text =
      "#45390001: No Limit 2-7 Single Draw - 25/50\n"
      "2021-08-04 06:53:29\n"
      "Table 'The Zoo' Seat 3 is the button\n"
      "Seat 2: Hero (1,200)\n"
      "Seat 3: Player1 (1,200)\n"
      "*** 1ST BETTING ROUND ***\n"
      "Hero: posts ante 20\n"
      "Player1: posts ante 20\n"
      "Player1: posts the small blind 25\n"
      "Hero: posts the big blind 50\n"
      "Dealt to Hero: [5d 7h Th Td 2h]\n"
      "Dealt to Player1: [X X X X X]\n"
      "Player1 raises to 1,180, and is all in\n"
      "Hero calls 1,180, and is all in\n"
      "*** 1ST DRAW ***\n"
      "Hero discards [Th] draws [8c] [Qs]\n"
      "Player1 stands pat\n"
      "Hero shows [5d 7h 8c Td 2h]\n"
      "Player1 shows [Jc 9s 7s 2c 5c]\n"
      "*** 2ND BETTING ROUND ***\n"
      "*** SUMMARY ***\n"
      "Seat 2: Hero (1,197) -3\n"
      "Seat 3: Player1 (1,196) -4\n"
      "Rake 7\n"
      "Hero wins (1,197) from pot\n"
      "Player1 wins (1,196) from pot\n";
  const Hand& h = only_hand(read_text(text, "rit.txt"));
  CHECK(h.issues.empty());
  std::vector<std::string> found;
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings) {
    if (f.severity != Severity::Info || f.code == FindingCode::ShowdownNotEvaluated)
      found.push_back(std::string(code_name(f.code)) + ": " + f.message);
  }
  CHECK(found == std::vector<std::string>{
                     "SHOWDOWN_NOT_EVALUATED: the hand was run more than once and the hands of "
                     "the later run are not shown (only a player's draw for it); the winners of "
                     "each run are not judged"});
  // Drawn once, the same hand is one showdown: Player1's half went to the worse hand.
  std::string once = text;
  once.replace(once.find("draws [8c] [Qs]"), 15, "draws [8c]");
  bool wrong_winner = false;
  for (const Finding& f : audit_hand(only_hand(read_text(once, "once.txt")),
                                     AuditContext{&test::shipped_house_rules()})
                              .findings)
    wrong_winner |= f.code == FindingCode::WrongWinner;
  CHECK(wrong_winner);
}

// Fault hands: testdata/kingsclub/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand)
// edited on one line; testdata/kingsclub/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"kingsclub/faults", name, "kingsclub", "#", hand_id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("KingsClub fault: a collection larger than the pot", "[kingsclub][faults]") {
  // "Player0 wins pot (81.34)" -> "(91.34)": 82.34 in, rake 1; the 41.17 nobody called is taken
  // to be inside the collection, leaving 50.17 from the pot.
  check_fault("collection", "39969377",
              {{FindingCode::ChipsNotConserved, 0, 8234, 5117},
               {FindingCode::PayoutMismatch, 0, 8134, 5017},
               // 860.38 - 82.34 put in + 41.17 back + 50.17 = 869.38, not the printed 900.55.
               {FindingCode::SummaryMismatch, 1, 86938, 90055}});
}

TEST_CASE("KingsClub fault: a short call", "[kingsclub][faults]") {
  // "Player0 calls 25" -> "calls 20": the big blind adds 10 to a raise to 25 (15 owed).
  check_fault("call", "39969377",
              {{FindingCode::WrongCallAmount, 1, 1500, 1000},
               {FindingCode::RoundNotClosed, 1, 2500, 2000}});
}

TEST_CASE("KingsClub fault: a rake the pot does not leave room for", "[kingsclub][faults]") {
  // "Rake 1" -> "Rake 2": 82.34 in, 81.34 collected.
  check_fault("rake", "39969377",
              {{FindingCode::ChipsNotConserved, 0, 8234, 8334},
               {FindingCode::PayoutMismatch, 0, 8034, 8134}});
}

TEST_CASE("KingsClub fault: a main pot paid short beside an unprinted side pot",
          "[kingsclub][faults]") {
  // "Player2 wins pot (1,350)" -> "(1,300)": the net then asks for 3,500 more, not the 3,450 side
  // pot, so no side pot is taken from the net and the whole shortfall is reported.
  check_fault("side_pot", "3264632",
              {{FindingCode::ChipsNotConserved, 0, 480000, 130000},
               {FindingCode::PayoutMismatch, 0, 480000, 130000},
               // 10,000 - 5,208 put in + 3,333 back + 1,300 = 9,425, not the printed 12,925.
               {FindingCode::SummaryMismatch, 3, 942500, 1292500}});
}

TEST_CASE("Final stacks printed in the summary are checked against the replay", "[kingsclub]") {
  // A hand written for the rule: Ann raises to 6, Bob folds the big blind; 4 comes back uncalled
  // and Ann wins the 4 in the pot: 100 - 6 + 4 + 4 = 102.
  auto hand = [](std::string_view ann_after) {
    std::string text =
        "#1: No Limit Holdem - 1/2\n2021-01-01 10:00:00\nTable 'T' Seat 1 is the button\n"
        "Seat 1: Ann (100)\nSeat 2: Bob (100)\nAnn: posts the small blind 1\n"
        "Bob: posts the big blind 2\n*** HOLE CARDS ***\nDealt to Ann: [Ah Kd]\n"
        "Dealt to Bob: [X X]\nAnn raises to 6\nBob folds\n*** SUMMARY ***\nSeat 1: Ann (";
    text.append(ann_after).append(") +2\nSeat 2: Bob (98) -2\nAnn wins pot (4)\n");
    return only_hand(read_text(text, "written.txt"));
  };
  const Hand right = hand("102");
  REQUIRE(right.summary.size() == 2);
  REQUIRE(right.summary[0].final_stack);
  CHECK(*right.summary[0].final_stack == 10200);
  CHECK(non_info(right).empty());
  const Hand wrong = hand("103");
  const auto findings = non_info(wrong);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0]->code == FindingCode::SummaryMismatch);
  CHECK(findings[0]->seat == 1);
  CHECK(findings[0]->expected == 10200);
  CHECK(findings[0]->actual == 10300);
}

TEST_CASE("KingsClub 2-7 Drawmaha: a board, one draw after the flop's betting, money only",
          "[kingsclub]") {
  // A hand written from the corpus's layout (2-7 Drawmaha-FL-USD-60-120-202108.txt): Ann limps
  // the button's small blind, both see the flop, Bob draws two and Ann stands pat after its
  // betting, the turn and river follow; the pot of 80 less a rake of 2 is split, 39 each.
  const std::string text =
      "#100: Limit 2-7 Drawmaha - 10/20\n2021-08-04 22:45:51\nTable 'T' Seat 1 is the button\n"
      "Seat 1: Ann (500)\nSeat 2: Bob (500)\nAnn: posts the small blind 5\n"
      "Bob: posts the big blind 10\nDealt to Ann: [X X X X X]\nDealt to Bob: [X X X X X]\n"
      "Ann calls 10\nBob checks\n*** FLOP *** [6h Qd 2h]\nBob checks\nAnn bets 10\n"
      "Bob calls 10\nBob draws 2\nAnn stands pat\n*** TURN *** [6h Qd 2h] [3d]\nBob bets 20\n"
      "Ann calls 20\n*** RIVER *** [6h Qd 2h 3d] [Ah]\nBob checks\nAnn checks\n"
      "Ann shows [6s 9d 4s 7d Ts]\nBob shows [6d 9s 4h Kc 8c]\n*** SUMMARY ***\n"
      "Seat 1: Ann (499) -1\nSeat 2: Bob (499) -1\nRake 2\nAnn wins (39) from pot\n"
      "Bob wins (39) from pot\n";
  const Hand h = only_hand(read_text(text, "drawmaha.txt"));
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kDrawmaha27);
  CHECK(h.game.name() == "2-7 Drawmaha");
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 1000);
  CHECK(h.big_bet == 2000);
  REQUIRE(events_of(h, EventKind::Board).size() == 3);
  const auto draws = events_of(h, EventKind::Discards);
  REQUIRE(draws.size() == 1);
  CHECK(draws[0]->seat == 2);
  CHECK(draws[0]->count == 2);
  CHECK(draws[0]->street == Street::Flop);
  // The money is audited; no evaluator ranks the game: the showdown is said not judged.
  CHECK(non_info(h).empty());
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  bool not_evaluated = false;
  for (const Finding& f : r.findings) not_evaluated |= f.code == FindingCode::ShowdownNotEvaluated;
  CHECK(not_evaluated);
  CHECK(h.rake == 200);

  // The same hand with Bob paid 41: the pot does not hold it.
  std::string wrong = text;
  wrong.replace(wrong.find("Bob wins (39)"), 13, "Bob wins (41)");
  wrong.replace(wrong.find("Seat 2: Bob (499) -1"), 20, "Seat 2: Bob (501) +1");
  const auto findings = non_info(only_hand(read_text(wrong, "drawmaha.txt")));
  CHECK_FALSE(findings.empty());
}

TEST_CASE("KingsClub draw games' names: A-5 Triple Draw, Badeucey in either spelling",
          "[kingsclub]") {
  auto game_of = [](const std::string& header) {
    return only_hand(read_text(header + "\n2021-01-01 10:00:00\nTable 'T' Seat 1 is the button\n"
                                        "Seat 1: Ann (100)\nSeat 2: Bob (100)\n"
                                        "Ann: posts the small blind 1\nBob: posts the big blind 2\n"
                                        "Ann folds\n*** SUMMARY ***\nSeat 1: Ann (99) -1\n"
                                        "Seat 2: Bob (101) +1\nBob wins pot (3)\n",
                               "draw.txt"))
        .game;
  };
  CHECK(game_of("#1: Limit A-5 Triple Draw - 2/4") == games::kTripleDrawA5);
  CHECK(game_of("#2: Limit Badacey - 2/4") == games::kBadeucey);
  CHECK(game_of("#3: Limit Badeucey - 2/4") == games::kBadeucey);
  CHECK(game_of("#4: Limit 2-7 Drawmaha - 2/4") == games::kDrawmaha27);
}
