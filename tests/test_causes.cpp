// Root causes and money in error (audit/causes.hpp): the rule on findings written here, then on
// real hands edited on one line (testdata/faults/, testdata/gg/faults/), where the several
// findings one edit gives must come down to one root and the edit's own amount.
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "audit/audit.hpp"
#include "audit/causes.hpp"
#include "tests/cli_run.hpp"
#include "tests/fault_check.hpp"

namespace {

hh::Finding finding(hh::FindingCode code, hh::Money expected, hh::Money actual, int seat = 0) {
  return hh::make_finding(code, {.seat = seat, .expected = expected, .actual = actual});
}

using Links = std::vector<std::pair<hh::FindingCode, std::optional<hh::FindingCode>>>;

// code -> code of its cause (std::nullopt for none), in the order of the findings.
Links links(const hh::AuditResult& r) {
  Links out;
  for (const hh::Finding& f : r.findings)
    out.emplace_back(f.code, f.cause ? std::optional(r.findings.at(*f.cause).code) : std::nullopt);
  return out;
}

}  // namespace

TEST_CASE("causes: the earliest step of the flow of money is the root", "[causes]") {
  using hh::FindingCode;
  hh::AuditResult r;
  // As the audit finds them: the summary before the showdown.
  r.findings = {finding(hh::FindingCode::SummaryMismatch, 0, 500, 3),
                finding(hh::FindingCode::WrongWinner, 500, 0, 3),
                finding(hh::FindingCode::PayoutMismatch, 1000, 1500, 3)};
  hh::link_causes(r);
  CHECK(links(r) == Links{{hh::FindingCode::SummaryMismatch, hh::FindingCode::WrongWinner},
                          {hh::FindingCode::WrongWinner, std::nullopt},
                          {hh::FindingCode::PayoutMismatch, hh::FindingCode::WrongWinner}});
  CHECK(r.money_in_error == 500);
}

TEST_CASE("causes: notes and the legality of actions are outside the chain", "[causes]") {
  using hh::FindingCode;
  hh::AuditResult r;
  r.findings = {finding(hh::FindingCode::OutOfTurn, 0, 0, 2),
                hh::make_finding(hh::FindingCode::RakeNotPrinted, {.expected = 20}),
                finding(hh::FindingCode::UncalledBetMismatch, 60, 50, 5),
                finding(hh::FindingCode::TotalPotMismatch, 260, 250)};
  hh::link_causes(r);
  CHECK(links(r) ==
        Links{{hh::FindingCode::OutOfTurn, std::nullopt},
              {hh::FindingCode::RakeNotPrinted, std::nullopt},
              {hh::FindingCode::UncalledBetMismatch, std::nullopt},
              {hh::FindingCode::TotalPotMismatch, hh::FindingCode::UncalledBetMismatch}});
  CHECK(r.money_in_error == 10);
}

TEST_CASE("causes: a warning root, the money from the first error after it", "[causes]") {
  using hh::FindingCode;
  hh::AuditResult r;
  // A missing "Uncalled bet" line (money-neutral) and, later, a payout short by 7.50.
  r.findings = {
      finding(hh::FindingCode::UncalledBetLineMissing, 750, 0, 1),
      hh::make_finding(hh::FindingCode::SidePotMismatch, {.expected = hh::FindingAmount::count(2),
                                                          .actual = hh::FindingAmount::count(1)}),
      finding(hh::FindingCode::PayoutMismatch, 3000, 2250),
      finding(hh::FindingCode::ChipsNotConserved, 3000, 2250)};
  hh::link_causes(r);
  CHECK(links(r) ==
        Links{{hh::FindingCode::UncalledBetLineMissing, std::nullopt},
              {hh::FindingCode::SidePotMismatch, hh::FindingCode::UncalledBetLineMissing},
              {hh::FindingCode::PayoutMismatch, hh::FindingCode::UncalledBetLineMissing},
              {hh::FindingCode::ChipsNotConserved, hh::FindingCode::UncalledBetLineMissing}});
  // The pot count is no money: the payout's 7.50 is.
  CHECK(r.money_in_error == 750);
}

