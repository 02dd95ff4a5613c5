// Showdowns (issue 19): with partial information, a pot paid to a shown hand that another shown
// contender beats is WRONG_WINNER even when a third contender did not show, and cards revealed
// when mucking count as shown; short deck (6+ Hold'em) judged with its own ranking.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "tests/audit_under.hpp"
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
  auto hands = read_text(text, "partial_showdown.txt");
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
  CHECK(test::of(r, FindingCode::WrongWinner).empty());
  CHECK(test::of(r, FindingCode::ShowdownNotEvaluated).size() == 1);
}

TEST_CASE("partial showdown: a pot paid to a shown hand that a shown hand beats is WRONG_WINNER",
          "[showdown][partial]") {
  const AuditResult r =
      audit_hand(parse_one(three_to_showdown("Bob: shows [Ah As] (a pair of Aces)", "Ann",
                                             "showed [Ah As] and lost with a pair of Aces")));
  const auto wrong = test::of(r, FindingCode::WrongWinner);
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].seat == 2);
  CHECK(wrong[0].expected == 75);
  CHECK(wrong[0].actual == 0);
}

TEST_CASE("partial showdown: cards revealed when mucking count as shown", "[showdown][partial]") {
  // Bob's aces are revealed only in the summary ("mucked [Ah As]"): the PokerStars-family builder
  // turns that into a Mucks event carrying the cards.
  const Hand h = parse_one(three_to_showdown("Bob: mucks hand", "Ann", "mucked [Ah As]"));
  std::vector<const Event*> revealed;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Mucks && !e.cards.empty()) revealed.push_back(&e);
  REQUIRE(revealed.size() == 1);
  CHECK(revealed[0]->seat == 2);
  CHECK(revealed[0]->cards.printed() == "Ah As");
  CHECK(revealed[0]->street == Street::Showdown);
  const auto wrong = test::of(audit_hand(h), FindingCode::WrongWinner);
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].seat == 2);
  CHECK(wrong[0].expected == 75);
}

// --- short deck (6+ Hold'em) at the showdown --------------------------------------------------

namespace {

// A PokerStars 6+ Hold'em hand checked down: Ann's three nines against Bob's ace-to-nine straight
// (A-6-7-8-9, the lowest in a 36-card deck), `winner` collecting the $0.50.
std::string short_deck_showdown(const std::string& winner) {
  const bool ann = winner == "Ann";
  return "PokerStars Hand #150000000002:  6+ Hold'em No Limit ($0.10/$0.25 USD) - 2019/03/01 "
         "12:00:00 ET\n"
         "Table 'Delta' 6-max Seat #1 is the button\n"
         "Seat 1: Ann ($25 in chips)\n"
         "Seat 2: Bob ($25 in chips)\n"
         "Ann: posts small blind $0.10\n"
         "Bob: posts big blind $0.25\n"
         "*** HOLE CARDS ***\n"
         "Ann: calls $0.15\n"
         "Bob: checks\n"
         "*** FLOP *** [9c 7d 8h]\n"
         "Bob: checks\nAnn: checks\n"
         "*** TURN *** [9c 7d 8h] [9s]\n"
         "Bob: checks\nAnn: checks\n"
         "*** RIVER *** [9c 7d 8h 9s] [Kd]\n"
         "Bob: checks\nAnn: checks\n"
         "*** SHOW DOWN ***\n"
         "Bob: shows [Ah 6c] (a straight, Ace to Nine)\n"
         "Ann: shows [9d Qs] (three of a kind, Nines)\n" +
         winner +
         " collected $0.50 from pot\n"
         "*** SUMMARY ***\n"
         "Total pot $0.50 | Rake $0\n"
         "Board [9c 7d 8h 9s Kd]\n"
         "Seat 1: Ann (button) (small blind) showed [9d Qs] and " +
         (ann ? "won ($0.50)" : "lost") +
         " with three of a kind, Nines\n"
         "Seat 2: Bob (big blind) showed [Ah 6c] and " +
         (ann ? "lost" : "won ($0.50)") + " with a straight, Ace to Nine\n\n";
}

std::vector<Finding> wrong_winner_under(const std::string& text, bool trips_beat_straight) {
  Hand h = parse_one(text);
  REQUIRE(h.game.variant == GameVariant::ShortDeckHoldem);
  HouseRules rules;
  rules.short_deck_trips_beat_straight = trips_beat_straight;
  return test::of(test::audit_under(h, rules), FindingCode::WrongWinner);
}

}  // namespace

TEST_CASE("short deck: trips against a straight, by the house rule", "[showdown][short_deck]") {
  // Trips beat the straight (the default, GGPoker's rule): Ann's pot.
  CHECK(wrong_winner_under(short_deck_showdown("Ann"), true).empty());
  const auto to_bob = wrong_winner_under(short_deck_showdown("Bob"), true);
  REQUIRE(to_bob.size() == 1);
  CHECK(to_bob[0].seat == 1);
  // The straight beats trips: Bob's pot.
  CHECK(wrong_winner_under(short_deck_showdown("Bob"), false).empty());
  const auto to_ann = wrong_winner_under(short_deck_showdown("Ann"), false);
  REQUIRE(to_ann.size() == 1);
  CHECK(to_ann[0].seat == 2);
}
