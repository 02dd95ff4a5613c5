// The tables and columns a store's database holds (partitions left out), read through the store:
// what tests compare between the dialects, and between a migrated database and a new one.
#pragma once

#include <set>
#include <string>
#include <utility>

#include "db/schema/declaration.hpp"
#include "db/store.hpp"

namespace hh::test {

using SchemaColumns = std::set<std::pair<std::string, std::string>>;

// Every (table, column) of the database `db` (a SQLite path or a PostgreSQL URI).
inline SchemaColumns schema_columns(const std::string& db) {
  static constexpr const char* kSqlite =
      "SELECT m.name, c.name FROM sqlite_master m, pragma_table_xinfo(m.name) c "
      "WHERE m.type = 'table'";
  static constexpr const char* kPostgres =
      "SELECT c.table_name, c.column_name FROM information_schema.columns c "
      "JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace "
      "WHERE c.table_schema = 'public' AND k.relkind IN ('r', 'p') AND NOT k.relispartition";
  const bool postgres = db.starts_with("postgres") || db.find('=') != std::string::npos;
  SchemaColumns out;
  for (const auto& r :
       db::open_store(db, db::OpenMode::ReadOnly)->query(postgres ? kPostgres : kSqlite))
    for (const auto& row : r.rows) out.insert({row.at(0).value(), row.at(1).value()});
  return out;
}

// `columns` without what the declaration keeps to PostgreSQL (its own tables, the month of play of
// its partitioned tables): what a PostgreSQL database holds as a SQLite one does.
inline SchemaColumns without_postgres_only(const SchemaColumns& columns) {
  SchemaColumns out;
  for (const auto& [table, column] : columns) {
    bool postgres_only = false;
    for (const db::schema::Table& t : db::schema::tables())
      if (t.name == table)
        postgres_only =
            t.only == db::schema::Only::Postgres || (t.by_month && column == "play_month");
    if (!postgres_only) out.insert({table, column});
  }
  return out;
}

}  // namespace hh::test
