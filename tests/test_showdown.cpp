// The showdown rules: badugi, run-it-twice (and Split Hold'em) boards, and the odd chip by suit in
// stud, on real hands of the corpus and on hands written for one rule each.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "tests/findings_of.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

using test::Got;

std::vector<Got> problems(const AuditResult& r) {
  std::vector<Got> out;
  for (const Finding& f : r.findings)
    if (f.severity != Severity::Info) out.push_back(test::got(f));
  return out;
}

std::vector<Got> problems_of(const std::string& text) {
  auto hands = read_text(text, "showdown.txt");
  REQUIRE(hands.size() == 1);
  REQUIRE(hands[0].parsed);
  REQUIRE(hands[0].issues.empty());
  return problems(audit_hand(hands[0]));
}

std::vector<std::string> codes_of(const std::string& text, FindingCode code) {
  auto hands = read_text(text, "showdown.txt");
  REQUIRE(hands.size() == 1);
  std::vector<std::string> out;
  for (const Finding& f : audit_hand(hands[0]).findings)
    if (f.code == code) out.push_back(f.message);
  return out;
}

std::string corpus(const std::string& rel) {
  std::string bytes = test::read_file(test::shared_corpus() / rel);
  REQUIRE_FALSE(bytes.empty());
  return decode(bytes).text;
}

// `text` with each `from` replaced by `to` (each must occur).
std::string edited(std::string text,
                   const std::vector<std::pair<std::string, std::string>>& edits) {
  for (const auto& [from, to] : edits) {
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    while (at != std::string::npos) {
      text.replace(at, from.size(), to);
      at = text.find(from, at + to.size());
    }
  }
  return text;
}

}  // namespace

// --- badugi ----------------------------------------------------------------------------------

namespace {

// A PokerStars badugi tournament hand (the format of the corpus' LBad SNG): A, B and C see the
// showdown after the third draw; `shows` are the three showdown lines and `collects` the
// collection lines. The pot is 3 x 100 chips (D, on the button, folds without a bet).
std::string badugi_hand(const std::string& shows, const std::string& collects) {
  return "PokerStars Game #1: Tournament #1, $5+$0.50 USD Badugi Limit - Level I (50/100) - "
         "2010/11/12 21:47:10 ET\n"
         "Table '1 1' 8-max Seat #4 is the button\n"
         "Seat 1: A (1500 in chips)\nSeat 2: B (1500 in chips)\nSeat 3: C (1500 in chips)\n"
         "Seat 4: D (1500 in chips)\n"
         "A: posts small blind 25\nB: posts big blind 50\n"
         "*** DEALING HANDS ***\n"
         "C: raises 50 to 100\nD: folds\nA: calls 75\nB: calls 50\n"
         "*** FIRST DRAW ***\nA: stands pat\nB: stands pat\nC: stands pat\n"
         "A: checks\nB: checks\nC: checks\n"
         "*** SECOND DRAW ***\nA: stands pat\nB: stands pat\nC: stands pat\n"
         "A: checks\nB: checks\nC: checks\n"
         "*** THIRD DRAW ***\nA: stands pat\nB: stands pat\nC: stands pat\n"
         "A: checks\nB: checks\nC: checks\n"
         "*** SHOW DOWN ***\n" +
         shows + collects + "*** SUMMARY ***\nTotal pot 300 | Rake 0\n";
}

}  // namespace

TEST_CASE("badugi: the best badugi wins, equal hands split", "[showdown][badugi]") {
  // A: 3-card 4,3,2 (two clubs); B: the badugi 9,7,5,2; C: the badugi 8,6,4,3. C's eight-high
  // badugi beats B's nine-high one; a four-card hand beats A's three cards however low.
  const std::string shows =
      "A: shows [2c 3d 4s 5c]\nB: shows [9c 7d 5h 2s]\nC: shows [8c 6d 4h 3s]\n";
  CHECK(problems_of(badugi_hand(shows, "C collected 300 from pot\n")).empty());
  CHECK(problems_of(badugi_hand(shows, "B collected 300 from pot\n")) ==
        std::vector<Got>{{FindingCode::WrongWinner, 3, 300, 0}});
  auto message =
      codes_of(badugi_hand(shows, "A collected 300 from pot\n"), FindingCode::WrongWinner);
  REQUIRE(message.size() == 1);
  CHECK(message[0] ==
        "the main pot went to seat(s) 1 but seat(s) 3 hold the best hand(s) (Badugi: 8,6,4,3)");
  // Suits never break a tie: B and C both hold 8,6,4,3; 300 splits evenly.
  const std::string tie =
      "A: shows [2c 3d 4s 5c]\nB: shows [8s 6h 4d 3c]\nC: shows [8c 6d 4h 3s]\n";
  CHECK(problems_of(badugi_hand(tie, "B collected 150 from pot\nC collected 150 from pot\n"))
            .empty());
  CHECK(problems_of(badugi_hand(tie, "C collected 300 from pot\n")) ==
        std::vector<Got>{{FindingCode::WrongWinner, 2, 300, 300}});
}

