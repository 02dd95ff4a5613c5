// Betfair (site "betfair", its own software of 2009): detection, the parser on the corpus hand
// with exact amounts (testdata/betfair, README.md there), a sweep of ../shared/corpus/Betfair
// against testdata/betfair/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/betfair/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Betfair detection", "[betfair]") {
  CHECK(betfair::is_hand_start("***** Betfair Poker Hand History for Game 100000000 *****"));
  CHECK_FALSE(betfair::is_hand_start("***** History for hand R5-70000684-006 *****"));  // OnGame's
  CHECK_FALSE(betfair::is_hand_start("***** Hand History for Game 11354414824 *****"));
  CHECK(
      sniff_format("***** Betfair Poker Hand History for Game 100000000 *****\n").format->name() ==
      "betfair");
  CHECK(format_by_name("betfair")->readable());
}

TEST_CASE(
    "Betfair hand: bracketed amounts, raises to, all-in notes, side pot, rake from the "
    "main pot",
    "[betfair]") {
  const Hand h =
      test::only_hand(read_text(test::load("betfair/plo_side_pot.txt"), "plo_side_pot.txt"));
  CHECK(h.site == "betfair");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "100000000");
  CHECK(h.table_name == "Death 1");
  CHECK(h.max_seats == 6);
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_blind == 5);
  CHECK(h.big_blind == 10);
  CHECK(h.started_at_utc == "2009-10-18T20:00:00Z");
  CHECK(h.button_seat == 2);
  CHECK(h.rake_from_main_pot);
  CHECK_FALSE(h.rake);  // not printed: derived
  CHECK(test::seat(h, 1).stack == 100);
  // "Player2 raises to [$0.30]" from the $0.05 small blind.
  const Event& raise = test::event(h, EventKind::Raise, 3);
  CHECK(raise.to == 30);
  CHECK(raise.amount == 25);
  // "Hero goes all-in" then "Hero raises to [$1]": the raise is all-in.
  const Event& all_in = test::event(h, EventKind::Raise, 1);
  CHECK(all_in.to == 100);
  CHECK(all_in.amount == 90);
  CHECK(all_in.all_in);
  CHECK(test::event(h, EventKind::Bet, 4, 1).all_in);  // "Player4 bets [$3.03]"
  CHECK(test::event(h, EventKind::DealtHole, 1).cards.printed() == "7c 6c 5h Jh");
  CHECK(test::event(h, EventKind::Shows, 4).cards.printed() == "7d 8c 3d 6h");
  const auto won = test::events(h, EventKind::Collected, 4);
  REQUIRE(won.size() == 2);
  CHECK(won[0]->amount == 626);
  CHECK(won[0]->pot_index == 1);
  CHECK(won[1]->amount == 444);
  CHECK(won[1]->pot_index == 0);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  CHECK(test::describe(test::errors_and_warnings(r)) == "");
}

TEST_CASE("Betfair corpus sweep", "[betfair][corpus]") {
  const fs::path root = test::shared_corpus() / "Betfair";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one banner line per hand.
  const std::regex banner(R"(\*{5} Betfair Poker Hand History for Game \d+ \*{5}\s*)");
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_match(line, banner);
  }
  const test::SweepResult r = test::sweep_corpus(root, "betfair/anomalies.tsv");
  CHECK(headers == 1);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"betfair"});
  test::check_sweep(r, "betfair/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/betfair/faults/NAME.txt is faults/originals/NAME.txt (plo_side_pot.txt)
// edited on one line; testdata/betfair/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault({"betfair/faults",
                     name,
                     "betfair",
                     "***** Betfair Poker Hand History",
                     "100000000",
                     std::move(findings),
                     {}});
}
}  // namespace

TEST_CASE("Betfair fault: a side pot paid more than it holds", "[betfair][faults]") {
  // "wins $6.26 from side pot #1" -> "$6.36": the side pot is Player4's and Player1's $0.10 and
  // $3.03 each; the rake derived from the payouts shrinks to $0.46 and leaves the main pot short.
  check_fault("side_pot", {{FindingCode::PayoutMismatch, 0, 626, 636},
                           {FindingCode::PayoutMismatch, 0, 454, 444}});
}

TEST_CASE("Betfair fault: more paid out than the pot", "[betfair][faults]") {
  // "wins $4.44 from main pot" -> "$5.44": $11.70 paid from $11.26.
  check_fault("main_pot", {{FindingCode::RakeMismatch, 0, 0, -44}});
}

TEST_CASE("Betfair fault: a short call", "[betfair][faults]") {
  // "Player3 calls [$0.90]" -> "[$0.80]": Player3's $0.10 owes $0.90 to Hero's raise to $1.
  check_fault("call", {{FindingCode::WrongCallAmount, 2, 90, 80},
                       {FindingCode::RoundNotClosed, 2, 100, 90}});
}

TEST_CASE("Betfair fault: the pots paid to a beaten hand", "[betfair][faults]") {
  // "Player4 shows [ 7d, 8c, 3d, 6h ]" -> "[ 7s, 8c, 3c, 6h ]": a straight, no longer the
  // straight flush; Player1's four fours win both pots.
  check_fault("winner",
              {{FindingCode::WrongWinner, 6, 444, 0}, {FindingCode::WrongWinner, 6, 626, 0}});
}
