// The PostgreSQL store against a real server (tests/pg_server.hpp): the same calls give the same
// tables as the SQLite store (root causes, money in error and the replay's chips included), and
// the same `summary` and `report --html`; four auditors at once on overlapping inputs give what one
// SQLite run gives; a schema 4 database is migrated; reads are read-only; `--shard` splits inputs.
// Under CI a server that cannot start fails these tests; elsewhere, without PostgreSQL installed,
// they are skipped with a warning.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "audit/house_rules.hpp"
#include "db/postgres/connection.hpp"
#include "db/postgres/postgres_store.hpp"
#include "db/rake_rows.hpp"
#include "db/session_rows.hpp"
#include "db/sqlite/schema.hpp"
#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/cli_run.hpp"
#include "tests/pg_server.hpp"
#include "tests/schema_columns.hpp"
#include "tests/stored_hands.hpp"
#include "tests/test_paths.hpp"
#include "tests/unreadable_inputs.hpp"

namespace fs = std::filesystem;
using hh::db::HandOutcome;
using hh::db::OpenMode;
using hh::db::StoredHand;
using hh::test::file_record;
using hh::test::make_hand;
using hh::test::make_result;
using hh::test::PgServer;
using hh::test::q;

namespace {

// The schema version this build writes, as meta(schema_version) holds it.
const std::string kVersion = std::to_string(hh::db::sqlite::kSchemaVersion);

// Every table and view of the schema as rows of text ("NULL" for NULL), sorted, with files named
// by their digest and hands by their file and offset instead of ids, which differ between stores
// (and between runs of several writers); timestamps left out. Portable SQL: run on both stores.
const std::pair<const char*, const char*> kDump[] = {
    {"files",
     "SELECT path, sha256, bytes, encoding, site, hands, failed, duplicates, conflicts, status, "
     "note, audited_at IS NULL FROM files"},
    {"hands",
     "SELECT f.sha256, h.site, h.site_hand_id, h.byte_offset, h.line, h.table_name, h.game, "
     "h.limit_type, h.currency, h.unit, h.small_blind, h.big_blind, h.ante, h.started_at_utc, "
     "h.seats, h.players_dealt, h.total_pot, h.rake, h.fees, h.status, h.content_sha256, "
     "h.tournament_id, h.button_seat, h.cancelled, h.total_contributed, h.total_collected, "
     "h.parse_issues, h.total_pot_derived, h.rake_derived, h.money_in_error "
     "FROM hands h JOIN files f ON f.file_id = h.file_id"},
    {"hand_players",
     "SELECT f.sha256, h.byte_offset, p.seat, p.player, p.start_stack, p.contributed, "
     "p.collected, p.net FROM hand_players p JOIN hands h ON h.hand_id = p.hand_id "
     "JOIN files f ON f.file_id = h.file_id"},
    {"pots",
     "SELECT f.sha256, h.byte_offset, p.pot_index, p.amount, p.rake, p.reported_amount "
     "FROM pots p JOIN hands h ON h.hand_id = p.hand_id JOIN files f ON f.file_id = h.file_id"},
    {"pot_seats",
     "SELECT f.sha256, h.byte_offset, s.pot_index, s.seat, s.role FROM pot_seats s "
     "JOIN hands h ON h.hand_id = s.hand_id JOIN files f ON f.file_id = h.file_id"},
    // A hand's findings in their order: the rank of discrepancy_id within the hand; its cause
    // (a finding of the same hand) by the cause's rank. Ranked by a window, not by a subquery a
    // row: on PostgreSQL that probed every month's partition for each finding.
    {"discrepancies",
     "WITH r AS (SELECT discrepancy_id, row_number() OVER (PARTITION BY hand_id ORDER BY "
     "discrepancy_id) - 1 AS n FROM discrepancies) "
     "SELECT f.sha256, h.byte_offset, r.n, d.code, d.severity, d.street, d.seat, d.player, "
     "d.expected, d.actual, d.message, d.line, c.n FROM discrepancies d "
     "JOIN r ON r.discrepancy_id = d.discrepancy_id LEFT JOIN r c ON c.discrepancy_id = "
     "d.cause_id JOIN hands h ON h.hand_id = d.hand_id JOIN files f ON f.file_id = h.file_id"},
    {"hand_event_log",
     "SELECT f.sha256, h.byte_offset, CAST(l.events AS TEXT), CAST(l.chips AS TEXT) "
     "FROM hand_event_log l "
     "JOIN hands h ON h.hand_id = l.hand_id JOIN files f ON f.file_id = h.file_id"},
    {"hand_conflicts",
     "SELECT c.site, c.site_hand_id, ef.sha256, e.byte_offset, nf.sha256, c.byte_offset, c.line, "
     "c.content_sha256 FROM hand_conflicts c JOIN hands e ON e.hand_id = c.existing_hand_id "
     "JOIN files ef ON ef.file_id = e.file_id JOIN files nf ON nf.file_id = c.file_id"},
    {"meta", "SELECT key, value FROM meta"},
    // The signals across hands (their scores are doubles, printed differently by each server).
    {"integrity_signals",
     "SELECT kind, site, player_a, player_b, statistic, amount, currency, hands FROM "
     "integrity_signals"},
    // The kept all-in equities (their doubles left out, as the signals' scores).
    {"allin_equities",
     "SELECT h.site, h.site_hand_id, a.share, a.reading, a.sampled, a.boards, a.player FROM "
     "allin_equities a JOIN hands h ON h.hand_id = a.hand_id"},
    {"v_pots",
     "SELECT f.sha256, h.byte_offset, v.pot_index, v.amount, v.rake, v.eligible, v.winners, "
     "v.reported_amount FROM v_pots v JOIN hands h ON h.hand_id = v.hand_id "
     "JOIN files f ON f.file_id = h.file_id"},
    {"hand_events",
     "SELECT f.sha256, h.byte_offset, e.seq, e.street, e.seat, e.kind, e.amount, e.to_amount, "
     "e.all_in, e.cards, e.board, e.line, e.stack_after, e.pot_after FROM hand_events e JOIN "
     "hands h ON "
     "h.hand_id = e.hand_id JOIN files f ON f.file_id = h.file_id"},
    {"v_findings",
     "SELECT v.path, v.line, v.site, v.site_hand_id, v.code, v.severity, v.street, v.seat, "
     "v.player, v.expected, v.actual, v.difference, v.unit, v.currency, v.message, c.code FROM "
     "v_findings v LEFT JOIN discrepancies c ON c.discrepancy_id = v.cause_id"},
    {"v_code_counts", "SELECT code, severity, count, hands FROM v_code_counts"},
    {"v_file_summary",
     "SELECT path, site, status, hands, failed, duplicates, conflicts, hands_stored, hands_ok, "
     "hands_with_findings, hands_unparsed FROM v_file_summary"},
    {"v_conflicts",
     "SELECT site, site_hand_id, existing_path, existing_line, existing_sha256, new_path, "
     "new_line, new_sha256 FROM v_conflicts"},
    {"players",
     "SELECT player, site, currency, unit, hands, net, hands_named_in_errors FROM players"},
};

using Rows = std::vector<std::vector<std::string>>;
using Dump = std::map<std::string, Rows>;

Dump dump(const std::string& db) {
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  Dump out;
  for (const auto& [table, sql] : kDump) {
    const auto results = store->query(sql);
    REQUIRE(results.size() == 1);
    Rows& rows = out[table];
    for (const auto& row : results.front().rows) {
      std::vector<std::string> cells;
      for (const auto& c : row) cells.push_back(c ? *c : "NULL");
      rows.push_back(std::move(cells));
    }
    std::sort(rows.begin(), rows.end());
  }
  return out;
}

// The rows of sorted `a` not in sorted `b`, at most `limit` of them, a line each.
std::string rows_missing(const Rows& a, const Rows& b, std::size_t limit = 20) {
  Rows only;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only));
  std::string out;
  for (std::size_t i = 0; i < only.size() && i < limit; ++i) {
    for (const std::string& cell : only[i]) out += cell + " | ";
    out += "\n";
  }
  if (only.size() > limit) out += "... " + std::to_string(only.size() - limit) + " more\n";
  return out;
}

// Compared table by table, so that a difference names its table and shows only the rows that
// differ (a table printed whole is unreadable, and took CI's log).
void require_same(const Dump& a, const Dump& b) {
  for (const auto& [table, sql] : kDump) {
    const Rows& x = a.at(table);
    const Rows& y = b.at(table);
    if (x == y) continue;
    FAIL_CHECK("table " << table << ": " << x.size() << " rows against " << y.size()
                        << "\nonly in the first:\n"
                        << rows_missing(x, y) << "only in the second:\n"
                        << rows_missing(y, x));
  }
}

std::size_t total_rows(const Dump& d) {
  std::size_t n = 0;
  for (const auto& [table, rows] : d) n += rows.size();
  return n;
}

// Small slices of the corpus, each of a format hhaudit reads (and one it only recognises), no
// hand in two files: so that which writer stores a hand cannot change which file it belongs to.
std::vector<std::string> corpus_slices() {
  const fs::path corpus = hh::test::shared_corpus();
  REQUIRE(fs::is_directory(corpus));  // a missing corpus fails, it does not skip
  std::vector<std::string> out;
  for (const char* slice : {"GGPoker/cash", "KingsClub/cash", "PartyPoker/tour", "Stars/fixtures",
                            "Winamax/tour", "iPoker/fixtures", "Unibet/cash", "Bovada/fixtures"}) {
    REQUIRE(fs::is_directory(corpus / slice));
    out.push_back((corpus / slice).string());
  }
  return out;
}

std::string audit_command(const std::string& db, const std::vector<std::string>& paths,
                          const std::string& extra = "") {
  // Built by appending: GCC 12 warns falsely on " " + std::string (tests/cli_run.hpp).
  std::string cmd = hh::test::bin();
  cmd += " audit -q -j 1 --fail-on none ";
  cmd += extra;
  cmd += " --db ";
  cmd += q(db);
  for (const std::string& p : paths) {
    cmd += ' ';
    cmd += q(p);
  }
  return cmd;
}

// An HTML report (`hhaudit report --html`) in the parts that must agree between two stores:
// `figures`, all but the replayed hands, with the database's name taken out; `hands`, each
// replayed hand with hhaudit's ids taken out (hand_id, a finding's and its cause's id: PostgreSQL
// numbers a batch's hands in the order of their numbers, SQLite in the file's), sorted (hands
// with the same money in error come in hand_id order).
struct ReportParts {
  std::string figures;
  std::vector<std::string> hands;
};