TEST_CASE("badugi: the corpus' showdowns are judged and all right", "[showdown][badugi]") {
  // PokerStars' badugi SNG (104 hands): every showdown where all contenders showed is judged
  // (no SHOWDOWN_NOT_EVALUATED for it) and none gives WRONG_WINNER or ODD_CHIP_MISMATCH.
  auto hands = read_text(corpus("Stars/tour/Draw/LBad-USD-SNG8-201011.txt"), "LBad.txt");
  REQUIRE(hands.size() == 104);
  int showdowns = 0, judged = 0;
  for (const Hand& h : hands) {
    REQUIRE(h.game.name() == "Badugi");
    int shown = 0;
    for (const Event& e : h.events) shown += e.kind == EventKind::Shows;
    AuditResult r = audit_hand(h);
    bool not_judged = false;
    for (const Finding& f : r.findings) {
      CHECK(f.code != FindingCode::WrongWinner);
      CHECK(f.code != FindingCode::OddChipMismatch);
      not_judged |= f.code == FindingCode::ShowdownNotEvaluated;
    }
    if (shown > 0) ++showdowns;
    if (shown >= 2 && !not_judged) ++judged;
  }
  CHECK(showdowns == 43);  // hands where someone shows cards
  // ... and every contender's cards are known: shown, or revealed by "mucked [...]" in the
  // summary (3 of the 23)
  CHECK(judged == 23);
}

// --- run it twice ----------------------------------------------------------------------------

TEST_CASE("run it twice: PokerStars, each board wins half of the pot", "[showdown][rit]") {
  // Hand 134782498345: Hero's kings full win the first board, Player0's aces the second; each
  // collects $8385.36 of the $16770.72 left after the $2 rake.
  const std::string real =
      corpus("Stars/cash/Flop/PLO-6max-USD-200-400-201505.rit.leaves.table.txt");
  CHECK(problems_of(real).empty());
  // Both halves paid to Hero: Player0 won the second board.
  const std::string hero_both =
      edited(real, {{"Player0 collected $8385.36 from pot", "Hero collected $8385.36 from pot"},
                    {"and won ($8385.36) with a pair of Aces", "and lost with a pair of Aces"},
                    {"won ($8385.36) with a full house, Kings full of Sixes, and lost with",
                     "won ($16770.72) with a full house, Kings full of Sixes, and lost with"}});
  CHECK(problems_of(hero_both) == std::vector<Got>{{FindingCode::WrongWinner, 3, 838536, 0},
                                                   {FindingCode::WrongWinner, 5, 838536, 1677072}});
}

TEST_CASE("run it twice: GGPoker, the odd cent goes to the first board", "[showdown][rit]") {
  // Hand OM232657303: $97.85 after rake and jackpot; the first board (3b7dff87's three twos)
  // gets $48.93, the second (Hero's straight) $48.92.
  const std::string real = corpus("GGPoker/cash/Flop/PLO-6max-USD-2-5-202101.RIT.txt");
  CHECK(problems_of(real).empty());
  const std::string swapped =
      edited(real, {{"3b7dff87 collected $48.93", "3b7dff87 collected $48.92"},
                    {"Hero collected $48.92", "Hero collected $48.93"},
                    {"won ($48.92) with Aces-High", "won ($48.93) with Aces-High"},
                    {"won ($48.93) with Three Twos", "won ($48.92) with Three Twos"}});
  CHECK(problems_of(swapped) == std::vector<Got>{{FindingCode::OddChipMismatch, 1, 4892, 4893},
                                                 {FindingCode::OddChipMismatch, 4, 4893, 4892}});
}

