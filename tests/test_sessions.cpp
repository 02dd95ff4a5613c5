// The checks between hands (audit/sessions.cpp, docs/sessions.md): small tables written from the
// rules, then real consecutive hands of the corpus through the pipeline and the store.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/session_checks.hpp"
#include "audit/sessions.hpp"
#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/pipeline_run.hpp"
#include "tests/temp_dir.hpp"
#include "tests/test_paths.hpp"

using namespace hh;
using hh::test::audit_run;

namespace {

// A seat dealt in, posting nothing, whose stack does not change.
SessionSeat seat(int number, std::string player, Money stack) {
  SessionSeat s;
  s.seat = number;
  s.player = std::move(player);
  s.start_stack = stack;
  s.end_stack = stack;
  return s;
}

SessionSeat big_blind(SessionSeat s) {
  s.posted_big_blind = true;
  return s;
}

SessionHand hand(std::int64_t id, std::string time, int button, std::vector<SessionSeat> seats) {
  SessionHand h;
  h.hand_id = id;
  h.site_hand_id = std::to_string(1000 + id);
  h.started_at_utc = std::move(time);
  h.big_blind = 10;
  h.max_seats = 6;
  h.button_seat = button;
  h.seats = std::move(seats);
  return h;
}

// Six players at seats 1-6, 1000 each; `bb` posts the big blind.
std::vector<SessionSeat> full_table(int bb) {
  std::vector<SessionSeat> out;
  const char* names[] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"};
  for (int i = 1; i <= 6; ++i) {
    SessionSeat s = seat(i, names[i - 1], 1000);
    s.posted_big_blind = i == bb;
    out.push_back(s);
  }
  return out;
}

std::vector<FindingCode> codes(const std::vector<SessionFinding>& findings) {
  std::vector<FindingCode> out;
  for (const SessionFinding& f : findings) out.push_back(f.finding.code);
  return out;
}

const HouseRules kDead{};

HouseRules rules(ButtonRule button) {
  HouseRules r;
  r.button_rule = button;
  return r;
}

}  // namespace

TEST_CASE("sessions: consecutive hands that follow the rules give no finding", "[sessions]") {
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 2, full_table(4)),
                                 hand(3, "2024-01-02T03:06:00Z", 3, full_table(5))};
  hands[0].seats[2].end_stack = 900;  // Cy loses 100 in hand 1 ...
  hands[1].seats[2].start_stack = 900;
  hands[1].seats[2].end_stack = 900;  // ... and starts hand 2 with 900
  hands[2].seats[2].start_stack = 900;
  hands[2].seats[2].end_stack = 900;
  for (ButtonRule b : {ButtonRule::Dead, ButtonRule::Moving})
    CHECK(check_session(hands, rules(b)).empty());
  // The input's order does not matter: hands are ordered by time.
  std::swap(hands[0], hands[2]);
  CHECK(check_session(hands, kDead).empty());
}

