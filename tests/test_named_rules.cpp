// The named betting rules one by one (audit/betting_rules.hpp): each judged on a replay state
// written here, with the worked numbers of the rule texts it cites, apart from the replay (the
// rules through whole hands: test_betting_rules.cpp, test_rule_examples.cpp).
#include <catch2/catch.hpp>
#include <optional>

#include "audit/betting_rules.hpp"

using namespace hh;
using namespace hh::detail;

namespace {

// A no-limit $1/$2 table, amounts in cents.
Hand no_limit_hand() {
  Hand h;
  h.structure = Structure::NoLimit;
  h.small_blind = 100;
  h.big_blind = 200;
  return h;
}

// The player of seat `n`; the references stay valid (room for a full table is reserved first).
PlayerState& seat(ReplayState& s, int n, Money stack) {
  s.players.reserve(10);
  PlayerState p;
  p.seat = n;
  p.player = "p" + std::to_string(n);
  p.start = p.stack = stack;
  s.players.emplace(n, std::move(p));
  return s.players.at(n);
}

Event raise_to(int seat, Money to) {
  Event e;
  e.kind = EventKind::Raise;
  e.street = Street::Flop;
  e.seat = seat;
  e.to = to;
  e.line = 7;
  return e;
}

Event bet(int seat, Money amount) {
  Event e;
  e.kind = EventKind::Bet;
  e.street = Street::Flop;
  e.seat = seat;
  e.amount = e.to = amount;
  e.line = 7;
  return e;
}

void require_breach(const std::optional<Breach>& b, FindingCode code, FindingAmount expected,
                    FindingAmount actual) {
  REQUIRE(b);
  CHECK(b->code == code);
  CHECK(b->fields.expected == expected);
  CHECK(b->fields.actual == actual);
  CHECK(b->fields.line == 7);
}

}  // namespace

