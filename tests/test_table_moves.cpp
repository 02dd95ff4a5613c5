// Chips across the tables of a tournament (docs/sessions.md, "Table moves"): a player moved from
// one table to another arrives with the chips they left with. From the rule on hands written here
// (check_table_moves), and on a real move of the corpus (testdata/sessions/README.md) with one
// stack changed, in every order of files and runs.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "audit/table_moves.hpp"
#include "tests/cli_run.hpp"
#include "tests/pg_server.hpp"
#include "tests/test_paths.hpp"

using namespace hh;
namespace fs = std::filesystem;

namespace {

// A hand of table `table` at minute `minute` of 2024-05-01 20:00 UTC with `seats`.
SessionHand hand(std::int64_t id, const std::string& table, int minute,
                 std::vector<SessionSeat> seats) {
  SessionHand h;
  h.hand_id = id;
  h.site_hand_id = std::to_string(id);
  h.table_name = table;
  h.started_at_utc =
      "2024-05-01T20:" + std::string(minute < 10 ? "0" : "") + std::to_string(minute) + ":00Z";
  h.tournament = true;
  h.unit = 1;
  h.seats = std::move(seats);
  return h;
}

SessionSeat seat(int n, const std::string& player, Money start, Money end, int place = 0) {
  SessionSeat s;
  s.seat = n;
  s.player = player;
  s.start_stack = start;
  s.end_stack = end;
  s.finish_place = place;
  return s;
}

// check_table_moves of the stays of `hands`, added in the order given.
std::vector<SessionFinding> moves(std::vector<SessionHand> hands) {
  TableStays stays;
  for (SessionHand& h : hands) stays.add(std::move(h));
  return check_table_moves(stays);
}

std::string findings_of(const std::vector<SessionFinding>& fs) {
  std::string out;
  for (const SessionFinding& f : fs)
    out += std::string(code_name(f.finding.code)) + " " + std::to_string(f.hand_id) + "<-" +
           std::to_string(f.related_hand_id) + " " + f.finding.player + " " +
           to_string(*f.finding.expected) + " " + to_string(*f.finding.actual) + "\n";
  return out;
}

}  // namespace

TEST_CASE("table moves: a moved player arrives with the chips they left with",
          "[sessions][moves]") {
  // Ann leaves table 1 with 1400 after hand 2 and plays hand 3 at table 2.
  const SessionHand a1 = hand(1, "T1", 1, {seat(1, "Ann", 1500, 1450), seat(2, "Bob", 1500, 1550)});
  const SessionHand a2 = hand(2, "T1", 2, {seat(1, "Ann", 1450, 1400), seat(2, "Bob", 1550, 1600)});
  const auto at_b = [&](Money ann) {
    return hand(3, "T2", 3, {seat(4, "Ann", ann, ann), seat(5, "Cy", 1500, 1500)});
  };
  CHECK(moves({a1, a2, at_b(1400)}).empty());
  // In any order of the hands given.
  CHECK(findings_of(moves({at_b(1300), a2, a1})) == "STACK_DISCONTINUITY 3<-2 Ann 1400 1300\n");
  CHECK(findings_of(moves({a1, at_b(3400), a2})) == "CHIPS_ADDED 3<-2 Ann 1400 3400\n");
  const std::vector<SessionFinding> fs = moves({a1, a2, at_b(1300)});
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].finding.message ==
        "Ann ended hand 2 at table T1 with 1400 and starts hand 3 at table T2 with 1300 (moved "
        "between tables)");
  CHECK(fs[0].finding.seat == 4);
}

TEST_CASE("table moves: what is not a move is not compared", "[sessions][moves]") {
  const SessionHand a1 = hand(1, "T1", 1, {seat(1, "Ann", 1500, 1400)});
  // Tables played at once (Full Tilt's Matrix): Ann at T1, T2, T1 again.
  CHECK(moves({a1, hand(2, "T2", 2, {seat(1, "Ann", 900, 900)}),
               hand(3, "T1", 3, {seat(1, "Ann", 1400, 1400)})})
            .empty());
  // Out of the tournament in the earlier hand: a later hand at another table is someone else's
  // business (a re-entry).
  CHECK(moves({hand(1, "T1", 1, {seat(1, "Ann", 1500, 0, 40)}),
               hand(2, "T2", 2, {seat(1, "Ann", 1500, 1500)})})
            .empty());
  // Hands missing between: more than 15 minutes apart.
  CHECK(moves({a1, hand(2, "T2", 17, {seat(1, "Ann", 900, 900)})}).empty());
  // At the same table: the checks between hands' business.
  CHECK(moves({a1, hand(2, "T1", 2, {seat(1, "Ann", 900, 900)})}).empty());
}

