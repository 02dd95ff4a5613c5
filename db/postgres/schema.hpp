// The PostgreSQL schema of an audit database: the declaration's (db/schema/declaration.hpp;
// docs/schema.md) rendered for PostgreSQL, its big tables partitioned by month; an older database
// is brought to this build's version by the one migration list (db/schema/migrations.hpp), run
// from schema 4.
#pragma once

#include <string_view>

#include "db/postgres/connection.hpp"
#include "db/schema/declaration.hpp"

namespace hh::db::postgres {

// The version this build writes is the declaration's (schema::kSchemaVersion); PostgreSQL
// databases began at version 4.
inline constexpr int kFirstSchemaVersion = schema::kFirstPostgresSchemaVersion;

// Advisory lock keys (pg_advisory_lock(namespace, key)): the schema's creation and migration,
// and a file being audited (its file_id), so that concurrent writers never audit one file twice.
inline constexpr int kLockNamespace = 0x68686175;  // "hhau"
inline constexpr int kSchemaLockKey = 0;
// The making of a year's partitions (hh_create_partitions()).
inline constexpr int kPartitionLockKey = 1;
inline constexpr int kFileLockNamespace = 0x68686666;  // "hhff"
// A file's registration (begin_file), to its commit: hashtext(path). Two writers registering one
// path, one by digest and one by path and size (a file read once), do so one after the other.
inline constexpr int kPathLockNamespace = 0x68687061;  // "hhpa"
// Per table (site, table, tournament): the writers replacing its findings between hands.
inline constexpr int kSessionLockNamespace = 0x68687373;  // "hhss"
// Per site: the writers replacing its RAKE_OUTLIER findings (Store::replace_findings of a site).
inline constexpr int kRakeLockNamespace = 0x6868726b;  // "hhrk"
// Advisory locks of one tournament's summary: hashtext(site || '/' || tournament number).
inline constexpr int kTournamentLockNamespace = 0x68687472;  // "hhtr"

// The time now, as SQL: UTC, ISO 8601 with a Z, as SQLite's store writes every timestamp.
#define HH_PG_NOW "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"

// The DDL of the current version, every statement guarded with IF NOT EXISTS / OR REPLACE.
std::string_view schema_sql();

// Creates or migrates the schema in one transaction under an advisory lock (many writers may
// start at once on an empty database) and records schema_version. Throws for a database of a
// version this build does not know.
void apply_schema(Connection& c);

// The schema_version the database records; 0 for one without the meta table.
int schema_version(Connection& c);

}  // namespace hh::db::postgres
