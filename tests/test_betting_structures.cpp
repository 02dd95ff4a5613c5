// Betting structures and forced bets on the worked examples of the rule texts in ../shared/rules:
// rounds left open by a player who never acted, the full-bet and half-bet rules of limit games
// (000, 001), the pot-limit small blind counted as a big blind (002), fixed-limit forced bets and
// missed-blind posts (000, 003), spread and cap limits (000), sleepers and kill blinds (000).
// Hands no parser produces (spread, cap, sleeper, kill) are built event by event.
#include <catch2/catch.hpp>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/street_bets.hpp"
#include "tests/audit_under.hpp"
#include "tests/findings_of.hpp"

using namespace hh;
using hh::test::of;

namespace {

Hand stars(const std::string& text) {
  auto hands = read_text(text, "structures.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].issues.empty());
  return hands[0];
}

// A hand written event by event, in dollars converted to cents by the caller. Seats are numbered
// from 1 in the order given; StreetBets fills `to` and `amount` as a site builder would.
class Built {
 public:
  Built(Structure structure, Money small_blind, Money big_blind,
        const std::vector<std::pair<std::string, Money>>& seats, int button) {
    h_.site = "test";
    h_.site_hand_id = "1";
    h_.game = hh::games::kHoldem;
    h_.structure = structure;
    h_.currency = "USD";
    h_.unit = 100;
    h_.small_blind = small_blind;
    h_.big_blind = big_blind;
    h_.max_seats = 9;
    h_.button_seat = button;
    h_.parsed = true;
    int seat = 1;
    for (const auto& [name, stack] : seats) h_.seats.push_back({seat++, name, stack, 0, false});
  }

  Hand& hand() { return h_; }

  Built& deal(Street s) {
    street_ = s;
    Event e;
    e.kind = EventKind::Board;
    e.street = s;
    e.line = line_++;
    h_.events.push_back(e);
    return *this;
  }
  Built& act(int seat, EventKind kind, Money amount = 0, Money to = 0, bool all_in = false) {
    Event e;
    e.kind = kind;
    e.street = street_;
    e.seat = seat;
    e.amount = amount;
    e.to = to;
    e.all_in = all_in;
    e.line = line_++;
    bets_.apply(e);
    h_.events.push_back(e);
    return *this;
  }
  Built& post(int seat, EventKind kind, Money amount) {
    const Street keep = street_;
    street_ = Street::Setup;
    act(seat, kind, amount);
    street_ = keep;
    return *this;
  }
  Built& hole_cards() {
    street_ = Street::Preflop;
    return *this;
  }
  Built& bet(int seat, Money amount, bool all_in = false) {
    return act(seat, EventKind::Bet, amount, 0, all_in);
  }
  Built& raise_to(int seat, Money to, bool all_in = false) {
    return act(seat, EventKind::Raise, 0, to, all_in);
  }
  Built& call(int seat, Money amount, bool all_in = false) {
    return act(seat, EventKind::Call, amount, 0, all_in);
  }
  Built& check(int seat) { return act(seat, EventKind::Check); }
  Built& fold(int seat) { return act(seat, EventKind::Fold); }

  AuditResult audit(const HouseRules& rules = HouseRules{}) const {
    return test::audit_under(h_, rules);
  }

 private:
  Hand h_;
  StreetBets bets_;
  Street street_{Street::Setup};
  std::uint32_t line_{3};
};

constexpr Money kDollar = 100;

}  // namespace

TEST_CASE("StreetBets: a seat number no table has is looked up, not a slot of a vector so large",
          "[structures]") {
  // A reader that took a huge SEAT (a fuzzed Boss file: INT_MAX) made a 16 GB vector here.
  StreetBets bets;
  const auto event = [](EventKind kind, int seat, Money amount, Money to = 0) {
    Event e;
    e.kind = kind;
    e.street = Street::Flop;
    e.seat = seat;
    e.amount = amount;
    e.to = to;
    return e;
  };
  constexpr int kHuge = std::numeric_limits<int>::max();
  Event bet = event(EventKind::Bet, kHuge, 50);
  bets.apply(bet);
  CHECK(bet.to == 50);
  Event raise = event(EventKind::Raise, 2, 0, 150);
  bets.apply(raise);
  CHECK(raise.amount == 150);
  Event call = event(EventKind::Call, kHuge, 100);
  bets.apply(call);
  CHECK(call.to == 150);
  Event chips = event(EventKind::Other, kHuge - 1, 200);
  bets.classify_chips_added(chips);
  CHECK(chips.kind == EventKind::Raise);  // over the round's 150
}

// --- 1. A round is not over while a player able to act never had a turn ----------------------

TEST_CASE("a checked-around flop is open while a player still in never acted", "[structures]") {
  // Rule 000, procedure: the round ends when every player has acted and the bets are equal.
  // A, B and C see the flop; A and B check, the turn comes without C having acted.
  auto play = [](bool c_checks) {
    Built b(Structure::NoLimit, 1 * kDollar, 2 * kDollar,
            {{"A", 200 * kDollar}, {"B", 200 * kDollar}, {"C", 200 * kDollar}}, 3);
    b.post(1, EventKind::PostSmallBlind, 1 * kDollar)
        .post(2, EventKind::PostBigBlind, 2 * kDollar)
        .hole_cards()
        .call(3, 2 * kDollar)
        .call(1, 1 * kDollar)
        .check(2)
        .deal(Street::Flop)
        .check(1)
        .check(2);
    if (c_checks) b.check(3);
    b.deal(Street::Turn).check(1);
    return b.audit();
  };
  auto open = of(play(false), FindingCode::RoundNotClosed);
  REQUIRE(open.size() == 1);
  CHECK(open[0].seat == 3);
  CHECK(open[0].street == Street::Turn);
  CHECK_FALSE(open[0].expected.has_value());
  CHECK(of(play(true), FindingCode::RoundNotClosed).empty());
}

TEST_CASE("the big blind's option is a turn: limpers alone do not close the first round",
          "[structures]") {
  const std::string head =
      "PokerStars Hand #11: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #3 is the button\n"
      "Seat 1: A ($200 in chips)\nSeat 2: B ($200 in chips)\nSeat 3: C ($200 in chips)\n"
      "A: posts small blind $1\nB: posts big blind $2\n*** HOLE CARDS ***\n"
      "C: calls $2\nA: calls $1\n";
  auto skipped = of(audit_hand(stars(head + "*** FLOP *** [2c 7d 9h]\nA: checks\n"
                                            "*** SUMMARY ***\n")),
                    FindingCode::RoundNotClosed);
  REQUIRE(skipped.size() == 1);
  CHECK(skipped[0].seat == 2);
  CHECK(of(audit_hand(stars(head + "B: checks\n*** FLOP *** [2c 7d 9h]\nA: checks\n"
                                   "*** SUMMARY ***\n")),
           FindingCode::RoundNotClosed)
            .empty());
  // Alone with chips against an all-in player, nobody has to act.
  Built b(Structure::NoLimit, 1 * kDollar, 2 * kDollar, {{"A", 200 * kDollar}, {"B", 50 * kDollar}},
          1);
  b.post(1, EventKind::PostSmallBlind, 1 * kDollar)
      .post(2, EventKind::PostBigBlind, 2 * kDollar)
      .hole_cards()
      .raise_to(1, 50 * kDollar)
      .call(2, 48 * kDollar, true)
      .deal(Street::Flop)
      .deal(Street::Turn)
      .check(1);
  CHECK(of(b.audit(), FindingCode::RoundNotClosed).empty());
}

// --- 2. Full-bet and half-bet rules in limit games ---------------------------------------------

namespace {

// Rule 001, full-bet example: a player opens for $20, the next has a total stake of $30 and
// raises all-in to $30, a third player calls $30, and the opener's turn comes: $20/$40 limit.
// A fixed-limit 20/40 hand of four players with the blinds of 10 and 20 posted by seats 1 and 2
// (the button in seat 4) and the hole cards dealt.
Built fixed_20_40(const std::vector<std::pair<std::string, Money>>& players) {
  Built b(Structure::FixedLimit, 10 * kDollar, 20 * kDollar, players, 4);
  b.hand().small_bet = 20 * kDollar;
  b.hand().big_bet = 40 * kDollar;
  b.post(1, EventKind::PostSmallBlind, 10 * kDollar)
      .post(2, EventKind::PostBigBlind, 20 * kDollar)
      .hole_cards();
  return b;
}

Built twenty_thirty() {
  Built b = fixed_20_40({{"Opener", 1000 * kDollar},
                         {"Short", 50 * kDollar},
                         {"Third", 1000 * kDollar},
                         {"Dealer", 1000 * kDollar}});
  b.call(3, 20 * kDollar)
      .fold(4)
      .call(1, 10 * kDollar)
      .check(2)
      .deal(Street::Flop)
      .bet(1, 20 * kDollar)
      .raise_to(2, 30 * kDollar, true)
      .call(3, 30 * kDollar);
  return b;
}

HouseRules half_bet() {
  HouseRules r;
  r.limit_incomplete_raise = IncompleteRaiseRule::HalfBet;
  return r;
}

}  // namespace

TEST_CASE("full-bet rule: an all-in raise from $20 to $30 does not reopen the betting",
          "[structures]") {
  // "he may now call the additional $10, but he does not have the right to re-raise further".
  Built calls = twenty_thirty();
  calls.call(1, 10 * kDollar);
  CHECK(of(calls.audit(), FindingCode::RaiseNotReopened).empty());
  CHECK(of(calls.audit(), FindingCode::WrongCallAmount).empty());

  Built reraises = twenty_thirty();
  reraises.raise_to(1, 50 * kDollar);
  auto f = of(reraises.audit(), FindingCode::RaiseNotReopened);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 1);
  CHECK(f[0].actual == 50 * kDollar);
}