TEST_CASE("sessions: STACK_DISCONTINUITY", "[sessions]") {
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 2, full_table(4))};
  hands[0].seats[3].end_stack = 1250;  // Dee wins 250; starts the next hand with 1000
  const auto found = check_session(hands, kDead);
  REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::StackDiscontinuity});
  const SessionFinding& f = found[0];
  CHECK(f.hand_id == 2);
  CHECK(f.related_hand_id == 1);
  CHECK(f.finding.severity == Severity::Error);
  CHECK(f.finding.seat == 4);
  CHECK(f.finding.player == "Dee");
  CHECK(f.finding.expected == 1250);
  CHECK(f.finding.actual == 1000);
  CHECK(f.finding.message ==
        "Dee ended hand 1001 with 12.50 and starts hand 1002 with 10.00 (a cash top-up only "
        "adds)");

  SECTION("a cash player may top up") {
    hands[0].seats[3].end_stack = 750;
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a hand hhaudit did not read whole is not compared") {
    // Its stacks may be the gap's (a seat or a collection not read), not the site's.
    hands[0].read_whole = false;
    CHECK(check_session(hands, kDead).empty());
    hands[0].read_whole = true;
    hands[1].read_whole = false;
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a tournament stack that shrank") {
    for (SessionHand& h : hands) {
      h.tournament = true;
      h.unit = 1;
    }
    const auto t = check_session(hands, kDead);
    REQUIRE(codes(t) == std::vector<FindingCode>{FindingCode::StackDiscontinuity});
    CHECK(t[0].finding.expected == 1250);
    CHECK(t[0].finding.actual == 1000);
    CHECK(t[0].finding.message == "Dee ended hand 1001 with 1250 and starts hand 1002 with 1000");
  }
  SECTION("a tournament stack that grew: a rebuy or add-on, noted with its amount") {
    for (SessionHand& h : hands) {
      h.tournament = true;
      h.unit = 1;
    }
    hands[0].seats[3].end_stack = 750;
    const auto t = check_session(hands, kDead);
    REQUIRE(codes(t) == std::vector<FindingCode>{FindingCode::ChipsAdded});
    CHECK(t[0].finding.severity == Severity::Info);
    CHECK(t[0].finding.expected == 750);
    CHECK(t[0].finding.actual == 1000);
    CHECK(t[0].finding.message ==
          "Dee ended hand 1001 with 750 and starts hand 1002 with 1000: 250 added (a rebuy or "
          "add-on the history does not print)");
  }
  SECTION("a tournament player who busted and is seated again has rebought") {
    for (SessionHand& h : hands) h.tournament = true;
    hands[0].seats[3].end_stack = 0;
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a player who changed seats keeps their stack") {
    hands[1].seats[3].player = "Zed";
    hands[1].seats.push_back(seat(7, "Dee", 1000));
    hands[1].max_seats = 9;
    hands[0].max_seats = 9;
    const auto moved = check_session(hands, kDead);
    REQUIRE(codes(moved) == std::vector<FindingCode>{FindingCode::StackDiscontinuity});
    CHECK(moved[0].finding.seat == 7);
  }
  SECTION("a stack not known is not compared") {
    hands[1].seats[3].stack_known = false;
    CHECK(check_session(hands, kDead).empty());
  }
}

TEST_CASE("sessions: HANDS_MISSING when the stacks show hands played in between", "[sessions]") {
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 2, full_table(4))};
  SECTION("a stack shrank and another moved: a hand not in the history") {
    // A walk not in the file: Bob's small blind of 5 went to Cy.
    hands[1].seats[1].start_stack = 995;
    hands[1].seats[2].start_stack = 1005;
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::HandsMissing});
    CHECK(found[0].finding.severity == Severity::Info);
    CHECK_FALSE(found[0].finding.expected);
    CHECK(found[0].finding.message ==
          "hands were played between hand 1001 and hand 1002 that the history does not hold: 2 "
          "players' stacks moved (Bob 10.00 -> 9.95, Cy 10.00 -> 10.05); the two are not "
          "compared");
  }
  SECTION("one stack shrank and the button went further than one hand takes it") {
    hands[1] = hand(2, "2024-01-02T03:05:00Z", 3, full_table(5));
    hands[1].seats[4].start_stack = 990;  // Eve lost 10 (her winner left the table)
    REQUIRE(codes(check_session(hands, kDead)) ==
            std::vector<FindingCode>{FindingCode::HandsMissing});
    CHECK(check_session(hands, kDead)[0].finding.message ==
          "hands were played between hand 1001 and hand 1002 that the history does not hold: 1 "
          "player's stack moved (Eve 10.00 -> 9.90) and the button went from seat 1 to seat 3; "
          "the two are not compared");
  }
  SECTION("one stack shrank between hands that follow each other: money vanished") {
    hands[1].seats[4].start_stack = 990;
    REQUIRE(codes(check_session(hands, kDead)) ==
            std::vector<FindingCode>{FindingCode::StackDiscontinuity});
  }
  SECTION("most of the players changed: another table under the same name") {
    // iPoker 3616973116 -> 3616973190 (PokerTracker's export): a tournament's tables printed
    // under one name; the player moved to a table of others and lost 120 there.
    hands[0].tournament = hands[1].tournament = true;
    const char* others[] = {"Gus", "Hal", "Ivy", "Jo", "Kim"};
    for (int i = 1; i < 6; ++i) hands[1].seats[i].player = others[i - 1];
    hands[1].seats[0].start_stack = 880;  // Ann
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::HandsMissing});
    CHECK(found[0].finding.message ==
          "hand 1001 (6 players) and hand 1002 (6 players) have 1 player in common: not two hands "
          "of one table in a row (a tournament's tables under one name, or hands missing); the "
          "two are not compared");
    // Half of them stayed: one table, and Ann's 120 vanished.
    hands[1].seats[1].player = "Bob";
    hands[1].seats[2].player = "Cy";
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::StackDiscontinuity});
  }
  SECTION("one stack changed and no other player carried theirs over: not shown consecutive") {
    // Two sit-and-gos of one name heads-up: Ann's 1000 -> 940, her opponent another player.
    std::vector<SessionHand> two{
        hand(1, "2024-01-02T03:04:00Z", 1, {seat(1, "Ann", 1000), big_blind(seat(2, "Bob", 1000))}),
        hand(2, "2024-01-02T03:05:00Z", 2, {big_blind(seat(1, "Ann", 940)), seat(2, "Zed", 1060)})};
    for (SessionHand& h : two) {
      h.tournament = true;
      h.unit = 1;
    }
    const auto found = check_session(two, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::HandsMissing});
    CHECK(found[0].finding.message ==
          "hands were played between hand 1001 and hand 1002 that the history does not hold: 1 "
          "player's stack moved (Ann 1000 -> 940) and no other player's stack carried over to "
          "show the hands consecutive; the two are not compared");
    // A tournament stack that grew with nobody carried over is no rebuy shown either.
    two[1].seats[0].start_stack = 1100;
    CHECK(codes(check_session(two, kDead)) == std::vector<FindingCode>{FindingCode::HandsMissing});
    // Bob stays with his 1000 exactly: the hands follow each other and Ann's 60 vanished.
    two[1].seats[1].player = "Bob";
    two[1].seats[1].start_stack = 1000;
    two[1].seats[0].start_stack = 940;
    const auto consecutive = check_session(two, kDead);
    REQUIRE(codes(consecutive) == std::vector<FindingCode>{FindingCode::StackDiscontinuity});
    CHECK(consecutive[0].finding.expected == 1000);
    CHECK(consecutive[0].finding.actual == 940);
  }
  SECTION("stacks that only grew are cash top-ups, not a gap") {
    hands[1].seats[1].start_stack = 2000;
    hands[1].seats[2].start_stack = 2000;
    CHECK(check_session(hands, kDead).empty());
  }
}

