// House rules: the rule options per site, read from a file, overridden from the command line,
// and what they change in the audit.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "audit/audit.hpp"
#include "audit/house_rules.hpp"
#include "parser/format.hpp"
#include "test_paths.hpp"
#include "tests/audit_under.hpp"

using namespace hh;
namespace fs = std::filesystem;

namespace {

fs::path write_temp(const std::string& text) {
  std::random_device rd;
  fs::path p = fs::temp_directory_path() / ("hhaudit-house-" + std::to_string(rd()) + ".toml");
  std::ofstream(p) << text;
  return p;
}

std::string load_error(const std::string& text) {
  const fs::path p = write_temp(text);
  std::string message;
  try {
    load_house_rules(p);
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  fs::remove(p);
  return message;
}

// A fixed-limit 20/40 flop with four players and five bets: over the default cap of four.
AuditResult five_bets(const HouseRules& rules) {
  const std::string text =
      "PokerStars Hand #5: Hold'em Limit ($20/$40 USD) - 2020/01/01 12:00:00 ET\n"
      "Table 'T' 6-max Seat #4 is the button\n"
      "Seat 1: A ($1000 in chips)\nSeat 2: B ($1000 in chips)\nSeat 3: C ($1000 in chips)\n"
      "Seat 4: D ($1000 in chips)\n"
      "A: posts small blind $10\nB: posts big blind $20\n*** HOLE CARDS ***\n"
      "C: calls $20\nD: calls $20\nA: calls $10\nB: checks\n*** FLOP *** [2c 7d 9h]\n"
      "A: bets $20\nB: raises $20 to $40\nC: raises $20 to $60\nD: raises $20 to $80\n"
      "A: raises $20 to $100\n*** SUMMARY ***\n";
  return test::audit_under(read_text(text, "fl.txt").at(0), rules);
}

}  // namespace

TEST_CASE("the shipped house-rules file states the built-in defaults", "[house-rules]") {
  const HouseRulesBook book = load_house_rules(test::source_dir() / "house-rules.toml");
  const HouseRules built_in;
  for (const HouseRuleOption& o : house_rule_options()) {
    INFO(o.name);
    CHECK(std::visit([&](auto m) { return book.default_rules().*m == built_in.*m; }, o.field));
  }
}

TEST_CASE("a house-rules file: default, per-site tables, printed back the same", "[house-rules]") {
  const fs::path p = write_temp(
      "[default]\nmax_bets_per_round = 5\n\n"
      "[pokerstars]\nlimit_incomplete_raise = \"half-bet\"\nuncapped_heads_up = false\n");
  const HouseRulesBook book = load_house_rules(p);
  fs::remove(p);
  CHECK(book.default_rules().max_bets_per_round == 5);
  CHECK(book.default_rules().limit_incomplete_raise == IncompleteRaiseRule::FullBet);
  const HouseRules& stars = book.for_site("pokerstars");
  CHECK(stars.max_bets_per_round == 5);  // from [default]
  CHECK(stars.limit_incomplete_raise == IncompleteRaiseRule::HalfBet);
  CHECK_FALSE(stars.uncapped_heads_up);
  CHECK(&book.for_site("winamax") == &book.default_rules());

  const std::string text = house_rules_toml(book);
  CHECK(text.find("[pokerstars]\nlimit_incomplete_raise = \"half-bet\"\nuncapped_heads_up = "
                  "false\n") != std::string::npos);
  const fs::path again = write_temp(text);
  CHECK(house_rules_toml(load_house_rules(again)) == text);
  fs::remove(again);
}

TEST_CASE("house-rules file errors name the file, the line and what is accepted", "[house-rules]") {
  CHECK_THAT(load_error("[default]\nmax_bets_per_round = 4\nmax_raises = 3\n"),
             Catch::Contains(":3: unknown house rule \"max_raises\"") &&
                 Catch::Contains("max_bets_per_round"));
  CHECK_THAT(load_error("[pokerstars]\nuncapped_heads_up = 1\n"),
             Catch::Contains(":2: house rule uncapped_heads_up is true or false, not \"1\""));
  CHECK_THAT(load_error("[default]\nlimit_incomplete_raise = \"half\"\n"),
             Catch::Contains("full-bet or half-bet, not \"half\""));
  CHECK_THAT(load_error("[default]\nmax_bets_per_round = -1\n"),
             Catch::Contains("a whole number of 0 or more"));
  CHECK_THAT(load_error("pokerstars = 3\n"), Catch::Contains("must be a table"));
  CHECK_THAT(load_error("[default\n"), Catch::Contains(":1:"));
}

TEST_CASE("command-line overrides: every site, or one site", "[house-rules]") {
  HouseRulesBook book;
  book.site("888poker").max_bets_per_round = 3;
  book.override_from("pokerstars.max_bets_per_round=0");
  CHECK(book.for_site("pokerstars").max_bets_per_round == 0);
  CHECK(book.default_rules().max_bets_per_round == 4);
  book.override_from("limit_incomplete_raise=half-bet");
  for (const char* site : {"pokerstars", "888poker", "winamax"})
    CHECK(book.for_site(site).limit_incomplete_raise == IncompleteRaiseRule::HalfBet);
  CHECK(book.for_site("888poker").max_bets_per_round == 3);  // untouched
  CHECK_THROWS_WITH(book.override_from("max_bets_per_round"),
                    Catch::Contains("is not NAME=VALUE or SITE.NAME=VALUE"));
  CHECK_THROWS_WITH(book.override_from("cap=4"), Catch::Contains("unknown house rule \"cap\""));
  book.override_from("888poker.limit_small_blind=below-big-blind");
  book.override_from("kill_blind=half");
  CHECK(book.for_site("888poker").limit_small_blind == LimitSmallBlind::BelowBigBlind);
  CHECK(book.for_site("winamax").limit_small_blind == LimitSmallBlind::HalfRoundedDown);
  CHECK(book.for_site("winamax").kill_blind == KillBlind::Half);
  CHECK_THROWS_WITH(book.override_from("kill_blind=double"),
                    Catch::Contains("kill_blind is full or half, not \"double\""));
}

TEST_CASE("the raise cap follows the house rules", "[house-rules][rules]") {
  HouseRules rules;
  AuditResult capped = five_bets(rules);
  REQUIRE(capped.has(FindingCode::RaiseCapExceeded));
  for (const Finding& f : capped.findings)
    if (f.code == FindingCode::RaiseCapExceeded) {
      CHECK(f.expected == 4);
      CHECK(f.actual == 5);
    }
  rules.max_bets_per_round = 5;
  CHECK_FALSE(five_bets(rules).has(FindingCode::RaiseCapExceeded));
  rules.max_bets_per_round = 0;  // no cap
  CHECK_FALSE(five_bets(rules).has(FindingCode::RaiseCapExceeded));
  rules.max_bets_per_round = 3;
  CHECK(five_bets(rules).has(FindingCode::RaiseCapExceeded));
}
