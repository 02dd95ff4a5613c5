// Audit behaviours that other sites rely on, checked on a real PokerStars hand turned into what
// those sites print (no rake line, no total pot, the uncalled part inside a collection).
#include <algorithm>
#include <catch2/catch.hpp>

#include "audit/audit.hpp"
#include "audit/auditor.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"

using namespace hh;

namespace {

// Real PokerStars hands from testdata/sample: an all-in with side pots, and a 5 Card Omaha hand
// with "Uncalled bet ($1.20) returned to Player1".
Hand sample_hand(
    const char* file = "sample/cash_Flop_NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt") {
  auto hands = read_text(decode(test::read_file(test::testdata(file))).text, file);
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].parsed);
  return hands[0];
}

std::vector<FindingCode> codes_at_least(const AuditResult& r, Severity s) {
  std::vector<FindingCode> out;
  for (const Finding& f : r.findings)
    if (f.severity >= s) out.push_back(f.code);
  return out;
}

const Finding* find(const AuditResult& r, FindingCode code) {
  for (const Finding& f : r.findings)
    if (f.code == code) return &f;
  return nullptr;
}

}  // namespace

TEST_CASE("the printed hand is clean", "[audit]") {
  CHECK(audit_hand(sample_hand()).findings.empty());
}

TEST_CASE("no rake and no total pot printed: derived, and said so", "[audit]") {
  Hand h = sample_hand();
  const Money rake = *h.rake;
  const Money total = *h.total_pot;
  h.rake.reset();
  h.total_pot.reset();
  AuditResult r = audit_hand(h);
  CHECK(codes_at_least(r, Severity::Warning).empty());
  REQUIRE(r.derived_rake);
  CHECK(*r.derived_rake == rake);
  REQUIRE(r.derived_total_pot);
  CHECK(*r.derived_total_pot == total);
  CHECK(find(r, FindingCode::RakeNotPrinted));
  CHECK(find(r, FindingCode::TotalPotNotPrinted));
}

TEST_CASE("a derived rake below zero is a money error", "[audit]") {
  Hand h = sample_hand();
  h.rake.reset();
  for (Event& e : h.events)
    if (e.kind == EventKind::Collected) e.amount += *h.rake + 100;
  AuditResult r = audit_hand(h);
  REQUIRE(find(r, FindingCode::RakeMismatch));
  CHECK(*find(r, FindingCode::RakeMismatch)->actual == -100);
}

TEST_CASE("uncalled part paid back inside a collection", "[audit]") {
  Hand h = sample_hand("sample/fixtures_holdem_5card_omaha.txt");
  h.uncalled_style = UncalledStyle::InCollection;
  // Move the returned amount into the bettor's collection, as Winamax prints it.
  auto ret = std::find_if(h.events.begin(), h.events.end(),
                          [](const Event& e) { return e.kind == EventKind::UncalledReturned; });
  REQUIRE(ret != h.events.end());
  const Event returned = *ret;
  h.events.erase(ret);
  bool moved = false;
  for (Event& e : h.events)
    if (e.kind == EventKind::Collected && e.seat == returned.seat) {
      e.amount += returned.amount;
      moved = true;
    }
  for (SummarySeat& s : h.summary)
    if (s.seat == returned.seat) s.won += returned.amount;
  *h.total_pot += returned.amount;  // such sites count the uncalled part in their total
  if (!moved) {
    // The bettor lost the pot: the site must still hand the excess back in a collect line.
    Event e;
    e.kind = EventKind::Collected;
    e.seat = returned.seat;
    e.amount = returned.amount;
    e.pot_index = -1;
    h.events.push_back(e);
  }
  AuditResult r = audit_hand(h);
  INFO(r.findings.size());
  const Finding* f = find(r, FindingCode::UncalledBetInCollection);
  REQUIRE(f);
  CHECK(*f->expected == returned.amount);
  CHECK(find(r, FindingCode::UncalledBetMismatch) == nullptr);
  CHECK(find(r, FindingCode::PayoutMismatch) == nullptr);
  // Player results: the excess is neither contributed nor collected.
  for (const PlayerResult& p : r.players)
    if (p.seat == returned.seat) CHECK(p.contributed > 0);
}

TEST_CASE("the players by seat read as a map by seat", "[audit]") {
  // Seats added out of order, one twice, one past the seats found through the table of places
  // (16 and up) and one below zero: found, iterated in ascending order, the first kept.
  detail::PlayersBySeat players;
  for (int seat : {9, 2, 40, 5, 2, -1, 15, 0}) {
    detail::PlayerState p;
    p.seat = seat;
    p.player = "p" + std::to_string(seat) + (players.find(seat) == players.end() ? "" : "-again");
    players.emplace(seat, std::move(p));
  }
  std::vector<int> seats;
  for (const auto& [seat, p] : players) {
    CHECK(p.seat == seat);
    seats.push_back(seat);
  }
  CHECK(seats == std::vector<int>{-1, 0, 2, 5, 9, 15, 40});
  for (int seat : seats) {
    REQUIRE(players.find(seat) != players.end());
    CHECK(players.find(seat)->second.player == "p" + std::to_string(seat));
    CHECK(players.at(seat).seat == seat);
  }
  for (int seat : {1, 3, 10, 16, 39, 41, -2}) CHECK(players.find(seat) == players.end());
  CHECK_THROWS_AS(players.at(3), std::out_of_range);
  // A player's address stays the same while others are looked up.
  const detail::PlayerState* five = &players.at(5);
  players.at(40).stack = 7;
  CHECK(&players.at(5) == five);
  CHECK(players.find(40)->second.stack == 7);
}
