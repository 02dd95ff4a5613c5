// The PostgreSQL connection's fewer round trips (docs/scale-out.md, issue 36): statements in one
// pipeline, a few rows as INSERTs in it instead of a COPY, a transaction's BEGIN sent with its
// first statement and no COMMIT after one its body sent.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/postgres/connection.hpp"
#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/cli_run.hpp"
#include "tests/hand_generator.hpp"
#include "tests/pg_server.hpp"
#include "tests/stored_hands.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
namespace pgc = hh::db::postgres;
using hh::test::PgServer;

namespace {

// Rows of COPY's text format with what it escapes: a quote, a tab, a backslash, a newline, an
// empty text, NULL and a text that reads "\N".
std::string escaped_rows() {
  std::string rows;
  pgc::copy_field(rows, 7LL);
  pgc::copy_field(rows, "it's a\ttab\\ and\nline");
  pgc::copy_null(rows, true);
  pgc::copy_field(rows, 8LL);
  pgc::copy_field(rows, "");
  pgc::copy_field(rows, "\\N", true);
  return rows;
}

// `files` small files of two hands each (numbered from `first`), as the pipeline hands them to a
// store: begun, then their batches, each finished.
struct SmallFiles {
  std::vector<hh::Hand> hands;
  std::vector<hh::AuditResult> results;
  std::vector<std::int64_t> file_ids;

  SmallFiles(hh::db::Store& w, const std::string& folder, int first, int files) {
    for (int i = 0; i < 2 * files; ++i) {
      const std::string id = std::to_string(first + i);
      hands.push_back(hh::test::make_hand(id, "hand " + id));
      hands.back().source.byte_offset = 100 * static_cast<std::size_t>(i % 2);
      results.push_back(hh::test::stored_reading(hands.back(), hh::test::make_result()));
    }
    for (int f = 0; f < files; ++f) {
      bool already = true;
      const std::string path = fmt::format("{}/{}.txt", folder, f);
      file_ids.push_back(w.begin_file(hh::test::file_record(path, path), already));
      REQUIRE_FALSE(already);
    }
  }
  std::vector<hh::db::StoredHand> of_file(std::size_t f) const {
    return {{hands[2 * f], results[2 * f], "a"}, {hands[2 * f + 1], results[2 * f + 1], "b"}};
  }
  std::vector<hh::db::Store::FileBatch> batches() const {
    std::vector<hh::db::Store::FileBatch> out;
    for (std::size_t f = 0; f < file_ids.size(); ++f)
      out.push_back({file_ids[f], of_file(f), hh::db::Store::FileBatch::Finish{2, 0, ""}});
    return out;
  }
};

// What the connections of this process asked of the server while `body` ran.
template <class F>
pgc::Traffic traffic_of(F&& body) {
  const pgc::Traffic before = pgc::traffic();
  body();
  const pgc::Traffic after = pgc::traffic();
  return {after.round_trips - before.round_trips, after.statements - before.statements,
          after.transactions - before.transactions};
}

void check_all_inserted(const std::vector<std::vector<hh::db::HandOutcome>>& outcomes) {
  for (const auto& of_batch : outcomes) {
    REQUIRE(of_batch.size() == 2);
    for (const hh::db::HandOutcome o : of_batch) CHECK(o == hh::db::HandOutcome::Inserted);
  }
}

}  // namespace

TEST_CASE("postgres: COPY's rows as one INSERT (insert_of_copy)", "[postgres][pipeline]") {
  CHECK(pgc::insert_of_copy("COPY t(a, b, c) FROM STDIN", escaped_rows()) ==
        "INSERT INTO t(a, b, c) VALUES ('7','it''s a\ttab\\ and\nline',NULL),('8','','\\N')");
  CHECK_THROWS_AS(pgc::insert_of_copy("SELECT 1", escaped_rows()), std::logic_error);
}

TEST_CASE("postgres: a statement sent ahead (send, take_sent) and the statements run meanwhile",
          "[postgres][pipeline]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  pgc::Connection c(server->create_database("sent_ahead"));
  c.exec("BEGIN");
  c.exec("DECLARE rows NO SCROLL CURSOR FOR SELECT 10 / (6 - x) FROM generate_series(1, 8) x");
  // Its result is kept while another statement runs, and taken after.
  c.send("FETCH FORWARD 3 FROM rows");
  CHECK(c.exec("SELECT 42").text(0, 0) == "42");
  const pgc::Result first = c.take_sent();
  REQUIRE(first.rows() == 3);
  CHECK(first.text(2, 0) == "3");
  // A sent statement that fails: the next statement throws its error (division by zero, SQLSTATE
  // 22012), not the aborted transaction's (25P02) it would meet itself.
  c.send("FETCH FORWARD 5 FROM rows");
  try {
    c.exec("SELECT 1");
    FAIL("the sent statement's failure was not thrown");
  } catch (const pgc::ServerError& e) {
    CHECK(e.sqlstate == "22012");
    CHECK_THAT(e.what(), Catch::Contains("FETCH FORWARD 5 FROM rows"));
  }
  c.exec("ROLLBACK");
  // A result never taken is dropped; the connection goes on.
  c.send("SELECT 1");
  c.discard_sent();
  CHECK_THROWS_AS(c.take_sent(), std::logic_error);
  CHECK(c.exec("SELECT 7").text(0, 0) == "7");
}

