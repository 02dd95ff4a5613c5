// Entraction (site "entraction"): detection, the parser on two corpus hands with exact amounts
// (testdata/entraction, README.md there), a sweep of ../shared/corpus/Entraction against
// testdata/entraction/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/entraction/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Entraction detection", "[entraction]") {
  const std::string line =
      "Game # 2322970601 - Omaha High Pot Limit EUR 0.50/1 - Table \"Covington Min 50BB\"";
  CHECK(entraction::is_hand_start(line));
  CHECK(sniff_format(line + "\n").format->name() == "entraction");
  CHECK_FALSE(entraction::is_hand_start("Game #1463192545: Table x"));  // Unibet's
  CHECK_FALSE(entraction::is_hand_start("Game ended 2011-08-06 18:53:35 CEST"));
  CHECK_FALSE(entraction::is_hand_start("Game # x"));
}

TEST_CASE("Entraction hand: a blind out of turn, amounts added, an all-in called", "[entraction]") {
  const std::vector<Hand> hands =
      read_text(test::load("entraction/blind_out_of_turn.txt"), "blind_out_of_turn.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "entraction");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "2322970601");
  CHECK(h.table_name == "Covington Min 50BB");
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.currency == "EUR");
  CHECK_FALSE(h.tournament);
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  CHECK(h.max_seats == 6);
  CHECK(h.button_seat == 5);
  CHECK(h.started_at_utc == "2011-08-06T16:53:35Z");  // "Game ended ... CEST"
  CHECK(h.rake == 300);
  REQUIRE(h.seat_of(4));
  CHECK(h.seat_of(4)->player == "Player4");
  CHECK(h.seat_of(4)->stack == 5000);
  std::vector<const Event*> posts, raises;
  const Event* all_in = nullptr;
  const Event* won = nullptr;
  std::string board;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::PostBigBlind) posts.push_back(&e);
    if (e.kind == EventKind::Raise) raises.push_back(&e);
    if (e.all_in) all_in = &e;
    if (e.kind == EventKind::Collected) won = &e;
    if (e.kind == EventKind::Board) board += (board.empty() ? "" : " ") + e.cards.printed();
  }
  REQUIRE(posts.size() == 2);
  CHECK(posts[1]->seat == 4);  // "Blind out of turn:  Player4  (1.00)": live
  CHECK(posts[1]->amount == 100);
  REQUIRE(raises.size() == 3);
  CHECK(raises[1]->seat == 2);  // Hero, small blind 0.50: "Raise (11.00)" adds 11
  CHECK(raises[1]->amount == 1100);
  CHECK(raises[1]->to == 1150);
  REQUIRE(all_in);
  CHECK(all_in->kind == EventKind::Raise);  // "All-In (38.50)" over Hero's 12.00 bet
  CHECK(all_in->amount == 3850);
  REQUIRE(won);
  CHECK(won->seat == 2);
  CHECK(won->amount == 9800);
  CHECK(board == "6s Js 3s 2c 9s");  // each street prints the whole board
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Entraction tournament walk: chips, the payback", "[entraction]") {
  const std::vector<Hand> hands = read_text(test::load("entraction/walk.txt"), "walk.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.currency.empty());
  CHECK(h.unit == 100);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.small_blind == 2500);
  CHECK(h.seat_of(2)->stack == 275700);  // "(2,757.00 in seat 2)"
  bool returned = false;
  for (const Event& e : h.events)
    returned |= e.kind == EventKind::UncalledReturned && e.seat == 5 && e.amount == 2500;
  CHECK(returned);  // "Player2  Payback  (25.00)"
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Entraction corpus sweep", "[entraction][corpus]") {
  const fs::path root = test::shared_corpus() / "Entraction";
  REQUIRE(fs::is_directory(root));
  const std::regex header(R"(^Game # [0-9]+ - )");  // counted apart from the parser
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_search(line, header);
  }
  const test::SweepResult r = test::sweep_corpus(root, "entraction/anomalies.tsv");
  CHECK(headers == 5);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"entraction"});
  CHECK(r.warnings.empty());
  test::check_sweep(r, "entraction/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/entraction/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand)
// edited on one line; testdata/entraction/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& id,
                 std::vector<test::Expected> findings) {
  test::check_fault(
      {"entraction/faults", name, "entraction", "Game # ", id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Entraction fault: a win larger than the pot", "[entraction][faults]") {
  // "Hero wins: EUR 98.00" -> "EUR 99.00": 101.00 in, 3.00 rake.
  check_fault("collection", "2322970601",
              {{FindingCode::ChipsNotConserved, 0, 10100, 10200},
               {FindingCode::PayoutMismatch, 0, 9800, 9900}});
}

TEST_CASE("Entraction fault: a rake smaller than taken", "[entraction][faults]") {
  // "Rake: EUR 3.00" -> "EUR 2.00": 101.00 in, 98.00 paid.
  check_fault("rake", "2322970601",
              {{FindingCode::ChipsNotConserved, 0, 10100, 10000},
               {FindingCode::PayoutMismatch, 0, 9900, 9800}});
}

TEST_CASE("Entraction fault: a payback larger than the bet nobody called", "[entraction][faults]") {
  // "Payback (25.00)" -> "(35.00)": the 50.00 big blind over the 25.00 small blind.
  check_fault("payback", "2662867624",
              {{FindingCode::UncalledBetMismatch, 5, 2500, 3500},
               {FindingCode::RakeMismatch, 0, 0, -1000}});
}

// Strict reading (docs/sites/entraction.md): the header's game is followed by its limit and
// nothing else; another word ("Omaha High zzyzx Limit") may change the structure, not read.
TEST_CASE("Entraction strict: a word of the game that is not its limit is a gap",
          "[entraction][gaps]") {
  std::string text = test::load("entraction/walk.txt");
  const std::string from = "Texas Hold'em No Limit";
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "Texas Hold'em zzyzx Limit");
  const std::vector<Hand> hands = read_text(text, "strict.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE_FALSE(hands[0].issues.empty());
  CHECK(hands[0].issues[0].got == "Texas Hold'em zzyzx Limit");
}
