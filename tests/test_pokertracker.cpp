// PokerTracker's export of iPoker, Merge, Everest and Microgaming hands (format "pokertracker",
// each hand under its own site): detection, the parser on two corpus hands with exact amounts
// (testdata/pokertracker, README.md there), a sweep of ../shared/corpus/PokerTracker against
// testdata/pokertracker/anomalies.tsv, and fault hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/pokertracker/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("PokerTracker export detection", "[pokertracker]") {
  for (const char* line :
       {"GAME #3616765274: Texas Hold'em  NL  Tournament 2011-06-15 21:58:37",
        "MERGE_GAME #53094604-134: Holdem NL $0.10/$0.25 04/11/2012 19:28:19",
        "Merge Game #80257431-64 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:05:06 EST | Version:2",
        "EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - "
        "2011/01/02",
        "** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14",
        "** Hand # 5029053937 starting - 2013-09-07 02:30:38"}) {
    INFO(line);
    CHECK(pokertracker::is_hand_start(line));
    CHECK(sniff_format(std::string(line) + "\n").format->name() == "pokertracker");
  }
  CHECK_FALSE(pokertracker::is_hand_start("Game #1463192545: Table x"));  // Unibet's
  CHECK_FALSE(pokertracker::is_hand_start("** Dealing the flop: As, Ad, 8c"));
  CHECK_FALSE(pokertracker::is_hand_start("GAME #: x"));
}

