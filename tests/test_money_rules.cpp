// The named money and showdown rules one by one (audit/money_rules.hpp, audit/showdown_rules.hpp):
// each judged on a money state written here, as the replay would leave it, with the worked numbers
// of the rule texts it cites (the rules through whole hands: test_audit.cpp, test_showdown.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "audit/money_rules.hpp"
#include "audit/showdown_rules.hpp"

using namespace hh;
using namespace hh::detail;

namespace {

// A cash table after the replay, amounts in cents, and the money rules' state over it. Not
// copied: the state refers to the table's members.
struct Table {
  Hand hand;
  HouseRules rules;
  PlayersBySeat players;
  AuditResult result;
  MoneyState money{hand, rules, players, result};

  Table() { hand.game = games::kHoldem; }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  // Seat `n` after putting `put_in` into the pot from a stack of `stack`.
  PlayerState& seat(int n, Money stack, Money put_in, bool folded = false) {
    players.reserve(10);
    PlayerState p;
    p.seat = n;
    p.player = "p" + std::to_string(n);
    p.start = stack;
    p.stack = stack - put_in;
    p.gross = put_in;
    p.folded = folded;
    players.emplace(n, std::move(p));
    return players.at(n);
  }
  // A printed collection from pot `pot` (-1: "the pot"), on line 20 + seat.
  void collect(int n, int pot, Money amount) {
    const auto line = static_cast<std::uint32_t>(20 + n);
    money.collections.push_back({n, pot, amount, line});
    players.at(n).collected += amount;
  }
  // The summary's line of seat `n`, saying what it won.
  void summary(int n, Money won) {
    SummarySeat s;
    s.seat = n;
    s.player = "p" + std::to_string(n);
    s.won = won;
    s.line = static_cast<std::uint32_t>(40 + n);
    hand.summary.push_back(s);
  }
  void shows(int n, const std::string& cards) {
    Event e;
    e.kind = EventKind::Shows;
    e.street = Street::Showdown;
    e.seat = n;
    e.cards = hh::EventCards::read(cards);
    hand.events.push_back(e);
  }
  void board(Street street, const std::string& cards) {
    Event e;
    e.kind = EventKind::Board;
    e.street = street;
    e.cards = hh::EventCards::read(cards);
    hand.events.push_back(e);
  }
};

void require_one(const Breaches& b, FindingCode code, std::optional<FindingAmount> expected,
                 std::optional<FindingAmount> actual) {
  REQUIRE(b.size() == 1);
  CHECK(b[0].code == code);
  CHECK(b[0].fields.expected == expected);
  CHECK(b[0].fields.actual == actual);
}

// Rule text 000's all-in example: A opens $20, B calls all-in for $10, C raises all-in to $30,
// A calls: A and C put in $30, B $10.
void all_in_example(Table& t) {
  t.seat(1, 10'000, 3'000);
  t.seat(2, 1'000, 1'000);
  t.seat(3, 3'000, 3'000);
}

}  // namespace

