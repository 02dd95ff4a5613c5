// An event's cards are read once, by the reader, into cards: every rank and suit, a ten printed
// "10h" or "Th", cards dealt face down as unknown cards, and a token that is no card reported as a
// gap with its line, never guessed.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "model/cards.hpp"
#include "parser/card_codes.hpp"
#include "parser/format.hpp"

using hh::Card;
using hh::EventCards;

namespace {

std::vector<std::string> codes(const EventCards& cards) {
  return hh::card_codes(cards).value_or(std::vector<std::string>{"none"});
}

// A heads-up PokerStars hand whose flop prints `flop` (line 9), checked down to a showdown of
// aces (Other) against kings (Button) that `winner` collects.
std::string hand_with_flop(const std::string& flop, const std::string& winner) {
  return "PokerStars Hand #7: Hold'em No Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
         "Table 'T' 2-max Seat #1 is the button\n"
         "Seat 1: Button ($200 in chips)\n"
         "Seat 2: Other ($200 in chips)\n"
         "Button: posts small blind $1\n"
         "Other: posts big blind $2\n"
         "*** HOLE CARDS ***\n"
         "Button: calls $1\n"
         "*** FLOP *** [" +
         flop +
         "]\n"
         "Other: checks\n"
         "Button: checks\n"
         "*** TURN *** [" +
         flop +
         "] [2s]\n"
         "Other: checks\n"
         "Button: checks\n"
         "*** RIVER *** [" +
         flop +
         " 2s] [3s]\n"
         "Other: checks\n"
         "Button: checks\n"
         "*** SHOW DOWN ***\n"
         "Other: shows [Ah Ad] (a pair of Aces)\n"
         "Button: shows [Kh Kd] (a pair of Kings)\n" +
         winner +
         " collected $4 from pot\n"
         "*** SUMMARY ***\n"
         "Total pot $4 | Rake $0\n";
}

hh::Hand only(std::vector<hh::Hand> hands) {
  REQUIRE(hands.size() == 1);
  return std::move(hands.front());
}

}  // namespace

TEST_CASE("cards: every rank and suit, a ten as 10 or T, either case of suit", "[cards]") {
  const std::string ranks = "23456789TJQKA";
  const std::string suits = "cdhs";
  for (std::size_t r = 0; r < ranks.size(); ++r)
    for (std::size_t s = 0; s < suits.size(); ++s) {
      const std::string text = std::string{ranks[r], suits[s]};
      const EventCards cards = EventCards::read(text);
      INFO(text);
      REQUIRE(cards.cards().size() == 1);
      CHECK(cards.cards()[0] ==
            Card{static_cast<std::uint8_t>(r + 2), static_cast<std::uint8_t>(s)});
      CHECK(cards.all_known());
      CHECK_FALSE(cards.has_unread());
      CHECK(codes(cards) == std::vector<std::string>{text});
      // BetOnline's upper-case suits ("AS QH") name the same card.
      const EventCards upper = EventCards::read(std::string{ranks[r], char(suits[s] - 32)});
      CHECK(upper.cards()[0] == cards.cards()[0]);
    }
  // Absolute and Winning print a ten "10h": the card Th, its text kept as printed.
  const EventCards ten = EventCards::read("[10h Kd] [10s]");
  CHECK(ten.printed() == "[10h Kd] [10s]");
  CHECK(ten.tokens() == 3);
  CHECK(codes(ten) == std::vector<std::string>{"Th", "Kd", "Ts"});
  CHECK(ten.cards()[0] == EventCards::read("Th").cards()[0]);
  // OnGame's and Betfair's lists, PKR's lower-case face ranks.
  CHECK(codes(EventCards::read("[ 7c, 6c, 5h, Jh ]")) ==
        std::vector<std::string>{"7c", "6c", "5h", "Jh"});
  CHECK(codes(EventCards::read("qs 9c")) == std::vector<std::string>{"Qs", "9c"});
  // None printed: no card, and nothing unread.
  CHECK(EventCards::read("[]").cards().empty());
  CHECK(EventCards::read("[]").all_known());
  CHECK(EventCards{}.empty());
}

