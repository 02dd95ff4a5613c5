#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "parser/text/decode.hpp"
#include "parser/text/split.hpp"

namespace {

using hh::HandText;
using hh::split_hands;

bool stars_start(std::string_view line) { return line.starts_with("PokerStars Hand #"); }

// The offset must point back into the very text that was split, not into a copy.
void check_hand(const HandText& h, std::string_view whole, std::string_view text,
                std::uint64_t offset, std::uint32_t line) {
  CHECK(h.text == text);
  CHECK(h.byte_offset == offset);
  CHECK(h.line == line);
  CHECK(h.text.data() == whole.data() + offset);
}

}  // namespace

TEST_CASE("empty and all-blank texts give no hands", "[split]") {
  CHECK(split_hands("", stars_start).empty());
  CHECK(split_hands("\n\n\n", stars_start).empty());
  CHECK(split_hands("  \n\t\n   ", stars_start).empty());
}

TEST_CASE("hands separated by blank lines", "[split]") {
  const std::string_view text =
      "PokerStars Hand #1: a\n"  // line 1, offset 0
      "Seat 1\n"                 // line 2
      "\n"                       // line 3
      "\n"                       // line 4
      "PokerStars Hand #2: b\n"  // line 5, offset 31
      "Seat 2\n"                 // line 6
      "\n"                       // line 7
      "\n"                       // line 8
      "\n"                       // line 9
      "PokerStars Hand #3: c\n"  // line 10, offset 63
      "Seat 3\n";
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 3);
  check_hand(hands[0], text, "PokerStars Hand #1: a\nSeat 1", 0, 1);
  check_hand(hands[1], text, "PokerStars Hand #2: b\nSeat 2", 31, 5);
  check_hand(hands[2], text, "PokerStars Hand #3: c\nSeat 3", 63, 10);
}

TEST_CASE("hands with no blank line between them", "[split]") {
  const std::string_view text =
      "PokerStars Hand #1: a\n"
      "Seat 1: x won\n"
      "PokerStars Hand #2: b\n"  // offset 36
      "Seat 1: y won";           // no final newline
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "PokerStars Hand #1: a\nSeat 1: x won", 0, 1);
  check_hand(hands[1], text, "PokerStars Hand #2: b\nSeat 1: y won", 36, 3);
}

TEST_CASE("junk before the first hand forms its own chunk", "[split]") {
  const std::string_view text =
      "\n"                         // line 1
      "Exported by SomeTracker\n"  // line 2, offset 1
      "  version 3\n"              // line 3
      "\n"                         // line 4
      "PokerStars Hand #1: a\n"    // line 5, offset 38
      "Seat 1\n";
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "Exported by SomeTracker\n  version 3", 1, 2);
  CHECK_FALSE(stars_start(hands[0].text));
  check_hand(hands[1], text, "PokerStars Hand #1: a\nSeat 1", 38, 5);
}

TEST_CASE("leading blank lines alone are dropped and line numbers still count them", "[split]") {
  const std::string_view text = "\n\n\nPokerStars Hand #9: a\nSeat 1\n";
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 1);
  check_hand(hands[0], text, "PokerStars Hand #9: a\nSeat 1", 3, 4);
}

TEST_CASE("trailing blank and whitespace-only lines are not part of a hand", "[split]") {
  const std::string_view text =
      "PokerStars Hand #1: a\n"
      "Seat 1   \n"  // trailing spaces on a real line are kept
      "   \n"
      "\t\n"
      "\n"
      "PokerStars Hand #2: b\n"  // offset 39, line 6
      "Seat 2\n"
      "\n"
      "  \n"
      "\n";
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "PokerStars Hand #1: a\nSeat 1   ", 0, 1);
  check_hand(hands[1], text, "PokerStars Hand #2: b\nSeat 2", 39, 6);
}

TEST_CASE("text between hands stays with the hand before it", "[split]") {
  const std::string_view text =
      "PokerStars Hand #1: a\n"
      "Seat 1\n"
      "\n"
      "stray line\n"
      "\n"
      "PokerStars Hand #2: b\n";  // offset 42, line 6
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "PokerStars Hand #1: a\nSeat 1\n\nstray line", 0, 1);
  check_hand(hands[1], text, "PokerStars Hand #2: b", 42, 6);
}

TEST_CASE("text with no start line at all is one junk chunk", "[split]") {
  const std::string_view text = "\nnot a hand\nstill not\n\n";
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 1);
  check_hand(hands[0], text, "not a hand\nstill not", 1, 2);
}