TEST_CASE("PokerTracker iPoker hand: Uncalled:Y, raise totals, rake", "[pokertracker]") {
  const std::vector<Hand> hands =
      read_text(test::load("pokertracker/ipoker_uncalled.txt"), "ipoker_uncalled.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "ipoker");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "8162156892");
  CHECK(h.table_name == "Barghe");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "EUR");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 1);
  CHECK(h.big_blind == 2);
  CHECK(h.started_at_utc == "2018-12-26T22:40:05Z");
  CHECK(h.button_seat == 1);
  CHECK(h.rake == 3);
  CHECK_FALSE(h.total_pot);  // "Total pot €0.45" is after the rake
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  std::vector<const Event*> raises;
  const Event* won = nullptr;
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Raise) raises.push_back(&e);
    if (e.kind == EventKind::Collected) won = &e;
  }
  REQUIRE(raises.size() == 2);
  CHECK(raises[1]->street == Street::Flop);  // "Raise (NF) €0.08" over a 0.02 bet
  CHECK(raises[1]->to == 8);
  CHECK(raises[1]->amount == 8);
  REQUIRE(won);
  const Event* dealt = nullptr;
  for (const Event& e : h.events)
    if (e.kind == EventKind::DealtHole) dealt = &e;
  REQUIRE(dealt);
  CHECK(dealt->cards.printed() == "Qs Qd");  // "Dealt to czarlando [SQ DQ]"
  CHECK(won->seat == 3);
  CHECK(won->amount == 45);  // 0.48 contested less 0.03 rake; the river's 0.14 went back
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("PokerTracker Microgaming hand: stacks at the end, a post to play", "[pokertracker]") {
  const std::vector<Hand> hands =
      read_text(test::load("pokertracker/microgaming_post_both.txt"), "post_both.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "microgaming");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "4416401541");
  CHECK(h.table_name == "Deal 254 (Deep) - €5 Min");
  CHECK(h.currency == "EUR");
  CHECK(h.small_blind == 5);
  CHECK(h.big_blind == 10);
  CHECK(h.button_seat == 4);
  CHECK(h.started_at_utc == "2012-05-11T22:10:55Z");
  bool dead = false;
  std::string hole, flop;
  for (const Event& e : h.events) {
    dead |= e.kind == EventKind::PostDead && e.seat == 1 && e.amount == 5;
    if (e.kind == EventKind::DealtHole) hole = e.cards.printed();
    if (e.kind == EventKind::Board && flop.empty()) flop = e.cards.printed();
  }
  CHECK(hole == "Ks 6d");     // "** Dealing card to Hero: K of s, 6 of d"
  CHECK(flop == "2d 7d 4c");  // "** Dealing the flop: 2 of d, 7 of d, 4 of c"
  CHECK(dead);                // "Player0 posted to play - €0.05"
  REQUIRE(h.summary.size() == 6);
  CHECK(h.summary[1].final_stack == 1112);
  CHECK(h.summary[1].won == 44);
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("PokerTracker corpus sweep", "[pokertracker][corpus]") {
  const fs::path root = test::shared_corpus() / "PokerTracker";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: the hand-start lines of the four dialects.
  const std::regex header(
      R"(^(\xEF\xBB\xBF)?(GAME #|MERGE_GAME #|Merge Game #|EverestPoker Game #|\*\* Game ID |\*\* Hand # )[0-9])");
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_search(line, header);
  }
  const test::SweepResult r = test::sweep_corpus(root, "pokertracker/anomalies.tsv");
  CHECK(headers == 469);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"ipoker", "merge", "everest", "microgaming"});
  test::check_sweep(r, "pokertracker/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/pokertracker/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand)
// edited on one line; testdata/pokertracker/README.md lists the edits.
TEST_CASE("PokerTracker fault: a rake larger than printed", "[pokertracker][faults]") {
  // "Rake €0.03" -> "€0.05": 0.48 contested, 0.45 paid.
  test::check_fault(
      {"pokertracker/faults",
       "rake",
       "ipoker",
       "GAME #",
       "8162156892",
       {{FindingCode::ChipsNotConserved, 0, 48, 50}, {FindingCode::PayoutMismatch, 0, 43, 45}}});
}

TEST_CASE("PokerTracker fault: a stack at the end the actions do not give",
          "[pokertracker][faults]") {
  // "at end €11.12" -> "€11.22": Player1 starts with 10.88, puts in 0.20, wins 0.44.
  test::check_fault({"pokertracker/faults",
                     "final_stack",
                     "microgaming",
                     "** Game ID",
                     "4416401541",
                     {{FindingCode::SummaryMismatch, 2, 1112, 1122}}});
}

TEST_CASE("PokerTracker fault: a bet the stack at the end does not show",
          "[pokertracker][faults]") {
  // "Player1 bet - €0.10" -> "€0.20": 10.88 less 0.30 plus the 0.44 won is 11.02, not 11.12.
  test::check_fault({"pokertracker/faults",
                     "raise",
                     "microgaming",
                     "** Game ID",
                     "4416401541",
                     {{FindingCode::SummaryMismatch, 2, 1102, 1112}}});
}

// Strict reading (docs/sites/pokertracker.md): the header's words that decide how the money is
// read are known ones: a "KEY:VALUE" before the game other than Version and Uncalled, and a
// Microgaming kind other than "CUR Cash Game" or a tournament's, are gaps.
TEST_CASE("PokerTracker strict: header words not known are gaps", "[pokertracker][gaps]") {
  for (const auto& [file, from, to] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"pokertracker/ipoker_uncalled.txt", "Uncalled:Y", "zzyzx:Y"},
           {"pokertracker/microgaming_post_both.txt", "Cash Game)", "zzyzx Game)"},
           {"pokertracker/microgaming_post_both.txt", "Cash Game)", "Cash zzyzx)"}}) {
    std::string text = decode(test::read_file(test::testdata(file))).text;
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    const std::vector<Hand> hands = read_text(text, "strict.txt");
    INFO(to);
    REQUIRE(hands.size() == 1);
    CHECK_FALSE(hands[0].issues.empty());
  }
}

namespace {
// The errors and warnings of a written hand (one hand, read whole).
std::vector<FindingCode> problems_of(const std::string& text) {
  const std::vector<Hand> hands = read_text(text, "written.txt");
  REQUIRE(hands.size() == 1);
  CHECK(hands.front().issues.empty());
  std::vector<FindingCode> out;
  for (const Finding& f :
       audit_hand(hands.front(), AuditContext{&test::shipped_house_rules()}).findings)
    if (f.severity != Severity::Info) out.push_back(f.code);
  return out;
}
}  // namespace

