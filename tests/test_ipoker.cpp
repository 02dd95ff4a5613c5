// iPoker (site "ipoker"): the XML reader on real sessions with exact amounts, documents that are
// cut short or malformed, detection, a sweep of ../shared/corpus/iPoker against
// testdata/ipoker/anomalies.tsv and fpdb's .hp nets, and fault hands (testdata/ipoker/faults,
// README.md there) each carrying one money error.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/ipoker/builder.hpp"
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
using test::parse_file;
using test::seat;

namespace {

// The hands of a testdata file, which must all be iPoker and parsed.
std::vector<Hand> hands_of(const std::string& rel, std::size_t count) {
  std::vector<Hand> hands = parse_file(rel);
  INFO(rel);
  REQUIRE(hands.size() == count);
  for (const Hand& h : hands) {
    CHECK(h.site == "ipoker");
    CHECK(h.parsed);
  }
  return hands;
}

std::vector<FindingCode> errors_and_warnings(const AuditResult& r) {
  std::vector<FindingCode> out;
  for (const Finding& f : r.findings)
    if (f.severity != Severity::Info) out.push_back(f.code);
  std::sort(out.begin(), out.end(),
            [](FindingCode a, FindingCode b) { return code_name(a) < code_name(b); });
  return out;
}

AuditResult audit(const Hand& h) {
  return audit_hand(h, AuditContext{&test::shipped_house_rules()});
}

// A session header for the small documents written here.
std::string session(const std::string& gametype, const std::string& extra = "") {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<session sessioncode=\"1\">\n"
         " <general>\n"
         "  <gametype>" +
         gametype +
         "</gametype>\n"
         "  <tablename>Test, 1</tablename>\n"
         "  <currency>USD</currency>\n" +
         extra + " </general>\n";
}

// Heads-up: seat 1 posts $0.01, seat 2 $0.02 and raises to $0.06 after seat 1 calls; seat 1 folds.
// `bet1`/`bet2`/`win2` are the players' printed totals.
std::string small_game(const std::string& bet1, const std::string& bet2, const std::string& win2) {
  return " <game gamecode=\"42\">\n"
         "  <general>\n"
         "   <startdate>2014-05-06 07:08:09</startdate>\n"
         "   <players>\n"
         "    <player seat=\"1\" name=\"Ann\" chips=\"$2\" dealer=\"1\" win=\"$0\" bet=\"" +
         bet1 +
         "\"/>\n"
         "    <player seat=\"2\" name=\"Bob\" chips=\"$3\" dealer=\"0\" win=\"" +
         win2 + "\" bet=\"" + bet2 +
         "\"/>\n"
         "   </players>\n"
         "  </general>\n"
         "  <round no=\"0\">\n"
         "   <action no=\"1\" player=\"Ann\" type=\"1\" sum=\"$0.01\"/>\n"
         "   <action no=\"2\" player=\"Bob\" type=\"2\" sum=\"$0.02\"/>\n"
         "  </round>\n"
         "  <round no=\"1\">\n"
         // Printed out of order, as the exports do: no="5" before no="3".
         "   <action no=\"5\" player=\"Ann\" type=\"0\" sum=\"$0\"/>\n"
         "   <action no=\"3\" player=\"Ann\" type=\"3\" sum=\"$0.01\"/>\n"
         "   <action no=\"4\" player=\"Bob\" type=\"23\" sum=\"$0.06\"/>\n"
         "  </round>\n"
         " </game>\n";
}

}  // namespace

TEST_CASE("iPoker amounts and cards", "[ipoker]") {
  CHECK(ipoker::read_amount("$1,214.15", 100) == 121415);
  CHECK(ipoker::read_amount("€0,50", 100) == 50);
  CHECK(ipoker::read_amount("RSD1,110.25", 100) == 111025);
  CHECK(ipoker::read_amount("£0.05", 100) == 5);
  CHECK(ipoker::read_amount("1.500", 1) == 1500);  // Italian chips: '.' groups thousands
  CHECK(ipoker::read_amount("10,000", 1) == 10000);
  CHECK(ipoker::read_amount("\\x800.02", 100) == 2);  // the escaped cp1252 euro sign
  CHECK(ipoker::read_amount("$1", 100) == 100);
  CHECK(ipoker::read_amount("DP", 100) == std::nullopt);
  CHECK(ipoker::read_amount("", 100) == std::nullopt);
  CHECK(ipoker::card_of("C10") == "Tc");
  CHECK(ipoker::card_of("DA") == "Ad");
  CHECK(ipoker::card_of("H2") == "2h");
  CHECK(ipoker::card_of("SQ") == "Qs");
  CHECK(ipoker::card_of("X").empty());
  CHECK(ipoker::card_of("C1").empty());
  CHECK(ipoker::card_of("Z10").empty());
}