TEST_CASE("half-bet rule: the same $10 all-in raise is a raise, the next one is to $50",
          "[structures]") {
  // "If the half bet rule were being used, then that raise would count as a genuine raise and
  // the first player would be entitled to re-raise": a full bet above $30.
  Built reraises = twenty_thirty();
  reraises.raise_to(1, 50 * kDollar);
  AuditResult r = reraises.audit(half_bet());
  CHECK(of(r, FindingCode::RaiseNotReopened).empty());
  CHECK(of(r, FindingCode::RaiseBelowMinimum).empty());
  CHECK(of(r, FindingCode::BetAboveLimit).empty());

  Built to_forty = twenty_thirty();
  to_forty.raise_to(1, 40 * kDollar);
  auto low = of(to_forty.audit(half_bet()), FindingCode::RaiseBelowMinimum);
  REQUIRE(low.size() == 1);
  CHECK(low[0].expected == 50 * kDollar);
  CHECK(low[0].actual == 40 * kDollar);
}

TEST_CASE("full-bet rule: after an incomplete all-in the next raise completes it", "[structures]") {
  // Under the full-bet rule the $30 is "just a call with some extra money": a player who has
  // not acted raises a full bet above the $20 bet, to $40. A full bet above the all-in, $50, is
  // accepted too (the rule texts do not say which; no-limit's reading is the one above the
  // all-in); $45 or $60 is neither.
  auto raise_to = [](Money to) {
    Built b = fixed_20_40({{"Opener", 1000 * kDollar},
                           {"Short", 50 * kDollar},
                           {"Third", 1000 * kDollar},
                           {"Dealer", 1000 * kDollar}});
    b.call(3, 20 * kDollar)
        .call(4, 20 * kDollar)
        .call(1, 10 * kDollar)
        .check(2)
        .deal(Street::Flop)
        .bet(1, 20 * kDollar)
        .raise_to(2, 30 * kDollar, true)
        .raise_to(3, to);
    return b.audit();
  };
  const AuditResult over = raise_to(50 * kDollar);
  CHECK(of(over, FindingCode::RaiseBelowMinimum).empty());
  CHECK(of(over, FindingCode::BetAboveLimit).empty());
  for (Money wrong : {45 * kDollar, 60 * kDollar}) {
    auto f = of(raise_to(wrong), FindingCode::BetAboveLimit);
    REQUIRE(f.size() == 1);
    CHECK(f[0].expected == 40 * kDollar);
    CHECK(f[0].actual == wrong);
  }
  Built b = fixed_20_40({{"Opener", 1000 * kDollar},
                         {"Short", 50 * kDollar},
                         {"Third", 1000 * kDollar},
                         {"Dealer", 1000 * kDollar}});
  b.call(3, 20 * kDollar)
      .call(4, 20 * kDollar)
      .call(1, 10 * kDollar)
      .check(2)
      .deal(Street::Flop)
      .bet(1, 20 * kDollar)
      .raise_to(2, 30 * kDollar, true)
      .raise_to(3, 40 * kDollar);
  AuditResult r = b.audit();
  CHECK(of(r, FindingCode::RaiseBelowMinimum).empty());
  CHECK(of(r, FindingCode::BetAboveLimit).empty());
}

