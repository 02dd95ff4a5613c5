// OnGame (site "ongame", with its skins Betfair and bwin): detection, the parser on corpus hands
// with exact amounts (testdata/ongame, README.md there), a sweep of ../shared/corpus/OnGame
// against testdata/ongame/anomalies.tsv and fpdb's .hp nets, and fault hands each carrying one
// money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/ongame/builder.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

std::vector<Hand> read_testdata(const std::string& rel) {
  return read_text(test::load("ongame/" + rel), rel);
}

// The error and warning findings of the hand's audit, described.
std::string errors_and_warnings(const Hand& h) {
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  return test::describe(test::errors_and_warnings(r));
}

const Event* nth_event(const Hand& h, EventKind kind, std::size_t n = 0) {
  const std::vector<const Event*> es = test::events_of(h, kind);
  return n < es.size() ? es[n] : nullptr;
}

}  // namespace

TEST_CASE("OnGame detection", "[ongame]") {
  CHECK(ongame::is_hand_start("***** History for hand R5-70000684-006 *****"));
  CHECK(ongame::is_hand_start(
      "***** History for hand T5-295703542-3 (TOURNAMENT: \"Coinflip\", S-6169-242, buy-in: $21) "
      "*****"));
  CHECK_FALSE(ongame::is_hand_start("***** End of hand R5-70000684-006 *****"));
  CHECK_FALSE(ongame::is_hand_start("***** Betfair Poker Hand History for Game 1 *****"));
  CHECK(sniff_format("***** History for hand R5-70000684-006 *****\n").format->name() == "ongame");
  CHECK(format_by_name("ongame")->readable());
}