TEST_CASE("table moves: a stay's last hand is compared with the next stay's first, no other",
          "[sessions][moves]") {
  // Ann plays hands 1-4 at T1, losing 100 a hand (1500 -> 1100), then hands 5-8 at T2, losing 100
  // a hand from what she arrives with. Every other pair of her hands at T1 and T2 differs.
  const auto stays = [](Money arrives) {
    std::vector<SessionHand> hs;
    for (int i = 0; i < 4; ++i)
      hs.push_back(hand(1 + i, "T1", 1 + i, {seat(1, "Ann", 1500 - 100 * i, 1400 - 100 * i)}));
    for (int i = 0; i < 4; ++i)
      hs.push_back(
          hand(5 + i, "T2", 5 + i, {seat(3, "Ann", arrives - 100 * i, arrives - 100 * (i + 1))}));
    return hs;
  };
  CHECK(moves(stays(1100)).empty());
  CHECK(findings_of(moves(stays(1050))) == "STACK_DISCONTINUITY 5<-4 Ann 1100 1050\n");
  // Added in any order: the stays are the same.
  std::vector<SessionHand> shuffled = stays(1050);
  std::swap(shuffled[3], shuffled[5]);
  std::reverse(shuffled.begin(), shuffled.end());
  CHECK(findings_of(moves(shuffled)) == "STACK_DISCONTINUITY 5<-4 Ann 1100 1050\n");
  // What is kept: the first and the last hand of each stay, without the other seats.
  TableStays kept;
  for (SessionHand& h : shuffled) kept.add(std::move(h));
  REQUIRE(kept.by_player().size() == 1);
  const auto& ann = kept.by_player().at("Ann");
  REQUIRE(ann.size() == 2);
  CHECK(ann.at("T1").first.hand.hand_id == 1);
  CHECK(ann.at("T1").last.hand.hand_id == 4);
  CHECK(ann.at("T1").last.seat.end_stack == 1100);
  CHECK(ann.at("T2").first.hand.hand_id == 5);
  CHECK(ann.at("T2").first.seat.start_stack == 1050);
  CHECK(ann.at("T2").last.hand.hand_id == 8);
  CHECK(ann.at("T2").first.hand.seats.empty());
}

TEST_CASE("table moves: three tables, two moves, the players of a hand each have their stays",
          "[sessions][moves]") {
  // Ann: T1 (hands 1, 2), T2 (3, 4), T3 (5, 6). Bob: T1 (1, 2), T3 (5, 6).
  std::vector<SessionHand> hs = {
      hand(1, "T1", 1, {seat(1, "Ann", 1500, 1450), seat(2, "Bob", 1500, 1550)}),
      hand(2, "T1", 2, {seat(1, "Ann", 1450, 1400), seat(2, "Bob", 1550, 1600)}),
      hand(3, "T2", 3, {seat(4, "Ann", 1400, 1300)}),
      hand(4, "T2", 4, {seat(4, "Ann", 1300, 1200)}),
      hand(5, "T3", 5, {seat(7, "Ann", 1250, 1250), seat(8, "Bob", 1600, 1600)}),
      hand(6, "T3", 6, {seat(7, "Ann", 1250, 1250), seat(8, "Bob", 1500, 1500)}),
  };
  CHECK(findings_of(moves(hs)) == "CHIPS_ADDED 5<-4 Ann 1200 1250\n");
  hs[4].seats[1].start_stack = 1700;
  CHECK(findings_of(moves(hs)) ==
        "CHIPS_ADDED 5<-4 Ann 1200 1250\nCHIPS_ADDED 5<-2 Bob 1600 1700\n");
}