TEST_CASE("pots: B all-in for $10 caps a $30 main pot, A and C contest $40 (rule text 000)",
          "[money_rules]") {
  Table t;
  all_in_example(t);
  build_pots_from_play(t.money);
  REQUIRE(t.result.pots.size() == 2);
  CHECK(t.result.pots[0].amount == 3'000);
  CHECK(t.result.pots[0].eligible == std::vector<int>{1, 2, 3});
  CHECK(t.result.pots[1].amount == 4'000);
  CHECK(t.result.pots[1].eligible == std::vector<int>{1, 3});
  CHECK(t.result.total_contributed == 7'000);
  // Money the site adds goes to the main pot.
  Table splash;
  all_in_example(splash);
  splash.hand.site_added = 500;
  build_pots_from_play(splash.money);
  CHECK(splash.result.pots[0].amount == 3'500);
}

TEST_CASE("uncalled bet: what no other stack matches goes back to the bettor (rule text 004)",
          "[money_rules]") {
  Table t;
  t.seat(1, 10'000, 5'000);  // bets $50
  t.seat(2, 2'000, 2'000);   // calls all-in for $20
  t.money.returned_lines[1] = 9;
  require_one(check_uncalled_bet_returned(t.money), FindingCode::UncalledBetMismatch, 3'000, 0);
  t.players.at(1).returned = 3'000;
  CHECK(check_uncalled_bet_returned(t.money).empty());
  t.players.at(1).returned = 2'000;  // the site returned $10 short
  const Breaches short_return = check_uncalled_bet_returned(t.money);
  require_one(short_return, FindingCode::UncalledBetMismatch, 3'000, 2'000);
  CHECK(short_return[0].fields.line == 9);
}

TEST_CASE("uncalled bet: paid back inside the bettor's collection (house rule, InCollection)",
          "[money_rules]") {
  Table t;
  t.hand.uncalled_style = UncalledStyle::InCollection;
  t.seat(1, 10'000, 5'000);
  t.seat(2, 2'000, 2'000);
  t.collect(1, -1, 7'000);  // the $40 pot and the $30 uncalled
  require_one(check_uncalled_bet_returned(t.money), FindingCode::UncalledBetInCollection, 3'000,
              3'000);
  CHECK(t.money.collections[0].amount == 4'000);
  CHECK(t.players.at(1).collected == 4'000);
  CHECK(t.players.at(1).returned == 3'000);
  CHECK(t.money.excess_in_collection == 3'000);
  // A collection smaller than the uncalled part: the site kept the bettor's money.
  Table short_paid;
  short_paid.hand.uncalled_style = UncalledStyle::InCollection;
  short_paid.seat(1, 10'000, 5'000);
  short_paid.seat(2, 2'000, 2'000);
  short_paid.collect(1, -1, 2'500);
  require_one(check_uncalled_bet_returned(short_paid.money), FindingCode::UncalledBetMismatch,
              3'000, 2'500);
}

TEST_CASE("total pot: what the players put in, or derived when not printed", "[money_rules]") {
  Table t;
  all_in_example(t);
  build_pots_from_play(t.money);
  t.hand.total_pot = 7'100;
  require_one(check_total_pot(t.money), FindingCode::TotalPotMismatch, 7'000, 7'100);
  t.hand.total_pot = 7'000;
  CHECK(check_total_pot(t.money).empty());
  t.hand.total_pot.reset();
  require_one(check_total_pot(t.money), FindingCode::TotalPotNotPrinted, 7'000, std::nullopt);
  CHECK(t.result.derived_total_pot == 7'000);
}

TEST_CASE("rake: the pot less what was paid out, and every chip put in comes out",
          "[money_rules]") {
  Table t;
  all_in_example(t);
  t.collect(2, 0, 2'850);
  t.collect(1, 1, 3'800);
  build_pots_from_play(t.money);
  t.hand.total_pot = 7'000;
  t.hand.rake = 350;
  CHECK(check_rake(t.money).empty());
  t.hand.rake = 300;  // $3.50 left the pot, the summary says $3
  const Breaches wrong = check_rake(t.money);
  REQUIRE(wrong.size() == 2);
  CHECK(wrong[0].code == FindingCode::RakeMismatch);
  CHECK(wrong[0].fields.expected == 350);
  CHECK(wrong[0].fields.actual == 300);
  CHECK(wrong[1].code == FindingCode::ChipsNotConserved);
  CHECK(wrong[1].fields.expected == 7'000);
  CHECK(wrong[1].fields.actual == 6'950);
  // Not printed: derived, and a tournament takes none from a pot.
  t.hand.rake.reset();
  require_one(check_rake(t.money), FindingCode::RakeNotPrinted, 350, std::nullopt);
  CHECK(t.result.derived_rake == 350);
  t.hand.tournament = true;
  require_one(check_rake(t.money), FindingCode::RakeMismatch, 0, 350);
}

TEST_CASE(
    "payouts: a side pot is won only by who paid into it, each pot paid in full "
    "(rule text 004)",
    "[money_rules]") {
  Table t;
  all_in_example(t);
  build_pots_from_play(t.money);
  t.collect(1, 0, 3'000);
  t.collect(2, 1, 4'000);  // B, all-in for $10, collects the side pot
  const Breaches b = check_pots_paid(t.money);
  REQUIRE(b.size() == 1);
  CHECK(b[0].code == FindingCode::PayoutMismatch);
  CHECK(b[0].fields.seat == 2);
  CHECK(b[0].fields.actual == 4'000);
  CHECK(t.result.pots[1].winners == std::vector<int>{2});
  // A pot paid short.
  Table short_paid;
  all_in_example(short_paid);
  build_pots_from_play(short_paid.money);
  short_paid.collect(2, 0, 3'000);
  short_paid.collect(3, 1, 3'900);
  require_one(check_pots_paid(short_paid.money), FindingCode::PayoutMismatch, 4'000, 3'900);
}

TEST_CASE("printed pots: as many as built, each the built one less at most the rake",
          "[money_rules]") {
  Table t;
  all_in_example(t);
  build_pots_from_play(t.money);
  t.hand.reported_pots = {{0, 3'000}};
  // Counts of pots, not money: 2 built, 1 printed.
  require_one(check_printed_pots(t.money), FindingCode::SidePotMismatch, FindingAmount::count(2),
              FindingAmount::count(1));
  t.hand.reported_pots = {{0, 3'000}, {1, 4'000}};
  CHECK(check_printed_pots(t.money).empty());
  CHECK(t.result.pots[1].reported_amount == 4'000);
}

TEST_CASE("merged collections: one line paying the main and a side pot is split over them",
          "[money_rules]") {
  Table t;
  all_in_example(t);
  t.hand.collections_may_merge_pots = true;
  build_pots_from_play(t.money);
  t.collect(1, 0, 7'000);
  split_merged_collections(t.money);
  REQUIRE(t.money.collections.size() == 2);
  CHECK(t.money.collections[0].amount == 3'000);
  CHECK(t.money.collections[1].pot_index == 1);
  CHECK(t.money.collections[1].amount == 4'000);
  CHECK(check_pots_paid(t.money).empty());
}

TEST_CASE("summary: each seat says what the player won, as the play does", "[money_rules]") {
  Table t;
  all_in_example(t);
  t.collect(2, 0, 3'000);
  t.collect(3, 1, 4'000);
  CHECK(check_summary_agrees(t.money).front().code == FindingCode::SummaryNotPrinted);
  t.summary(1, 0);
  t.summary(2, 3'000);
  t.summary(3, 3'000);
  const Breaches b = check_summary_agrees(t.money);
  require_one(b, FindingCode::SummaryMismatch, 4'000, 3'000);
  CHECK(b[0].fields.seat == 3);
  CHECK(b[0].fields.line == 43);
}

TEST_CASE("showdown: the best hand wins the pot (rule text 004)", "[money_rules]") {
  Table t;
  t.hand.button_seat = 1;
  t.seat(1, 10'000, 2'000);
  t.seat(2, 10'000, 2'000);
  t.board(Street::Flop, "2c 7d 9h");
  t.board(Street::Turn, "Js");
  t.board(Street::River, "3c");
  t.shows(1, "Ah Ad");
  t.shows(2, "Kh Kd");
  build_pots_from_play(t.money);
  t.collect(2, -1, 4'000);
  check_pots_paid(t.money);
  const Breaches b = check_best_hand_wins(t.money);
  REQUIRE(b.size() == 1);
  CHECK(b[0].code == FindingCode::WrongWinner);
  CHECK(b[0].fields.seat == 1);
  CHECK(b[0].fields.expected == 4'000);
  CHECK(b[0].fields.actual == 0);
}

TEST_CASE("split pot: equal shares, the odd chip to the first winner left of the button",
          "[money_rules]") {
  Table t;
  t.hand.button_seat = 3;
  t.seat(2, 10'000, 0);
  t.seat(5, 10'000, 0);
  BuiltPot pot;
  pot.amount = 301;
  pot.eligible = {2, 5};
  const std::vector<BoardResult> tie = {{{5, 2}, {}, "a pair"}};  // seat 5 first after seat 3
  const SmallMap<Money> shares = expected_shares(t.money, pot, tie);
  CHECK(shares.at(5) == 151);
  CHECK(shares.at(2) == 150);
  t.collect(5, 0, 151);
  t.collect(2, 0, 150);
  CHECK(check_split_pot_shares(t.money, pot, tie, shares, "a pair").empty());
  Table reversed;
  reversed.hand.button_seat = 3;
  reversed.seat(2, 10'000, 0);
  reversed.seat(5, 10'000, 0);
  reversed.collect(5, 0, 150);
  reversed.collect(2, 0, 151);
  const Breaches b = check_split_pot_shares(reversed.money, pot, tie, shares, "a pair");
  REQUIRE(b.size() == 2);
  CHECK(b[0].code == FindingCode::OddChipMismatch);
  CHECK(b[0].fields.seat == 2);
  CHECK(b[0].fields.expected == 150);
  CHECK(b[0].fields.actual == 151);
  CHECK(b[1].fields.seat == 5);
}
