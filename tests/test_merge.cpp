// Merge (site "merge"): detection, the reader on corpus hands with exact amounts (testdata/merge,
// README.md there), a hand written for the tournament balances, a sweep of
// ../shared/corpus/Merge against testdata/merge/anomalies.tsv, and fault hands each carrying one
// money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/merge/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"
#include "tests/tag_count.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

std::vector<const Finding*> errors_of(const Hand& h) {
  static std::vector<Finding> keep;
  keep = audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings;
  std::vector<const Finding*> out;
  for (const Finding& f : keep)
    if (f.severity != Severity::Info) out.push_back(&f);
  return out;
}

}  // namespace

TEST_CASE("Merge detection", "[merge]") {
  CHECK(merge::is_document_start("<description type=\"Holdem\" stakes=\"No Limit ($1/$2)\"/>"));
  CHECK(merge::is_document_start("  <description type=\"Razz\" stakes=\"Limit $0.50/$1\"/>"));
  CHECK_FALSE(merge::is_document_start("<descriptions>"));
  CHECK_FALSE(merge::is_document_start("<game id=\"1-1\">"));
  CHECK(sniff_format("<description type=\"Holdem\" stakes=\"No Limit ($1/$2)\"/>\n<game id=\"1\">")
            .format->name() == "merge");
  CHECK(format_by_name("merge")->readable());
}

TEST_CASE("Merge amounts are exact minor units", "[merge]") {
  CHECK(merge::read_amount("$8.48", 100) == 848);
  CHECK(merge::read_amount("0.04", 100) == 4);
  CHECK(merge::read_amount("4460.00", 1) == 4460);
  CHECK_FALSE(merge::read_amount("0.125", 100));
  CHECK_FALSE(merge::read_amount("", 100));
}

TEST_CASE("Merge hand: both blinds posted, a raise to, the uncalled bet inside the win",
          "[merge]") {
  const std::vector<Hand> hands = read_text(test::load("merge/post_both.xml"), "post_both.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "merge");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "45547825-416");
  CHECK(h.table_name == "Bohai (45547825)");
  CHECK(h.game == games::kOmahaHiLo);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_bet == 100);
  CHECK(h.big_bet == 200);
  CHECK(h.max_seats == 9);
  CHECK(h.button_seat == 7);                          // dealer="6", seats counted from 0
  CHECK(h.started_at_utc == "2011-12-20T10:01:17Z");  // 05:01:17 local, timestamps 5 h later
  REQUIRE(h.seat_of(2));
  CHECK(h.seat_of(2)->player == "Player1");
  CHECK(h.seat_of(2)->stack == 2755);
  const Event* both = test::nth_event(h, EventKind::PostBothBlinds);
  REQUIRE(both);
  CHECK(both->seat == 2);
  CHECK(both->amount == 150);
  CHECK(both->dead == 50);
  const Event* raise = test::nth_event(h, EventKind::Raise);
  REQUIRE(raise);
  CHECK(raise->to == 200);
  CHECK(raise->amount == 100);
  const Event* won = test::nth_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 2);
  CHECK(won->amount == 575);
  CHECK(h.uncalled_style == UncalledStyle::InCollection);
  CHECK_FALSE(h.rake);
  CHECK_FALSE(h.total_pot);
  CHECK(errors_of(h).empty());
}