namespace {

// Rule 001, half-bet example: four players, the round's bet is $20. Alice checks, Bob checks,
// Carol goes all-in for $5; David may fold, call $5 or complete the bet to $20.
Built carol_all_in_for_five() {
  Built b = fixed_20_40({{"Alice", 1000 * kDollar},
                         {"Bob", 1000 * kDollar},
                         {"Carol", 25 * kDollar},
                         {"David", 1000 * kDollar}});
  b.call(3, 20 * kDollar)
      .call(4, 20 * kDollar)
      .call(1, 10 * kDollar)
      .check(2)
      .deal(Street::Flop)
      .check(1)
      .check(2)
      .bet(3, 5 * kDollar, true);
  return b;
}

}  // namespace

TEST_CASE("half-bet rule: Carol's $5 all-in, David calls or completes to $20", "[structures]") {
  // "If David calls the $5, Alice and Bob only have the option of calling or folding; neither
  // can raise. But if David completes, either of them could raise."
  Built called = carol_all_in_for_five();
  called.call(4, 5 * kDollar).raise_to(1, 20 * kDollar);
  auto f = of(called.audit(half_bet()), FindingCode::RaiseNotReopened);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 1);

  Built completed = carol_all_in_for_five();
  completed.raise_to(4, 20 * kDollar).raise_to(1, 40 * kDollar);
  AuditResult r = completed.audit(half_bet());
  CHECK(of(r, FindingCode::RaiseNotReopened).empty());
  CHECK(of(r, FindingCode::RaiseBelowMinimum).empty());
  CHECK(of(r, FindingCode::BetAboveLimit).empty());

  // Completing is to the full $20, not $5 + $20.
  Built over = carol_all_in_for_five();
  over.raise_to(4, 25 * kDollar);
  auto above = of(over.audit(half_bet()), FindingCode::BetAboveLimit);
  REQUIRE(above.size() == 1);
  CHECK(above[0].expected == 20 * kDollar);
  CHECK(above[0].actual == 25 * kDollar);
}

