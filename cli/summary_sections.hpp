// What `hhaudit summary` prints and the HTML report shows: the store's totals and breakdowns as
// titled tables, the verdict first, and the checks of their filter options.
#pragma once

#include <string>

#include "db/store.hpp"

namespace hh::cli {

// The verdict, what a manager reads first (docs/report.md):
//  "verdict":        figure, value: hands read, audited (parsed) and not, files not read, hands
//                    with an error of the site, hands with a gap of hhaudit;
//  "site_errors":    code, severity, hands, findings: the site's errors then its warnings (notes
//                    left out), most hands first, at most `top`;
//  "money_in_error": currency, unit, hands_in_error, money_in_error (minor units), amount (as it
//                    reads: "12.50 USD", "600 chips"): one row per currency and unit, never added
//                    across them;
//  "gaps":           code, severity, hands, findings: what hhaudit could not judge (codes that
//                    blame hhaudit), errors, warnings then notes.
//  "reviews":        once the database holds a review (or with `unreviewed`): code, severity,
//                    unreviewed, confirmed, dismissed: the site's errors and warnings by how
//                    reviews mark them (`hhaudit review`; a dismissed finding is the reviewer's
//                    "not the site's error", counted apart).
// With `unreviewed` (summary --unreviewed), "site_errors" counts only the findings no review
// marks, and "unreviewed" (finding, site, site_hand_id, code, severity, player, street,
// difference, path, line) lists the first `top` of them, errors first.
// Then the detail: "totals" (figure, value), the store's breakdowns in order with "codes" (every
// code, errors first, then warnings, then notes, most hands first in each, at most `top`) before
// "rake" (db::Store::breakdowns).
db::Sections summary_sections(db::StoreReader& store, const db::ReadFilter& filter, int top,
                              bool unreviewed = false);

// The "reviews" section of summary_sections.
db::QueryResult reviews_table(db::StoreReader& store, const db::ReadFilter& filter);

// What concerns one player (`summary --player`, `report --player`; docs/report.md):
//  "player":          currency, unit, hands, net (minor units), amount: the hands the player was
//                     dealt into and the net won, per currency and unit;
//  "player_findings": code, severity, blame, currency, unit, hands, findings, difference (actual
//                     minus expected, minor units, summed over money findings; NULL for findings
//                     without amounts or whose amounts are counts or seats: amount_unit),
//                     amount: the findings that name the player, errors first.
db::Sections player_sections(db::StoreReader& store, const db::ReadFilter& filter,
                             const std::string& player);

// Errors first, then warnings, then notes; in each, the most hands first, then by code: a note
// found in every hand never hides an error found in one (summary, report, audit's code table).
std::vector<db::StoreTotals::Code> by_importance(std::vector<db::StoreTotals::Code> codes);

// The sections summary_sections puts before the detail, the verdict's.
inline constexpr const char* kVerdictSections[] = {"verdict", "site_errors", "money_in_error",
                                                   "gaps"};

// `text` as an SQL string literal: quotes doubled (the SQL of both stores).
std::string sql_text(const std::string& text);

// The filter of --site and --since: `since` a date YYYY-MM-DD or empty, `site` a format's name or
// a site the store holds. Throws std::invalid_argument with what is wrong.
db::ReadFilter read_filter(db::StoreReader& store, const std::string& site,
                           const std::string& since);

}  // namespace hh::cli
