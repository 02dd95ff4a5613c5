// Seals With Clubs (site "sealswithclubs"): detection, the parser on two corpus hands with exact
// amounts (testdata/sealswithclubs, README.md there), a sweep of ../shared/corpus/SealsWithClubs
// against testdata/sealswithclubs/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/sealswithclubs/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Seals With Clubs detection", "[sealswithclubs]") {
  CHECK(sealswithclubs::is_hand_start("Hand #6340502-110 - 2013-05-02 02:14:03"));
  CHECK_FALSE(sealswithclubs::is_hand_start("Hand #6340502 - 2013-05-02"));
  CHECK_FALSE(sealswithclubs::is_hand_start("Hand#2998011673000397 - Innsbruck"));  // Cake's
  CHECK(sniff_format("Hand #6340502-110 - 2013-05-02 02:14:03\nGame: NL Hold'em (20 - 100) - "
                     "Blinds 0.50/1\nSite: Seals With Clubs\n")
            .format->name() == "sealswithclubs");
}

TEST_CASE("Seals With Clubs hand: mBTC, a side pot, refunds, rake per pot", "[sealswithclubs]") {
  const std::vector<Hand> hands =
      read_text(test::load("sealswithclubs/side_pot.txt"), "side_pot.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "sealswithclubs");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "5338590-82");
  CHECK(h.table_name == "NLHE 9max 1/1 #2");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "mBTC");
  CHECK(h.unit == 100);  // hundredths of a mBTC
  CHECK(h.small_blind == 100);
  CHECK(h.big_blind == 100);
  CHECK(h.button_seat == 5);  // "Player2 has the dealer button"
  CHECK(h.started_at_utc == "2013-04-12T00:37:11Z");
  CHECK(h.rake == 0);  // "Rake (0)" after each pot
  REQUIRE(h.seat_of(6));
  CHECK(h.seat_of(6)->stack == 200);
  std::vector<std::pair<int, Money>> won;  // pot, amount
  const Event* refund = nullptr;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Collected) won.emplace_back(e.pot_index, e.amount);
    if (e.kind == EventKind::UncalledReturned) refund = &e;
  }
  CHECK(won == std::vector<std::pair<int, Money>>{{1, 200}, {0, 600}});
  REQUIRE(refund);
  CHECK(refund->seat == 5);
  CHECK(refund->amount == 300);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Seals With Clubs hand: fixed limit stakes, a raise to", "[sealswithclubs]") {
  const std::vector<Hand> hands = read_text(test::load("sealswithclubs/limit.txt"), "limit.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 200);  // "Stakes 2/4"
  CHECK(h.big_bet == 400);
  CHECK(h.rake == 30);
  const Event* raise = nullptr;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Raise) raise = &e;
  REQUIRE(raise);
  CHECK(raise->to == 400);  // "Player0 raises to 4" from the 1 small blind
  CHECK(raise->amount == 300);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Seals With Clubs corpus sweep", "[sealswithclubs][corpus]") {
  const fs::path root = test::shared_corpus() / "SealsWithClubs";
  REQUIRE(fs::is_directory(root));
  const std::regex header(R"(^Hand #[0-9]+-[0-9]+ - )");  // counted apart from the parser
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_search(line, header);
  }
  const test::SweepResult r = test::sweep_corpus(root, "sealswithclubs/anomalies.tsv");
  CHECK(headers == 4);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"sealswithclubs"});
  CHECK(r.warnings.empty());
  test::check_sweep(r, "sealswithclubs/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/sealswithclubs/faults/NAME.txt is faults/originals/NAME.txt (a corpus
// hand) edited on one line; testdata/sealswithclubs/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& id,
                 std::vector<test::Expected> findings) {
  test::check_fault(
      {"sealswithclubs/faults", name, "sealswithclubs", "Hand #", id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Seals With Clubs fault: a main pot paid larger", "[sealswithclubs][faults]") {
  // "Hero wins Main Pot (6)" -> "(7)": 2.00 from each of three players.
  check_fault(
      "main_pot", "5338590-82",
      {{FindingCode::ChipsNotConserved, 0, 800, 900}, {FindingCode::PayoutMismatch, 0, 600, 700}});
}

TEST_CASE("Seals With Clubs fault: a refund short of the bet nobody called",
          "[sealswithclubs][faults]") {
  // "Player2 refunded 3" -> "2": Player0 folded to the 3.00 bet.
  check_fault("refund", "5338590-82",
              {{FindingCode::UncalledBetMismatch, 5, 300, 200},
               {FindingCode::ChipsNotConserved, 0, 900, 800},
               {FindingCode::PayoutMismatch, 0, 300, 200}});
}

TEST_CASE("Seals With Clubs fault: a rake larger than taken", "[sealswithclubs][faults]") {
  // "Rake (0.30)" -> "(0.40)": 12.00 in, 11.70 paid.
  check_fault("rake", "6340502-110",
              {{FindingCode::ChipsNotConserved, 0, 1200, 1210},
               {FindingCode::PayoutMismatch, 0, 1160, 1170}});
}

// Issue 33, point 8: a seat line may end "- waiting for big blind": the player sits at the table
// and is not dealt in until posting it (as "- sitting out").
TEST_CASE("Seals With Clubs seat waiting for the big blind", "[sealswithclubs][issue33]") {
  const test::Edited edited =
      test::edited(test::load("sealswithclubs/side_pot.txt"), "Seat 6: Hero (2)\n",
                   "Seat 6: Hero (2)\nSeat 8: Waiter (50) - waiting for big blind\n");
  const std::vector<Hand> hands = read_text(edited.text, "waiting.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  const Seat* waiter = h.seat_of(8);
  REQUIRE(waiter);
  CHECK(waiter->player == "Waiter");
  CHECK(waiter->stack == 5000);
  CHECK(waiter->sitting_out);
  CHECK_FALSE(h.seat_of(6)->sitting_out);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings) {
    INFO(f.code << ": " << f.message);
    CHECK(f.severity == Severity::Info);
  }
}
