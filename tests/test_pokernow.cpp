// PokerNow (site "pokernow"): detection, cards, a whole log with exact amounts (testdata/pokernow,
// README.md there), the sweep of ../shared/corpus/PokerNow against
// testdata/pokernow/anomalies.tsv, and a fault log whose collection is wrong.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/pokernow/reader.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

using test::only_hand;

AuditResult audit(const Hand& h) {
  return audit_hand(h, AuditContext{&test::shipped_house_rules()});
}

const Hand& hand_number(const std::vector<Hand>& hands, const std::string& number) {
  for (const Hand& h : hands)
    if (h.site_hand_id.rfind(number + "-", 0) == 0) return h;
  FAIL("no hand #" << number);
  return hands.front();
}

// A log written for these tests: `rows` oldest first, as the table printed them; written as
// pokernow.club exports it (header, newest row first, each entry quoted with its quotes doubled,
// the time, the order).
std::string log_of(const std::vector<std::string>& rows) {
  std::string out = "entry,at,order\n";
  for (std::size_t i = rows.size(); i-- > 0;) {
    std::string quoted;
    for (char c : rows[i]) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    out += fmt::format("\"{}\",2024-05-01T20:{:02}:{:02}.000Z,17145936000{:05}\n", quoted, i / 60,
                       i % 60, i);
  }
  return out;
}

// Hand #1 of the tests' logs: three players, antes of 5, blinds 10/20 and A's straddle of 40; B
// raises to 120, A calls, B bets the flop alone and collects the 275 (antes 15, C's blind 20, B's
// and A's 120). The stacks after it: A 875, B 1150, C 975.
std::vector<std::string> straddle_hand(std::string_view b_collects = "275") {
  return {
      R"(-- starting hand #1  (No Limit Texas Hold'em) (dealer: "A @ a1") --)",
      R"(Player stacks: #1 "A @ a1" (1000) | #2 "B @ b2" (1000) | #3 "C @ c3" (1000))",
      R"("A @ a1" posts an ante of 5)",
      R"("B @ b2" posts an ante of 5)",
      R"("C @ c3" posts an ante of 5)",
      R"("B @ b2" posts a small blind of 10)",
      R"("C @ c3" posts a big blind of 20)",
      R"("A @ a1" posts a straddle of 40)",
      R"("B @ b2" raises to 120)",
      R"("C @ c3" folds)",
      R"("A @ a1" calls 120)",
      "Flop:  [2\u2663, 7\u2666, K\u2665]",
      R"("B @ b2" bets 100)",
      R"("A @ a1" folds)",
      R"(Uncalled bet of 100 returned to "B @ b2")",
      R"("B @ b2" collected )" + std::string(b_collects) + R"( from pot)",
      "-- ending hand #1 --",
  };
}

// Hand #2 opening with the stacks given, everyone folding to the big blind.
std::vector<std::string> next_hand(std::string_view a, std::string_view b, std::string_view c) {
  return {
      R"(-- starting hand #2  (No Limit Texas Hold'em) (dealer: "B @ b2") --)",
      fmt::format(R"(Player stacks: #1 "A @ a1" ({}) | #2 "B @ b2" ({}) | #3 "C @ c3" ({}))", a, b,
                  c),
      R"("C @ c3" posts a small blind of 10)",
      R"("A @ a1" posts a big blind of 20)",
      R"("B @ b2" folds)",
      R"("C @ c3" folds)",
      R"(Uncalled bet of 10 returned to "A @ a1")",
      R"("A @ a1" collected 20 from pot)",
      "-- ending hand #2 --",
  };
}

std::vector<Hand> read_log(std::vector<std::string> rows, const std::vector<std::string>& more) {
  rows.insert(rows.end(), more.begin(), more.end());
  return read_text(log_of(rows), "written.csv");
}

}  // namespace

TEST_CASE("PokerNow detection and cards", "[pokernow]") {
  CHECK(pokernow::is_log_start("entry,at,order"));
  CHECK_FALSE(pokernow::is_log_start("entry,at"));
  CHECK(sniff_format("entry,at,order\n\"-- ending hand #1 --\",2022-03-16T00:01:23.337Z,1\n")
            .format->name() == "pokernow");
  CHECK(pokernow::card("10\u2663") == "Tc");
  CHECK(pokernow::card("A\u2666") == "Ad");
  CHECK(pokernow::card("Q\u2660") == "Qs");
  CHECK(pokernow::card("7\u2665") == "7h");
  CHECK(pokernow::card("1\u2665").empty());
  CHECK(pokernow::card("Ah").empty());
}

