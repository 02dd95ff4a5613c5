// 888poker (site "888poker"): the parser on real hands with exact amounts, detection, a sweep of
// the shared corpus (../shared/corpus/PacificPoker, skipped when absent) against
// testdata/888poker/anomalies.tsv and fpdb's .hp nets, and fault hands (testdata/888poker/faults,
// README.md there) each carrying one money error that no printed total is needed to detect.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/888poker/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;
using test::event;
using test::events;
using test::finding;
using test::load;
using test::parse_file;
using test::seat;

namespace {

// The one hand of a testdata file, which must parse cleanly as 888.
Hand one_hand(const std::string& rel) {
  std::vector<Hand> hands = parse_file(rel);
  REQUIRE(hands.size() == 1);
  Hand& h = hands.front();
  INFO(rel);
  CHECK(h.site == "888poker");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  return std::move(h);
}

}  // namespace

TEST_CASE("888 amounts: the decimal separator is decided per amount", "[888poker]") {
  CHECK(poker888::read_amount("$1,728.25", 100) == 172825);
  CHECK(poker888::read_amount("$ 3.243", 100) == 324300);  // Dutch: '.' groups thousands
  CHECK(poker888::read_amount("$ 552,72", 100) == 55272);  // ... and ',' is the decimal comma
  CHECK(poker888::read_amount("0,01 $", 100) == 1);
  CHECK(poker888::read_amount("5 000 $", 100) == 500000);
  CHECK(poker888::read_amount("15 788,50 $", 100) == 1578850);
  CHECK(poker888::read_amount("0.50", 100) == 50);
  CHECK(poker888::read_amount("9,966.25", 100) == 996625);
  CHECK(poker888::read_amount("$0.1", 100) == 10);
  CHECK(poker888::read_amount("1", 100) == 100);
  CHECK(poker888::read_amount("1.183.764 $", 1) == 1183764);
  CHECK(poker888::read_amount("$18,872", 1) == 18872);
  CHECK(poker888::read_amount("1 123 698", 1) == 1123698);
  CHECK(poker888::read_amount("42.797,60 $", 1) == std::nullopt);  // chips have no cents
  CHECK(poker888::read_amount(" $ ", 100) == std::nullopt);
}

TEST_CASE("888 detection claims only its own hand-start line", "[888poker]") {
  CHECK(poker888::is_hand_start("#Game No : 548154959"));
  CHECK_FALSE(poker888::is_hand_start("#Game No : "));
  CHECK_FALSE(poker888::is_hand_start("#Game No : 5481x"));
  CHECK_FALSE(poker888::is_hand_start("***** 888poker Hand History for Game 548154959 *****"));
  CHECK_FALSE(poker888::is_hand_start("Game #12827330772 starts."));
  CHECK_FALSE(poker888::is_hand_start(
      "PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD) - 2018/03/28 13:38:18 ET"));
  const Format* f = readable_format_of_line("#Game No : 548154959");
  REQUIRE(f);
  CHECK(f->name() == "888poker");

  // PartyPoker heads some exports with the same "#Game No" line: such a hand is not taken for an
  // 888 one (this one, cut after its game line, is PartyPoker's and unparsed).
  std::vector<Hand> party = read_text(
      "#Game No : 11354414824\n***** Hand History for Game 11354414824 *****\n"
      "$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012\n",
      "party.txt");
  REQUIRE(party.size() == 1);
  CHECK(party[0].site == "partypoker");
  CHECK_FALSE(party[0].parsed);

  // A file mixing PokerStars and 888 hands splits into one hand of each.
  std::vector<Hand> mixed = read_text(
      load("sample/fixtures_holdem_Sample.txt") + "\n\n" + load("888poker/jackpot_table.txt"),
      "mixed.txt");
  REQUIRE(mixed.size() == 2);
  CHECK(mixed[0].site == "pokerstars");
  CHECK(mixed[0].parsed);
  CHECK(mixed[1].site == "888poker");
  CHECK(mixed[1].parsed);
  CHECK(mixed[1].site_hand_id == "548154959");
}

