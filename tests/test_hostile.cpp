// Hostile input: whatever the bytes, every hand ends up as a Hand (parsed or not), nothing
// crashes, and bad input gives a finding with the file and line.
#include <catch2/catch.hpp>
#include <random>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "test_paths.hpp"

using namespace hh;

namespace {

std::string walk() { return test::read_file(test::testdata("sample/fixtures_holdem_walk.txt")); }

// Parses and audits; returns the hands. Every unparsed hand must carry a PARSE_ERROR with a line.
std::vector<Hand> survive(std::string_view bytes) {
  Decoded d = decode(bytes);
  std::vector<Hand> hands = read_text(d.text, "hostile.txt");
  for (const Hand& h : hands) {
    AuditResult r = audit_hand(h);
    if (!h.parsed) {
      REQUIRE_FALSE(r.findings.empty());
      CHECK(r.findings[0].code == FindingCode::ParseError);
      CHECK(r.findings[0].message.find("hostile.txt:") == 0);
    }
  }
  return hands;
}

}  // namespace

TEST_CASE("empty and blank input give no hands", "[hostile]") {
  CHECK(survive("").empty());
  CHECK(survive("\n\n   \n\r\n").empty());
}

TEST_CASE("a hand cut at every line is kept, parsed or not", "[hostile]") {
  const std::string hand = walk();
  for (std::size_t cut = 1; cut < hand.size(); cut += 7) {
    auto hands = survive(hand.substr(0, cut));
    CHECK(hands.size() <= 1);
  }
}

TEST_CASE("binary garbage and invalid UTF-8", "[hostile]") {
  std::mt19937 rng(42);
  for (int round = 0; round < 50; ++round) {
    std::string bytes(4096, '\0');
    for (char& c : bytes) c = static_cast<char>(rng());
    auto hands = survive(bytes);
    for (const Hand& h : hands) CHECK_FALSE(h.parsed);
    // The same garbage after a real hand does not take the hand down.
    auto mixed = survive(walk() + "\n\n" + bytes);
    REQUIRE_FALSE(mixed.empty());
    CHECK(mixed[0].parsed);
  }
}

TEST_CASE("a UTF-16 file cut in the middle of a code unit", "[hostile]") {
  std::string utf8 = walk();
  std::string utf16 = "\xFF\xFE";
  for (char c : utf8) {
    utf16 += c;
    utf16 += '\0';
  }
  auto whole = survive(utf16);
  REQUIRE(whole.size() == 1);
  CHECK(whole[0].parsed);
  auto cut = survive(utf16.substr(0, utf16.size() - 1));  // odd length: last unit is half
  CHECK(cut.size() == 1);
}

TEST_CASE("absurd amounts are parse errors, not overflow", "[hostile]") {
  std::string hand = walk();
  std::size_t at = hand.find("($");
  REQUIRE(at != std::string::npos);
  hand.insert(at + 2, "99999999999999999999");
  auto hands = survive(hand);
  REQUIRE(hands.size() == 1);
  bool flagged = !hands[0].issues.empty();
  CHECK(flagged);
}

TEST_CASE("a very long line and thousands of seats", "[hostile]") {
  std::string hand = walk();
  std::string long_line(10 << 20, 'x');  // 10 MB on one line
  std::size_t summary = hand.find("*** SUMMARY ***");
  auto hands = survive(hand.substr(0, summary) + long_line + "\n" + hand.substr(summary));
  REQUIRE(hands.size() == 1);
  CHECK(hands[0].parsed);
  CHECK(hands[0].issues.size() == 1);  // the long line, reported once

  std::string seats;
  for (int i = 1; i <= 10000; ++i)
    seats += "Seat " + std::to_string(i) + ": P" + std::to_string(i) + " ($1 in chips)\n";
  std::size_t first_seat = hand.find("Seat ");
  auto many = survive(hand.substr(0, first_seat) + seats + hand.substr(first_seat));
  REQUIRE(many.size() == 1);
}

TEST_CASE("duplicated headers and two formats mixed", "[hostile]") {
  std::string hand = walk();
  std::string header = hand.substr(0, hand.find('\n') + 1);
  auto hands = survive(header + hand + "\n\nGame #123: not a site we know\nSeat 1: x\n\n" + hand);
  // The lone header is a hand of its own (unparsed), the unknown block stays with the hand before
  // it (reported as unrecognised lines), the last hand is intact.
  REQUIRE(hands.size() == 3);
  CHECK_FALSE(hands[0].parsed);
  CHECK(hands[2].parsed);
}
