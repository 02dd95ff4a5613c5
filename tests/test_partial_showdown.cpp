// Showdowns with partial information (issue 19): a pot paid to a shown hand that another shown
// contender beats is WRONG_WINNER even when a third contender did not show; cards revealed when
// mucking count as shown.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/site.hpp"
#include "tests/findings_of.hpp"

using namespace hh;

namespace {

// A PokerStars cash hand checked down three ways: Bob's aces, Ann's kings, Cid mucks unseen.
// `bob_at_showdown` is Bob's showdown line, `winner` who collects the $0.75.
std::string three_to_showdown(const std::string& bob_at_showdown, const std::string& winner,
                              const std::string& bob_summary) {
  const bool ann = winner == "Ann";
  return "PokerStars Hand #150000000001:  Hold'em No Limit ($0.10/$0.25 USD) - 2016/03/01 "
         "12:00:00 ET\n"
         "Table 'Gamma' 6-max Seat #1 is the button\n"
         "Seat 1: Ann ($25 in chips)\n"
         "Seat 2: Bob ($25 in chips)\n"
         "Seat 3: Cid ($25 in chips)\n"
         "Bob: posts small blind $0.10\n"
         "Cid: posts big blind $0.25\n"
         "*** HOLE CARDS ***\n"
         "Ann: calls $0.25\n"
         "Bob: calls $0.15\n"
         "Cid: checks\n"
         "*** FLOP *** [2c 7d 9h]\n"
         "Bob: checks\nCid: checks\nAnn: checks\n"
         "*** TURN *** [2c 7d 9h] [Js]\n"
         "Bob: checks\nCid: checks\nAnn: checks\n"
         "*** RIVER *** [2c 7d 9h Js] [3c]\n"
         "Bob: checks\nCid: checks\nAnn: checks\n"
         "*** SHOW DOWN ***\n" +
         bob_at_showdown +
         "\n"
         "Ann: shows [Kd Kh] (a pair of Kings)\n"
         "Cid: mucks hand\n" +
         winner +
         " collected $0.75 from pot\n"
         "*** SUMMARY ***\n"
         "Total pot $0.75 | Rake $0\n"
         "Board [2c 7d 9h Js 3c]\n"
         "Seat 1: Ann (button) showed [Kd Kh] and " +
         (ann ? "won ($0.75)" : "lost") +
         " with a pair of Kings\n"
         "Seat 2: Bob (small blind) " +
         bob_summary + (ann ? "" : " and won ($0.75) with a pair of Aces") +
         "\n"
         "Seat 3: Cid (big blind) mucked hand\n\n";
}

Hand parse_one(const std::string& text) {
  auto hands = parse_text(text, "partial_showdown.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].parsed);
  CHECK(hands[0].issues.empty());
  return hands[0];
}

}  // namespace

TEST_CASE("partial showdown: the best shown hand collects, a mucked third hand is not judged",
          "[showdown][partial]") {
  const AuditResult r = audit_hand(
      parse_one(three_to_showdown("Bob: shows [Ah As] (a pair of Aces)", "Bob", "showed [Ah As]")));
  CHECK(test::of(r, "WRONG_WINNER").empty());
  CHECK(test::of(r, "SHOWDOWN_NOT_EVALUATED").size() == 1);
}

TEST_CASE("partial showdown: a pot paid to a shown hand that a shown hand beats is WRONG_WINNER",
          "[showdown][partial]") {
  const AuditResult r =
      audit_hand(parse_one(three_to_showdown("Bob: shows [Ah As] (a pair of Aces)", "Ann",
                                             "showed [Ah As] and lost with a pair of Aces")));
  const auto wrong = test::of(r, "WRONG_WINNER");
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].seat == 2);
  CHECK(wrong[0].expected == 75);
  CHECK(wrong[0].actual == 0);
}

TEST_CASE("partial showdown: cards revealed when mucking count as shown", "[showdown][partial]") {
  // Bob's aces are revealed only in the summary ("mucked [Ah As]"). The PokerStars parser emits
  // no event for them yet: the builder is to emit a Mucks event carrying the cards (written in
  // here as it would).
  Hand h = parse_one(three_to_showdown("Bob: mucks hand", "Ann", "mucked [Ah As]"));
  Event revealed;
  revealed.kind = EventKind::Mucks;
  revealed.street = Street::Showdown;
  revealed.seat = 2;
  revealed.cards = "Ah As";
  h.events.push_back(revealed);
  const auto wrong = test::of(audit_hand(h), "WRONG_WINNER");
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].seat == 2);
  CHECK(wrong[0].expected == 75);
}