TEST_CASE("half-bet rule: an all-in bet of half a bet or more counts as a bet", "[structures]") {
  // "if an all-in bet or raise is equal to or larger than half the minimum amount, it does
  // constitute a raise and reopens the action": $10 of a $20 bet; the raise is then to $30.
  Built b = [] {
    Built x = fixed_20_40({{"Alice", 1000 * kDollar},
                           {"Bob", 1000 * kDollar},
                           {"Carol", 30 * kDollar},
                           {"David", 1000 * kDollar}});
    x.call(3, 20 * kDollar)
        .call(4, 20 * kDollar)
        .call(1, 10 * kDollar)
        .check(2)
        .deal(Street::Flop)
        .check(1)
        .check(2)
        .bet(3, 10 * kDollar, true)
        .call(4, 10 * kDollar)
        .raise_to(1, 30 * kDollar);
    return x;
  }();
  AuditResult half = b.audit(half_bet());
  CHECK(of(half, FindingCode::RaiseNotReopened).empty());
  CHECK(of(half, FindingCode::BetAboveLimit).empty());
  // Under the full-bet rule the same $10 does not reopen, and Alice's raise would complete to
  // $20 only.
  AuditResult full = b.audit();
  REQUIRE(of(full, FindingCode::RaiseNotReopened).size() == 1);
  auto above = of(full, FindingCode::BetAboveLimit);
  REQUIRE(above.size() == 1);
  CHECK(above[0].expected == 20 * kDollar);
}

// --- 3. Pot limit: the small blind counted as a big blind --------------------------------------

TEST_CASE("pot limit: with the small blind as a big blind, $5/$10 opens to $40", "[structures]") {
  // Rule 002, pot-limit 5: "if the blinds are $5 and $10, a player may open with a raise to $40
  // ... At tournament play, strict pot-limit rules are normally used, so there the maximum
  // opening wager is 3.5 times the size of the big blind."
  auto open_to = [](const std::string& to) {
    return stars(
        "PokerStars Hand #12: Hold'em Pot Limit ($5/$10 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'T' 6-max Seat #4 is the button\n"
        "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
        "Seat 4: D ($1000 in chips)\n"
        "A: posts small blind $5\nB: posts big blind $10\n*** HOLE CARDS ***\n"
        "C: raises to $" +
        to + "\n*** SUMMARY ***\n");
  };
  HouseRules sb_as_big;
  sb_as_big.pot_limit_small_blind_as_big = true;
  CHECK(of(test::audit_under(open_to("40"), sb_as_big), FindingCode::BetAboveLimit).empty());
  auto over = of(test::audit_under(open_to("45"), sb_as_big), FindingCode::BetAboveLimit);
  REQUIRE(over.size() == 1);
  CHECK(over[0].expected == 40 * kDollar);
  CHECK(over[0].actual == 45 * kDollar);
  // Strict pot limit (the default): 3.5 big blinds, $35.
  CHECK(of(audit_hand(open_to("35")), FindingCode::BetAboveLimit).empty());
  auto strict = of(audit_hand(open_to("40")), FindingCode::BetAboveLimit);
  REQUIRE(strict.size() == 1);
  CHECK(strict[0].expected == 35 * kDollar);
}

TEST_CASE("pot limit: the small blind counts as a big blind until the big blind has acted",
          "[structures]") {
  // "Subsequent players also treat the $5 as if it were $10 in computing the pot size, until the
  // big blind is through acting on the first betting round."
  HouseRules sb_as_big;
  sb_as_big.pot_limit_small_blind_as_big = true;
  auto play = [&](Money d_to) {
    Built b(Structure::PotLimit, 5 * kDollar, 10 * kDollar,
            {{"A", 1000 * kDollar},
             {"B", 1000 * kDollar},
             {"C", 1000 * kDollar},
             {"D", 1000 * kDollar}},
            4);
    b.post(1, EventKind::PostSmallBlind, 5 * kDollar)
        .post(2, EventKind::PostBigBlind, 10 * kDollar)
        .hole_cards()
        .call(3, 10 * kDollar)
        .raise_to(4, d_to);
    return b.audit(sb_as_big);
  };
  // D calls $10 into $5 (counted $10) + $10 + $10, making $40, and raises $40: to $50 at most
  // (strict: $45).
  CHECK(of(play(50 * kDollar), FindingCode::BetAboveLimit).empty());
  auto over = of(play(51 * kDollar), FindingCode::BetAboveLimit);
  REQUIRE(over.size() == 1);
  CHECK(over[0].expected == 50 * kDollar);
}

// --- 4. Forced bets of fixed-limit games, antes, straddles, dead posts --------------------------

namespace {

std::string limit_hand(const std::string& stakes, const std::string& posts) {
  return "PokerStars Hand #13: Hold'em Limit (" + stakes +
         " USD) - 2020/01/01 12:00:00 ET\n"
         "Table 'T' 6-max Seat #3 is the button\n"
         "Seat 1: A ($100 in chips)\nSeat 2: B ($100 in chips)\nSeat 3: C ($100 in chips)\n" +
         posts + "*** HOLE CARDS ***\nC: folds\nA: folds\n*** SUMMARY ***\n";
}

}  // namespace