TEST_CASE("PokerNow log: hands in order, amounts as street totals, next hand's stacks",
          "[pokernow]") {
  const std::vector<Hand> hands =
      read_text(test::load("pokernow/poker_now_log_pgl6kvq-E5GHsh-gPLXn9YRtz.csv"), "log.csv");
  REQUIRE(hands.size() == 113);  // "-- starting hand #1" to "#113"
  const Hand& h = hand_number(hands, "1");
  CHECK(h.site == "pokernow");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "1-164738882705601");  // the number, and the start row's order
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.unit == 1);
  CHECK(h.started_at_utc == "2022-03-16T00:00:27Z");
  CHECK(h.button_seat == 1);  // dealer: Deckhole, #1
  CHECK(test::seat(h, 1).player == "Deckhole @ _yf6aQFJyI");
  CHECK(test::seat(h, 2).stack == 10000);
  CHECK(test::event(h, EventKind::PostSmallBlind, 1).amount == 25);
  // "raises to 150" after the 25 blind: 125 put in; "calls 150" after the 50 blind: 100.
  CHECK(test::event(h, EventKind::Raise, 1).amount == 125);
  CHECK(test::event(h, EventKind::Call, 2).amount == 100);
  CHECK(test::event(h, EventKind::Bet, 2).street == Street::River);
  CHECK(test::event(h, EventKind::UncalledReturned, 2).amount == 450);
  CHECK(test::event(h, EventKind::Collected, 2).amount == 600);
  // The next hand's "Player stacks" (9700, 10300) are this hand's final stacks.
  REQUIRE(h.summary.size() == 2);
  CHECK(h.summary[0].final_stack == 9700);
  CHECK(h.summary[1].final_stack == 10300);
  CHECK(test::errors_and_warnings(audit(h)).empty());
  // "bets 1850 and go all in" covers the other player's 1850: the bettor keeps 16300.
  const Hand& covered = hand_number(hands, "105");
  const Event& bet = test::event(covered, EventKind::Bet, 2, 1);
  CHECK(bet.amount == 1850);
  CHECK_FALSE(bet.all_in);
  CHECK(test::errors_and_warnings(audit(covered)).empty());
}

TEST_CASE("PokerNow corpus sweep", "[pokernow][corpus]") {
  const fs::path root = test::shared_corpus() / "PokerNow";
  REQUIRE(fs::is_directory(root));
  long counted = 0;  // counted apart from the reader: one starting row per hand
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = test::read_file(de.path());
    for (std::size_t p = text.find("\"-- starting hand #"); p != std::string::npos;
         p = text.find("\"-- starting hand #", p + 1))
      ++counted;
  }
  const test::SweepResult r = test::sweep_corpus(root, "pokernow/anomalies.tsv");
  CHECK(counted == 289);
  CHECK(r.hands == counted);
  CHECK(r.parsed == counted);
  CHECK(r.sites == std::set<std::string>{"pokernow"});
  CHECK(r.warnings.empty());
  test::check_sweep(r, "pokernow/anomalies.tsv", /*with_hp=*/false);
}

TEST_CASE("PokerNow fault: a collection larger than the pot", "[pokernow][faults]") {
  // testdata/pokernow/faults/collected.csv: hands #1 and #2 of the log, K Godel's "collected
  // 600 from pot" in #1 edited to 700 (faults/originals/collected.csv is the unedited cut).
  const std::vector<Hand> original =
      read_text(test::load("pokernow/faults/originals/collected.csv"), "originals/collected.csv");
  const std::vector<Hand> fault =
      read_text(test::load("pokernow/faults/collected.csv"), "collected.csv");
  REQUIRE(original.size() == 2);
  REQUIRE(fault.size() == 2);
  CHECK(test::errors_and_warnings(audit(original[0])).empty());
  const AuditResult r = audit(fault[0]);
  const auto found = test::errors_and_warnings(r);
  INFO(test::describe(found));
  // 700 paid from a pot of 600; and hand #2's stacks say K Godel had 10300, not 10400.
  test::fault_detail::check_exactly(found, {{FindingCode::RakeMismatch, 0, 0, -100},
                                            {FindingCode::SummaryMismatch, 2, 10400, 10300}});
}