TEST_CASE("888 cash hand: header, raise amounts, no total pot or rake", "[888poker]") {
  const Hand h = one_hand("888poker/jackpot_table.txt");
  CHECK(h.site_hand_id == "548154959");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.limit_text == "No Limit");
  CHECK_FALSE(h.tournament);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  CHECK(h.started_at_utc == "2016-07-04T02:30:27Z");  // printed without a zone, taken as UTC
  CHECK(h.table_name == "Leeds");
  CHECK(h.max_seats == 10);
  CHECK(h.button_seat == 6);
  CHECK(seat(h, 6).player == "Hero");
  CHECK(seat(h, 6).stack == 3500);
  CHECK(seat(h, 8).stack == 9824);
  CHECK_FALSE(h.total_pot);
  CHECK_FALSE(h.rake);
  CHECK(h.reported_pots.empty());
  CHECK(h.summary.empty());
  // "Hero raises [$2.50]" after posting the $0.50 small blind: 2.50 goes in, to 3.00.
  const Event& raise = event(h, EventKind::Raise, 6);
  CHECK(raise.street == Street::Preflop);
  CHECK(raise.amount == 250);
  CHECK(raise.to == 300);
  CHECK(raise.raise_by == 0);  // not printed by 888
  // "Player0 calls [$2]" over the $1 big blind: to 3.00.
  const Event& call = event(h, EventKind::Call, 8);
  CHECK(call.amount == 200);
  CHECK(call.to == 300);
  const Event& bet = event(h, EventKind::Bet, 8);
  CHECK(bet.street == Street::Flop);
  CHECK(bet.amount == 300);
  CHECK(bet.to == 300);
  const Event& won = event(h, EventKind::Collected, 8);
  CHECK(won.amount == 570);
  CHECK(won.pot_index == -1);
  CHECK(won.street == Street::Showdown);
  CHECK(event(h, EventKind::DealtHole, 6).cards.printed() == "8d 8h");
}

TEST_CASE("888 space-grouped amounts and localised cards (Swedish export)", "[888poker]") {
  const std::vector<Hand> hands = parse_file("888poker/swedish.txt");
  REQUIRE(hands.size() == 2);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "873818904");
  CHECK(h.game.name() == "Omaha");
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.small_blind == 2500);
  CHECK(h.big_blind == 5000);
  CHECK(seat(h, 4).stack == 500000);  // "5 000 $" with non-breaking spaces
  CHECK(seat(h, 9).stack == 649700);
  const Event& r0 = event(h, EventKind::Raise, 4);  // "raises [125 $]" over a 25 $ small blind
  CHECK(r0.amount == 12500);
  CHECK(r0.to == 15000);
  const Event& r1 = event(h, EventKind::Raise, 9);  // "raises [400 $]" over a 50 $ big blind
  CHECK(r1.amount == 40000);
  CHECK(r1.to == 45000);
  CHECK(event(h, EventKind::Call, 4, 0).to == 45000);
  CHECK(event(h, EventKind::Bet, 9, 1).amount == 225000);  // "bets [2 250 $]" on the river
  CHECK(event(h, EventKind::Collected, 9).amount == 674900);
  CHECK(event(h, EventKind::DealtHole, 9).cards.printed() == "Tc Knh 9h 9c");  // Kn = knekt (jack)
  // A hand mucked at the showdown is no hand shown: the line is kept as printed (issue 33).
  CHECK(event(h, EventKind::Mucks, 4).text == "mucks [ Ec, Knd, 4c, Kh ]");
  CHECK(hands[1].site_hand_id == "873819368");
  CHECK(hands[1].parsed);
}

