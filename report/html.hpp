// The HTML report (`hhaudit report --html`): one self-contained offline page a compliance officer
// can mail. The verdict first (docs/report.md), then figures, charts (Chart.js, inlined), sortable
// tables and, for each hand with findings, its replay. Everything the page shows comes from the
// store's reads; every text it embeds is escaped for where it goes (HTML text and attributes, JSON
// inside <script>), so a player named `<svg/onload=alert(1)>` shows as text and runs nothing.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "db/result.hpp"

namespace hh::report {

struct HtmlReport {
  std::string title;     // "hhaudit report"
  std::string scope;     // what was read, for the header: "audit.db, site pokerstars, since ..."
  db::Sections summary;  // the sections of `hhaudit summary`: totals, files, hands, money, codes,
                         // rake (docs/schema.md, "Reading the results")
  std::vector<db::Sections> hands;  // Store::explain_hand of each hand replayed
  long hands_with_findings{0};      // of which `hands` are the first (most money in error first)
  std::string chart_js;             // Chart.js (Debian's libjs-chart.js), inlined as is
  std::string player;               // --player: whose section follows the verdict ("" none)
  db::Sections player_sections;     // cli::player_sections of `player`
  // The stored signals across hands (db/integrity_rows.hpp, stored_integrity_signals_sql), and
  // the replays of the hands they cite that `hands` does not hold (docs/integrity.md).
  db::QueryResult integrity;
  std::vector<db::Sections> signal_hands;
};

// The page, UTF-8.
void write_html_report(std::ostream& out, const HtmlReport& report);

// `text` as HTML text or a quoted attribute value: & < > " ' escaped.
std::string html_escape(std::string_view text);

// `json` made safe inside a <script> element: <, > and & as \u escapes (valid JSON still, and no
// "</script>" or "<!--" can end or change the element).
std::string json_for_script(std::string_view json);

}  // namespace hh::report
