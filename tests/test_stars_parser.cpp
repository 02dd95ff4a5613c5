#include <catch2/catch.hpp>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/pokerstars/builder.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/text_util.hpp"
#include "test_paths.hpp"

using namespace hh;

namespace {

std::vector<Hand> parse_file(const std::string& rel) {
  return read_text(decode(test::read_file(test::testdata(rel))).text, rel);
}

const Event* find_event(const Hand& h, EventKind k, int seat) {
  for (const Event& e : h.events)
    if (e.kind == k && e.seat == seat) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("PokerStars header, seats, raises and run-it-twice collections", "[stars]") {
  auto hands = parse_file("sample/fixtures_holdem_Sample.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site == "pokerstars");
  CHECK(h.site_hand_id == "184487904738");
  CHECK(h.game.name() == "Split Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 100);
  CHECK(h.big_blind == 200);
  // 13:38:18 ET on 28 March 2018 is daylight time (UTC-4).
  CHECK(h.started_at_utc == "2018-03-28T17:38:18Z");
  CHECK(h.table_name == "Rhodesia");
  CHECK(h.max_seats == 6);
  CHECK(h.button_seat == 3);
  REQUIRE(h.seats.size() == 6);
  CHECK(h.seats[0].player == "Player0");
  CHECK(h.seats[0].stack == 43069);
  CHECK(h.seats[3].stack == 16000);
  // "Player1: raises $4 to $6": 6.00 put in, to 6.00, raise by 4.00.
  const Event* raise = find_event(h, EventKind::Raise, 2);
  REQUIRE(raise);
  CHECK(raise->amount == 600);
  CHECK(raise->to == 600);
  CHECK(raise->raise_by == 400);
  CHECK(raise->street == Street::Preflop);
  // Two boards, two collections, each from "the pot".
  int boards = 0, collections = 0;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Board) ++boards;
    if (e.kind == EventKind::Collected) {
      ++collections;
      CHECK(e.pot_index == -1);
    }
  }
  CHECK(boards == 6);
  CHECK(collections == 2);
  // "*** FIRST SHOW DOWN ***" then "Player1 collected $33.54 from pot" (line 40) is the first
  // board's; after "*** SECOND SHOW DOWN ***", "Player2 collected $33.53 from pot" (line 44) is
  // the second's.
  std::vector<std::pair<std::uint32_t, int>> collection_boards;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Collected) collection_boards.emplace_back(e.line, e.board_index);
  CHECK(collection_boards == std::vector<std::pair<std::uint32_t, int>>{{40, 0}, {44, 1}});
  REQUIRE(h.total_pot);
  CHECK(*h.total_pot == 6982);
  REQUIRE(h.rake);
  CHECK(*h.rake == 275);
  REQUIRE(h.summary.size() == 6);
  CHECK(h.summary[1].won == 3354);
  CHECK(h.summary[2].won == 3353);

  AuditResult r = audit_hand(h);
  CHECK(r.findings.empty());
  REQUIRE(r.pots.size() == 1);
  CHECK(r.pots[0].amount == 6982);
  CHECK(r.pots[0].rake == 275);
}

TEST_CASE("tournament hand: chips, level stakes, bounty", "[stars]") {
  auto hands = parse_file("sample/fixtures_holdem_tournament_pko.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.tournament);
  CHECK(h.unit == 1);
  CHECK(h.currency.empty());
  CHECK_FALSE(h.tournament_id.empty());
  CHECK(h.big_blind > 0);
}

TEST_CASE("a broken hand does not take its neighbours down", "[stars]") {
  std::string good = test::read_file(test::testdata("sample/fixtures_holdem_walk.txt"));
  std::string text = good + "\n\nPokerStars Hand #1: this header is garbage\nSeat 1: x\n\n" + good;
  auto hands = read_text(decode(text).text, "mixed.txt");
  REQUIRE(hands.size() == 3);
  CHECK(hands[0].parsed);
  CHECK_FALSE(hands[1].parsed);
  CHECK(hands[2].parsed);
  AuditResult bad = audit_hand(hands[1]);
  REQUIRE_FALSE(bad.findings.empty());
  CHECK(bad.findings[0].code == FindingCode::ParseError);
  CHECK(bad.findings[0].line > 0);
  CHECK(bad.findings[0].message.find("mixed.txt:") == 0);
}

TEST_CASE("text with no known hand is kept as an unparsed hand", "[stars]") {
  auto hands = read_text("just some notes\nnot a hand\n", "notes.txt");
  REQUIRE(hands.size() == 1);
  CHECK(hands[0].site == "unknown");
  CHECK_FALSE(hands[0].parsed);
  CHECK(audit_hand(hands[0]).findings.at(0).code == FindingCode::ParseError);
}

TEST_CASE("local times to UTC", "[stars]") {
  CHECK(to_utc("2018/03/28", "13:38:18", "ET") == "2018-03-28T17:38:18Z");
  CHECK(to_utc("2009/11/20", "7:12:10", "ET") == "2009-11-20T12:12:10Z");
  CHECK(to_utc("2019/08/14", "17:55", "UTC") == "2019-08-14T17:55:00Z");
  CHECK(to_utc("2018/03/28", "19:38:18", "CET") == "2018-03-28T17:38:18Z");
  CHECK(to_utc("2018/03/28", "19:38:18", "XYZ").empty());
  // Every field written with its zeros, across a day, a month and a year.
  CHECK(to_utc("2018/12/31", "20:05:09", "ET") == "2019-01-01T01:05:09Z");
  CHECK(to_utc("2016/12/31", "23:59:60", "UTC") == "2017-01-01T00:00:00Z");
  // Years of fewer or more than four digits (only a broken header prints them).
  CHECK(to_utc("999/01/02", "03:04:05", "UTC") == "0999-01-02T03:04:05Z");
  CHECK(to_utc("12345/01/02", "03:04:05", "UTC") == "12345-01-02T03:04:05Z");
  // Zones one after another, an unknown one between them: each time its own.
  CHECK(to_utc_iana("2018/03/28", "13:38:18", "America/New_York") == "2018-03-28T17:38:18Z");
  CHECK(to_utc_iana("2018/03/28", "13:38:18", "Nowhere/Land").empty());
  CHECK(to_utc_iana("2018/03/28", "13:38:18", "Europe/Paris") == "2018-03-28T11:38:18Z");
  CHECK(to_utc_iana("2018/03/28", "13:38:18", "Nowhere/Land").empty());
  CHECK(to_utc_iana("2018/03/28", "13:38:18", "America/New_York") == "2018-03-28T17:38:18Z");
}

TEST_CASE("old exports without Uncalled bet lines", "[stars]") {
  // PokerStars 2005: the big blind's unmatched half goes back silently; the total pot says so.
  const char* text =
      "PokerStars Game #2344646393:  Hold'em Limit ($1/$2 USD) - 2005/08/15 14:27:10 ET\n"
      "Table 'Phad' Seat #6 is the button\n"
      "Seat 6: Hero ($40 in chips)\n"
      "Seat 7: fblm2002 ($24.75 in chips)\n"
      "fblm2002: posts small blind $0.50\n"
      "Hero: posts big blind $1\n"
      "*** HOLE CARDS ***\n"
      "fblm2002: folds\n"
      "Hero collected $1 from pot\n"
      "*** SUMMARY ***\n"
      "Total pot $1 | Rake $0\n"
      "Seat 6: Hero (button) (big blind) collected ($1)\n"
      "Seat 7: fblm2002 (small blind) folded before Flop\n";
  auto hands = read_text(text, "old.txt");
  REQUIRE(hands.size() == 1);
  AuditResult r = audit_hand(hands[0]);
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].code == FindingCode::UncalledBetNotPrinted);
  CHECK(r.findings[0].severity == Severity::Info);
  CHECK(r.findings[0].expected == 50);
  // Without the total pot agreeing, the missing return is an error.
  std::string wrong = text;
  wrong.replace(wrong.find("Total pot $1 |"), 14, "Total pot $1.50 |");
  AuditResult r2 = audit_hand(read_text(wrong, "old.txt").at(0));
  CHECK(r2.has(FindingCode::UncalledBetMismatch));
}