ReportParts report_parts(std::string html, const std::string& db) {
  for (std::size_t at; (at = html.find(db)) != std::string::npos;)
    html.replace(at, db.size(), "DB");
  ReportParts out;
  const std::string open = "<article class=\"hand\"", close = "</article>\n";
  const std::size_t first = html.find(open);
  if (first == std::string::npos) return {html, {}};
  std::size_t at = first;
  while (at != std::string::npos && html.compare(at, open.size(), open) == 0) {
    const std::size_t end = html.find(close, at);
    REQUIRE(end != std::string::npos);
    std::string hand = html.substr(at, end + close.size() - at);
    const std::pair<const char*, const char*> ids[] = {
        {R"re(id="hand-\d+")re", R"re(id="hand-")re"},
        {R"re(\(hand_id \d+\))re", "(hand_id)"},
        {R"re(follows from #\d+)re", "follows from #"},
        {R"re(<tr class="(error|warning|info)"><td class="n">\d+</td>)re",
         R"re(<tr class="$1"><td class="n"></td>)re"}};
    for (const auto& [id, blank] : ids) hand = std::regex_replace(hand, std::regex(id), blank);
    out.hands.push_back(std::move(hand));
    at = end + close.size();
  }
  out.figures = html.substr(0, first) + html.substr(at);
  std::sort(out.hands.begin(), out.hands.end());
  return out;
}

long hands_with_findings_count(const std::string& db) {
  return hh::db::open_store(db, OpenMode::ReadOnly)->hands_with_findings({}, 0).count;
}

// Gives a database of this build schema 5's hands and discrepancies, with their rows: plain
// tables (not partitioned, no play_month) with schema 5's keys, identities, foreign keys and
// indexes under the names the server gave them.
void to_schema_5_tables(hh::db::postgres::Connection& c) {
  c.exec(
      "DROP VIEW v_findings, v_code_counts, v_conflicts, v_file_summary, players;"
      "CREATE TABLE h5 AS SELECT hand_id, site, site_hand_id, file_id, byte_offset, line, "
      "table_name, game, limit_type, currency, unit, small_blind, big_blind, ante, "
      "started_at_utc, seats, players_dealt, total_pot, rake, fees, status, content_sha256, "
      "tournament_id, button_seat, cancelled, total_contributed, total_collected, parse_issues, "
      "total_pot_derived, rake_derived, money_in_error FROM hands;"
      "CREATE TABLE d5 AS SELECT discrepancy_id, hand_id, code, severity, street, seat, player, "
      "expected, actual, message, line, cause_id FROM discrepancies;"
      "DROP TABLE discrepancies, hands;"
      "ALTER TABLE h5 RENAME TO hands; ALTER TABLE d5 RENAME TO discrepancies;"
      "ALTER TABLE hands ADD PRIMARY KEY (hand_id), ADD UNIQUE (site, site_hand_id), "
      "ALTER COLUMN hand_id ADD GENERATED BY DEFAULT AS IDENTITY;"
      "SELECT setval(pg_get_serial_sequence('hands', 'hand_id'), max(hand_id)) FROM hands;"
      "ALTER TABLE discrepancies ADD PRIMARY KEY (discrepancy_id), "
      "ALTER COLUMN discrepancy_id ADD GENERATED BY DEFAULT AS IDENTITY, "
      "ADD FOREIGN KEY (hand_id) REFERENCES hands(hand_id) ON DELETE CASCADE, "
      "ADD FOREIGN KEY (cause_id) REFERENCES discrepancies(discrepancy_id);"
      "SELECT setval(pg_get_serial_sequence('discrepancies', 'discrepancy_id'), "
      "max(discrepancy_id)) FROM discrepancies;"
      "ALTER TABLE hand_players ADD FOREIGN KEY (hand_id) REFERENCES hands(hand_id);"
      "ALTER TABLE pots ADD FOREIGN KEY (hand_id) REFERENCES hands(hand_id);"
      "ALTER TABLE hand_event_log ADD FOREIGN KEY (hand_id) REFERENCES hands(hand_id);"
      "ALTER TABLE hand_conflicts ADD FOREIGN KEY (existing_hand_id) REFERENCES hands(hand_id);"
      "CREATE UNIQUE INDEX idx_hands_unidentified ON hands(site, content_sha256) "
      "WHERE site_hand_id IS NULL;"
      "CREATE INDEX idx_hands_file ON hands(file_id);"
      "CREATE INDEX idx_hands_content ON hands(content_sha256);"
      "CREATE INDEX idx_discrepancies_code ON discrepancies(code);"
      "CREATE INDEX idx_discrepancies_hand ON discrepancies(hand_id);"
      "CREATE INDEX idx_discrepancies_cause ON discrepancies(cause_id);"
      "ALTER TABLE hand_players DROP COLUMN sitting_out, DROP COLUMN stack_unknown, "
      "DROP COLUMN posted_small_blind, DROP COLUMN posted_big_blind, DROP COLUMN posted_owed;"
      "DROP FUNCTION hh_create_partitions(date), hh_partition_of(date), hh_play_month(text);");
}

// The first cell of the one row `sql` gives ("NULL" for NULL).
std::string first_cell(hh::db::Store& store, const std::string& sql) {
  const auto r = store.query(sql);
  REQUIRE(r.size() == 1);
  REQUIRE(r[0].rows.size() == 1);
  return r[0].rows[0].at(0).value_or("NULL");
}

// The store-level scenario both stores are put through, with the outcome of every hand.
std::vector<HandOutcome> scenario(const std::string& db) {
  std::vector<HandOutcome> got;
  const auto add_all = [&](hh::db::Store& s, std::int64_t file,
                           const std::vector<std::pair<hh::Hand, hh::AuditResult>>& hands) {
    std::vector<std::string> digests;
    std::vector<hh::AuditResult> results;
    for (const auto& [h, r] : hands) {
      digests.push_back(hh::sha256_hex(h.raw));
      results.push_back(hh::test::stored_reading(h, r));
    }
    std::vector<StoredHand> stored;
    for (std::size_t i = 0; i < hands.size(); ++i)
      stored.push_back({hands[i].first, results[i], digests[i]});
    for (const HandOutcome o : s.add_hands(file, stored)) got.push_back(o);
  };
  const auto at = [](hh::Hand h, std::uint64_t offset, std::uint32_t line) {
    h.source.byte_offset = offset;
    h.source.line = line;
    return h;
  };
  hh::Hand unread;  // nothing could be read: no number, findings only
  unread.raw = "???? garbage";
  unread.unit = 1;
  hh::AuditResult parse_error;
  parse_error.findings.push_back({});
  parse_error.findings.back().code = hh::FindingCode::ParseError;
  parse_error.findings.back().severity = hh::Severity::Error;
  parse_error.findings.back().message = "cannot read";
  // A hand whose warning follows from an error found after it (its cause_id is known only once
  // both rows have ids), with money in error and the replay's chips: a blind with the stack after
  // it, a chat line (no entry), a blind whose stack the site did not print.
  hh::Hand linked = make_hand("101", "second");
  const auto event = [](hh::EventKind kind, int seat, hh::Money amount, std::uint32_t line) {
    hh::Event e;
    e.kind = kind;
    e.street = hh::Street::Setup;
    e.seat = seat;
    e.amount = amount;
    e.line = line;
    return e;
  };
  linked.events = {event(hh::EventKind::PostSmallBlind, 1, 5, 21),
                   event(hh::EventKind::Chat, 1, 0, 22),
                   event(hh::EventKind::PostBigBlind, 2, 10, 23)};
  hh::AuditResult linked_result = make_result();
  linked_result.findings.push_back({});
  linked_result.findings.back().code = hh::FindingCode::WrongWinner;
  linked_result.findings.back().severity = hh::Severity::Error;
  linked_result.findings.back().expected = 0;
  linked_result.findings.back().actual = 204;
  linked_result.findings.back().message = "Bob won with the worse hand";
  linked_result.findings.front().cause = 2;
  linked_result.money_in_error = 204;
  linked_result.chips_after = {hh::ChipsAfter{995, 5}, std::nullopt, hh::ChipsAfter{{}, 15}};
  {
    auto w = hh::db::open_store(db, OpenMode::Write);
    w->set_meta("house_rules", "# none");
    bool already = true;
    const auto a = w->begin_file(file_record("a.txt", "A"), already);
    REQUIRE_FALSE(already);
    add_all(*w, a,
            {{at(make_hand("100", "original"), 0, 1), make_result()},
             {at(linked, 100, 20), linked_result},
             {at(unread, 200, 40), parse_error},
             // The same number twice in one batch: the first is kept.
             {at(make_hand("102", "twice"), 300, 60), make_result()},
             {at(make_hand("102", "twice"), 400, 80), make_result()}});
    w->finish_file(a, 5, 1);
    const auto b = w->begin_file(file_record("b.txt", "B"), already);
    REQUIRE_FALSE(already);
    hh::Hand edited = at(make_hand("100", "edited"), 50, 3);
    edited.table_name = "Changed";
    // The same number with another time, in another month: a conflict, not a second hand (on
    // PostgreSQL the month is the partition: hand_keys holds the number across months).
    hh::Hand retimed = at(make_hand("100", "retimed"), 70, 5);
    retimed.started_at_utc = "2024-03-09T10:00:00Z";
    add_all(*w, b,
            {{at(make_hand("101", "second"), 0, 1), make_result()},
             {edited, hh::AuditResult{}},
             {retimed, make_result()},
             {at(unread, 90, 9), parse_error}});
    w->finish_file(b, 4, 1);
    w->begin_file(file_record("a.txt", "A"), already);
    CHECK(already);
    w->record_unread_file({file_record("notes.txt", "N"), hh::db::UnreadReason::NoHands, "none"});
    // Files that could not be read: known by their path, the latest reason kept; c.txt, begun
    // below, loses its unreadable row.
    const auto unreadable = [&](const char* path, std::uint64_t bytes, const char* note) {
      w->record_unread_file({{path, "", bytes, "", ""}, hh::db::UnreadReason::Unreadable, note});
    };
    unreadable("gone.txt", 0, "open failed (Permission denied); expected a readable regular file");
    unreadable("gone.txt", 12,
               "read failed (Input/output error); expected a readable regular file");
    unreadable("c.txt", 0,
               "open failed (No such file or directory); expected a readable regular file");
    // c.txt: begun, a hand and a conflict stored, never finished (an interrupted run).
    const auto c = w->begin_file(file_record("c.txt", "C"), already);
    hh::Hand again = at(make_hand("100", "third text"), 10, 2);
    add_all(*w, c, {{at(make_hand("103", "new"), 0, 1), make_result()}, {again, make_result()}});
  }
  {
    // The rerun of c.txt: its stored hand is a duplicate now, its conflict is not recorded twice.
    auto w = hh::db::open_store(db, OpenMode::Write);
    bool already = true;
    const auto c = w->begin_file(file_record("c.txt", "C"), already);
    REQUIRE_FALSE(already);
    hh::Hand again = at(make_hand("100", "third text"), 10, 2);
    add_all(*w, c, {{at(make_hand("103", "new"), 0, 1), make_result()}, {again, make_result()}});
    w->finish_file(c, 2, 0);
    w->commit();
  }
  return got;
}

}  // namespace