TEST_CASE("sessions: the button follows the blinds", "[sessions]") {
  SECTION("past players the small blind passed (sitting out, waiting for the big blind)") {
    // Button 1, Bob at seat 2 not in the rotation: Cy posts the small blind, Dee the big one.
    // The button goes to Cy's seat, past Bob.
    std::vector<SessionSeat> first = full_table(4);
    first[2].posted_small_blind = true;
    std::vector<SessionSeat> second = full_table(5);
    second[3].posted_small_blind = true;
    std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, first),
                                   hand(2, "2024-01-02T03:05:00Z", 3, second)};
    CHECK(check_session(hands, kDead).empty());
    hands[1].button_seat = 4;  // one further: past Cy, who stays
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
  }
  SECTION("the button stays when the small blind left and the big blind moves one on") {
    // Rule text 000, dead button: the big blind always moves on. Bob (seat 2, small blind)
    // leaves; Cy, the big blind, posts the small blind, Dee the big blind; the button stays.
    std::vector<SessionSeat> first = full_table(3);
    first[1].posted_small_blind = true;
    std::vector<SessionSeat> second = full_table(4);
    second[2].posted_small_blind = true;
    second.erase(second.begin() + 1);
    std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, first),
                                   hand(2, "2024-01-02T03:05:00Z", 1, second)};
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a dead button on an empty seat above every player's, the table's size not printed") {
    // Everest 7164348086 -> 7164350869 (PokerTracker's export): players at seats 1, 3, 5 and 7
    // of a table whose size is not printed, the button on seat 8 (its player gone); the next
    // hand's button is seat 1. The table has at least as many seats as the button's number.
    std::vector<SessionSeat> first = {seat(1, "Ann", 1000), seat(3, "Bob", 1000),
                                      seat(5, "Cy", 1000), seat(7, "Dee", 1000)};
    first[0].posted_small_blind = true;
    first[1].posted_big_blind = true;
    std::vector<SessionSeat> second = {seat(1, "Ann", 1000), seat(3, "Bob", 1000),
                                       seat(5, "Cy", 1000), seat(7, "Dee", 1000)};
    second[1].posted_small_blind = true;
    second[2].posted_big_blind = true;
    std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 8, first),
                                   hand(2, "2024-01-02T03:05:00Z", 1, second)};
    for (SessionHand& h : hands) h.max_seats = 0;
    CHECK(check_session(hands, kDead).empty());
    hands[1].button_seat = 3;  // one further: past Ann, who stays
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
  }
  SECTION("stud has no button to move") {
    std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 6, full_table(0)),
                                   hand(2, "2024-01-02T03:05:00Z", 6, full_table(0))};
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
    for (SessionHand& h : hands) h.has_button = false;
    CHECK(check_session(hands, kDead).empty());
  }
}

