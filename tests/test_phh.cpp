// PHH (site "phh"): detection, exact amounts read from the TOML text, the corpus hands with exact
// amounts (testdata/phh, README.md there), every variant of the standard, unknown stacks, a sweep
// of ../shared/corpus/PHH against testdata/phh/anomalies.tsv, and fault hands.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/phh/reader.hpp"
#include "parser/phh/writer.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

AuditResult audit(const Hand& h) {
  return audit_hand(h, AuditContext{&test::shipped_house_rules()});
}

// Errors and warnings of the audit, as "CODE seat N" for a readable failure.
std::vector<std::string> problems(const Hand& h) {
  std::vector<std::string> out;
  const AuditResult r = audit(h);  // the findings below point into it
  for (const Finding* f : test::errors_and_warnings(r))
    out.push_back(std::string(code_name(f->code)) + " seat " + std::to_string(f->seat) + ": " +
                  f->message);
  return out;
}

std::vector<Hand> read(const std::string& text) { return read_text(text, "test.phh"); }

}  // namespace

TEST_CASE("PHH detection", "[phh]") {
  CHECK(phh::is_hand_start("variant = 'NT'"));
  CHECK(phh::is_hand_start("variant=\"FT\""));
  CHECK(phh::is_hand_start("[12]"));
  CHECK(phh::is_table_header("[12]"));
  CHECK_FALSE(phh::is_table_header("variant = 'NT'"));
  CHECK_FALSE(phh::is_hand_start("[x1]"));
  CHECK_FALSE(phh::is_hand_start("  # variant = 'NT'"));
  CHECK(phh::is_comment_only("# a comment\n\n  # another\n"));
  CHECK_FALSE(phh::is_comment_only("# a comment\nvariant = 'NT'\n"));
  CHECK(sniff_format("# A hand\nvariant = \"NT\"\n").format->name() == "phh");
  CHECK(sniff_format("[1]\nvariant = 'NT'\n").format->name() == "phh");
}

TEST_CASE("PHH numbers are read exactly from their text", "[phh]") {
  auto d = phh::parse_decimal("200.30");
  REQUIRE(d);
  CHECK(d->mantissa == 20030);
  CHECK(d->decimals == 2);
  d = phh::parse_decimal("1_000");
  REQUIRE(d);
  CHECK(d->mantissa == 1000);
  CHECK(d->decimals == 0);
  d = phh::parse_decimal("2.5e3");
  REQUIRE(d);
  CHECK(d->mantissa == 2500);
  CHECK(d->decimals == 0);
  d = phh::parse_decimal("5e-2");
  REQUIRE(d);
  CHECK(d->mantissa == 5);
  CHECK(d->decimals == 2);
  d = phh::parse_decimal("inf");
  REQUIRE(d);
  CHECK(d->infinite);
  CHECK_FALSE(phh::parse_decimal("-1"));
  CHECK_FALSE(phh::parse_decimal("nan"));
  CHECK_FALSE(phh::parse_decimal("1."));
  CHECK_FALSE(phh::parse_decimal("1234567890123456789"));
  // 0.1 + 0.2 is no binary fraction: the unit holds it exactly.
  const std::vector<Hand> hands = read(
      "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.1, 0.2]\nmin_bet = 0.2\n"
      "starting_stacks = [10.3, 7.70]\nactions = ['p2 f']\nwinnings = [0.3, 0]\n");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.unit == 100);  // "7.70": two decimals
  CHECK(test::seat(h, 1).stack == 1030);
  CHECK(test::seat(h, 2).stack == 770);
  CHECK(h.small_blind == 10);
  CHECK(h.big_blind == 20);
  // Heads-up the blinds are reversed: p1 posts the 0.2, p2 (the button) the 0.1.
  CHECK(test::event(h, EventKind::PostBigBlind, 1).amount == 20);
  CHECK(test::event(h, EventKind::PostSmallBlind, 2).amount == 10);
  CHECK(h.button_seat == 2);
  CHECK(test::event(h, EventKind::Collected, 1).amount == 30);
}

