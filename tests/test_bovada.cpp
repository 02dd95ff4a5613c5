// Bovada / Ignition / Bodog (site "bovada"): the parser on real hands with exact amounts (copied
// into testdata/bovada/, sources in README.md there), hands written from the format's rules,
// detection, a sweep of the shared corpus (../shared/corpus/Bovada) against
// testdata/bovada/anomalies.tsv, and fault hands (testdata/bovada/faults) each carrying one money
// error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/bovada/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/findings_of.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;
using test::event;
using test::events;
using test::load;
using test::seat;

namespace {

Hand one_text(const std::string& text, const std::string& name) {
  std::vector<Hand> hands = read_text(text, name);
  REQUIRE(hands.size() == 1);
  Hand& h = hands.front();
  INFO(name);
  CHECK(h.site == "bovada");
  CHECK(h.parsed);
  return std::move(h);
}

// The one hand of a testdata file, which must parse as Bovada without an issue.
Hand one_hand(const std::string& rel) {
  Hand h = one_text(load(rel), rel);
  INFO(rel);
  for (const ParseIssue& i : h.issues)
    INFO("line " << i.line << ": " << i.expected << " / " << i.got);
  CHECK(h.issues.empty());
  return h;
}

std::string board(const Hand& h) {
  std::string out;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Board) out += (out.empty() ? "" : " ") + e.cards.printed();
  return out;
}

// The error and warning findings of a hand.
std::vector<test::Got> problems(const Hand& h) {
  std::vector<test::Got> out;
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.severity != Severity::Info) out.push_back(test::got(f));
  return out;
}

bool has_finding(const Hand& h, FindingCode code) {
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.code == code) return true;
  return false;
}

}  // namespace

TEST_CASE("Bovada detection: each room's own header line", "[bovada]") {
  for (const char* line :
       {"Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23",
        "Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32",
        "Bodog Hand #2607518885 TBL#1266397 HOLDEM Fixed Limit - 2012-05-22 14:54:12",
        "Bodog UK Hand #2635581996 TBL#2076847 HOLDEM No Limit - 2012-09-26 16:42:02",
        "Bodog.com Hand #4107052743 TBL#24061052 HOLDEM No Limit [MVS] - 2021-04-23 11:09:26 UTC",
        "Bodog.eu Hand #3598529418 TBL#15069462 HOLDEM No Limit - 2018-04-28 21:52:54",
        "Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - "
        "2012-06-17 22:21:03"}) {
    INFO(line);
    CHECK(bovada::is_hand_start(line));
    const SniffResult s = sniff_format(line);
    REQUIRE(s.format);
    CHECK(s.format->name() == "bovada");
  }
  for (const char* line :
       {"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)", "Bovada Hand #",
        "Bovada Hand #x1", "Bovadas Hand #123", "BetOnline Poker Game #123"})
    CHECK_FALSE(bovada::is_hand_start(line));
  CHECK(format_by_name("bovada")->readable());
  CHECK(format_by_name("bovada")->display_name() == "Bovada");
}