TEST_CASE("888 Dutch amounts: '.' groups and ',' is decimal in one hand", "[888poker]") {
  const Hand h = one_hand("888poker/dutch.txt");
  CHECK(h.small_blind == 1000);
  CHECK(h.big_blind == 2000);
  CHECK(seat(h, 1).stack == 324300);  // "$ 3.243"
  CHECK(seat(h, 7).stack == 55272);   // "$ 552,72"
  CHECK(event(h, EventKind::Raise, 7).to == 4000);
  CHECK(event(h, EventKind::Call, 1).amount == 2000);
  CHECK(event(h, EventKind::Collected, 1).amount == 17600);
  // Nothing was left uncalled: the audit derives the pot and the rake and says it could not
  // compare them with anything printed.
  const AuditResult r = audit_hand(h);
  std::vector<std::uint32_t> gaps;  // the cards are Dutch ("Hc", "Bh"): unread, not guessed
  for (const Finding& f : r.findings)
    if (f.code == FindingCode::UnrecognisedLine)
      gaps.push_back(f.line);
    else if (f.code != FindingCode::SummaryMismatch)
      CHECK(f.severity == Severity::Info);
  CHECK(gaps == std::vector<std::uint32_t>{15, 21, 25, 32});
  const Finding* pot = finding(r, FindingCode::TotalPotNotPrinted);
  REQUIRE(pot);
  CHECK(pot->expected == 18000);
  CHECK(r.derived_total_pot == 18000);
  const Finding* rake = finding(r, FindingCode::RakeNotPrinted);
  REQUIRE(rake);
  CHECK(rake->expected == 400);
  CHECK(r.derived_rake == 400);
}

TEST_CASE("888 dead blind: small blind dead, big blind live", "[888poker]") {
  const Hand h = one_hand("888poker/dead_blinds.txt");
  CHECK(h.small_blind == 1);
  CHECK(h.big_blind == 2);
  // "campdog14 posts dead blind [$0.01 + $0.02]", then checks when the action comes back.
  const Event& e = event(h, EventKind::PostBothBlinds, 3);
  CHECK(e.amount == 3);
  CHECK(e.dead == 1);
  CHECK(e.to == 2);
  CHECK(event(h, EventKind::Check, 3).street == Street::Preflop);
  const AuditResult r = audit_hand(h);
  CHECK(r.derived_total_pot == 52);
  CHECK(r.derived_rake == 28);  // only one of the two split winners was paid (see docs)
}

TEST_CASE("888 observed hand in Latin-1: no 'Dealing down cards' marker", "[888poker]") {
  const Hand h = one_hand("888poker/observed_latin1.txt");
  CHECK(seat(h, 2).stack == 1578850);  // "15 788,50 $", the space a Latin-1 NBSP
  CHECK(seat(h, 7).stack == 989900);
  const Event& raise = event(h, EventKind::Raise, 2);
  CHECK(raise.street == Street::Preflop);
  CHECK(raise.amount == 12500);
  CHECK(raise.to == 15000);
  CHECK(event(h, EventKind::Board, 0).cards.printed() == "2d Kns 7d");
}