TEST_CASE("PHH hand: Dwan and Ivey, all-in on the turn, no result stated", "[phh]") {
  const std::vector<Hand> hands =
      read_text(test::load("phh/dwan-ivey-2009.phh"), "dwan-ivey-2009.phh");
  REQUIRE(hands.size() == 1);  // the comment before `variant` is the file's preamble
  const Hand& h = hands.front();
  CHECK(h.site == "phh");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.source.line == 2);
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 1);
  CHECK(h.small_blind == 1000);
  CHECK(h.big_blind == 2000);
  CHECK(h.ante == 500);
  CHECK(h.button_seat == 3);
  REQUIRE(h.seats.size() == 3);
  CHECK(test::seat(h, 1).player == "Phil Ivey");
  CHECK(test::seat(h, 1).stack == 1125600);
  CHECK(test::seat(h, 3).stack == 553500);
  CHECK(test::events(h, EventKind::PostAnte, 2).size() == 1);
  // Turn: Dwan raises to 232600, Ivey to 1067100 (all he has), Dwan calls all-in for 262400.
  const Event& ivey = test::event(h, EventKind::Raise, 1, 1);
  CHECK(ivey.street == Street::Turn);
  CHECK(ivey.to == 1067100);
  CHECK(ivey.amount == 1067100 - 90000);
  CHECK(ivey.all_in);
  const Event& dwan = test::event(h, EventKind::Call, 3, 2);
  CHECK(dwan.amount == 262400);
  CHECK(dwan.all_in);
  CHECK(test::event(h, EventKind::Shows, 1).cards.printed() == "Ac 2d");
  CHECK(test::event(h, EventKind::DealtHole, 3).cards.printed() == "7h 6h");
  CHECK(test::events(h, EventKind::DealtHole, 2).empty());  // "????"
  // No winnings and no finishing stacks: nothing is collected, no summary to check.
  CHECK(test::events(h, EventKind::Collected, 1).empty());
  CHECK(test::events(h, EventKind::Collected, 3).empty());
  CHECK(h.summary.empty());
  // PHH's rules return what Dwan could not call: Ivey's 1125600 less Dwan's 553500.
  const Event& back = test::event(h, EventKind::UncalledReturned, 1);
  CHECK(back.amount == 1125600 - 553500);
  CHECK(problems(h).empty());
  CHECK(test::finding(audit(h), FindingCode::SummaryNotPrinted));
}

TEST_CASE("PHH .phhs: two hands with cents, seats and winnings after rake", "[phh]") {
  const std::vector<Hand> hands =
      read_text(test::load("phh/handhq-abs-2009-sample.phhs"), "handhq-abs-2009-sample.phhs");
  REQUIRE(hands.size() == 2);
  const Hand& a = hands[0];
  const Hand& b = hands[1];
  CHECK(a.parsed);
  CHECK(b.parsed);
  CHECK(a.issues.empty());
  CHECK(b.issues.empty());
  // PHH keys a hand by its event, day, table and number.
  CHECK(a.site_hand_id == "2009-7-1 | INDIANA ST | 3017237436");
  CHECK(b.site_hand_id == "2009-7-1 | BOSTON ST | 3017237312");
  CHECK(a.source.line == 2);   // its "[1]"
  CHECK(b.source.line == 23);  // its "[9]"
  CHECK(b.raw.rfind("[9]\nvariant = 'NT'", 0) == 0);
  CHECK(b.table_name == "BOSTON ST");
  CHECK(a.unit == 100);
  CHECK(b.unit == 100);
  CHECK(a.started_at_utc == "2009-07-01T04:00:09Z");  // 00:00:09 ET (EDT)
  CHECK(test::seat(a, 6).stack == 20030);
  CHECK(test::seat(a, 5).stack == 19700);
  CHECK(a.button_seat == 5);
  // [1]: p1 (seat 6) raises to 3.00 and takes the 1.00 big blind and its own 1.00 back.
  CHECK(test::event(a, EventKind::Raise, 6).to == 300);
  CHECK(test::event(a, EventKind::Collected, 6).amount == 200);
  // [9]: antes of 0.25 from all four; the 15.00 pot paid 13.75 (rake 1.25 derived).
  CHECK(test::event(b, EventKind::PostAnte, 4).amount == 25);
  CHECK(b.ante == 25);
  CHECK(test::event(b, EventKind::Bet, 6, 1).amount == 1500);
  CHECK(test::event(b, EventKind::Collected, 6).amount == 1375);
  CHECK(problems(a).empty());
  CHECK(problems(b).empty());
  const AuditResult r = audit(b);
  const Finding* rake = test::finding(r, FindingCode::RakeNotPrinted);
  REQUIRE(rake);
  CHECK(rake->expected == 125);
}