TEST_CASE("postgres: the store's calls give the SQLite store's tables and outcomes", "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("store_calls");
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-calls");
  const std::string lite = (dir / "a.db").string();
  using O = HandOutcome;
  const std::vector<HandOutcome> expected = {O::Inserted,  O::Inserted,  O::Inserted,
                                             O::Inserted,  O::Duplicate,  // a.txt
                                             O::Duplicate, O::Conflict,  O::Conflict,
                                             O::Duplicate,                // b.txt
                                             O::Inserted,  O::Conflict,   // c.txt, interrupted
                                             O::Duplicate, O::Conflict};  // c.txt again
  CHECK(scenario(lite) == expected);
  CHECK(scenario(pg) == expected);
  const Dump a = dump(lite), b = dump(pg);
  require_same(a, b);
  CHECK(a.at("hands").size() == 5);
  CHECK(a.at("hand_conflicts").size() == 3);
  // The linked hand's schema-5 columns, written by both (require_same: identically).
  const std::string a_sha = hh::sha256_hex("A");
  CHECK(a.at("hand_event_log") ==
        Rows{{a_sha, "0", "[]", "NULL"},
             {a_sha, "100",
              R"([["setup","small_blind",1,5,null,21],["setup","big_blind",2,10,null,23]])",
              "[[995,5],[null,15]]"},
             {a_sha, "300", "[]", "NULL"},
             {hh::sha256_hex("C"), "0", "[]", "NULL"}});
  const auto column = [](const Rows& rows, std::size_t at) {
    std::vector<std::string> out;
    for (const auto& row : rows) out.push_back(row.at(at));
    return out;
  };
  // hands: money_in_error (the last column) by file and offset.
  CHECK(column(a.at("hands"), 29) == std::vector<std::string>{"0", "204", "0", "0", "0"});
  // discrepancies: each finding's rank in its hand and its cause's.
  CHECK(a.at("discrepancies").size() == 10);
  for (const auto& row : a.at("discrepancies")) {
    INFO(row.at(3));
    CHECK(row.back() == (row.at(1) == "100" && row.at(3) == "PAYOUT_MISMATCH" ? "2" : "NULL"));
  }
  // hand_events: stack_after and pot_after, the chat line left out as in events.
  CHECK(column(a.at("hand_events"), 12) == std::vector<std::string>{"995", "NULL"});
  CHECK(column(a.at("hand_events"), 13) == std::vector<std::string>{"5", "15"});
  CHECK(a.at("files") == Rows{{"a.txt", hh::sha256_hex("A"), "1", "utf-8", "pokerstars", "5", "1",
                               "1", "0", "audited", "NULL", "0"},
                              {"b.txt", hh::sha256_hex("B"), "1", "utf-8", "pokerstars", "4", "1",
                               "2", "2", "audited", "NULL", "0"},
                              {"c.txt", hh::sha256_hex("C"), "1", "utf-8", "pokerstars", "2", "0",
                               "1", "1", "audited", "NULL", "0"},
                              {"gone.txt", "NULL", "12", "NULL", "NULL", "NULL", "NULL", "NULL",
                               "NULL", "unreadable",
                               "read failed (Input/output error); expected a readable regular "
                               "file",
                               "1"},
                              {"notes.txt", hh::sha256_hex("N"), "1", "utf-8", "pokerstars", "NULL",
                               "NULL", "NULL", "NULL", "no-hands", "none", "1"}});
  // The reads of the commands give the same answers.
  auto rl = hh::db::open_store(lite, OpenMode::ReadOnly);
  auto rp = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto tl = rl->totals({}), tp = rp->totals({});
  CHECK(tp.files_audited == 3);
  CHECK(tp.files_interrupted == 0);
  CHECK(tp.files_without_hands == 1);
  CHECK(tp.files_unreadable == 1);
  CHECK(tl.files_unreadable == 1);
  CHECK(tp.hands == 5);
  CHECK(tp.unparsed == 1);
  // The linked one: the unread hand's PARSE_ERROR blames hhaudit, not the site.
  CHECK(tp.hands_with_errors == 1);
  CHECK(tl.files_audited == tp.files_audited);
  CHECK(tl.hands == tp.hands);
  CHECK(tl.hands_with_errors == tp.hands_with_errors);
  REQUIRE(tl.codes.size() == tp.codes.size());
  for (std::size_t i = 0; i < tl.codes.size(); ++i) {
    CHECK(tl.codes[i].code == tp.codes[i].code);
    CHECK(tl.codes[i].rows == tp.codes[i].rows);
    CHECK(tl.codes[i].hands == tp.codes[i].hands);
  }
  CHECK(rl->sites() == rp->sites());
  const auto bl = rl->breakdowns({}), bp = rp->breakdowns({});
  REQUIRE(bl.size() == bp.size());
  for (std::size_t i = 0; i < bl.size(); ++i) {
    INFO(bl[i].first);
    CHECK(bl[i].second.columns == bp[i].second.columns);
    CHECK(bl[i].second.rows == bp[i].second.rows);
    CHECK(bl[i].second.types == bp[i].second.types);
  }
  for (const char* key : {"100", "101"}) {
    INFO(key);
    const auto fl = rl->find_hands(key, ""), fp = rp->find_hands(key, "");
    REQUIRE(fl.size() == 1);
    REQUIRE(fp.size() == 1);
    CHECK(fp[0].path == "a.txt");
    const auto el = rl->explain_hand(fl[0].hand_id), ep = rp->explain_hand(fp[0].hand_id);
    REQUIRE(el);
    REQUIRE(ep);
    REQUIRE(el->size() == ep->size());
    for (std::size_t i = 0; i < el->size(); ++i) {
      INFO((*el)[i].first);
      CHECK((*el)[i].second.columns == (*ep)[i].second.columns);
      CHECK((*el)[i].second.types == (*ep)[i].second.types);
      // Ids differ between the stores (hand_id, a finding's id and its cause's): not compared.
      if (i > 0 && (*el)[i].first != "findings")
        CHECK((*el)[i].second.rows == (*ep)[i].second.rows);
    }
  }
  // The findings of the linked hand: the warning follows from the error stored after it.
  const auto fp = rp->find_hands("101", "");
  const auto findings = rp->explain_hand(fp.at(0).hand_id)->back().second;
  REQUIRE(findings.rows.size() == 3);
  CHECK(findings.columns.at(10) == "follows_from");
  CHECK(findings.rows[0].at(10) == findings.rows[2].at(0));
  CHECK(findings.rows[0].at(11) == "WRONG_WINNER");
  CHECK_FALSE(findings.rows[1].at(10));
  CHECK_FALSE(findings.rows[2].at(10));
  CHECK_FALSE(rp->explain_hand(999999));
  fs::remove_all(dir);
}

