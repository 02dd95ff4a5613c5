// Everest (site "everest"): detection, cards, the reader on corpus hands with exact amounts
// (testdata/everest, README.md there), a sweep of ../shared/corpus/Everest against
// testdata/everest/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/everest/builder.hpp"
#include "parser/format.hpp"
#include "parser/xml/document.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"
#include "tests/tag_count.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

Hand one_hand(const std::string& rel) { return test::only_hand(read_text(test::load(rel), rel)); }

}  // namespace

TEST_CASE("Everest detection and cards", "[everest]") {
  CHECK(everest::is_document_start("<SESSION time=\"1335014137\" tableName=\"Kitwe-5\">"));
  CHECK_FALSE(everest::is_document_start("<HAND time=\"1335014414\" id=\"7526266449\">"));
  CHECK(sniff_format("<SESSION time=\"1335014137\" tableName=\"Kitwe-5\" id=\"1548\">\n")
            .format->name() == "everest");
  CHECK(everest::card_of("10d") == "Td");
  CHECK(everest::card_of("Kh") == "Kh");
  CHECK(everest::card_of("2s") == "2s");
  CHECK(everest::card_of("--").empty());
  CHECK(everest::card_of("1d").empty());
  CHECK(everest::card_of("Kx").empty());
}

TEST_CASE("Everest: a position beyond any table is an issue, not an overflow", "[everest]") {
  // Found by the fuzz smoke: position="2147483647" made position + 1 overflow an int.
  std::string text = test::load("everest/uncalled_push.txt");
  const std::string seat = "<SEAT position=\"5\" name=\"Player0\"";
  const std::size_t at = text.find(seat);
  REQUIRE(at != std::string::npos);
  text.replace(at, seat.size(), "<SEAT position=\"2147483647\" name=\"Player0\"");
  const Hand h = test::only_hand(read_text(text, "big.txt"));
  REQUIRE_FALSE(h.issues.empty());
  CHECK(h.issues[0].expected ==
        "one <SEAT position=\"N\" name=\"..\" balance=\"..\"> per seat and name");
  CHECK(h.issues[0].line == 7);
  CHECK(xml::seat_from_position(pugi::xml_attribute()) == 0);
}

TEST_CASE("Everest hand: bets of the chips added, a PUSH back, cents", "[everest]") {
  const Hand h = one_hand("everest/uncalled_push.txt");
  CHECK(h.site == "everest");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "7456671620");
  CHECK(h.table_name == "Moroni-1");
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  CHECK(h.started_at_utc == "2012-03-15T10:59:13Z");  // time="1331809153"
  CHECK(h.button_seat == 2);                          // DEALER position="1"
  CHECK(test::seat(h, 1).stack == 11410);             // position 0, balance="11410"
  const Event& raise = test::event(h, EventKind::Raise, 1);
  CHECK(raise.amount == 750);  // BET 750 after a BET of 250: to 7.50
  CHECK(raise.to == 750);
  const Event& back = test::event(h, EventKind::UncalledReturned, 1);
  CHECK(back.amount == 500);
  CHECK(h.total_pot == 650);
  CHECK(h.rake == 0);
  CHECK(test::event(h, EventKind::Collected, 1).amount == 650);
  CHECK(test::audits_clean(h));
}

TEST_CASE("Everest hand: the last SWEEP's pot after rake and tax", "[everest]") {
  const Hand h = one_hand("everest/plo_rake_tax.txt");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kOmaha);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.currency == "EUR");
  CHECK(h.small_blind == 500);  // blinds="5 €/10 €"
  CHECK(h.big_blind == 1000);
  CHECK(test::event(h, EventKind::DealtHole, 1).cards.printed() == "8h 2c Qc Ah");  // one HOLE per card
  CHECK(test::event(h, EventKind::Call, 5).amount == 2000);
  CHECK(test::event(h, EventKind::Check, 5).street == Street::Turn);  // BET amount="0"
  CHECK(h.total_pot == 18000);  // SWEEP 17750 + rake 150 + tax 100
  CHECK(h.rake == 150);
  REQUIRE(h.fees.size() == 1);
  CHECK(h.fees[0].name == "tax");
  CHECK(h.fees[0].amount == 100);
  CHECK(test::audits_clean(h));
}