TEST_CASE("PHH hand: a big blind ante is dead money, finishing stacks state the result", "[phh]") {
  const std::vector<Hand> hands =
      read_text(test::load("phh/wsop-2019-42-day3.phh"), "wsop-2019-42-day3.phh");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  // antes = [0, 500000, 0, ...]: p2's alone, matched by nobody.
  CHECK(test::event(h, EventKind::PostDead, 2).amount == 500000);
  CHECK(test::events(h, EventKind::PostAnte, 2).empty());
  // Dan Matsuzuki: 13050000 - 3400000 put in + 8450000 = 18100000, his finishing stack.
  CHECK(test::event(h, EventKind::Collected, 1).amount == 8450000);
  REQUIRE(h.summary.size() == 8);
  CHECK(h.summary[0].final_stack == 18100000);
  CHECK(h.summary[1].final_stack == 5625000);
  CHECK(problems(h).empty());
}

TEST_CASE("PHH hand: deuce-to-seven triple draw, fixed limit", "[phh]") {
  const std::vector<Hand> hands =
      read_text(test::load("phh/yockey-arieh-2019.phh"), "yockey-arieh-2019.phh");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.game == games::kTripleDraw27);
  CHECK(h.structure == Structure::FixedLimit);
  CHECK(h.small_bet == 150000);
  CHECK(h.big_bet == 300000);
  // Each draw opens the next round: Arieh's three discards on the flop, turn and river rounds.
  const Event& first = test::event(h, EventKind::Discards, 4, 0);
  CHECK(first.street == Street::Flop);
  CHECK(first.count == 2);
  CHECK(test::event(h, EventKind::Discards, 4, 2).street == Street::River);
  CHECK(test::event(h, EventKind::StandsPat, 1, 2).street == Street::River);
  // Yockey's last bet: 280000, all he had left (1180000 - 900000).
  const Event& last = test::event(h, EventKind::Bet, 1, 2);
  CHECK(last.amount == 280000);
  CHECK(last.all_in);
  CHECK(problems(h).empty());
}

TEST_CASE("PHH variants: each code is a game of the model", "[phh]") {
  struct Case {
    std::string code;
    Game game;
    Structure structure;
  };
  const std::vector<Case> cases{
      {"FT", games::kHoldem, Structure::FixedLimit},
      {"NT", games::kHoldem, Structure::NoLimit},
      {"NS", games::kShortDeckHoldem, Structure::NoLimit},
      {"PO", games::kOmaha, Structure::PotLimit},
      {"FO/8", games::kOmahaHiLo, Structure::FixedLimit},
      {"F7S", games::kSevenCardStud, Structure::FixedLimit},
      {"F7S/8", games::kSevenCardStudHiLo, Structure::FixedLimit},
      {"FR", games::kRazz, Structure::FixedLimit},
      {"N2L1D", games::kSingleDraw27, Structure::NoLimit},
      {"F2L3D", games::kTripleDraw27, Structure::FixedLimit},
      {"FB", games::kBadugi, Structure::FixedLimit},
  };
  for (const Case& c : cases) {
    INFO(c.code);
    const bool fixed = c.structure == Structure::FixedLimit;
    std::string text = "variant = '" + c.code + "'\n";
    if (c.game.is_stud()) {
      // Antes of 1 and a bring-in of 1: p2 folds to it, p1 takes the antes and its bring-in back.
      const std::string hidden(6, '?');  // three cards nobody saw
      text +=
          "antes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
          "starting_stacks = [100, 100]\n"
          "actions = ['d dh p1 " +
          hidden + "', 'd dh p2 " + hidden + "', 'p1 pb', 'p2 f']\n";
    } else {
      // Heads-up blinds 1/2: the button (p2) folds, the big blind (p1) takes 2 and 1 back.
      text += "antes = [0, 0]\nblinds_or_straddles = [1, 2]\n";
      text += fixed ? "small_bet = 2\nbig_bet = 4\n" : "min_bet = 2\n";
      text += "starting_stacks = [100, 100]\nactions = ['p2 f']\n";
    }
    text += "winnings = [2, 0]\n";
    const std::vector<Hand> hands = read(text);
    REQUIRE(hands.size() == 1);
    const Hand& h = hands.front();
    CHECK(h.parsed);
    CHECK(h.issues.empty());
    CHECK(h.game == c.game);
    CHECK(h.structure == c.structure);
    CHECK(h.limit_text == c.code);
    CHECK(phh::variant_code(h.game, h.structure) == c.code);
    CHECK(test::event(h, EventKind::Collected, 1).amount == 2);
    CHECK(problems(h) == std::vector<std::string>{});
    // Written back, the hand has the fields required.rst requires of its variant, and none of
    // those it forbids.
    const Format::WrittenHand w = phh::write_hand(h);
    REQUIRE(w.written);
    auto has = [&](const std::string& key) {
      return w.text.find("\n" + key + " = ") != std::string::npos ||
             w.text.rfind(key + " = ", 0) == 0;
    };
    CHECK(has("variant"));
    CHECK(has("antes"));
    CHECK(has("starting_stacks"));
    CHECK(has("actions"));
    CHECK(has("blinds_or_straddles") == !c.game.is_stud());
    CHECK(has("bring_in") == c.game.is_stud());
    CHECK(has("small_bet") == fixed);
    CHECK(has("big_bet") == fixed);
    CHECK(has("min_bet") == !fixed);
    const std::vector<Hand> again = read(w.text);
    REQUIRE(again.size() == 1);
    CHECK(again.front().issues.empty());
    CHECK(again.front().game == c.game);
  }
}