TEST_CASE("iPoker detection: a session and its declaration start a piece, nothing else",
          "[ipoker]") {
  CHECK(ipoker::is_document_start("<?xml version=\"1.0\" encoding=\"utf-8\"?>"));
  CHECK(ipoker::is_document_start("\t<session sessioncode=\"2754408688\">"));
  CHECK(ipoker::is_document_start("<session>"));
  CHECK_FALSE(ipoker::is_document_start("<sessions>"));
  CHECK_FALSE(ipoker::is_document_start("<game gamecode=\"1\">"));
  CHECK_FALSE(ipoker::is_document_start("</session>"));
  CHECK_FALSE(ipoker::is_document_start("<SESSION time=\"1335014137\">"));  // Everest
  CHECK_FALSE(ipoker::is_document_start("PokerStars Hand #1: Hold'em No Limit ($1/$2)"));
  // A lone declaration holds no hand.
  CHECK(read_text("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", "decl.xml").empty());
}

TEST_CASE("iPoker session: three games, amounts after an escaped euro, actions sorted by no",
          "[ipoker]") {
  // fixtures/cash_modern.txt: the euro sign written as the text "\x80".
  const std::vector<Hand> hands = hands_of("ipoker/fixtures_cash_modern.txt", 3);
  const Hand& h = hands[0];
  CHECK(h.site_hand_id == "3858162574");
  CHECK(h.source.line == 21);
  CHECK(h.raw.rfind("<game gamecode=\"3858162574\">", 0) == 0);
  CHECK(h.raw.ends_with("</game>"));
  CHECK(h.game == games::kHoldem);
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "EUR");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 1);
  CHECK(h.big_blind == 2);
  CHECK(h.table_name == "Ajaccio, 486280776");
  CHECK(h.started_at_utc == "2017-01-23T22:27:48Z");
  CHECK(h.button_seat == 10);
  CHECK(seat(h, 1).stack == 202);
  CHECK(seat(h, 6).player == "Player4");
  CHECK(event(h, EventKind::DealtHole, 6).cards.printed() == "8h Kh");
  CHECK(event(h, EventKind::Board, 0, 0).cards.printed() == "9d Tc Qh");
  CHECK(event(h, EventKind::Bet, 10).amount == 4);  // turn bet
  CHECK(event(h, EventKind::Collected, 10).amount == 15);
  CHECK(hands[1].site_hand_id == "3858162748");
  CHECK(hands[1].source.line == 77);
  // Game 2: the small blind raises to 0.04 (type 23 is a street total): 0.03 put in.
  const Event& raise = event(hands[1], EventKind::Raise, 2);
  CHECK(raise.to == 4);
  CHECK(raise.amount == 3);
  // Player0 called 0.02 before the raise and 0.02 after it, to the same 0.04: the actions agree.
  CHECK(event(hands[1], EventKind::Call, 1, 1).to == 4);
  // ... but the site's bet="€0.05" counts the small blind twice (anomalies.tsv).
  const AuditResult r = audit(hands[1]);
  const Finding* f = finding(r, FindingCode::SummaryMismatch, 2);
  REQUIRE(f);
  CHECK(f->expected == 4);
  CHECK(f->actual == 5);
}

TEST_CASE("iPoker: an uncalled part inside the bettor's win (2013)", "[ipoker]") {
  // No XML declaration; gortaleva's win="£0.46" is the part of his £6.50 the all-in £6.04 did
  // not call, not a pot: P0k3rkIng2k's flush wins the pot.
  const Hand h = hands_of("ipoker/cash_uncalled_2nd_winner.txt", 1).front();
  CHECK(h.currency == "GBP");
  CHECK(h.uncalled_style == UncalledStyle::InCollection);
  CHECK(event(h, EventKind::Raise, 6).to == 120);  // type 23: raises to £1.20
  // type 7: all-in for £4.84 more, short of gortaleva's raise to £6.50: an all-in call.
  const Event& shove = event(h, EventKind::Call, 6);
  CHECK(shove.all_in);
  CHECK(shove.amount == 484);
  CHECK(shove.to == 604);
  CHECK(event(h, EventKind::Raise, 5, 1).to == 650);
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  const Finding* in = finding(r, FindingCode::UncalledBetInCollection, 5);
  REQUIRE(in);
  CHECK(in->expected == 46);
  CHECK(r.derived_total_pot == 1223);
  CHECK(r.derived_rake == 81);
}