TEST_CASE("fixed limit 20/40: blinds of 10 and 20", "[structures]") {
  // Rule 003: the small blind "is set as a half of the lower table limit. In our 20/40 example,
  // this would be 10 USD"; the big blind "equal to the lower limit (20 USD)".
  CHECK(of(audit_hand(stars(limit_hand("$20/$40",
                                       "A: posts small blind $10\n"
                                       "B: posts big blind $20\n"))),
           FindingCode::WrongForcedBet)
            .empty());
  auto wrong = of(audit_hand(stars(limit_hand("$20/$40",
                                              "A: posts small blind $20\n"
                                              "B: posts big blind $40\n"))),
                  FindingCode::WrongForcedBet);
  REQUIRE(wrong.size() == 2);
  CHECK(wrong[0].expected == 10 * kDollar);
  CHECK(wrong[0].actual == 20 * kDollar);
  CHECK(wrong[1].expected == 20 * kDollar);
  CHECK(wrong[1].actual == 40 * kDollar);
}

TEST_CASE("fixed limit: an odd half is rounded down, as PokerStars does at $0.05/$0.10",
          "[structures]") {
  // Real hands: $0.05/$0.10 hold'em posts $0.02 and $0.05; $0.02/$0.04 posts $0.01 and $0.02.
  CHECK(of(audit_hand(stars(limit_hand("$0.05/$0.10",
                                       "A: posts small blind $0.02\n"
                                       "B: posts big blind $0.05\n"))),
           FindingCode::WrongForcedBet)
            .empty());
  // $0.25/$0.50 with a $0.10 small blind: wrong by default, right in a room whose small blind
  // is anything under the big blind.
  const Hand quarter =
      stars(limit_hand("$0.25/$0.50", "A: posts small blind $0.10\nB: posts big blind $0.25\n"));
  auto f = of(audit_hand(quarter), FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);
  CHECK(f[0].expected == 12);
  CHECK(f[0].actual == 10);
  HouseRules any_small;
  any_small.limit_small_blind = LimitSmallBlind::BelowBigBlind;
  CHECK(of(test::audit_under(quarter, any_small), FindingCode::WrongForcedBet).empty());
}

TEST_CASE("fixed limit: a short all-in blind is legal", "[structures]") {
  // Rule 001, all-in before the deal: a player short of the blind posts what they have.
  std::string text = limit_hand("$20/$40",
                                "A: posts small blind $10\n"
                                "B: posts big blind $15 and is all-in\n");
  text.replace(text.find("Seat 2: B ($100"), 15, "Seat 2: B ($15");
  CHECK(of(audit_hand(stars(text)), FindingCode::WrongForcedBet).empty());
}

TEST_CASE("antes: every ante is the header's", "[structures]") {
  const std::string head =
      "PokerStars Hand #14: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #3 is the button\n"
      "Seat 1: A ($200 in chips)\nSeat 2: B ($200 in chips)\nSeat 3: C ($0.10 in chips)\n";
  const std::string tail =
      "A: posts small blind $1\nB: posts big blind $2\n*** HOLE CARDS ***\nA: folds\n"
      "*** SUMMARY ***\n";
  CHECK(of(audit_hand(stars(head +
                            "A: posts the ante $0.25\nB: posts the ante $0.25\n"
                            "C: posts the ante $0.10 and is all-in\n" +
                            tail)),
           FindingCode::WrongForcedBet)
            .empty());
  auto f = of(audit_hand(stars(head +
                               "A: posts the ante $0.25\nB: posts the ante $0.20\n"
                               "C: posts the ante $0.10 and is all-in\n" +
                               tail)),
              FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 2);
  CHECK(f[0].expected == 25);
  CHECK(f[0].actual == 20);
}

TEST_CASE("straddles: a live straddle is twice the big blind", "[structures]") {
  // Rule 000: "small blind is at 5, big blind is 10 then a straddle would cost 20"; rule 002,
  // 14: "must post an amount twice the size of the big blind".
  auto straddle = [](const std::string& amount) {
    return stars(
        "PokerStars Hand #15: Hold'em No Limit ($5/$10 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'T' 6-max Seat #4 is the button\n"
        "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
        "Seat 4: D ($1000 in chips)\n"
        "A: posts small blind $5\nB: posts big blind $10\nC: posts straddle $" +
        amount + "\n*** HOLE CARDS ***\nD: folds\nA: folds\nB: folds\n*** SUMMARY ***\n");
  };
  CHECK(of(audit_hand(straddle("20")), FindingCode::WrongForcedBet).empty());
  auto f = of(audit_hand(straddle("30")), FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);
  CHECK(f[0].seat == 3);
  CHECK(f[0].expected == 20 * kDollar);
  CHECK(f[0].actual == 30 * kDollar);
}

TEST_CASE("missed blinds: the big blind live, the small blind dead", "[structures]") {
  // Rule 003: "You must pay a penalty equal in value to the Big Blind, and another one equal to
  // the Small Blind. This smaller amount goes straight into The Pot ... and does not count
  // towards the player's bets". Rule 000 ("Post"): the big blind is live, the small blind dead.
  auto returning = [](const std::string& amount, const std::string& d_action) {
    return audit_hand(
        stars("PokerStars Hand #16: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
              "Table 'T' 6-max Seat #4 is the button\n"
              "Seat 1: A ($200 in chips)\nSeat 2: B ($200 in chips)\nSeat 3: C ($200 in chips)\n"
              "Seat 4: D ($200 in chips)\n"
              "A: posts small blind $1\nB: posts big blind $2\nC: posts small & big blinds $" +
              amount + "\n*** HOLE CARDS ***\nC: checks\n" + d_action +
              "A: folds\nB: checks\n*** FLOP *** [2c 7d 9h]\nB: checks\nC: checks\nD: checks\n"
              "*** SUMMARY ***\n"));
  };
  AuditResult ok = returning("3", "D: calls $2\n");
  CHECK(of(ok, FindingCode::WrongForcedBet).empty());
  CHECK(of(ok, FindingCode::IllegalCheck).empty());     // the live $2 is C's bet: C may check
  CHECK(of(ok, FindingCode::WrongCallAmount).empty());  // D calls $2, not $3: $1 is dead
  auto f = of(returning("4", "D: calls $2\n"), FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);
  CHECK(f[0].expected == 3 * kDollar);
  CHECK(f[0].actual == 4 * kDollar);
}

