// PKR (site "pkr"): detection, the parser on a corpus hand with exact amounts (testdata/pkr,
// README.md there), a sweep of ../shared/corpus/PKR against testdata/pkr/anomalies.tsv with fpdb's
// nets, and fault hands each carrying one money error.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/pkr/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("PKR detection", "[pkr]") {
  CHECK(pkr::is_hand_start("Table #44913344 - Eumelus"));
  CHECK(pkr::announces_hand("Table #44913344 - Eumelus"));
  CHECK(pkr::is_hand_start("Starting Hand #2080628024"));
  CHECK_FALSE(pkr::announces_hand("Starting Hand #2080628024"));
  CHECK_FALSE(pkr::is_hand_start("Table #1 - "));
  CHECK_FALSE(pkr::is_hand_start("Starting Hand #"));
  CHECK(sniff_format("Table #46301943 - Hellenic Aquarium\nStarting Hand #2147625245\n")
            .format->name() == "pkr");
  CHECK(format_by_name("pkr")->readable());
}

TEST_CASE("PKR hand: street totals, a side pot, the rake from the main pot, stacks after",
          "[pkr]") {
  const Hand h = test::only_hand(read_text(test::load("pkr/plo_side_pot.txt"), "plo.txt"));
  CHECK(h.site == "pkr");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "2080628024");
  CHECK(h.table_name == "Eumelus");
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_blind == 2);
  CHECK(h.big_blind == 4);
  CHECK(h.started_at_utc == "2012-05-12T03:37:34Z");
  CHECK(h.button_seat == 4);  // "Moving Button to seat 4", not "Button is at seat 3"
  CHECK(h.rake == 2);
  CHECK(h.rake_from_main_pot);  // "Taking Rake of $0.02 from pot 1"
  CHECK(h.uncalled_style == UncalledStyle::ToStack);
  const auto calls = test::events_of(h, EventKind::Call);
  REQUIRE(calls.size() == 2);
  CHECK(calls[0]->seat == 5);  // "Player3 calls $0.08": the small blind's 0.02 and 0.06 more
  CHECK(calls[0]->amount == 6);
  CHECK(calls[0]->to == 8);
  CHECK(calls[1]->amount == 1);  // "Player4 calls $0.05 (all-in)" over the 0.04 big blind
  CHECK(calls[1]->all_in);
  const auto wins = test::events_of(h, EventKind::Collected);
  REQUIRE(wins.size() == 2);
  CHECK(wins[0]->amount == 6);
  CHECK(wins[0]->pot_index == 1);
  CHECK(wins[1]->amount == 13);
  CHECK(wins[1]->pot_index == 0);
  const auto hole = test::events_of(h, EventKind::DealtHole);
  REQUIRE(hole.size() == 1);
  CHECK(hole[0]->cards.printed() == "Tc 2s 9s 3h");
  REQUIRE(h.summary.size() == 6);
  CHECK(h.summary[5].final_stack == 13);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  for (const Finding& f : r.findings) CHECK(f.severity == Severity::Info);
}

TEST_CASE("PKR: a board line without its cards is an issue, not a crash", "[pkr]") {
  // Found by the fuzz smoke (a board line cut to "Dealing River er3 - $3.99").
  std::string text = test::load("pkr/plo_side_pot.txt");
  const std::size_t at = text.find("Dealing River [8 c]");
  REQUIRE(at != std::string::npos);
  text.replace(at, std::string("Dealing River [8 c]").size(), "Dealing River er3 - $3.99");
  const Hand h = test::only_hand(read_text(text, "cut.txt"));
  REQUIRE(h.issues.size() == 1);  // a PARSE_ERROR finding; the rest of the hand is read
  CHECK(h.issues[0].expected == "the board's cards in brackets (Dealing Flop [3 h][Q c][7 h])");
  CHECK(h.issues[0].line == 43);
}

TEST_CASE("PKR corpus sweep", "[pkr][corpus]") {
  const fs::path root = test::shared_corpus() / "PKR";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one "Starting Hand #N" line per hand.
  const std::regex hand_line(R"((^|\n)Starting Hand #[0-9]+\n)");
  const long headers = test::count_matches(root, hand_line);
  const test::SweepResult r = test::sweep_corpus(root, "pkr/anomalies.tsv");
  CHECK(headers == 77);
  // One more piece: NLHE-10max-USD-0.02-0.04-201206.txt starts inside a hand (no hand).
  CHECK(r.hands == headers + 1);
  CHECK(r.parsed == 77);
  CHECK(r.sites == std::set<std::string>{"pkr", "unknown"});
  CHECK(r.hp_checked == 4);  // of 6 players: fpdb misread 2 (anomalies.tsv, FPDB_NET)
  test::check_sweep(r, "pkr/anomalies.tsv", /*with_hp=*/true, headers);
}

