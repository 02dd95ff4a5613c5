// Fault tests: real PokerStars hands (testdata/faults/originals/) each edited by hand on exactly
// one line to carry one money error (testdata/faults/). Every test proves that the unedited hand
// audits clean and that the edit produces exactly the expected error and warning findings, with
// their amounts. testdata/faults/README.md says where each hand comes from, what was changed and
// why each secondary code fires.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/fault_check.hpp"

namespace {

// A PokerStars fault: testdata/faults/NAME.txt and testdata/faults/originals/NAME.txt.
struct Fault {
  std::string name;
  std::string hand_id;                       // PokerStars hand number
  std::vector<hh::test::Expected> findings;  // the first one is the primary code
};

void check_fault(const Fault& f) {
  hh::test::check_fault({"faults", f.name, "pokerstars", "PokerStars ", f.hand_id, f.findings});
}

}  // namespace

TEST_CASE("fault: wrong collected amount", "[faults]") {
  // "Hero collected $23.25 from pot" -> "$24.25".
  check_fault({"collected_amount",
               "35824579763",
               {{hh::FindingCode::PayoutMismatch, 0, 2325, 2425},
                {hh::FindingCode::RakeMismatch, 0, 20, 120},
                {hh::FindingCode::ChipsNotConserved, 0, 2445, 2545},
                {hh::FindingCode::SummaryMismatch, 6, 2425, 2325}}});
}

TEST_CASE("fault: wrong total pot", "[faults]") {
  // "Total pot $8.95" -> "$9.95".
  check_fault({"total_pot",
               "35824527128",
               {{hh::FindingCode::TotalPotMismatch, 0, 895, 995},
                {hh::FindingCode::RakeMismatch, 0, 140, 40}}});
}

TEST_CASE("fault: wrong side pot amount (cash)", "[faults]") {
  // "Side pot $0.10." -> "Side pot $0.12."
  check_fault({"side_pot_amount",
               "64146221551",
               {{hh::FindingCode::SidePotMismatch, 0, 10, 12},
                {hh::FindingCode::SidePotMismatch, 0, 53, 55}}});
}

TEST_CASE("fault: wrong side pot-1 amount (tournament)", "[faults]") {
  // "Side pot-1 2100." -> "Side pot-1 2000."
  check_fault({"side_pot_amount_tourney",
               "28346217223",
               {{hh::FindingCode::SidePotMismatch, 0, 2100, 2000},
                {hh::FindingCode::SidePotMismatch, 0, 3570, 3470}}});
}

TEST_CASE("fault: wrong uncalled bet amount", "[faults]") {
  // "Uncalled bet ($0.60) returned to DSOR65" -> "($0.50)".
  check_fault({"uncalled_bet",
               "35824281084",
               {{hh::FindingCode::UncalledBetMismatch, 5, 60, 50},
                {hh::FindingCode::TotalPotMismatch, 0, 260, 250},
                {hh::FindingCode::ChipsNotConserved, 0, 260, 250},
                {hh::FindingCode::PayoutMismatch, 0, 250, 240}}});
}

TEST_CASE("fault: wrong rake", "[faults]") {
  // "Rake $0.20" -> "Rake $0.30".
  check_fault({"rake",
               "35824396158",
               {{hh::FindingCode::RakeMismatch, 0, 20, 30},
                {hh::FindingCode::ChipsNotConserved, 0, 450, 460},
                {hh::FindingCode::PayoutMismatch, 0, 420, 430}}});
}

TEST_CASE("fault: wrong call amount", "[faults]") {
  // "DSOR65: calls $0.20" -> "calls $0.10".
  check_fault({"call_amount",
               "35824715133",
               {{hh::FindingCode::WrongCallAmount, 5, 20, 10},
                {hh::FindingCode::RoundNotClosed, 5, 30, 20},
                {hh::FindingCode::TotalPotMismatch, 0, 510, 520},
                {hh::FindingCode::ChipsNotConserved, 0, 510, 520},
                {hh::FindingCode::PayoutMismatch, 0, 485, 495}}});
}

TEST_CASE("fault: bet exceeds the stack", "[faults]") {
  // "Seat 4: k1tt9nM1nd ($10.10 in chips)" -> "($0.30 in chips)"; he then raises to $0.40.
  check_fault(
      {"bet_exceeds_stack", "35824150484", {{hh::FindingCode::BetExceedsStack, 4, 30, 40}}});
}

TEST_CASE("fault: side pot collected by an ineligible player (cash)", "[faults]") {
  // "ranchim collected $0.61 from side pot" -> "Spacemasa collected ...": Spacemasa is all-in
  // for the main pot only. The other contenders' cards are revealed in the summary ("mucked
  // [...]"), so the showdown is judged too: ranchim's straight should have had the side pot.
  check_fault({"ineligible_side_pot",
               "60974484959",
               {{hh::FindingCode::PayoutMismatch, 8, 0, 61},
                {hh::FindingCode::WrongWinner, 4, 61, 0},
                {hh::FindingCode::SummaryMismatch, 4, 42, 103},
                {hh::FindingCode::SummaryMismatch, 8, 61, 0}}});
}

TEST_CASE("fault: side pot-2 collected by an ineligible player (tournament)", "[faults]") {
  // "Player11 collected 480 from side pot-2" -> "Hero collected ...": Hero is all-in for the main
  // pot and side pot-1 only.
  check_fault({"ineligible_side_pot_tourney",
               "28346217223",
               {{hh::FindingCode::PayoutMismatch, 5, 0, 480},
                {hh::FindingCode::WrongWinner, 4, 480, 0},
                {hh::FindingCode::SummaryMismatch, 4, 0, 480},
                {hh::FindingCode::SummaryMismatch, 5, 3570, 3090}}});
}

TEST_CASE("fault: summary won amount disagrees with the body", "[faults]") {
  // "Seat 3: ChrVo showed [Ah 3h] and won ($4.80)" -> "won ($4.90)".
  check_fault({"summary_won", "35824892605", {{hh::FindingCode::SummaryMismatch, 3, 480, 490}}});
}

TEST_CASE("fault: the pot paid to the worse hand", "[faults]") {
  // "AAALISAAAA collected $39.35 from pot" -> "Hero collected ...": Hero's aces lose to
  // AAALISAAAA's kings and fives on 3d 7h Kh Ts 5c. Both summary lines now disagree too.
  check_fault({"wrong_winner",
               "37165169101",
               {{hh::FindingCode::WrongWinner, 3, 3935, 0},
                {hh::FindingCode::SummaryMismatch, 3, 0, 3935},
                {hh::FindingCode::SummaryMismatch, 5, 3935, 0}}});
}

TEST_CASE("fault: the low half paid to a hand with no low (stud eight-or-better)", "[faults]") {
  // "gashpor collected $0.36 from pot" -> "rdiezchang collected ...": gashpor's 8-7-5-4-2 is the
  // only low of eight or better; rdiezchang's aces win nothing.
  check_fault({"wrong_low_winner",
               "35874576282",
               {{hh::FindingCode::WrongWinner, 1, 73, 37},
                {hh::FindingCode::SummaryMismatch, 3, 0, 36},
                {hh::FindingCode::SummaryMismatch, 8, 36, 0}}});
}