TEST_CASE("fixed limit: a returning player posts $10 dead and $20 live at 20/40", "[structures]") {
  Built b(
      Structure::FixedLimit, 20 * kDollar, 40 * kDollar,
      {{"A", 1000 * kDollar}, {"B", 1000 * kDollar}, {"C", 1000 * kDollar}, {"D", 1000 * kDollar}},
      4);
  b.hand().small_bet = 20 * kDollar;
  b.hand().big_bet = 40 * kDollar;
  Event both;
  both.kind = EventKind::PostBothBlinds;
  b.post(1, EventKind::PostSmallBlind, 10 * kDollar).post(2, EventKind::PostBigBlind, 20 * kDollar);
  Hand& h = b.hand();
  both.seat = 3;
  both.amount = 30 * kDollar;
  both.dead = 10 * kDollar;
  both.to = 20 * kDollar;
  both.line = 90;
  h.events.push_back(both);
  b.hole_cards().check(3).call(4, 20 * kDollar).fold(1).check(2);
  AuditResult ok = b.audit();
  CHECK(of(ok, FindingCode::WrongForcedBet).empty());
  CHECK(of(ok, FindingCode::WrongCallAmount).empty());
  h.events[2].amount = 40 * kDollar;
  h.events[2].dead = 20 * kDollar;
  auto f = of(b.audit(), FindingCode::WrongForcedBet);
  REQUIRE(f.size() == 1);
  CHECK(f[0].expected == 30 * kDollar);
}

// --- 5. Spread limit and cap limit --------------------------------------------------------------

namespace {

// "one to five, ten on the end": $1 to $5 bets, up to $10 on the last round; blinds $1/$2... here
// $1 and $1 so that the flop is where the spread is tested.
Built one_to_five() {
  Built b(Structure::SpreadLimit, 1 * kDollar, 1 * kDollar,
          {{"A", 100 * kDollar}, {"B", 100 * kDollar}, {"C", 100 * kDollar}}, 3);
  b.hand().spread_min = 1 * kDollar;
  b.hand().spread_max = 5 * kDollar;
  b.hand().spread_max_last_round = 10 * kDollar;
  b.post(1, EventKind::PostSmallBlind, 1 * kDollar)
      .post(2, EventKind::PostBigBlind, 1 * kDollar)
      .hole_cards()
      .call(3, 1 * kDollar)
      .check(1)
      .check(2)
      .deal(Street::Flop);
  return b;
}

}  // namespace

TEST_CASE("spread limit: one to five limit, ten on the end", "[structures]") {
  // Rule 000, "Spread limit": "a game called 'one to five limit' allows each bet to be anywhere
  // from $1 to $5 ... 'one to five, ten on the end' ... the last betting round allows bets of $1
  // to $10."
  Built ok = one_to_five();
  ok.bet(1, 3 * kDollar).raise_to(2, 8 * kDollar).raise_to(3, 13 * kDollar);
  AuditResult r = ok.audit();
  for (FindingCode code :
       {FindingCode::BetAboveLimit, FindingCode::BetBelowMinimum, FindingCode::RaiseBelowMinimum})
    CHECK(of(r, code).empty());

  Built six = one_to_five();
  six.bet(1, 6 * kDollar);
  auto above = of(six.audit(), FindingCode::BetAboveLimit);
  REQUIRE(above.size() == 1);
  CHECK(above[0].expected == 5 * kDollar);
  CHECK(above[0].actual == 6 * kDollar);

  Built raise_six = one_to_five();
  raise_six.bet(1, 3 * kDollar).raise_to(2, 9 * kDollar);
  auto over = of(raise_six.audit(), FindingCode::BetAboveLimit);
  REQUIRE(over.size() == 1);
  CHECK(over[0].expected == 8 * kDollar);

  // A raise at least the previous bet or raise of the round: $3 bet, a $2 raise is short.
  Built small = one_to_five();
  small.bet(1, 3 * kDollar).raise_to(2, 5 * kDollar);
  auto low = of(small.audit(), FindingCode::RaiseBelowMinimum);
  REQUIRE(low.size() == 1);
  CHECK(low[0].expected == 6 * kDollar);
  CHECK(low[0].actual == 5 * kDollar);

  // Ten on the end: $10 is a legal river bet, $11 is not; $10 on the turn is not.
  Built river = one_to_five();
  river.check(1)
      .check(2)
      .check(3)
      .deal(Street::Turn)
      .check(1)
      .check(2)
      .check(3)
      .deal(Street::River);
  Built river_ten = river, river_eleven = river;
  river_ten.bet(1, 10 * kDollar);
  CHECK(of(river_ten.audit(), FindingCode::BetAboveLimit).empty());
  river_eleven.bet(1, 11 * kDollar);
  auto eleven = of(river_eleven.audit(), FindingCode::BetAboveLimit);
  REQUIRE(eleven.size() == 1);
  CHECK(eleven[0].expected == 10 * kDollar);
  Built turn = one_to_five();
  turn.check(1).check(2).check(3).deal(Street::Turn).bet(1, 10 * kDollar);
  REQUIRE(of(turn.audit(), FindingCode::BetAboveLimit).size() == 1);
}