TEST_CASE("PokerStars run it twice: each collection belongs to the board shown down before it",
          "[stars]") {
  const std::string rel = "Stars/cash/Flop/PLO-6max-USD-200-400-201505.rit.leaves.table.txt";
  auto hands = read_text(decode(test::read_file(test::shared_corpus() / rel)).text, rel);
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  // *** FIRST SHOW DOWN *** (line 21), Hero (seat 5) collected $8385.36 from pot (line 24);
  // *** SECOND SHOW DOWN *** (line 25), Player0 (seat 3) collected $8385.36 from pot (line 28).
  std::vector<std::tuple<std::uint32_t, int, Money, int>> collections;
  for (const Event& e : h.events)
    if (e.kind == EventKind::Collected)
      collections.emplace_back(e.line, e.seat, e.amount, e.board_index);
  CHECK(collections == std::vector<std::tuple<std::uint32_t, int, Money, int>>{{24, 5, 838536, 0},
                                                                               {28, 3, 838536, 1}});
}

TEST_CASE("PokerStars one board: collections are the first board's", "[stars]") {
  const Hand h = pokerstars::parse_hand(
      {"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
       "Table 'T' 6-max Seat #1 is the button\n"
       "Seat 1: A ($2 in chips)\n"
       "Seat 2: B ($2 in chips)\n"
       "A: posts small blind $0.01\n"
       "B: posts big blind $0.02\n"
       "*** HOLE CARDS ***\n"
       "A: raises $0.02 to $0.04\n"
       "B: calls $0.02\n"
       "*** FLOP *** [2c 3d 4h]\n"
       "A: checks\n"
       "B: checks\n"
       "*** TURN *** [2c 3d 4h] [5s]\n"
       "A: checks\n"
       "B: checks\n"
       "*** RIVER *** [2c 3d 4h 5s] [Kd]\n"
       "A: checks\n"
       "B: checks\n"
       "*** SHOW DOWN ***\n"
       "A: shows [Ah Ad] (a straight, Ace to Five)\n"
       "B: mucks hand\n"
       "A collected $0.08 from pot\n"
       "*** SUMMARY ***\n"
       "Total pot $0.08 | Rake $0\n"
       "Board [2c 3d 4h 5s Kd]\n"
       "Seat 1: A (button) (small blind) showed [Ah Ad] and won ($0.08) with a straight\n"
       "Seat 2: B (big blind) mucked\n",
       0, 1},
      "-");
  REQUIRE(h.parsed);
  const Event* c = find_event(h, EventKind::Collected, 1);
  REQUIRE(c);
  CHECK(c->line == 22);
  CHECK(c->board_index == 0);
}

