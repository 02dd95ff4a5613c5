// The schema of an audit database, declared once for every store (docs/schema.md describes each
// table; docs/architecture.md says how to add a table or a migration): tables with portable column
// types, keys, indexes and views, from which db/schema/render.hpp writes each dialect's DDL
// (SQLite: db/sqlite/schema.cpp; PostgreSQL: db/postgres/schema.cpp, which also partitions the big
// tables by month of play).
#pragma once

#include <string_view>
#include <vector>

namespace hh::db::schema {

// Bumped whenever a table, column or view changes meaning; stored in meta(schema_version). What
// each version brought, and how an older database gets it: db/schema/migrations.hpp, one step a
// version for both stores.
inline constexpr int kSchemaVersion = 24;

// The first schema version of PostgreSQL's store (older databases are SQLite's only).
inline constexpr int kFirstPostgresSchemaVersion = 4;

enum class Dialect { Sqlite, Postgres };

// The portable column types, and what each dialect makes of them (render.cpp).
enum class Type {
  Key,     // the table's row id: SQLite INTEGER PRIMARY KEY; PostgreSQL bigint identity
  Int,     // seats, lines, counts, flags: INTEGER / integer
  BigInt,  // ids and money (minor units): INTEGER / bigint
  Text,    // text; timestamps too, ISO 8601 UTC, so that the read queries are the same SQL
  Json,    // TEXT / json
  Real,    // a statistic (never money): REAL / double precision
  Date,    // PostgreSQL's month of play (only in its own tables and columns)
  Blame,   // who a finding blames, generated from its code: VIRTUAL / STORED
};

enum class Only { Both, Sqlite, Postgres };

// A column's foreign key. A reference to a table partitioned by month (Table::by_month) is kept on
// PostgreSQL only when the referring table is partitioned by the same month (`same_month`): then
// as a key of (column, play_month); a partitioned table has no key on its id alone. `only`: the
// dialects that keep it (PostgreSQL checks a key a row at a time, a query each: a key its writer
// keeps by construction, in one transaction, is left to SQLite where that costs it much).
struct Reference {
  std::string_view table;
  std::string_view column;
  bool cascade{false};     // ON DELETE CASCADE
  bool same_month{false};  // the referred row is of the referring row's month of play
  Only only{Only::Both};
};

struct Column {
  std::string_view name;
  Type type;
  // Portable SQL after the type: "NOT NULL", "DEFAULT 0", "UNIQUE", "PRIMARY KEY", "CHECK (...)",
  // "CONSTRAINT name CHECK (...)" (a constraint a migration drops by name).
  std::string_view constraints{};
  Reference references{};      // none when `table` is empty
  std::string_view comment{};  // written above the column, in both dialects
};

// A table constraint as portable SQL ("CONSTRAINT name CHECK (...)", "FOREIGN KEY ..."), in the
// dialects of `only` (as Reference::only).
struct TableConstraint {
  constexpr TableConstraint(std::string_view sql_, Only only_ = Only::Both)  // NOLINT: implicit
      : sql(sql_), only(only_) {}
  constexpr TableConstraint(const char* sql_) : sql(sql_) {}  // NOLINT: implicit
  std::string_view sql;
  Only only{Only::Both};
};

struct Table {
  std::string_view name;
  std::vector<Column> columns;
  std::string_view primary_key{};          // a key of several columns, "a, b"
  std::vector<std::string_view> unique{};  // "a, b" each
  std::vector<TableConstraint> constraints{};
  bool without_rowid{false};  // SQLite's storage of a table keyed by several columns
  // PostgreSQL: partitioned by RANGE of play_month (a date column added last, in every key; a
  // DEFAULT partition <name>_undated for the hands with no time, the months' partitions made by
  // hh_create_partitions(), a year each since schema 19). SQLite: an ordinary table.
  bool by_month{false};
  Only only{Only::Both};
};

struct Index {
  std::string_view name;
  std::string_view table;
  std::string_view columns;  // "a, b"
  bool unique{false};
  std::string_view where{};  // a partial index's condition
  Only only{Only::Both};
};

// A view whose SQL differs between the dialects ("name AS SELECT ..." without the name); the
// portable ones are db/portable_views.hpp's.
struct DialectView {
  std::string_view name;
  std::string_view sqlite;
  std::string_view postgres;
};

// In the order they are created (a table after those it refers to).
const std::vector<Table>& tables();
const std::vector<Index>& indexes();
const std::vector<DialectView>& dialect_views();

// PostgreSQL's functions of the partitioning by month of play (hh_play_month, hh_partition_of,
// hh_create_partitions),
// created before the tables.
std::string_view postgres_functions_sql();

// The table or index of that name; throws std::logic_error for none.
const Table& table(std::string_view name);
const Index& index(std::string_view name);

// Whether `only` includes `dialect`.
inline bool in_dialect(Only only, Dialect dialect) {
  return only == Only::Both || (only == Only::Sqlite) == (dialect == Dialect::Sqlite);
}

}  // namespace hh::db::schema
