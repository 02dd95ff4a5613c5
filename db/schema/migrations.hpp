// The migrations of an audit database, declared once for every store (docs/architecture.md, "How
// to add a migration"): one step a schema version, saying what the version brought and how an
// older database gets it. Plain DDL is declared (a table, a column, an index as the declaration
// has them now, rendered by db/schema/render.hpp for each dialect); a data transform whose SQL
// differs between the dialects is a function of each store's schema.cpp, named here. Each store
// runs the one list (migrate()): SQLite from schema 1, PostgreSQL from schema 4.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "db/schema/declaration.hpp"

namespace hh::db::sqlite {
class Database;
}
namespace hh::db::postgres {
class Connection;
}

namespace hh::db::schema {

// The operations of a step, run in their order. A table, column or index is the declaration's as
// it is now (a step that must keep an older shape writes it in a Transform).
struct CreateTable {  // where the declaration's `only` includes the dialect
  std::string_view name;
};
struct DropTable {
  std::string_view name;
};
struct AddColumn {  // where the table exists and lacks it (a table made by this build has it)
  std::string_view table;
  std::string_view column;
};
struct CreateIndex {  // where the declaration's `only` includes the dialect
  std::string_view name;
};
struct DropIndex {
  std::string_view name;
};
struct DropView {  // schema_sql() makes every view again after the migrations
  std::string_view name;
};
struct Sql {  // a statement the same in both dialects, or one dialect's own
  std::string_view sql;
  Only only{Only::Both};
};
struct Transform {  // a dialect's own function; none (nullptr) where the dialect has nothing to do
  void (*sqlite)(sqlite::Database&);
  void (*postgres)(postgres::Connection&);
};
using Operation = std::variant<CreateTable, DropTable, AddColumn, CreateIndex, DropIndex, DropView,
                               Sql, Transform>;

struct Migration {
  int version;              // the version it brings a database of version - 1 to
  std::string_view change;  // what the version brought, on both stores unless it says so
  std::vector<Operation> operations;
};

// migrations()[v - 2] brings a database of version v - 1 to v; the last brings it to
// kSchemaVersion (checked: std::logic_error otherwise).
const std::vector<Migration>& migrations();

// What a store gives the migrations: its dialect, its statements and what its database holds.
class MigrationTarget {
 public:
  virtual ~MigrationTarget() = default;
  virtual Dialect dialect() const = 0;
  virtual void exec(const std::string& sql) = 0;
  virtual bool has_table(std::string_view table) = 0;
  virtual bool has_column(std::string_view table, std::string_view column) = 0;
  // Calls the store's own function of `transform`, if it has one.
  virtual void run(const Transform& transform) = 0;
};

// Runs the steps that bring a database of `version` (> 0) to kSchemaVersion, inside the store's
// transaction; the store then runs schema_sql(), which makes every missing table, index and view.
void migrate(MigrationTarget& target, int version);

// The SQL an operation runs in `dialect` when the database lacks nothing it checks (what the
// tests and docs show; migrate() runs the same). Empty for a Transform and for an operation not
// of the dialect.
std::string operation_sql(Dialect dialect, const Operation& operation);

}  // namespace hh::db::schema

// The data transforms of the list whose SQL differs between the dialects, each defined in its
// store's schema.cpp (the comment there says what it does).
namespace hh::db::sqlite::transforms {
void files_status_and_pot_seats(Database& db);  // schema 2
void event_rows_to_log(Database& db);           // schema 4
void files_unreadable(Database& db);            // schema 7
}  // namespace hh::db::sqlite::transforms
namespace hh::db::postgres::transforms {
void files_unreadable_and_months(Connection& c);  // schema 7
void hand_keys_from_hands(Connection& c);         // schema 9
}  // namespace hh::db::postgres::transforms