TEST_CASE("OnGame hand: header, a raise by the chips it adds, the uncalled bet, final stacks",
          "[ongame]") {
  const std::vector<Hand> hands = read_testdata("betfair_skin.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.site == "ongame");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "R5-70000684-006");
  CHECK(h.table_name == "Kassel");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK_FALSE(h.tournament);
  CHECK(h.currency.empty());  // "0.05/0.10, Real money": no symbol in this skin's stakes
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 5);
  CHECK(h.big_blind == 10);
  CHECK(h.started_at_utc == "2010-08-11T02:21:00Z");  // "03:21:00 GMT+0100"
  CHECK(h.button_seat == 8);
  CHECK(h.seats.size() == 5);
  CHECK(h.rake == 4);
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  // "Player4 raises 0.30 to 0.30", then "Player1 calls 0.25" from the small blind.
  const Event* raise = nth_event(h, EventKind::Raise);
  REQUIRE(raise);
  CHECK(raise->seat == 8);
  CHECK(raise->amount == 30);
  CHECK(raise->to == 30);
  const Event* call = nth_event(h, EventKind::Call);
  REQUIRE(call);
  CHECK(call->seat == 9);
  CHECK(call->amount == 25);
  CHECK(call->to == 30);
  // "Main pot: 0.90 won by Player1 (0.86)": the pot before rake (Player1's last 0.10 came back).
  REQUIRE(h.reported_pots.size() == 1);
  CHECK(h.reported_pots[0].amount == 90);
  CHECK_FALSE(h.reported_pots_net_of_rake);
  const Event* won = nth_event(h, EventKind::Collected);
  REQUIRE(won);
  CHECK(won->seat == 9);
  CHECK(won->amount == 86);
  CHECK(won->pot_index == 0);
  REQUIRE(h.summary.size() == 5);
  CHECK(h.summary[0].seat == 9);
  CHECK(h.summary[0].won == 86);
  CHECK(h.summary[0].final_stack == 481);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("OnGame Strobe: a table whose players are seated again every hand is a fast-fold pool",
          "[ongame]") {
  // Two hands as ../shared/corpus/OnGame/cash/Flop/NLHE-5max-USD-0.05-0.10-201302.Strobe.txt
  // prints them: the button stays on seat 1 and the players move round the seats.
  const std::string hand =
      "***** History for hand R5-69701-{0} *****\n"
      "Start hand: Thu Feb 28 07:3{0}:49 CET 2013\n"
      "Table: Round GC, Strobe ref: 69701  [69701] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real "
      "money)\n"
      "User: b\n"
      "Button: seat 1\n"
      "Players in round: 2 (5)\n"
      "Seat 1: {1} ($10)\n"
      "Seat 2: {2} ($10)\n"
      "{2} posts small blind ($0.05)\n"
      "{1} posts big blind ($0.10)\n"
      "---\n"
      "Dealing pocket cards\n"
      "{2} folds\n"
      "---\n"
      "Summary:\n"
      "Main pot: $0.15 won by {1} ($0.15)\n"
      "Rake taken: $0\n"
      "Seat 1: {1} ($10.05), net: +$0.05\n"
      "Seat 2: {2} ($9.95), net: -$0.05\n"
      "***** End of hand R5-69701-{0} *****\n";
  const auto with = [&](const char* n, const char* a, const char* b) {
    return std::regex_replace(std::regex_replace(std::regex_replace(hand, std::regex("\\{0\\}"), n),
                                                 std::regex("\\{1\\}"), a),
                              std::regex("\\{2\\}"), b);
  };
  const std::vector<Hand> hands =
      read_text(with("1", "a", "b") + "\n" + with("2", "b", "a"), "strobe.txt");
  REQUIRE(hands.size() == 2);
  for (const Hand& h : hands) {
    CHECK(h.parsed);
    CHECK(h.table_name == "Round GC, Strobe ref: 69701");
    CHECK(h.fast_fold);
    CHECK(errors_and_warnings(h) == "");
  }
  // A table of fixed seats is not.
  CHECK_FALSE(read_testdata("betfair_skin.txt").front().fast_fold);
}

TEST_CASE("OnGame stud hi/lo: streets, the bring-in, a raise whose total spans the streets",
          "[ongame]") {
  const std::vector<Hand> hands = read_testdata("stud_hilo.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.issues.empty());
  CHECK(h.game.name() == "7 Card Stud Hi/Lo");
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 25);
  CHECK(h.big_bet == 50);
  CHECK(h.ante == 5);
  CHECK(h.started_at_utc == "2010-08-28T17:33:38Z");  // GMT+0300
  const Event* bring_in = nth_event(h, EventKind::BringIn);
  REQUIRE(bring_in);
  CHECK(bring_in->amount == 12);
  CHECK(bring_in->street == Street::Preflop);
  // "Hero raises $1 to $1.37" on 5th street: $1 added over mylonas77's $0.50 bet; 1.37 is
  // Hero's total since 3rd street (0.12 + 0.25 + 1).
  const Event* raise = nth_event(h, EventKind::Raise);
  REQUIRE(raise);
  CHECK(raise->street == Street::Turn);
  CHECK(raise->amount == 100);
  CHECK(raise->to == 100);
  // The summary's cards of the showdown become Shows events; the hidden cards ("-") are dropped.
  const Event* shows = nth_event(h, EventKind::Shows);
  REQUIRE(shows);
  CHECK(shows->seat == 1);
  CHECK(shows->cards.printed() == "8d 8s 4d 3h 8c 4c 5h");
  const Event* dealt = nth_event(h, EventKind::DealtHole, 1);
  REQUIRE(dealt);
  CHECK(dealt->cards.printed() == "Kd");
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("OnGame equal blinds: the first of two 'posts big blind' is the small blind",
          "[ongame]") {
  const std::vector<Hand> hands = read_testdata("plo8_equal_blinds.txt");
  REQUIRE(hands.size() == 2);
  for (const Hand& h : hands) {
    INFO(h.site_hand_id);
    CHECK(h.issues.empty());
    CHECK(h.game.name() == "Omaha Hi/Lo");
    CHECK(h.small_blind == 50);
    CHECK(h.big_blind == 50);
    const Event* sb = nth_event(h, EventKind::PostSmallBlind);
    const Event* bb = nth_event(h, EventKind::PostBigBlind);
    REQUIRE(sb);
    REQUIRE(bb);
    CHECK(sb->amount == 50);
    CHECK(sb->line < bb->line);
    CHECK(errors_and_warnings(h) == "");
  }
  CHECK(nth_event(hands[0], EventKind::PostSmallBlind)->seat == 1);  // "Player2 posts big blind"
  CHECK(nth_event(hands[1], EventKind::PostSmallBlind)->seat == 2);  // "Hero posts big blind"
}

TEST_CASE("OnGame tournament: a big blind all-in for less printed as a second small blind",
          "[ongame]") {
  // R-279-4.txt lines 1750-1812: "lymar680 posts small blind (10) [all in]" after shienyos'
  // small blind of 100, and "KA40 calls 200": the callers owe the whole big blind.
  const std::vector<Hand> hands = read_testdata("short_big_blind.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.tournament_id == "R-279-4");
  CHECK(h.unit == 1);
  CHECK(h.rake == 0);
  CHECK(h.full_big_blind_always_owed);
  const Event* bb = nth_event(h, EventKind::PostBigBlind);
  REQUIRE(bb);
  CHECK(bb->seat == 2);
  CHECK(bb->amount == 10);
  CHECK(bb->all_in);
  REQUIRE(h.reported_pots.size() == 2);
  CHECK(h.reported_pots[0].amount == 230);
  CHECK(h.reported_pots[1].index == 1);
  CHECK(h.reported_pots[1].amount == 1060);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("OnGame all-in run out: the flop line printed twice is one flop", "[ongame]") {
  const std::vector<Hand> hands = read_testdata("lhe_runout.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.issues.empty());
  int boards = 0;
  for (const Event& e : h.events) boards += e.kind == EventKind::Board;
  CHECK(boards == 3);  // flop, turn, river
  // "player5 raises 0.55 to 1.05 [all in]" from the big blind of 0.50.
  const Event* raise = nth_event(h, EventKind::Raise, 1);
  REQUIRE(raise);
  CHECK(raise->amount == 55);
  CHECK(raise->to == 105);
  CHECK(raise->all_in);
  CHECK(errors_and_warnings(h) == "");
}

TEST_CASE("OnGame corpus sweep", "[ongame][corpus]") {
  const fs::path root = test::shared_corpus() / "OnGame";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one banner line per hand.
  const std::regex banner(R"(\*{5} History for hand \S+( \(TOURNAMENT: .*\))? \*{5}\s*)");
  long headers = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file() || de.path().extension() != ".txt") continue;
    std::istringstream in(decode(test::read_file(de.path())).text);
    for (std::string line; std::getline(in, line);) headers += std::regex_match(line, banner);
  }
  const test::SweepResult r = test::sweep_corpus(root, "ongame/anomalies.tsv");
  CHECK(headers == 96);
  CHECK(r.hands == headers);
  CHECK(r.sites == std::set<std::string>{"ongame"});
  CHECK(r.hp_checked == 11);
  test::check_sweep(r, "ongame/anomalies.tsv", /*with_hp=*/true);
}

// Fault hands: testdata/ongame/faults/NAME.txt is faults/originals/NAME.txt (betfair_skin.txt)
// edited on one line; testdata/ongame/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault({"ongame/faults",
                     name,
                     "ongame",
                     "***** History for hand ",
                     "R5-70000684-006",
                     std::move(findings),
                     {}});
}
}  // namespace