TEST_CASE("888 tournaments: chips, antes, buy-in lines without a date", "[888poker]") {
  const Hand sp = one_hand("888poker/tourney_spaces.txt");
  CHECK(sp.tournament);
  CHECK(sp.tournament_id == "154648012");
  CHECK(sp.currency.empty());
  CHECK(sp.unit == 1);
  CHECK(sp.small_blind == 25000);
  CHECK(sp.big_blind == 50000);
  CHECK(sp.ante == 6000);
  CHECK(sp.started_at_utc.empty());  // "- ***" with no date
  CHECK(sp.max_seats == 10);
  CHECK(seat(sp, 1).stack == 1123698);  // "1 123 698"
  const Event& shove = event(sp, EventKind::Raise, 1);
  CHECK(shove.amount == 1092698);
  CHECK(shove.to == 1117698);
  CHECK(event(sp, EventKind::Collected, 1).amount == 741370);

  const Hand ro = one_hand("888poker/tourney_ro.txt");
  CHECK(ro.tournament_id == "132736084");
  CHECK(ro.table_name == "10");
  CHECK(ro.max_seats == 6);
  CHECK(ro.big_blind == 16000);
  CHECK(event(ro, EventKind::Raise, 9, 1).to == 574882);        // "raises [542.882 $]" over 32.000
  CHECK(event(ro, EventKind::Collected, 4).amount == 1183764);  // "1.183.764 $"

  // BLAST: the stakes are the prize pool; both players ante their whole stack.
  const Hand bl = one_hand("888poker/blast.txt");
  CHECK(bl.small_blind == 0);
  CHECK(bl.big_blind == 0);
  CHECK(event(bl, EventKind::PostAnte, 1).amount == 3530);
  CHECK(event(bl, EventKind::PostAnte, 7).amount == 2470);

  const Hand side = one_hand("888poker/tourney_side_pot.txt");
  CHECK(side.started_at_utc == "2012-02-17T00:42:56Z");
  CHECK(side.table_name == "359");
  CHECK(event(side, EventKind::Collected, 2).amount == 120);
  CHECK(event(side, EventKind::Collected, 6).amount == 3403);
  // Two pots are built (the 15-chip all-in ante and the rest): collections are not labelled,
  // so only their total can be compared, and they add up.
  const AuditResult r = audit_hand(side);
  CHECK(r.pots.size() == 2);
  CHECK(r.derived_total_pot == 3523);
  CHECK(r.derived_rake == 0);
}

TEST_CASE("888 play money, Omaha Hi/Lo and Ontario dollars", "[888poker]") {
  const Hand pm = one_hand("888poker/hilo_play_money.txt");
  CHECK(pm.game.name() == "Omaha Hi/Lo");
  CHECK(pm.structure == Structure::FixedLimit);
  CHECK(pm.currency.empty());
  CHECK(pm.unit == 100);  // play chips come with hundredths
  CHECK(seat(pm, 9).stack == 21238817);
  CHECK(event(pm, EventKind::Collected, 3).amount == 23800);
  CHECK(event(pm, EventKind::Collected, 6).amount == 23800);

  const Hand ca = one_hand("888poker/ca_on.txt");
  CHECK(ca.currency == "CAD");
  CHECK(ca.started_at_utc == "2022-06-05T23:06:24Z");
  CHECK(event(ca, EventKind::Raise, 2).amount == 325);
}

TEST_CASE("888 corpus sweep", "[888poker][corpus]") {
  const fs::path root = test::shared_corpus() / "PacificPoker";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(root));
  const test::SweepResult r = test::sweep_corpus(root, "888poker/anomalies.tsv");
  CHECK(r.hands >= 241);
  CHECK(r.sites == std::set<std::string>{"888poker"});
  CHECK(r.hp_checked == 8);
  test::check_sweep(r, "888poker/anomalies.tsv");
}

// Fault hands: testdata/888poker/faults/NAME.txt is testdata/888poker/faults/originals/NAME.txt
// edited on one line; testdata/888poker/README.md explains every expected finding.
namespace {
// `gaps`: the original's cards that are localised (Swedish "Knh", docs/sites/888poker.md), one
// UNRECOGNISED_LINE each, in the original and the edited hand alike.
void check_fault(const std::string& name, const std::string& hand_id,
                 std::vector<test::Expected> findings, std::size_t gaps = 0) {
  const std::vector<test::Expected> gap(gaps, {FindingCode::UnrecognisedLine, 0, {}, {}});
  findings.insert(findings.end(), gap.begin(), gap.end());
  test::check_fault(
      {"888poker/faults", name, "888poker", "#Game No : ", hand_id, std::move(findings), gap});
}
}  // namespace

TEST_CASE("888 fault: a collection too large in a two-pot tournament hand", "[888poker][faults]") {
  // "nikoquimey collected [ $3,403 ]" -> "$3,503": 100 more is paid than the two pots hold. With
  // no rake printed the audit derives one, and it comes out negative.
  check_fault("collected_amount", "190627712", {{FindingCode::RakeMismatch, 0, 0, -100}});
}