TEST_CASE("run three times: the odd chips go to the first boards", "[showdown][rit]") {
  // GGPoker hand OM232657303 dealt a third board (written: the corpus has no hand run three
  // times): 3c 8s 9c Th Js, where Hero's three jacks win. $97.85 in three parts: $32.62, $32.62
  // and $32.61, the two odd cents to the first two boards.
  const std::string three = edited(
      corpus("GGPoker/cash/Flop/PLO-6max-USD-2-5-202101.RIT.txt"),
      {{"*** SECOND RIVER *** [Td Qc 2c Kc] [Ah]\n",
        "*** SECOND RIVER *** [Td Qc 2c Kc] [Ah]\n*** THIRD FLOP *** [3c 8s 9c]\n"
        "*** THIRD TURN *** [3c 8s 9c] [Th]\n*** THIRD RIVER *** [3c 8s 9c Th] [Js]\n"},
       {"3b7dff87 collected $48.93 from pot", "3b7dff87 collected $32.62 from pot"},
       {"Hero collected $48.92 from pot\n",
        "Hero collected $32.62 from pot\n*** THIRD SHOWDOWN ***\nHero collected $32.61 from pot\n"},
       {"Hand was run two times", "Hand was run three times"},
       {"SECOND Board [Td Qc 2c Kc Ah]\n",
        "SECOND Board [Td Qc 2c Kc Ah]\nTHIRD Board [3c 8s 9c Th Js]\n"},
       {"and won ($48.92) with Aces-High Straight",
        "and won ($32.62) with Aces-High Straight, and won ($32.61) with Three Jacks"},
       {"won ($48.93) with Three Twos", "won ($32.62) with Three Twos"}});
  CHECK(problems_of(three).empty());
  // The third board's part paid to 3b7dff87 instead.
  const std::string wrong = edited(
      three, {{"*** THIRD SHOWDOWN ***\nHero collected $32.61",
               "*** THIRD SHOWDOWN ***\n3b7dff87 collected $32.61"},
              {"and won ($32.61) with Three Jacks", ""},
              {"won ($32.62) with Three Twos", "won ($32.62) with Three Twos, and won ($32.61)"}});
  CHECK(problems_of(wrong) == std::vector<Got>{{FindingCode::WrongWinner, 1, 6523, 3262},
                                               {FindingCode::WrongWinner, 4, 3262, 6523}});
}

TEST_CASE("Split Hold'em: two boards from the flop, each wins half", "[showdown][rit]") {
  // PokerStars hand 184487904738: Player1's two pair win the first board ($33.54 with the odd
  // cent), Player2's aces the second ($33.53).
  const std::string real = corpus("Stars/fixtures/holdem/Sample.txt");
  CHECK(problems_of(real).empty());
  const std::string swapped =
      edited(real, {{"Player1 collected $33.54", "Player1 collected $33.53"},
                    {"Player2 collected $33.53", "Player2 collected $33.54"},
                    {"won ($33.54)", "won ($33.5X)"},
                    {"won ($33.53)", "won ($33.54)"},
                    {"won ($33.5X)", "won ($33.53)"}});
  CHECK(problems_of(swapped) == std::vector<Got>{{FindingCode::OddChipMismatch, 2, 3354, 3353},
                                                 {FindingCode::OddChipMismatch, 3, 3353, 3354}});
  // The second board paid to the first board's winner.
  const std::string one_winner =
      edited(real, {{"Player2 collected $33.53", "Player1 collected $33.53"},
                    {"and won ($33.54) with two pair, Eights and Sixes, and lost",
                     "and won ($67.07) with two pair, Eights and Sixes, and lost"},
                    {"and lost with a pair of Eights, and won ($33.53) with a pair of Aces",
                     "and lost with a pair of Eights, and lost with a pair of Aces"}});
  CHECK(problems_of(one_winner) == std::vector<Got>{{FindingCode::WrongWinner, 2, 3354, 6707},
                                                    {FindingCode::WrongWinner, 3, 3353, 0}});
}