TEST_CASE("postgres: the corpus audited into SQLite and into PostgreSQL gives the same tables",
          "[postgres][corpus]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::vector<std::string> slices = corpus_slices();
  const std::string pg = server->create_database("corpus_one");
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-corpus");
  const std::string lite = (dir / "a.db").string();
  const auto l = hh::test::run(audit_command(lite, slices));
  const auto p = hh::test::run(audit_command(pg, slices));
  REQUIRE(l.code == 0);
  REQUIRE(p.code == 0);
  // The same run summary, but for the database's name.
  const hh::test::Summary sl = hh::test::summary_of(l.out), sp = hh::test::summary_of(p.out);
  CHECK(sp.files == sl.files);
  CHECK(sp.hands == sl.hands);
  CHECK(sp.unparsed == sl.unparsed);
  CHECK(sp.duplicates == sl.duplicates);
  CHECK(sp.conflicts == sl.conflicts);
  CHECK(sp.unsupported == sl.unsupported);
  CHECK(sl.hands > 300);
  const Dump a = dump(lite), b = dump(pg);
  require_same(a, b);
  CHECK(a.at("hands").size() > 300);
  CHECK(a.at("discrepancies").size() > 0);
  CHECK(a.at("allin_equities").size() > 100);  // kept by each run's signals, the same rows
  // A second run adds nothing: every file is already audited.
  const auto again = hh::test::run(audit_command(pg, slices));
  CHECK(hh::test::summary_of(again.out).already == sp.files);
  require_same(a, dump(pg));
  // The checks between hands on four connections at once (checkers_beside), not two: the same.
  const std::string four = server->create_database("corpus_four");
  std::string four_jobs = audit_command(four, slices);
  four_jobs.replace(four_jobs.find(" -j 1 "), 6, " -j 4 ");
  REQUIRE(hh::test::run(four_jobs).code == 0);
  require_same(a, dump(four));
  // The commands that read give the same output from both; one player's summary too (its SQL
  // runs through each store's query(): the player most findings name).
  const std::string named =
      hh::test::run(hh::test::bin() + " query --db " + q(lite) +
                    " --format csv \"SELECT player FROM discrepancies WHERE player IS NOT NULL "
                    "AND player NOT LIKE '%''%' GROUP BY player ORDER BY count(*) DESC, player "
                    "LIMIT 1\"")
          .out;
  const std::string player =
      named.substr(named.find('\n') + 1, named.size() - named.find('\n') - 2);
  CHECK_FALSE(player.empty());
  for (const std::string& cmd :
       {std::string(" summary --db "), " summary --player " + q(player) + " --db ",
        std::string(" rake-profile --site ggpoker --db ")}) {
    INFO(cmd);
    const auto rl = hh::test::run(hh::test::bin() + cmd + q(lite));
    const auto rp = hh::test::run(hh::test::bin() + cmd + q(pg));
    CHECK(rl.code == rp.code);
    std::string out = rp.out;
    // rake-profile names the database it read.
    for (std::size_t at; (at = out.find(pg)) != std::string::npos;)
      out.replace(at, pg.size(), lite);
    CHECK(out == rl.out);
  }
  // The HTML report: the same figures, charts and replayed hands from both.
  const fs::path html_lite = dir / "lite.html", html_pg = dir / "pg.html";
  const auto report_l = hh::test::run(hh::test::bin() + " report --html " + q(html_lite) +
                                      " --db " + q(lite) + " 2>&1");
  const auto report_p =
      hh::test::run(hh::test::bin() + " report --html " + q(html_pg) + " --db " + q(pg) + " 2>&1");
  REQUIRE(report_l.code == 0);
  REQUIRE(report_p.code == 0);
  const ReportParts parts_l = report_parts(hh::test::read_file(html_lite), lite);
  const ReportParts parts_p = report_parts(hh::test::read_file(html_pg), pg);
  CHECK(parts_p.figures == parts_l.figures);
  CHECK(parts_p.hands == parts_l.hands);
  const long replayed = hands_with_findings_count(lite);
  CHECK(replayed > 0);
  CHECK(parts_p.hands.size() == static_cast<std::size_t>(replayed));
  // Some replayed finding follows from another (cause_id), and money is in error.
  CHECK(std::any_of(parts_p.hands.begin(), parts_p.hands.end(), [](const std::string& h) {
    return h.find("follows from #") != std::string::npos;
  }));
  CHECK(parts_p.figures.find("<h3>money") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("postgres: a table's findings between hands, several COPYs of them, as in SQLite",
          "[postgres][sessions]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("long_table");
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-long-table");
  const std::string lite = (dir / "a.db").string();
  // More findings than one COPY holds (4,096): each run writes three, the second run's replace
  // the first's.
  constexpr int kHands = 9000;
  const auto in_pg = hh::test::long_table_scenario(pg, kHands);
  const auto in_lite = hh::test::long_table_scenario(lite, kHands);
  REQUIRE(in_pg.size() == 2);
  for (std::size_t run = 0; run < 2; ++run) {
    REQUIRE(in_pg[run].size() == kHands - 1);
    REQUIRE(in_lite[run].size() == kHands - 1);
    // In the same order (the stores number hands differently: the messages name them).
    for (std::size_t i = 0; i < in_pg[run].size(); ++i) {
      REQUIRE(in_pg[run][i].finding.code == in_lite[run][i].finding.code);
      REQUIRE(in_pg[run][i].finding.message == in_lite[run][i].finding.message);
    }
  }
  const Dump a = dump(lite), b = dump(pg);
  // Counted first: a table this long printed whole by a failed comparison takes an hour.
  REQUIRE(a.at("discrepancies").size() == kHands - 1);
  REQUIRE(b.at("discrepancies").size() == kHands - 1);
  require_same(a, b);
  fs::remove_all(dir);
}

// Two writers and one path, one knowing the file's digest, the other reading it once (its size
// was new when its run began; the digest comes at its end): one row, one writer audits it. CI saw
// four auditors both audit a file so, under two rows merged at the end, the row keeping the
// second writer's duplicates.
TEST_CASE("postgres: a file read once by one writer and registered by digest by another is one row",
          "[postgres][files]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("read_once_twice");
  auto by_digest = hh::db::open_store(pg, OpenMode::Write);
  auto read_once = hh::db::open_store(pg, OpenMode::Write);
  int digests = 0;
  const auto pending = [&](const std::string& path, const std::string& content) {
    hh::db::FileRecord f = hh::test::pending_file_record(path, content);
    f.digest = [&digests, content] {
      ++digests;
      return hh::sha256_hex(content);
    };
    return f;
  };
  bool already = true;
  // The digest first: the file read once is known by its digest too, and is the other's.
  const auto a = by_digest->begin_file(file_record("a.txt", "AAA"), already);
  CHECK_FALSE(already);
  CHECK(read_once->begin_file(pending("a.txt", "AAA"), already) == a);
  CHECK(already);
  CHECK(digests == 1);
  // Other content of that size at that path (another machine's): a row of its own, audited.
  const auto a2 = read_once->begin_file(pending("a.txt", "ZZZ"), already);
  CHECK_FALSE(already);
  CHECK(a2 != a);
  CHECK(digests == 2);
  // Read once first: the writer with the digest takes up its row (adopt_pending), and leaves it.
  const auto b = read_once->begin_file(pending("b.txt", "BBB"), already);
  CHECK_FALSE(already);
  CHECK(by_digest->begin_file(file_record("b.txt", "BBB"), already) == b);
  CHECK(already);
  // No other row at the path and size: no digest asked for.
  CHECK_FALSE(read_once->begin_file(pending("c.txt", "CCC"), already) == a);
  CHECK_FALSE(already);
  CHECK(digests == 2);
  const auto rows = hh::db::open_store(pg, OpenMode::ReadOnly)
                        ->query("SELECT path, sha256 FROM files ORDER BY file_id")
                        .at(0)
                        .rows;
  REQUIRE(rows.size() == 4);
  CHECK(*rows[0][1] == hh::sha256_hex("AAA"));
  CHECK(*rows[1][1] == hh::sha256_hex("ZZZ"));
  CHECK(*rows[2][1] == hh::sha256_hex("BBB"));
  CHECK(*rows[3][1] == "pending:3:c.txt");
}

// A run whose input another writer is auditing reports that input once the other has finished it:
// its totals hold the other's hands (three auditors at once: a writer that found every file of
// its input claimed said "no hand audited" and exited 3 while the other wrote them).
TEST_CASE("postgres: a writer waits for the files another writer is auditing before its totals",
          "[postgres][files]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("wait_for_files");
  auto auditing = hh::db::open_store(pg, OpenMode::Write);
  auto waiting = hh::db::open_store(pg, OpenMode::Write);
  bool already = true;
  const auto id = auditing->begin_file(file_record("a.txt", "AAA"), already);
  REQUIRE_FALSE(already);
  CHECK(waiting->begin_file(file_record("a.txt", "AAA"), already) == id);
  CHECK(already);
  std::atomic<bool> finished{false}, waited{false};
  std::thread waiter([&] {
    waiting->wait_for_files({id});
    waited = finished.load();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const hh::Hand hand = make_hand("100", "raw");
  auditing->add_hand(
      id, {hand, hh::test::stored_reading(hand, make_result()), hh::sha256_hex(hand.raw)});
  finished = true;
  auditing->finish_file(id, 1, 0);
  waiter.join();
  CHECK(waited);
  CHECK(waiting->totals({"", "", {id}}).hands == 1);
  waiting->wait_for_files({id});  // a finished file: at once
}

TEST_CASE("postgres: four auditors at once on overlapping inputs store every hand once",
          "[postgres][corpus]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::vector<std::string> slices = corpus_slices();
  const std::string pg = server->create_database("corpus_four");
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-four");
  const std::string lite = (dir / "a.db").string();
  REQUIRE(hh::test::run(audit_command(lite, slices)).code == 0);
  // Writer i audits slices i .. i+4 (cyclically) in its own order: every slice by several of
  // them, two in reverse order, all starting on an empty database at once.
  std::string all;
  for (std::size_t w = 0; w < 4; ++w) {
    std::vector<std::string> mine;
    for (std::size_t k = 0; k < 5; ++k) mine.push_back(slices[(2 * w + k) % slices.size()]);
    if (w % 2 == 1) std::reverse(mine.begin(), mine.end());
    all += audit_command(pg, mine) + " > " + q(dir / ("w" + std::to_string(w))) + " & ";
  }
  const auto r =
      hh::test::run("(" + all + "wait) 2>&1; for f in " + q(dir) + "/w?; do cat \"$f\"; done");
  INFO(r.out);
  CHECK(r.out.find("hhaudit audit:") == std::string::npos);  // no error from any writer
  const Dump a = dump(lite), b = dump(pg);
  require_same(a, b);
  CHECK(total_rows(a) > 10000);
  fs::remove_all(dir);
}

namespace {

// The hands and the findings of `db` by key, as bench/pg_writers_loop.sh compares them (hands by
// number or text, findings by their hand's and related hand's keys), sorted: without dump()'s
// rank of a finding in its hand, a subquery a finding that reads every month's partition.
Dump keyed_rows(const std::string& db) {
  const std::pair<const char*, const char*> queries[] = {
      {"hands",
       "SELECT site, COALESCE(site_hand_id, content_sha256), content_sha256, status FROM hands"},
      {"findings",
       "SELECT h.site, COALESCE(h.site_hand_id, h.content_sha256), d.code, d.severity, d.street, "
       "d.seat, d.player, d.expected, d.actual, d.message, d.line, r.site_hand_id "
       "FROM discrepancies d JOIN hands h ON h.hand_id = d.hand_id "
       "LEFT JOIN hands r ON r.hand_id = d.related_hand_id"},
      {"tournament findings",
       "SELECT t.site, t.tournament_id, f.code, f.player, f.message FROM tournament_findings f "
       "JOIN tournaments t USING (tournament_row_id)"},
  };
  auto store = hh::db::open_store(db, OpenMode::ReadOnly);
  Dump out;
  for (const auto& [name, sql] : queries) {
    Rows& rows = out[name];
    const auto results = store->query(sql);
    for (const auto& row : results.at(0).rows) {
      std::vector<std::string> cells;
      for (const auto& c : row) cells.push_back(c ? *c : "NULL");
      rows.push_back(std::move(cells));
    }
    std::sort(rows.begin(), rows.end());
  }
  return out;
}

}  // namespace

// bench/pg_writers_loop.sh, cheaply: three writers at once on overlapping inputs, run after run,
// each run on a fresh database giving what one writer gives (a finding lost once in a run of
// three writers over the whole corpus: issue 36). The slices hold no hand in two files, so which
// writer stores a hand changes nothing (docs/scale-out.md: a number with two texts may differ).
TEST_CASE(
    "postgres: three auditors at once on overlapping inputs, run after run, store what one does",
    "[postgres][corpus][writers]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::vector<std::string> all = corpus_slices();
  // Tournaments at several tables (table moves), cash tables split over files.
  const std::vector<std::string> slices{all[3], all[4], all[5]};
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-three");
  const std::string one = server->create_database("three_one");
  REQUIRE(hh::test::run(audit_command(one, slices)).code == 0);
  const Dump expected = keyed_rows(one);
  CHECK(expected.at("findings").size() > 50);
  for (int run = 0; run < 3; ++run) {
    INFO("run " << run);
    const std::string pg = server->create_database("three_" + std::to_string(run));
    std::vector<std::string> rotated = slices;
    std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
    const std::vector<std::vector<std::string>> orders{
        slices, {slices.rbegin(), slices.rend()}, rotated};
    std::string writers;
    for (std::size_t w = 0; w < orders.size(); ++w)
      writers += audit_command(pg, orders[w]) + " > " + q(dir / ("w" + std::to_string(w))) + " & ";
    const auto r = hh::test::run("(" + writers + "wait) 2>&1; for f in " + q(dir) +
                                 "/w?; do cat \"$f\"; done");
    INFO(r.out);
    CHECK(r.out.find("hhaudit audit:") == std::string::npos);  // no error from any writer
    const Dump got = keyed_rows(pg);
    for (const auto& [name, rows] : expected) {
      INFO(name);
      CHECK(got.at(name) == rows);
    }
  }
  fs::remove_all(dir);
}

namespace {

// A database of the store scenario taken back to schema `version` by `downgrade` (the SQL that
// undoes what the later schemas added): the next store opened for writing migrates it.
std::string scenario_at_schema(PgServer& server, const std::string& name, int version,
                               const std::string& downgrade) {
  const std::string pg = server.create_database(name);
  scenario(pg);
  hh::db::postgres::Connection c(pg);
  c.exec(downgrade + "UPDATE meta SET value = '" + std::to_string(version) +
         "' WHERE key = 'schema_version'");
  return pg;
}

}  // namespace

TEST_CASE("postgres: a schema 4 database is migrated to this schema, its hands without figures",
          "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("migrate_4");
  scenario(pg);
  {
    // Schema 4 as the first PostgreSQL store made it: none of the columns, nor the views' ones.
    hh::db::postgres::Connection c(pg);
    to_schema_5_tables(c);
    c.exec(
        "DROP VIEW hand_events;"
        "ALTER TABLE hands DROP COLUMN money_in_error;"
        "ALTER TABLE discrepancies DROP COLUMN cause_id;"
        "ALTER TABLE hand_event_log DROP COLUMN chips;"
        "UPDATE meta SET value = '4' WHERE key = 'schema_version'");
  }
  CHECK_THROWS_WITH(hh::db::open_store(pg, OpenMode::ReadOnly)->totals({}),
                    Catch::Contains("has schema_version 4, this build reads " + kVersion));
  hh::db::open_store(pg, OpenMode::Write);  // migrates
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(cell("SELECT count(*) || ' ' || count(money_in_error) FROM hands") == "5 0");
  // Schema 6: the seats stored before know no seat details; no finding names a related hand.
  CHECK(cell("SELECT count(*) FROM hand_players") != "0");
  CHECK(cell("SELECT count(sitting_out) FROM hand_players") == "0");
  CHECK(cell("SELECT count(related_hand_id) FROM v_findings") == "0");
  CHECK(cell("SELECT count(*) || ' ' || count(cause_id) FROM v_findings") == "10 0");
  CHECK(cell("SELECT count(*) || ' ' || count(stack_after) || ' ' || count(pot_after) "
             "FROM hand_events") == "2 0 0");
  // The hands with findings stored before have no figure: "money" counts them as not linked.
  const auto sections = store->breakdowns({});
  const auto money = std::find_if(sections.begin(), sections.end(),
                                  [](const auto& s) { return s.first == "money"; });
  REQUIRE(money != sections.end());
  CHECK(money->second.columns.back() == "hands_not_linked");
  long not_linked = 0;
  for (const auto& row : money->second.rows) not_linked += std::stol(row.back().value_or("0"));
  CHECK(std::to_string(not_linked) == cell("SELECT count(*) FROM hands WHERE status = 'findings'"));
  CHECK(not_linked > 0);
  // Opened for writing again: nothing left to migrate.
  hh::db::open_store(pg, OpenMode::Write);
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // Every migration taken, the database holds the tables and columns of a new one.
  const std::string fresh = server->create_database("migrate_4_new");
  hh::db::open_store(fresh, OpenMode::Write);
  CHECK(hh::test::schema_columns(pg) == hh::test::schema_columns(fresh));
}

TEST_CASE("postgres: a schema 5 database's files table takes unreadable files, its rows kept",
          "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("migrate_5");
  scenario(pg);
  {
    // Schema 5's files table: sha256 NOT NULL and the status CHECK without 'unreadable'.
    hh::db::postgres::Connection c(pg);
    to_schema_5_tables(c);
    c.exec(
        "DELETE FROM files WHERE sha256 IS NULL; DROP INDEX idx_files_unreadable_path;"
        "ALTER TABLE files DROP CONSTRAINT files_unreadable_check;"
        "ALTER TABLE files DROP CONSTRAINT files_status_check;"
        "ALTER TABLE files ADD CONSTRAINT files_status_check CHECK (status IN ('audited', "
        "'interrupted', 'unsupported', 'no-hands'));"
        "ALTER TABLE files ALTER COLUMN sha256 SET NOT NULL;"
        "UPDATE meta SET value = '5' WHERE key = 'schema_version'");
  }
  {
    auto w = hh::db::open_store(pg, OpenMode::Write);  // migrates
    w->record_unread_file({{"in/fifo.txt", "", 0, "", ""},
                           hh::db::UnreadReason::Unreadable,
                           "not a regular file (a FIFO); expected a regular file or a folder"});
    w->commit();
  }
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(cell("SELECT string_agg(status || ':' || (sha256 IS NULL)::text, ',' ORDER BY path) "
             "FROM files") ==
        "audited:false,audited:false,audited:false,unreadable:true,no-hands:false");
  CHECK(cell("SELECT count(*) FROM v_file_summary") == "5");
  // hands and discrepancies rewritten as partitioned tables, every row kept under its id.
  CHECK(
      cell("SELECT string_agg(relname || ':' || relkind::text, ',' ORDER BY relname) FROM pg_class "
           "WHERE relname IN ('hands', 'discrepancies')") == "discrepancies:p,hands:p");
  CHECK(cell("SELECT count(*) || ' ' || count(DISTINCT hand_id) FROM hands") == "5 5");
  CHECK(cell("SELECT count(*) || ' ' || count(cause_id) FROM v_findings") == "10 1");
  CHECK(cell("SELECT string_agg(tableoid::regclass::text, ',' ORDER BY hand_id) FROM hands") ==
        "hands_2024,hands_2024,hands_2024,hands_undated,hands_2024");
  CHECK(store->totals({}).files_unreadable == 1);
  hh::db::postgres::Connection c(pg);
  CHECK_THROWS_WITH(c.exec("UPDATE files SET status = 'unreadable' WHERE path = 'a.txt'"),
                    Catch::Contains("files_unreadable_check"));
  CHECK_THROWS_WITH(c.exec("UPDATE files SET status = 'gone' WHERE path = 'a.txt'"),
                    Catch::Contains("files_status_check"));
}

TEST_CASE("postgres: files that cannot be read at all are stored as in SQLite",
          "[postgres][unreadable]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("unreadable");
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-unreadable");
  const hh::test::UnreadableInputs u = hh::test::make_unreadable_inputs(dir);
  const std::string lite = (dir / "a.db").string();
  for (const std::string& db : {lite, pg}) {
    INFO(db);
    // Twice: the second run finds the same rows (one a path).
    for (int i = 0; i < 2; ++i) {
      const auto r =
          hh::test::run("timeout 60 " + audit_command(db, {u.folder.string()}) + " 2>/dev/null");
      CHECK(r.code == 2);
      CHECK(hh::test::summary_of(r.out).unreadable == 3);
    }
    const auto files = hh::test::run(hh::test::bin() + " query --db " + q(db) + " --format csv " +
                                     q(u.files_query()));
    // PostgreSQL prints a boolean as true/false, SQLite as 1/0.
    CHECK(std::regex_replace(std::regex_replace(files.out, std::regex(",true,"), ",1,"),
                             std::regex(",false,"),
                             ",0,") == hh::test::UnreadableInputs::kFilesCsv);
    CHECK(hh::db::open_store(db, OpenMode::ReadOnly)->totals({}).files_unreadable == 3);
  }
  require_same(dump(lite), dump(pg));
  fs::remove_all(dir);
}

TEST_CASE("postgres: the checks between hands go on with the connections the server allows",
          "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string admin = server->create_database("limited");
  {
    // A role that may open two connections: the run's own, and one more of the four it asks for
    // its checks (checkers_beside at -j 4).
    hh::db::postgres::Connection c(admin);
    c.exec("DROP ROLE IF EXISTS limited");
    c.exec("CREATE ROLE limited LOGIN CONNECTION LIMIT 2");
    c.exec("ALTER DATABASE limited OWNER TO limited");
  }
  std::string pg = admin;
  pg.replace(pg.find("hhaudit@"), 8, "limited@");
  std::string command = audit_command(pg, {corpus_slices().at(3)});
  command.replace(command.find(" -j 1 "), 6, " -j 4 ");
  const auto r = hh::test::run(command);
  CHECK(r.code == 0);
  auto store = hh::db::open_store(admin, OpenMode::ReadOnly);
  CHECK(std::stol(first_cell(*store, "SELECT count(*) FROM hands")) > 0);
  CHECK(first_cell(*store, "SELECT count(*) FROM pending_checks") == "0");
}

TEST_CASE("postgres: schema 24 drops the three foreign keys, whatever their names",
          "[postgres][schema]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("foreign_keys_24");
  hh::db::open_store(pg, OpenMode::Write);  // a new database: none of the three
  {
    // A schema 23 database with the three keys, one named as schema 7's step left it.
    hh::db::postgres::Connection c(pg);
    c.exec(
        "ALTER TABLE hands ADD CONSTRAINT hands_file_id_fkey1 FOREIGN KEY (file_id) REFERENCES "
        "files(file_id);"
        "ALTER TABLE pot_seats ADD FOREIGN KEY (hand_id, pot_index) REFERENCES pots(hand_id, "
        "pot_index) ON DELETE CASCADE;"
        "ALTER TABLE discrepancies ADD FOREIGN KEY (cause_id, play_month) REFERENCES "
        "discrepancies(discrepancy_id, play_month);"
        "UPDATE meta SET value = '23' WHERE key = 'schema_version'");
  }
  hh::db::open_store(pg, OpenMode::Write);  // migrates
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  CHECK(first_cell(*store, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(first_cell(*store,
                   "SELECT string_agg(conrelid::regclass || '>' || confrelid::regclass, ',' "
                   "ORDER BY conrelid::regclass::text) FROM pg_constraint WHERE contype = 'f' AND "
                   "conparentid = 0") ==
        "hand_conflicts>files,tournament_findings>tournaments,tournament_results>tournaments,"
        "tournaments>files");
}

TEST_CASE("postgres: hands and findings are partitioned by year of play", "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("partitions");
  const std::vector<std::string> slices = corpus_slices();
  REQUIRE(hh::test::run(audit_command(pg, {slices.at(3), slices.at(4)})).code == 0);
  {
    // Hands with no time: the default partition, where a hand is stored once as in any other.
    auto w = hh::db::open_store(pg, OpenMode::Write);
    hh::Hand undated = make_hand("U1", "undated");
    undated.started_at_utc.clear();
    hh::Hand edited = make_hand("U1", "undated, edited");
    edited.started_at_utc.clear();
    using O = HandOutcome;
    const hh::AuditResult r = make_result();
    const std::vector<std::tuple<const char*, const hh::Hand*, O>> files = {
        {"u1.txt", &undated, O::Inserted},
        {"u2.txt", &undated, O::Duplicate},
        {"u3.txt", &edited, O::Conflict}};
    for (const auto& [path, hand, outcome] : files) {
      bool already = false;
      const auto id = w->begin_file(file_record(path, path), already);
      const std::string digest = hh::sha256_hex(hand->raw);
      const hh::AuditResult stored = hh::test::stored_reading(*hand, r);
      CHECK(w->add_hands(id, {{*hand, stored, digest}}) == std::vector<O>{outcome});
      w->finish_file(id, 1, 0);
    }
  }
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT count(*) FROM hands WHERE site_hand_id = 'U1'") == "1");
  CHECK(cell("SELECT count(*) FROM hands_undated WHERE site_hand_id = 'U1'") == "1");
  CHECK(cell("SELECT count(*) FROM hand_conflicts WHERE site_hand_id = 'U1'") == "1");
  // The month the writer computes for a hand is the server's hh_play_month() of its time.
  CHECK(cell("SELECT count(*) FROM hands WHERE play_month IS DISTINCT FROM "
             "hh_play_month(started_at_utc)") == "0");
  CHECK(cell("SELECT count(*) FROM table_months t WHERE NOT EXISTS (SELECT 1 FROM hands h "
             "WHERE h.site = t.site AND h.table_name = t.table_name AND h.play_month = "
             "t.play_month)") == "0");
  // One partition a year of the hands, and the default; each row in its year's.
  for (const std::string table : {"hands", "discrepancies"}) {
    INFO(table);
    CHECK(cell("SELECT string_agg(c.relname, ',' ORDER BY c.relname) FROM pg_inherits i "
               "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '" +
               table + "'::regclass") ==
          cell("SELECT string_agg(name, ',' ORDER BY name) FROM (SELECT DISTINCT '" + table +
               "_' || CASE WHEN play_month = '-infinity' THEN 'undated' ELSE "
               "to_char(play_month, 'YYYY') END AS name FROM hands UNION SELECT '" +
               table + "_undated') names"));
    CHECK(cell("SELECT count(*) FROM " + table + " WHERE tableoid::regclass::text <> '" + table +
               "_' || CASE WHEN play_month = '-infinity' THEN 'undated' ELSE "
               "to_char(play_month, 'YYYY') END") == "0");
  }
  CHECK(std::stol(cell("SELECT count(*) FROM pg_inherits WHERE inhparent = 'hands'::regclass")) >
        2);
  // A finding's month is its hand's (the foreign key includes it).
  CHECK(cell("SELECT count(*) FROM discrepancies d JOIN hands h ON h.hand_id = d.hand_id "
             "WHERE d.play_month <> h.play_month") == "0");
  // A query of one month reads that month's year's partition only.
  const std::string month =
      cell("SELECT min(play_month) FROM hands WHERE play_month > '-infinity'");
  const std::string partition =
      cell("SELECT to_char(min(play_month), 'YYYY') FROM hands WHERE play_month > '-infinity'");
  for (const std::string table : {"hands", "discrepancies"}) {
    const auto plan =
        store->query("EXPLAIN SELECT count(*) FROM " + table + " WHERE play_month >= '" + month +
                     "' AND play_month < date '" + month + "' + interval '1 month'");
    REQUIRE(plan.size() == 1);
    std::string text;
    for (const auto& row : plan[0].rows) text += row.at(0).value_or("") + "\n";
    INFO(text);
    const std::regex scan(" on (" + table + "_[a-z0-9_]+)");
    std::set<std::string> scanned;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), scan);
         it != std::sregex_iterator(); ++it)
      scanned.insert((*it)[1]);
    CHECK(scanned == std::set<std::string>{table + "_" + partition});
  }
  // The reads behind summary, report and rake-profile with --since read only the months from it.
  const std::string last = cell("SELECT max(play_month) FROM hands");
  const std::string last_partition = cell("SELECT to_char(max(play_month), 'YYYY') FROM hands");
  REQUIRE(last_partition != partition);
  // A prepared statement, as the store runs them, through a connection of its own (query runs
  // no PREPARE: it is read-only and runs only reads).
  hh::db::postgres::Connection conn(pg);
  conn.exec("PREPARE since_read(text, text, text) AS SELECT count(*) FROM hands h WHERE " +
            std::string(hh::db::postgres_hand_filter_sql()));
  const auto plan_of = [&](const std::string& sql) {
    std::string text;
    const hh::db::postgres::Result r = conn.exec(sql);
    for (int i = 0; i < r.rows(); ++i) text += r.text(i, 0) + "\n";
    return text;
  };
  const std::string filtered[] = {plan_of("EXPLAIN EXECUTE since_read('', '" + last + "', '{}')"),
                                  plan_of("EXPLAIN EXECUTE since_read('', '', '{}')")};
  const auto scanned_by = [](const std::string& text) {
    const std::regex scan(" on (hands_[a-z0-9_]+)");
    std::set<std::string> scanned;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), scan);
         it != std::sregex_iterator(); ++it)
      scanned.insert((*it)[1]);
    return scanned;
  };
  // (The default partition stays: it would hold a month no partition was made for.)
  CHECK(scanned_by(filtered[0]) ==
        std::set<std::string>{"hands_" + last_partition, "hands_undated"});
  CHECK(scanned_by(filtered[1]).size() ==
        std::stoul(cell("SELECT count(*) FROM pg_inherits WHERE inhparent = 'hands'::regclass")));
}

