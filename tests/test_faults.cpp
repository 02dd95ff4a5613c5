// Fault tests: real PokerStars hands (testdata/faults/originals/) each edited by hand on exactly
// one line to carry one money error (testdata/faults/). Every test proves that the unedited hand
// audits clean and that the edit produces exactly the expected error and warning findings, with
// their amounts. testdata/faults/README.md says where each hand comes from, what was changed and
// why each secondary code fires.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "audit/audit.hpp"
#include "parser/decode.hpp"
#include "parser/site.hpp"
#include "tests/test_paths.hpp"

namespace {

// One error or warning finding the edit must produce. `seat` is 0 for findings about no seat.
struct Expected {
  std::string code;
  int seat;
  hh::Money expected;
  hh::Money actual;
};

struct Fault {
  std::string name;     // testdata/faults/NAME.txt, original in testdata/faults/originals/NAME.txt
  std::string hand_id;  // PokerStars hand number
  std::vector<Expected> findings;  // the first one is the primary code
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string load(const std::string& rel) {
  const std::string bytes = hh::test::read_file(hh::test::testdata(rel));
  REQUIRE_FALSE(bytes.empty());
  return hh::decode(bytes).text;
}

// Parses a file that holds one hand and audits it.
hh::AuditResult audit_one(const std::string& text, const std::string& rel,
                          const std::string& hand_id) {
  const std::vector<hh::Hand> hands = hh::parse_text(text, rel);
  REQUIRE(hands.size() == 1);
  const hh::Hand& hand = hands.front();
  INFO(rel);
  REQUIRE(hand.parsed);
  CHECK(hand.issues.empty());
  CHECK(hand.site == "pokerstars");
  CHECK(hand.site_hand_id == hand_id);
  return hh::audit_hand(hand);
}

std::vector<const hh::Finding*> errors_and_warnings(const hh::AuditResult& r) {
  std::vector<const hh::Finding*> out;
  for (const hh::Finding& f : r.findings)
    if (f.severity != hh::Severity::Info) out.push_back(&f);
  return out;
}

std::string describe(const std::vector<const hh::Finding*>& fs) {
  std::string s;
  for (const hh::Finding* f : fs) {
    s += f->code + " seat " + std::to_string(f->seat) + " expected " +
         (f->expected ? std::to_string(*f->expected) : "-") + " actual " +
         (f->actual ? std::to_string(*f->actual) : "-") + ": " + f->message + "\n";
  }
  return s;
}

void check_fault(const Fault& fault) {
  const std::string fault_rel = "faults/" + fault.name + ".txt";
  const std::string original_rel = "faults/originals/" + fault.name + ".txt";
  const std::string fault_text = load(fault_rel);
  const std::string original_text = load(original_rel);

  // The fault file is the original with exactly one line edited, and starts with the hand.
  const std::vector<std::string> a = lines_of(original_text);
  const std::vector<std::string> b = lines_of(fault_text);
  REQUIRE(a.size() == b.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differing += a[i] != b[i];
  CHECK(differing == 1);
  CHECK(fault_text.rfind("PokerStars ", 0) == 0);

  // The unedited hand audits clean.
  {
    const hh::AuditResult r = audit_one(original_text, original_rel, fault.hand_id);
    const auto found = errors_and_warnings(r);
    INFO(original_rel << "\n" << describe(found));
    CHECK(found.empty());
  }

  // The edited hand gives exactly the expected codes, each with its amounts.
  const hh::AuditResult r = audit_one(fault_text, fault_rel, fault.hand_id);
  const auto found = errors_and_warnings(r);
  INFO(fault_rel << "\n" << describe(found));
  std::vector<std::string> want_codes, got_codes;
  for (const Expected& e : fault.findings) want_codes.push_back(e.code);
  for (const hh::Finding* f : found) got_codes.push_back(f->code);
  std::sort(want_codes.begin(), want_codes.end());
  std::sort(got_codes.begin(), got_codes.end());
  CHECK(got_codes == want_codes);

  // Each expected finding matches a distinct actual one on code, seat and both amounts; with the
  // code multisets equal above, the findings are exactly the expected ones.
  REQUIRE_FALSE(fault.findings.empty());
  std::vector<bool> used(found.size(), false);
  for (std::size_t i = 0; i < fault.findings.size(); ++i) {
    const Expected& e = fault.findings[i];
    INFO((i == 0 ? "primary " : "secondary ")
         << e.code << " seat " << e.seat << " expected " << e.expected << " actual " << e.actual);
    bool matched = false;
    for (std::size_t j = 0; j < found.size() && !matched; ++j) {
      const hh::Finding& f = *found[j];
      if (used[j] || f.code != e.code || f.seat != e.seat) continue;
      if (f.expected != std::optional<hh::Money>(e.expected)) continue;
      if (f.actual != std::optional<hh::Money>(e.actual)) continue;
      used[j] = matched = true;
    }
    CHECK(matched);
  }
}

}  // namespace

TEST_CASE("fault: wrong collected amount", "[faults]") {
  // "Hero collected $23.25 from pot" -> "$24.25".
  check_fault({"collected_amount",
               "35824579763",
               {{"PAYOUT_MISMATCH", 0, 2325, 2425},
                {"RAKE_MISMATCH", 0, 20, 120},
                {"CHIPS_NOT_CONSERVED", 0, 2445, 2545},
                {"SUMMARY_MISMATCH", 6, 2425, 2325}}});
}

TEST_CASE("fault: wrong total pot", "[faults]") {
  // "Total pot $8.95" -> "$9.95".
  check_fault({"total_pot",
               "35824527128",
               {{"TOTAL_POT_MISMATCH", 0, 895, 995}, {"RAKE_MISMATCH", 0, 140, 40}}});
}

TEST_CASE("fault: wrong side pot amount (cash)", "[faults]") {
  // "Side pot $0.10." -> "Side pot $0.12."
  check_fault({"side_pot_amount",
               "64146221551",
               {{"SIDE_POT_MISMATCH", 0, 10, 12}, {"SIDE_POT_MISMATCH", 0, 53, 55}}});
}

TEST_CASE("fault: wrong side pot-1 amount (tournament)", "[faults]") {
  // "Side pot-1 2100." -> "Side pot-1 2000."
  check_fault({"side_pot_amount_tourney",
               "28346217223",
               {{"SIDE_POT_MISMATCH", 0, 2100, 2000}, {"SIDE_POT_MISMATCH", 0, 3570, 3470}}});
}

TEST_CASE("fault: wrong uncalled bet amount", "[faults]") {
  // "Uncalled bet ($0.60) returned to DSOR65" -> "($0.50)".
  check_fault({"uncalled_bet",
               "35824281084",
               {{"UNCALLED_BET_MISMATCH", 5, 60, 50},
                {"TOTAL_POT_MISMATCH", 0, 260, 250},
                {"CHIPS_NOT_CONSERVED", 0, 260, 250},
                {"PAYOUT_MISMATCH", 0, 250, 240}}});
}

TEST_CASE("fault: wrong rake", "[faults]") {
  // "Rake $0.20" -> "Rake $0.30".
  check_fault({"rake",
               "35824396158",
               {{"RAKE_MISMATCH", 0, 20, 30},
                {"CHIPS_NOT_CONSERVED", 0, 450, 460},
                {"PAYOUT_MISMATCH", 0, 420, 430}}});
}

TEST_CASE("fault: wrong call amount", "[faults]") {
  // "DSOR65: calls $0.20" -> "calls $0.10".
  check_fault({"call_amount",
               "35824715133",
               {{"WRONG_CALL_AMOUNT", 5, 20, 10},
                {"TOTAL_POT_MISMATCH", 0, 510, 520},
                {"CHIPS_NOT_CONSERVED", 0, 510, 520},
                {"PAYOUT_MISMATCH", 0, 485, 495}}});
}

TEST_CASE("fault: bet exceeds the stack", "[faults]") {
  // "Seat 4: k1tt9nM1nd ($10.10 in chips)" -> "($0.30 in chips)"; he then raises to $0.40.
  check_fault({"bet_exceeds_stack", "35824150484", {{"BET_EXCEEDS_STACK", 4, 30, 40}}});
}

TEST_CASE("fault: side pot collected by an ineligible player (cash)", "[faults]") {
  // "ranchim collected $0.61 from side pot" -> "Spacemasa collected ...": Spacemasa is all-in
  // for the main pot only.
  check_fault({"ineligible_side_pot",
               "60974484959",
               {{"PAYOUT_MISMATCH", 8, 0, 61},
                {"SUMMARY_MISMATCH", 4, 42, 103},
                {"SUMMARY_MISMATCH", 8, 61, 0}}});
}

TEST_CASE("fault: side pot-2 collected by an ineligible player (tournament)", "[faults]") {
  // "Player11 collected 480 from side pot-2" -> "Hero collected ...": Hero is all-in for the main
  // pot and side pot-1 only.
  check_fault({"ineligible_side_pot_tourney",
               "28346217223",
               {{"PAYOUT_MISMATCH", 5, 0, 480},
                {"SUMMARY_MISMATCH", 4, 0, 480},
                {"SUMMARY_MISMATCH", 5, 3570, 3090}}});
}

TEST_CASE("fault: summary won amount disagrees with the body", "[faults]") {
  // "Seat 3: ChrVo showed [Ah 3h] and won ($4.80)" -> "won ($4.90)".
  check_fault({"summary_won", "35824892605", {{"SUMMARY_MISMATCH", 3, 480, 490}}});
}