TEST_CASE("iPoker: an all-in by disconnect protection keeps the player in the pot his chips reach",
          "[ipoker]") {
  // Player7 raises to 0.20 and is then protected (type 7, sum="DP") with $2.09 behind: he puts in
  // nothing more, is passed over, and wins the main pot of 3 x 0.20 + the 0.15 of the blinds less
  // 0.03 rake (win 0.72); Player4's and Player5's 0.10 each beyond it make a side pot he cannot
  // win, Player4's (win 0.39 with his uncalled turn bet of 0.20).
  const Hand h = hands_of("ipoker/cash_disconnect_protection.txt", 1).front();
  const Event& dp = event(h, EventKind::SitsOut, 8);
  CHECK(dp.all_in);
  CHECK(dp.amount == 0);
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  REQUIRE(r.pots.size() == 2);
  CHECK(r.pots[0].amount == 75);
  CHECK(std::count(r.pots[0].eligible.begin(), r.pots[0].eligible.end(), 8) == 1);
  CHECK(std::count(r.pots[0].winners.begin(), r.pots[0].winners.end(), 8) == 1);
  CHECK(r.pots[1].amount == 20);
  CHECK(r.pots[1].eligible == std::vector<int>{4});  // Player5 folded on the turn
  CHECK(r.pots[1].winners == std::vector<int>{4});
}

TEST_CASE("iPoker: decimal commas, 5 card Omaha told by the hole cards, uncalled outside win",
          "[ipoker]") {
  // 2022 client (<client_version>): "PL €0,50/€1" names no game; the river bet of €52,77
  // nobody called is in bet= but not in win=.
  const Hand h = hands_of("ipoker/cash_5cplo_decimal_comma.txt", 1).front();
  CHECK(h.game == games::kOmaha5);
  CHECK(h.structure == Structure::PotLimit);
  CHECK(h.small_blind == 50);
  CHECK(h.big_blind == 100);
  CHECK(seat(h, 1).stack == 34149);
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  CHECK(event(h, EventKind::DealtHole, 10).cards.printed() == "3c Kc 3h Td 2h");
  CHECK(event(h, EventKind::Bet, 1, 1).amount == 5277);
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  const Finding* back = finding(r, FindingCode::UncalledBetNotPrinted, 1);
  REQUIRE(back);
  CHECK(back->expected == 5277);
  CHECK(r.derived_rake == 159);
}

TEST_CASE("iPoker tournament: chips grouped with '.', an all-in call", "[ipoker]") {
  const Hand h = hands_of("ipoker/tour_sng_italian.txt", 1).front();
  CHECK(h.tournament);
  CHECK(h.tournament_id == "€0.50 NLH Double Up 6 Gioc. M2EFE101E4DDF2KD");
  CHECK(h.unit == 1);
  CHECK(h.currency.empty());
  CHECK(h.small_blind == 10);  // from the blinds posted: <gametype> prints none
  CHECK(h.big_blind == 20);
  CHECK(seat(h, 1).stack == 1500);
  CHECK(h.started_at_utc == "2012-01-30T02:30:00Z");  // "30/01/2012 02:30"
  CHECK(event(h, EventKind::Raise, 1, 1).to == 1500);
  // type 7 (all-in) after a raise to the same 1500: a call of what was left.
  const Event& call = event(h, EventKind::Call, 3);
  CHECK(call.all_in);
  CHECK(call.amount == 1300);
  CHECK(call.to == 1500);
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  CHECK(r.derived_rake == 0);
}

TEST_CASE("iPoker fixed limit: stakes are the bets, a late big blind posts both", "[ipoker]") {
  const Hand h = hands_of("ipoker/cash_lhe_post_both.txt", 1).front();
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 500);
  CHECK(h.big_bet == 1000);
  const Event& both = event(h, EventKind::PostBothBlinds, 6);
  CHECK(both.amount == 750);
  CHECK(both.dead == 250);
  CHECK(both.to == 500);
  // The document ends without </game></session>: read as far as it goes, with a warning.
  REQUIRE(h.issues.size() == 1);
  CHECK(h.issues[0].line == 33);
  CHECK(h.issues[0].expected == "</game>: the document ends inside the game");
  CHECK(errors_and_warnings(audit(h)) == std::vector<FindingCode>{FindingCode::UnrecognisedLine});
}

TEST_CASE("iPoker: two sessions in one file, antes, sitting out after the ante", "[ipoker]") {
  const std::vector<Hand> two = hands_of("ipoker/cash_two_sessions.txt", 2);
  CHECK(two[0].site_hand_id == "2606454888");
  CHECK(two[1].site_hand_id == "2607167283");
  CHECK(two[0].source.line < two[1].source.line);
  CHECK(two[1].source.line == 60);
  for (const Hand& h : two) CHECK(errors_and_warnings(audit(h)).empty());

  const Hand a = hands_of("ipoker/cash_antes_sits_out.txt", 1).front();
  CHECK(event(a, EventKind::PostAnte, 6).amount == 2);
  CHECK(event(a, EventKind::Fold, 6).street == Street::Preflop);  // type 9 after the deal
  CHECK(event(a, EventKind::PostBigBlind, 8).amount == 10);
  CHECK(a.ante == 2);
  const AuditResult r = audit(a);
  // Only the warning that the document was cut short; Hero's win of 0.31 is the pot less rake.
  CHECK(errors_and_warnings(r) == std::vector<FindingCode>{FindingCode::UnrecognisedLine});
  CHECK(r.derived_total_pot == 33);  // 4 antes of 0.02, the blinds, the call
  CHECK(r.derived_rake == 2);
}