namespace {

// Hold'em, run twice from the turn, with a side pot: A ($1) is all-in, B and C ($3 each) go on.
// `collects` are the collection lines.
std::string rit_side_pot(const std::string& collects) {
  return "PokerStars Hand #2: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
         "Table 'T' 6-max Seat #4 is the button\n"
         "Seat 1: A ($1 in chips)\nSeat 2: B ($3 in chips)\nSeat 3: C ($3 in chips)\n"
         "Seat 4: D ($3 in chips)\n"
         "A: posts small blind $0.01\nB: posts big blind $0.02\n*** HOLE CARDS ***\n"
         "C: raises $2.98 to $3 and is all-in\nD: folds\nA: calls $0.99 and is all-in\n"
         "B: calls $2.98 and is all-in\n"
         "*** FLOP *** [2c 7d 9h]\n*** TURN *** [2c 7d 9h] [Js]\n"
         "*** FIRST RIVER *** [2c 7d 9h Js] [Ah]\n*** SECOND RIVER *** [2c 7d 9h Js] [Kd]\n"
         "*** FIRST SHOW DOWN ***\n"
         "A: shows [Ac Ad]\nB: shows [Kc Ks]\nC: shows [Qc Qd]\n" +
         collects + "*** SUMMARY ***\nTotal pot $7 Main pot $3. Side pot $4. | Rake $0\n";
}

}  // namespace

TEST_CASE("run it twice: each board decides its share of every pot", "[showdown][rit]") {
  // Main pot $3 (A, B, C), side pot $4 (B, C). First board (river Ah): A's aces take the main
  // half, B's kings the side half. Second board (river Kd): B's trip kings take both halves.
  const std::string right =
      "A collected $1.50 from main pot\nB collected $2 from side pot\n"
      "*** SECOND SHOW DOWN ***\nB collected $1.50 from main pot\nB collected $2 from side pot\n";
  CHECK(problems_of(rit_side_pot(right)).empty());
  // The second board's main pot paid to A as well: A's aces do not beat trip kings there.
  const std::string wrong =
      "A collected $1.50 from main pot\nB collected $2 from side pot\n"
      "*** SECOND SHOW DOWN ***\nA collected $1.50 from main pot\nB collected $2 from side pot\n";
  CHECK(problems_of(rit_side_pot(wrong)) ==
        std::vector<Got>{{FindingCode::WrongWinner, 1, 150, 300},
                         {FindingCode::WrongWinner, 2, 150, 0}});
}

// --- the odd chip in stud --------------------------------------------------------------------

namespace {

// A PokerStars stud hand at $0.04/$0.08 with antes of $0.01: A (seat 1) brings in $0.02, B (seat
// 2) completes to $0.04, C (seat 3) and A call: $0.15 in the pot, checked down to the showdown.
std::string stud_hand(const std::string& game, const std::string& shows,
                      const std::string& collects) {
  return "PokerStars Game #3:  " + game +
         " Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:59 ET\n"
         "Table 'T' 8-max\n"
         "Seat 1: A ($1 in chips)\nSeat 2: B ($1 in chips)\nSeat 3: C ($1 in chips)\n"
         "A: posts the ante $0.01\nB: posts the ante $0.01\nC: posts the ante $0.01\n"
         "*** 3rd STREET ***\n"
         "A: brings in for $0.02\nB: raises $0.02 to $0.04\nC: calls $0.04\nA: calls $0.02\n"
         "*** 4th STREET ***\nA: checks\nB: checks\nC: checks\n"
         "*** 5th STREET ***\nA: checks\nB: checks\nC: checks\n"
         "*** 6th STREET ***\nA: checks\nB: checks\nC: checks\n"
         "*** RIVER ***\nA: checks\nB: checks\nC: checks\n"
         "*** SHOW DOWN ***\n" +
         shows + collects + "*** SUMMARY ***\nTotal pot $0.15 | Rake $0\n";
}

}  // namespace