TEST_CASE("table moves: a return to a table and overlapping stays are not moves",
          "[sessions][moves]") {
  // Ann at T1 (hands 1, 2), T2 (3, 4), back at T1 (5): her stay at T1 runs from hand 1 to 5,
  // around the one at T2, whatever the stacks.
  const SessionHand t1_last = hand(5, "T1", 5, {seat(1, "Ann", 700, 700)});
  std::vector<SessionHand> back = {hand(1, "T1", 1, {seat(1, "Ann", 1500, 1400)}),
                                   hand(2, "T1", 2, {seat(1, "Ann", 1400, 1300)}),
                                   hand(3, "T2", 3, {seat(2, "Ann", 900, 800)}),
                                   hand(4, "T2", 4, {seat(2, "Ann", 800, 700)})};
  CHECK(findings_of(moves(back)) == "STACK_DISCONTINUITY 3<-2 Ann 1300 900\n");
  back.push_back(t1_last);
  CHECK(moves(back).empty());
  std::reverse(back.begin(), back.end());
  CHECK(moves(back).empty());
  // Overlapping stays: Ann at T1 in hands 1-3 and at T2 in hands 2-4 (minutes 1-3 and 2-4);
  // Bob's move from T1 (hand 1) to T2 (hand 4) in the same hands is compared.
  const std::vector<SessionHand> overlap = {
      hand(1, "T1", 1, {seat(1, "Ann", 1500, 1400), seat(2, "Bob", 1500, 1450)}),
      hand(12, "T2", 2, {seat(5, "Ann", 900, 900)}), hand(3, "T1", 3, {seat(1, "Ann", 1400, 1300)}),
      hand(14, "T2", 4, {seat(5, "Ann", 900, 900), seat(6, "Bob", 1400, 1400)})};
  CHECK(findings_of(moves(overlap)) == "STACK_DISCONTINUITY 14<-1 Bob 1450 1400\n");
}

TEST_CASE("table moves: of hands played_before finds equal, the first added is first",
          "[sessions][moves]") {
  // Hands 2 and 3 have one number and one time (a hand stored twice under two store ids): a
  // stable sort of the hands as given puts the one given first first, and the one given last
  // last. Ann leaves T1 with 1400 in hand 2 and 1350 in hand 3, and arrives at T2 with 1350.
  SessionHand twice_a = hand(2, "T1", 2, {seat(1, "Ann", 1450, 1400)});
  SessionHand twice_b = hand(3, "T1", 2, {seat(1, "Ann", 1450, 1350)});
  twice_b.site_hand_id = twice_a.site_hand_id;
  const SessionHand one = hand(1, "T1", 1, {seat(1, "Ann", 1500, 1450)});
  const SessionHand at_b = hand(4, "T2", 3, {seat(1, "Ann", 1350, 1350)});
  CHECK(moves({one, twice_a, twice_b, at_b}).empty());
  CHECK(findings_of(moves({one, twice_b, twice_a, at_b})) ==
        "STACK_DISCONTINUITY 4<-2 Ann 1400 1350\n");
  CHECK(findings_of(moves({twice_b, at_b, twice_a, one})) ==
        "STACK_DISCONTINUITY 4<-2 Ann 1400 1350\n");
  // At the start of a stay: Ann arrives at T2 in hand 2 or 3 with 1450 or 1500.
  SessionHand arrive_a = hand(2, "T2", 5, {seat(1, "Ann", 1450, 1450)});
  SessionHand arrive_b = hand(3, "T2", 5, {seat(1, "Ann", 1500, 1500)});
  arrive_b.site_hand_id = arrive_a.site_hand_id;
  const SessionHand leave = hand(1, "T1", 4, {seat(1, "Ann", 1450, 1450)});
  CHECK(moves({leave, arrive_a, arrive_b}).empty());
  CHECK(findings_of(moves({arrive_b, leave, arrive_a})) == "CHIPS_ADDED 3<-1 Ann 1450 1500\n");
}

