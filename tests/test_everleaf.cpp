// Everleaf (site "everleaf", with its skins Concord, Grand Poker and Partouche): detection, the
// parser on two corpus hands with exact amounts (testdata/everleaf, README.md there), a sweep of
// ../shared/corpus/Everleaf against testdata/everleaf/anomalies.tsv with fpdb's nets, and fault
// hands each carrying one money error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/everleaf/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"

namespace fs = std::filesystem;
using namespace hh;

TEST_CASE("Everleaf detection", "[everleaf]") {
  CHECK(everleaf::is_hand_start("Everleaf Gaming Game #355196915"));
  CHECK(everleaf::is_hand_start("Everleaf Gaming - Concord Gaming - Game #404865765"));
  CHECK(everleaf::is_hand_start("- - Grand Poker - Game #15649156"));
  CHECK(everleaf::is_hand_start("Partouche Poker Gibraltar"));
  CHECK_FALSE(everleaf::is_hand_start("Everleaf Gaming Game #"));
  CHECK_FALSE(everleaf::is_hand_start("Game #1463192545: Table x"));  // Unibet's
  CHECK(sniff_format("Everleaf Gaming Game #355196915\n").format->name() == "everleaf");
  CHECK(sniff_format("Partouche Poker Gibraltar\n*** Historique des Mains pour la partie 1 ***\n")
            .format->name() == "everleaf");
  CHECK(format_by_name("everleaf")->readable());
}

TEST_CASE("Everleaf hand: the caret euro, a raise of chips added, a bet returned unprinted",
          "[everleaf]") {
  const Hand h = test::only_hand(read_text(test::load("everleaf/euro_caret.txt"), "e.txt"));
  CHECK(h.site == "everleaf");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "355196915");
  CHECK(h.table_name == "Budapest");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "EUR");  // "ˆ 50 EURO": the cp1252 caret standing for the euro sign
  CHECK(h.unit == 100);
  CHECK_FALSE(h.tournament);
  CHECK(h.small_blind == 25);
  CHECK(h.big_blind == 50);
  CHECK(h.started_at_utc == "2012-02-09T22:09:43Z");
  CHECK(h.button_seat == 1);
  REQUIRE(h.seats.size() == 2);
  CHECK(h.seats[1].stack == 5000);
  CHECK(h.uncalled_style == UncalledStyle::ToStack);
  CHECK_FALSE(h.rake);
  const auto raises = test::events_of(h, EventKind::Raise);
  const auto bets = test::events_of(h, EventKind::Bet);
  const auto wins = test::events_of(h, EventKind::Collected);
  REQUIRE(raises.size() == 1);
  CHECK(raises[0]->seat == 1);
  CHECK(raises[0]->amount == 125);  // "raises [ˆ 1.25 EURO]": the chips put in, over the 0.25
  CHECK(raises[0]->to == 150);
  REQUIRE(bets.size() == 1);
  CHECK(bets[0]->amount == 300);
  REQUIRE(wins.size() == 1);
  CHECK(wins[0]->seat == 2);
  CHECK(wins[0]->amount == 282);
  CHECK(wins[0]->pot_index == 0);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  for (const Finding& f : r.findings) CHECK(f.severity == Severity::Info);
  for (const PlayerResult& p : r.players) {
    if (p.player == "Hero") CHECK(p.net() == -150);
    if (p.player == "Player0") CHECK(p.net() == 132);  // 2.82 won, 1.50 put in and kept
  }
}

TEST_CASE("Everleaf hand: a side pot, a hand description wrapped onto its own line", "[everleaf]") {
  const Hand h =
      test::only_hand(read_text(test::load("everleaf/two_way_all_in.txt"), "two_way_all_in.txt"));
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.currency == "USD");
  CHECK(h.seats.size() == 8);
  const auto wins = test::events_of(h, EventKind::Collected);
  REQUIRE(wins.size() == 2);
  CHECK(wins[0]->amount == 13);
  CHECK(wins[0]->pot_index == 0);
  CHECK(wins[1]->amount == 181);
  CHECK(wins[1]->pot_index == -1);  // "from side pot": never numbered
  const auto shows = test::events_of(h, EventKind::Shows);
  REQUIRE(shows.size() == 3);
  CHECK(shows[0]->cards.printed() == "4c 4d");
  for (const Finding& f : audit_hand(h, AuditContext{&test::shipped_house_rules()}).findings)
    CHECK(f.severity == Severity::Info);
}

TEST_CASE("Everleaf corpus sweep", "[everleaf][corpus]") {
  const fs::path root = test::shared_corpus() / "Everleaf";
  REQUIRE(fs::is_directory(root));
  // Counted apart from the parser: one game-number line per hand, in English or in French.
  const std::regex game_line(
      R"((\*\*\*\*\* Hand history for game #|\*\*\* Historique des Mains pour la partie )[0-9]+ \*)");
  const long headers = test::count_matches(root, game_line);
  const test::SweepResult r = test::sweep_corpus(root, "everleaf/anomalies.tsv");
  CHECK(headers == 226);
  CHECK(r.hands == headers);
  CHECK(r.parsed == 226);
  CHECK(r.sites == std::set<std::string>{"everleaf"});
  CHECK(r.hp_checked == 8);  // the 8 players of the one file with an .hp
  test::check_sweep(r, "everleaf/anomalies.tsv");
}

