// Cake (site "cake"): detection, the parser on corpus hands with exact amounts (testdata/cake,
// README.md there), a sweep of ../shared/corpus/Cake against testdata/cake/anomalies.tsv with
// fpdb's .hp nets, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/cake/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

// What every corpus hand read here shows: Cake's, parsed, every line understood.
void check_read(const Hand& h) {
  CHECK(h.site == "cake");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
}

void audits_clean(const Hand& h) {
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings) {
    INFO(f.code << ": " << f.message);
    CHECK(f.severity == Severity::Info);
  }
}

}  // namespace

TEST_CASE("Cake detection", "[cake]") {
  CHECK(cake::is_hand_start(
      "Hand#2998011673000397 - Innsbruck (6-max) 11673 -- $5/$10 FL Hold'em -- 2012-06-20 - "
      "23:10:52"));
  // The byte-order mark read as cp1252 and written again, as some of the corpus files start.
  CHECK(
      cake::is_hand_start("\xC3\xAF\xC2\xBB\xC2\xBFHand#2850A21DA0000024 - $3,000 Guaranteed "
                          "Turbo T10624416 -- TICKETCASH -- $40 + $4 -- x"));
  CHECK_FALSE(cake::is_hand_start("Hand #6340502-110 - 2013-05-02 02:14:03"));  // Seals With Clubs
  CHECK_FALSE(cake::is_hand_start("Hand# - x -- y"));
  CHECK(sniff_format("Hand#2998011673000397 - Innsbruck (6-max) 11673 -- $5/$10 FL Hold'em -- x\n")
            .format->name() == "cake");
}

TEST_CASE("Cake hand: a table shown in euros, played in dollars", "[cake]") {
  const Hand h = test::only_hand(read_text(test::load("cake/euro.txt"), "euro.txt"));
  check_read(h);
  CHECK(h.site_hand_id == "3048012347000109");
  CHECK(h.table_name == "Willemstad");
  CHECK(h.max_seats == 6);
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.started_at_utc == "2012-08-09T06:43:32Z");  // US Eastern, summer time
  CHECK(h.button_seat == 1);
  // The header says €0.20/€0.41; the blinds posted at them are $0.25 and $0.50.
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  REQUIRE(h.seat_of(10));
  CHECK(h.seat_of(10)->stack == 5000);
  CHECK(h.seat_of(3)->stack == 6719);
  const auto raises = test::events_of(h, EventKind::Raise);
  REQUIRE(raises.size() == 1);
  CHECK(raises[0]->seat == 3);
  CHECK(raises[0]->to == 150);
  CHECK(raises[0]->amount == 100);
  const auto back = test::events_of(h, EventKind::UncalledReturned);
  REQUIRE(back.size() == 1);
  CHECK(back[0]->amount == 100);
  const auto won = test::events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 1);
  CHECK(won[0]->seat == 3);
  CHECK(won[0]->amount == 100);
  audits_clean(h);
}

TEST_CASE("Cake hand: decimal commas and a dead blind printed negative", "[cake]") {
  const Hand h = test::only_hand(read_text(test::load("cake/dead_blind.txt"), "dead_blind.txt"));
  check_read(h);
  CHECK(h.site_hand_id == "2862015946001029");
  CHECK(h.small_blind == 5);
  CHECK(h.big_blind == 10);
  CHECK(h.started_at_utc == "2012-02-06T02:01:45Z");  // "2012.02.05 - 21:01:45" US Eastern
  REQUIRE(h.seat_of(10));
  CHECK(h.seat_of(10)->stack == 749);
  // "Player5:posts dead blind $-0,10 and big blind $0,10": the live big blind only.
  CHECK(test::events_of(h, EventKind::PostDead).empty());
  const auto bbs = test::events_of(h, EventKind::PostBigBlind);
  REQUIRE(bbs.size() == 2);
  CHECK(bbs[1]->seat == 2);
  CHECK(bbs[1]->amount == 10);
  const auto won = test::events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 1);
  CHECK(won[0]->amount == 75);  // the pot of 0.75 without the negative dead part, whole
  audits_clean(h);
}