// cash/Flop/NLHE-USD - $0.25-$0.50 - 202103.MVS.version.txt: "Raises X to Y" puts in X to reach
// Y; "All-in X" bets, or calls for less; a side pot; the stakes from the Table Info line; no rake
// printed (3.00 derived: 222.21 less 219.21 collected); UTC printed.
TEST_CASE("Bovada MVS cash hand: raises to, all-in bets and calls, a side pot", "[bovada]") {
  const Hand h = one_hand("bovada/mvs_side_pot.txt");
  CHECK(h.site_hand_id == "4086249181");
  CHECK(h.table_name == "23799796");
  CHECK(h.game.variant == GameVariant::Holdem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  CHECK(h.started_at_utc == "2021-03-11T22:58:57Z");
  CHECK(h.button_seat == 5);  // an empty seat: no "Dealer" is seated
  CHECK(seat(h, 3).player == "UTG+1 [ME]");
  CHECK(seat(h, 3).stack == 7567);
  CHECK(event(h, EventKind::DealtHole, 3).cards.printed() == "Kd Qs");
  const Event& open = event(h, EventKind::Raise, 3);  // "Raises $1.25 to $1.25"
  CHECK(open.amount == 125);
  CHECK(open.to == 125);
  CHECK(open.raise_by == 0);  // Bovada prints what the raise puts in, not the increment
  const Event& reraise = event(h, EventKind::Raise, 3, 1);  // "Raises $33.92 to $35.42"
  CHECK(reraise.street == Street::Flop);
  CHECK(reraise.amount == 3392);
  CHECK(reraise.to == 3542);
  const Event& shove = event(h, EventKind::Bet, 3, 1);  // turn "All-in $39": a bet
  CHECK(shove.street == Street::Turn);
  CHECK(shove.amount == 3900);
  CHECK(shove.all_in);
  const Event& short_call = event(h, EventKind::Call, 4, 2);  // "All-in $32.95": a call for less
  CHECK(short_call.amount == 3295);
  CHECK(short_call.all_in);
  CHECK(board(h) == "7d Kh 9h Qd 7h");
  // The cards held, not the best five.
  CHECK(event(h, EventKind::Shows, 3).cards.printed() == "Kd Qs");
  CHECK(event(h, EventKind::Collected, 3, 0).amount == 1194);
  CHECK(event(h, EventKind::Collected, 3, 1).amount == 20727);
  REQUIRE(h.total_pot);
  CHECK(*h.total_pot == 22221);
  CHECK_FALSE(h.rake);
  CHECK(h.summary.size() == 5);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  CHECK(r.derived_rake == 300);
  REQUIRE(r.pots.size() == 2);
  CHECK(r.pots[1].amount == 1210);  // (39 - 32.95) x 2
  CHECK(r.pots[1].rake == 16);      // the rake split in proportion: 1210 / 22221 of 3.00
  CHECK(problems(h).empty());
}

// cash/Flop/LHE-USD-8-16-201204.old.format.txt, the first hand: "Raises $16" prints only the
// street total; streets are dealt by "Card dealt to table"; the stakes come from the blinds.
TEST_CASE("Bovada old format: raise totals, table cards, rake printed", "[bovada]") {
  const Hand h = one_hand("bovada/old_format.txt");
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 800);
  CHECK(h.big_bet == 1600);
  CHECK(h.small_blind == 400);
  CHECK(h.started_at_utc == "2012-04-03T20:25:23Z");   // no zone printed: Eastern time
  const Event& raise = event(h, EventKind::Raise, 1);  // "Small Blind : Raises $16" over $4
  CHECK(raise.to == 1600);
  CHECK(raise.amount == 1200);
  const Event& flop_raise = event(h, EventKind::Raise, 1, 1);  // "Raises $24" over a $16 raise
  CHECK(flop_raise.street == Street::Flop);
  CHECK(flop_raise.to == 2400);
  CHECK(flop_raise.amount == 1600);
  CHECK(board(h) == "Ks 7c 9s 8h 4c");
  CHECK(event(h, EventKind::UncalledReturned, 1).amount == 1600);
  CHECK(event(h, EventKind::Collected, 1).amount == 11100);
  CHECK(h.total_pot == std::optional<Money>(11200));
  CHECK(h.rake == std::optional<Money>(100));
  CHECK(problems(h).empty());
}

// cash/Flop/LHE-USD-2-4-201205.Bodog.txt: no street is marked at all; each complete betting round
// ends its street and the board comes from the summary.
TEST_CASE("Bovada unmarked streets: a complete round ends the street", "[bovada]") {
  const Hand h = one_hand("bovada/bodog_unmarked.txt");
  CHECK(h.site_hand_id == "2607518885");
  CHECK(event(h, EventKind::Raise, 3).street == Street::Preflop);
  CHECK(event(h, EventKind::Bet, 3).street == Street::Flop);    // "Small Blind : Bets $2"
  CHECK(event(h, EventKind::Check, 3).street == Street::Turn);  // then checks the turn
  CHECK(event(h, EventKind::Bet, 5).street == Street::Turn);    // "Big Blind : Bets $4"
  CHECK(event(h, EventKind::Check, 3, 1).street == Street::River);
  CHECK(board(h) == "2s Qh 5c 5s Kd");
  CHECK(h.rake == std::optional<Money>(50));
  CHECK(problems(h).empty());
}