TEST_CASE("iPoker: malformed documents give findings with file and line, never a crash",
          "[ipoker]") {
  // A game whose XML breaks: unparsed, the parser's message and the line.
  const std::string broken = session("Holdem NL $0.01/$0.02") +
                             " <game gamecode=\"7\">\n  <general>\n   <players>\n"
                             "    <player seat=\"1\" name=\"A\" chips=\"$1\" bet=\"$0\"/>\n"
                             "   </general>\n </game>\n</session>\n";
  std::vector<Hand> hands = read_text(broken, "broken.xml");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].parsed);
  CHECK(hands[0].source.line == 8);
  REQUIRE(hands[0].issues.size() == 1);
  CHECK(hands[0].issues[0].expected == "well-formed XML");
  CHECK(hands[0].issues[0].line == 12);  // where </general> closes <players>
  const AuditResult r = audit(hands[0]);
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].code == FindingCode::ParseError);
  CHECK(r.findings[0].message.find("broken.xml:12") != std::string::npos);

  // A game with no session header before it.
  hands = read_text("<session>\n" + small_game("$0.02", "$0.06", "$0.03"), "noheader.xml");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].parsed);
  CHECK(hands[0].issues[0].expected == "the session's <general>...</general> header");

  // An unknown game type, and text after </game>.
  hands = read_text(
      session("Bingo XL $1/$2") + small_game("$0.02", "$0.06", "$0.03") + "junk\n</session>\n",
      "odd.xml");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].parsed);
  REQUIRE(hands[0].issues.size() == 2);
  CHECK(hands[0].issues[1].expected == "only </session> after </game>");
  CHECK(hands[0].issues[1].got == "junk");
  CHECK(hands[0].issues[1].line == 26);

  // Not XML at all after a declaration: an unparsed hand, not silence.
  hands = read_text("<?xml version=\"1.0\"?> <html><body>hello</body></html>\n", "page.xml");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].parsed);
}

TEST_CASE("iPoker: the summary's bet= is checked against the actions (SUMMARY_MISMATCH)",
          "[ipoker]") {
  // The rule is general (audit/money_rules.cpp, check_summary_agrees): a summary that states what a
  // player put in. Ann puts in 0.02 (blind and call), Bob 0.06 of which 0.04 comes back uncalled
  // inside his win of 0.06 (the 0.02 pot less no rake... and his own 0.04).
  const std::string good =
      session("Holdem NL $0.01/$0.02") + small_game("$0.02", "$0.06", "$0.08") + "</session>\n";
  std::vector<Hand> hands = read_text(good, "good.xml");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].parsed);
  CHECK(hands[0].issues.empty());
  // Sorted by no: Ann calls (3), Bob raises (4), Ann folds (5).
  std::vector<EventKind> kinds;
  for (const Event& e : hands[0].events)
    if (e.street == Street::Preflop) kinds.push_back(e.kind);
  CHECK(kinds == std::vector<EventKind>{EventKind::Call, EventKind::Raise, EventKind::Fold});
  AuditResult r = audit(hands[0]);
  CHECK(errors_and_warnings(r).empty());
  CHECK(finding(r, FindingCode::UncalledBetInCollection, 2)->expected == 4);

  const std::string bad =
      session("Holdem NL $0.01/$0.02") + small_game("$0.03", "$0.06", "$0.08") + "</session>\n";
  hands = read_text(bad, "bad.xml");
  REQUIRE(hands.size() == 1);
  r = audit(hands[0]);
  CHECK(errors_and_warnings(r) == std::vector<FindingCode>{FindingCode::SummaryMismatch});
  const Finding* f = finding(r, FindingCode::SummaryMismatch, 1);
  REQUIRE(f);
  // Ann's play, payout (0) and stack agree: only the site's record of the hand is wrong, a
  // warning with both figures (issue 33, point 19).
  CHECK(f->severity == Severity::Warning);
  CHECK(f->expected == 2);
  CHECK(f->actual == 3);
  CHECK(f->line == 12);  // Ann's <player> line
  CHECK(f->message ==
        "Ann's actions put in 0.02 but the summary says 0.03: an error of the site's record only "
        "(the play, the payout and the stack agree; no money depends on the figure)");

  // iPoker's win= makes the collections, so a payout cannot disagree with them here: the rule is
  // the audit's. A summary line whose payout disagrees too puts the money in doubt, and the put-in
  // figure is then an error with it (Ann's line saying she won 0.01).
  Hand doubtful = hands[0];
  for (SummarySeat& s : doubtful.summary)
    if (s.seat == 1) s.won = 1;
  std::vector<std::pair<Money, Severity>> anns;
  for (const Finding& g : audit(doubtful).findings)
    if (g.code == FindingCode::SummaryMismatch && g.seat == 1)
      anns.emplace_back(g.actual->money(), g.severity);
  CHECK(anns ==
        std::vector<std::pair<Money, Severity>>{{1, Severity::Error}, {3, Severity::Error}});
}