TEST_CASE("sessions: BUTTON_OUT_OF_ORDER by the house rule", "[sessions]") {
  // Button 1 -> 3 past Bob at seat 2, who stays and is dealt in.
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 3, full_table(5))};
  for (ButtonRule b : {ButtonRule::Dead, ButtonRule::Moving}) {
    const auto found = check_session(hands, rules(b));
    // The big blind jumped from 3 to 5 as well: Dee at seat 4 skipped it.
    REQUIRE(codes(found) ==
            std::vector<FindingCode>{FindingCode::ButtonOutOfOrder, FindingCode::BlindSkipped});
    CHECK(found[0].finding.severity == Severity::Warning);
    CHECK(found[0].finding.expected == FindingAmount::seat(2));
    CHECK(found[0].finding.actual == FindingAmount::seat(3));
    CHECK(found[1].finding.seat == 4);
    CHECK(found[1].finding.player == "Dee");
    CHECK(found[1].finding.expected == 10);
    CHECK(found[1].finding.actual == 0);
  }
  CHECK(check_session(hands, kDead)[0].finding.message ==
        "the button moves from seat 1 (hand 1001) to seat 3 (hand 1002); by the dead button rule "
        "it goes no further than seat 2");

  SECTION("behind the blinds: the small blind and the button are just before the big blind") {
    // PKR 2103763053 -> 2103764576 -> 2103765764: the big blind moves one player on (3 -> 4 ->
    // 5 here); Cy (seat 3) lost everything and is away with no chips, so Ann (seat 1) posts the
    // small blind twice and the button stays on seat 6; then Cy has chips again (waiting to be
    // dealt in) and her seat takes the button.
    const HouseRules behind = rules(ButtonRule::BehindBlinds);
    std::vector<SessionSeat> a = full_table(3);  // Bob (seat 2) sits out
    a[0].posted_small_blind = true;
    a[1].sitting_out = true;
    a[2].end_stack = 0;
    std::vector<SessionSeat> b = full_table(4);  // Bob left; Cy away with no chips
    b.erase(b.begin() + 1);
    b[0].posted_small_blind = true;
    b[1].start_stack = b[1].end_stack = 0;
    b[1].sitting_out = true;
    std::vector<SessionSeat> c = full_table(5);  // Cy back with 70, waiting
    c.erase(c.begin() + 1);
    c[2].posted_small_blind = true;
    c[1].start_stack = c[1].end_stack = 70;
    c[1].sitting_out = true;
    hands = {hand(1, "2024-01-02T03:04:00Z", 6, a), hand(2, "2024-01-02T03:05:00Z", 6, b),
             hand(3, "2024-01-02T03:06:00Z", 3, c)};
    CHECK(check_session(hands, behind).empty());
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::ButtonOutOfOrder, FindingCode::ButtonOutOfOrder});
    // Cy still away with no chips at the third hand: the button belongs on Ann's seat.
    hands[2].seats[1].start_stack = hands[2].seats[1].end_stack = 0;
    const auto found = check_session(hands, behind);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
    CHECK(found[0].finding.expected == FindingAmount::seat(1));
    CHECK(found[0].finding.actual == FindingAmount::seat(3));
    CHECK(found[0].finding.message ==
          "the button is on seat 3 (hand 1003); by the behind-blinds button rule it is the seated "
          "player just before the small blind, seat 1");
  }
  SECTION("the button does not stay where it was") {
    hands[1].button_seat = 1;
    hands[1].seats = full_table(3);
    REQUIRE(codes(check_session(hands, kDead)) ==
            std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
  }
  SECTION("dead button: onto the empty seat of a player who left") {
    // Bob (seat 2, the small blind) leaves: the button goes to his empty seat, Cy posts the
    // small blind no more, Dee the big blind.
    hands[1].seats = full_table(4);
    hands[1].seats.erase(hands[1].seats.begin() + 1);
    hands[1].button_seat = 2;
    CHECK(check_session(hands, kDead).empty());
    const auto moving = check_session(hands, rules(ButtonRule::Moving));
    REQUIRE(codes(moving) == std::vector<FindingCode>{FindingCode::ButtonOutOfOrder});
    CHECK(moving[0].finding.message ==
          "the button moves from seat 1 (hand 1001) to seat 2 (hand 1002); by the moving button "
          "rule it goes no further than seat 3, and onto a player dealt in");
  }
  SECTION("moving button: past the empty seat to the next player") {
    hands[1].seats = full_table(5);
    hands[1].seats.erase(hands[1].seats.begin() + 1);
    CHECK(check_session(hands, rules(ButtonRule::Moving)).empty());
  }
  SECTION("heads-up the big blind places the button") {
    // Rule text 000's example: Ann (button), Bob (small blind), Cy (big blind); Ann busts. Bob
    // is the big blind of the next hand and the button skips past him to Cy.
    hands[0].seats = {seat(1, "Ann", 1000), seat(2, "Bob", 1000), big_blind(seat(3, "Cy", 1000))};
    hands[1].seats = {big_blind(seat(2, "Bob", 1000)), seat(3, "Cy", 1000)};
    CHECK(check_session(hands, kDead).empty());
  }
}