TEST_CASE("Cake hand: 'is all in X' adds X, a raise over the bet before it", "[cake]") {
  const Hand h = test::only_hand(read_text(test::load("cake/faults/originals/allin.txt"), "a"));
  check_read(h);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 2);
  CHECK(h.big_bet == 4);
  std::vector<const Event*> all_in;
  for (const Event& e : h.events)
    if (e.all_in) all_in.push_back(&e);
  REQUIRE(all_in.size() == 1);
  CHECK(all_in[0]->kind == EventKind::Raise);  // 0.04 in, Hero at 0.08: 0.07 more is 0.11
  CHECK(all_in[0]->amount == 7);
  CHECK(all_in[0]->to == 11);
  audits_clean(h);
}

TEST_CASE("Cake hand: a coin flip, all in with no action line", "[cake]") {
  const Hand h = test::only_hand(read_text(test::load("cake/coinflip.txt"), "coinflip.txt"));
  check_read(h);
  CHECK(h.site_hand_id == "3022AFD2BD000001");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "11522749");
  CHECK(h.table_name == "Table 1");
  CHECK(h.max_seats == 2);
  CHECK(h.unit == 1);
  CHECK(h.small_blind == 10);
  CHECK(h.big_blind == 20);
  CHECK(h.button_seat == 3);
  CHECK(h.started_at_utc == "2012-07-15T04:53:42Z");
  REQUIRE(h.seat_of(3));
  CHECK(h.seat_of(3)->stack == 1500);  // "1 500 in chips"
  // Seat 8, after the button, bets its stack; the button calls it.
  const auto bets = test::events_of(h, EventKind::Bet);
  const auto calls = test::events_of(h, EventKind::Call);
  REQUIRE(bets.size() == 1);
  REQUIRE(calls.size() == 1);
  CHECK(bets[0]->seat == 8);
  CHECK(bets[0]->amount == 1500);
  CHECK(bets[0]->all_in);
  CHECK(calls[0]->seat == 3);
  CHECK(calls[0]->amount == 1500);
  CHECK(test::events_of(h, EventKind::UncalledReturned).empty());
  const auto won = test::events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 1);
  CHECK(won[0]->seat == 3);
  CHECK(won[0]->amount == 3000);  // "Hero wins 3 000"
  audits_clean(h);
}

TEST_CASE("Cake tournament: the player out finishes 21st of 66, with no chips", "[cake]") {
  const Hand h = test::only_hand(read_text(test::load("cake/finish.txt"), "finish.txt"));
  check_read(h);
  CHECK(h.tournament);
  REQUIRE(h.finishes.size() == 1);
  CHECK(h.finishes[0].seat == 4);
  CHECK(h.finishes[0].player == "xxxZORBAxxx");
  CHECK(h.finishes[0].place == 21);
  CHECK_FALSE(h.finishes[0].prize);
  audits_clean(h);  // FINISH_WITH_CHIPS among them: the 4,140 went in
  // The same line for a player who kept chips is a finding.
  std::string text = test::load("cake/finish.txt");
  const std::string line = "xxxZORBAxxx finished 21 out of 66 players.";
  text.replace(text.find(line), line.size(), "akittykat finished 21 out of 66 players.");
  const Hand kept = test::only_hand(read_text(text, "kept.txt"));
  bool with_chips = false;
  for (const Finding& f : audit_hand(kept, AuditContext{&test::shipped_house_rules()}).findings)
    with_chips |= f.code == FindingCode::FinishWithChips && f.seat == 2;
  CHECK(with_chips);
}

TEST_CASE("Cake corpus sweep", "[cake][corpus]") {
  const fs::path root = test::shared_corpus() / "Cake";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one "Hand#ID - " line per hand.
  const std::regex header(R"(Hand#[0-9A-F]+ - )");
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file() || de.path().extension() != ".txt") continue;
    const std::string text = decode(test::read_file(de.path())).text;
    headers += std::distance(std::sregex_iterator(text.begin(), text.end(), header),
                             std::sregex_iterator());
  }
  const test::SweepResult r = test::sweep_corpus(root, "cake/anomalies.tsv");
  CHECK(headers == 41);
  // The one piece more: tour/Flop/NLHE-9max-USD-10-1-201312.trim.hh.txt starts with the end of a
  // hand whose header was cut off.
  CHECK(r.hands == headers + 1);
  CHECK(r.parsed == headers);
  CHECK(r.sites == std::set<std::string>{"cake", "unknown"});
  // Not one line left unread ("Player_Space: mucks" included: the seated "Player Space").
  CHECK(r.warnings.empty());
  test::check_sweep(r, "cake/anomalies.tsv", /*with_hp=*/true, headers);
}