TEST_CASE("PokerNow: antes and a straddle, amounts put in, the next hand's stacks", "[pokernow]") {
  const std::vector<Hand> hands = read_log(straddle_hand(), next_hand("875", "1150", "975"));
  REQUIRE(hands.size() == 2);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.ante == 5);
  CHECK(h.small_blind == 10);
  CHECK(h.big_blind == 20);
  CHECK(test::event(h, EventKind::PostAnte, 2).amount == 5);
  const Event& straddle = test::event(h, EventKind::PostStraddle, 1);
  CHECK((straddle.amount == 40 && straddle.to == 40));
  // "raises to 120" over B's small blind of 10: 110 put in; A's "calls 120" over the straddle: 80.
  CHECK(test::event(h, EventKind::Raise, 2).amount == 110);
  CHECK(test::event(h, EventKind::Call, 1).amount == 80);
  REQUIRE(h.summary.size() == 3);
  CHECK(h.summary[0].final_stack == 875);
  CHECK(h.summary[1].final_stack == 1150);
  CHECK(h.summary[2].final_stack == 975);
  const AuditResult r = audit(h);
  INFO(test::describe(test::errors_and_warnings(r)));
  CHECK(test::errors_and_warnings(r).empty());
  Money contributed = 0;
  for (const PlayerResult& p : r.players) contributed += p.contributed;
  CHECK(contributed == 275);

  // B collects 285 of the 275: 10 paid from nothing, and hand #2's 1150 says so again.
  const std::vector<Hand> fault = read_log(straddle_hand("285"), next_hand("875", "1150", "975"));
  REQUIRE(fault.size() == 2);
  const AuditResult faulty = audit(fault[0]);
  const auto found = test::errors_and_warnings(faulty);
  INFO(test::describe(found));
  test::fault_detail::check_exactly(found, {{FindingCode::RakeMismatch, 0, 0, -10},
                                            {FindingCode::SummaryMismatch, 2, 1160, 1150}});
}

TEST_CASE("PokerNow: run it twice, two boards and a collection each", "[pokernow]") {
  auto log = [](std::string_view first_board_winner) {
    return std::vector<std::string>{
        R"(-- starting hand #7  (No Limit Texas Hold'em) (dealer: "A @ a1") --)",
        R"(Player stacks: #1 "A @ a1" (500) | #2 "B @ b2" (500))",
        R"("A @ a1" posts a small blind of 10)",
        R"("B @ b2" posts a big blind of 20)",
        R"("A @ a1" raises to 500 and go all in)",
        R"("B @ b2" calls 500 and go all in)",
        "Remaining players decide whether to run it twice.",
        R"("A @ a1" chooses to  run it twice.)",
        R"("B @ b2" chooses to  run it twice.)",
        "All players in hand choose to run it twice.",
        "\"A @ a1\" shows a A\u2660, K\u2660.",
        "\"B @ b2\" shows a Q\u2665, Q\u2666.",
        "Flop:  [2\u2663, 7\u2666, K\u2665]",
        "Turn: 2\u2663, 7\u2666, K\u2665 [3\u2660]",
        "River: 2\u2663, 7\u2666, K\u2665, 3\u2660 [9\u2663]",
        "Flop (second run):  [4\u2666, 5\u2666, 6\u2666]",
        "Turn (second run): 4\u2666, 5\u2666, 6\u2666 [8\u2665]",
        "River (second run): 4\u2666, 5\u2666, 6\u2666, 8\u2665 [J\u2663]",
        fmt::format(R"("{}" collected 500 from pot)", first_board_winner),
        R"("B @ b2" collected 500 from pot)",
        "-- ending hand #7 --",
    };
  };
  const Hand h = only_hand(read_text(log_of(log("A @ a1")), "rit.csv"));
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  std::vector<std::pair<int, std::string>> boards;
  for (const Event* b : test::events_of(h, EventKind::Board))
    boards.emplace_back(b->board_index, b->cards.printed());
  CHECK(boards ==
        std::vector<std::pair<int, std::string>>{
            {0, "2c 7d Kh"}, {0, "3s"}, {0, "9c"}, {1, "4d 5d 6d"}, {1, "8h"}, {1, "Jc"}});
  const AuditResult r = audit(h);
  INFO(test::describe(test::errors_and_warnings(r)));
  // A's kings win the first board, B's queens the second: 500 each of the 1000.
  CHECK(test::errors_and_warnings(r).empty());
  CHECK_FALSE(r.has(FindingCode::ShowdownNotEvaluated));

  // B paid the first board's 500 too: A's kings were owed it.
  const Hand fault = only_hand(read_text(log_of(log("B @ b2")), "rit.csv"));
  const AuditResult faulty = audit(fault);
  const auto found = test::errors_and_warnings(faulty);
  INFO(test::describe(found));
  test::fault_detail::check_exactly(
      found, {{FindingCode::WrongWinner, 1, 500, 0}, {FindingCode::WrongWinner, 2, 500, 1000}});
}