TEST_CASE("sessions: BLIND_SKIPPED", "[sessions]") {
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 2, full_table(5))};
  SECTION("the big blind passes a player who stays") {
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::BlindSkipped});
    CHECK(found[0].finding.message ==
          "the big blind moves from seat 3 (hand 1001) to seat 5 (hand 1002) past Dee at seat 4, "
          "dealt into both, who pays none");
  }
  SECTION("a player sitting out is not skipped") {
    hands[1].seats[3].sitting_out = true;
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a player leaving makes the skip legal, unless the big blind moves one player on") {
    hands[1].seats.erase(hands[1].seats.begin() + 2);  // Cy, last hand's big blind, left
    CHECK(check_session(hands, kDead).empty());
    HouseRules one_on;
    one_on.big_blind_skips_after_leave = false;
    CHECK(codes(check_session(hands, one_on)) ==
          std::vector<FindingCode>{FindingCode::BlindSkipped});
  }
  SECTION("a blind posted that was not owed") {
    hands[1] = hand(2, "2024-01-02T03:05:00Z", 2, full_table(4));
    hands[1].seats[0].posted_owed = true;  // Ann played hand 1 and posts a dead blind in hand 2
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::BlindSkipped});
    CHECK(found[0].finding.seat == 1);
    CHECK(found[0].finding.expected == 0);
    CHECK_FALSE(found[0].finding.actual);
    CHECK(found[0].finding.message ==
          "Ann at seat 1 was dealt into hand 1001 and posts owed blinds in hand 1002 that they "
          "did not owe");
  }
  SECTION("from heads-up to three players the rotation starts again") {
    // 888poker 311166175 -> 311166253: heads-up, Bob on the button posts the small blind, Dee
    // the big blind; a third player comes in posting the big blind, Bob posts the small blind
    // again (rule text 000: heads-up the button is due the small blind).
    std::vector<SessionSeat> two = {big_blind(seat(4, "Dee", 1000)), seat(5, "Bob", 1000)};
    two[1].posted_small_blind = true;
    std::vector<SessionSeat> three = {seat(4, "Dee", 1000), seat(5, "Bob", 1000),
                                      big_blind(seat(6, "Fay", 1000))};
    three[1].posted_small_blind = true;
    hands = {hand(1, "2024-01-02T03:04:00Z", 5, two), hand(2, "2024-01-02T03:05:00Z", 4, three)};
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("hands without seat details skip the button and blind checks") {
    hands[0].seat_details_known = false;
    CHECK(check_session(hands, kDead).empty());
  }
}