// Fault hands: testdata/cake/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand) edited
// on one line; testdata/cake/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"cake/faults", name, "cake", "Hand#", hand_id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Cake fault: a collection larger than the pot", "[cake][faults]") {
  // "Player0 wins $50,50" -> "$53,50": the pot is 52.50.
  // The rake is not printed: the one derived is negative.
  check_fault("collection", "2998011673000397", {{FindingCode::RakeMismatch, 0, 0, -100}});
}

TEST_CASE("Cake fault: a short big blind", "[cake][faults]") {
  // "Hero: posts big blind $5" -> "$4": the small bet is $5.
  // Hero's later call of $5 then leaves him $1 short of Player0's raise to $10, which the
  // uncalled bet then misses.
  check_fault("blind", "2998011673000397",
              {{FindingCode::WrongForcedBet, 1, 500, 400},
               {FindingCode::WrongCallAmount, 1, 600, 500},
               {FindingCode::RoundNotClosed, 1, 1000, 900},
               {FindingCode::UncalledBetMismatch, 3, 1100, 1000}});
}

TEST_CASE("Cake fault: a short uncalled bet", "[cake][faults]") {
  // "Player0: returns uncalled bet $10" -> "$5": nobody called Player0's $10 river bet.
  check_fault("uncalled", "2998011673000397", {{FindingCode::UncalledBetMismatch, 3, 1000, 500}});
}

TEST_CASE("Cake fault: an all-in larger than the stack", "[cake][faults]") {
  // "Vill***1: is all in $0.07" -> "$0.09": 0.07 was all Vill***1 had left of 0.31.
  // Hero's call of 0.03 then falls short of the 0.13 Vill***1 would have bet, 0.02 of which nobody
  // called, and Hero, short, may not win the pot.
  check_fault("allin", "2589013774000163",
              {{FindingCode::BetExceedsStack, 3, 7, 9},
               {FindingCode::WrongCallAmount, 8, 5, 3},
               {FindingCode::UncalledBetMismatch, 3, 2, 0},
               {FindingCode::PayoutMismatch, 8, 0, 31}});
}

TEST_CASE("Cake: a tournament header's field not known is not read", "[cake]") {
  auto hand = [](const std::string& table_field) {
    return "Hand#3000000000000001 - $5.50 Coin Flip T10000001 -- TICKETCASH -- $5,25 + $0,25 -- "
           "2 Max -- " +
           table_field +
           " -- 0/10/20 NL Hold'em -- 2012.07.15 - 00:53:42\n"
           "Dealer: Seat 3\n"
           "Seat 3: Hero (1 500 in chips)\n"
           "Seat 8: Villain (1 500 in chips)\n"
           "Dealt to Hero [Qd,4c]\n"
           "Hero: shows [Qd 4c]\n"
           "Villain: shows [As 2s]\n"
           "*** FLOP *** [8s,4d,Jd]\n"
           "*** TURN *** [Tc]\n"
           "*** RIVER *** [Ts]\n"
           "***SHOW DOWN***\n"
           "Hero wins 3 000 with Two Pairs Tens and Fours\n";
  };
  const std::vector<Hand> clean = read_text(hand("Table 1"), "written.txt");
  REQUIRE(clean.size() == 1);
  CHECK(clean[0].tournament);
  CHECK(clean[0].issues.empty());
  for (const char* bad : {"zzyzx 1", "Table O"}) {
    INFO(bad);
    const std::vector<Hand> hands = read_text(hand(bad), "written.txt");
    REQUIRE(hands.size() == 1);
    REQUIRE(!hands[0].issues.empty());
    CHECK(hands[0].issues.front().line == 1);
  }
}

// Issue 33, point 8: "-1/10/20" is a level without ante (some exports print -1 where others
// print 0); another negative ante is not read.
TEST_CASE("Cake header: -1 for no ante", "[cake][issue33]") {
  const test::Edited e = test::edited(test::load("cake/coinflip.txt"), "0/10/20", "-1/10/20");
  const Hand h = test::only_hand(read_text(e.text, "no_ante.txt"));
  check_read(h);
  CHECK(h.ante == 0);
  CHECK(h.small_blind == 10);
  CHECK(h.big_blind == 20);
  audits_clean(h);
  const test::Edited bad = test::edited(test::load("cake/coinflip.txt"), "0/10/20", "-2/10/20");
  const std::vector<Hand> unread = read_text(bad.text, "bad_ante.txt");
  REQUIRE(unread.size() == 1);
  CHECK_FALSE(unread[0].issues.empty());
}
