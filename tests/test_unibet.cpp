// Unibet (site "unibet"): detection, the parser on the corpus hand with exact amounts
// (testdata/unibet, README.md there), a sweep of ../shared/corpus/Unibet against
// testdata/unibet/anomalies.tsv, and fault hands each carrying one money error.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/unibet/builder.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Unibet detection", "[unibet]") {
  CHECK(unibet::is_hand_start(
      "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04"));
  CHECK_FALSE(unibet::is_hand_start("Game #12827330772 starts."));  // PartyPoker's
  CHECK_FALSE(unibet::is_hand_start("Game #: Table x"));
  CHECK(sniff_format("Game #1463192545: Table €1 NL - 0.05/0.10 - x\n").format->name() == "unibet");
  CHECK(sniff_format("Game #12827330772 starts.\n").format->name() == "partypoker");
}

TEST_CASE("Unibet hand: header, sections, a raise all-in, the win holding the uncalled part",
          "[unibet]") {
  const std::vector<Hand> hands = read_text(test::load("unibet/banzai.txt"), "banzai.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "unibet");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "1463192545");
  CHECK(h.table_name == "€1 NL");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.limit_text == "No Limit ");
  CHECK(h.currency == "EUR");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 5);
  CHECK(h.big_blind == 10);
  CHECK(h.started_at_utc == "2021-04-04T13:22:50Z");  // no zone printed: taken as UTC
  CHECK(h.button_seat == 6);                          // "Player4 has the button"
  REQUIRE(h.seat_of(4));
  CHECK(h.seat_of(4)->stack == 95);
  CHECK(h.rake == 0);
  CHECK_FALSE(h.total_pot);  // "Total pot €1.10" counts the 0.85 nobody called
  CHECK(h.uncalled_style == UncalledStyle::InCollection);
  const Event* raise = nullptr;
  const Event* won = nullptr;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Raise) raise = &e;
    if (e.kind == EventKind::Collected) won = &e;
  }
  REQUIRE(raise);
  CHECK(raise->seat == 4);
  CHECK(raise->to == 95);
  CHECK(raise->amount == 95);
  CHECK(raise->all_in);
  REQUIRE(won);
  CHECK(won->amount == 110);
  REQUIRE(h.summary.size() == 3);
  CHECK(h.summary[2].won == 110);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Unibet corpus sweep", "[unibet][corpus]") {
  const fs::path root = test::shared_corpus() / "Unibet";
  REQUIRE(fs::is_directory(root));
  long headers = 0;  // counted apart from the parser: one "Game #N: Table" line per hand
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (std::size_t p = text.find("Game #"); p != std::string::npos;
         p = text.find("Game #", p + 1))
      headers += text.find(": Table ", p) != std::string::npos;
  }
  const test::SweepResult r = test::sweep_corpus(root, "unibet/anomalies.tsv");
  CHECK(headers == 2);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"unibet"});
  test::check_sweep(r, "unibet/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/unibet/faults/NAME.txt is faults/originals/NAME.txt (the corpus hand)
// edited on one line; testdata/unibet/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault(
      {"unibet/faults", name, "unibet", "Game #", "1463192545", std::move(findings), {}});
}
}  // namespace

TEST_CASE("Unibet fault: a collection larger than the pot", "[unibet][faults]") {
  // "Hero wins €1.10" -> "€1.20": the pot is 0.25 and Hero's 0.85 nobody called.
  check_fault("collection", {{FindingCode::ChipsNotConserved, 0, 25, 35},
                             {FindingCode::PayoutMismatch, 0, 25, 35},
                             {FindingCode::SummaryMismatch, 4, 120, 110}});
}

TEST_CASE("Unibet fault: a win smaller than the uncalled bet", "[unibet][faults]") {
  // "Hero wins €1.10" -> "€0.80": 0.85 of Hero's all-in nobody called.
  check_fault("uncalled", {{FindingCode::UncalledBetMismatch, 4, 85, 80},
                           {FindingCode::ChipsNotConserved, 0, 110, 80},
                           {FindingCode::PayoutMismatch, 0, 110, 80},
                           {FindingCode::SummaryMismatch, 4, 80, 110}});
}

TEST_CASE("Unibet fault: a rake taken from an unraked pot", "[unibet][faults]") {
  // "Rake €0" -> "Rake €0.05": the 0.25 pot is paid whole.
  check_fault("rake", {{FindingCode::ChipsNotConserved, 0, 25, 30},
                       {FindingCode::PayoutMismatch, 0, 20, 25}});
}

TEST_CASE("Unibet fault: a short big blind", "[unibet][faults]") {
  // "Player1 posts big blind €0.10" -> "€0.05": the stakes are 0.05/0.10.
  check_fault("blind", {{FindingCode::WrongForcedBet, 2, 10, 5},
                        {FindingCode::ChipsNotConserved, 0, 15, 20},
                        {FindingCode::PayoutMismatch, 0, 15, 20}});
}

// A hand of two written for the rules below: "Hero wins €0.15" and the summary's "won €0.15".
namespace {
std::string unibet_two_player_hand(std::string_view wins, std::string_view won) {
  return fmt::format(
      "Game #1000000001: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04\n"
      "*** Seated players ***\n"
      "Seat 1: Villain (€2)\n"
      "Seat 2: Hero (€3)\n"
      "*** Blinds and button ***\n"
      "Hero has the button\n"
      "Hero posts small blind €0.05\n"
      "Villain posts big blind €0.10\n"
      "*** Hole cards ***\n"
      "Dealt in Villain\n"
      "Dealt to Hero [Ac 7c]\n"
      "*** Preflop ***\n"
      "Hero raises €0.30 to €0.30\n"
      "Villain folds\n"
      "Hero wins {}\n"
      "*** Summary ***\n"
      "Total pot €0.40 Rake €0\n"
      "Seat 1: Villain: bet €0.10 and won €0, net result: €-0.10\n"
      "Seat 2: Hero: bet €0.30 and won {}, net result: €0.10\n",
      wins, won);
}
}  // namespace

TEST_CASE("Unibet: an amount is the whole token, in the play and in the summary", "[unibet]") {
  auto read = [](const std::string& text) { return read_text(text, "written.txt"); };
  const std::vector<Hand> clean = read(unibet_two_player_hand("€0.40", "€0.40"));
  REQUIRE(clean.size() == 1);
  CHECK(clean[0].issues.empty());
  for (const auto& [wins, won, line] :
       {std::tuple{"€0O40", "€0.40", 15u}, std::tuple{"€0.4O", "€0.40", 15u},
        std::tuple{"€0.40 zzyzx", "€0.40", 15u}, std::tuple{"€0.40", "€0.O0", 19u},
        std::tuple{"€0.40", "€0.40 zzyzx", 19u}}) {
    INFO(wins << " / " << won);
    const std::vector<Hand> hands = read(unibet_two_player_hand(wins, won));
    REQUIRE(hands.size() == 1);
    REQUIRE(hands[0].issues.size() >= 1);
    CHECK(hands[0].issues.front().line == line);
  }
}