TEST_CASE("PHH writing: exact decimals, the button last, rake kept, limits named", "[phh]") {
  // Seats 2, 5, 9 with the button on 5: PHH's order is 9 (small blind), 2 (big blind), 5.
  Hand h = read(
               "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.05, 0.10, 0]\n"
               "min_bet = 0.10\nstarting_stacks = [10, 7.5, 12.25]\nseats = [9, 2, 5]\n"
               "players = ['a \"q\"', 'b', 'c']\n"
               "actions = ['d dh p1 AhKd', 'p3 cbr 0.30', 'p1 cc', 'p2 f', 'd db 2c3d4h',"
               " 'p1 cbr 0.50', 'p3 f']\nwinnings = [0.65, 0, 0]\n_rake = 0.05\n")
               .front();
  REQUIRE(h.parsed);
  const Format::WrittenHand w = phh::write_hand(h);
  REQUIRE(w.written);
  CHECK(w.lost.empty());
  CHECK(w.text.find("blinds_or_straddles = [0.05, 0.10, 0.00]\n") != std::string::npos);
  CHECK(w.text.find("starting_stacks = [10.00, 7.50, 12.25]\n") != std::string::npos);
  CHECK(w.text.find("seats = [9, 2, 5]\n") != std::string::npos);
  CHECK(w.text.find("players = [\"a \\\"q\\\"\", \"b\", \"c\"]\n") != std::string::npos);
  CHECK(w.text.find("\"p3 cbr 0.30\"") != std::string::npos);
  CHECK(w.text.find("\"d dh p1 AhKd\"") != std::string::npos);
  CHECK(w.text.find("\"d dh p2 ????\"") != std::string::npos);
  // The 0.50 bet nobody called comes back by PHH's rules: winnings hold only the pot.
  CHECK(w.text.find("winnings = [0.65, 0.00, 0.00]\n") != std::string::npos);
  CHECK(w.text.find("_rake = 0.05\n") != std::string::npos);
  const std::string file = format_by_name("phh")->join_written({w.text, w.text});
  CHECK(file.rfind("[1]\nvariant = \"NT\"\n", 0) == 0);
  CHECK(file.find("\n[2]\nvariant = ") != std::string::npos);
  CHECK(read(file).size() == 2);

  Hand no_variant = h;
  no_variant.game = games::kOmaha5;
  const Format::WrittenHand refused = phh::write_hand(no_variant);
  CHECK_FALSE(refused.written);
  REQUIRE(refused.lost.size() == 1);
  CHECK(refused.lost.front() == "PHH has no variant for 5 Card Omaha no-limit");
  Hand twice = h;
  for (Event& e : twice.events)
    if (e.kind == EventKind::Board) e.board_index = 1;
  CHECK(phh::write_hand(twice).lost == std::vector<std::string>{"a second board (run it twice)"});
}