namespace {

// Rule 000, "Cap limit": "$1/$2 NL ($60 cap): Player A bets $2. Player B raises to $10. Player
// C can then raise to a max of $60, and players A & B can call the $60 wager ($58 and $50
// respectively). There would be no further wagering, and the winner would collect $180."
// Written pre-flop: A's $2 is the big blind, S the small blind who folds.
Built capped(Money c_to) {
  Built b(Structure::CapLimit, 1 * kDollar, 2 * kDollar,
          {{"S", 500 * kDollar}, {"A", 500 * kDollar}, {"B", 500 * kDollar}, {"C", 500 * kDollar}},
          4);
  b.hand().cap = 60 * kDollar;
  b.post(1, EventKind::PostSmallBlind, 1 * kDollar)
      .post(2, EventKind::PostBigBlind, 2 * kDollar)
      .hole_cards()
      .raise_to(3, 10 * kDollar)
      .raise_to(4, c_to)
      .fold(1)
      .call(2, 58 * kDollar)
      .call(3, 50 * kDollar);
  return b;
}

}  // namespace

TEST_CASE("cap limit: $60 cap, raises to $60 at most, then everyone is all-in", "[structures]") {
  AuditResult ok =
      capped(60 * kDollar).deal(Street::Flop).deal(Street::Turn).deal(Street::River).audit();
  for (FindingCode code :
       {FindingCode::BetAboveLimit, FindingCode::WrongCallAmount, FindingCode::RoundNotClosed,
        FindingCode::OutOfTurn, FindingCode::ActionAfterAllIn})
    CHECK(of(ok, code).empty());

  auto over = of(capped(70 * kDollar).audit(), FindingCode::BetAboveLimit);
  REQUIRE(over.size() == 1);
  CHECK(over[0].seat == 4);
  CHECK(over[0].expected == 60 * kDollar);
  CHECK(over[0].actual == 70 * kDollar);

  // At the cap a player is all-in: no more betting on the turn.
  Built more = capped(60 * kDollar);
  more.deal(Street::Flop).bet(2, 2 * kDollar);
  REQUIRE(of(more.audit(), FindingCode::ActionAfterAllIn).size() == 1);
}

// --- 6. Sleepers and kill blinds ------------------------------------------------------------

TEST_CASE("sleeper: Joane's $4 blind raise, no option, the big blind loses its option",
          "[structures]") {
  // Rule 000, sleeper example at $1/$2: Alice posts $1, Dianne $2, Joane a sleeper of $4. Carol
  // acts first and calls $4. Joane has no option: play passes over her to Ellen, who calls.
  // Alice folds. Dianne raises to $8, Carol re-raises to $12, Joane calls, as do Ellen and
  // Dianne.
  auto play = [](bool dianne_checks) {
    Built b(Structure::NoLimit, 1 * kDollar, 2 * kDollar,
            {{"Alice", 200 * kDollar},
             {"Dianne", 200 * kDollar},
             {"Carol", 200 * kDollar},
             {"Joane", 200 * kDollar},
             {"Ellen", 200 * kDollar}},
            5);
    b.post(1, EventKind::PostSmallBlind, 1 * kDollar)
        .post(2, EventKind::PostBigBlind, 2 * kDollar)
        .post(4, EventKind::PostSleeper, 4 * kDollar)
        .hole_cards()
        .call(3, 4 * kDollar)
        .call(5, 4 * kDollar)
        .fold(1);
    if (dianne_checks) {
      b.check(2);
    } else {
      b.raise_to(2, 8 * kDollar)
          .raise_to(3, 12 * kDollar)
          .call(4, 8 * kDollar)
          .call(5, 8 * kDollar)
          .call(2, 4 * kDollar);
    }
    b.deal(Street::Flop).check(2);
    return b.audit();
  };
  AuditResult r = play(false);
  for (FindingCode code :
       {FindingCode::OutOfTurn, FindingCode::WrongForcedBet, FindingCode::WrongCallAmount,
        FindingCode::RaiseBelowMinimum, FindingCode::RoundNotClosed, FindingCode::IllegalCheck})
    CHECK(of(r, code).empty());
  // Dianne "no longer has the option": she must call $2, raise or fold.
  auto check = of(play(true), FindingCode::IllegalCheck);
  REQUIRE(check.size() == 1);
  CHECK(check[0].seat == 2);
  CHECK(check[0].expected == 2 * kDollar);
}