TEST_CASE("min raise: $100 bet, all-in $140, a raise to at least $240 (rule text 002)",
          "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& c = seat(s, 3, 100'000);
  s.round = Street::Flop;
  s.max_bet = 14'000;          // the all-in for $140
  s.last_full_raise = 10'000;  // the $100 bet, the last full one
  require_breach(check_min_raise(s, raise_to(3, 20'000), c), FindingCode::RaiseBelowMinimum, 24'000,
                 20'000);
  CHECK_FALSE(check_min_raise(s, raise_to(3, 24'000), c));
  // All-in for less is no breach.
  c.stack = 20'000;
  CHECK_FALSE(check_min_raise(s, raise_to(3, 20'000), c));
}

TEST_CASE("min bet: an opening bet of the big blind at least, unless all-in", "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 2, 10'000);
  require_breach(check_min_bet(s, bet(2, 150), p), FindingCode::BetBelowMinimum, 200, 150);
  CHECK_FALSE(check_min_bet(s, bet(2, 200), p));
  p.stack = 150;
  CHECK_FALSE(check_min_bet(s, bet(2, 150), p));
}

TEST_CASE("pot limit: a $100 pot, a $50 bet, a raise to $250 at most (rule text 002)",
          "[named_rules]") {
  Hand h = no_limit_hand();
  h.structure = Structure::PotLimit;
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& a = seat(s, 1, 100'000);
  PlayerState& b = seat(s, 2, 100'000);
  a.gross = 5'000;  // $100 in the pot from the earlier rounds, then A bets $50
  b.gross = 5'000;
  a.gross += 5'000;
  a.street_bet = 5'000;
  s.round = Street::Flop;
  s.max_bet = 5'000;
  s.last_full_raise = 5'000;
  require_breach(check_pot_limit(s, raise_to(2, 26'000), b), FindingCode::BetAboveLimit, 25'000,
                 26'000);
  CHECK_FALSE(check_pot_limit(s, raise_to(2, 25'000), b));
}

TEST_CASE("fixed limit: a bet and three raises, uncapped heads-up (rule text 003)",
          "[named_rules]") {
  Hand h;
  h.structure = Structure::FixedLimit;
  h.small_bet = 2'000;
  h.big_bet = 4'000;
  const HouseRules rules;  // max_bets_per_round 4, uncapped_heads_up
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 4, 100'000);
  s.round = Street::Flop;
  s.max_bet = 8'000;
  s.raise_base = 8'000;
  s.bets_this_round = 4;
  s.contenders_at_start = 3;
  Event e = raise_to(4, 10'000);
  e.street = Street::Preflop;  // the small bet's round
  require_breach(check_fixed_limit_raise_cap(s, e, p), FindingCode::RaiseCapExceeded, 4, 5);
  // The raise itself is one small bet over the last: the size is right.
  CHECK_FALSE(check_fixed_limit_bet_size(s, e, p));
  require_breach(check_fixed_limit_bet_size(s, raise_to(4, 12'000), p), FindingCode::BetAboveLimit,
                 10'000, 12'000);
  s.contenders_at_start = 2;
  CHECK_FALSE(check_fixed_limit_raise_cap(s, e, p));
}

TEST_CASE("a check facing a bet, a call of the wrong amount", "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 5, 10'000);
  p.street_bet = 200;
  s.round = Street::Flop;
  s.max_bet = 1'000;
  Event check;
  check.kind = EventKind::Check;
  check.street = Street::Flop;
  check.seat = 5;
  check.line = 7;
  require_breach(check_check_owes_nothing(s, check, p), FindingCode::IllegalCheck, 800, 0);
  Event call = check;
  call.kind = EventKind::Call;
  call.amount = 1'000;
  require_breach(check_call_amount(s, call, p), FindingCode::WrongCallAmount, 800, 1'000);
  // Short of the bet, the call is what is left.
  p.stack = 500;
  call.amount = 500;
  CHECK_FALSE(check_call_amount(s, call, p));
}

TEST_CASE("cap limit: no chips above the cap (rule text 000, $60 cap)", "[named_rules]") {
  Hand h = no_limit_hand();
  h.structure = Structure::CapLimit;
  h.cap = 6'000;
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& b = seat(s, 2, 50'000);
  b.gross = 1'000;  // B has $10 in the hand: $50 left under the cap
  b.stack -= 1'000;
  s.round = Street::Flop;
  require_breach(check_bet_within_cap(s, bet(2, 6'000), b), FindingCode::BetAboveLimit, 5'000,
                 6'000);
  CHECK_FALSE(check_bet_within_cap(s, bet(2, 5'000), b));
}

TEST_CASE("forced bets: the stakes' big blind, all-in for less excepted", "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 6, 10'000);
  Event post;
  post.kind = EventKind::PostBigBlind;
  post.seat = 6;
  post.amount = post.to = 100;
  post.line = 7;
  require_breach(check_forced_bet_size(s, post), FindingCode::WrongForcedBet, 200, 100);
  p.stack = 100;
  CHECK_FALSE(check_forced_bet_size(s, post));
}

TEST_CASE("no raise after an incomplete all-in, no action after a fold", "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 1, 100'000);
  s.round = Street::Flop;
  s.max_bet = 14'000;
  s.last_full_raise = 10'000;
  p.may_raise = false;
  const std::optional<Breach> reopened = check_raise_reopened(s, raise_to(1, 24'000), p);
  REQUIRE(reopened);
  CHECK(reopened->code == FindingCode::RaiseNotReopened);
  CHECK(reopened->fields.actual == 24'000);
  CHECK(reopened->fields.message ==
        "line 7: p1 re-raises though only a short all-in raised since their last action");
  p.folded = true;
  const std::optional<Breach> folded = check_no_action_after_fold(s, raise_to(1, 24'000), p);
  REQUIRE(folded);
  CHECK(folded->code == FindingCode::ActionAfterFold);
  CHECK(folded->fields.message == "line 7: p1 raise after folding");
}

TEST_CASE("table stakes: no more than the chips behind, and all-in leaves nothing",
          "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& p = seat(s, 2, 3'000);
  require_breach(check_bet_not_over_stack(s, bet(2, 5'000), p, 5'000), FindingCode::BetExceedsStack,
                 3'000, 5'000);
  CHECK_FALSE(check_bet_not_over_stack(s, bet(2, 3'000), p, 3'000));
  Event all_in = bet(2, 2'000);
  all_in.all_in = true;
  p.stack = 1'000;  // after the chips moved
  require_breach(check_all_in_as_printed(s, all_in, p), FindingCode::AllInMismatch, 0, 1'000);
  p.stack = 0;
  CHECK_FALSE(check_all_in_as_printed(s, all_in, p));
}

TEST_CASE("a round ends with the bets equal and everyone's turn (rule text 000, Call)",
          "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  PlayerState& a = seat(s, 1, 10'000);
  PlayerState& b = seat(s, 2, 10'000);
  s.dealt_in = {1, 2};
  s.round = Street::Preflop;
  s.max_bet = 200;
  a.street_bet = 100;
  b.street_bet = 200;
  auto breaches = check_round_closed_by(s, Street::Flop);
  REQUIRE(breaches.size() == 2);
  CHECK(breaches[0].code == FindingCode::RoundNotClosed);
  CHECK(breaches[0].fields.seat == 1);
  CHECK(breaches[0].fields.expected == 200);
  CHECK(breaches[0].fields.actual == 100);
  CHECK(breaches[0].fields.street == Street::Flop);
  CHECK(breaches[1].fields.seat == 2);  // matched the bet but never had a turn
  CHECK_FALSE(breaches[1].fields.expected);
  s.acted_this_round = {2};
  a.street_bet = 200;
  s.acted_this_round.insert(1);
  CHECK(check_round_closed_by(s, Street::Flop).empty());
}

TEST_CASE("players act in turn, and a fold ahead of one's turn is no breach (rule text 000)",
          "[named_rules]") {
  const Hand h = no_limit_hand();
  const HouseRules rules;
  ReplayState s(h, rules);
  const PlayerState& p = seat(s, 4, 10'000);
  require_breach(check_action_in_turn(bet(4, 200), p, 2), FindingCode::OutOfTurn,
                 FindingAmount::seat(2), FindingAmount::seat(4));
  CHECK_FALSE(check_action_in_turn(bet(4, 200), p, 4));
  CHECK_FALSE(check_action_in_turn(bet(4, 200), p, 0));  // whose turn is not known
  Event fold = bet(4, 0);
  fold.kind = EventKind::Fold;
  CHECK_FALSE(check_action_in_turn(fold, p, 2));
}

TEST_CASE("stud: the poorest door card brings in, for less than the small bet (rule text 000)",
          "[named_rules]") {
  Hand h;
  h.structure = Structure::FixedLimit;
  h.small_bet = 2'000;
  h.big_bet = 4'000;
  const HouseRules rules;
  ReplayState s(h, rules);
  const PlayerState& p = seat(s, 3, 10'000);
  Event bring_in;
  bring_in.kind = EventKind::BringIn;
  bring_in.street = Street::Preflop;
  bring_in.seat = 3;
  bring_in.amount = bring_in.to = 500;
  bring_in.line = 7;
  const Breach seat_breach = check_bring_in_seat(bring_in, p, 5, *parse_card("2c"), false);
  CHECK(seat_breach.code == FindingCode::WrongForcedBet);
  CHECK(seat_breach.fields.expected == FindingAmount::seat(5));
  CHECK(seat_breach.fields.actual == FindingAmount::seat(3));
  CHECK(seat_breach.fields.message ==
        "line 7: p3 brings in from seat 3, but the lowest door card is seat 5's (2c)");
  CHECK_FALSE(check_bring_in_under_small_bet(s, bring_in, p));
  bring_in.amount = 2'500;
  require_breach(check_bring_in_under_small_bet(s, bring_in, p), FindingCode::WrongForcedBet, 2'000,
                 2'500);
}
