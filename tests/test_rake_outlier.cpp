// RAKE_OUTLIER, the rake against the site's own record (docs/rake.md, "The learned check"): the
// rule from small written hand sets (exact codes and amounts), the order of files and runs on
// real Bovada hands with one edited (SQLite and PostgreSQL), the learned schedule saved and
// audited against, and the whole corpus against testdata/rake/outliers.tsv.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "audit/rake/outlier.hpp"
#include "db/store.hpp"
#include "tests/cli_run.hpp"
#include "tests/pg_server.hpp"
#include "tests/rake_outliers.hpp"
#include "tests/test_paths.hpp"

using namespace hh;
namespace fs = std::filesystem;
using hh::test::bin;
using hh::test::Outlier;
using hh::test::outliers;
using hh::test::q;

namespace {

// A written hand of a group: site "s", USD, No Limit Hold'em, big blind 0.10, 2024.
ProfileHand hand(std::int64_t id, Money pot, Money rake, int players = 6,
                 std::string date = "2024-03-01") {
  ProfileHand h;
  h.hand_id = id;
  h.site = "s";
  h.site_hand_id = std::to_string(1000 + id);
  h.currency = "USD";
  h.limit_type = "No Limit";
  h.game = "Hold'em";
  h.date = std::move(date);
  h.big_blind = 10;
  h.pot = pot;
  h.rake = rake;
  h.players = players;
  return h;
}

// `n` hands raked 5 % half to even, capped at 0.50, pots from 0.40 up by 0.37.
std::vector<ProfileHand> five_percent(int n, std::int64_t first_id = 1, int players = 6,
                                      const std::string& date = "2024-03-01") {
  std::vector<ProfileHand> hs;
  for (int i = 0; i < n; ++i) {
    const Money pot = 40 + 37 * i;
    Money rake =
        pot / 20 + ((pot % 20) * 2 > 20 || ((pot % 20) * 2 == 20 && (pot / 20) % 2) ? 1 : 0);
    rake = std::min<Money>(rake, 50);
    hs.push_back(hand(first_id + i, pot, rake, players, date));
  }
  return hs;
}

}  // namespace

TEST_CASE("RAKE_OUTLIER: a hand raked off the rule its group follows", "[rake][outlier]") {
  std::vector<ProfileHand> hs = five_percent(30);
  // Pot 4.84: 5 % is 0.242, the rule takes 0.24; this hand paid 0.30.
  REQUIRE(hs[12].pot == 484);
  REQUIRE(hs[12].rake == 24);
  hs[12].rake = 30;
  // Rake 0 is neither learned from nor judged (no flop, perhaps).
  hs.push_back(hand(99, 500, 0));
  const std::vector<HandFinding> f = check_rake_outliers(hs);
  REQUIRE(f.size() == 1);
  CHECK(f[0].hand_id == 13);
  CHECK(f[0].finding.code == FindingCode::RakeOutlier);
  CHECK(f[0].finding.severity == Severity::Warning);
  CHECK(*f[0].finding.expected == 24);
  CHECK(*f[0].finding.actual == 30);
  CHECK(f[0].finding.message ==
        "rake 0.30 on a pot of 4.84 where the site's rule learned from its stored hands gives "
        "0.24: s USD No Limit Hold'em, big blind 0.10, 6 players dealt, 2024: 5% half-even, cap "
        "0.50 (29 of 30 raked hands fit)");
  // The rows' order does not matter.
  std::reverse(hs.begin(), hs.end());
  const std::vector<HandFinding> g = check_rake_outliers(hs);
  REQUIRE(g.size() == 1);
  CHECK(g[0].hand_id == 13);
  CHECK(g[0].finding.message == f[0].finding.message);
}

TEST_CASE("RAKE_OUTLIER needs 20 fitting hands and nine in ten", "[rake][outlier]") {
  // 19 fitting and one off: too few to judge.
  std::vector<ProfileHand> hs = five_percent(20);
  hs[5].rake += 3;
  CHECK(check_rake_outliers(hs).empty());
  // 20 fitting and one off: judged.
  hs = five_percent(21);
  hs[5].rake += 3;
  std::vector<HandFinding> f = check_rake_outliers(hs);
  REQUIRE(f.size() == 1);
  CHECK(f[0].hand_id == 6);
  CHECK(*f[0].finding.expected == hs[5].rake - 3);
  // 27 fitting of 30 is nine in ten: the three others are judged.
  hs = five_percent(30);
  for (int i : {3, 10, 17}) hs[i].rake += 7;
  f = check_rake_outliers(hs);
  REQUIRE(f.size() == 3);
  CHECK(f[0].hand_id == 4);
  CHECK(f[1].hand_id == 11);
  CHECK(f[2].hand_id == 18);
  // 26 of 30 is under nine in ten: the rule is not the site's, or not the learner's kind.
  hs[24].rake += 7;
  CHECK(check_rake_outliers(hs).empty());
  std::vector<LearnedRakeRule> rules = learn_rake_rules(hs);
  REQUIRE(rules.size() == 1);
  CHECK_FALSE(rules[0].judged);
  CHECK(rules[0].fit.fit == 26);
  CHECK(rules[0].fit.hands == 30);
}