// cash/Flop/PLO-USD-5-10-201204.new.format.txt #2601410830: unmarked streets where the big blind
// checks last preflop and first on the flop ("Big Blind : Checks" twice in a row is not a repeat).
TEST_CASE("Bovada unmarked streets: the same check closes one round and opens the next",
          "[bovada]") {
  const Hand h = one_hand("bovada/plo_unmarked.txt");
  CHECK(h.game.variant == GameVariant::Omaha);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(event(h, EventKind::Check, 1, 0).street == Street::Preflop);
  CHECK(event(h, EventKind::Bet, 1, 0).street == Street::Flop);
  CHECK(event(h, EventKind::Check, 1, 1).street == Street::Turn);
  const Event& river = event(h, EventKind::Bet, 1, 1);
  CHECK(river.street == Street::River);
  CHECK(river.amount == 46000);
  CHECK(event(h, EventKind::UncalledReturned, 1).amount == 46000);
  CHECK(problems(h).empty());
}

// cash/Stud/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt: players named "Seat+N", antes, the
// bring-in, seventh street printed as "*** RIVER ***", HI and LO halves in the summary.
TEST_CASE("Bovada stud hi/lo: seat-named players, bring-in, split pot", "[bovada]") {
  const Hand h = one_hand("bovada/stud_hilo.txt");
  CHECK(h.game.name() == games::kSevenCardStudHiLo.name());
  CHECK(seat(h, 5).player == "Seat+5 [ME]");
  CHECK(seat(h, 5).stack == 20000);
  CHECK(h.ante == 125);
  CHECK(event(h, EventKind::BringIn, 5).amount == 250);
  const Event& complete = event(h, EventKind::Raise, 8);  // "Raises $5 to $5"
  CHECK(complete.to == 500);
  CHECK(event(h, EventKind::Bet, 5, 1).street == Street::Seventh);
  CHECK(event(h, EventKind::Shows, 2).cards.printed() == "5c 2h 6c 3h 5s 7c 8h");
  CHECK(event(h, EventKind::Collected, 2).amount == 7350);
  CHECK(event(h, EventKind::Collected, 5).amount == 7350);
  REQUIRE(h.summary.size() == 8);
  for (const SummarySeat& s : h.summary)
    if (s.seat == 2 || s.seat == 5) CHECK(s.won == 7350);
  CHECK(problems(h).empty());
}

// tour/Flop/NLHE-9max-USD-MTT-201301.all.in.blind.txt: "Big Blind : All-in 19" before the deal is
// the big blind posted all-in; callers still owe the full 100.
TEST_CASE("Bovada tournament: a big blind all-in for less before the deal", "[bovada]") {
  const Hand h = one_hand("bovada/all_in_blind.txt");
  CHECK(h.tournament);
  CHECK(h.tournament_id == "3246325");
  CHECK(h.unit == 1);
  CHECK(h.currency.empty());
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  const Event& bb = event(h, EventKind::PostBigBlind, 6);
  CHECK(bb.amount == 19);
  CHECK(bb.all_in);
  CHECK(event(h, EventKind::Call, 9).amount == 100);
  CHECK(event(h, EventKind::UncalledReturned, 9).amount == 50);
  CHECK(problems(h).empty());
}

// tour/Flop/... 202104.Ignititon.MVS.txt: seat lines numbered by player ("Seat 65: UTG+2") and a
// "Seating Info" line giving their table order, which the dealer line and the summary use.
TEST_CASE("Bovada MVS tournament: Seating Info gives the table seats", "[bovada]") {
  const Hand h = one_hand("bovada/mvs_tournament.txt");
  CHECK(h.tournament_id == "M-20210422003411");
  CHECK(h.small_blind == 75);
  CHECK(h.big_blind == 150);
  CHECK(h.ante == 15);
  CHECK(seat(h, 1).player == "UTG+2");
  CHECK(seat(h, 5).player == "Dealer");
  CHECK(seat(h, 7).player == "Big Blind [ME]");
  CHECK(h.button_seat == 5);
  CHECK(event(h, EventKind::Raise, 5, 0).to == 450);
  const Event& shove = event(h, EventKind::Raise, 5, 1);  // "All-in(raise) 10,580 to 11,030"
  CHECK(shove.all_in);
  CHECK(shove.to == 11030);
  CHECK(shove.amount == 10580);
  CHECK(event(h, EventKind::Collected, 7).amount == 22270);
  REQUIRE(h.summary.size() == 9);
  for (const SummarySeat& s : h.summary)
    if (s.seat == 7) CHECK(s.won == 22270);
  CHECK(problems(h).empty());
}

