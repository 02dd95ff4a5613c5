// Open Hand History (format "ohh"): detection, the reader on a corpus hand with exact amounts
// (testdata/ohh, README.md there), amounts read exactly from the numbers' text, a sweep of
// ../shared/corpus/OHH against testdata/ohh/anomalies.tsv, fault hands (a wrong pot amount, a
// wrong win), the writer checked against testdata/ohh/ohh-required.schema.json, and the round
// trip of every corpus hand of every readable format through OHH.
#include <simdjson.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/ohh/ohh.hpp"
#include "parser/text/decode.hpp"
#include "tests/cli_run.hpp"
#include "tests/corpus_sweep.hpp"
#include "tests/doc_tables.hpp"
#include "tests/fault_check.hpp"
#include "tests/hand_events.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using namespace hh;

namespace {

const Format& ohh_format() {
  const Format* f = format_by_name("ohh");
  REQUIRE(f);
  return *f;
}

using test::events_of;
using test::only_hand;

// A hand written for these tests: two players, amounts with one, two and no decimals.
std::string small_hand(std::string_view raise_amount, std::string_view win_amount) {
  return std::string(
             R"({"ohh": {"spec_version": "1.4.7", "site_name": "Test", "network_name": "Test",
 "internal_version": "1", "game_number": "7", "start_date_utc": "2024-01-02T03:04:05Z",
 "table_name": "T", "table_size": 2, "game_type": "Holdem", "bet_limit": {"bet_type": "NL"},
 "currency": "USD", "small_blind_amount": 0.05, "big_blind_amount": 0.1, "ante_amount": 0,
 "dealer_seat": 1,
 "players": [{"id": 0, "seat": 1, "name": "A", "starting_stack": 1234567.89},
             {"id": 1, "seat": 2, "name": "B", "starting_stack": 10}],
 "rounds": [{"id": 0, "street": "Preflop", "cards": [], "actions": [
   {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.05},
   {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 0.10},
   {"action_number": 3, "player_id": 0, "action": "Raise", "amount": )") +
         std::string(raise_amount) + R"(},
   {"action_number": 4, "player_id": 1, "action": "Fold", "amount": 0}]}],
 "pots": [{"number": 0, "amount": 0.2, "rake": 0, "player_wins": [{"player_id": 0, "win_amount": )" +
         std::string(win_amount) + R"(}]}]}}
)";
}

}  // namespace

TEST_CASE("OHH detection", "[ohh]") {
  CHECK(ohh::is_hand_start("{"));
  CHECK(ohh::is_hand_start("{ \r"));
  CHECK(ohh::is_hand_start(R"({"ohh": {"spec_version": "1.4.7"}})"));
  CHECK_FALSE(ohh::is_hand_start("    {"));  // an object inside a hand
  CHECK_FALSE(ohh::is_hand_start(R"({"id": 3})"));
  CHECK(sniff_format("{\n    \"ohh\": {\n").format->name() == "ohh");
  CHECK(sniff_format("{\"ohh\": {\"spec_version\": \"1.4.7\"}}\n").format->name() == "ohh");
  CHECK(ohh_format().readable());
  CHECK(ohh_format().writable());
  CHECK(ohh_format().file_extension() == ".ohh");
}

TEST_CASE("OHH hand: seats, raises put in, the pot, its rake and the win", "[ohh]") {
  const std::vector<Hand> hands =
      read_text(test::load("ohh/faults/originals/pot_amount.txt"), "pokerstars.ohh");
  const Hand h = only_hand(hands);
  CHECK(h.site == "ohh");
  CHECK(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.site_hand_id == "PokerStars | PokerStars | 226935652098");
  CHECK(h.table_name == "McNaught");
  CHECK(h.game.name() == "Hold'em");
  CHECK(h.structure == Structure::NoLimit);
  CHECK(h.currency == "USD");
  CHECK(h.unit == 100);
  CHECK(h.small_blind == 1);
  CHECK(h.big_blind == 2);
  CHECK(h.started_at_utc == "2021-05-21T07:53:30Z");
  CHECK(h.button_seat == 1);
  CHECK(h.max_seats == 9);
  REQUIRE(h.seats.size() == 9);
  REQUIRE(h.seat_of(7));
  CHECK(h.seat_of(7)->player == "Player7");
  CHECK(h.seat_of(7)->stack == 37);
  CHECK(h.seat_of(1)->stack == 220);
  // "amount" is what the action puts in: Player7 raises 0.06, then 0.31 more all-in (to 0.37).
  const auto raises = events_of(h, EventKind::Raise);
  REQUIRE(raises.size() == 3);
  CHECK((raises[0]->seat == 7 && raises[0]->amount == 6 && raises[0]->to == 6));
  CHECK((raises[1]->seat == 1 && raises[1]->amount == 21 && raises[1]->to == 21));
  CHECK((raises[2]->seat == 7 && raises[2]->amount == 31 && raises[2]->to == 37));
  CHECK(raises[2]->all_in);
  CHECK(raises[2]->line == 187);  // its "action" line
  const auto calls = events_of(h, EventKind::Call);
  REQUIRE(calls.size() == 1);
  CHECK((calls[0]->seat == 1 && calls[0]->amount == 16));
  const auto won = events_of(h, EventKind::Collected);
  REQUIRE(won.size() == 1);
  CHECK((won[0]->seat == 7 && won[0]->amount == 74 && won[0]->pot_index == 0));
  CHECK(h.total_pot == 77);
  CHECK(h.rake == 3);
  REQUIRE(h.reported_pots.size() == 1);
  CHECK(h.reported_pots[0].amount == 74);  // net of its rake
  CHECK(h.reported_pots_net_of_rake);
  CHECK(h.uncalled_style == UncalledStyle::Silent);
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  INFO(test::describe(test::errors_and_warnings(r)));
  CHECK(test::errors_and_warnings(r).empty());
}

TEST_CASE("OHH amounts are read exactly from the numbers' text", "[ohh]") {
  const Hand h = only_hand(read_text(small_hand("0.25", "0.2"), "small.ohh"));
  REQUIRE(h.parsed);
  CHECK(h.issues.empty());
  CHECK(h.seat_of(1)->stack == 123456789);
  CHECK(h.seat_of(2)->stack == 1000);
  const auto raises = events_of(h, EventKind::Raise);
  REQUIRE(raises.size() == 1);
  CHECK(raises[0]->amount == 25);
  CHECK(raises[0]->to == 30);  // the small blind's 0.05 and 0.25 more
  const AuditResult r = audit_hand(h, AuditContext{&test::shipped_house_rules()});
  INFO(test::describe(test::errors_and_warnings(r)));
  CHECK(test::errors_and_warnings(r).empty());
  CHECK(r.has(FindingCode::UncalledBetNotPrinted));  // 0.20 of A's raise nobody called

  // A third decimal is not a cent: an issue, never a rounded amount.
  const Hand bad = only_hand(read_text(small_hand("0.255", "0.2"), "small.ohh"));
  REQUIRE(bad.issues.size() == 1);
  CHECK(bad.issues[0].got == "0.255");
  CHECK(bad.issues[0].line == 11);
  // Not a number at all: the hand is not read.
  const Hand text = only_hand(read_text(small_hand("\"0.25\"", "0.2"), "small.ohh"));
  CHECK_FALSE(text.parsed);
  CHECK_FALSE(text.issues.empty());
}

TEST_CASE("OHH: broken JSON and a missing ohh object are unparsed hands", "[ohh]") {
  const Hand cut = only_hand(read_text("{\n  \"ohh\": {\"game_number\": \"1\"\n", "cut.ohh"));
  CHECK(cut.site == "ohh");
  CHECK_FALSE(cut.parsed);
  CHECK(cut.issues.size() == 1);
  const Hand missing = only_hand(read_text("{\"ohh\": {\"game_number\": \"1\"}}\n", "m.ohh"));
  CHECK_FALSE(missing.parsed);
  // No game_type, no bet_type, no players, rounds or pots.
  REQUIRE(missing.issues.size() == 3);
  CHECK(missing.issues[2].expected == "the required fields players, rounds and pots");
}

TEST_CASE("OHH corpus sweep", "[ohh][corpus]") {
  const fs::path root = test::shared_corpus() / "OHH";
  REQUIRE(fs::is_directory(root));
  long objects = 0;  // counted apart from the reader: one "ohh" key per hand
  for (const auto& de : fs::recursive_directory_iterator(root)) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (std::size_t p = text.find("\"ohh\""); p != std::string::npos;
         p = text.find("\"ohh\"", p + 1))
      ++objects;
  }
  const test::SweepResult r = test::sweep_corpus(root, "ohh/anomalies.tsv");
  CHECK(objects == 75);
  CHECK(r.hands == objects);
  CHECK(r.parsed == objects);
  CHECK(r.sites == std::set<std::string>{"ohh"});
  CHECK(r.warnings.empty());
  test::check_sweep(r, "ohh/anomalies.tsv", /*with_hp=*/false);
}

// Fault hands: testdata/ohh/faults/NAME.txt is faults/originals/NAME.txt (the corpus hand) edited
// on one line; testdata/ohh/README.md lists the edits.
namespace {
void check_fault(const std::string& name, std::vector<test::Expected> findings) {
  test::check_fault({"ohh/faults",
                     name,
                     "ohh",
                     "{",
                     "PokerStars | PokerStars | 226935652098",
                     std::move(findings),
                     {}});
}
}  // namespace

TEST_CASE("OHH fault: a pot amount the bets do not make", "[ohh][faults]") {
  // pots[0].amount 0.77 -> 0.78: the players put in 0.77; rake 0.03 and the win 0.74 stay.
  check_fault("pot_amount", {{FindingCode::TotalPotMismatch, 0, 77, 78},
                             {FindingCode::RakeMismatch, 0, 4, 3},
                             {FindingCode::SidePotMismatch, 0, 74, 75}});
}

TEST_CASE("OHH fault: a win larger than the pot less its rake", "[ohh][faults]") {
  // player_wins[0].win_amount 0.74 -> 0.75: the pot is 0.77 and its rake 0.03.
  check_fault("win_amount", {{FindingCode::RakeMismatch, 0, 2, 3},
                             {FindingCode::ChipsNotConserved, 0, 77, 78},
                             {FindingCode::PayoutMismatch, 0, 74, 75}});
}

// --- writing ---

namespace {

// A JSON Schema's "type", "required", "properties" and "items" (what
// testdata/ohh/ohh-required.schema.json uses), checked on a parsed document; what fails is
// appended to `errors` with its path.
void check_schema(simdjson::dom::element v, simdjson::dom::element schema, const std::string& path,
                  std::vector<std::string>& errors) {
  std::string_view type;
  if (schema["type"].get(type) == simdjson::SUCCESS) {
    bool ok = false;
    if (type == "object")
      ok = v.is_object();
    else if (type == "array")
      ok = v.is_array();
    else if (type == "string")
      ok = v.is_string();
    else if (type == "integer")
      ok = v.is_int64() || v.is_uint64();
    else if (type == "number")
      ok = v.is_number();
    else if (type == "boolean")
      ok = v.is_bool();
    if (!ok) {
      errors.push_back(path + ": not of type " + std::string(type));
      return;
    }
  }
  simdjson::dom::array required;
  if (v.is_object() && schema["required"].get(required) == simdjson::SUCCESS)
    for (simdjson::dom::element key : required) {
      simdjson::dom::element field;
      if (v[std::string_view(key)].get(field) != simdjson::SUCCESS)
        errors.push_back(path + ": no " + std::string(std::string_view(key)));
    }
  simdjson::dom::object properties;
  if (v.is_object() && schema["properties"].get(properties) == simdjson::SUCCESS)
    for (auto [key, sub] : properties) {
      simdjson::dom::element field;
      if (v[key].get(field) == simdjson::SUCCESS)
        check_schema(field, sub, path + "." + std::string(key), errors);
    }
  simdjson::dom::element items;
  if (v.is_array() && schema["items"].get(items) == simdjson::SUCCESS) {
    std::size_t i = 0;
    for (simdjson::dom::element item : simdjson::dom::array(v))
      check_schema(item, items, path + "[" + std::to_string(i++) + "]", errors);
  }
}

class SchemaChecker {
 public:
  SchemaChecker() {
    schema_text_ = test::read_file(test::testdata("ohh/ohh-required.schema.json"));
    REQUIRE(schema_parser_.parse(schema_text_).get(schema_) == simdjson::SUCCESS);
  }
  // What in one hand object's text fails the schema; empty: it passes.
  std::vector<std::string> errors(std::string_view hand) {
    std::vector<std::string> out;
    simdjson::dom::element doc;
    if (parser_.parse(hand.data(), hand.size()).get(doc) != simdjson::SUCCESS) {
      out.push_back("not JSON");
      return out;
    }
    check_schema(doc, schema_, "$", out);
    return out;
  }

 private:
  std::string schema_text_;
  simdjson::dom::parser schema_parser_, parser_;
  simdjson::dom::element schema_;
};

}  // namespace

TEST_CASE(
    "OHH schema: the corpus samples pass but for their own slips, a hand without its pots "
    "fails",
    "[ohh]") {
  SchemaChecker checker;
  long checked = 0;
  std::map<std::string, int> errors;  // what fails, over all samples
  for (const auto& de : fs::recursive_directory_iterator(test::shared_corpus() / "OHH")) {
    if (!de.is_regular_file()) continue;
    const std::string text = decode(test::read_file(de.path())).text;
    for (const Hand& h : read_text(text, de.path().string())) {
      for (const std::string& e : checker.errors(h.raw)) ++errors[e];
      ++checked;
    }
  }
  // PokerTracker's five exports write a preflop round's cards as "" (an array in the spec), and
  // its iPoker export table_size as "6"; the PokerNow log's 70 hands pass.
  CHECK(errors == std::map<std::string, int>{{"$.ohh.rounds[0].cards: not of type array", 5},
                                             {"$.ohh.table_size: not of type integer", 1}});
  CHECK(checked == 75);
  const std::string hand = small_hand("0.25", "0.2");
  const std::size_t pots = hand.find(",\n \"pots\"");
  REQUIRE(pots != std::string::npos);
  const std::string without_pots = hand.substr(0, pots) + "}}";
  CHECK(checker.errors(without_pots) == std::vector<std::string>{"$.ohh: no pots"});
  CHECK(checker.errors(R"({"ohh": {"players": 3}})").size() == 18);  // 17 missing, 1 type
}

TEST_CASE("OHH write: amounts as decimal text, the hand reads back the same", "[ohh]") {
  const Hand h = only_hand(read_text(small_hand("0.25", "0.2"), "small.ohh"));
  const Format::WrittenHand w = ohh_format().write_hand(h);
  REQUIRE(w.written);
  CHECK(w.lost.empty());
  CHECK(w.text.rfind("{\n    \"ohh\": {\n", 0) == 0);
  CHECK(w.text.find("\"starting_stack\": 1234567.89") != std::string::npos);
  CHECK(w.text.find("\"small_blind_amount\": 0.05") != std::string::npos);
  CHECK(w.text.find("\"amount\": 0.25") != std::string::npos);
  // The 0.20 of A's raise nobody called is in no pot: the pot is the blinds' 0.20.
  CHECK(w.text.find("\"amount\": 0.20,\n                \"rake\": 0.00") != std::string::npos);
  CHECK(SchemaChecker().errors(w.text).empty());
  const Hand back = only_hand(read_text(w.text, "back.ohh"));
  REQUIRE(back.parsed);
  CHECK(back.issues.empty());
  CHECK(back.seat_of(1)->stack == 123456789);
  CHECK(events_of(back, EventKind::Raise).at(0)->to == 30);
  CHECK(back.total_pot == 20);
  // Two hands in one file: a blank line between them, and both read back.
  const std::string two = ohh_format().join_written({w.text, w.text});
  CHECK(two == w.text + "\n" + w.text);
  CHECK(read_text(two, "two.ohh").size() == 2);
}

TEST_CASE("OHH write: what OHH cannot hold is refused with the reason", "[ohh]") {
  Hand h = only_hand(read_text(small_hand("0.25", "0.2"), "small.ohh"));
  Hand stud = h;
  stud.game = games::kSevenCardStud;
  Format::WrittenHand w = ohh_format().write_hand(stud);
  CHECK_FALSE(w.written);
  CHECK(w.lost ==
        std::vector<std::string>{"OHH has no bring-in, draw or stud street for 7 Card Stud"});
  Hand twice = h;
  Event second_board;
  second_board.kind = EventKind::Board;
  second_board.street = Street::River;
  second_board.board_index = 1;
  second_board.cards = hh::EventCards::read("2c");
  twice.events.push_back(second_board);
  w = ohh_format().write_hand(twice);
  CHECK_FALSE(w.written);
  CHECK(w.lost == std::vector<std::string>{"a second board (run it twice)"});
  Hand unread = h;
  unread.parsed = false;
  CHECK_FALSE(ohh_format().write_hand(unread).written);
  Hand cancelled = h;
  cancelled.cancelled = true;
  w = ohh_format().write_hand(cancelled);
  CHECK_FALSE(w.written);
  CHECK(w.lost ==
        std::vector<std::string>{"the hand was cancelled (OHH has no flag for a hand called off)"});
  // B all-in by disconnect protection with 9.90 behind: no OHH action says so.
  Hand protected_all_in = h;
  Event dp;
  dp.kind = EventKind::SitsOut;
  dp.street = Street::Preflop;
  dp.seat = 2;
  dp.all_in = true;
  protected_all_in.events.insert(protected_all_in.events.end() - 1, dp);
  w = ohh_format().write_hand(protected_all_in);
  CHECK_FALSE(w.written);
  CHECK(w.lost == std::vector<std::string>{
                      "an all-in with chips behind (disconnect protection): OHH has no action "
                      "for it"});
  // Sitting out without the all-in carries no money: written, the note lost.
  protected_all_in.events[protected_all_in.events.size() - 2].all_in = false;
  w = ohh_format().write_hand(protected_all_in);
  CHECK(w.written);
  CHECK(w.lost == std::vector<std::string>{"sits_out (no OHH action)"});
}

TEST_CASE("OHH keys a hand by site, network and game number: repeated numbers are all audited",
          "[ohh][cli]") {
  // One hand under three identities: the same game number on another site of the network, and
  // on another network.
  const std::string stars = test::load("ohh/holdem_cash_pokerstars.ohh");
  auto named = [&](std::string_view site, std::string_view network) {
    std::string text = stars;
    for (const auto& [key, value] : {std::pair{"site_name", site}, {"network_name", network}}) {
      const std::string from = "\"" + std::string(key) + "\": \"PokerStars\"";
      text.replace(text.find(from), from.size(),
                   "\"" + std::string(key) + "\": \"" + std::string(value) + "\"");
    }
    return text;
  };
  const Hand h = only_hand(read_text(named("Full Tilt", "PokerStars"), "a.ohh"));
  CHECK(h.site_hand_id == "Full Tilt | PokerStars | 226935652098");
  CHECK(ohh::key_parts(h.site_hand_id).site == "Full Tilt");
  CHECK(ohh::key_parts(h.site_hand_id).network == "PokerStars");
  CHECK(ohh::key_parts(h.site_hand_id).number == "226935652098");
  CHECK(ohh::hand_key("", "", "7") == "7");
  CHECK(ohh::key_parts("7").number == "7");
  CHECK(ohh::hand_key("A", "B", "") == "");
  // Written again as OHH, the hand keeps the three parts of its identity.
  const Format::WrittenHand w = ohh_format().write_hand(h);
  REQUIRE(w.written);
  CHECK(w.text.find("\"site_name\": \"Full Tilt\",") != std::string::npos);
  CHECK(w.text.find("\"network_name\": \"PokerStars\",") != std::string::npos);
  CHECK(w.text.find("\"game_number\": \"226935652098\",") != std::string::npos);
  CHECK(only_hand(read_text(w.text, "b.ohh")).site_hand_id == h.site_hand_id);

  const fs::path dir = test::temp_dir("hhaudit-ohh-identity");
  fs::create_directories(dir / "in");
  std::ofstream(dir / "in" / "stars.ohh", std::ios::binary) << stars;
  std::ofstream(dir / "in" / "fulltilt.ohh", std::ios::binary) << named("Full Tilt", "PokerStars");
  std::ofstream(dir / "in" / "ipoker.ohh", std::ios::binary) << named("iPoker", "iPoker Network");
  const test::Run run = test::run(test::bin() + " audit " + test::q(dir / "in") + " --db " +
                                  test::q(dir / "a.db") + " 2>&1");
  INFO(run.out);
  const test::Summary s = test::summary_of(run.out);
  CHECK(s.hands == 3);
  CHECK(s.parsed == 3);
  CHECK(s.conflicts == 0);
  CHECK(s.duplicates == 0);
  fs::remove_all(dir);
}

TEST_CASE("OHH read: site_name names the card room whose house rules judge the hand", "[ohh]") {
  auto named = [](std::string_view site_name) {
    std::string text = small_hand("0.25", "0.2");
    const std::string from = "\"site_name\": \"Test\"";
    text.replace(text.find(from), from.size(), "\"site_name\": \"" + std::string(site_name) + "\"");
    return only_hand(read_text(text, "named.ohh"));
  };
  CHECK(named("PartyPoker").house_rules_site == "partypoker");
  CHECK(named("Bovada").house_rules_site == "bovada");
  CHECK(named("Merge").site == "ohh");
  CHECK(named("Merge").house_rules_site == "merge");
  CHECK(named("Test").house_rules_site.empty());
  CHECK(named("Pacific Poker").house_rules_site.empty());  // not 888poker's name
  CHECK(named("Open Hand History").house_rules_site.empty());
  // Written from a Bovada hand, the room's name comes back.
  Hand bovada = named("Test");
  bovada.site = "bovada";
  const Format::WrittenHand w = ohh_format().write_hand(bovada);
  REQUIRE(w.written);
  const Hand back = only_hand(read_text(w.text, "back.ohh"));
  CHECK(back.house_rules_site == "bovada");
  // And written again from OHH, the room stays.
  CHECK(only_hand(read_text(ohh_format().write_hand(back).text, "again.ohh")).house_rules_site ==
        "bovada");
}

// --- the round trip: every hand of every readable format, read -> OHH -> read back ---

namespace {

// A listed difference: finding CODE gained or lost (or MONEY: seats, contributions, collections
// or pots differ) on the hand at HAND ("path:line" under the corpus), or on any hand ("*").
using Limit = std::tuple<std::string, std::string, std::string>;

// "CODE<TAB>gained|lost|differ<TAB>HAND<TAB>reason" lines of testdata/ohh/roundtrip_limits.tsv.
std::set<Limit> load_limits() {
  std::set<Limit> out;
  std::istringstream in(test::read_file(test::testdata("ohh/roundtrip_limits.tsv")));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto t1 = line.find('\t');
    auto t2 = line.find('\t', t1 + 1);
    auto t3 = line.find('\t', t2 + 1);
    REQUIRE(t3 != std::string::npos);
    REQUIRE(t3 + 1 < line.size());  // every limit states its reason
    out.emplace(line.substr(0, t1), line.substr(t1 + 1, t2 - t1 - 1),
                line.substr(t2 + 1, t3 - t2 - 1));
  }
  return out;
}

// The codes' names: the listed differences (testdata) name them, beside MONEY.
std::multiset<std::string> codes_of(const AuditResult& r) {
  std::multiset<std::string> out;
  for (const Finding& f : r.findings) out.insert(std::string(code_name(f.code)));
  return out;
}

// What differs in seats, contributions, collections and pots ("" when nothing).
std::string money_difference(const Hand& a, const Hand& b, const AuditResult& ra,
                             const AuditResult& rb) {
  if (a.seats.size() != b.seats.size()) return "seats";
  for (std::size_t i = 0; i < a.seats.size(); ++i)
    if (a.seats[i].seat != b.seats[i].seat || a.seats[i].player != b.seats[i].player ||
        a.seats[i].stack != b.seats[i].stack)
      return "seat " + std::to_string(a.seats[i].seat);
  if (ra.players.size() != rb.players.size()) return "players";
  for (std::size_t i = 0; i < ra.players.size(); ++i) {
    const PlayerResult& p = ra.players[i];
    const PlayerResult& q = rb.players[i];
    if (p.seat != q.seat || p.contributed != q.contributed)
      return "contribution of seat " + std::to_string(p.seat);
    if (p.collected != q.collected) return "collection of seat " + std::to_string(p.seat);
  }
  if (ra.pots.size() != rb.pots.size()) return "number of pots";
  for (std::size_t i = 0; i < ra.pots.size(); ++i)
    if (ra.pots[i].amount != rb.pots[i].amount || ra.pots[i].eligible != rb.pots[i].eligible)
      return "pot " + std::to_string(i);
  // Which pots a collection "from the pot" paid is the audit's guess where the site names no
  // pot; elsewhere the winners of each pot must be the same.
  bool named = true;
  for (const Event& e : a.events)
    named = named && !(e.kind == EventKind::Collected && e.pot_index < 0);
  if (named || ra.pots.size() == 1)
    for (std::size_t i = 0; i < ra.pots.size(); ++i) {
      std::vector<int> wa = ra.pots[i].winners, wb = rb.pots[i].winners;
      std::sort(wa.begin(), wa.end());
      std::sort(wb.begin(), wb.end());
      if (wa != wb) return "winners of pot " + std::to_string(i);
    }
  return {};
}

struct SiteCount {
  long hands{0}, written{0};
  long same{0};            // every finding the same
  long same_judgement{0};  // the same errors and warnings (infos say what a format prints)
  long listed{0};          // differences, each listed
};

std::multiset<FindingCode> judgement_codes(const AuditResult& r) {
  std::multiset<FindingCode> out;
  for (const Finding& f : r.findings)
    if (f.severity != Severity::Info) out.insert(f.code);
  return out;
}

}  // namespace

TEST_CASE("OHH round trip of the whole corpus", "[ohh][corpus][roundtrip]") {
  const fs::path root = test::shared_corpus();
  REQUIRE(fs::is_directory(root));
  const auto limits = load_limits();
  std::set<Limit> limits_seen;
  std::map<std::string, SiteCount> sites;
  std::map<std::string, long> not_written;  // why -> hands
  std::vector<std::string> unexpected;
  SchemaChecker schema;
  const AuditContext context{&test::shipped_house_rules()};
  const test::CorpusSlice corpus = test::corpus_slice(root);
  for (const fs::path& file : corpus.files) {
    const std::string rel = fs::relative(file, root).string();
    for (const Hand& h : read_text(decode(test::read_file(file)).text, rel)) {
      if (!h.parsed) continue;
      SiteCount& count = sites[h.site];
      ++count.hands;
      const Format::WrittenHand w = ohh_format().write_hand(h);
      if (!w.written) {
        REQUIRE(w.lost.size() == 1);
        ++not_written[w.lost.front()];
        continue;
      }
      ++count.written;
      const std::string hand_key = rel + ":" + std::to_string(h.source.line);
      const std::string where = hand_key + " #" + h.site_hand_id;
      // A listed difference of this hand or of every hand.
      auto listed = [&](const std::string& code, const std::string& how) {
        for (const std::string& key : {hand_key, std::string("*")})
          if (limits.count({code, how, key})) {
            limits_seen.insert({code, how, key});
            return true;
          }
        return false;
      };
      for (const std::string& e : schema.errors(w.text))
        unexpected.push_back(where + " schema " + e);
      const std::vector<Hand> back = read_text(w.text, "back.ohh");
      if (back.size() != 1 || !back[0].parsed || !back[0].issues.empty()) {
        unexpected.push_back(where + ": the written hand does not read back");
        continue;
      }
      const AuditResult ra = audit_hand(h, context);
      const AuditResult rb = audit_hand(back[0], context);
      if (std::string d = money_difference(h, back[0], ra, rb); !d.empty()) {
        if (listed("MONEY", "differ"))
          ++count.listed;
        else
          unexpected.push_back(where + ": " + d + " differs");
        continue;
      }
      const std::multiset<std::string> a = codes_of(ra), b = codes_of(rb);
      std::vector<std::pair<std::string, std::string>> diffs;  // code, gained or lost
      for (const std::string& c : std::set<std::string>(a.begin(), a.end()))
        if (b.count(c) < a.count(c)) diffs.emplace_back(c, "lost");
      for (const std::string& c : std::set<std::string>(b.begin(), b.end()))
        if (a.count(c) < b.count(c)) diffs.emplace_back(c, "gained");
      bool all_listed = true;
      for (const auto& [code, how] : diffs) {
        if (listed(code, how)) continue;
        all_listed = false;
        unexpected.push_back(where + ": finding " + code + " " + how);
      }
      if (diffs.empty())
        ++count.same;
      else if (all_listed)
        ++count.listed;
      if (judgement_codes(ra) == judgement_codes(rb)) ++count.same_judgement;
    }
  }
  std::string report;
  for (const std::string& u : unexpected) report += u + "\n";
  INFO("round-trip differences not listed in testdata/ohh/roundtrip_limits.tsv:\n" << report);
  CHECK(unexpected.empty());
  if (!corpus.whole) return;  // what follows counts the whole corpus
  for (const auto& l : limits) {
    INFO("listed limit no longer seen: " << std::get<0>(l) << " " << std::get<1>(l) << " "
                                         << std::get<2>(l));
    CHECK(limits_seen.count(l));
  }
  // The share per format (docs/convert.md): hands read, written, with the same errors and
  // warnings after the round trip, with every difference listed.
  std::map<std::string, std::vector<long>> shares;
  for (const auto& [site, c] : sites)
    shares[site] = {c.hands, c.written, c.same_judgement, c.same + c.listed};
  std::string measured;  // as the map below is written, for updating it
  for (const auto& [site, v] : shares)
    measured += "{\"" + site + "\", {" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " +
                std::to_string(v[2]) + ", " + std::to_string(v[3]) + "}},\n";
  INFO("measured:\n" << measured);
  // The table of docs/convert.md is the expectation: a new site is one row there.
  std::map<std::string, std::vector<long>> documented;
  for (const auto& cells :
       test::table_rows("convert.md", "## The round trip (`tests/test_ohh.cpp`, `[roundtrip]`)")) {
    REQUIRE(cells.size() >= 5);
    std::vector<long>& row = documented[test::first_word(cells[0])];
    for (std::size_t i = 1; i <= 4; ++i) {
      const std::string n = test::first_word(cells[i]);
      row.push_back(n == "-" ? 0 : std::stol(n));
    }
  }
  CHECK(shares == documented);
  long refused = 0;
  for (const auto& [why, n] : not_written) refused += n;
  CHECK(refused == 1215);
  CHECK(sites.at("ohh").hands == 75);
  CHECK(sites.at("ohh").same == 75);  // OHH to OHH loses nothing
}

TEST_CASE("hhaudit convert --to ohh|phh: one file per input, refused hands listed, exit codes",
          "[ohh][phh][cli]") {
  using test::q;
  const fs::path dir = test::temp_dir("hhaudit-convert");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  fs::copy_file(test::testdata("ohh/faults/originals/pot_amount.txt"), in / "stars.txt");
  fs::copy_file(test::testdata("stud/stars_7stud.txt"), in / "stud.txt");

  // One hold'em hand: written, read back the same, exit 0.
  test::Run ok = test::run(test::bin() + " convert " + q(in / "stars.txt") + " --to ohh -o " +
                           q(dir / "out") + " 2>" + q(dir / "err1"));
  CHECK(ok.code == 0);
  REQUIRE(fs::exists(dir / "out" / "stars.ohh"));
  const std::string written = test::read_file(dir / "out" / "stars.ohh");
  const Hand back = only_hand(read_text(written, "stars.ohh"));
  CHECK(back.site_hand_id == "PokerStars | PokerStars | 226935652098");
  CHECK(back.total_pot == 77);
  CHECK(test::read_file(dir / "err1") ==
        "1 hands read, 1 written as Open Hand History, 0 not written; 0 files skipped\n");

  // A folder with a stud hand: its file is listed with the line and why, exit 3.
  test::Run partial = test::run(test::bin() + " convert " + q(in) + " --to ohh -o " +
                                q(dir / "out2") + " 2>" + q(dir / "err2"));
  CHECK(partial.code == 3);
  const std::string err = test::read_file(dir / "err2");
  // Once for the file, not once per hand, pointing to the format that writes them.
  CHECK(err.find("stud.txt: 5 hands not written (the first at line 1): OHH has no bring-in, draw "
                 "or stud street for 7 Card Stud (--to phh writes it)\n") != std::string::npos);
  CHECK(err.find("stud.txt:1: not written") == std::string::npos);
  CHECK(fs::exists(dir / "out2" / "stars.ohh"));
  CHECK_FALSE(fs::exists(dir / "out2" / "stud.ohh"));

  // The same folder as PHH (the target found by name): PHH has a variant for stud, so both
  // files are written, as .phhs, and read back with their hands; what a hand loses is counted.
  test::Run phh = test::run(test::bin() + " convert " + q(in) + " --to phh -o " + q(dir / "phh") +
                            " 2>" + q(dir / "err4"));
  CHECK(phh.code == 0);
  CHECK(test::read_file(dir / "err4") ==
        "lost in 1 written hand: the pots as the site printed them\n"
        "6 hands read, 6 written as Poker Hand History, 0 not written; 0 files skipped\n");
  const Hand stars = only_hand(read_text(test::read_file(dir / "phh" / "stars.phhs"), "s.phhs"));
  CHECK(stars.site_hand_id == "PokerStars | PokerStars | 226935652098");
  CHECK(stars.rake == 3);  // the _rake field
  CHECK(test::event(stars, EventKind::Collected, 7).amount == 74);
  const std::vector<Hand> stud = read_text(test::read_file(dir / "phh" / "stud.phhs"), "t.phhs");
  REQUIRE(stud.size() == 5);
  CHECK(stud.front().game == games::kSevenCardStud);

  // A format that cannot be written, a missing path: usage or I/O error, 2.
  CHECK(test::run(test::bin() + " convert " + q(in) + " --to pokerstars 2>/dev/null").code == 2);
  CHECK(test::run(test::bin() + " convert " + q(dir / "nothing") + " --to ohh -o " +
                  q(dir / "out3") + " 2>/dev/null")
            .code == 2);
  fs::remove_all(dir);
}

TEST_CASE("hhaudit convert: a folder's notes, sidecars and blank files hold no hand, as for audit",
          "[ohh][phh][cli]") {
  using test::q;
  const fs::path dir = test::temp_dir("hhaudit-convert-notes");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  fs::copy_file(test::testdata("ohh/faults/originals/pot_amount.txt"), in / "stars.txt");
  std::ofstream(in / "README.md", std::ios::binary) << "# Where these hands come from\n";
  std::ofstream(in / "stars.txt.hp", std::ios::binary)
      << "an fpdb sidecar beside its hand history\n";
  std::ofstream(in / "blank.txt", std::ios::binary) << "\n  \n";
  const auto convert = [&](const std::string& out) {
    return test::run(test::bin() + " convert " + q(in) + " --to ohh -o " + q(dir / out) + " 2>" +
                     q(dir / (out + ".err")));
  };
  test::Run ok = convert("out");
  CHECK(ok.code == 0);
  // Listed as `audit` lists them (not read), and counted apart.
  const std::string none = ": not converted: no hand of a known format\n";
  CHECK(test::read_file(dir / "out.err") ==
        (in / "README.md").string() + none + (in / "blank.txt").string() + none +
            (in / "stars.txt.hp").string() + none +
            "1 hands read, 1 written as Open Hand History, 0 not written; 0 files skipped, 3 "
            "known to hold no hand (notes, sidecars, blank)\n");
  // A file of no known format beside them is still input not converted: exit 3.
  std::ofstream(in / "other.txt", std::ios::binary) << "Some other site's hand #1\n";
  test::Run other = convert("out2");
  CHECK(other.code == 3);
  CHECK(test::read_file(dir / "out2.err")
            .find("other.txt: not converted: no hand of a known format") != std::string::npos);
  fs::remove_all(dir);
}

// Strict reading (docs/sites/ohh.md): a key the standard does not define where play or money can
// be (a misspelt "win_amount", "amount", "starting_stack") is not skipped: the hand is not read,
// and says which key. The standard's free keys ("display", "flags", ...) are skipped.
TEST_CASE("OHH strict: a key not known where money can be is a gap", "[ohh][gaps]") {
  const std::string clean = test::load("ohh/holdem_cash_pokerstars.ohh");
  const std::vector<Hand> ok = read_text(clean, "clean.ohh");
  REQUIRE(ok.size() == 1);
  CHECK(ok[0].parsed);
  CHECK(ok[0].issues.empty());
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{{"\"win_amount\"", "\"zzyzx_amount\""},
                                                        {"\"starting_stack\"", "\"zzyzx_stack\""},
                                                        {"\"amount\"", "\"zzyzx\""},
                                                        {"\"bet_type\"", "\"zzyzx_type\""}}) {
    std::string text = clean;
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    const std::vector<Hand> hands = read_text(text, "strict.ohh");
    INFO(to);
    REQUIRE(hands.size() == 1);
    CHECK_FALSE(hands[0].parsed);
    REQUIRE_FALSE(hands[0].issues.empty());
    CHECK(hands[0].issues[0].got == to.substr(1, to.size() - 2));
  }
}