TEST_CASE("888 fault: a short call", "[888poker][faults]") {
  // "harryabc calls [30]" -> "[20]": the call to the 30 big blind is 30. The pot is then 470,
  // less than the 476 paid (RAKE_MISMATCH: derived rake -6), and harryabc, 10 short of the others
  // without being all-in, is not eligible for the pot he shares (PAYOUT_MISMATCH). Dlady14
  // "mucks [...]": a hand thrown away, not shown (issue 33), and since he collects nothing he
  // conceded: the pot is judged among the hands shown. harryabc, not eligible, takes the high half
  // that nugsy20's hand, the best of those eligible, is owed with the low (WRONG_WINNER).
  check_fault("call_amount", "440985926",
              {{FindingCode::WrongCallAmount, 3, 3000, 2000},
               {FindingCode::RoundNotClosed, 3, 3000, 2000},
               {FindingCode::RakeMismatch, 0, 0, -600},
               {FindingCode::PayoutMismatch, 3, 0, 23800},
               {FindingCode::WrongWinner, 6, 47600, 23800}});
}

TEST_CASE("888 fault: a call larger than the stack", "[888poker][faults]") {
  // "Seat 4: Player0 ( 5 000 $ )" -> "( 3 000 $ )": after 450 + 675 he has 1 875 $ behind
  // and calls 2 250 $ on the river.
  // The call is also more than the all-in call of 1 875 $ the stack allows.
  check_fault("bet_exceeds_stack", "873818904",
              {{FindingCode::BetExceedsStack, 4, 187500, 225000},
               {FindingCode::WrongCallAmount, 4, 187500, 225000}},
              3);
}

TEST_CASE("888 fault: a folded player collects the pot", "[888poker][faults]") {
  // "Player0 collected [ 1,26$ ]" -> "Hero collected [ 1,26$ ]": Hero folded preflop.
  // The Russian export's cards are cp1252 mojibake: four lines of them are gaps.
  check_fault("ineligible_collection", "103581731", {{FindingCode::PayoutMismatch, 2, 0, 126}}, 4);
}

// Issue 19, point 8, written from the rule: an export with a blank player name ("Seat 2:  ( $895
// )", " posts small blind [$50]"). The seat is named "Seat 2" and its lines, which start with the
// verb, are its own; the hand is audited, not failed.
TEST_CASE("888 blank player name: the seat is named by its number and audited", "[888poker]") {
  const Hand h = one_hand("888poker/blank_names.txt");
  REQUIRE(h.seats.size() == 3);
  CHECK(seat(h, 2).player == "Seat 2");
  CHECK(seat(h, 2).stack == 89500);
  CHECK(seat(h, 1).player == "Player0");
  CHECK(event(h, EventKind::PostSmallBlind, 2).amount == 5000);
  CHECK(event(h, EventKind::DealtHole, 2).cards.printed() == "8d 8h");
  const Event& raise = event(h, EventKind::Raise, 2);
  CHECK(raise.amount == 25000);
  CHECK(raise.to == 30000);
  CHECK(event(h, EventKind::Call, 4).to == 30000);
  const Event& bet = event(h, EventKind::Bet, 2);
  CHECK(bet.street == Street::Flop);
  CHECK(bet.amount == 30000);
  CHECK(event(h, EventKind::Mucks, 2).street == Street::Showdown);
  CHECK(event(h, EventKind::Collected, 2).amount == 59500);  // $600 less the $5 rake cap

  const AuditResult r = audit_hand(h);
  for (const Finding& f : r.findings) {
    INFO(f.code << " " << f.message);
    CHECK(f.severity == Severity::Info);  // only what 888 never prints (total pot, rake, ...)
  }
  for (const PlayerResult& p : r.players)
    if (p.seat == 2) {
      CHECK(p.contributed == 30000);  // the flop bet nobody called comes back
      CHECK(p.collected == 59500);
    }
}