TEST_CASE("postgres: rows by COPY and by a pipeline of INSERTs, statements in one round trip",
          "[postgres][pipeline]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  pgc::Connection c(server->create_database("round_trips"));
  c.exec("CREATE TABLE t(a bigint, b text, c text, j json)");
  const std::string rows = escaped_rows();
  // A few rows: INSERTs; many (over kInlineCopyBytes): COPY. The same rows either way.
  std::string many;
  while (many.size() <= pgc::kInlineCopyBytes) many += rows;
  const auto results =
      c.copy_in_all({{"COPY t(a, b, c) FROM STDIN", rows}}, {{"SELECT count(*) FROM t", {}}});
  REQUIRE(results.size() == 1);
  CHECK(results[0].text(0, 0) == "2");
  c.copy_in_all({{"COPY t(a, b, c) FROM STDIN", many}});
  const std::string row = "a || ':' || coalesce(b, 'NULL') || ':' || coalesce(c, 'NULL')";
  const std::string kinds =
      "SELECT string_agg(DISTINCT " + row + ", '|' ORDER BY " + row + ") || ' ' || count(*) FROM t";
  const std::size_t copies = many.size() / rows.size();
  CHECK(c.exec(kinds).text(0, 0) ==
        "7:it's a\ttab\\ and\nline:NULL|8::\\N " + std::to_string(2 * (copies + 1)));
  // A literal takes its column's type (json here).
  c.copy_in_all({{"COPY t(a, j) FROM STDIN", "9\t{\"k\": \"v\"}\n"}});
  CHECK(c.exec("SELECT j->>'k' FROM t WHERE a = 9").text(0, 0) == "v");
  c.exec("DELETE FROM t");

  // The first failure is thrown; the statements before a commit point are committed, those
  // after the failure skipped; the connection goes on.
  CHECK_THROWS_WITH(c.exec_pipelined({{"INSERT INTO t(a) VALUES (1)", {}, true},
                                      {"SELECT 1 / $1::integer", {"0"}},
                                      {"INSERT INTO t(a) VALUES (2)", {}}}),
                    Catch::Contains("division by zero"));
  CHECK(c.exec("SELECT string_agg(a::text, ',') FROM t").text(0, 0) == "1");
  const auto both = c.exec_pipelined({{"SELECT $1::integer + 1", {"41"}}, {"SELECT 'b'", {}}});
  CHECK(both.at(0).text(0, 0) + both.at(1).text(0, 0) == "42b");

  // A transaction's BEGIN goes with its first statement; a body that commits is not committed
  // again; a body that throws is rolled back; a body that runs nothing opens nothing.
  pgc::in_transaction(c, "BEGIN", [&] {
    c.exec("INSERT INTO t(a) VALUES ($1)", {"3"});
    CHECK(c.in_transaction());
    c.exec_pipelined({{"INSERT INTO t(a) VALUES (4)", {}}, {"COMMIT", {}}});
    CHECK_FALSE(c.in_transaction());
  });
  CHECK_THROWS_WITH(pgc::in_transaction(c, "BEGIN",
                                        [&] {
                                          c.exec("INSERT INTO t(a) VALUES (5)");
                                          throw std::runtime_error("stopped");
                                        }),
                    "stopped");
  pgc::in_transaction(c, "BEGIN", [] {});
  CHECK_FALSE(c.in_transaction());
  CHECK(c.exec("SELECT string_agg(a::text, ',' ORDER BY a) FROM t").text(0, 0) == "1,3,4");
}

