// Enet (site "enet"): detection, the parser on two corpus hands with exact amounts
// (testdata/enet, README.md there), a sweep of ../shared/corpus/Enet against
// testdata/enet/anomalies.tsv, and fault hands each carrying one money error.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/enet/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Enet detection", "[enet]") {
  const std::string line = "Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6";
  CHECK(enet::is_hand_start(line));
  CHECK(sniff_format(line + "\n").format->name() == "enet");
  CHECK_FALSE(enet::is_hand_start("Game #1463192545: Table €1 NL - 0.05/0.10 - x"));  // Unibet's
  CHECK(sniff_format("Game #1463192545: Table €1 NL - 0.05/0.10 - x\n").format->name() == "unibet");
  CHECK_FALSE(enet::is_hand_start("Game # 2322970601 - Omaha High"));  // Entraction's
}

TEST_CASE("Enet hand: decimal commas, day-first date, a rake line per street", "[enet]") {
  const std::vector<Hand> hands = read_text(test::load("enet/street_rake.txt"), "street_rake.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "enet");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "7732310");
  CHECK(h.table_name == "SantElena 1 - Pot Limit");
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);  // named at the end of the table's name
  CHECK(h.currency == "EUR");
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  CHECK(h.button_seat == 4);
  CHECK(h.max_seats == 6);
  CHECK(h.started_at_utc == "2012-07-29T23:31:54Z");  // "23:31:54 29.7.2012", no zone: UTC
  REQUIRE(h.seat_of(2));
  CHECK(h.seat_of(2)->stack == 8805);  // "€88,05"
  CHECK(h.rake == 67);                 // the summary's; the street lines 0.09 + 0.18 + 0.40
  CHECK_FALSE(h.total_pot);            // "Total pot €0"
  std::vector<std::string> boards;
  const Event* won = nullptr;
  const Event* shown = nullptr;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Board) boards.push_back(e.cards.printed());
    if (e.kind == EventKind::Collected) won = &e;
    if (e.kind == EventKind::Shows) shown = &e;
  }
  CHECK(boards == std::vector<std::string>{"9c 2c Qd", "8s", "Ac"});
  REQUIRE(shown);
  CHECK(shown->cards.printed() == "9d Jd 2d Td");
  REQUIRE(won);
  CHECK(won->seat == 6);
  CHECK(won->amount == 1057);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Enet hand: raises as chips added, a split pot", "[enet]") {
  const std::vector<Hand> hands = read_text(test::load("enet/split_pot.txt"), "split_pot.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  std::vector<const Event*> raises;
  Money collected = 0;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Raise) raises.push_back(&e);
    if (e.kind == EventKind::Collected) collected += e.amount;
  }
  REQUIRE(raises.size() == 2);
  CHECK(raises[0]->amount == 65);  // small blind 0.10 "raises €0,65": to 0.75
  CHECK(raises[0]->to == 75);
  CHECK(raises[1]->amount == 200);  // big blind 0.25 "raises €2": to 2.25
  CHECK(raises[1]->to == 225);
  CHECK(collected == 2548);
  CHECK(h.rake == 162);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Enet corpus sweep", "[enet][corpus]") {
  const fs::path root = test::shared_corpus() / "Enet";
  REQUIRE(fs::is_directory(root));
  const std::regex header(R"(^Game #[0-9]+: .* - %[0-9]+)");  // counted apart from the parser
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_search(line, header);
  }
  const test::SweepResult r = test::sweep_corpus(root, "enet/anomalies.tsv");
  CHECK(headers == 6);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"enet"});
  test::check_sweep(r, "enet/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/enet/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand) edited
// on one line; testdata/enet/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"enet/faults", name, "enet", "Game #", id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Enet fault: a collection larger than the pot", "[enet][faults]") {
  // "Player4: collected (€10,57)" -> "€10,67": 11.24 in, 0.67 rake.
  check_fault("collection", "7732310",
              {{FindingCode::ChipsNotConserved, 0, 1124, 1134},
               {FindingCode::PayoutMismatch, 0, 1057, 1067},
               {FindingCode::SummaryMismatch, 6, 1067, 1057}});
}

TEST_CASE("Enet fault: a rake smaller than taken", "[enet][faults]") {
  // "Rake €0,67" -> "€0,57": 11.24 in, 10.57 paid.
  check_fault("rake", "7732310",
              {{FindingCode::ChipsNotConserved, 0, 1124, 1114},
               {FindingCode::PayoutMismatch, 0, 1067, 1057}});
}

TEST_CASE("Enet fault: a call short of the raise", "[enet][faults]") {
  // "Player4: calls €1,50" -> "€1,40": Player5's raise to 2.25 over Player4's 0.75.
  check_fault("call", "12056513",
              {{FindingCode::WrongCallAmount, 6, 150, 140},
               {FindingCode::RoundNotClosed, 6, 225, 215},
               {FindingCode::UncalledBetMismatch, 8, 10, 0},
               {FindingCode::ChipsNotConserved, 0, 2700, 2710},
               {FindingCode::PayoutMismatch, 6, 0, 1274},
               {FindingCode::PayoutMismatch, 0, 2538, 2548}});
}

// Strict reading (docs/sites/enet.md): a summary seat line's money is read whole or the line is
// not read; a win that does not read is the reader's gap, not a win of nothing.
TEST_CASE("Enet strict: a summary win that does not read is a gap on its line", "[enet][gaps]") {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"and won (€12,74) with Straight, Fives high",
            "and won (€1O,74) with Straight, Fives high"},
           {"and won (€12,74) with Straight, Fives high",
            "and zzyzx (€12,74) with Straight, Fives high"},
           {"and won (€12,74) with Straight, Fives high",
            "and won (€12,7O) with Straight, Fives high"}}) {
    const auto [text, line] = test::edited(test::load("enet/split_pot.txt"), from, to);
    const std::vector<Hand> hands = read_text(text, "strict.txt");
    INFO(to);
    REQUIRE(hands.size() == 1);
    REQUIRE(hands[0].issues.size() == 1);
    CHECK(hands[0].issues[0].line == line);
  }
}