TEST_CASE("sessions: who is in the blinds' rotation, from an audited hand", "[sessions]") {
  // Seat 3 is printed sitting out but posts the big blind (a tournament player is dealt in while
  // away: PokerStars 16652117062); seat 5 is printed seated and never appears (sitting out
  // unsaid: PKR, Everest, 888poker); the others act.
  Hand h;
  for (int i = 1; i <= 5; ++i) h.seats.push_back({.seat = i, .player = "P" + std::to_string(i)});
  h.seats[2].sitting_out = true;
  const auto ev = [](EventKind k, int seat) {
    Event e;
    e.kind = k;
    e.seat = seat;
    return e;
  };
  h.events = {ev(EventKind::PostSmallBlind, 2), ev(EventKind::PostBigBlind, 3),
              ev(EventKind::Fold, 4),           ev(EventKind::Fold, 1),
              ev(EventKind::Chat, 5),           ev(EventKind::Fold, 2)};
  AuditResult r;
  for (const Seat& s : h.seats) r.players.push_back({.seat = s.seat, .player = s.player});
  const std::vector<SessionSeat> seats = session_seats(h, r);
  REQUIRE(seats.size() == 5);
  std::vector<bool> out;
  for (const SessionSeat& s : seats) out.push_back(s.sitting_out);
  CHECK(out == std::vector<bool>{false, false, false, false, true});
  CHECK(seats[2].posted_big_blind);
  // A hand whose play is not printed says nothing of who was dealt in.
  h.events = {ev(EventKind::PostSmallBlind, 2), ev(EventKind::PostBigBlind, 3)};
  out.clear();
  for (const SessionSeat& s : session_seats(h, r)) out.push_back(s.sitting_out);
  CHECK(out == std::vector<bool>{false, false, false, false, false});
}

TEST_CASE("sessions: HAND_ORDER and TIME_GAP", "[sessions]") {
  std::vector<SessionHand> hands{hand(1, "2024-01-02T03:04:00Z", 1, full_table(3)),
                                 hand(2, "2024-01-02T03:05:00Z", 2, full_table(4))};
  SECTION("a later hand with a lower number") {
    hands[0].site_hand_id = "OM9000";
    hands[1].site_hand_id = "OM899";
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::HandOrder});
    CHECK(found[0].finding.severity == Severity::Info);
    CHECK(found[0].finding.message ==
          "hand OM899 (2024-01-02T03:05:00Z) follows hand OM9000 (2024-01-02T03:04:00Z) at the "
          "table but has a lower number");
  }
  SECTION("the same time: ordered by number") {
    hands[1].started_at_utc = hands[0].started_at_utc;
    std::swap(hands[0], hands[1]);
    CHECK(check_session(hands, kDead).empty());
  }
  SECTION("a gap: not compared") {
    hands[1].started_at_utc = "2024-01-02T03:20:01Z";  // 16 min 1 s
    hands[0].seats[0].end_stack = 2000;                // Ann's stack changed: not seen
    const auto found = check_session(hands, kDead);
    REQUIRE(codes(found) == std::vector<FindingCode>{FindingCode::TimeGap});
    CHECK(found[0].finding.message ==
          "16 min between hand 1001 (2024-01-02T03:04:00Z) and hand 1002 "
          "(2024-01-02T03:20:01Z): hands are missing in between; the two are not compared");
    hands[1].started_at_utc = "2024-01-02T03:19:00Z";  // 15 min: compared
    CHECK(codes(check_session(hands, kDead)) ==
          std::vector<FindingCode>{FindingCode::StackDiscontinuity});
  }
  SECTION("across midnight and a month") {
    hands[0].started_at_utc = "2024-02-29T23:59:00Z";
    hands[1].started_at_utc = "2024-03-01T00:01:00Z";
    CHECK(check_session(hands, kDead).empty());
  }
}

// --- real consecutive hands through the pipeline and the store ---------------------------------

namespace {

std::string sessions_file(const std::string& name) {
  return test::testdata("sessions/" + name).string();
}

// The findings between hands the database holds: "LATER<-EARLIER CODE seat expected actual".
std::set<std::string> between_hands(const std::string& db) {
  auto store = db::open_store(db, db::OpenMode::ReadOnly);
  const auto results = store->query(
      "SELECT site_hand_id, related_site_hand_id, code, coalesce(seat, ''), "
      "coalesce(expected, ''), coalesce(actual, '') FROM v_findings "
      "WHERE related_hand_id IS NOT NULL");
  std::set<std::string> out;
  for (const auto& row : results.back().rows) {
    std::string line = *row[0] + "<-" + *row[1];
    for (std::size_t i = 2; i < row.size(); ++i) line += " " + *row[i];
    out.insert(line);
  }
  return out;
}

std::set<std::string> audited(const std::vector<std::vector<std::string>>& runs) {
  const test::TempDir dir;
  const std::string db = dir.file("a.db");
  for (const auto& run : runs) {
    std::vector<std::string> paths;
    for (const std::string& name : run) paths.push_back(sessions_file(name));
    audit_run(db, paths);
  }
  return between_hands(db);
}

}  // namespace

