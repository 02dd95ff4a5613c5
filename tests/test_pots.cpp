#include <catch2/catch.hpp>

#include "audit/audit.hpp"

using hh::BuiltPot;
using hh::PotInput;

namespace {
std::vector<int> seats(std::initializer_list<int> s) { return s; }
}  // namespace

TEST_CASE("one pot when nobody is all-in", "[pots]") {
  auto pots =
      hh::build_pots({{1, 100, false, false}, {2, 100, false, false}, {3, 30, true, false}});
  REQUIRE(pots.size() == 1);
  CHECK(pots[0].amount == 230);
  CHECK(pots[0].eligible == seats({1, 2}));
}

TEST_CASE("side pot: a $5 all-in against $20 bets", "[pots]") {
  // Rule text (table stakes / side pots): A is all-in for $5, B and C put in $20 each. The main
  // pot is $15 (three times $5) for all three; the side pot is $30 for B and C only.
  auto pots = hh::build_pots({{1, 5, false, true}, {2, 20, false, false}, {3, 20, false, false}});
  REQUIRE(pots.size() == 2);
  CHECK(pots[0].amount == 15);
  CHECK(pots[0].eligible == seats({1, 2, 3}));
  CHECK(pots[1].amount == 30);
  CHECK(pots[1].eligible == seats({2, 3}));
}

TEST_CASE("several all-in levels, folded money stays in the pots it reached", "[pots]") {
  // A all-in 10, B all-in 30, C puts in 50 and D folds after putting in 40.
  auto pots = hh::build_pots(
      {{1, 10, false, true}, {2, 30, false, true}, {3, 50, false, false}, {4, 40, true, false}});
  REQUIRE(pots.size() == 3);
  CHECK(pots[0].amount == 40);  // 4 x 10
  CHECK(pots[0].eligible == seats({1, 2, 3}));
  CHECK(pots[1].amount == 60);  // 3 x 20
  CHECK(pots[1].eligible == seats({2, 3}));
  CHECK(pots[2].amount == 30);  // C 20 + D 10
  CHECK(pots[2].eligible == seats({3}));
}

TEST_CASE("two players all-in for the same amount share one level", "[pots]") {
  auto pots = hh::build_pots(
      {{1, 25, false, true}, {2, 25, false, true}, {3, 60, false, false}, {4, 60, false, false}});
  REQUIRE(pots.size() == 2);
  CHECK(pots[0].amount == 100);
  CHECK(pots[1].amount == 70);
  CHECK(pots[1].eligible == seats({3, 4}));
}

TEST_CASE("rake split over pots in proportion, remainder to the last", "[pots]") {
  // PokerStars hand 231645858339: pots 5.80 and 20.55, rake 1.12 printed as main 5.55, side 19.68.
  std::vector<BuiltPot> pots(2);
  pots[0].amount = 580;
  pots[1].amount = 2055;
  hh::attribute_rake(pots, 112);
  CHECK(pots[0].rake == 25);
  CHECK(pots[1].rake == 87);
}

TEST_CASE("rake taken from the main pot only (Hand::rake_from_main_pot)", "[pots]") {
  // Full Tilt hand 31318697695: "Main pot $158.20. Side pot $76.35. | Rake $3"; the side pot's
  // winner collects $76.35, the main pot's two boards $77.60 each.
  std::vector<BuiltPot> pots(2);
  pots[0].amount = 15820;
  pots[1].amount = 7635;
  hh::attribute_rake(pots, 300, true);
  CHECK(pots[0].rake == 300);
  CHECK(pots[1].rake == 0);
  hh::attribute_rake(pots, 300);  // in proportion otherwise
  CHECK(pots[0].rake == 202);     // 300 x 15820 / 23455 = 202.3
  CHECK(pots[1].rake == 98);
}

TEST_CASE("rake taken from the side pot only (Hand::rake_from_side_pot)", "[pots][issue33]") {
  // PartyPoker pays the main pot in full and takes the rake from the side pot: with a main pot
  // of $30 and side pots of $40 and $12, the whole $1 is the last pot's.
  std::vector<BuiltPot> pots(3);
  pots[0].amount = 3000;
  pots[1].amount = 4000;
  pots[2].amount = 1200;
  hh::attribute_rake(pots, 100, false, true);
  CHECK(pots[0].rake == 0);
  CHECK(pots[1].rake == 0);
  CHECK(pots[2].rake == 100);
}