TEST_CASE("causes: a count is never money in error", "[causes]") {
  hh::AuditResult r;
  // The rules build 3 pots, the site prints 1: an error, but of 2 pots, not of 2 cents.
  r.findings = {hh::make_finding(
      hh::FindingCode::SidePotMismatch,
      {.expected = hh::FindingAmount::count(3), .actual = hh::FindingAmount::count(1)})};
  hh::link_causes(r);
  CHECK(r.money_in_error == 0);
  // The same finding about money (a printed side pot of 1 where the rules build 3) is 2 in error.
  r.findings = {finding(hh::FindingCode::SidePotMismatch, 3, 1)};
  hh::link_causes(r);
  CHECK(r.money_in_error == 2);
}

TEST_CASE("a finding's amount keeps its unit: a count or a seat is never money", "[causes]") {
  using hh::FindingAmount;
  static_assert(!std::is_convertible_v<FindingAmount, std::int64_t>);
  static_assert(!std::is_constructible_v<FindingAmount, std::size_t>);  // a size is a count
  static_assert(!std::is_constructible_v<FindingAmount, bool>);
  const FindingAmount money = hh::Money{550}, pots = FindingAmount::count(550),
                      seat = FindingAmount::seat(3);
  CHECK(money.is_money());
  CHECK(money.money() == 550);
  CHECK(money == 550);
  CHECK(pots != money);
  CHECK(seat != FindingAmount::count(3));
  CHECK_THROWS_AS(pots.money(), std::logic_error);
  CHECK_THROWS_AS(seat.money(), std::logic_error);
  // A store keeps the number, whatever its unit.
  CHECK(pots.stored() == 550);
  CHECK(hh::stored(std::optional(seat)) == 3);
  CHECK(hh::stored(std::nullopt) == std::nullopt);
  CHECK(to_string(money) == "550");
  CHECK(to_string(pots) == "550 (count)");
  CHECK(to_string(seat) == "3 (seat)");
  // And the unit beside the number (amount_unit): NULL for money.
  CHECK(hh::stored_unit(money.unit()) == std::nullopt);
  CHECK(hh::stored_unit(pots.unit()) == "count");
  CHECK(hh::stored_unit(seat.unit()) == "seat");
  // A finding's amounts are of one unit, the one a store keeps for both; money when none.
  const hh::Finding by_seat = hh::make_finding(hh::FindingCode::OutOfTurn, {.actual = seat});
  CHECK(hh::amount_unit(by_seat) == hh::AmountUnit::Seat);
  CHECK(hh::amount_unit(hh::make_finding(hh::FindingCode::RakeNotPrinted, {})) ==
        hh::AmountUnit::Money);
  CHECK_THROWS_WITH(
      hh::make_finding(hh::FindingCode::SidePotMismatch, {.expected = pots, .actual = money}),
      "finding SIDE_POT_MISMATCH has a count expected and a money actual");
}

TEST_CASE("causes: warnings alone have no money in error, linking twice is linking once",
          "[causes]") {
  using hh::FindingCode;
  hh::AuditResult r;
  r.findings = {finding(hh::FindingCode::AllInMismatch, 0, 15, 4),
                finding(hh::FindingCode::RaiseIncrementMismatch, 40, 30, 4)};
  hh::link_causes(r);
  hh::link_causes(r);
  CHECK(links(r) ==
        Links{{hh::FindingCode::AllInMismatch, std::nullopt},
              {hh::FindingCode::RaiseIncrementMismatch, hh::FindingCode::AllInMismatch}});
  CHECK(r.money_in_error == 0);
}

namespace {

struct RealFault {
  std::string file;  // under testdata/
  hh::FindingCode root;
  int root_seat;
  hh::Money money_in_error;
  std::size_t following;  // error and warning findings that follow from the root
};

void check_root(const RealFault& want) {
  INFO(want.file);
  const std::vector<hh::Hand> hands = hh::read_text(hh::test::load(want.file), want.file);
  REQUIRE(hands.size() == 1);
  const hh::AuditResult r =
      hh::audit_hand(hands.front(), hh::AuditContext{&hh::test::shipped_house_rules()});
  std::vector<const hh::Finding*> roots;
  std::size_t following = 0;
  for (const hh::Finding& f : r.findings) {
    if (f.severity == hh::Severity::Info) {
      CHECK_FALSE(f.cause);
      continue;
    }
    if (f.cause) {
      ++following;
      CHECK(r.findings.at(*f.cause).code == want.root);
    } else {
      roots.push_back(&f);
    }
  }
  REQUIRE(roots.size() == 1);
  CHECK(roots.front()->code == want.root);
  CHECK(roots.front()->seat == want.root_seat);
  CHECK(following == want.following);
  CHECK(r.money_in_error == want.money_in_error);
}

}  // namespace