TEST_CASE("postgres: small files written together, in one transaction, counted",
          "[postgres][pipeline]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  const std::string db = server->create_database("grouped_files");
  auto w = hh::db::open_store(db, hh::db::OpenMode::Write);
  CHECK(w->grouped_hands() == hh::db::Store::kDefaultBatchHands);
  constexpr int kFiles = 6;

  // One file at a time: its hands (2 round trips: the hands, then their rows and the commit) and
  // its finish (one), in two transactions.
  const SmallFiles alone(*w, "alone", 1000, kFiles);
  const pgc::Traffic one_by_one = traffic_of([&] {
    for (std::size_t f = 0; f < kFiles; ++f) {
      for (const hh::db::HandOutcome o : w->add_hands(alone.file_ids[f], alone.of_file(f)))
        CHECK(o == hh::db::HandOutcome::Inserted);
      w->finish_file(alone.file_ids[f], 2, 0);
    }
  });
  CHECK(one_by_one.round_trips == 3 * kFiles);
  CHECK(one_by_one.transactions == 2 * kFiles);

  // Together: the same two round trips and one transaction for all of them, every file finished
  // in the commit of its hands.
  const SmallFiles together(*w, "together", 2000, kFiles);
  std::vector<std::vector<hh::db::HandOutcome>> outcomes;
  const pgc::Traffic grouped = traffic_of([&] { outcomes = w->add_batches(together.batches()); });
  CHECK(grouped.round_trips == 2);
  CHECK(grouped.transactions == 1);
  check_all_inserted(outcomes);

  // The server aborts the transaction at the last file's finish, as for a deadlock: the whole of
  // it runs again (every file's hands, stored once, inserted by the run that commits), counted.
  pgc::Connection admin(db);
  admin.exec("CREATE SEQUENCE finishes");
  admin.exec(
      "CREATE FUNCTION abort_first_finish() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN "
      "IF nextval('finishes') = " +
      std::to_string(kFiles) +
      " THEN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END IF; RETURN NEW; END$$");
  admin.exec(
      "CREATE TRIGGER abort_first_finish BEFORE UPDATE ON files FOR EACH ROW WHEN "
      "(NEW.status = 'audited' AND NEW.path LIKE 'retried/%') EXECUTE FUNCTION "
      "abort_first_finish()");
  const SmallFiles retried(*w, "retried", 3000, kFiles);
  const long retries_before = w->transaction_retries();
  const pgc::Traffic again = traffic_of([&] { outcomes = w->add_batches(retried.batches()); });
  CHECK(w->transaction_retries() - retries_before == 1);
  // Two runs of 2 round trips, and the ROLLBACK between them.
  CHECK(again.round_trips == 5);
  CHECK(again.transactions == 2);
  check_all_inserted(outcomes);
  // Every file audited with its two hands, none a duplicate; every hand stored once.
  CHECK(admin
            .exec("SELECT concat_ws(' ', count(*) FILTER (WHERE status = 'audited' AND hands = 2 "
                  "AND duplicates = 0), count(*), (SELECT count(*) FROM hands)) FROM files")
            .text(0, 0) == fmt::format("{0} {0} {1}", 3 * kFiles, 6 * kFiles));
}

TEST_CASE("postgres: the audit's writer gives the store small files together",
          "[postgres][pipeline]") {
  PgServer* server = PgServer::get();
  if (!server) return;
  // Eight files of two generated PokerStars hands each.
  constexpr int kFiles = 8;
  const fs::path dir = hh::test::temp_dir("hhaudit-pg-grouped");
  hhtest::HandGenerator generator(36, {});
  for (int f = 0; f < kFiles; ++f) {
    std::ofstream out(dir / fmt::format("{}.txt", f));
    out << generator.next().text() << generator.next().text();
  }
  // The pipeline's run of them, with at most `batch_hands` hands a transaction, on a fresh
  // database.
  int run = 0;
  const auto audit = [&](int batch_hands) {
    const std::string db = server->create_database(fmt::format("grouped_run_{}", ++run));
    hh::pipeline::AuditOptions options;
    options.paths = {dir.string()};
    options.context.house_rules = &hh::test::shipped_house_rules();
    std::unique_ptr<hh::db::Store> store;
    std::ostringstream err;
    hh::pipeline::AuditSummary summary;
    const pgc::Traffic t = traffic_of([&] {
      summary = hh::pipeline::run_audit(
          options,
          [&]() -> hh::db::Store& {
            store = hh::db::open_store(db, hh::db::OpenMode::Write, {batch_hands});
            return *store;
          },
          err);
    });
    CHECK(err.str().empty());
    CHECK(summary.hands == 2 * kFiles);
    CHECK(store->totals({}).files_audited == kFiles);
    return t;
  };
  // Two hands a transaction: a file at a time, its hands and its finish in one transaction of two
  // round trips. By default: all eight in one. The rest of the run (the files begun, the checks
  // between hands) is the same.
  const pgc::Traffic alone = audit(2), together = audit(hh::db::Store::kDefaultBatchHands);
  CHECK(alone.transactions - together.transactions == kFiles - 1);
  CHECK(alone.round_trips - together.round_trips == 2 * (kFiles - 1));
  fs::remove_all(dir);
}