TEST_CASE("cards: a card dealt face down is an unknown card, never text", "[cards]") {
  // Winamax's stud "[X X 8h]", PKR's "XX", "??".
  const EventCards stud = EventCards::read("[X X 8h] [Qc]");
  REQUIRE(stud.cards().size() == 4);
  CHECK_FALSE(stud.cards()[0].known());
  CHECK_FALSE(stud.cards()[1].known());
  CHECK(stud.cards()[2] == Card{8, 2});
  CHECK(stud.cards()[3] == Card{12, 0});
  CHECK_FALSE(stud.has_unread());
  CHECK_FALSE(stud.all_known());
  const hh::CardList known = stud.known();
  CHECK(std::vector<Card>(known.begin(), known.end()) == std::vector<Card>{{8, 2}, {12, 0}});
  for (const char* hidden : {"??", "XX", "Xx", "x"}) {
    const EventCards c = EventCards::read(std::string(hidden) + " 5d");
    INFO(hidden);
    REQUIRE(c.cards().size() == 2);
    CHECK_FALSE(c.cards()[0].known());
    CHECK_FALSE(c.has_unread());
  }
  // No interchange code exists for it: the writers refuse the hand.
  CHECK_FALSE(hh::card_codes(stud));
}

TEST_CASE("cards: a token that is no card is unread, never guessed", "[cards]") {
  // 888's Swedish export prints the jack "Kn" (knekt): no rank hhaudit reads.
  const EventCards swedish = EventCards::read("2d Kns 7d");
  CHECK(swedish.has_unread());
  CHECK(swedish.unread() == "Kns");
  CHECK(swedish.tokens() == 3);
  CHECK(swedish.cards().size() == 2);
  CHECK(swedish.known().size() == 2);
  CHECK_FALSE(swedish.all_known());
  CHECK_FALSE(hh::card_codes(swedish));
  CHECK(swedish.printed() == "2d Kns 7d");
  for (const char* bad : {"1h", "Ah1", "Zs", "Ax", "10", "XXX", "of"}) {
    INFO(bad);
    CHECK(EventCards::read(bad).unread() == bad);
    CHECK(EventCards::read(bad).tokens() == 1);
  }
}

TEST_CASE("cards: the reader reports cards it cannot read as a gap with their line", "[cards]") {
  // The showdown of a well-read hand is judged: Other's aces win, not Button's kings.
  const hh::Hand good = only(hh::read_text(hand_with_flop("9c 7d 4h", "Button"), "good.txt"));
  CHECK(good.unread_outside_play.empty());
  const hh::AuditResult judged = hh::audit_hand(good);
  CHECK(judged.has(hh::FindingCode::WrongWinner));
  CHECK_FALSE(judged.has(hh::FindingCode::UnrecognisedLine));
  const hh::AuditResult fine =
      hh::audit_hand(only(hh::read_text(hand_with_flop("9c 7d 4h", "Other"), "fine.txt")));

  const hh::Hand h = only(hh::read_text(hand_with_flop("9c Kns 4h", "Other"), "swedish.txt"));
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  // The flop's line (9); the turn and river lines repeat it, but their new card alone is read.
  REQUIRE(h.unread_outside_play.size() == 1);
  CHECK(h.unread_outside_play[0].line == 9);
  CHECK(h.unread_outside_play[0].got == "Kns");
  CHECK(h.unread_outside_play[0].expected.starts_with("cards hhaudit reads"));
  const hh::AuditResult r = hh::audit_hand(h);
  std::vector<std::uint32_t> lines;
  for (const hh::Finding& f : r.findings)
    if (f.code == hh::FindingCode::UnrecognisedLine) lines.push_back(f.line);
  CHECK(lines == std::vector<std::uint32_t>{9});
  // The gap says what was not judged: never "every check still ran" for cards no check read.
  for (const hh::Finding& f : r.findings)
    if (f.code == hh::FindingCode::UnrecognisedLine)
      CHECK(f.message ==
            "swedish.txt:9: expected cards hhaudit reads (a rank 2-9, T or 10, J, Q, K, A and a "
            "suit c, d, h, s; X or ?? for a card not shown); got \"Kns\" (not judged: these "
            "cards, nor any check that reads them (the best hand, the hands' names); every other "
            "check ran)");
  // Every other finding is the well-read hand's: the gap adds one, and the money checks ran.
  std::vector<hh::FindingCode> others, fine_codes;
  for (const hh::Finding& f : r.findings)
    if (f.code != hh::FindingCode::UnrecognisedLine) others.push_back(f.code);
  for (const hh::Finding& f : fine.findings) fine_codes.push_back(f.code);
  CHECK(others == fine_codes);
  // With a card of the board unread, no winner is judged: the wrong one passes unjudged.
  const hh::Hand wrong = only(hh::read_text(hand_with_flop("9c Kns 4h", "Button"), "w.txt"));
  CHECK_FALSE(hh::audit_hand(wrong).has(hh::FindingCode::WrongWinner));
  // The interchange writers refuse to name a card they do not know.
  const hh::Format* ohh = hh::format_by_name("ohh");
  REQUIRE(ohh);
  const hh::Format::WrittenHand w = ohh->write_hand(h);
  CHECK_FALSE(w.written);
  CHECK(w.lost == std::vector<std::string>{"cards OHH has no code for (9c Kns 4h)"});
}
