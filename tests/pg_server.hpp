// A real PostgreSQL server for the tests of the PostgreSQL store: started once per test process by
// tests/pg_server.sh (initdb into a temporary folder, pg_ctl start on a free port, as the account
// `postgres` when run as root), stopped and removed when the process ends (also after a failed
// REQUIRE, which unwinds). Each test takes a database of its own.
#pragma once

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "db/postgres/connection.hpp"
#include "tests/cli_run.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

class PgServer {
 public:
  // The server of this process, started on first use; nullptr if it cannot start outside CI
  // (no PostgreSQL installed: the caller skips). Under CI (CI set) a server that cannot start
  // fails the test: a broken install must be seen.
  static PgServer* get() {
    static std::unique_ptr<PgServer> server = start();
    if (!server) {
      if (std::getenv("CI")) FAIL("PostgreSQL did not start (tests/pg_server.sh): see above");
      WARN("PostgreSQL did not start (tests/pg_server.sh): the PostgreSQL tests are skipped");
    }
    return server.get();
  }

  ~PgServer() {
    std::system(("bash " + q(source_dir() / "tests" / "pg_server.sh") + " stop " + q(dir_) +
                 " >/dev/null 2>&1")
                    .c_str());
  }
  PgServer(const PgServer&) = delete;
  PgServer& operator=(const PgServer&) = delete;

  // A new, empty database `name` (dropped first if a test ran before) and its connection string.
  std::string create_database(const std::string& name) {
    db::postgres::Connection admin(conninfo_ + "postgres");
    admin.exec("DROP DATABASE IF EXISTS " + name);
    admin.exec("CREATE DATABASE " + name);
    return conninfo_ + name;
  }

 private:
  PgServer(std::filesystem::path dir, std::string conninfo)
      : dir_(std::move(dir)), conninfo_(std::move(conninfo)) {}

  static std::unique_ptr<PgServer> start() {
    const std::filesystem::path dir = temp_dir("hhaudit-pg");
    const Run r = run("bash " + q(source_dir() / "tests" / "pg_server.sh") + " start " + q(dir));
    // "postgresql://hhaudit@127.0.0.1:PORT/postgres\n": kept without the database name.
    const std::size_t slash = r.out.rfind('/');
    if (r.code != 0 || slash == std::string::npos) {
      std::fprintf(stderr, "tests/pg_server.sh start failed (exit %d): %s\n", r.code,
                   r.out.c_str());
      std::filesystem::remove_all(dir);
      return nullptr;
    }
    return std::unique_ptr<PgServer>(new PgServer(dir, r.out.substr(0, slash + 1)));
  }

  std::filesystem::path dir_;
  std::string conninfo_;  // up to the database name: "postgresql://hhaudit@127.0.0.1:PORT/"
};

}  // namespace hh::test