TEST_CASE("RAKE_OUTLIER groups by players dealt and year", "[rake][outlier]") {
  // 30 hands with 6 players, and hands of the same pots with 2 players dealt (a heads-up cap of
  // 0.20) and of 2023 (4 %): each its own rule, none an outlier of another.
  std::vector<ProfileHand> hs = five_percent(30);
  for (int i = 0; i < 25; ++i) {
    const Money pot = 40 + 37 * i;
    hs.push_back(hand(100 + i, pot, std::min<Money>(pot / 20, 20), 2));
    hs.push_back(hand(200 + i, pot, pot * 4 / 100, 6, "2023-06-01"));
  }
  CHECK(check_rake_outliers(hs).empty());
  const std::vector<LearnedRakeRule> rules = learn_rake_rules(hs);
  REQUIRE(rules.size() == 3);
  CHECK(rules[0].key.players == 2);
  CHECK(rules[0].key.period == "2024");
  CHECK(learned_rule_text(rules[0].fit.model) == "5% down, cap 0.20");
  CHECK(rules[1].key.period == "2023");
  CHECK(learned_rule_text(rules[1].fit.model) == "4% down, no cap reached");
  CHECK(rules[2].key.players == 6);
  CHECK(learned_rule_text(rules[2].fit.model) == "5% half-even, cap 0.50");
  for (const LearnedRakeRule& r : rules) CHECK(r.judged);
}

namespace {

constexpr const char* kBovadaLimit = "Bovada/cash/Flop/LHE-USD-8-16-201204.old.format.txt";

// Replaces `from` by `to` inside the hand `id` of `text` (once).
void edit_hand(std::string& text, const std::string& id, const std::string& from,
               const std::string& to) {
  const std::size_t start = text.find("Hand #" + id);
  REQUIRE(start != std::string::npos);
  const std::size_t at = text.find(from, start);
  REQUIRE(at != std::string::npos);
  REQUIRE(at < text.find("Hand #", start + 6));
  text.replace(at, from.size(), to);
}

// Bovada's $8/$16 limit hands of April 2012 in two files, A (the first 180 hands) and B, with hand
// 2596777803 (5 players dealt, pot $104, rake $2: $1 per whole $20, capped at $2 with 5 players
// as the other 75 hands of 5 players pay) edited to pay $3: the winner's $102 made $101.
struct BovadaSplit {
  fs::path dir, a, b;
};
BovadaSplit bovada_split(const std::string& name) {
  const fs::path src = test::shared_corpus() / kBovadaLimit;
  REQUIRE(fs::exists(src));  // the corpus is required: fail, not skip
  std::string text = test::read_file(src);
  edit_hand(text, "2596777803", "Dealer : Hand result $102", "Dealer : Hand result $101");
  edit_hand(text, "2596777803", "Rake ($2)", "Rake ($3)");
  edit_hand(text, "2596777803", "Seat 2: Dealer $102", "Seat 2: Dealer $101");
  std::size_t cut = 0;
  for (int i = 0; i < 180; ++i) {
    cut = text.find("Bovada Hand #", cut + 1);
    REQUIRE(cut != std::string::npos);
  }
  BovadaSplit s{test::temp_dir("hhaudit-outlier-" + name), {}, {}};
  s.a = s.dir / "a.txt";
  s.b = s.dir / "b.txt";
  std::ofstream(s.a, std::ios::binary) << text.substr(0, cut);
  std::ofstream(s.b, std::ios::binary) << text.substr(cut);
  return s;
}

void audit(const std::string& db, const std::string& inputs, const std::string& extra = "",
           int exit_code = 0) {
  const auto r = test::run(bin() + " audit " + inputs + " --db " + q(db) + " -q --fail-on none " +
                           extra + " > /dev/null");
  REQUIRE(r.code == exit_code);
}

// A then B, B then A and A with B give the same RAKE_OUTLIER findings: the edited hand only.
void check_order(const std::string& ab, const std::string& ba, const std::string& together,
                 const BovadaSplit& s) {
  audit(ab, q(s.a));
  audit(ab, q(s.b));
  audit(ba, q(s.b));
  audit(ba, q(s.a));
  audit(together, q(s.a) + " " + q(s.b));
  const std::vector<Outlier> want = outliers(together);
  REQUIRE(want.size() == 1);
  CHECK(std::get<0>(want[0]) == "2596777803");
  CHECK(std::get<1>(want[0]) == 200);
  CHECK(std::get<2>(want[0]) == 300);
  CHECK(std::get<3>(want[0]) ==
        "rake 3.00 on a pot of 104.00 where the site's rule learned from its stored hands gives "
        "2.00: bovada USD Fixed Limit Hold'em, big blind 16.00, 5 players dealt, 2012: 1.00 per "
        "20.00, cap 2.00 (74 of 75 raked hands fit)");
  CHECK(outliers(ab) == want);
  CHECK(outliers(ba) == want);
}

}  // namespace