// tour/Flop/NLHE-9max-USD-STT - $3-$0.30 - 201601.out.of.order.seats.txt ("Seat 3: Dealer" under
// "Set dealer [4]") and the Monthly Milly #4328113704 ("Seat 1468: UTG [ME]" listed last): the
// printed numbers are not table seats, so the seats are numbered by position from the Dealer.
TEST_CASE("Bovada tournaments: seats numbered by position when the numbers are not the table's",
          "[bovada]") {
  const Hand stt = one_hand("bovada/out_of_order_seats.txt");
  CHECK(stt.button_seat == 1);
  CHECK(seat(stt, 1).player.starts_with("Dealer"));
  CHECK(seat(stt, 2).player.starts_with("Small Blind"));
  CHECK(seat(stt, 3).player.starts_with("Big Blind"));
  CHECK(problems(stt).empty());

  const Hand milly = one_hand("bovada/milly_player_numbers.txt");
  CHECK(milly.button_seat == 1);
  CHECK(seat(milly, 1).player == "Dealer");
  CHECK(seat(milly, 4).player == "UTG [ME]");
  CHECK(seat(milly, 8).player == "UTG+4");
  for (const SummarySeat& s : milly.summary)
    if (s.seat == 3) CHECK(s.won == 8640);  // "Seat+1505: Big Blind 8640 ..."
  CHECK(problems(milly).empty());
}

// fixtures/ignition.txt: a walk. Bovada prints no return of the big blind nobody called: it stays
// in the total pot and in the "Hand result".
TEST_CASE("Bovada walk: the uncalled big blind stays in the collection", "[bovada]") {
  const Hand h = one_hand("bovada/ignition_walk.txt");
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(h.started_at_utc == "2016-08-09T16:41:32Z");
  CHECK(event(h, EventKind::Collected, 4).amount == 75);
  CHECK(h.total_pot == std::optional<Money>(75));
  CHECK(has_finding(h, FindingCode::UncalledBetInCollection));
  CHECK(problems(h).empty());
  // A hand that prints a return keeps the printed style.
  CHECK(one_hand("bovada/old_format.txt").uncalled_style == UncalledStyle::Printed);
}

// cash/Flop/NLHE-USD-0.10-0.25-201209.RING ... .post.both.txt #2629955907: "Posts dead chip
// $0.35" is a dead small blind of $0.10 and a live big blind.
TEST_CASE("Bovada dead blinds: small dead, big live", "[bovada]") {
  const Hand h = one_hand("bovada/dead_blind.txt");
  const Event& both = event(h, EventKind::PostBothBlinds, 2);
  CHECK(both.amount == 35);
  CHECK(both.dead == 10);
  CHECK(h.small_blind == 10);
  CHECK(h.big_blind == 25);
  CHECK(problems(h).empty());
}

// tour/Flop/... 201408.corrupted.lines.txt #3031666821: lines written several times in a row
// (a blind four times, a call twice, a collection three times) are issues, replayed once.
TEST_CASE("Bovada repeated lines are replayed once", "[bovada]") {
  const Hand h = one_text(load("bovada/repeated_lines.txt"), "repeated_lines.txt");
  CHECK(h.issues.size() == 5);
  CHECK(events(h, EventKind::PostSmallBlind, 6).size() == 1);
  CHECK(events(h, EventKind::Collected, 2).size() == 1);
  // UTG+1 limps, then calls the raise: two calls, each printed once ("Call 250" twice, apart).
  CHECK(events(h, EventKind::Call, 1).size() == 2);
  for (const test::Got& p : problems(h)) CHECK(p.code == FindingCode::UnrecognisedLine);
}