TEST_CASE("causes: one edited line, one root, its own amount (real hands)", "[causes][faults]") {
  // "Uncalled bet ($0.60) returned to DSOR65" -> "($0.50)": four findings, 0.10 wrong.
  check_root({"faults/uncalled_bet.txt", hh::FindingCode::UncalledBetMismatch, 5, 10, 3});
  // "DSOR65: calls $0.20" -> "calls $0.10".
  check_root({"faults/call_amount.txt", hh::FindingCode::WrongCallAmount, 5, 10, 4});
  // The 39.35 pot paid to the worse hand; both summary lines disagree.
  check_root({"faults/wrong_winner.txt", hh::FindingCode::WrongWinner, 3, 3935, 2});
  // A side pot of 0.61 collected by a player not in it.
  check_root({"faults/ineligible_side_pot.txt", hh::FindingCode::PayoutMismatch, 8, 61, 3});
  // "Rake $0.20" -> "$0.30".
  check_root({"faults/rake.txt", hh::FindingCode::RakeMismatch, 0, 10, 2});
  // GG: "Uncalled bet ($16) returned to Hero" -> "($14)".
  check_root(
      {"gg/faults/missed_blind_uncalled.txt", hh::FindingCode::UncalledBetMismatch, 1, 200, 3});
}

TEST_CASE("causes: summary counts hands and money, the database links each finding to its root",
          "[causes][summary]") {
  using hh::test::bin;
  using hh::test::q;
  using hh::test::run;
  const auto dir = hh::test::temp_dir("hhaudit-causes");
  const std::string db = q(dir / "c.db");
  REQUIRE(run(bin() + " audit " + q(hh::test::testdata("faults/uncalled_bet.txt")) + " " +
              q(hh::test::testdata("faults/wrong_winner.txt")) + " --db " + db +
              " -q --fail-on none")
              .code == 0);
  // 4 + 3 error findings, 2 hands, 0.10 and 39.35 wrong.
  const auto summary = run(bin() + " summary --db " + db + " --format csv");
  CHECK(summary.out.find("\ntotals,hands_with_errors,2,") != std::string::npos);
  CHECK(summary.out.find("\ntotals,findings,7,") != std::string::npos);
  CHECK(summary.out.find("\nmoney,,,,,,,USD,100,1,10,,pokerstars,,,,,,2009-11,,,,0,") !=
        std::string::npos);
  CHECK(summary.out.find("\nmoney,,,,,,,USD,100,1,3935,,pokerstars,,,,,,2009-12,,,,0,") !=
        std::string::npos);
  // The verdict's money: the two hands' mistakes in one currency, added once each.
  CHECK(summary.out.find("\nmoney_in_error,,,,,,,USD,100,2,3945,39.45 USD,") != std::string::npos);
  // Each finding that follows names its root; the roots name none.
  const auto links = run(bin() + " query --db " + db +
                         " --format csv \"SELECT h.site_hand_id, d.code, c.code FROM discrepancies "
                         "d JOIN hands h USING (hand_id) LEFT JOIN discrepancies c ON "
                         "c.discrepancy_id = d.cause_id WHERE d.severity <> 'info' ORDER BY "
                         "d.discrepancy_id\"");
  CHECK(links.out ==
        "site_hand_id,code,code\n"
        "35824281084,UNCALLED_BET_MISMATCH,\n"
        "35824281084,TOTAL_POT_MISMATCH,UNCALLED_BET_MISMATCH\n"
        "35824281084,CHIPS_NOT_CONSERVED,UNCALLED_BET_MISMATCH\n"
        "35824281084,PAYOUT_MISMATCH,UNCALLED_BET_MISMATCH\n"
        "37165169101,SUMMARY_MISMATCH,WRONG_WINNER\n"
        "37165169101,SUMMARY_MISMATCH,WRONG_WINNER\n"
        "37165169101,WRONG_WINNER,\n");
  std::filesystem::remove_all(dir);
}