TEST_CASE("PokerTracker 2011: Microgaming street totals with no Version tag", "[pokertracker]") {
  // Issue 33, point 12. Hands of 2011 exported with no Version tag print "called - X" and
  // "raised - X" as the street total, as Microgaming's first XML version: Bob's "called -
  // €0.30" over his small blind of 0.05 adds 0.25; Ann's win of 1.10 is the 0.70 pot and her
  // 0.40 nobody called.
  const std::string hand =
      "** Game ID 4100000001 starting - 2011-03-02 20:10:55\n"
      "** Deal 254 (Deep) - \u20AC5 Min [Hold'em] (0.05|0.10 NL - \u20AC Cash Game) Real Money\n\n"
      "- Ann sitting in seat 1 with \u20AC10.00 [Dealer]\n"
      "- Bob sitting in seat 2 with \u20AC10.00\n"
      "- Cy sitting in seat 3 with \u20AC10.00\n\n"
      "Bob posted the small blind - \u20AC0.05\n"
      "Cy posted the big blind - \u20AC0.10\n"
      "** Dealing card to Cy: K of s, 6 of d\n"
      "Ann raised - \u20AC0.30\n"
      "Bob called - \u20AC0.30\n"
      "Cy folded\n"
      "** Dealing the flop: 2 of d, 7 of d, 4 of c\n"
      "Bob checked\n"
      "Ann bet - \u20AC0.40\n"
      "Bob folded\n"
      "Ann mucks:\n"
      "Ann wins \u20AC1.10 from the main pot\n\n"
      "End of game 4100000001\n";
  const std::vector<Hand> hands = read_text(hand, "mg2011.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "microgaming");
  CHECK(h.issues.empty());
  CHECK(test::event(h, EventKind::Raise, 1).to == 30);
  CHECK(test::event(h, EventKind::Raise, 1).amount == 30);
  CHECK(test::event(h, EventKind::Call, 2).amount == 25);
  CHECK(problems_of(hand).empty());
  // With a Version tag (2013 on) the same numbers are the chips added: Bob's call of 0.30
  // passes Ann's raise.
  std::string versioned = hand;
  versioned.replace(versioned.find(" starting - 2011"), 16, " Version:4 starting - 2013");
  const std::vector<Hand> v = read_text(versioned, "mg2013.txt");
  REQUIRE(v.size() == 1);
  CHECK(test::event(v.front(), EventKind::Call, 2).amount == 30);
}

TEST_CASE("PokerTracker 2011: Merge tournament stacks printed after the forced bets",
          "[pokertracker]") {
  // Issue 33, point 12. Bob and Cy start with 1,500; the seat lines print them after their
  // blinds of 100 and 200. Bob's all-in of 1,300 after calling is his whole stack.
  const std::string hand =
      "MERGE_GAME #4927169400081: Texas Hold'em NL Tournament 02/16/2011 04:27:31\n"
      "Table $5 PLO Arena , 49271005 (Tournament: $5 PLO Arena , 49271005 Buy-In: $5+$0.50)\n"
      "Seat 4: Ann ($1,500.00 in chips) DEALER\n"
      "Seat 5: Bob ($1,400.00 in chips)\n"
      "Seat 6: Cy ($1,300.00 in chips)\n"
      "Bob: Post SB $100.00\n"
      "Cy: Post BB $200.00\n"
      "*** HOLE CARDS ***\n"
      "Ann: Fold\n"
      "Bob: Call $100.00\n"
      "Cy: Check\n"
      "*** FLOP *** [6c 3h 4s]\n"
      "Bob: Allin $1,300.00\n"
      "Cy: Fold\n"
      "*** SUMMARY ***\n"
      "Bob: wins $1,700.00\n";
  const std::vector<Hand> hands = read_text(hand, "merge2011.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "merge");
  CHECK(h.issues.empty());
  REQUIRE(h.seat_of(5));
  CHECK(h.seat_of(4)->stack == 150000);
  CHECK(h.seat_of(5)->stack == 150000);
  CHECK(h.seat_of(6)->stack == 150000);
  CHECK(problems_of(hand).empty());
}

// Issue 33, point 8: iPoker's headers in PokerTracker's export: dates with slashes (2011), and
// the 2013 archives' "Pot limit" and "Ante $0.00" after the stakes.
TEST_CASE("PokerTracker iPoker headers: slash dates, Pot limit, Ante", "[pokertracker][issue33]") {
  const std::string original =
      decode(test::read_file(test::testdata("pokertracker/ipoker_uncalled.txt"))).text;
  auto read = [&](const std::string& from, const std::string& to) {
    const std::vector<Hand> hands = read_text(test::edited(original, from, to).text, "h.txt");
    REQUIRE(hands.size() == 1);
    CHECK(hands[0].parsed);
    CHECK(hands[0].issues.empty());
    return hands[0];
  };
  const Hand slashed = read("2018-12-26", "2018/12/26");
  CHECK(slashed.started_at_utc == "2018-12-26T22:40:05Z");
  for (const Finding& f : audit_hand(slashed, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity != Severity::Error);
  const Hand ante = read("€0.01/€0.02 ", "€0.01/€0.02 Ante €0.01 ");
  CHECK(ante.small_blind == 1);
  CHECK(ante.big_blind == 2);
  CHECK(ante.ante == 1);
  const Hand pot_limit = read("Texas Hold'em NL", "Omaha Pot limit");
  CHECK(pot_limit.game == games::kOmaha);
  CHECK(pot_limit.structure == Structure::PotLimit);
  CHECK(pot_limit.big_blind == 2);
}

// Issue 33, point 8: iPoker's 2011 flat export "LH 20/40 x2 Limit $10.00/$20.00": limit hold'em
// whose bets, 20/40, are twice the money pair, its blinds. A hand written from that rule: the
// posts are $10 and $20, a raise preflop and a flop bet are $20 steps, the turn bet $40.
TEST_CASE("PokerTracker iPoker 2011 flat export: LH 20/40 x2 Limit $10/$20",
          "[pokertracker][issue33]") {
  const std::string hand =
      "GAME #8162156000: LH 20/40 x2 Limit $10.00/$20.00 2011/01/23 20:15:00\n"
      "Table Barghe\n"
      "Seat 1: Ann ($500.00 in chips) DEALER\nSeat 3: Bob ($500.00 in chips)\n"
      "Seat 5: Cy ($500.00 in chips)\n"
      "Bob: Post SB $10.00\nCy: Post BB $20.00\n*** HOLE CARDS ***\n"
      "Ann: Raise $40.00\nBob: Call $30.00\nCy: Call $20.00\n"
      "*** FLOP *** [S3 S9 C4]\nBob: Check\nCy: Bet $20.00\nAnn: Call $20.00\nBob: Fold\n"
      "*** TURN *** [C9]\nCy: Bet $40.00\nAnn: Call $40.00\n"
      "*** RIVER *** [SK]\nCy: Check\nAnn: Check\n"
      "*** SUMMARY ***\nTotal pot $238.00 Rake $2.00\nAnn: wins $238.00\n";
  auto errors_of = [](const Hand& h) {
    std::vector<FindingCode> out;
    for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
      if (f.severity != Severity::Info) out.push_back(f.code);
    return out;
  };
  std::vector<Hand> hands = read_text(hand, "flat.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site == "ipoker");
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.currency == "USD");
  CHECK(h.small_bet == 2000);
  CHECK(h.big_bet == 4000);
  CHECK(h.live_big_blind() == 2000);
  CHECK(h.started_at_utc == "2011-01-23T20:15:00Z");
  CHECK(errors_of(h).empty());
  // Read as bets of $10/$20, the $40 raise and the $40 turn bet would pass the limit.
  Hand as_bets = h;
  as_bets.small_blind = as_bets.small_bet = 1000;
  as_bets.big_blind = as_bets.big_bet = 2000;
  CHECK_FALSE(errors_of(as_bets).empty());
  // Figures that are not bets twice the blinds: which pair is the blinds is not known, a gap.
  for (const std::string other :
       {"LH 20/40 x2 Limit $20.00/$40.00", "LH 20/40 x3 Limit $10.00/$20.00"}) {
    std::string text = hand;
    text.replace(text.find("LH 20/40 x2 Limit $10.00/$20.00"), 31, other);
    const std::vector<Hand> gap = read_text(text, "gap.txt");
    REQUIRE(gap.size() == 1);
    INFO(other);
    CHECK_FALSE(gap[0].parsed);
    CHECK_FALSE(gap[0].issues.empty());
  }
}
