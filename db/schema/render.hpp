// Each dialect's DDL of the schema declared in db/schema/declaration.hpp: what a store runs on a
// new database, and the pieces its migrations make again.
#pragma once

#include <string>
#include <string_view>

#include "db/schema/declaration.hpp"

namespace hh::db::schema {

// The whole schema of `dialect`: every table (PostgreSQL: its functions first, and the DEFAULT
// partition after each table partitioned by month), index and view, each statement guarded with
// IF NOT EXISTS (SQLite) or IF NOT EXISTS / OR REPLACE (PostgreSQL).
std::string schema_sql(Dialect dialect);

// CREATE TABLE IF NOT EXISTS of the table `name` (PostgreSQL: and its DEFAULT partition), named
// `as_name` when given (a migration rebuilding a table under another name first).
std::string table_sql(Dialect dialect, std::string_view name, std::string_view as_name = {});

// CREATE [UNIQUE] INDEX IF NOT EXISTS of the index `name`.
std::string index_sql(std::string_view name);

// The column definition of `table`.`column` ("name TYPE constraints ..."), as ALTER TABLE ADD
// COLUMN takes it.
std::string column_sql(Dialect dialect, std::string_view table, std::string_view column);

}  // namespace hh::db::schema