TEST_CASE("PokerNow: a stack the admin changes between hands is not a wrong stack", "[pokernow]") {
  // The admin adds 500 to B's stack for the next hand: hand #2 opens with B at 1650.
  std::vector<std::string> first = straddle_hand();
  first.insert(first.end() - 1,
               R"(WARNING: the admin queued the stack change for the player "B @ b2" adding 500 )"
               R"(chips in the next hand.)");
  const std::vector<Hand> changed = read_log(first, next_hand("875", "1650", "975"));
  REQUIRE(changed.size() == 2);
  CHECK(changed[0].issues.empty());
  REQUIRE(changed[0].summary.size() == 3);
  CHECK_FALSE(changed[0].summary[1].final_stack);  // B's: changed by the admin
  CHECK(changed[0].summary[0].final_stack == 875);
  const AuditResult clean = audit(changed[0]);
  INFO(test::describe(test::errors_and_warnings(clean)));
  CHECK(test::errors_and_warnings(clean).empty());

  // Rows between the hands name the players they change; the others are still checked: C
  // sits out and comes back with 975, A's 875 is printed as 900.
  std::vector<std::string> between = {
      R"(The player "C @ c3" stand up with the stack of 975.)",
      R"(The player "C @ c3" sit back with the stack of 975.)",
  };
  const std::vector<std::string> second = next_hand("900", "1150", "975");
  between.insert(between.end(), second.begin(), second.end());
  const std::vector<Hand> hands = read_log(straddle_hand(), between);
  REQUIRE(hands.size() == 2);
  const AuditResult checked = audit(hands[0]);
  const auto found = test::errors_and_warnings(checked);
  INFO(test::describe(found));
  test::fault_detail::check_exactly(found, {{FindingCode::SummaryMismatch, 1, 875, 900}});
  CHECK_FALSE(hands[0].summary[2].final_stack);

  // Without the admin's change, B's 1650 is 500 the hand did not pay.
  const std::vector<Hand> unexplained = read_log(straddle_hand(), next_hand("875", "1650", "975"));
  const AuditResult wrong = audit(unexplained[0]);
  test::fault_detail::check_exactly(test::errors_and_warnings(wrong),
                                    {{FindingCode::SummaryMismatch, 2, 1150, 1650}});
}

TEST_CASE("PokerNow: blinds missed while away, the small one dead, the big one live",
          "[pokernow]") {
  // C comes back on the button and posts both blinds missed; A raises to 60, C calls: 40 more
  // over C's live 20, the dead 10 apart. A wins the 10 + 20 (B's blinds) + 60 + 60 + 10 dead.
  const Hand h = only_hand(read_text(
      log_of({
          R"(-- starting hand #3  (No Limit Texas Hold'em) (dealer: "C @ c3") --)",
          R"(Player stacks: #1 "A @ a1" (1000) | #2 "B @ b2" (1000) | #3 "C @ c3" (1000))",
          R"("A @ a1" posts a small blind of 10)",
          R"("B @ b2" posts a big blind of 20)",
          R"("C @ c3" posts a missing small blind of 10)",
          R"("C @ c3" posts a missed big blind of 20)",
          R"("C @ c3" checks)",
          R"("A @ a1" raises to 60)",
          R"("B @ b2" folds)",
          R"("C @ c3" calls 60)",
          "Flop:  [2\u2663, 7\u2666, K\u2665]",
          R"("A @ a1" bets 100)",
          R"("C @ c3" folds)",
          R"(Uncalled bet of 100 returned to "A @ a1")",
          R"("A @ a1" collected 150 from pot)",
          "-- ending hand #3 --",
      }),
      "missed.csv"));
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(test::event(h, EventKind::PostDead, 3).amount == 10);
  CHECK(test::event(h, EventKind::PostBigBlind, 3).amount == 20);
  CHECK(test::event(h, EventKind::Call, 3).amount == 40);
  const AuditResult r = audit(h);
  INFO(test::describe(test::errors_and_warnings(r)));
  CHECK(test::errors_and_warnings(r).empty());
  Money c_put_in = 0;
  for (const PlayerResult& p : r.players)
    if (p.seat == 3) c_put_in = p.contributed;
  CHECK(c_put_in == 70);
}