TEST_CASE("OnGame fault: a collection larger than the pot", "[ongame][faults]") {
  // "won by Player1 (0.86)" -> "(0.96)": the 0.90 pot less the 0.04 rake is 0.86. With no
  // uncalled line the extra 0.10 reads as Player1's river bet paid back inside the collection,
  // so the printed pot (0.90, the bet not in it) is what disagrees.
  check_fault("collection", {{FindingCode::SidePotMismatch, 0, 100, 90},
                             {FindingCode::SidePotMismatch, 0, 100, 90}});
}

TEST_CASE("OnGame fault: a final stack the actions do not give", "[ongame][faults]") {
  // "Seat 9: Player1 (4.81)" -> "(4.91)": 4.35 - 0.40 + 0.86 is 4.81.
  check_fault("stack", {{FindingCode::SummaryMismatch, 9, 481, 491}});
}

TEST_CASE("OnGame fault: a rake larger than the pot leaves", "[ongame][faults]") {
  // "Rake taken: $0.04" -> "$0.14": 0.90 - 0.86 paid is 0.04.
  check_fault("rake", {{FindingCode::ChipsNotConserved, 0, 90, 100},
                       {FindingCode::PayoutMismatch, 0, 76, 86}});
}

TEST_CASE("OnGame fault: a short call", "[ongame][faults]") {
  // "Player1 calls 0.25" -> "calls 0.20": the small blind owes 0.25 to call 0.30.
  check_fault("call", {{FindingCode::WrongCallAmount, 9, 25, 20},
                       {FindingCode::RoundNotClosed, 9, 30, 25}});
}
