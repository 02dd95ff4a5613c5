// Reviews of findings (issue 35.5): an auditor's mark on a finding, confirmed with the site,
// dismissed with a reason, or open again. Findings are deleted and written again by re-audits and
// by the checks between hands, so a review is keyed by what stays: the hand's identity (site,
// site_hand_id) and the finding's code, player and street ('' when the finding has none), never
// by a discrepancy_id. The DDL and the statements are the same in SQLite and PostgreSQL.
#pragma once

#include <string>
#include <string_view>

namespace hh::db {

// The statuses a review may have, as stored in reviews.status.
inline constexpr std::string_view kReviewStatuses[] = {"open", "confirmed", "dismissed"};

// One review, as `hhaudit review` writes it.
struct Review {
  std::string site;
  std::string site_hand_id;
  std::string code;
  std::string player;  // '' when the finding names none
  std::string street;  // '' when the finding has none
  std::string status;  // one of kReviewStatuses
  std::string note;
  std::string reviewed_by;
  std::string reviewed_at;  // UTC, "YYYY-MM-DDTHH:MM:SSZ"
};

// The reviews table (schema 15) is declared with the others in db/schema/declaration.cpp.

// Writes a review, replacing the one of the same finding: parameters 1-9 in Review's order, as
// `placeholder(i)` spells them ("?" in SQLite, "$i" in PostgreSQL).
template <typename Placeholder>
std::string upsert_review_sql(Placeholder placeholder) {
  std::string sql =
      "INSERT INTO reviews (site, site_hand_id, code, player, street, status, note, reviewed_by, "
      "reviewed_at) VALUES (";
  for (int i = 1; i <= 9; ++i) sql += (i > 1 ? ", " : "") + placeholder(i);
  sql +=
      ") ON CONFLICT (site, site_hand_id, code, player, street) DO UPDATE SET status = "
      "excluded.status, note = excluded.note, reviewed_by = excluded.reviewed_by, reviewed_at = "
      "excluded.reviewed_at";
  return sql;
}

// The findings a review key names, for a query over v_findings: each finding row with the key
// columns a Review needs (site, site_hand_id, code, player, street), NULLs as ''.
inline constexpr std::string_view kFindingKeyColumns =
    "discrepancy_id, site, COALESCE(site_hand_id, ''), code, COALESCE(player, ''), "
    "COALESCE(street, '')";

// Every review with whether its finding is stored now (a review outlives a finding the site's
// hands no longer show, e.g. after a fix of the rules): what `hhaudit review --list` prints.
inline constexpr std::string_view kListReviewsSql =
    "SELECT r.site, r.site_hand_id, r.code, r.player, r.street, r.status, r.note, r.reviewed_by, "
    "r.reviewed_at, (SELECT COUNT(*) FROM v_findings f WHERE f.site = r.site AND f.site_hand_id = "
    "r.site_hand_id AND f.code = r.code AND COALESCE(f.player, '') = r.player AND "
    "COALESCE(f.street, '') = r.street) AS findings_now FROM reviews r ORDER BY r.site, "
    "r.site_hand_id, r.code, r.player, r.street";

// The condition on a hand `h` of ReadFilter::unreviewed: an error or warning of the hand that no
// review marks ("" without the filter).
inline std::string_view unreviewed_hand_sql(bool unreviewed) {
  return unreviewed ? " AND EXISTS (SELECT 1 FROM v_findings f WHERE f.hand_id = h.hand_id AND "
                      "f.severity <> 'info' AND f.review_status = 'open')"
                    : "";
}

}  // namespace hh::db