TEST_CASE("sessions: the checks run hand by hand give what they give on the whole table",
          "[sessions]") {
  // A tournament table of six hands, read as a store reads them (by time, those of one time by
  // hand_id): hand 1 has no time, the three at 03:05 (ids 3, 4, 5) were played 5, 4, 3 (their
  // numbers say so). In the order played the button and the big blind move on a seat a hand.
  const std::vector<std::int64_t> played_ids = {1, 2, 5, 4, 3, 6};
  const std::map<std::int64_t, std::pair<const char*, const char*>> time_and_number = {
      {1, {"", "1001"}},
      {2, {"2024-01-02T03:04:00Z", "1002"}},
      {3, {"2024-01-02T03:05:00Z", "1005"}},
      {4, {"2024-01-02T03:05:00Z", "1004"}},
      {5, {"2024-01-02T03:05:00Z", "1003"}},
      {6, {"2024-01-02T03:06:00Z", "999"}}};  // a lower number than the hand before: HAND_ORDER
  std::map<std::int64_t, SessionHand> by_id;
  for (std::size_t p = 0; p < played_ids.size(); ++p) {
    const std::int64_t id = played_ids[p];
    const int button = static_cast<int>(p % 6) + 1;
    SessionHand h = hand(id, time_and_number.at(id).first, button, full_table(button % 6 + 2));
    h.site_hand_id = time_and_number.at(id).second;
    h.tournament = true;
    by_id[id] = h;
  }
  by_id[4].seats[1].start_stack = 700;  // Bob: 1000 after hand 5, 700 in hand 4
  by_id[5].seats[4].finish_place = 5;   // Eve 5th in hand 5
  by_id[3].seats[5].finish_place = 6;   // Fay 6th in hand 3, played after: a worse place later
  std::vector<SessionHand> read_order;
  for (const auto& [id, h] : by_id) read_order.push_back(h);
  // The whole table in any order.
  std::vector<SessionHand> shuffled(read_order.rbegin(), read_order.rend());
  std::vector<SessionFinding> whole = check_finish_order(shuffled);
  for (SessionFinding& f : check_session(shuffled, kDead)) whole.push_back(f);
  // Streamed, they come in the order of their hands as played (a hand's place before its seam):
  // the whole table's, places first, ordered so (stable).
  const auto played_at = [&](const SessionFinding& f) {
    return std::find(played_ids.begin(), played_ids.end(), f.hand_id) - played_ids.begin();
  };
  std::stable_sort(whole.begin(), whole.end(),
                   [&](const auto& a, const auto& b) { return played_at(a) < played_at(b); });
  std::vector<SessionFinding> streamed;
  SessionChecks checks(kDead, [&](SessionFinding f) { streamed.push_back(std::move(f)); });
  for (const SessionHand& h : read_order) checks.add(h);
  checks.finish();
  CHECK(codes(streamed) == std::vector<FindingCode>{FindingCode::StackDiscontinuity,
                                                    FindingCode::FinishPlaceOrder,
                                                    FindingCode::HandOrder});
  REQUIRE(streamed.size() == whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    INFO(i);
    CHECK(streamed[i].hand_id == whole[i].hand_id);
    CHECK(streamed[i].related_hand_id == whole[i].related_hand_id);
    CHECK(streamed[i].finding.code == whole[i].finding.code);
    CHECK(streamed[i].finding.message == whole[i].finding.message);
  }
  CHECK(streamed[0].hand_id == 4);
  CHECK(streamed[0].related_hand_id == 5);
  CHECK(streamed[1].hand_id == 3);
}