TEST_CASE("postgres: query is read-only and speaks the server's SQL", "[postgres][query]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("query_ro");
  scenario(pg);
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  // Several statements, each with its result; PostgreSQL's own SQL (string_agg, ::casts, $$).
  const auto results = store->query(
      "SELECT count(*) AS hands FROM hands; -- a comment; with a semicolon\n"
      "SELECT string_agg(site_hand_id, ',' ORDER BY site_hand_id) AS ids, 'a;b' AS s, $$c;d$$ "
      "AS t, 2::bigint * 3 AS six, true AS yes FROM hands WHERE site_hand_id IS NOT NULL;"
      "/* nothing */ ;");
  REQUIRE(results.size() == 2);
  CHECK(results[0].rows == std::vector<std::vector<std::optional<std::string>>>{{"5"}});
  CHECK(results[0].types[0][0] == hh::db::CellType::Integer);
  CHECK(results[1].columns == std::vector<std::string>{"ids", "s", "t", "six", "yes"});
  CHECK(results[1].rows == std::vector<std::vector<std::optional<std::string>>>{
                               {"100,101,102,103", "a;b", "c;d", "6", "1"}});
  const auto refused = [&](const std::string& sql) {
    try {
      store->query(sql);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("not refused");
  };
  // Only reads run (tests/test_query_safety.cpp): a write is refused before the first statement.
  CHECK(refused("SELECT 1; INSERT INTO meta(key, value) VALUES ('x', 'y')") ==
        "read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; INSERT is "
        "refused (statement 2: INSERT INTO meta(key, value) VALUES ('x', 'y'))");
  // A write inside a read fails in the READ ONLY transaction.
  CHECK(refused("WITH d AS (DELETE FROM hands RETURNING 1) SELECT count(*) FROM d") ==
        "read-only query: cannot execute SELECT in a read-only transaction (statement 1: WITH d "
        "AS (DELETE FROM hands RETURNING 1) SELECT count(*) FROM d)");
  // Ending the read-only transaction would let the next statement write.
  CHECK(refused("COMMIT; DELETE FROM hands") ==
        "read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; COMMIT is "
        "refused (statement 1: COMMIT)");
  CHECK(refused("SET TRANSACTION READ WRITE; DELETE FROM hands") ==
        "read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; SET is "
        "refused (statement 1: SET TRANSACTION READ WRITE)");
  CHECK(refused("SELECT nope FROM hands") ==
        "SQL error: column \"nope\" does not exist (statement 1: SELECT nope FROM hands)");
  CHECK(store->query("SELECT count(*) FROM hands")[0].rows[0][0] == "5");
  // Through the command, as users run it.
  const auto r =
      hh::test::run(hh::test::bin() + " query --db " + q(pg) + " \"DROP TABLE meta\" 2>&1");
  CHECK(r.code == 2);
  CHECK(r.out.find("read-only query: only SELECT, WITH, VALUES, TABLE, EXPLAIN and SHOW are run; "
                   "DROP is refused (statement 1: DROP TABLE meta)") != std::string::npos);
}

TEST_CASE("postgres: a database is named by a URI or a libpq keyword string", "[postgres]") {
  using hh::db::postgres::is_conninfo;
  CHECK(is_conninfo("postgresql://user@host/db"));
  CHECK(is_conninfo("postgres://host:5433/db?sslmode=require"));
  CHECK(is_conninfo("host=db.example dbname=hands"));
  CHECK(is_conninfo("  dbname = hands"));
  CHECK_FALSE(is_conninfo("hhaudit.db"));
  CHECK_FALSE(is_conninfo("sqlite:a=b.db"));
  CHECK_FALSE(is_conninfo("run=3.db"));  // not a libpq keyword: a SQLite file
  CHECK_FALSE(is_conninfo("mysql://host/db"));
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("keywords");
  // The same database by keywords: "postgresql://hhaudit@127.0.0.1:PORT/keywords".
  const std::size_t colon = pg.rfind(':'), slash = pg.rfind('/');
  const std::string keywords =
      "host=127.0.0.1 user=hhaudit port=" + pg.substr(colon + 1, slash - colon - 1) +
      " dbname=keywords";
  scenario(keywords);
  CHECK(hh::db::open_store(pg, OpenMode::ReadOnly)->totals({}).hands == 5);
  // Read-only on a database without hhaudit's tables: refused, nothing created.
  const std::string empty = server->create_database("empty");
  CHECK_THROWS_WITH(hh::db::open_store(empty, OpenMode::ReadOnly),
                    Catch::Contains("has no table meta"));
  CHECK_THROWS_WITH(hh::db::open_store(empty, OpenMode::ReadOnly),
                    Catch::Contains("has no table meta"));
}

TEST_CASE("audit --shard K/N splits the input files, each to exactly one shard", "[shard]") {
  // shard_of is FNV-1a of the path: fixed values, the same on every machine.
  CHECK(hh::pipeline::shard_of("", 4) == 0xcbf29ce484222325ULL % 4);
  CHECK(hh::pipeline::shard_of("a", 1) == 0);
  CHECK(hh::pipeline::shard_of("a", 7) == 0xaf63dc4c8601ec8cULL % 7);
  const std::vector<std::string> slices = corpus_slices();
  const fs::path dir = hh::test::temp_dir("hhaudit-shard");
  const std::string whole = (dir / "whole.db").string(), parts = (dir / "parts.db").string();
  REQUIRE(hh::test::run(audit_command(whole, slices)).code == 0);
  long files = 0, left = 0;
  for (int k = 1; k <= 3; ++k) {
    const auto r =
        hh::test::run(audit_command(parts, slices, "--shard " + std::to_string(k) + "/3"));
    REQUIRE(r.code == 0);
    const hh::test::Summary s = hh::test::summary_of(r.out);
    files += s.files + s.unsupported + s.without_hands;
    // A shard leaves the signals across hands to one computation after the last shard.
    CHECK(r.out.find("integrity signals across hands: not computed (a shard: once every shard is "
                     "done): run hhaudit integrity") != std::string::npos);
    long other = -1;
    const std::size_t at = r.out.find("shard " + std::to_string(k) + "/3: ");
    REQUIRE(at != std::string::npos);
    REQUIRE(std::sscanf(r.out.c_str() + at + 10, "%ld", &other) == 1);
    left += other;
  }
  const hh::test::Summary all =
      hh::test::summary_of(hh::test::run(audit_command(whole, slices)).out);
  CHECK(files == all.files + all.unsupported + all.without_hands);
  CHECK(left == 2 * files);
  REQUIRE(hh::test::run(hh::test::bin() + " integrity --db " + q(parts)).code == 0);
  require_same(dump(whole), dump(parts));
  CHECK(hh::test::run(audit_command(parts, slices, "--shard 4/3")).code == 2);
  CHECK(hh::test::run(audit_command(parts, slices, "--shard 0/3")).code == 2);
  CHECK(hh::test::run(audit_command(parts, slices, "--shard 1/3x")).code == 2);
  fs::remove_all(dir);
}

TEST_CASE(
    "postgres: a schema 8 database gets hand_keys (a number it stored twice is a "
    "conflict) and the money paid beside the pot",
    "[postgres]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  // What schema 8 let through: number 100 stored a second time, in another month, from c.txt.
  const std::string pg = scenario_at_schema(
      *server, "migrate_8_keys", 8,
      "DROP TABLE hand_keys;"
      "ALTER TABLE hand_players DROP COLUMN settled_outside;"
      "SELECT hh_create_partitions('2024-05-01');"
      "INSERT INTO hands(site, site_hand_id, file_id, byte_offset, line, unit, status, "
      "content_sha256, started_at_utc, play_month) SELECT 'pokerstars', '100', file_id, 500, 50, "
      "100, 'ok', 'retimed copy', '2024-05-02T00:00:00Z', '2024-05-01' FROM files "
      "WHERE path = 'c.txt';");
  { auto w = hh::db::open_store(pg, OpenMode::Write); }  // migrates
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(cell("SELECT count(*) FROM hand_players WHERE settled_outside <> 0") == "0");
  // A key for every number, the first hand's; the later copy stays and is listed against it.
  CHECK(cell("SELECT count(*) FROM hand_keys") ==
        cell("SELECT count(DISTINCT site_hand_id) FROM hands"));
  CHECK(cell("SELECT count(*) FROM hand_keys k JOIN hands h USING (hand_id, play_month) "
             "WHERE h.site_hand_id = '100' AND h.content_sha256 <> 'retimed copy'") == "1");
  CHECK(cell("SELECT count(*) FROM hand_conflicts WHERE content_sha256 = 'retimed copy' AND "
             "existing_hand_id = (SELECT hand_id FROM hand_keys WHERE site_hand_id = '100')") ==
        "1");
  // From now on, the number with a third time is a conflict.
  auto w = hh::db::open_store(pg, OpenMode::Write);
  bool already = true;
  const auto d = w->begin_file(file_record("d.txt", "D"), already);
  hh::Hand third = make_hand("100", "third time");
  third.started_at_utc = "2024-07-01T00:00:00Z";
  CHECK(w->add_hands(d, {{third, hh::test::stored_reading(third, make_result()),
                          hh::sha256_hex(third.raw)}}) ==
        std::vector<HandOutcome>{HandOutcome::Conflict});
}

namespace {

// A schema 12 database gets the months of its tables: the migration fills table_months from the
// hands stored before.
void schema_12_gets_table_months(PgServer* server) {
  const std::string pg = scenario_at_schema(*server, "migrate_12", 12, "DROP TABLE table_months;");
  { auto w = hh::db::open_store(pg, OpenMode::Write); }  // migrates
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  // One row a table and month of the hands stored before, and no other.
  const std::string months =
      "SELECT string_agg(site || '/' || tournament_id || '/' || table_name || '/' || play_month, "
      "',' ORDER BY 1) FROM ";
  CHECK(cell(months + "table_months") ==
        cell(months + "(SELECT DISTINCT site, COALESCE(tournament_id, '') AS tournament_id, "
                      "table_name, play_month FROM hands WHERE table_name IS NOT NULL) t"));
  CHECK(std::stol(cell("SELECT count(*) FROM table_months")) > 0);
}

// A schema 14 database's discrepancies loses its foreign key to hands (schema 18: checked a row
// at a time through the partitioned hands, it was most of a write's time); a new one has none.
void schema_14_loses_findings_foreign_key(PgServer* server) {
  const std::string to_hands =
      "SELECT count(*) FROM pg_constraint WHERE conrelid = 'discrepancies'::regclass AND "
      "contype = 'f' AND confrelid = 'hands'::regclass";
  const std::string pg = scenario_at_schema(
      *server, "migrate_14", 14,
      "ALTER TABLE discrepancies ADD CONSTRAINT discrepancies_hand_id_play_month_fkey FOREIGN KEY "
      "(hand_id, play_month) REFERENCES hands(hand_id, play_month) ON DELETE CASCADE;");
  CHECK(hh::db::postgres::Connection(pg).exec(to_hands).text(0, 0) == "1");
  { auto w = hh::db::open_store(pg, OpenMode::Write); }  // migrates
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  CHECK(first_cell(*store, "SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  CHECK(first_cell(*store, to_hands) == "0");
  CHECK(std::stol(first_cell(*store, "SELECT count(*) FROM discrepancies")) > 0);  // rows kept
  const std::string fresh = server->create_database("fresh_15");
  { auto w = hh::db::open_store(fresh, OpenMode::Write); }
  CHECK(hh::db::postgres::Connection(fresh).exec(to_hands).text(0, 0) == "0");
}

// A schema 18 database made a partition a month: a year it has begun goes on with months
// (partitions may not overlap), a new year gets one partition, and the old function goes.
void schema_18_keeps_its_month_partitions(PgServer* server) {
  const std::string pg = server->create_database("migrate_18");
  { auto w = hh::db::open_store(pg, OpenMode::Write); }  // the schema, no partition yet
  hh::db::postgres::Connection(pg).exec(
      "CREATE TABLE hands_2024_01 PARTITION OF hands FOR VALUES FROM ('2024-01-01') TO "
      "('2024-02-01');"
      "CREATE TABLE discrepancies_2024_01 PARTITION OF discrepancies FOR VALUES FROM "
      "('2024-01-01') TO ('2024-02-01');"
      "CREATE FUNCTION hh_create_month_partitions(month date) RETURNS void LANGUAGE plpgsql AS "
      "'BEGIN END';"
      "UPDATE meta SET value = '18' WHERE key = 'schema_version'");
  {
    auto w = hh::db::open_store(pg, OpenMode::Write);  // migrates
    hh::test::store_table_of_month(*w, "jan.txt", "Jan", "", "2024-01", 100);
    hh::test::store_table_of_month(*w, "mar.txt", "Mar", "", "2024-03", 200);
    hh::test::store_table_of_month(*w, "old.txt", "Old", "", "2022-07", 300);
    hh::test::store_table_of_month(*w, "nov.txt", "Nov", "", "2022-11", 400);
  }
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT value FROM meta WHERE key = 'schema_version'") == kVersion);
  for (const std::string table : {"hands", "discrepancies"}) {
    CHECK(cell("SELECT string_agg(c.relname, ',' ORDER BY c.relname) FROM pg_inherits i JOIN "
               "pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '" +
               table + "'::regclass") ==
          table + "_2022," + table + "_2024_01," + table + "_2024_03," + table + "_undated");
  }
  CHECK(cell("SELECT string_agg(p || ':' || n, ',' ORDER BY p) FROM (SELECT "
             "tableoid::regclass::text AS p, count(*) AS n FROM hands GROUP BY 1) t") ==
        "hands_2022:8,hands_2024_01:4,hands_2024_03:4");
  CHECK(cell("SELECT count(*) FROM pg_proc WHERE proname = 'hh_create_month_partitions'") == "0");
}

}  // namespace

namespace {

// The partitions (hands_YYYY, discrepancies_YYYY; a schema 18 database's hands_YYYY_MM) a plan's
// text scans.
std::set<std::string> partitions_in(const std::string& plan) {
  const std::regex scan(" on ((hands|discrepancies)_[a-z0-9_]+)");
  std::set<std::string> scanned;
  for (auto it = std::sregex_iterator(plan.begin(), plan.end(), scan); it != std::sregex_iterator();
       ++it)
    scanned.insert((*it)[1]);
  return scanned;
}

}  // namespace

// Two writers of one table: the check of the first that runs after both stored their hands reads
// them all; the other's owed check of it is then left (its pending row is gone), and runs again
// for hands it stores after that check. Before, every writer re-read and re-wrote the whole table:
// two writers did twice the work of one (issue 36).
TEST_CASE("postgres: a table's owed check is left when another writer's check read its hands",
          "[postgres][recheck]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("owed_checks");
  const hh::HouseRules rules;
  const hh::db::SessionKey jan{"pokerstars", "Jan", ""};
  auto a = hh::db::open_store(pg, OpenMode::Write);
  auto b = hh::db::open_store(pg, OpenMode::Write);
  int checks = 0;
  std::size_t found = 0;
  const hh::db::ScopeCheck counted = [&, inner = hh::test::table_checks(rules)](
                                         const hh::db::CheckScope& scope, hh::db::ScopeInput& in,
                                         const hh::db::ScopeFindingSink& sink) {
    ++checks;
    inner(scope, in, sink);
  };
  const auto count = [&](const hh::SessionFinding&) { ++found; };
  hh::test::store_table_of_month(*a, "a.txt", "Jan", "", "2023-01", 100);
  hh::test::store_table_of_month(*b, "b.txt", "Jan", "", "2023-01", 300);
  a->replace_owed_findings(jan, counted, count);
  CHECK(checks == 1);
  const std::size_t by_a = found;
  CHECK(by_a > 0);
  b->replace_owed_findings(jan, counted, count);  // read by a's check: left
  CHECK(checks == 1);
  CHECK(found == by_a);
  hh::test::store_table_of_month(*b, "c.txt", "Jan", "", "2023-01", 500);
  b->replace_owed_findings(jan, counted, count);  // new hands since: checked
  CHECK(checks == 2);
  // What is stored is what one check of the whole table stores (replace_findings runs always).
  const auto stored = [&] {
    return first_cell(*hh::db::open_store(pg, OpenMode::ReadOnly),
                      "SELECT count(*) FROM discrepancies WHERE related_hand_id IS NOT NULL");
  };
  const std::string after_b = stored();
  a->replace_findings(jan, counted, count);
  CHECK(checks == 3);
  CHECK(stored() == after_b);
  CHECK(first_cell(*hh::db::open_store(pg, OpenMode::ReadOnly),
                   "SELECT count(*) FROM pending_checks") == "0");
}

TEST_CASE(
    "postgres: the checks between hands read and replace their own months only (table_months)",
    "[postgres][recheck]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string pg = server->create_database("recheck_months");
  const hh::HouseRules rules;
  const hh::db::SessionKey cash{"pokerstars", "Jan", ""}, tour{"pokerstars", "77 1", "77"};
  // File after file into one database: a cash table of January 2023, then a tournament table of
  // June 2024 (another year: another partition).
  std::vector<hh::FindingCode> found;
  const auto count = [&](const hh::SessionFinding& f) { found.push_back(f.finding.code); };
  {
    auto w = hh::db::open_store(pg, OpenMode::Write);
    hh::test::store_table_of_month(*w, "jan.txt", "Jan", "", "2023-01", 100);
    w->replace_findings(cash, hh::test::table_checks(rules), count);
    hh::test::store_table_of_month(*w, "jun.txt", "77 1", "77", "2024-06", 200);
    w->replace_findings(tour, hh::test::table_checks(rules), count);
    w->replace_findings(tour, hh::test::table_checks(rules), count);  // again: replaced
  }
  CHECK(found == std::vector<hh::FindingCode>(9, hh::FindingCode::HandOrder));
  auto store = hh::db::open_store(pg, OpenMode::ReadOnly);
  const auto cell = [&](const std::string& sql) { return first_cell(*store, sql); };
  CHECK(cell("SELECT string_agg(tournament_id || '/' || table_name || '/' || play_month, ',' "
             "ORDER BY play_month) FROM table_months") == "/Jan/2023-01-01,77/77 1/2024-06-01");
  CHECK(cell("SELECT count(*) FROM discrepancies_2023 WHERE related_hand_id IS NOT NULL") == "3");
  CHECK(cell("SELECT count(*) FROM discrepancies_2024 WHERE related_hand_id IS NOT NULL") == "3");
  // The statements of the June table's and tournament's checks, with the parameters the store
  // gives them, as it runs them (an unnamed statement: planned with its parameters), read the
  // 2024 partitions only, by index: not 2023's.
  hh::db::postgres::Connection conn(pg);
  conn.exec("SET enable_seqscan = off");  // what an index can serve, it serves
  const auto plan_of = [&](const std::string& sql, const hh::db::postgres::Params& params) {
    std::string text;
    const hh::db::postgres::Result r = conn.exec("EXPLAIN " + sql, params);
    for (int i = 0; i < r.rows(); ++i) text += r.text(i, 0) + "\n";
    return text;
  };
  const std::string months = "{2024-06-01}";
  const hh::db::postgres::Params table{"pokerstars", "77 1", "77", months};
  const hh::db::postgres::Params tournament{"pokerstars", "77", months};
  const std::pair<std::string, hh::db::postgres::Params> statements[] = {
      {hh::db::delete_session_findings_sql('$', 4), table},
      {hh::db::played_session_hands_sql('$', "h.started_at_utc COLLATE \"C\" NULLS FIRST", 4),
       table},
      {hh::db::delete_table_move_findings_sql('$', 3), tournament},
      {hh::db::tournament_hands_sql('$', 3), tournament},
      // The learned rake check's: its months are those of the site's hands it read.
      {hh::db::delete_rake_outliers_sql('$', 2), {"pokerstars", months}},
  };
  for (const auto& [sql, params] : statements) {
    const std::string plan = plan_of(sql, params);
    INFO(sql << "\n" << plan);
    CHECK_FALSE(partitions_in(plan).empty());
    for (const std::string& p : partitions_in(plan)) CHECK(p.find("_2024") != std::string::npos);
    CHECK(plan.find("Seq Scan") == std::string::npos);
  }
  // In the same test: one server start (each test case is a process of its own under ctest).
  schema_12_gets_table_months(server);
  schema_14_loses_findings_foreign_key(server);
  schema_18_keeps_its_month_partitions(server);
}

namespace {

// Two writers taking two locks in two orders deadlock once (the server aborts one) and both
// commit.
void two_writers_deadlock_once(PgServer* server) {
  namespace pgc = hh::db::postgres;
  const std::string pg = server->create_database("deadlock");
  {
    pgc::Connection c(pg);
    c.exec("CREATE TABLE t(k integer PRIMARY KEY, v integer)");
    c.exec("INSERT INTO t VALUES (1, 0), (2, 0)");
  }
  // Each writer updates one row, waits until the other has updated its row, then updates the
  // other's: a real deadlock, which the server breaks by aborting one of them (40P01).
  std::atomic<int> holding{0}, failures{0};
  std::atomic<long> retries{0};
  const auto writer = [&](int first, int second) {
    try {
      pgc::Connection c(pg);
      c.exec("SET deadlock_timeout = '50ms'");
      long mine = 0;
      bool waited = false;
      pgc::retried_transaction(
          c, "BEGIN",
          [&] {
            c.exec("UPDATE t SET v = v + 1 WHERE k = " + std::to_string(first));
            if (!waited) {  // the first run only: a retry goes straight on
              waited = true;
              ++holding;
              while (holding.load() < 2) std::this_thread::yield();
            }
            c.exec("UPDATE t SET v = v + 1 WHERE k = " + std::to_string(second));
          },
          mine);
      retries += mine;
    } catch (...) {
      ++failures;
      holding += 2;  // the other writer goes on
    }
  };
  std::thread a(writer, 1, 2), b(writer, 2, 1);
  a.join();
  b.join();
  REQUIRE(failures.load() == 0);
  CHECK(retries.load() == 1);
  pgc::Connection c(pg);
  CHECK(c.exec("SELECT string_agg(v::text, ',' ORDER BY k) FROM t").text(0, 0) == "2,2");
}

}  // namespace

TEST_CASE(
    "postgres: a transaction aborted for a deadlock or a serialization failure is retried "
    "whole, a bounded number of times",
    "[postgres][retry]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  namespace pgc = hh::db::postgres;
  const std::string pg = server->create_database("retries");
  pgc::Connection c(pg);
  c.exec("CREATE TABLE t(k integer PRIMARY KEY, v integer)");
  c.exec("INSERT INTO t VALUES (1, 0), (2, 0)");
  // The server aborts the first `aborts` runs with `state`, as it would a transaction it chose.
  const auto abort_with = [&](const std::string& state) {
    c.exec("DO $$BEGIN RAISE EXCEPTION 'aborted' USING ERRCODE = '" + state + "'; END$$");
  };
  for (const std::string state : {"40P01", "40001"}) {
    INFO(state);
    long retries = 0;
    int runs = 0;
    pgc::retried_transaction(
        c, "BEGIN",
        [&] {
          c.exec("UPDATE t SET v = v + 1 WHERE k = 1");
          if (++runs < 3) abort_with(state);
        },
        retries);
    CHECK(runs == 3);
    CHECK(retries == 2);
  }
  // Each run was rolled back but the committed one: two commits in all.
  CHECK(c.exec("SELECT v FROM t WHERE k = 1").text(0, 0) == "2");
  // Bounded: the last attempt's failure goes on.
  long retries = 0;
  int runs = 0;
  try {
    pgc::retried_transaction(
        c, "BEGIN",
        [&] {
          ++runs;
          abort_with("40001");
        },
        retries, 3);
    FAIL("no failure");
  } catch (const pgc::ServerError& e) {
    CHECK(e.sqlstate == "40001");
  }
  CHECK(runs == 3);
  CHECK(retries == 2);
  // Any other failure is not retried.
  runs = 0;
  retries = 0;
  CHECK_THROWS_WITH(pgc::retried_transaction(
                        c, "BEGIN",
                        [&] {
                          ++runs;
                          abort_with("23505");
                        },
                        retries),
                    Catch::Contains("aborted"));
  CHECK(runs == 1);
  CHECK(retries == 0);
  // And a real deadlock, in the same test: one server start.
  two_writers_deadlock_once(server);
}
