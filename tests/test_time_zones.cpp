// The one table of time zones every reader uses (parser/text/text_util.cpp, issue 33 point 7):
// each abbreviation at a winter and a summer date, the offset forms, and an unknown zone as a gap
// outside the play (the hand still audited).
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/text_util.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

// Each abbreviation and what 12:00 local on 2013-01-15 and on 2013-07-15 is in UTC.
struct ZoneCase {
  std::string_view zone;
  std::string_view january, july;
};

const std::vector<ZoneCase> kCases = {
    {"ET", "17:00", "16:00"},    {"EST", "17:00", "16:00"},  {"EDT", "17:00", "16:00"},
    {"CT", "18:00", "17:00"},    {"CST", "18:00", "17:00"},  {"CDT", "18:00", "17:00"},
    {"MT", "19:00", "18:00"},    {"MST", "19:00", "18:00"},  {"MDT", "19:00", "18:00"},
    {"PT", "20:00", "19:00"},    {"PST", "20:00", "19:00"},  {"PDT", "20:00", "19:00"},
    {"AKST", "21:00", "20:00"},  {"AKDT", "21:00", "20:00"}, {"HST", "22:00", "22:00"},
    {"AT", "16:00", "15:00"},    {"AST", "16:00", "15:00"},  {"ADT", "16:00", "15:00"},
    {"NST", "15:30", "14:30"},   {"NDT", "15:30", "14:30"},  {"BRT", "14:00", "15:00"},
    {"BRST", "14:00", "15:00"},  {"ART", "15:00", "15:00"},  {"GMT", "12:00", "12:00"},
    {"UTC", "12:00", "12:00"},   {"WET", "12:00", "11:00"},  {"WEST", "12:00", "11:00"},
    {"BST", "12:00", "11:00"},   {"CET", "11:00", "10:00"},  {"CEST", "11:00", "10:00"},
    {"MEZ", "11:00", "10:00"},   {"MESZ", "11:00", "10:00"}, {"EET", "10:00", "09:00"},
    {"EEST", "10:00", "09:00"},  {"MSK", "08:00", "08:00"},  {"MSD", "08:00", "08:00"},
    {"MSKS", "08:00", "08:00"},  {"GST", "08:00", "08:00"},  {"IST", "06:30", "06:30"},
    {"YEKST", "06:00", "06:00"}, {"ICT", "05:00", "05:00"},  {"SGT", "04:00", "04:00"},
    {"HKT", "04:00", "04:00"},   {"CCT", "04:00", "04:00"},  {"JST", "03:00", "03:00"},
    {"KST", "03:00", "03:00"},   {"AWST", "04:00", "04:00"}, {"ACST", "01:30", "02:30"},
    {"ACDT", "01:30", "02:30"},  {"AET", "01:00", "02:00"},  {"AEST", "01:00", "02:00"},
    {"AEDT", "01:00", "02:00"},  {"NZT", "23:00", "00:00"},  {"NZST", "23:00", "00:00"},
    {"NZDT", "23:00", "00:00"},
};

// "HH:MM" UTC of 12:00 local on `date` ("2013/01/15"), the day moved when it crosses midnight.
std::string utc_of_noon(std::string_view date, std::string_view zone) {
  return to_utc(date, "12:00:00", zone);
}

}  // namespace

TEST_CASE("time zones: every abbreviation of the shared table, winter and summer",
          "[time_zones][issue33]") {
  std::set<std::string_view> tested;
  for (const ZoneCase& c : kCases) {
    INFO(c.zone);
    tested.insert(c.zone);
    CHECK(is_known_zone(c.zone));
    const std::string jan = utc_of_noon("2013/01/15", c.zone);
    const std::string jul = utc_of_noon("2013/07/15", c.zone);
    // The date moves back a day east of UTC+12 (New Zealand's summer), never forward here.
    CHECK(jan.substr(11, 5) == c.january);
    CHECK(jul.substr(11, 5) == c.july);
    CHECK(jan.substr(0, 8) == "2013-01-");
    CHECK(jul.substr(0, 8) == "2013-07-");
  }
  // Every abbreviation of the table has its case here, and no case names one it lacks.
  std::set<std::string_view> table;
  for (const ZoneAbbreviation& z : time_zone_abbreviations()) table.insert(z.abbreviation);
  CHECK(table == tested);
  CHECK(utc_of_noon("2013/01/15", "NZDT") == "2013-01-14T23:00:00Z");
}

TEST_CASE("time zones: fixed offsets and IANA names", "[time_zones][issue33]") {
  CHECK(to_utc("2012/03/10", "21:15:00", "GMT+01:00") == "2012-03-10T20:15:00Z");  // Entraction
  CHECK(to_utc("2011/01/03", "12:15:43", "GMT+0100") == "2011-01-03T11:15:43Z");   // OnGame
  CHECK(to_utc("2011/01/03", "12:15:43", "GMT-0500") == "2011-01-03T17:15:43Z");
  CHECK(to_utc("2011/01/03", "12:15:43", "UTC+5:30") == "2011-01-03T06:45:43Z");
  CHECK(to_utc("2011/01/03", "00:15:00", "GMT+2") == "2011-01-02T22:15:00Z");
  CHECK(to_utc("2011/01/03", "12:00:00", "+02:00") == "2011-01-03T10:00:00Z");
  CHECK(to_utc("2013/07/15", "12:00:00", "Europe/Malta") == "2013-07-15T10:00:00Z");
  for (std::string_view bad :
       {"GMT+", "GMT+1:5", "GMT+15", "GMT+01:60", "ZZZ", "Nowhere/Land", "GMT+0130x", ""}) {
    INFO(bad);
    CHECK_FALSE(is_known_zone(bad));
    CHECK(to_utc("2011/01/03", "12:00:00", bad).empty());
  }
}

// An unknown zone: the time is not read (a gap, UNRECOGNISED_LINE on the header line), and the
// hand is audited whole: no check is withheld.
TEST_CASE("time zones: an unknown zone is a gap, the hand still audited", "[time_zones][issue33]") {
  const std::string hand =
      "***** Hand History for Game 200 *****\n"
      "$0.05/$0.10 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 ZZT 2013\n"
      "Table Zone (Real Money)\nSeat 1 is the button\nTotal number of players : 2/6\n"
      "Seat 1: Alice ( $10 USD )\nSeat 2: Bob ( $5.50 USD )\n"
      "Alice posts small blind [$0.05 USD].\nBob posts big blind [$0.10 USD].\n"
      "** Dealing down cards **\nAlice raises [$0.25 USD]\nBob folds\n"
      "Alice does not show cards.\nAlice wins $0.45 USD\n";
  const std::vector<Hand> hands = read_text(hand, "zone.txt");
  REQUIRE(hands.size() == 1);
  const Hand& h = hands.front();
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.started_at_utc.empty());
  REQUIRE(h.unread_outside_play.size() == 1);
  CHECK(h.unread_outside_play[0].line == 2);
  CHECK(h.unread_outside_play[0].got == "ZZT");
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  std::vector<FindingCode> codes;
  for (const Finding& f : r.findings)
    if (f.severity != Severity::Info) codes.push_back(f.code);
  // 0.45 paid from 0.40 (the pot of 0.20 and the 0.20 nobody called): the site's error, found
  // because the checks ran.
  CHECK(codes ==
        std::vector<FindingCode>{FindingCode::UnrecognisedLine, FindingCode::RakeMismatch});
  for (const Finding& f : r.findings) CHECK(f.code != FindingCode::ChecksNotRun);
}