TEST_CASE("sessions: the checks hand on each finding before the table's last hand, none held",
          "[sessions]") {
  // A cash table whose hands are numbered down, each a minute after the one before: HAND_ORDER
  // at every seam. A finding of hand k is handed on once a hand of a later time is read.
  constexpr int kHands = 5000;
  std::vector<SessionFinding> found;
  SessionChecks checks(kDead, [&](SessionFinding f) { found.push_back(std::move(f)); });
  for (int i = 0; i < kHands; ++i) {
    const int button = i % 6 + 1;
    SessionHand h =
        hand(i + 1, fmt::format("2024-01-0{}T{:02}:{:02}:00Z", 1 + i / 1440, i / 60 % 24, i % 60),
             button, full_table((button + 1) % 6 + 1));
    h.site_hand_id = std::to_string(100000 - i);
    checks.add(std::move(h));
    INFO(i);
    // Hand i (index) was read last: the seams up to hand i-1's are out, i-1 of them.
    REQUIRE(found.size() == static_cast<std::size_t>(i > 0 ? i - 1 : 0));
    if (i > 1) {
      CHECK(found.back().hand_id == i);
      CHECK(found.back().related_hand_id == i - 1);
      CHECK(found.back().finding.code == FindingCode::HandOrder);
    }
  }
  checks.finish();
  REQUIRE(found.size() == kHands - 1);
  CHECK(found.back().hand_id == kHands);
  CHECK(found.back().related_hand_id == kHands - 1);
}

TEST_CASE("sessions: eight real consecutive hands of one table give no finding", "[sessions]") {
  CHECK(audited({{"lampland_a.txt", "lampland_b.txt"}}).empty());
  CHECK(audited({{"lampland_a.txt"}, {"lampland_b.txt"}}).empty());
}

TEST_CASE("sessions: fault sessions from real hands, each with its code", "[sessions]") {
  SECTION("a stack changed between two hands") {
    CHECK(audited({{"lampland_a.txt", "lampland_b_stack.txt"}}) ==
          std::set<std::string>{"35602079546<-35602058746 STACK_DISCONTINUITY 1 193 173"});
  }
  SECTION("a button moved wrong") {
    // From seat 1 past HomerrrJay at seat 2 to seat 3; then it does not move at all.
    CHECK(audited({{"lampland_a.txt", "lampland_b_button.txt"}}) ==
          std::set<std::string>{"35602107646<-35602095789 BUTTON_OUT_OF_ORDER 3 2 3",
                                "35602118812<-35602107646 BUTTON_OUT_OF_ORDER 3 4 3"});
  }
  SECTION("a blind skipped") {
    CHECK(audited({{"lampland_a.txt", "lampland_b_blind.txt"}}) ==
          std::set<std::string>{"35602107646<-35602095789 BLIND_SKIPPED 4 10 0"});
  }
}

TEST_CASE("sessions: the order of files and runs does not change the findings", "[sessions]") {
  const std::set<std::string> seam{"35602079546<-35602058746 STACK_DISCONTINUITY 1 193 173"};
  CHECK(audited({{"lampland_a.txt", "lampland_b_stack.txt"}}) == seam);
  CHECK(audited({{"lampland_b_stack.txt", "lampland_a.txt"}}) == seam);
  CHECK(audited({{"lampland_a.txt"}, {"lampland_b_stack.txt"}}) == seam);
  CHECK(audited({{"lampland_b_stack.txt"}, {"lampland_a.txt"}}) == seam);
  // One file alone has no seam; a run that adds nothing new leaves the findings as they are.
  CHECK(audited({{"lampland_b_stack.txt"}}).empty());
  CHECK(audited({{"lampland_a.txt", "lampland_b_stack.txt"}, {"lampland_a.txt"}}) == seam);
}

TEST_CASE("sessions: explain shows the related hand", "[sessions]") {
  const test::TempDir dir;
  const std::string db = dir.file("a.db");
  audit_run(db, {sessions_file("lampland_a.txt"), sessions_file("lampland_b_stack.txt")});
  auto store = db::open_store(db, db::OpenMode::ReadOnly);
  const auto candidates = store->find_hands("35602079546", "pokerstars");
  REQUIRE(candidates.size() == 1);
  const auto explained = store->explain_hand(candidates[0].hand_id);
  REQUIRE(explained);
  const auto& findings = explained->back();
  REQUIRE(findings.first == "findings");
  const auto& columns = findings.second.columns;
  const auto related = std::find(columns.begin(), columns.end(), "related_hand");
  REQUIRE(related != columns.end());
  const auto at = static_cast<std::size_t>(related - columns.begin());
  const auto code = std::find(columns.begin(), columns.end(), "code");
  REQUIRE(code != columns.end());
  const auto code_at = static_cast<std::size_t>(code - columns.begin());
  int seam = 0;
  for (const auto& row : findings.second.rows)
    if (*row[code_at] == "STACK_DISCONTINUITY") {
      ++seam;
      CHECK(*row[at] == "35602058746");
    }
  CHECK(seam == 1);
}