TEST_CASE("PHH: the table's smallest chip (the _chip user field) is read and written", "[phh]") {
  // PokerStars no-limit cash of 2008-2010 played in nickels (Hand::chip): the odd chips of a
  // split are counted in it, so the field must survive the trip (round trip of hand 14402833808).
  const std::string text =
      "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.50]\nmin_bet = 0.50\n"
      "starting_stacks = [10, 10]\nactions = ['p1 f']\nwinnings = [0, 0.75]\n";
  const Hand nickels = read(text + "_chip = 0.05\n").front();
  REQUIRE(nickels.parsed);
  CHECK(nickels.unit == 100);
  CHECK(nickels.chip == 5);
  const Format::WrittenHand w = phh::write_hand(nickels);
  REQUIRE(w.written);
  CHECK(w.text.find("_chip = 0.05\n") != std::string::npos);
  CHECK(read(w.text).front().chip == 5);
  const Hand cents = read(text).front();
  CHECK(cents.chip == 0);
  CHECK(phh::write_hand(cents).text.find("_chip") == std::string::npos);
}

TEST_CASE("PHH: the card room (the _site user field) chooses the house rules", "[phh]") {
  // Merge posts a $0.10 small blind at $0.25/$0.50 limit (house-rules.toml: below-big-blind);
  // [default] wants half the small bet, 12 cents (round trip of Merge hand 40231841-160).
  const std::string text =
      "variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.10, 0.25, 0]\n"
      "small_bet = 0.25\nbig_bet = 0.50\nstarting_stacks = [10, 10, 10]\n"
      "actions = ['p3 f', 'p1 f']\nwinnings = [0, 0.20, 0]\n";
  const Hand plain = read(text).front();
  REQUIRE(plain.parsed);
  CHECK(plain.site == "phh");
  const AuditResult r = audit(plain);
  const std::vector<const Finding*> found = test::errors_and_warnings(r);
  REQUIRE(found.size() == 1);
  CHECK(found.front()->code == FindingCode::WrongForcedBet);
  CHECK(found.front()->seat == 1);
  CHECK(found.front()->expected == 12);
  CHECK(found.front()->actual == 10);
  CHECK(phh::write_hand(plain).text.find("_site") == std::string::npos);

  const Hand merge = read(text + "_site = 'merge'\n").front();
  REQUIRE(merge.parsed);
  CHECK(merge.site == "merge");
  CHECK(problems(merge).empty());
  const Format::WrittenHand w = phh::write_hand(merge);
  REQUIRE(w.written);
  CHECK(w.text.find("_site = \"merge\"\n") != std::string::npos);
  CHECK(read(w.text).front().site == "merge");

  // A hand of an interchange format that names its room (OHH's site_name: house_rules_site)
  // keeps the room, not the format it was read from.
  Hand from_ohh = plain;
  from_ohh.site = "ohh";
  from_ohh.house_rules_site = "merge";
  const Format::WrittenHand o = phh::write_hand(from_ohh);
  REQUIRE(o.written);
  CHECK(o.text.find("_site = \"merge\"\n") != std::string::npos);
  CHECK(problems(read(o.text).front()).empty());
}

TEST_CASE("PHH: an unknown stack (inf) is never a stack limit", "[phh]") {
  const std::vector<Hand> hands = read(
      "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10\n"
      "starting_stacks = [inf, 100, 1000]\n"
      "actions = ['p3 f', 'p1 cbr 5000', 'p2 f']\nwinnings = [20, 0, 0]\n");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(test::seat(h, 1).stack_unknown);
  CHECK_FALSE(test::seat(h, 2).stack_unknown);
  CHECK(test::event(h, EventKind::Raise, 1).amount == 4995);
  CHECK_FALSE(test::event(h, EventKind::Raise, 1).all_in);
  CHECK(problems(h).empty());  // no BET_EXCEEDS_STACK for 4995 out of an unknown stack
  const AuditResult r = audit(h);
  const Finding* note = test::finding(r, FindingCode::StackNotStated);
  REQUIRE(note);
  CHECK(note->severity == Severity::Info);
  CHECK(note->message.find("p1") != std::string::npos);
}