// Two blank names: a line with no name cannot be given to either seat; it stays an issue.
TEST_CASE("888 two blank player names: nameless lines stay issues", "[888poker]") {
  std::string text = load("888poker/blank_names.txt");
  const std::string player0 = "Seat 1: Player0 ( $1,200 )";
  text.replace(text.find(player0), player0.size(), "Seat 1:  ( $1,200 )");
  std::vector<Hand> hands = read_text(text, "two_blank.txt");
  REQUIRE(hands.size() == 1);
  CHECK(hands[0].seat_of(1)->player == "Seat 1");
  CHECK_FALSE(hands[0].issues.empty());
}

// Issue 33, points 6 and 17: the 888 format under other banners, Snap, and a muck at the
// showdown (docs/sites/888poker.md). Hands written from the rules.
namespace {

std::string written_888(const std::string& room, const std::string& alice_shows) {
  return "#Game No : 100\n***** " + room +
         " Hand History for Game 100 *****\n"
         "$0.50/$1 Blinds No Limit Holdem - *** 04 07 2016 02:30:27\n"
         "Table Leeds 10 Max (Real Money)\nSeat 6 is the button\nTotal number of players : 2\n"
         "Seat 6: Alice ( $35 )\nSeat 8: Bob ( $50 )\n"
         "Alice posts small blind [$0.50]\nBob posts big blind [$1]\n"
         "** Dealing down cards **\nAlice calls [$0.50]\nBob checks\n"
         "** Dealing flop ** [ 4c, Tc, 6d ]\nBob checks\nAlice checks\n"
         "** Dealing turn ** [ 9h ]\nBob checks\nAlice checks\n"
         "** Dealing river ** [ 2s ]\nBob checks\nAlice checks\n"
         "** Summary **\nBob shows [ Kd, Qd ]\nAlice " +
         alice_shows + " [ 4s, 4h ]\nBob collected [ $2 ]\n";
}

Hand one_hand_of(const std::string& text) {
  std::vector<Hand> hands = read_text(text, "written.txt");
  REQUIRE(hands.size() == 1);
  CHECK(hands[0].parsed);
  CHECK(hands[0].issues.empty());
  return std::move(hands[0]);
}

std::vector<FindingCode> codes_of(const Hand& h) {
  std::vector<FindingCode> out;
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.severity != Severity::Info) out.push_back(f.code);
  return out;
}

}  // namespace

TEST_CASE("888 platform skins: the same format under another banner", "[888poker][issue33]") {
  for (const std::string room : {"WSOP.com-NJ", "TowerTorneos", "Delawarepark.com",
                                 "LuckyAcePoker.com", "888poker Snap Poker"}) {
    INFO(room);
    const std::string text = written_888(room, "mucks");
    CHECK(sniff_format(text).format == format_by_name("888poker"));
    const std::vector<Hand> hands = read_text(text, "skin.txt");
    REQUIRE(hands.size() == 1);
    CHECK(hands[0].site == "888poker");
    CHECK(hands[0].parsed);
    CHECK(hands[0].issues.empty());
    CHECK(hands[0].small_blind == 50);
    // Snap deals every hand at a new table of a pool: no stack carried between hands.
    CHECK(hands[0].fast_fold == (room == "888poker Snap Poker"));
  }
  // A room that is not 888's is not read as 888's.
  const std::vector<Hand> other = read_text(written_888("Nowhere.com", "mucks"), "other.txt");
  REQUIRE_FALSE(other.empty());
  CHECK_FALSE(other[0].parsed);
}

TEST_CASE("888 a player who mucks never wins the pot", "[888poker][issue33]") {
  // Alice's mucked fours make three of a kind against Bob's king high: she gave the pot up.
  const Hand mucked = one_hand_of(written_888("888poker", "mucks"));
  const Event& muck = event(mucked, EventKind::Mucks, 6);
  CHECK(muck.cards.empty());  // not a hand shown
  CHECK(muck.text == "mucks [ 4s, 4h ]");
  CHECK(codes_of(mucked).empty());
  // Shown, the same cards win: Bob's collection is the site's error.
  const Hand shown = one_hand_of(written_888("888poker", "shows"));
  CHECK(codes_of(shown) == std::vector<FindingCode>{FindingCode::WrongWinner});
}

