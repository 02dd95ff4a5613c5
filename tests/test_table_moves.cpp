// Chips across the tables of a tournament (docs/sessions.md, "Table moves"): a player moved from
// one table to another arrives with the chips they left with. From the rule on hands written here
// (check_table_moves), and on a real move of the corpus (testdata/sessions/README.md) with one
// stack changed, in every order of files and runs.
#include <catch2/catch.hpp>
#include <filesystem>
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

std::string findings_of(const std::vector<SessionFinding>& fs) {
  std::string out;
  for (const SessionFinding& f : fs)
    out += f.finding.code + " " + std::to_string(f.hand_id) + "<-" +
           std::to_string(f.related_hand_id) + " " + f.finding.player + " " +
           std::to_string(*f.finding.expected) + " " + std::to_string(*f.finding.actual) + "\n";
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
  CHECK(check_table_moves({a1, a2, at_b(1400)}).empty());
  // In any order of the hands given.
  CHECK(findings_of(check_table_moves({at_b(1300), a2, a1})) ==
        "STACK_DISCONTINUITY 3<-2 Ann 1400 1300\n");
  CHECK(findings_of(check_table_moves({a1, at_b(3400), a2})) == "CHIPS_ADDED 3<-2 Ann 1400 3400\n");
  const std::vector<SessionFinding> fs = check_table_moves({a1, a2, at_b(1300)});
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].finding.message ==
        "Ann ended hand 2 at table T1 with 1400 and starts hand 3 at table T2 with 1300 (moved "
        "between tables)");
  CHECK(fs[0].finding.seat == 4);
}

TEST_CASE("table moves: what is not a move is not compared", "[sessions][moves]") {
  const SessionHand a1 = hand(1, "T1", 1, {seat(1, "Ann", 1500, 1400)});
  // Tables played at once (Full Tilt's Matrix): Ann at T1, T2, T1 again.
  CHECK(check_table_moves({a1, hand(2, "T2", 2, {seat(1, "Ann", 900, 900)}),
                           hand(3, "T1", 3, {seat(1, "Ann", 1400, 1400)})})
            .empty());
  // Out of the tournament in the earlier hand: a later hand at another table is someone else's
  // business (a re-entry).
  CHECK(check_table_moves({hand(1, "T1", 1, {seat(1, "Ann", 1500, 0, 40)}),
                           hand(2, "T2", 2, {seat(1, "Ann", 1500, 1500)})})
            .empty());
  // Hands missing between: more than 15 minutes apart.
  CHECK(check_table_moves({a1, hand(2, "T2", 17, {seat(1, "Ann", 900, 900)})}).empty());
  // At the same table: the checks between hands' business.
  CHECK(check_table_moves({a1, hand(2, "T1", 2, {seat(1, "Ann", 900, 900)})}).empty());
}

namespace {

// Audits each run of files of testdata/sessions into a new database and returns the findings
// between hands of different tables: "code later<-earlier player expected actual".
std::string moves_found(const std::string& db, const std::vector<std::vector<std::string>>& runs) {
  for (const auto& run : runs) {
    std::string cmd = test::bin() + " audit -q --fail-on none --db " + test::q(db);
    for (const std::string& f : run) {
      cmd += ' ';
      cmd += test::q(test::testdata("sessions/" + f));
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

}  // namespace

TEST_CASE("table moves: a real move of 888poker's, and its fault in every order (SQLite)",
          "[sessions][moves]") {
  const fs::path dir = test::temp_dir("hhaudit-moves");
  moves_in_every_order([&](const std::string& name) { return (dir / (name + ".db")).string(); });
  fs::remove_all(dir);
}

TEST_CASE("table moves: a real move of 888poker's, and its fault in every order (PostgreSQL)",
          "[sessions][moves][postgres]") {
  test::PgServer* server = test::PgServer::get();
  if (!server) return;
  moves_in_every_order(
      [&](const std::string& name) { return server->create_database("moves_" + name); });
}