TEST_CASE("PHH: a stated rake (the _rake user field) is checked with the winnings", "[phh]") {
  // A 40 pot (20 + 20 called), 2 of rake: the winner collects 38.
  const std::string hand =
      "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n"
      "starting_stacks = [100, 100, 100]\n"
      "actions = ['p3 f', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cbr 30', 'p1 f']\n"
      "_rake = 2\n";
  const Hand ok = read(hand + "winnings = [0, 38, 0]\n").front();
  CHECK(ok.rake == 2);
  CHECK(problems(ok).empty());
  const Hand wrong = read(hand + "winnings = [0, 39, 0]\n").front();
  const AuditResult r = audit(wrong);
  const Finding* f = test::finding(r, FindingCode::ChipsNotConserved);
  REQUIRE(f);
  CHECK(f->expected == 40);
  CHECK(f->actual == 41);
}

TEST_CASE("PHH: a document TOML cannot read is one unparsed hand", "[phh]") {
  const std::vector<Hand> hands = read("variant = 'NT'\nantes = [0, 0\n");
  REQUIRE(hands.size() == 1);
  CHECK_FALSE(hands.front().parsed);
  REQUIRE(hands.front().issues.size() == 1);
  CHECK(hands.front().issues.front().line == 2);  // the array left open
  const std::vector<Hand> no_stacks = read("variant = 'NT'\nactions = []\n");
  REQUIRE(no_stacks.size() == 1);
  CHECK_FALSE(no_stacks.front().parsed);
}

TEST_CASE("PHH corpus sweep", "[phh][corpus]") {
  const fs::path root = test::shared_corpus() / "PHH";
  REQUIRE(fs::is_directory(root));
  long counted = 0;  // counted apart from the reader: one `variant =` line per hand
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = test::read_file(de.path());
    for (std::size_t p = text.find("\nvariant ="); p != std::string::npos;
         p = text.find("\nvariant =", p + 1))
      ++counted;
  }
  const test::SweepResult r = test::sweep_corpus(root, "phh/anomalies.tsv");
  CHECK(counted == 5);
  CHECK(r.hands == counted);
  CHECK(r.parsed == counted);
  CHECK(r.sites == std::set<std::string>{"phh"});
  test::check_sweep(r, "phh/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/phh/faults/NAME.txt is faults/originals/NAME.txt (a corpus hand)
// edited on one line; testdata/phh/README.md lists the edits.
TEST_CASE("PHH fault: winnings larger than the pot", "[phh][faults]") {
  // [9]'s `winnings = [0, 13.75, 0, 0]` -> 15.75: the pot is 15.00 once p2's 15 comes back.
  test::check_fault({"phh/faults",
                     "winnings",
                     "phh",
                     "variant = ",
                     "2009-7-1 | BOSTON ST | 3017237312",
                     {{FindingCode::RakeMismatch, 0, 0, -75}}});
}

TEST_CASE("PHH fault: a finishing stack larger than the hand leaves", "[phh][faults]") {
  // p1's finishing stack 18100000 -> 18200000: 8550000 paid out of a pot of 8450000.
  test::check_fault({"phh/faults",
                     "finishing",
                     "phh",
                     "variant = ",
                     "",
                     {{FindingCode::RakeMismatch, 0, 0, -100000}}});
}

// Strict reading (docs/sites/phh.md): a key the standard does not define, not "_NAME", is not
// read and is named as the reader's gap (a misspelt "blinds_or_straddles" left the blinds out and
// the rake check blamed the site).
TEST_CASE("PHH strict: a key the standard does not define is a gap on its line", "[phh][gaps]") {
  const std::string clean =
      "variant = \"NT\"\n"
      "antes = [0, 0]\n"
      "blinds_or_straddles = [1, 2]\n"
      "min_bet = 2\n"
      "starting_stacks = [100, 100]\n"
      "_note = \"free\"\n"
      "actions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n";
  const std::vector<Hand> ok = read(clean);
  REQUIRE(ok.size() == 1);
  CHECK(ok[0].issues.empty());
  std::string bad = clean;
  bad.replace(bad.find("blinds_or_straddles"), 19, "blinds_or_zzyzx");
  const std::vector<Hand> hands = read(bad);
  REQUIRE(hands.size() == 1);
  REQUIRE_FALSE(hands[0].issues.empty());
  CHECK(hands[0].issues.front().line == 3);
  CHECK(hands[0].issues.front().got == "blinds_or_zzyzx");
}