TEST_CASE("stud: the odd chip goes to the highest card by suit, all seven cards counted",
          "[showdown][stud]") {
  // B and C tie with a nine-high straight; A has a pair. $0.15 splits 8 / 7. The highest card
  // of B's seven is the As, outside the straight: B gets the odd cent (by the five cards of the
  // hand it would be C's 9d over B's 9c, and left of the button seat 2, B, too; C's Ks vs the As
  // decides here).
  const std::string shows =
      "A: shows [Kc Kd 2s 3s 4c Jd Th]\nB: shows [5c 6d 7h 8s 9c As 2d]\n"
      "C: shows [5d 6c 7s 8h 9d Ks 2h]\n";
  CHECK(problems_of(stud_hand("7 Card Stud", shows,
                              "B collected $0.08 from pot\nC collected $0.07 from pot\n"))
            .empty());
  CHECK(problems_of(stud_hand("7 Card Stud", shows,
                              "C collected $0.08 from pot\nB collected $0.07 from pot\n")) ==
        std::vector<Got>{{FindingCode::OddChipMismatch, 2, 8, 7},
                         {FindingCode::OddChipMismatch, 3, 7, 8}});
  // With the ace of spades in C's hand instead, C's card is the highest: the odd cent is C's,
  // though B sits first left of the button.
  const std::string c_high =
      "A: shows [Kc Kd 2s 3s 4c Jd Th]\nB: shows [5c 6d 7h 8s 9c Ks 2d]\n"
      "C: shows [5d 6c 7s 8h 9d As 2h]\n";
  CHECK(problems_of(stud_hand("7 Card Stud", c_high,
                              "C collected $0.08 from pot\nB collected $0.07 from pot\n"))
            .empty());
  CHECK(problems_of(stud_hand("7 Card Stud", c_high,
                              "B collected $0.08 from pot\nC collected $0.07 from pot\n")) ==
        std::vector<Got>{{FindingCode::OddChipMismatch, 2, 7, 8},
                         {FindingCode::OddChipMismatch, 3, 8, 7}});
  // Same rank, the suit decides: K of spades over K of hearts.
  const std::string suits =
      "A: shows [Qc Qd 2s 3s 4c Jd Th]\nB: shows [5c 6d 7h 8s 9c Kh 2d]\n"
      "C: shows [5d 6c 7s 8h 9d Ks 2h]\n";
  CHECK(problems_of(stud_hand("7 Card Stud", suits,
                              "C collected $0.08 from pot\nB collected $0.07 from pot\n"))
            .empty());
}

TEST_CASE("razz: the odd chip goes to the lowest card by suit", "[showdown][stud]") {
  // B and C tie with 5-4-3-2-A. The lowest card is an ace (aces low in razz); C's ace of clubs
  // is lower than B's ace of diamonds: C gets the odd cent, though B sits first left of the
  // button.
  const std::string shows =
      "A: shows [Kc Kd Qs Qh Jc Jd Th]\nB: shows [Ad 2c 3s 4h 5d Qc Qd]\n"
      "C: shows [Ac 2d 3h 4s 5c Ks Kh]\n";
  CHECK(problems_of(
            stud_hand("Razz", shows, "C collected $0.08 from pot\nB collected $0.07 from pot\n"))
            .empty());
  CHECK(problems_of(
            stud_hand("Razz", shows, "B collected $0.08 from pot\nC collected $0.07 from pot\n")) ==
        std::vector<Got>{{FindingCode::OddChipMismatch, 2, 7, 8},
                         {FindingCode::OddChipMismatch, 3, 8, 7}});
}

TEST_CASE("stud hi/lo: odd chip to the high half, then by suit within a tied low",
          "[showdown][stud]") {
  // A's full house takes the high half, $0.08 of $0.15 (the odd cent between the halves goes to
  // the high). B and C tie for low with 6-4-3-2-A and split $0.07: C's ace of clubs is the
  // lowest card, so C gets $0.04 and B $0.03.
  const std::string shows =
      "A: shows [Kc Kd Ks Qc Qd 9h 9s]\nB: shows [Ad 2c 3s 4h 6d Jd Jh]\n"
      "C: shows [Ac 2d 3h 4s 6c Th Tc]\n";
  CHECK(problems_of(stud_hand("7 Card Stud Hi/Lo", shows,
                              "A collected $0.08 from pot\nC collected $0.04 from pot\n"
                              "B collected $0.03 from pot\n"))
            .empty());
  CHECK(problems_of(stud_hand("7 Card Stud Hi/Lo", shows,
                              "A collected $0.08 from pot\nB collected $0.04 from pot\n"
                              "C collected $0.03 from pot\n")) ==
        std::vector<Got>{{FindingCode::OddChipMismatch, 2, 3, 4},
                         {FindingCode::OddChipMismatch, 3, 4, 3}});
  // The odd cent between the halves given to the low: A is a cent short.
  CHECK(problems_of(stud_hand("7 Card Stud Hi/Lo", shows,
                              "A collected $0.07 from pot\nC collected $0.04 from pot\n"
                              "B collected $0.04 from pot\n")) ==
        std::vector<Got>{{FindingCode::OddChipMismatch, 1, 8, 7},
                         {FindingCode::OddChipMismatch, 2, 3, 4}});
}