TEST_CASE("iPoker corpus sweep", "[ipoker][corpus]") {
  const fs::path root = test::shared_corpus() / "iPoker";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(root));
  // The hands, counted without the parser: the <game gamecode= tags of every file.
  long games = 0;
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = test::read_file(de.path());
    for (std::size_t p = text.find("<game gamecode="); p != std::string::npos;
         p = text.find("<game gamecode=", p + 1))
      ++games;
  }
  // 166 flop games, and 119 seven card stud games of ../shared/corpus/iPoker/*/Stud/ (2 cash of
  // 2010, 117 of a 2012 sit-and-go), read since issue 33.
  CHECK(games == 285);
  const test::SweepResult r = test::sweep_corpus(root, "ipoker/anomalies.tsv");
  CHECK(r.hands == games);
  CHECK(r.parsed * 100 >= games * 99);
  CHECK(r.sites == std::set<std::string>{"ipoker"});
  CHECK(r.hp_checked == 3);
  test::check_sweep(r, "ipoker/anomalies.tsv");
}

// Fault hands: testdata/ipoker/faults/NAME.txt is testdata/ipoker/faults/originals/NAME.txt
// edited on one line; testdata/ipoker/README.md explains every expected finding.
namespace {
void check_fault(const std::string& name, const std::string& start, const std::string& hand_id,
                 std::vector<test::Expected> findings) {
  test::check_fault({"ipoker/faults", name, "ipoker", start, hand_id, std::move(findings), {}});
}
const std::string kDecl = "<?xml version=\"1.0\" encoding=\"utf-8\"?>";
}  // namespace

TEST_CASE("iPoker fault: a win too large", "[ipoker][faults]") {
  // Ponsaltos's win £5.95 -> £6.95: less his £0.30 uncalled, £6.65 out of a £6.05 pot.
  check_fault("collected_amount", kDecl, "4989273264", {{FindingCode::RakeMismatch, 0, 0, -60}});
}

TEST_CASE("iPoker fault: a short call", "[ipoker][faults]") {
  // Werton42 calls £0.10 of a £0.20 call; his all-in later falls short too, and his bet= no longer
  // matches his actions.
  check_fault("call_amount", kDecl, "4989273264",
              {{FindingCode::WrongCallAmount, 10, 20, 10},
               {FindingCode::RoundNotClosed, 10, 30, 20},
               {FindingCode::WrongCallAmount, 10, 190, 180},
               {FindingCode::AllInMismatch, 10, 0, 10},
               {FindingCode::SummaryMismatch, 10, 290, 300}});
}

TEST_CASE("iPoker fault: the uncalled part not paid back in full", "[ipoker][faults]") {
  // gortaleva's win £0.46 (his uncalled part) -> £0.40.
  check_fault("uncalled_bet", "<session", "4988874195",
              {{FindingCode::UncalledBetMismatch, 5, 46, 40}});
}

TEST_CASE("iPoker fault: a folded player paid from the pot", "[ipoker][faults]") {
  // Tournament: P2_298763EJ folded preflop and is given win="20".
  check_fault("ineligible_collection", kDecl, "3459543874",
              {{FindingCode::PayoutMismatch, 8, 0, 20}, {FindingCode::RakeMismatch, 0, 0, -20}});
}

TEST_CASE("iPoker fault: a player's total put in misstated", "[ipoker][faults]") {
  // Player3's bet="€9.10" -> "€9.30".
  check_fault("put_in_total", kDecl, "7044721647", {{FindingCode::SummaryMismatch, 10, 910, 930}});
}

TEST_CASE("iPoker: a session cut anywhere reads without a crash, each hand a slice of the text",
          "[ipoker][hostile]") {
  const std::string full = test::load("ipoker/fixtures_cash_modern.txt");
  for (std::size_t cut = 0; cut <= full.size(); cut += 13) {
    const std::string text = full.substr(0, cut);
    INFO("cut at " << cut);
    std::vector<Hand> hands;
    REQUIRE_NOTHROW(hands = read_text(text, "cut.xml"));
    CHECK(hands.size() <= 3);
    for (const Hand& h : hands) {
      CHECK(text.find(h.raw) != std::string::npos);
      CHECK(h.source.line >= 1);
      REQUIRE_NOTHROW(audit(h));
    }
  }
}

namespace {

// Whether `r` charges the site (an error or a warning it blames on the site).
bool charges_site(const AuditResult& r) {
  return std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return f.blame == Blame::Site && f.severity != Severity::Info;
  });
}

// The small game with `from` replaced by `to` once, read alone in its session.
std::vector<Hand> mutated_game(const std::string& from, const std::string& to) {
  std::string game = small_game("$0.02", "$0.06", "$0.08");
  const std::size_t at = game.find(from);
  REQUIRE(at != std::string::npos);
  game.replace(at, from.size(), to);
  return read_text(session("Holdem NL $0.01/$0.02") + game + "</session>\n", "mutated.xml");
}

}  // namespace