TEST_CASE("the predicate sees each non-blank line once, in order", "[split]") {
  const std::string_view text = "junk\n\nPokerStars Hand #1\n  \nbody\nPokerStars Hand #2\n";
  std::vector<std::string> seen;
  const auto hands = split_hands(text, [&](std::string_view line) {
    seen.emplace_back(line);
    return stars_start(line);
  });
  CHECK(hands.size() == 3);
  CHECK(seen ==
        std::vector<std::string>{"junk", "PokerStars Hand #1", "body", "PokerStars Hand #2"});
}

TEST_CASE("decoded CRLF file splits with the original line numbers", "[split]") {
  const auto decoded = hh::decode(
      "\xEF\xBB\xBFPokerStars Hand #1: a\r\nSeat 1\r\n\r\n\r\nPokerStars Hand #2: b\r\nSeat 2\r\n");
  const std::string_view text = decoded.text;
  const auto hands = split_hands(text, stars_start);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "PokerStars Hand #1: a\nSeat 1", 0, 1);
  check_hand(hands[1], text, "PokerStars Hand #2: b\nSeat 2", 31, 5);
}

TEST_CASE("LineCursor walks lines with 1-based numbers", "[split][lines]") {
  hh::LineCursor cur("a\n\nbc\nd");
  std::string_view line;
  CHECK(cur.line_number() == 0);
  REQUIRE(cur.next(line));
  CHECK(line == "a");
  CHECK(cur.line_number() == 1);
  CHECK(cur.offset() == 0);
  REQUIRE(cur.next(line));
  CHECK(line == "");
  CHECK(cur.line_number() == 2);
  CHECK(cur.offset() == 2);
  REQUIRE(cur.next(line));
  CHECK(line == "bc");
  CHECK(cur.line_number() == 3);
  CHECK(cur.offset() == 3);
  REQUIRE(cur.next(line));
  CHECK(line == "d");
  CHECK(cur.line_number() == 4);
  CHECK(cur.offset() == 6);
  CHECK_FALSE(cur.next(line));
  CHECK_FALSE(cur.next(line));
  CHECK(cur.line_number() == 4);
}

TEST_CASE("LineCursor: a final newline opens no extra line, first_line offsets numbers",
          "[split][lines]") {
  std::string_view line;

  hh::LineCursor empty("");
  CHECK_FALSE(empty.next(line));

  hh::LineCursor one("x\n");
  REQUIRE(one.next(line));
  CHECK(line == "x");
  CHECK_FALSE(one.next(line));

  hh::LineCursor blanks("\n\n");
  REQUIRE(blanks.next(line));
  CHECK(line == "");
  REQUIRE(blanks.next(line));
  CHECK(line == "");
  CHECK(blanks.line_number() == 2);
  CHECK_FALSE(blanks.next(line));

  hh::LineCursor hand("PokerStars Hand #2: b\nSeat 2", 5);
  REQUIRE(hand.next(line));
  CHECK(hand.line_number() == 5);
  REQUIRE(hand.next(line));
  CHECK(line == "Seat 2");
  CHECK(hand.line_number() == 6);
  CHECK_FALSE(hand.next(line));
}

TEST_CASE("announcing start lines open one hand with the start lines after them", "[split]") {
  auto start = [](std::string_view line) { return line.starts_with("Game #") || line == "BANNER"; };
  auto announces = [](std::string_view line) { return line.starts_with("Game #"); };
  const std::string_view text =
      "Game #1 starts.\n"  // line 1: announces hand 1
      "\n"
      "BANNER\n"  // line 3: hand 1's own start
      "a\n"
      "BANNER\n"  // line 5: a hand with no announcement
      "b\n"
      "Game #3 starts.\n";  // line 7: nothing follows: stays with the hand before
  const auto hands = split_hands(text, start, announces);
  REQUIRE(hands.size() == 2);
  check_hand(hands[0], text, "Game #1 starts.\n\nBANNER\na", 0, 1);
  check_hand(hands[1], text, "BANNER\nb\nGame #3 starts.", 26, 5);
  // Without the announcement test every start line opens a hand, as before.
  CHECK(split_hands(text, start).size() == 4);
  // An announcement alone is a hand of its own (nothing before it to join).
  CHECK(split_hands("Game #9 starts.\n", start, announces).size() == 1);
}