TEST_CASE("Everest tournament: antes, hundredths of a chip, five cards at once", "[everest]") {
  const Hand h = one_hand("everest/tournament_antes.txt");  // a <PRIZE> line after the hand
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.tournament_id == "52919861");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 175000);  // blinds="1 750/3 500"
  CHECK(h.big_blind == 350000);
  CHECK(h.ante == 35000);
  CHECK(h.rake == 0);
  const Event& shove = test::event(h, EventKind::Raise, 3);
  CHECK(shove.all_in);
  CHECK(shove.amount == 418700);
  CHECK(shove.to == 593700);
  const std::vector<const Event*> board = test::events_of(h, EventKind::Board);
  REQUIRE(board.size() == 3);
  CHECK(board[0]->cards.printed() == "8s 4d Td");
  CHECK(board[2]->street == Street::River);
  CHECK(test::events_of(h, EventKind::Shows).size() == 2);  // each SHOW printed twice, kept once
  CHECK(test::audits_clean(h));
}

TEST_CASE("Everest fixed limit: a big blind alone, bets of the stakes", "[everest]") {
  const Hand h = one_hand("everest/fixed_limit_one_blind.txt");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 2);  // stakes="$0.02/$0.04"
  CHECK(h.big_bet == 4);
  CHECK(test::event(h, EventKind::PostBigBlind, 3).amount == 2);
  CHECK(test::event(h, EventKind::Raise, 3).to == 4);
  CHECK(test::audits_clean(h));
}

TEST_CASE("Everest corpus sweep", "[everest][corpus]") {
  const fs::path root = test::shared_corpus() / "Everest";
  REQUIRE(fs::is_directory(root));
  const long hands = test::count_tags(root, "<HAND ");
  const test::SweepResult r = test::sweep_corpus(root, "everest/anomalies.tsv");
  CHECK(hands == 5);
  CHECK(r.hands == hands);
  CHECK(r.parsed == hands);
  CHECK(r.sites == std::set<std::string>{"everest"});
  // Hand 7144066651 (tour/LHE-play-STT-201110.new.level.txt) prints the level before in its
  // header, blinds="5/10" stakes="10/20", and is played at the next: blinds of 10 and 20, bets of
  // 20 and 40. The warnings say so; no error follows.
  REQUIRE(r.warnings.size() == 4);
  for (const std::string& w : r.warnings) CHECK(w.find("#7144066651 ") != std::string::npos);
  test::check_sweep(r, "everest/anomalies.tsv", /*with_hp=*/true);
}

namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault(
      {"everest/faults", name, "everest", "<SESSION ", "7456671620", std::move(findings), {}});
}
}  // namespace

TEST_CASE("Everest fault: a win larger than the pot", "[everest][faults]") {
  // WIN 650 -> 660: the SWEEP says 6.50.
  check_fault("collection", {{FindingCode::RakeMismatch, 0, -10, 0},
                             {FindingCode::ChipsNotConserved, 0, 650, 660},
                             {FindingCode::PayoutMismatch, 0, 650, 660}});
}

TEST_CASE("Everest fault: a rake the pot does not hold", "[everest][faults]") {
  // SWEEP rake="0" -> "10": 6.50 went in, the SWEEP of 6.50 and a rake of 0.10 say 6.60.
  check_fault("rake", {{FindingCode::TotalPotMismatch, 0, 650, 660},
                       {FindingCode::ChipsNotConserved, 0, 650, 660},
                       {FindingCode::PayoutMismatch, 0, 640, 650}});
}

TEST_CASE("Everest fault: a raise 0.50 short of what comes back", "[everest][faults]") {
  // BET 750 -> 700: the PUSH of 5.00 returns more than the 4.50 nobody called.
  check_fault("bet", {{FindingCode::UncalledBetMismatch, 1, 450, 500},
                      {FindingCode::TotalPotMismatch, 0, 600, 650},
                      {FindingCode::ChipsNotConserved, 0, 600, 650},
                      {FindingCode::PayoutMismatch, 0, 600, 650}});
}

TEST_CASE("Everest strict: a position, an amount or stakes that do not parse are gaps",
          "[everest]") {
  // position="O" is no seat 1; stakes "$0O02" are no 1.00; a WIN whose amount is not read leaves
  // the rake of the SWEEP (printed before it) unchecked; a hand whose tag is not known is an
  // unparsed hand, never none.
  test::check_gap("everest/plo_rake_tax.txt", "<BET position=\"0\"", "<BET position=\"O\"");
  test::check_gap("everest/fixed_limit_one_blind.txt", "stakes=\"$0.02/", "stakes=\"$0O02/");
  test::check_gap("everest/plo_rake_tax.txt", "amount=\"17750\"", "amount=\"1O750\"");
  test::check_gap("everest/plo_rake_tax.txt", "<HAND time", "<zzyzx time");
}