// Written from the rules: "Posts chip" below the big blind is a live small blind; "All-in X"
// over the bet faced is a raise; "All-in(raise) Y" prints the street total.
TEST_CASE("Bovada written hand: live small post, all-in raises", "[bovada]") {
  const std::string text =
      "Bovada Hand #1000 TBL#7 HOLDEM No Limit - 2015-01-02 03:04:05\n"
      "Seat 1: Dealer ($10 in chips)\n"
      "Seat 2: Small Blind ($10 in chips)\n"
      "Seat 3: Big Blind ($10 in chips)\n"
      "Seat 4: UTG ($5 in chips)\n"
      "Dealer : Set dealer [1]\n"
      "Small Blind : Small Blind $0.10\n"
      "Big Blind : Big blind $0.25\n"
      "UTG : Posts chip $0.10\n"
      "*** HOLE CARDS ***\n"
      "Dealer : Card dealt to a spot [Ah Kd]\n"
      "Small Blind : Card dealt to a spot [2c 2d]\n"
      "Big Blind : Card dealt to a spot [7s 8s]\n"
      "UTG : Card dealt to a spot [Qc Jc]\n"
      "UTG : All-in $4.90\n"
      "Dealer : All-in(raise) $10\n"
      "Small Blind : Folds\n"
      "Big Blind : Folds\n"
      "Dealer : Return uncalled portion of bet $5\n"
      "*** FLOP *** [2h 3h 4h]\n"
      "*** TURN *** [2h 3h 4h] [5c]\n"
      "*** RIVER *** [2h 3h 4h 5c] [9d]\n"
      "UTG : Showdown [Qc Jc 5c 4h 3h]\n"
      "Dealer : Showdown [Ah Kd 5c 4h 3h]\n"
      "Dealer : Hand result $10.35\n"
      "*** SUMMARY ***\n"
      "Total Pot($10.35)\n"
      "Board [2h 3h 4h 5c 9d]\n"
      "Seat+1: Dealer $10.35 with Straight [Ah Kd-5c 4h 3h 2h Ah]\n"
      "Seat+2: Small Blind Folded before the FLOP\n"
      "Seat+3: Big Blind Folded before the FLOP\n"
      "Seat+4: UTG lost with Straight [Qc Jc-5c 4h 3h 2h Ah]\n";
  const Hand h = one_text(text, "written.txt");
  CHECK(h.issues.empty());
  CHECK(event(h, EventKind::PostSmallBlind, 4).amount == 10);  // live: UTG then adds 4.90
  const Event& shove = event(h, EventKind::Raise, 4);          // "All-in $4.90" over 0.25
  CHECK(shove.amount == 490);
  CHECK(shove.to == 500);
  const Event& over = event(h, EventKind::Raise, 1);  // "All-in(raise) $10": to $10
  CHECK(over.to == 1000);
  CHECK(over.amount == 1000);
  CHECK(problems(h).empty());
}

// A Bovada tournament takes no rake: a collection short of the pot (all_in_blind.txt edited) is
// chips paid to nobody.
TEST_CASE("Bovada tournament: a collection short of the pot is an error", "[bovada]") {
  std::string text = load("bovada/all_in_blind.txt");
  const std::string line = "UTG+1 : Hand Result 57";
  text.replace(text.find(line), line.size(), "UTG+1 : Hand Result 47");
  const Hand h = one_text(text, "short.txt");
  CHECK(has_finding(h, FindingCode::RakeMismatch));
}