TEST_CASE("Merge 2008 hand: raises of the chips added, a printed uncalled bet", "[merge]") {
  const std::vector<Hand> hands = read_text(test::load("merge/all_streets.xml"), "all_streets.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  // The big blind (seat 2) "RAISE"s 5.00 over its 0.50: to 5.50, called by 4.50 from 1.00.
  const Event* raise = test::nth_event(h, EventKind::Raise, 1);
  REQUIRE(raise);
  CHECK(raise->seat == 2);
  CHECK(raise->amount == 500);
  CHECK(raise->to == 550);
  const Event* back = test::nth_event(h, EventKind::UncalledReturned);
  REQUIRE(back);
  CHECK(back->seat == 2);
  CHECK(back->amount == 183);
  CHECK(h.uncalled_style == UncalledStyle::Printed);
  const Event* board = test::nth_event(h, EventKind::Board, 2);
  REQUIRE(board);
  CHECK(board->street == Street::River);
  CHECK(board->cards.cards().size() == 1);  // the new card only: the print repeats the whole board
  CHECK(errors_of(h).empty());
}

TEST_CASE("Merge tournament: an unversioned export's balance is after the forced bets", "[merge]") {
  const std::vector<Hand> hands = read_text(test::load("merge/tournament.xml"), "tournament.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.tournament_id == "999-1");
  CHECK(h.unit == 1);
  CHECK(h.currency.empty());
  CHECK(h.small_blind == 10);  // no stakes printed: the blinds posted
  CHECK(h.big_blind == 20);
  REQUIRE(h.seat_of(2));
  CHECK(h.seat_of(2)->stack == 1500);  // balance 1490 + the small blind's 10
  CHECK(h.seat_of(3)->stack == 1500);
  CHECK(h.seat_of(1)->stack == 1500);
  const Event* all_in = test::nth_event(h, EventKind::Raise);
  REQUIRE(all_in);
  CHECK(all_in->all_in);
  CHECK(all_in->to == 1500);
  CHECK(errors_of(h).empty());
  // With version="1" the balance is before them: the same hand then bets more than it has.
  std::string versioned = test::load("merge/tournament.xml");
  versioned.replace(versioned.find("stakes=\"No Limit\""), 17, "stakes=\"No Limit\" version=\"1\"");
  const std::vector<Hand> v = read_text(versioned, "versioned.xml");
  REQUIRE(v.size() == 1);
  CHECK(v.front().seat_of(2)->stack == 1490);
  bool over = false;
  for (const Finding* f : errors_of(v.front())) over |= f->code == FindingCode::BetExceedsStack;
  CHECK(over);
}

TEST_CASE("Merge gametype 25: an Omaha tournament (pot limit)", "[merge][issue33]") {
  // Issue 33, point 3: the odd codes are tournaments' (23 Hold'em), 25 is Omaha's. The
  // tournament hand of testdata/merge/tournament.xml dealt as pot-limit Omaha: Bob folds his
  // small blind, Carol's win of 30 holds her 10 uncalled.
  std::string text = test::load("merge/tournament.xml");
  auto edit = [&](const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  edit("type=\"Holdem Tournament\" stakes=\"No Limit\"",
       "type=\"Omaha Tournament\" stakes=\"Pot Limit\"");
  edit("numholecards=\"2\" gametype=\"23\"", "numholecards=\"4\" gametype=\"25\"");
  edit("type=\"ALL_IN\" timestamp=\"1325934009000\" player=\"1\" amount=\"1490.00\"/>",
       "type=\"FOLD\" timestamp=\"1325934009000\" player=\"1\"/>");
  edit("<event sequence=\"5\" type=\"FOLD\" timestamp=\"1325934012000\" player=\"2\"/>\n", "");
  edit("amount=\"1520.00\" uncalled=\"false\" potnumber=\"1\" player=\"1\"",
       "amount=\"30.00\" uncalled=\"false\" potnumber=\"1\" player=\"2\"");
  const std::vector<Hand> hands = read_text(text, "omaha.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.issues.empty());
  CHECK(h.game == games::kOmaha);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.tournament);
  CHECK(errors_of(h).empty());
  // A code Merge is not known to deal is a gap (PARSE_ERROR, hhaudit's), not the site's error.
  edit("gametype=\"25\"", "gametype=\"27\"");
  const std::vector<Hand> unknown = read_text(text, "unknown.xml");
  REQUIRE(unknown.size() == 1);
  CHECK_FALSE(unknown.front().parsed);
  REQUIRE(unknown.front().issues.size() == 1);
  CHECK(unknown.front().issues.front().got == "27");
}

TEST_CASE("Merge stud: each round's new cards are that street's deal", "[merge][stud]") {
  // A player's stud cards are printed again every round (DRAW_DRAWN_CARDS, the down cards
  // hidden; the hero's HOLE): the cards not printed before are the round's deal, and an
  // all-in's cards shown at fourth street are no fifth street's deal.
  const std::string text = R"(<description type="7-Stud" stakes="Limit $0.50/$1"/>
<game id="1-1" starttime="20110204202244" numholecards="7" gametype="39" realmoney="true" data="20110204|T (1)|1|1-1|false">
	<players dealer="1">
		<player seat="1" nickname="Ann" balance="$10.00" dealtin="true" />
		<player seat="2" nickname="Hero" balance="$1.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="ANTE" timestamp="1296868936796" player="1" amount="0.05"/>
		<event sequence="2" type="ANTE" timestamp="1296868936796" player="2" amount="0.05"/>
	</round>
	<round id="BRING_IN" sequence="2">
		<event sequence="3" type="BRING_IN" timestamp="1296868941234" player="1" amount="0.10"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2s" player="1"/>
		<cards type="HOLE" cards="4d,3d,Qh" player="2" hand="Queen High"/>
	</round>
	<round id="THIRD_STREET" sequence="3">
		<event sequence="4" type="CALL" timestamp="1296868943781" player="2" amount="0.10"/>
	</round>
	<round id="FOURTH_STREET" sequence="4">
		<event sequence="5" type="BET" timestamp="1296868962250" player="2" amount="0.50"/>
		<event sequence="6" type="ALL_IN" timestamp="1296868962250" player="1" amount="0.50"/>
		<event sequence="7" type="CALL" timestamp="1296868962250" player="2" amount="0.35"/>
		<cards type="DRAW_DRAWN_CARDS" cards="null,null,2s,8c" player="1"/>
		<cards type="HOLE" cards="4d,3d,Qh,Kd" player="2" hand="Queen High"/>
		<cards type="SHOWN" cards="9h,9s,2s,8c" player="1"/>
	</round>
	<round id="FIFTH_STREET" sequence="5">
		<cards type="DRAW_DRAWN_CARDS" cards="9h,9s,2s,8c,7d" player="1"/>
		<cards type="HOLE" cards="4d,3d,Qh,Kd,Jd" player="2" hand="Queen High"/>
	</round>
</game>
)";
  const std::vector<Hand> hands = read_text(text, "stud.xml");
  REQUIRE(hands.size() == 1);
  std::vector<std::string> dealt;
  for (const Event* e : test::events_of(hands.front(), EventKind::DealtHole))
    dealt.push_back(std::to_string(e->seat) + " " + street_name(e->street) + " " + e->cards.printed());
  // Merge's seats count from 0: player="1" is seat 2.
  CHECK(dealt == std::vector<std::string>{"2 preflop 2s", "3 preflop 4d 3d Qh", "2 flop 8c",
                                          "3 flop Kd", "2 turn 7d", "3 turn Jd"});
}

TEST_CASE("Merge document: a mixed game's hands, a cut-off game, junk after a game", "[merge]") {
  const std::string doc =
      "<description type=\"HORSE\" stakes=\"Limit $0.25/$0.50\" version=\"2\" />\n"
      "<game id=\"1-1\" starttime=\"2012/08/23 02:10:05 -0300\" numholecards=\"7\" "
      "gametype=\"75\" multigametype=\"47\" data=\"20120822|T|1|1-1|false\">\n"
      "<players dealer=\"0\"><player seat=\"0\" nickname=\"A\" balance=\"$5.00\"/>"
      "<player seat=\"1\" nickname=\"B\" balance=\"$5.00\"/></players>\n"
      "</game> junk\n"
      "<game id=\"1-2\" starttime=\"20120101000000\" gametype=\"99\" data=\"x\">\n";
  const std::vector<Hand> hands = read_text(doc, "doc.xml");
  REQUIRE(hands.size() == 2);
  CHECK(hands[0].parsed);
  CHECK(hands[0].game == games::kRazz);
  CHECK(hands[0].started_at_utc == "2012-08-23T05:10:05Z");  // its offset printed
  REQUIRE(hands[0].issues.size() == 1);
  CHECK(hands[0].issues[0].expected == "only whitespace after </game>");
  CHECK(hands[0].issues[0].line == 4);
  CHECK_FALSE(hands[1].parsed);
  REQUIRE_FALSE(hands[1].issues.empty());
  CHECK(hands[1].issues[0].expected == "</game>: the document ends inside the game");
  CHECK(hands[1].source.line == 5);
}

TEST_CASE("Merge corpus sweep", "[merge][corpus]") {
  const fs::path root = test::shared_corpus() / "Merge";
  REQUIRE(fs::is_directory(root));
  const long games = test::count_tags(root, "<game ");  // apart from the reader
  const test::SweepResult r = test::sweep_corpus(root, "merge/anomalies.tsv");
  CHECK(games == 138);
  CHECK(r.hands == games);
  CHECK(r.parsed == games);
  CHECK(r.sites == std::set<std::string>{"merge"});
  test::check_sweep(r, "merge/anomalies.tsv", /*with_hp=*/true);
}

// Fault hands: testdata/merge/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand)
// edited on one line; testdata/merge/README.md lists the edits.
namespace {
void check_fault(const std::string& name, const std::string& id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"merge/faults", name, "merge", "<description ", id, std::move(findings), {}});
}
}  // namespace