// Strict reading (docs/sites/pokernow.md): a log is written newest row first, so the rows played
// after a row not read stand above it. The hand stops at that row, and the next hand's stacks
// are not its summary: nothing played after the gap is charged to the site.
TEST_CASE("PokerNow strict: a hand stops at its first row not read", "[pokernow][gaps]") {
  std::string text = test::load("pokernow/first_hands.csv");
  const std::string from = "collected 600 from pot";
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "zzyzx 600 from pot");
  const std::vector<Hand> hands = read_text(text, "strict.csv");
  REQUIRE(hands.size() == 3);
  const Hand& first = hands.front();
  REQUIRE(first.issues.size() == 1);
  CHECK(first.summary.empty());
  CHECK(test::events_of(first, EventKind::Collected).empty());
  const AuditResult r = audit_hand(first, {&test::shipped_house_rules(), nullptr});
  for (const Finding& f : r.findings)
    if (f.blame == Blame::Site) CHECK(f.severity == Severity::Info);
}

TEST_CASE("PokerNow: the newer header, a heads-up small blind's straddle, a winner who quits",
          "[pokernow][issue33]") {
  // Issue 33, point 16. The newer header prints the hand's id before the game; a name may start
  // with "@"; heads-up, the small blind on the button straddles: "posts a straddle of 40" is his
  // total, the small blind of 10 included (30 put in); B wins and quits between the hands.
  const std::vector<std::string> rows = {
      R"(-- starting hand #240 (id: zwx3kwlh2saw) (No Limit Texas Hold'em) (dealer: "@Ann @ a1") --)",
      R"(Player stacks: #1 "@Ann @ a1" (1000) | #2 "B @ b2" (1000))",
      R"("@Ann @ a1" posts a small blind of 10)",
      R"("B @ b2" posts a big blind of 20)",
      R"("@Ann @ a1" posts a straddle of 40)",
      R"("B @ b2" raises to 100)",
      R"("@Ann @ a1" calls 100)",
      "Flop:  [2\u2663, 7\u2666, K\u2665]",
      R"("B @ b2" bets 50)",
      R"("@Ann @ a1" folds)",
      R"(Uncalled bet of 50 returned to "B @ b2")",
      R"("B @ b2" collected 200 from pot)",
      "-- ending hand #240 --",
      R"(The player "B @ b2" quits the game with a stack of 1100.)",
      R"(-- starting hand #241 (id: q7m2aa0b1c3d) (No Limit Texas Hold'em) (dealer: "C @ c3") --)",
      R"(Player stacks: #1 "@Ann @ a1" (900) | #3 "C @ c3" (1000))",
      R"("C @ c3" posts a small blind of 10)",
      R"("@Ann @ a1" posts a big blind of 20)",
      R"("C @ c3" folds)",
      R"(Uncalled bet of 10 returned to "@Ann @ a1")",
      R"("@Ann @ a1" collected 20 from pot)",
      "-- ending hand #241 --",
  };
  const std::vector<Hand> hands = read_text(log_of(rows), "written.csv");
  REQUIRE(hands.size() == 2);
  const Hand& h = hand_number(hands, "240");
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.limit_text == "No Limit Texas Hold'em");
  CHECK(h.button_seat == 1);
  CHECK(h.seats[0].player == "@Ann @ a1");
  const Event& straddle = test::event(h, EventKind::PostStraddle, 1);
  CHECK(straddle.amount == 30);
  CHECK(straddle.to == 40);
  CHECK(test::event(h, EventKind::Call, 1).amount == 60);
  // B's line holds what he collected and no stack (he left); Ann's stack is hand #241's.
  REQUIRE(h.summary.size() == 2);
  CHECK(h.summary[0].final_stack == 900);
  CHECK(h.summary[1].won == 200);
  CHECK_FALSE(h.summary[1].final_stack);
  const AuditResult r = audit(h);
  INFO(test::describe(test::errors_and_warnings(r)));
  CHECK(test::errors_and_warnings(r).empty());
  Money contributed = 0;
  for (const PlayerResult& p : r.players) contributed += p.contributed;
  CHECK(contributed == 200);
}