// Written from the house rule hilo_low_remainder_to_high: Omaha Hi/Lo, $1.20 pot, $0.05 rake,
// $1.15 to split. The high half is $0.58, the low half $0.57 between two equal lows. Bovada (rule
// on) pays the low winners $0.28 each and the cent left to the high half ($0.59); with the rule
// off the cent goes to the low winner left of the button (Small Blind $0.29, high $0.58).
TEST_CASE("Bovada hi/lo: what the low half cannot divide goes to the high half", "[bovada]") {
  const std::string text =
      "Bovada Hand #9000 TBL#1 OMAHA HiLo Pot Limit - 2014-08-05 01:25:39\n"
      "Seat 1: Dealer ($10 in chips)\n"
      "Seat 2: Small Blind ($10 in chips)\n"
      "Seat 3: Big Blind ($10 in chips)\n"
      "Dealer : Set dealer [1]\n"
      "Small Blind : Small Blind $0.10\n"
      "Big Blind : Big blind $0.20\n"
      "*** HOLE CARDS ***\n"
      "Dealer : Card dealt to a spot [Ac 4c Jh Jd]\n"
      "Small Blind : Card dealt to a spot [As 4s Th Td]\n"
      "Big Blind : Card dealt to a spot [Qc Qd 9h 9s]\n"
      "Dealer : Raises $0.40 to $0.40\n"
      "Small Blind : Calls $0.30\n"
      "Big Blind : Calls $0.20\n"
      "*** FLOP *** [2h 3d 7c]\n"
      "Small Blind : Checks\n"
      "Big Blind : Checks\n"
      "Dealer : Checks\n"
      "*** TURN *** [2h 3d 7c] [Kd]\n"
      "Small Blind : Checks\n"
      "Big Blind : Checks\n"
      "Dealer : Checks\n"
      "*** RIVER *** [2h 3d 7c Kd] [Ks]\n"
      "Small Blind : Checks\n"
      "Big Blind : Checks\n"
      "Dealer : Checks\n"
      "Small Blind : Showdown [Ks Kd Th Td 7c]\n"
      "Big Blind : Showdown [Ks Kd Qc Qd 7c]\n"
      "Dealer : Showdown [Ks Kd Jh Jd 7c]\n"
      "Big Blind : Hand result $0.59\n"
      "Small Blind : Hand result $0.28\n"
      "Dealer : Hand result $0.28\n"
      "*** SUMMARY ***\n"
      "Total Pot($1.20) | Rake ($0.05)\n"
      "Board [2h 3d 7c Kd Ks]\n"
      "Seat+1: Dealer  with Two pair [Ac 4c Jh Jd-Ks Kd Jh Jd 7c] LO $0.28 [Ac 4c-7c 4c 3d 2h Ac]\n"
      "Seat+2: Small Blind  with Two pair [As 4s Th Td-Ks Kd Th Td 7c] LO $0.28 [As 4s-7c 4s 3d 2h "
      "As]\n"
      "Seat+3: Big Blind HI $0.59  with Two pair [Qc Qd 9h 9s-Ks Kd Qc Qd 7c]\n";
  const Hand h = one_text(text, "hilo_split.txt");
  CHECK(h.issues.empty());
  CHECK(test::shipped_house_rules().for_site("bovada").hilo_low_remainder_to_high);
  CHECK(problems(h).empty());

  HouseRulesBook one_each;  // the built-in default: the rule off
  std::vector<test::Got> got;
  for (const Finding& f : audit_hand(h, AuditContext{&one_each}).findings)
    if (f.severity != Severity::Info) got.push_back(test::got(f));
  // The low half's odd chip then goes to the Dealer (seat 1), the first low winner after the
  // small blind (Bovada's order of odd chips: Hand::odd_chips_whole_after_small_blind).
  CHECK(h.odd_chips_whole_after_small_blind);
  CHECK(got == std::vector<test::Got>{{FindingCode::OddChipMismatch, 1, 29, 28},
                                      {FindingCode::OddChipMismatch, 3, 58, 59}});
}

TEST_CASE("Bovada corpus sweep", "[bovada][corpus]") {
  const fs::path root = test::shared_corpus() / "Bovada";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(root));
  // Hands counted without the parser: header lines of the six rooms.
  const std::regex header(
      R"(^(\xEF\xBB\xBF)?(Bovada|Ignition|Bodog|Bodog UK|Bodog\.com|Bodog\.eu) Hand #\d+)");
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::ifstream in(de.path(), std::ios::binary);
    for (std::string l; std::getline(in, l);) headers += std::regex_search(l, header);
  }
  CHECK(headers == 1400);
  const test::SweepResult r = test::sweep_corpus(root, "bovada/anomalies.tsv");
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"bovada"});
  // The corpus holds no fpdb .hp file for this site.
  test::check_sweep(r, "bovada/anomalies.tsv", false);
}