TEST_CASE("Merge fault: a win larger than the pot", "[merge][faults]") {
  // Winner 5.75 -> 6.25: 1.00 of it is the uncalled bet, 5.25 is paid from a pot of 5.00.
  check_fault("collection", "45547825-416", {{FindingCode::RakeMismatch, 0, 0, -25}});
}

TEST_CASE("Merge fault: a short big blind", "[merge][faults]") {
  // BIG_BLIND 1.00 -> 0.50 at $1/$2 fixed limit: the big blind is the small bet, 1.00.
  check_fault("blind", "45547825-416",
              {{FindingCode::WrongForcedBet, 1, 100, 50},
               {FindingCode::WrongCallAmount, 1, 150, 100},
               {FindingCode::RoundNotClosed, 1, 200, 150},
               {FindingCode::RakeMismatch, 0, 0, -25}});
}

TEST_CASE("Merge fault: an uncalled bet returned larger than the excess", "[merge][faults]") {
  // The uncalled="true" winner 1.83 -> 2.33: 1.83 of the 18.00 bet was not called.
  check_fault(
      "uncalled", "15245216-1000",
      {{FindingCode::UncalledBetMismatch, 2, 183, 233}, {FindingCode::PayoutMismatch, 2, 0, 5567}});
}

TEST_CASE("Merge strict: a seat, a start, a player element that do not parse are gaps", "[merge]") {
  // player="O" is no seat 1; a starttime that is no date does not say what a RAISE is; a
  // renamed <player> is not a seat to make up from the actions; a renamed <game> is an unparsed
  // hand.
  test::check_gap("merge/all_streets.xml", "type=\"FOLD\" player=\"", "type=\"FOLD\" player=\"O");
  test::check_gap("merge/all_streets.xml", "starttime=\"2", "starttime=\"O");
  test::check_gap("merge/all_streets.xml", "<player seat=", "<zzyzx seat=");
  test::check_gap("merge/post_both.xml", "<players dealer=\"", "<players dealer=\"O");
  test::check_gap("merge/post_both.xml", "<game id=", "<zzyzx id=");
}
