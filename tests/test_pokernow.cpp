// PokerNow (site "pokernow"): detection, cards, a whole log with exact amounts (testdata/pokernow,
// README.md there), the sweep of ../shared/corpus/PokerNow against
// testdata/pokernow/anomalies.tsv, and a fault log whose collection is wrong.
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

AuditResult audit(const Hand& h) {
  return audit_hand(h, AuditContext{&test::shipped_house_rules()});
}

const Hand& hand_number(const std::vector<Hand>& hands, const std::string& number) {
  for (const Hand& h : hands)
    if (h.site_hand_id.rfind(number + "-", 0) == 0) return h;
  FAIL("no hand #" << number);
  return hands.front();
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
  test::fault_detail::check_exactly(
      found, {{"RAKE_MISMATCH", 0, 0, -100}, {"SUMMARY_MISMATCH", 2, 10400, 10300}});
}