TEST_CASE("RAKE_OUTLIER: the order of files and runs does not change it (SQLite)",
          "[rake][outlier][cli]") {
  const BovadaSplit s = bovada_split("sqlite");
  check_order((s.dir / "ab.db").string(), (s.dir / "ba.db").string(),
              (s.dir / "together.db").string(), s);
  // B alone: the edited hand is in A, and B's own hands fit their groups' rules.
  const std::string b_only = (s.dir / "b.db").string();
  audit(b_only, q(s.b));
  CHECK(outliers(b_only).empty());
  fs::remove_all(s.dir);
}

TEST_CASE("RAKE_OUTLIER: the order of files and runs does not change it (PostgreSQL)",
          "[rake][outlier][postgres]") {
  test::PgServer* server = test::PgServer::get();
  if (!server) return;
  const BovadaSplit s = bovada_split("pg");
  check_order(server->create_database("outlier_ab"), server->create_database("outlier_ba"),
              server->create_database("outlier_together"), s);
  fs::remove_all(s.dir);
}

TEST_CASE("a learned schedule saved as a file is audited against", "[rake][outlier][cli]") {
  // Bovada's Zone Poker hands (no-limit, $0.10/$0.25, 2021: 5 % rounded down), one of them edited
  // to pay a cent more: the winner of pot 2.25 (rake 0.11) gets 2.13.
  const fs::path src = test::shared_corpus() / "Bovada" / "fixtures" / "zone_poker.txt";
  REQUIRE(fs::exists(src));
  std::string text = test::read_file(src);
  edit_hand(text, "4101241554", "UTG+2 : Hand result $2.14", "UTG+2 : Hand result $2.13");
  const fs::path dir = test::temp_dir("hhaudit-learned");
  const fs::path hands = dir / "zone.txt", schedules = dir / "rake";
  std::ofstream(hands, std::ios::binary) << text;
  const std::string learned = (dir / "learned.db").string();
  audit(learned, q(hands));
  // Judged by the rule learned from the stored hands.
  const std::vector<Outlier> o = outliers(learned);
  REQUIRE(o.size() == 1);
  CHECK(std::get<0>(o[0]) == "4101241554");
  CHECK(std::get<1>(o[0]) == 11);
  CHECK(std::get<2>(o[0]) == 12);
  // Learn, save, audit against the file: the same hand is now RAKE_OVER_SCHEDULE, and the others
  // of the entry are checked (no RAKE_SCHEDULE_UNKNOWN) and pass.
  fs::create_directories(schedules);
  const auto p = test::run(bin() + " rake-profile --site bovada --db " + q(learned) + " > " +
                           q(schedules / "bovada.toml"));
  REQUIRE(p.code == 0);
  const std::string checked = (dir / "checked.db").string();
  audit(checked, q(hands), "--rake-schedules " + q(schedules));
  const auto r =
      db::open_store(checked, db::OpenMode::ReadOnly)
          ->query(
              "SELECT h.site_hand_id, d.code, d.expected, d.actual FROM discrepancies d "
              "JOIN hands h ON h.hand_id = d.hand_id WHERE d.code IN ('RAKE_OVER_SCHEDULE', "
              "'RAKE_UNDER_SCHEDULE', 'RAKE_ON_UNRAKED_HAND', 'RAKE_SCHEDULE_UNKNOWN', "
              "'RAKE_OUTLIER') ORDER BY h.hand_id");
  REQUIRE(r.size() == 1);
  REQUIRE(r[0].rows.size() == 1);
  CHECK(*r[0].rows[0][0] == "4101241554");
  CHECK(*r[0].rows[0][1] == "RAKE_OVER_SCHEDULE");
  CHECK(*r[0].rows[0][2] == "11");
  CHECK(*r[0].rows[0][3] == "12");
  CHECK(outliers(checked).empty());
  fs::remove_all(dir);
}
