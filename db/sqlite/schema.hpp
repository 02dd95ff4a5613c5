// The SQLite schema of an audit database: the declaration's (db/schema/declaration.hpp; docs/
// schema.md describes every table) rendered for SQLite; an older database is brought to this
// build's version by the one migration list (db/schema/migrations.hpp), run from schema 1.
#pragma once

#include <string_view>

#include "db/schema/declaration.hpp"
#include "db/sqlite/database.hpp"

namespace hh::db::sqlite {

// The version this build writes, declared once for both stores (db/schema/declaration.hpp says
// what each version brought).
inline constexpr int kSchemaVersion = schema::kSchemaVersion;

// The DDL (tables, indexes, views) of kSchemaVersion, every statement guarded with IF NOT EXISTS.
std::string_view schema_sql();

// The secondary indexes a load into a database without hands builds once at its end instead of
// row by row (docs/performance.md): kept out of the way by drop_bulk_load_indexes(), made again,
// as schema_sql() defines them, by create_missing_indexes() (all of them), or
// create_missing_hand_indexes() (those of hands: what the checks between hands read by, before
// they write their findings). Not the unique keys (they decide duplicates) nor the indexes the
// writer reads by while loading (hand_conflicts by hand).
void drop_bulk_load_indexes(Database& db);
void create_missing_hand_indexes(Database& db);
void create_missing_indexes(Database& db);

// Sets the connection pragmas (WAL, synchronous=NORMAL, foreign_keys=ON), creates missing tables,
// indexes and views, migrates an older database to kSchemaVersion (in one transaction: on a
// failure the file is left as it was) and records schema_version. Throws if the database has a
// version this build does not know.
void apply_schema(Database& db);

// The schema_version a database records; 0 for a database without one (new or empty).
int schema_version(Database& db);

}  // namespace hh::db::sqlite