// Fault hands: testdata/bovada/faults/NAME.txt is faults/originals/NAME.txt edited on one line;
// testdata/bovada/README.md explains every expected finding.
namespace {
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault(
      {"bovada/faults", name, "bovada", "Bovada Hand #", hand_id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Bovada fault: a short call", "[bovada][faults]") {
  // "UTG+2 : Calls $1.25" -> "$1": 0.25 short preflop; the all-in later leaves 0.25 behind.
  check_fault("call_amount", "4086249181",
              {{FindingCode::WrongCallAmount, 4, 125, 100},
               {FindingCode::RoundNotClosed, 4, 125, 100},
               {FindingCode::WrongCallAmount, 4, 3320, 3295},
               {FindingCode::AllInMismatch, 4, 0, 25},
               {FindingCode::TotalPotMismatch, 0, 22196, 22221},
               {FindingCode::PayoutMismatch, 0, 21896, 21921}});
}

TEST_CASE("Bovada fault: the side pot paid to a player all-in for less", "[bovada][faults]") {
  // "UTG+1 [ME] : Hand result-Side pot $11.94" -> "UTG+2 : ...": collections do not name which
  // pot, so the summary (UTG+1 won 219.21, UTG+2 lost) tells.
  check_fault("side_pot_collector", "4086249181",
              {{FindingCode::SummaryMismatch, 3, 20727, 21921},
               {FindingCode::SummaryMismatch, 4, 1194, 0}});
}

TEST_CASE("Bovada fault: a collection too large", "[bovada][faults]") {
  // "Small Blind : Hand result $111" -> "$121": the $112 pot less the $1 rake holds $111.
  check_fault("collected_amount", "2596777580",
              {{FindingCode::RakeMismatch, 0, -900, 100},
               {FindingCode::ChipsNotConserved, 0, 11200, 12200},
               {FindingCode::PayoutMismatch, 0, 11100, 12100},
               {FindingCode::SummaryMismatch, 1, 12100, 11100}});
}

TEST_CASE("Bovada fault: a wrong total pot", "[bovada][faults]") {
  // "Total Pot($112) | Rake ($1)" -> "Total Pot($122)".
  check_fault("total_pot", "2596777580",
              {{FindingCode::TotalPotMismatch, 0, 11200, 12200},
               {FindingCode::RakeMismatch, 0, 1100, 100}});
}

TEST_CASE("Bovada fault: an uncalled bet returned short", "[bovada][faults]") {
  // "Small Blind : Return uncalled portion of bet $16" -> "$8".
  check_fault("uncalled_bet", "2596777580",
              {{FindingCode::UncalledBetMismatch, 1, 1600, 800},
               {FindingCode::TotalPotMismatch, 0, 12000, 11200},
               {FindingCode::ChipsNotConserved, 0, 12000, 11200},
               {FindingCode::PayoutMismatch, 0, 11900, 11100}});
}

TEST_CASE("Bovada: a summary seat's result is read whole or is a line not read", "[bovada]") {
  auto hand = [](const std::string& winner) {
    return "Bodog Hand #2600000001 TBL#1000001 HOLDEM Fixed Limit - 2012-05-22 14:54:12\n"
           "Seat 1: Dealer ($40 in chips)\n"
           "Seat 3: Small Blind ($85 in chips)\n"
           "Small Blind : Ante/Small Blind $1\n"
           "Dealer : Big blind/Bring in $2\n"
           "*** HOLE CARDS ***\n"
           "Small Blind : Card dealt to a spot [4d 4s]\n"
           "Dealer : Card dealt to a spot [Kh 2d]\n"
           "Small Blind : Raises $4\n"
           "Dealer : Folds\n"
           "Small Blind : Return uncalled portion of bet $2\n"
           "Small Blind : Hand result $4\n"
           "*** SUMMARY ***\n"
           "Total Pot($4)\n"
           "Seat 1: Dealer Folded on the POCKET CARDS\n" +
           winner + "\n";
  };
  auto issues_of = [&](const std::string& winner) {
    const std::vector<Hand> hands = read_text(hand(winner), "written.txt");
    REQUIRE(hands.size() == 1);
    return hands[0].issues;
  };
  CHECK(issues_of("Seat 3: Small Blind $4 [Does not show]").empty());
  for (const char* bad :
       {"Seat 3: Small zzyzx $4 [Does not show]", "Seat 3: Small Blind $O [Does not show]",
        "Seat 3: Small Blind $4O [Does not show]",
        "Seat 3: Small Blind HI $4.O  with Two pair [4d 4s-5s 5c 4s 4d Kd]"}) {
    INFO(bad);
    const auto issues = issues_of(std::string(bad));
    REQUIRE(!issues.empty());
    CHECK(issues.back().line == 16);
  }
}