namespace {

// Audits each run of files (of testdata/sessions, or an absolute path) into a new database and
// returns the findings between hands of different tables: "code later<-earlier player expected
// actual".
std::string moves_found(const std::string& db, const std::vector<std::vector<std::string>>& runs) {
  for (const auto& run : runs) {
    std::string cmd = test::bin() + " audit -q --fail-on none --db " + test::q(db);
    for (const std::string& f : run) {
      cmd += ' ';
      cmd += test::q(fs::path(f).is_absolute() ? fs::path(f) : test::testdata("sessions/" + f));
    }
    REQUIRE(test::run(cmd + " >/dev/null").code == 0);
  }
  std::string cmd = test::bin() + " query --format csv --db " + test::q(db);
  cmd +=
      " \"SELECT f.code, f.site_hand_id, f.related_site_hand_id, f.player, f.expected, f.actual "
      "FROM "
      "v_findings f JOIN hands a ON a.hand_id = f.hand_id JOIN hands b ON b.hand_id = "
      "f.related_hand_id WHERE a.table_name <> b.table_name ORDER BY f.code, f.player\"";
  return test::run(cmd).out;
}

// The real move and its fault in every order; `new_db(name)`: a new database.
void moves_in_every_order(const std::function<std::string(const std::string&)>& new_db) {
  const std::string header = "code,site_hand_id,related_site_hand_id,player,expected,actual\n";
  // MARKURSO's 2,000 more: the starting stack bought again, a note.
  const std::string added = "CHIPS_ADDED,190629581,190629123,MARKURSO,1960,3960\n";
  CHECK(moves_found(new_db("real"), {{"table_move_888_a.txt", "table_move_888_b.txt"}}) ==
        header + added);
  const std::string fault =
      header + added + "STACK_DISCONTINUITY,190629581,190629123,alinastanciu,3050,2950\n";
  CHECK(moves_found(new_db("ab"), {{"table_move_888_a.txt", "table_move_888_b_stack.txt"}}) ==
        fault);
  CHECK(moves_found(new_db("ba"), {{"table_move_888_b_stack.txt", "table_move_888_a.txt"}}) ==
        fault);
  CHECK(moves_found(new_db("a_b"), {{"table_move_888_a.txt"}, {"table_move_888_b_stack.txt"}}) ==
        fault);
  CHECK(moves_found(new_db("b_a"), {{"table_move_888_b_stack.txt"}, {"table_move_888_a.txt"}}) ==
        fault);
}

// The fault with table 54's hand 190629123 (table_move_888_a.txt) stored after 700 copies of it
// numbered below it, at its time: 5,607 seat rows, more than the PostgreSQL store fetches at once
// (4,000), the stays at table 54 ending at the original, read last. `dir`: where to write them.
void moves_after_many_hands(const std::string& db, const fs::path& dir) {
  const std::string original = test::read_file(test::testdata("sessions/table_move_888_a.txt"));
  const std::string number = "190629123";
  std::string copies;
  for (long k = 700; k >= 1; --k) {
    std::string copy = original;
    for (std::size_t at = copy.find(number); at != std::string::npos; at = copy.find(number, at))
      copy.replace(at, number.size(), std::to_string(190629123 - k));
    copies += copy + "\n\n";
  }
  const fs::path file = dir / "table_54_many.txt";
  std::ofstream(file, std::ios::binary) << copies + original;
  CHECK(moves_found(db, {{file.string(), "table_move_888_b_stack.txt"}}) ==
        "code,site_hand_id,related_site_hand_id,player,expected,actual\n"
        "CHIPS_ADDED,190629581,190629123,MARKURSO,1960,3960\n"
        "STACK_DISCONTINUITY,190629581,190629123,alinastanciu,3050,2950\n");
}

}  // namespace

TEST_CASE("table moves: a real move of 888poker's, and its fault in every order (SQLite)",
          "[sessions][moves]") {
  const fs::path dir = test::temp_dir("hhaudit-moves");
  moves_in_every_order([&](const std::string& name) { return (dir / (name + ".db")).string(); });
  moves_after_many_hands((dir / "many.db").string(), dir);
  fs::remove_all(dir);
}

TEST_CASE("table moves: a real move of 888poker's, and its fault in every order (PostgreSQL)",
          "[sessions][moves][postgres]") {
  test::PgServer* server = test::PgServer::get();
  if (!server) return;
  moves_in_every_order(
      [&](const std::string& name) { return server->create_database("moves_" + name); });
  const fs::path dir = test::temp_dir("hhaudit-moves-pg");
  moves_after_many_hands(server->create_database("moves_many"), dir);
  fs::remove_all(dir);
}