TEST_CASE("iPoker strict: what does not parse is a gap, never a fold, an order or 0", "[ipoker]") {
  // The clean game charges the site nothing.
  const std::vector<Hand> clean = mutated_game("Ann", "Ann");
  REQUIRE(clean.size() == 1);
  CHECK_FALSE(charges_site(audit(clean[0])));
  const std::vector<std::pair<std::string, std::string>> cases = {
      // An action code that is no number is not a fold (as_int read "O3" as 0).
      {"type=\"3\" sum=\"$0.01\"", "type=\"O3\" sum=\"$0.01\""},
      // An action order that is no number is not 0 (the call sorted before the blinds).
      {"no=\"3\"", "no=\"O3\""},
      // A round number with a letter is not round 1.
      {"<round no=\"1\">", "<round no=\"1O\">"},
      // An unknown attribute where the amount is: not an action of 0.
      {"type=\"23\" sum=", "type=\"23\" zzyzx="},
      // A seat that is no number.
      {"seat=\"2\"", "seat=\"2O\""},
      // An unknown element in a round, in the game.
      {"<action no=\"4\"", "<zzyzx no=\"4\""},
      {"<round no=\"0\">", "<zzyzx no=\"0\">"},
  };
  for (const auto& [from, to] : cases) {
    INFO(to);
    const std::vector<Hand> hands = mutated_game(from, to);
    REQUIRE(hands.size() == 1);
    CHECK_FALSE(hands[0].issues.empty());
    CHECK_FALSE(charges_site(audit(hands[0])));
  }
}

TEST_CASE("iPoker strict: a game whose opening tag is not known is an unparsed hand", "[ipoker]") {
  const std::vector<Hand> hands = mutated_game("<game gamecode", "<zzyzx gamecode");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands[0].parsed);
  REQUIRE_FALSE(hands[0].issues.empty());
  CHECK(hands[0].issues[0].got.find("</game>") != std::string::npos);
}

