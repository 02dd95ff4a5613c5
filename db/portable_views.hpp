// The views whose SQL is the same in SQLite and PostgreSQL (docs/schema.md), each as
// "name AS SELECT ...;": each store's schema creates them with its own CREATE VIEW.
#pragma once

#include <string>
#include <string_view>

#include "model/finding_codes.hpp"

namespace hh::db {

// The blame of a finding from its code, as SQL (the registry's Blame: model/finding_codes.hpp):
// the generated column `blame` of discrepancies and tournament_findings. A code whose blame
// changes is a schema change (the migration makes the column again).
inline std::string blame_case_sql() {
  std::string sql = "CASE WHEN code IN (";
  bool first = true;
  for (const FindingCodeInfo& c : kFindingCodes) {
    if (c.blame != Blame::Hhaudit) continue;
    if (!first) sql += ", ";
    first = false;
    sql += '\'';
    sql += c.name;
    sql += '\'';
  }
  sql += ") THEN 'hhaudit' ELSE 'site' END";
  return sql;
}

// `ddl` with each "@BLAME@" (where a table's DDL declares its blame column) replaced by
// blame_case_sql().
inline std::string with_blame(std::string_view ddl) {
  static constexpr std::string_view kMark = "@BLAME@";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = ddl.find(kMark, from)) != std::string_view::npos;
       from = at + kMark.size()) {
    out += ddl.substr(from, at - from);
    out += blame_case_sql();
  }
  out += ddl.substr(from);
  return out;
}

// v_findings: review_status 'open' for a finding no review marks (db/reviews.hpp; schema 15).
inline constexpr std::string_view kPortableViews[] = {
    R"sql(v_findings AS
SELECT d.discrepancy_id,
       f.path,
       COALESCE(d.line, h.line) AS line,
       h.site,
       h.site_hand_id,
       h.hand_id,
       d.code,
       d.severity,
       d.blame,
       d.street,
       d.seat,
       d.player,
       d.expected,
       d.actual,
       CASE WHEN d.amount_unit IS NULL THEN d.actual - d.expected END AS difference,
       d.amount_unit,
       h.unit,
       h.currency,
       d.message,
       d.cause_id,
       d.related_hand_id,
       r.site_hand_id AS related_site_hand_id,
       COALESCE(rv.status, 'open') AS review_status,
       rv.note AS review_note
FROM discrepancies d
JOIN hands h ON h.hand_id = d.hand_id
JOIN files f ON f.file_id = h.file_id
LEFT JOIN hands r ON r.hand_id = d.related_hand_id
LEFT JOIN reviews rv ON rv.site = h.site AND rv.site_hand_id = h.site_hand_id AND
                        rv.code = d.code AND rv.player = COALESCE(d.player, '') AND
                        rv.street = COALESCE(d.street, '');)sql",
    R"sql(v_code_counts AS
SELECT code,
       severity,
       blame,
       COUNT(*) AS count,
       COUNT(DISTINCT hand_id) AS hands
FROM discrepancies
GROUP BY code, severity, blame
ORDER BY count DESC, code, severity;)sql",
    R"sql(v_conflicts AS
SELECT c.conflict_id,
       c.site,
       c.site_hand_id,
       c.existing_hand_id,
       ef.path AS existing_path,
       e.line AS existing_line,
       e.content_sha256 AS existing_sha256,
       nf.path AS new_path,
       c.line AS new_line,
       c.content_sha256 AS new_sha256,
       c.recorded_at
FROM hand_conflicts c
JOIN hands e ON e.hand_id = c.existing_hand_id
JOIN files ef ON ef.file_id = e.file_id
JOIN files nf ON nf.file_id = c.file_id;)sql",
    // Each player's results per site, currency and unit (money of two never adds up): the hands
    // dealt into, the net won, and the hands where an error of the site names the player (the one
    // short-changed or paid too much). Schema 13 (issue 35).
    R"sql(players AS
SELECT p.player,
       h.site,
       h.currency,
       h.unit,
       COUNT(*) AS hands,
       SUM(p.net) AS net,
       SUM(CASE WHEN EXISTS (SELECT 1 FROM discrepancies d WHERE d.hand_id = p.hand_id AND
                                d.player = p.player AND d.severity = 'error' AND
                                d.blame = 'site') THEN 1 ELSE 0 END) AS hands_named_in_errors
FROM hand_players p
JOIN hands h ON h.hand_id = p.hand_id
GROUP BY p.player, h.site, h.currency, h.unit;)sql",
};

// Every portable view, each statement beginning with `create` ("CREATE VIEW IF NOT EXISTS ").
inline std::string portable_views_sql(std::string_view create) {
  std::string sql;
  for (const std::string_view view : kPortableViews) {
    sql += create;
    sql += view;
    sql += "\n\n";
  }
  return sql;
}

}  // namespace hh::db
