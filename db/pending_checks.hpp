// The rows of pending_checks (docs/schema.md): the checks between hands a store owes
// (PendingChecks in db/store.hpp). The SQL is the same on SQLite and PostgreSQL but for the
// parameter marks ('?' or '$', numbered) and the writer's mark. A store records the rows of a
// batch's new hands in the batch's transaction (record_pending_check_sql), lists them
// (pending_checks_sql, add_pending_row) and deletes one in the transaction that stores its
// findings again (clear_pending_check_sql), before it reads the hands it checks.
#pragma once

#include <fmt/core.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "db/store.hpp"

namespace hh::db {

// One row of pending_checks, without its writer: kind 'table', 'tournament' or 'rake'.
struct PendingCheckRow {
  std::string_view kind;
  std::string site;
  std::string table_name;     // a table's, else ""
  std::string tournament_id;  // a table's or a tournament's, else ""
  auto operator<=>(const PendingCheckRow&) const = default;
};

inline PendingCheckRow table_check(const SessionKey& key) {
  return {"table", key.site, key.table_name, key.tournament_id};
}
inline PendingCheckRow tournament_check(const TournamentKey& key) {
  return {"tournament", key.site, "", key.tournament_id};
}
inline PendingCheckRow rake_check(const std::string& site) { return {"rake", site, "", ""}; }

// The row of a scope whose findings a check replaces (StoreWriter::replace_findings).
inline PendingCheckRow pending_check_row(const CheckScope& scope) {
  struct Row {
    PendingCheckRow operator()(const SessionKey& k) const { return table_check(k); }
    PendingCheckRow operator()(const TournamentKey& k) const { return tournament_check(k); }
    PendingCheckRow operator()(const RakeSite& s) const { return rake_check(s.site); }
  };
  return std::visit(Row{}, scope);
}

// The rows of `checks`, in a fixed order (every writer takes their locks in that order).
inline std::vector<PendingCheckRow> pending_check_rows(const PendingChecks& checks) {
  std::vector<PendingCheckRow> rows;
  for (const SessionKey& k : checks.tables) rows.push_back(table_check(k));
  for (const TournamentKey& k : checks.tournaments) rows.push_back(tournament_check(k));
  for (const std::string& s : checks.rake_sites) rows.push_back(rake_check(s));
  return rows;
}

// `rows` rows in one statement, in the order of their parameters (the lock order): parameters
// 4k+1 to 4k+4 the kind, site, table_name and tournament_id of row k. `writer`: the writer's mark
// (SQLite "0"; PostgreSQL "pg_backend_pid()").
inline std::string record_pending_checks_sql(char mark, std::string_view writer, std::size_t rows) {
  std::string sql =
      "INSERT INTO pending_checks(kind, site, table_name, tournament_id, writer) VALUES ";
  for (std::size_t k = 0; k < rows; ++k)
    sql += fmt::format("{0}({1}{2}, {1}{3}, {1}{4}, {1}{5}, {6})", k ? ", " : "", mark, 4 * k + 1,
                       4 * k + 2, 4 * k + 3, 4 * k + 4, writer);
  return sql + " ON CONFLICT DO NOTHING";
}

// One row: parameters 1 to 4.
inline std::string record_pending_check_sql(char mark, std::string_view writer) {
  return record_pending_checks_sql(mark, writer, 1);
}

// Parameters 1 to 4 as record_pending_check_sql's: every writer's row of the check.
inline std::string clear_pending_check_sql(char mark) {
  return fmt::format(
      "DELETE FROM pending_checks WHERE kind = {0}1 AND site = {0}2 AND table_name = {0}3 AND "
      "tournament_id = {0}4",
      mark);
}

// Columns kind, site, table_name, tournament_id, for add_pending_row.
inline constexpr std::string_view kPendingChecksSql =
    "SELECT DISTINCT kind, site, table_name, tournament_id FROM pending_checks";

// A row of kPendingChecksSql into `checks`.
inline void add_pending_row(PendingChecks& checks, std::string_view kind, std::string site,
                            std::string table_name, std::string tournament_id) {
  if (kind == "table") {
    checks.tables.insert({std::move(site), std::move(table_name), std::move(tournament_id)});
  } else if (kind == "tournament") {
    checks.tournaments.insert({std::move(site), std::move(tournament_id)});
  } else if (kind == "rake") {
    checks.rake_sites.insert(std::move(site));
  }
}

}  // namespace hh::db