TEST_CASE("iPoker tournament: half chips fix the session's unit, no seat or action is dropped",
          "[ipoker]") {
  // A tournament's amounts with hundredths (chips="3,252.50", sum="277.50") are read at a unit of
  // 100 for the whole session: decided from the session's amounts, never hand by hand.
  std::string game = small_game("$0.02", "$0.06", "$0.08");
  game.replace(game.find("chips=\"$2\""), 10, "chips=\"3,252.50\"");
  const std::vector<Hand> hands = read_text(
      session("Holdem NL", "  <tournamentcode>77</tournamentcode>\n") + game + "</session>\n",
      "t.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.tournament);
  CHECK(h.unit == 100);
  REQUIRE(h.seats.size() == 2);
  CHECK(seat(h, 1).stack == 325250);
  CHECK(event(h, EventKind::Raise, 2).to == 6);
  CHECK_FALSE(charges_site(audit(h)));
}

// --- stud (docs/sites/ipoker.md, "Stud"): hands written from the rule the corpus samples show ---
namespace {

// A <game> of players (seat, name, chips, bet, win; the first is the dealer) and rounds, each
// round's XML as the exports print it.
std::string stud_game(const std::vector<std::vector<std::string>>& players,
                      const std::vector<std::string>& rounds) {
  std::string out =
      " <game gamecode=\"77\">\n  <general>\n   <startdate>2010-09-05 13:00:46</startdate>\n"
      "   <players>\n";
  bool first = true;
  for (const auto& p : players) {
    out += "    <player seat=\"" + p[0] + "\" name=\"" + p[1] + "\" chips=\"" + p[2] +
           "\" dealer=\"" + (first ? "1" : "0") + "\" win=\"" + p[4] + "\" bet=\"" + p[3] +
           "\"/>\n";
    first = false;
  }
  out += "   </players>\n  </general>\n";
  for (std::size_t i = 0; i < rounds.size(); ++i)
    out += "  <round no=\"" + std::to_string(i) + "\">\n" + rounds[i] + "  </round>\n";
  return out + " </game>\n</session>\n";
}

std::string act(int no, const std::string& player, int type, const std::string& sum) {
  return "   <action no=\"" + std::to_string(no) + "\" player=\"" + player + "\" type=\"" +
         std::to_string(type) + "\" sum=\"" + sum + "\" cards=\"\"/>\n";
}

std::string deal(const std::string& street, const std::string& player, const std::string& cards) {
  return "   <cards type=\"" + street + "\" player=\"" + player + "\">" + cards + "</cards>\n";
}

// Seven card stud at $1/$2, ante $0.10: Bob's D2 is the lowest door card and brings in $0.50,
// Cat completes to $1, Ann folds, Bob calls; Cat's ace opens 4th street, Bob's pair of nines 5th,
// his two pair 6th and 7th. Bob's two pair (nines and fives) beats Cat's sevens; rake $0.05.
// `ann_door` is Ann's door card (SK: Bob's bring-in is right; C2, lower than D2: it is Ann's).
// `bob_river` is Bob's 7th-street card ("X": not printed, so Bob did not show).
std::string stud_hand(const std::string& ann_door, const std::string& bob_river = "C5") {
  const std::string T = "Third Street";
  return session("7 Card Stud L $1/$2") +
         stud_game(
             {{"1", "Ann", "$10", "$0.10", "$0"},
              {"3", "Bob", "$20", "$6.10", "$12.25"},
              {"5", "Cat", "$15", "$6.10", "$0"}},
             {act(1, "Ann", 15, "$0.10") + act(2, "Bob", 15, "$0.10") + act(3, "Cat", 15, "$0.10"),
              "",
              deal(T, "Ann", "X X " + ann_door) + act(6, "Ann", 0, "$0") +
                  deal(T, "Bob", "D5 S6 D2") + act(4, "Bob", 16, "$0.50") +
                  act(7, "Bob", 3, "$0.50") + deal(T, "Cat", "H7 D7 HA") + act(5, "Cat", 5, "$1"),
              deal("Fourth Street", "Bob", "D9") + act(9, "Bob", 3, "$1") +
                  deal("Fourth Street", "Cat", "C3") + act(8, "Cat", 5, "$1"),
              deal("Fifth Street", "Bob", "S9") + act(10, "Bob", 4, "$0") +
                  act(12, "Bob", 3, "$2") + deal("Fifth Street", "Cat", "H4") +
                  act(11, "Cat", 5, "$2"),
              deal("Sixth Street", "Bob", "H2") + act(13, "Bob", 4, "$0") +
                  deal("Sixth Street", "Cat", "SQ") + act(14, "Cat", 4, "$0"),
              deal("River", "Bob", bob_river) + act(15, "Bob", 5, "$2") +
                  deal("River", "Cat", "D10") + act(16, "Cat", 3, "$2")});
}

}  // namespace

TEST_CASE("iPoker stud: antes, the bring-in, up cards per street, the cards printed at the end",
          "[ipoker][stud]") {
  const std::vector<Hand> hands = read_text(stud_hand("SK"), "stud.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  INFO(h.issues.size());
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kSevenCardStud);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 100);  // "$1/$2": the two bet sizes
  CHECK(h.big_bet == 200);
  CHECK(h.ante == 10);
  CHECK(h.button_seat == 1);
  // Round 2 is 3rd street (the first betting round), round 6 ("River") 7th street.
  const Event& bring_in = event(h, EventKind::BringIn, 3);
  CHECK(bring_in.amount == 50);
  CHECK(bring_in.street == Street::Preflop);
  // Cat's "bet" of $1 over the bring-in completes it: a raise to $1.
  const Event& complete = event(h, EventKind::Raise, 5);
  CHECK(complete.to == 100);
  CHECK(complete.amount == 100);
  CHECK(event(h, EventKind::Call, 3).amount == 50);
  // The up cards of each street, the hidden down cards left out.
  CHECK(event(h, EventKind::DealtHole, 1).cards.printed() == "Ks");
  CHECK(event(h, EventKind::DealtHole, 3, 0).cards.printed() == "5d 6s 2d");
  CHECK(event(h, EventKind::DealtHole, 3, 1).street == Street::Flop);
  CHECK(event(h, EventKind::DealtHole, 3, 4).street == Street::Seventh);
  CHECK(event(h, EventKind::Bet, 3).street == Street::Seventh);
  // Both players left printed all seven cards: they showed them.
  CHECK(event(h, EventKind::Shows, 3).cards.printed() == "5d 6s 2d 9d 9s 2h 5c");
  CHECK(event(h, EventKind::Shows, 5).cards.printed() == "7h 7d Ah 3c 4h Qs Td");
  CHECK(events(h, EventKind::Shows, 1).empty());
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  CHECK_FALSE(finding(r, FindingCode::ShowdownNotEvaluated));  // the showdown is judged
  CHECK(r.derived_rake == 5);

  // Ann's C2 is the lowest door card: Bob's bring-in is the wrong player's.
  const std::vector<Hand> wrong = read_text(stud_hand("C2"), "stud.xml");
  REQUIRE(wrong.size() == 1);
  const AuditResult w = audit(wrong[0]);
  CHECK(errors_and_warnings(w) == std::vector<FindingCode>{FindingCode::WrongForcedBet});
  const Finding* f = finding(w, FindingCode::WrongForcedBet, 3);
  REQUIRE(f);
  CHECK(f->expected == FindingAmount::seat(1));  // Ann's seat

  // Bob's last card left hidden: he did not show, and the showdown is not judged (a note).
  const std::vector<Hand> hidden = read_text(stud_hand("SK", "X"), "stud.xml");
  REQUIRE(hidden.size() == 1);
  CHECK(events(hidden[0], EventKind::Shows, 3).empty());
  CHECK(events(hidden[0], EventKind::Shows, 5).size() == 1);
  const AuditResult n = audit(hidden[0]);
  CHECK(errors_and_warnings(n).empty());
  CHECK(finding(n, FindingCode::ShowdownNotEvaluated));
}