// Fault hands: testdata/everleaf/faults/NAME.txt is the corpus hand euro_caret.txt edited on one
// line; testdata/everleaf/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault({"everleaf/faults",
                     name,
                     "everleaf",
                     "Everleaf Gaming ",
                     "355196915",
                     std::move(findings),
                     {},
                     "everleaf/euro_caret.txt"});
}
}  // namespace

TEST_CASE("Everleaf fault: a win larger than the pot", "[everleaf][faults]") {
  // "Player0 wins ˆ 2.82 EURO" -> "ˆ 3.82": the pot is 3.00, the 3 bet nobody called went back
  // to the stack (never inside a collection), so the rake comes out negative.
  check_fault("collection", {{FindingCode::RakeMismatch, 0, 0, -82}});
}

TEST_CASE("Everleaf fault: a short big blind", "[everleaf][faults]") {
  // "Player0: posts big blind [ˆ 0.50 EURO]" -> "ˆ 0.25": the stakes are 0.25/0.50.
  check_fault("blind", {{FindingCode::WrongForcedBet, 2, 50, 25},
                        {FindingCode::WrongCallAmount, 2, 125, 100},
                        {FindingCode::RoundNotClosed, 2, 150, 125}});
}

TEST_CASE("Everleaf fault: a short call", "[everleaf][faults]") {
  // "Player0 calls [ˆ 1 EURO]" -> "ˆ 0.75": Hero raised to 1.50 over the 0.50 big blind.
  check_fault("call", {{FindingCode::WrongCallAmount, 2, 100, 75},
                       {FindingCode::RoundNotClosed, 2, 150, 125}});
}

TEST_CASE("Everleaf fault: a bet larger than the stack", "[everleaf][faults]") {
  // "Player0: bets [ˆ 3 EURO]" -> "ˆ 60 EURO": 48.50 left of the 50 after the 1.50 put in.
  check_fault("stack", {{FindingCode::BetExceedsStack, 2, 4850, 6000}});
}

// Strict reading (docs/sites/everleaf.md, "What is read"): a hand written for these tests, one
// line changed at a time; what does not read is the reader's gap on that line.
namespace {
const char* const kStrictHand =
    "Everleaf Gaming Game #100\n"
    "***** Hand history for game #100 *****\n"
    "Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15\n"
    "Table Test\n"
    "Seat 1 is the button\n"
    "Total number of players: 2\n"
    "Seat 1: Alice (  $ 5 USD )\n"
    "Seat 2: Bob (  $ 5 USD )\n"
    "Alice: posts small blind [$ 0.05 USD]\n"
    "Bob: posts big blind [$ 0.10 USD]\n"
    "** Dealing down cards **\n"
    "Alice: good luck\n"
    "Alice folds\n"
    "Bob does not show cards\n"
    "Bob wins $ 0.10 USD from main pot\n";

Hand strict_hand(const std::string& from, const std::string& to) {
  std::string text = kStrictHand;
  if (!from.empty()) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  }
  return test::only_hand(read_text(text, "strict.txt"));
}

bool issue_on(const Hand& h, std::uint32_t line) {
  for (const ParseIssue& i : h.issues)
    if (i.line == line) return true;
  return false;
}
}  // namespace

TEST_CASE("Everleaf strict: the clean hand reads whole, chat included", "[everleaf][gaps]") {
  const Hand h = strict_hand("", "");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(test::events_of(h, EventKind::Chat).size() == 1);
}

TEST_CASE("Everleaf strict: a word of the stakes line that is not a limit is not read",
          "[everleaf][gaps]") {
  CHECK(issue_on(strict_hand("NL Hold'em", "NL zzyzx Hold'em"), 3));
  CHECK(issue_on(strict_hand("NL Hold'em", "zzyzx Hold'em"), 3));
}

TEST_CASE("Everleaf strict: a stack that does not read is not a player sitting out",
          "[everleaf][gaps]") {
  CHECK(issue_on(strict_hand("Alice (  $ 5 USD )", "Alice (  $ O USD )"), 7));
  CHECK(issue_on(strict_hand("Alice (  $ 5 USD )", "Alice (  $ 5O USD )"), 7));
  CHECK(issue_on(strict_hand("Alice (  $ 5 USD )", "Alice ( zzyzx )"), 7));
}

TEST_CASE("Everleaf strict: a post that does not read is not chat", "[everleaf][gaps]") {
  CHECK(issue_on(strict_hand("posts small blind [$ 0.05", "zzyzx small blind [$ 0.05"), 9));
  CHECK(issue_on(strict_hand("posts small blind [$ 0.05", "posts zzyzx blind [$ 0.05"), 9));
  CHECK(issue_on(strict_hand("[$ 0.05 USD]", "[$ O.05 USD]"), 9));
  CHECK(issue_on(strict_hand("[$ 0.05 USD]", "[$ 0.05 zzyzx]"), 9));
}