TEST_CASE("stud: the corpus' split pots are paid as the rules say", "[showdown][stud]") {
  // Every stud, stud hi/lo and razz hand of PokerStars and Winamax in the corpus: no winner or
  // odd chip finding. Its only split pots are hi/lo halves: PokerStars hand 35874576282 ($0.73
  // after rake: u.pressure's two pair take the high half with the odd cent, $0.37, gashpor's
  // 8-7-5-4-2 the low, $0.36) and 35874676388 ($0.80 in two halves of $0.40).
  int hands = 0;
  std::set<std::string> split;  // hand ids: some files repeat a hand
  for (const char* dir : {"Stars/cash/Stud", "Stars/tour/Stud", "Winamax/cash/Stud"}) {
    for (const auto& file : std::filesystem::directory_iterator(test::shared_corpus() / dir)) {
      for (const Hand& h : read_text(decode(test::read_file(file.path())).text, "stud.txt")) {
        if (!h.parsed) continue;
        ++hands;
        AuditResult r = audit_hand(h);
        for (const Finding& f : r.findings) {
          INFO(h.site_hand_id << ": " << f.message);
          CHECK(f.code != FindingCode::WrongWinner);
          CHECK(f.code != FindingCode::OddChipMismatch);
        }
        for (const BuiltPot& bp : r.pots)
          if (bp.winners.size() > 1) split.insert(h.site_hand_id);
      }
    }
  }
  CHECK(hands >= 30);
  CHECK(split == std::set<std::string>{"35874576282", "35874676388"});
}

// --- Omaha hi/lo: a low needs three board cards of distinct ranks, ace to eight -------------

namespace {

// A PokerStars Omaha Hi/Lo cash hand checked down heads-up: A (button, small blind) and B show
// `a_cards` and `b_cards` on the board `flop`, `turn`, `river`, and collect `a_won` and `b_won`
// ("$0.02"; "" nothing) of the $0.04 pot.
std::string omaha8_hand(const std::string& a_cards, const std::string& b_cards,
                        const std::string& flop, const std::string& turn, const std::string& river,
                        const std::string& a_won, const std::string& b_won) {
  auto collects = [](const std::string& who, const std::string& won) {
    return won.empty() ? std::string() : who + " collected " + won + " from pot\n";
  };
  auto result = [](const std::string& won) {
    return won.empty() ? std::string(" and lost") : " and won (" + won + ")";
  };
  return "PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2025/12/03 11:59:34 ET\n"
         "Table 'T' 6-max Seat #1 is the button\n"
         "Seat 1: A ($2 in chips)\nSeat 2: B ($2 in chips)\n"
         "A: posts small blind $0.01\nB: posts big blind $0.02\n"
         "*** HOLE CARDS ***\nA: calls $0.01\nB: checks\n"
         "*** FLOP *** [" +
         flop +
         "]\nB: checks\nA: checks\n"
         "*** TURN *** [" +
         flop + "] [" + turn +
         "]\nB: checks\nA: checks\n"
         "*** RIVER *** [" +
         flop + " " + turn + "] [" + river +
         "]\nB: checks\nA: checks\n"
         "*** SHOW DOWN ***\nB: shows [" +
         b_cards + "]\nA: shows [" + a_cards + "]\n" + collects("A", a_won) + collects("B", b_won) +
         "*** SUMMARY ***\nTotal pot $0.04 | Rake $0\n"
         "Board [" +
         flop + " " + turn + " " + river +
         "]\n"
         "Seat 1: A (button) (small blind) showed [" +
         a_cards + "]" + result(a_won) +
         "\n"
         "Seat 2: B (big blind) showed [" +
         b_cards + "]" + result(b_won) + "\n";
}

}  // namespace

TEST_CASE("omaha hi/lo: no low on a board of fewer than three low ranks", "[showdown]") {
  // Kh Kd 7c 2s Qh has two ranks of eight or below: B's 3-4-5-6 makes no low, A's trip kings
  // take the whole pot.
  const std::string a = "As Ks 9d 9c", b = "3c 4d 5h 6h";
  CHECK(problems_of(omaha8_hand(a, b, "Kh Kd 7c", "2s", "Qh", "$0.04", "")).empty());
  const auto split = problems_of(omaha8_hand(a, b, "Kh Kd 7c", "2s", "Qh", "$0.02", "$0.02"));
  REQUIRE(split.size() == 1);
  CHECK(split.front().code == FindingCode::WrongWinner);
  // Ah Ad 2c 3s Kh has three (the pair of aces counts once): B's 4-5 make the wheel, the low
  // half; A's aces full the high half.
  CHECK(problems_of(
            omaha8_hand("As Ks Jd Tc", "4c 5d 9h 9s", "Ah Ad 2c", "3s", "Kh", "$0.02", "$0.02"))
            .empty());
}