TEST_CASE("iPoker stud hi-lo tournament: no stakes printed, the bets give them, a split pot",
          "[ipoker][stud]") {
  // Ante 5, Bob's C3 brings in 10, Ann completes to 40 (the small bet) and bets 80 on 5th
  // street. Ann's kings and eights take the high half, Bob's 6-5-4-3-A the low: 125 each.
  const std::string T = "Third Street";
  const std::string text =
      session("7 Card Stud Hi-Lo L", "  <tournamentname>$5 Limit 7 Card Stud</tournamentname>\n") +
      stud_game({{"2", "Ann", "1,500", "125", "125"}, {"4", "Bob", "1,500", "125", "125"}},
                {act(1, "Ann", 15, "5") + act(2, "Bob", 15, "5"), "",
                 deal(T, "Ann", "H2 S9 HK") + act(4, "Ann", 5, "40") + deal(T, "Bob", "CA D9 C3") +
                     act(3, "Bob", 16, "10") + act(5, "Bob", 3, "30"),
                 deal("Fourth Street", "Ann", "D8") + act(6, "Ann", 4, "0") +
                     deal("Fourth Street", "Bob", "S4") + act(7, "Bob", 4, "0"),
                 deal("Fifth Street", "Ann", "C8") + act(8, "Ann", 5, "80") +
                     deal("Fifth Street", "Bob", "H5") + act(9, "Bob", 3, "80"),
                 deal("Sixth Street", "Ann", "SK") + act(10, "Ann", 4, "0") +
                     deal("Sixth Street", "Bob", "D6") + act(11, "Bob", 4, "0"),
                 deal("River", "Ann", "D10") + act(12, "Ann", 4, "0") +
                     deal("River", "Bob", "S10") + act(13, "Bob", 4, "0")});
  const std::vector<Hand> hands = read_text(text, "studhl.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kSevenCardStudHiLo);
  CHECK(h.tournament);
  CHECK(h.unit == 1);
  CHECK(h.small_bet == 40);  // Ann's completion
  CHECK(h.big_bet == 80);
  CHECK(h.ante == 5);
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  CHECK_FALSE(finding(r, FindingCode::ShowdownNotEvaluated));
}

TEST_CASE("iPoker five card stud: one down and one up card, then three up, 5th street is the last",
          "[ipoker][stud]") {
  // $0.10/$0.20, ante $0.01: Bob's C2 brings in $0.05, Ann completes to $0.10; Ann's king opens
  // 3rd and 4th street, Bob bets $0.20 on 4th. Bob's pair of twos beats Ann's ace high; rake 2.
  const std::string text =
      session("5 Card Stud L $0.10/$0.20") +
      stud_game({{"1", "Ann", "$5", "$0.41", "$0"}, {"2", "Bob", "$5", "$0.41", "$0.80"}},
                {act(1, "Ann", 15, "$0.01") + act(2, "Bob", 15, "$0.01"), "",
                 deal("Second Street", "Ann", "HA SK") + act(4, "Ann", 5, "$0.10") +
                     deal("Second Street", "Bob", "S2 C2") + act(3, "Bob", 16, "$0.05") +
                     act(5, "Bob", 3, "$0.05"),
                 deal("Third Street", "Ann", "D8") + act(6, "Ann", 5, "$0.10") +
                     deal("Third Street", "Bob", "H4") + act(7, "Bob", 3, "$0.10"),
                 deal("Fourth Street", "Ann", "C3") + act(8, "Ann", 4, "$0") +
                     act(10, "Ann", 3, "$0.20") + deal("Fourth Street", "Bob", "S5") +
                     act(9, "Bob", 5, "$0.20"),
                 deal("Fifth Street", "Ann", "H9") + act(11, "Ann", 4, "$0") +
                     deal("Fifth Street", "Bob", "D7") + act(12, "Bob", 4, "$0")});
  const std::vector<Hand> hands = read_text(text, "5stud.xml");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands[0];
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kFiveCardStud);
  CHECK(h.game.name() == "5 Card Stud");
  CHECK(event(h, EventKind::BringIn, 2).amount == 5);
  CHECK(event(h, EventKind::DealtHole, 2, 0).cards.printed() == "2s 2c");
  CHECK(event(h, EventKind::DealtHole, 2, 3).street == Street::River);  // 5th street
  CHECK(event(h, EventKind::Shows, 2).cards.printed() == "2s 2c 4h 5s 7d");
  const AuditResult r = audit(h);
  CHECK(errors_and_warnings(r).empty());
  CHECK_FALSE(finding(r, FindingCode::ShowdownNotEvaluated));
  CHECK(r.derived_rake == 2);
}