// Issue 19, point 2, written from the rule: Dave (seat 5) joins and posts a small blind while Bob,
// left of the button, posts the real one. Dave's $0.01 is dead money; his call is the full big
// blind ("calls $0.02"). Which post is dead comes from the seats, whatever the order printed.
TEST_CASE("PokerStars small blind posted out of position is dead", "[stars]") {
  const std::string bob_sb = "Bob: posts small blind $0.01\n";
  const std::string dave_sb = "Dave: posts small blind $0.01\n";
  auto text = [&](bool dave_first) {
    return "PokerStars Hand #230000000001:  Hold'em No Limit ($0.01/$0.02 USD) - 2021/09/14 "
           "12:00:00 ET\n"
           "Table 'Alcyone II' 6-max Seat #1 is the button\n"
           "Seat 1: Alice ($2 in chips)\n"
           "Seat 2: Bob ($2 in chips)\n"
           "Seat 3: Carol ($2 in chips)\n"
           "Seat 5: Dave ($2 in chips)\n" +
           (dave_first ? dave_sb + bob_sb : bob_sb) + "Carol: posts big blind $0.02\n" +
           (dave_first ? "" : dave_sb) +
           "*** HOLE CARDS ***\n"
           "Dave: calls $0.02\n"
           "Alice: folds\n"
           "Bob: calls $0.01\n"
           "Carol: checks\n"
           "*** FLOP *** [2c 7d Ks]\n"
           "Bob: checks\n"
           "Carol: checks\n"
           "Dave: bets $0.06\n"
           "Bob: folds\n"
           "Carol: folds\n"
           "Uncalled bet ($0.06) returned to Dave\n"
           "Dave collected $0.07 from pot\n"
           "Dave: doesn't show hand\n"
           "*** SUMMARY ***\n"
           "Total pot $0.07 | Rake $0\n"
           "Board [2c 7d Ks]\n"
           "Seat 1: Alice (button) folded before Flop (didn't bet)\n"
           "Seat 2: Bob (small blind) folded on the Flop\n"
           "Seat 3: Carol (big blind) folded on the Flop\n"
           "Seat 5: Dave collected ($0.07)\n";
  };
  const bool dave_first = GENERATE(false, true);
  INFO("Dave's post printed first: " << dave_first);
  auto hands = read_text(text(dave_first), "oop_small_blind.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  // The ordinary small blind stays live; the out-of-position one is dead.
  const Event* live = find_event(h, EventKind::PostSmallBlind, 2);
  REQUIRE(live);
  CHECK(live->amount == 1);
  CHECK(live->to == 1);
  CHECK_FALSE(find_event(h, EventKind::PostSmallBlind, 5));
  const Event* dead = find_event(h, EventKind::PostDead, 5);
  REQUIRE(dead);
  CHECK(dead->amount == 1);
  const Event* call = find_event(h, EventKind::Call, 5);
  REQUIRE(call);
  CHECK(call->amount == 2);
  CHECK(call->to == 2);

  const AuditResult r = audit_hand(h);
  for (const Finding& f : r.findings) {
    INFO(f.code << " " << f.message);
    CHECK(f.severity != Severity::Error);
    CHECK(f.code != FindingCode::WrongCallAmount);
    CHECK(f.code != FindingCode::UncalledBetMismatch);
  }
  for (const PlayerResult& p : r.players)
    if (p.seat == 5) {
      CHECK(p.contributed == 3);  // $0.01 dead + $0.02 called
      CHECK(p.collected == 7);
    }
}

// A hand of two written for the rules below; each `{}` is one line, replaced.
namespace {
std::string stars_two_player_hand(const std::string& small_blind, const std::string& call,
                                  const std::string& total, const std::string& winner) {
  return "PokerStars Hand #100000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2019/06/01 "
         "12:00:00 ET\n"
         "Table 'Written' 6-max Seat #1 is the button\n"
         "Seat 1: Hero ($10 in chips)\n"
         "Seat 2: Villain ($10 in chips)\n" +
         small_blind +
         "\n"
         "Villain: posts big blind $0.10\n"
         "*** HOLE CARDS ***\n"
         "Dealt to Hero [Ah Kd]\n" +
         call +
         "\n"
         "Villain: checks\n"
         "*** FLOP *** [2c 7d 9s]\n"
         "Villain: checks\n"
         "Hero: checks\n"
         "*** TURN *** [2c 7d 9s] [Jh]\n"
         "Villain: checks\n"
         "Hero: checks\n"
         "*** RIVER *** [2c 7d 9s Jh] [3s]\n"
         "Villain: checks\n"
         "Hero: checks\n"
         "*** SHOW DOWN ***\n"
         "Villain: shows [Qs Qd] (a pair of Queens)\n"
         "Hero: mucks hand\n"
         "Villain collected $0.20 from pot\n"
         "*** SUMMARY ***\n" +
         total +
         "\n"
         "Board [2c 7d 9s Jh 3s]\n"
         "Seat 1: Hero (button) (small blind) mucked [Ah Kd]\n" +
         winner + "\n";
}
}  // namespace

TEST_CASE("PokerStars family: an amount is the whole token, nothing unknown after it", "[stars]") {
  const std::string sb = "Hero: posts small blind $0.05";
  const std::string call = "Hero: calls $0.05";
  const std::string total = "Total pot $0.20 | Rake $0";
  const std::string won = "Seat 2: Villain (big blind) showed [Qs Qd] and won ($0.20) with a pair";
  auto issues_of = [](const std::string& text) {
    const std::vector<Hand> hands = read_text(text, "written.txt");
    REQUIRE(hands.size() == 1);
    return hands[0].issues;
  };
  CHECK(issues_of(stars_two_player_hand(sb, call, total, won)).empty());
  // What the play prints: "$0.O5" is no amount (it was read as $0), nor is "$0.05 zzyzx".
  for (const auto& [text, line] :
       {std::pair{stars_two_player_hand("Hero: posts small blind $0.O5", call, total, won), 5u},
        std::pair{stars_two_player_hand(sb, "Hero: calls $0.05 zzyzx", total, won), 9u},
        std::pair{stars_two_player_hand(sb, "Hero: calls $0,05", total, won), 9u}}) {
    const auto issues = issues_of(text);
    REQUIRE(!issues.empty());
    CHECK(issues.front().line == line);
  }
  // The summary: a part of the total pot not known, a seat's money under an unknown word or
  // not an amount.
  for (const std::string& bad : {std::string("Total pot $0.20 | zzyzx $0 | Rake $0")}) {
    const auto issues = issues_of(stars_two_player_hand(sb, call, bad, won));
    REQUIRE(!issues.empty());
    CHECK(issues.front().line == 25);
  }
  for (const std::string& bad :
       {std::string("Seat 2: Villain (big blind) showed [Qs Qd] and zzyzx ($0.20) with a pair"),
        std::string("Seat 2: Villain (big blind) showed [Qs Qd] and won ($O.20) with a pair"),
        std::string("Seat 2: Villain (big blind) showed [Qs Qd] and won ($0.2O) with a pair"),
        std::string("Seat 2: Villain (big blind) mucked hand and zzyzx $0.20")}) {
    INFO(bad);
    const auto issues = issues_of(stars_two_player_hand(sb, call, total, bad));
    REQUIRE(!issues.empty());
    CHECK(issues.front().line == 28);
  }
  // Words in parentheses are not money.
  CHECK(issues_of(stars_two_player_hand(sb, call, total,
                                        "Seat 2: Villain (big blind) mucked hand and won $0.20"))
            .empty());
}

TEST_CASE("PokerStars: a header's limit not known is not read", "[stars]") {
  const std::string rest =
      "Table 'Written' 6-max Seat #1 is the button\n"
      "Seat 1: Hero ($10 in chips)\n"
      "Seat 2: Villain ($10 in chips)\n"
      "Hero: posts small blind $0.05\n"
      "Villain: posts big blind $0.10\n"
      "*** HOLE CARDS ***\n"
      "Hero: folds\n"
      "Uncalled bet ($0.05) returned to Villain\n"
      "Villain collected $0.10 from pot\n"
      "*** SUMMARY ***\n"
      "Total pot $0.10 | Rake $0\n"
      "Seat 1: Hero (button) (small blind) folded before Flop\n"
      "Seat 2: Villain (big blind) collected ($0.10)\n";
  auto header = [](const std::string& limit) {
    return "PokerStars Hand #100000000002:  Hold'em " + limit +
           " ($0.05/$0.10 USD) - 2019/06/01 12:00:00 ET\n";
  };
  const std::vector<Hand> clean = read_text(header("No Limit") + rest, "written.txt");
  REQUIRE(clean.size() == 1);
  CHECK(clean[0].issues.empty());
  const std::vector<Hand> bad = read_text(header("zzyzx Limit") + rest, "written.txt");
  REQUIRE(bad.size() == 1);
  REQUIRE(!bad[0].issues.empty());
  CHECK(bad[0].issues.front().line == 1);
}

// Issue 33, point 5: PokerStars.in prints rupees "Rs. 25" in the header, the seats, the actions
// and the summary; the currency is the header's INR (docs/sites/pokerstars.md, "Currencies").
TEST_CASE("PokerStars.in: amounts in rupees with the prefix Rs.", "[stars][issue33]") {
  const std::string text =
      "PokerStars Hand #230000000002:  Hold'em No Limit (Rs. 25/Rs. 50 INR) - 2021/09/14 "
      "12:00:00 IST [2021/09/14 2:30:00 ET]\n"
      "Table 'Mumbai' 6-max Seat #2 is the button\n"
      "Seat 1: Alice (Rs. 5,000 in chips)\n"
      "Seat 2: Bob (Rs. 2,512.50 in chips)\n"
      "Bob: posts small blind Rs. 25\n"
      "Alice: posts big blind Rs. 50\n"
      "*** HOLE CARDS ***\n"
      "Bob: raises Rs. 100 to Rs. 150\n"
      "Alice: folds\n"
      "Uncalled bet (Rs. 100) returned to Bob\n"
      "Bob collected Rs. 100 from pot\n"
      "Bob: doesn't show hand\n"
      "*** SUMMARY ***\n"
      "Total pot Rs. 100 | Rake Rs. 0\n"
      "Seat 1: Alice (big blind) folded before Flop\n"
      "Seat 2: Bob (button) (small blind) collected (Rs. 100)\n";
  const std::vector<Hand> hands = read_text(text, "rupees.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  for (const ParseIssue& i : h.issues) INFO(i.line << ": " << i.expected << " / " << i.got);
  CHECK(h.issues.empty());
  CHECK(h.currency == "INR");
  CHECK(h.small_blind == 2500);
  CHECK(h.big_blind == 5000);
  REQUIRE(h.seat_of(2));
  CHECK(h.seat_of(2)->stack == 251250);
  const Event* raise = find_event(h, EventKind::Raise, 2);
  REQUIRE(raise);
  CHECK(raise->to == 15000);
  REQUIRE(h.total_pot);
  CHECK(*h.total_pot == 10000);
  CHECK(h.started_at_utc == "2021-09-14T06:30:00Z");
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings) {
    INFO(f.code << ": " << f.message);
    CHECK(f.severity != Severity::Error);
  }
  // "Rs." glued to a letter or with no space is no amount the reader guesses at.
  for (const std::string_view bad : {"Rs.25", "Rsx 25"}) {
    std::string edited = text;
    edited.replace(edited.find("Rs. 150"), 7, std::string(bad));
    INFO(bad);
    const std::vector<Hand> broken = read_text(edited, "rupees.txt");
    REQUIRE(broken.size() == 1);
    CHECK_FALSE(broken[0].issues.empty());
  }
}