// Fault hands: testdata/pkr/faults/NAME.txt is plo_side_pot.txt edited on one line;
// testdata/pkr/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault({"pkr/faults",
                     name,
                     "pkr",
                     "Table #",
                     "2080628024",
                     std::move(findings),
                     {},
                     "pkr/plo_side_pot.txt"});
}
}  // namespace

TEST_CASE("PKR fault: a win larger than the pot", "[pkr][faults]") {
  // "Player4 wins $0.13" -> "$0.23": the main pot is 0.15, 0.02 of it raked.
  check_fault("collection", {{FindingCode::ChipsNotConserved, 0, 21, 31},
                             {FindingCode::PayoutMismatch, 0, 13, 23},
                             {FindingCode::SummaryMismatch, 6, 23, 13}});
}

TEST_CASE("PKR fault: a short call", "[pkr][faults]") {
  // "Player3 calls $0.08" -> "$0.06": the street total falls short of the 0.08 raise.
  check_fault("call", {{FindingCode::WrongCallAmount, 5, 6, 4},
                       {FindingCode::RoundNotClosed, 5, 8, 6},
                       {FindingCode::BetAboveLimit, 3, 19, 21},
                       {FindingCode::ChipsNotConserved, 0, 17, 21},
                       {FindingCode::PayoutMismatch, 0, 2, 6},
                       {FindingCode::SummaryMismatch, 3, 981, 979},
                       {FindingCode::SummaryMismatch, 5, 575, 573}});
}

TEST_CASE("PKR fault: a rake larger than taken", "[pkr][faults]") {
  // "Taking Rake of $0.02 from pot 1" -> "$0.04": the 0.15 main pot paid 0.13.
  check_fault("rake", {{FindingCode::ChipsNotConserved, 0, 21, 23},
                       {FindingCode::PayoutMismatch, 0, 11, 13}});
}

TEST_CASE("PKR fault: a stack after the hand the play does not make", "[pkr][faults]") {
  // "Seat 6: Player4 - $0.13" -> "$0.23": Player4 started with 0.05 and won 0.13.
  check_fault("stack", {{FindingCode::SummaryMismatch, 6, 13, 23}});
}

// Strict reading (docs/sites/pkr.md): after "wins X" only the pot ("from side pot #N"), the hand
// ("with ...") or the protection note: an amount not read to its end or a pot not named is the
// reader's gap, not a smaller win.
TEST_CASE("PKR strict: a win whose amount or pot does not read is a gap", "[pkr][gaps]") {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"wins $0.06 from side pot #1", "wins $0O06 from side pot #1"},
           {"wins $0.06 from side pot #1", "wins $0.06 from zzyzx pot #1"},
           {"wins $0.06 from side pot #1", "wins $0.06 from side pot #O"},
           {"wins $0.13 with", "wins $0.1O with"}}) {
    const auto [text, line] = test::edited(test::load("pkr/plo_side_pot.txt"), from, to);
    const std::vector<Hand> hands = read_text(text, "strict.txt");
    REQUIRE(hands.size() == 1);
    INFO(to);
    REQUIRE(hands[0].issues.size() == 1);
    CHECK(hands[0].issues[0].line == line);
  }
}

// Issue 33, point 8: PKR's euro tables print every amount with "€" ("Seat 1: Player0 -
// €93.92"); the header says only "REAL MONEY". The dollar hand with each "$" a "€" reads the same
// amounts in euros.
TEST_CASE("PKR euro tables: amounts with a euro sign", "[pkr][issue33]") {
  std::string text = test::load("pkr/plo_side_pot.txt");
  for (std::size_t at = text.find('$'); at != std::string::npos; at = text.find('$', at))
    text.replace(at, 1, "€");
  const Hand h = test::only_hand(read_text(text, "euro.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.currency == "EUR");
  CHECK(h.small_blind == 2);
  CHECK(h.big_blind == 4);
  CHECK(h.rake == 2);
  const auto calls = test::events_of(h, EventKind::Call);
  REQUIRE(calls.size() == 2);
  CHECK(calls[0]->amount == 6);
  CHECK(calls[0]->to == 8);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity != Severity::Error);
}
