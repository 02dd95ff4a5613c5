// The PostgreSQL connection's fewer round trips (docs/scale-out.md, issue 36): statements in one
// pipeline, a few rows as INSERTs in it instead of a COPY, a transaction's BEGIN sent with its
// first statement and no COMMIT after one its body sent.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "db/postgres/connection.hpp"
#include "tests/pg_server.hpp"

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

}  // namespace

TEST_CASE("postgres: COPY's rows as one INSERT (insert_of_copy)", "[postgres][pipeline]") {
  CHECK(pgc::insert_of_copy("COPY t(a, b, c) FROM STDIN", escaped_rows()) ==
        "INSERT INTO t(a, b, c) VALUES ('7','it''s a\ttab\\ and\nline',NULL),('8','','\\N')");
  CHECK_THROWS_AS(pgc::insert_of_copy("SELECT 1", escaped_rows()), std::logic_error);
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
