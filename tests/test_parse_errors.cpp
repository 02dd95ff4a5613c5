// The one X3 error handler (parser/text/error_handler.hpp): a line that fails at an expectation
// point is reported with what was expected there and its line and column, and the hand is still
// the unparsed hand it was (PARSE_ERROR), whatever the site.
#include <boost/spirit/home/x3.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "audit/audit.hpp"
#include "parser/888poker/builder.hpp"
#include "parser/format.hpp"
#include "parser/text/expectation_text.hpp"

using namespace hh;

namespace {

const ParseIssue& only_issue(const Hand& h) {
  REQUIRE(h.issues.size() == 1);
  return h.issues.front();
}

}  // namespace

TEST_CASE("Parse errors: a PokerStars header without its hand number", "[parse_errors]") {
  const std::string header =
      "PokerStars Hand #: Hold'em No Limit ($1/$2 USD) - 2018/03/28 13:38:18 ET";
  const std::vector<Hand> hands =
      read_text("notes\n\n" + header + "\nSeat 1: A ($5 in chips)\n", "broken.txt");
  REQUIRE(hands.size() == 2);  // the notes, then the hand
  const Hand& h = hands[1];
  CHECK(h.site == "pokerstars");
  CHECK_FALSE(h.parsed);
  const ParseIssue& i = only_issue(h);
  CHECK(i.line == 3);
  CHECK(i.column == 18);  // just after "PokerStars Hand #"
  CHECK(i.expected == "the hand number at line 3, column 18");
  CHECK(i.got == header);
  CHECK(audit_hand(h).has(FindingCode::ParseError));
}

TEST_CASE("Parse errors: a PokerStars header whose date is cut short", "[parse_errors]") {
  const std::string header =
      "PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD) - "
      "2018/03 13:38:18 ET";
  const Hand h = read_text(header + "\n", "date.txt").at(0);
  const ParseIssue& i = only_issue(h);
  const std::size_t column = header.find("2018") + 1;
  CHECK(i.line == 1);
  CHECK(i.column == column);
  CHECK(i.expected == "a date (YYYY/MM/DD) at line 1, column " + std::to_string(column));
}

TEST_CASE("Parse errors: a GGPoker header whose time is missing", "[parse_errors]") {
  const std::string header = "Poker Hand #OM1: PLO ($2/$5) - 2021/01/21 x";
  const Hand h = read_text(header + "\n", "gg.txt").at(0);
  CHECK(h.site == "ggpoker");
  const ParseIssue& i = only_issue(h);
  const std::size_t column = header.find('x') + 1;
  CHECK(i.column == column);
  CHECK(i.expected == "a time (HH:MM:SS) at line 1, column " + std::to_string(column));
}

TEST_CASE("Parse errors: an 888 game number that is not a number", "[parse_errors]") {
  const std::string text = "#Game No : x1\n";
  const Hand h = poker888::parse_hand(HandText{text, 0, 7}, "888.txt");
  const ParseIssue& i = only_issue(h);
  CHECK(i.line == 7);
  CHECK(i.column == 12);
  CHECK(i.expected == "the game number at line 7, column 12");
}

TEST_CASE("Parse errors: a header that reaches no expectation point keeps its description",
          "[parse_errors]") {
  // No " - YYYY/" before the end: the date's expectation point is never reached.
  const std::string header = "PokerStars Hand #184487904738: Hold'em No Limit ($1/$2 USD)";
  const Hand h = read_text(header + "\n", "nodate.txt").at(0);
  const ParseIssue& i = only_issue(h);
  CHECK(i.column == 0);
  CHECK(i.expected ==
        "a PokerStars header: ROOM Hand #ID: GAME LIMIT (SB/BB) - YYYY/MM/DD HH:MM:SS ZONE");
}

TEST_CASE("Parse errors: a Winamax header whose hand id is missing", "[parse_errors]") {
  const std::string header =
      "Winamax Poker - CashGame - HandId: #x - Holdem no limit (2€/4€) - 2020/05/15 09:26:42 UTC";
  const Hand h = read_text(header + "\n", "wmx.txt").at(0);
  CHECK(h.site == "winamax");
  const ParseIssue& i = only_issue(h);
  const std::size_t column = header.find("#x") + 2;
  CHECK(i.column == column);
  CHECK(i.expected == "the hand id (N-N-N) at line 1, column " + std::to_string(column));
}

TEST_CASE("Parse errors: an expectation X3 names by a C++ type is said in words",
          "[parse_errors]") {
  namespace x3 = boost::spirit::x3;
  // What X3 names an unnamed sequence by: its mangled type (a thousand characters for a grammar's).
  const std::string mangled = x3::what(x3::lit("Seat") >> x3::int_ >> x3::lit(':'));
  INFO(mangled);
  REQUIRE(mangled.find("boost") != std::string::npos);
  const std::string line = "Seat 1: Hero ($5 in chips)";
  CHECK(readable_expectation(mangled, line, 9) ==
        "the rest of the line as this site writes it (found \"Hero ($5 in chips)\")");
  CHECK(readable_expectation(mangled, line + " and a very long tail", 9) ==
        "the rest of the line as this site writes it (found \"Hero ($5 in chips) and a...\")");
  CHECK(readable_expectation(mangled, line, 27) ==
        "the rest of the line as this site writes it (found the end of the line)");
  // A name stays as it is.
  CHECK(readable_expectation("the hand number", line, 1) == "the hand number");
  CHECK(readable_expectation("':'", line, 7) == "':'");
}