namespace {

// Three-handed, checked down: Carol "mucks" (or shows) 4s 4h, Alice and Bob show, `collector`
// takes the $3 pot.
std::string written_888_three_way(const std::string& carol, const std::string& collector) {
  return "#Game No : 101\n***** 888poker Hand History for Game 101 *****\n"
         "$0.50/$1 Blinds No Limit Holdem - *** 04 07 2016 02:31:27\n"
         "Table Leeds 10 Max (Real Money)\nSeat 6 is the button\nTotal number of players : 3\n"
         "Seat 2: Carol ( $40 )\nSeat 6: Alice ( $35 )\nSeat 8: Bob ( $50 )\n"
         "Bob posts small blind [$0.50]\nCarol posts big blind [$1]\n"
         "** Dealing down cards **\nAlice calls [$1]\nBob calls [$0.50]\nCarol checks\n"
         "** Dealing flop ** [ 4c, Tc, 6d ]\nBob checks\nCarol checks\nAlice checks\n"
         "** Dealing turn ** [ 9h ]\nBob checks\nCarol checks\nAlice checks\n"
         "** Dealing river ** [ 2s ]\nBob checks\nCarol checks\nAlice checks\n"
         "** Summary **\nAlice shows [ Ah, Jd ]\nBob shows [ Kd, Qd ]\nCarol " +
         carol + " [ 4s, 4h ]\n" + collector + " collected [ $3 ]\n";
}

// The findings of the audit but notes, and SHOWDOWN_NOT_EVALUATED (a note).
std::vector<FindingCode> all_codes_of(const Hand& h) {
  std::vector<FindingCode> out;
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.severity != Severity::Info || f.code == FindingCode::ShowdownNotEvaluated)
      out.push_back(f.code);
  return out;
}

}  // namespace

TEST_CASE("888 a mucker who collects nothing is no contender left unjudged",
          "[888poker][issue33]") {
  // Carol's mucked fours conceded: the pot is Alice's ace high against Bob's king high, both
  // shown, so the showdown is judged whole (no SHOWDOWN_NOT_EVALUATED note).
  const Hand right = one_hand_of(written_888_three_way("mucks", "Alice"));
  CHECK(right.mucked_hands_concede);
  CHECK(all_codes_of(right).empty());
  // The winners among the shown hands are still judged: Bob's king high is beaten.
  const Hand wrong = one_hand_of(written_888_three_way("mucks", "Bob"));
  CHECK(all_codes_of(wrong) == std::vector<FindingCode>{FindingCode::WrongWinner});
  for (const Finding& f : audit_hand(wrong, AuditContext{&test::shipped_house_rules()}).findings)
    if (f.code == FindingCode::WrongWinner) {
      CHECK(f.seat == 6);
      CHECK(f.expected == 300);
      CHECK(f.actual == 0);
    }
  // Shown, Carol's fours win: Alice's collection is the site's error.
  CHECK(all_codes_of(one_hand_of(written_888_three_way("shows", "Alice"))) ==
        std::vector<FindingCode>{FindingCode::WrongWinner});
  // A mucker who collects is still a contender (the site paid the hand it threw away): his cards
  // are not shown, and the winner is not judged.
  Hand collected = one_hand_of(written_888_three_way("mucks", "Carol"));
  CHECK(all_codes_of(collected) == std::vector<FindingCode>{FindingCode::ShowdownNotEvaluated});
  // Without the site's convention a mucked hand is one not shown (judged beaten unseen).
  Hand elsewhere = one_hand_of(written_888_three_way("mucks", "Alice"));
  elsewhere.mucked_hands_concede = false;
  CHECK(all_codes_of(elsewhere) == std::vector<FindingCode>{FindingCode::ShowdownNotEvaluated});
}