namespace {

// A full-kill hand at $20/$40: the kill blind is $40 and the limits are $40/$80.
Built kill_hand(Money kill, Money raise_to) {
  Built b(
      Structure::FixedLimit, 20 * kDollar, 40 * kDollar,
      {{"A", 1000 * kDollar}, {"B", 1000 * kDollar}, {"K", 1000 * kDollar}, {"D", 1000 * kDollar}},
      4);
  b.hand().small_bet = 20 * kDollar;
  b.hand().big_bet = 40 * kDollar;
  b.post(1, EventKind::PostSmallBlind, 10 * kDollar)
      .post(2, EventKind::PostBigBlind, 20 * kDollar)
      .post(3, EventKind::PostKill, kill)
      .hole_cards()
      .raise_to(4, raise_to);
  return b;
}

}  // namespace

TEST_CASE("kill blind: twice the big blind, and the limits doubled", "[structures]") {
  // Rule 000, "Kill blind" and "Kill game": a full kill is "double the amount of the big blind",
  // the kill blind is live, "the betting limits for the kill hand are ... doubled".
  AuditResult ok = kill_hand(40 * kDollar, 80 * kDollar).audit();
  CHECK(of(ok, FindingCode::WrongForcedBet).empty());
  CHECK(of(ok, FindingCode::BetAboveLimit).empty());
  CHECK(of(ok, FindingCode::RaiseBelowMinimum).empty());

  auto small = of(kill_hand(40 * kDollar, 60 * kDollar).audit(), FindingCode::RaiseBelowMinimum);
  REQUIRE(small.size() == 1);
  CHECK(small[0].expected == 80 * kDollar);

  auto wrong = of(kill_hand(30 * kDollar, 80 * kDollar).audit(), FindingCode::WrongForcedBet);
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].expected == 40 * kDollar);
  CHECK(wrong[0].actual == 30 * kDollar);

  // A half kill: one and a half big blinds, limits times 1.5 ($30/$60).
  HouseRules half;
  half.kill_blind = KillBlind::Half;
  AuditResult half_ok = kill_hand(30 * kDollar, 60 * kDollar).audit(half);
  CHECK(of(half_ok, FindingCode::WrongForcedBet).empty());
  CHECK(of(half_ok, FindingCode::RaiseBelowMinimum).empty());
  CHECK(of(half_ok, FindingCode::BetAboveLimit).empty());
}

TEST_CASE("fixed limit: PokerStars small & big blinds of $30 at 20/40 are $10 dead, $20 live",
          "[structures]") {
  // Rule 003 at 20/40: the returning player's $10 small blind is dead, the $20 big blind live,
  // so the next player calls $20 and the big blind may check. (The builders once took the dead
  // part above the header's second number, which in fixed limit is the big bet: dead = 0, and
  // calls of $30 asked for.)
  AuditResult r = audit_hand(
      stars("PokerStars Hand #17: Hold'em Limit ($20/$40 USD) - 2020/01/01 12:00:00 ET\n"
            "Table 'T' 6-max Seat #4 is the button\n"
            "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
            "Seat 4: D ($1000 in chips)\n"
            "A: posts small blind $10\nB: posts big blind $20\nC: posts small & big blinds $30\n"
            "*** HOLE CARDS ***\nC: checks\nD: calls $20\nA: folds\nB: checks\n"
            "*** FLOP *** [2c 7d 9h]\nB: checks\nC: checks\nD: checks\n*** SUMMARY ***\n"));
  CHECK(of(r, FindingCode::WrongForcedBet).empty());
  CHECK(of(r, FindingCode::WrongCallAmount).empty());
  CHECK(of(r, FindingCode::IllegalCheck).empty());
}

TEST_CASE("stud: the bring-in opens the betting, called all round, the round is over",
          "[structures]") {
  // Rule 000, "Bring-in": the player "is forced to open the betting by some small amount, after
  // which players act after them in normal rotation" - no option like a big blind's (real
  // PokerStars and Winamax stud hands deal 4th street once everyone called the bring-in).
  auto hand_with = [](const std::string& third) {
    return stars(
        "PokerStars Game #18:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:08:43 ET\n"
        "Table 'T' 8-max\n"
        "Seat 1: A ($2 in chips)\nSeat 2: B ($2 in chips)\nSeat 3: C ($2 in chips)\n"
        "A: posts the ante $0.01\nB: posts the ante $0.01\nC: posts the ante $0.01\n"
        "*** 3rd STREET ***\nDealt to A [2c]\nDealt to B [Kd]\nDealt to C [Qh]\n"
        "A: brings in for $0.02\n" +
        third +
        "*** 4th STREET ***\nDealt to A [2c] [3c]\nDealt to B [Kd] [5s]\nDealt to C [Qh] [4d]\n"
        "B: checks\nC: checks\nA: checks\n*** SUMMARY ***\n");
  };
  AuditResult called = audit_hand(hand_with("B: calls $0.02\nC: calls $0.02\n"));
  CHECK(of(called, FindingCode::RoundNotClosed).empty());
  CHECK(of(called, FindingCode::OutOfTurn).empty());
  // C never acted on 3rd street: the round was not over.
  auto open = of(audit_hand(hand_with("B: calls $0.02\n")), FindingCode::RoundNotClosed);
  REQUIRE(open.size() == 1);
  CHECK(open[0].seat == 3);
}
