#include "cli/summary_sections.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <stdexcept>

#include "cli/site_names.hpp"
#include "db/integrity_rows.hpp"
#include "report/money_units.hpp"
#include "report/result_cells.hpp"

namespace hh::cli {

namespace {

using T = db::CellType;

db::QueryResult table_of(std::vector<std::string> columns) {
  db::QueryResult r;
  r.columns = std::move(columns);
  return r;
}

void add_figure(db::QueryResult& r, const char* figure, long value) {
  r.rows.push_back({figure, std::to_string(value)});
  r.types.push_back({T::Text, T::Integer});
}

db::QueryResult totals_table(const db::StoreTotals& t) {
  db::QueryResult r = table_of({"figure", "value"});
  long findings = 0;
  for (const auto& c : t.codes) findings += c.rows;
  add_figure(r, "files_read", t.files_audited);
  add_figure(r, "files_unsupported", t.files_unsupported);
  add_figure(r, "files_without_hands", t.files_without_hands);
  add_figure(r, "files_unreadable", t.files_unreadable);
  add_figure(r, "files_interrupted", t.files_interrupted);
  add_figure(r, "hands", t.hands);
  add_figure(r, "parsed", t.hands - t.unparsed);
  add_figure(r, "unparsed", t.unparsed);
  add_figure(r, "hands_with_errors", t.hands_with_errors);
  add_figure(r, "hands_with_gaps", t.hands_with_gaps);
  add_figure(r, "findings", findings);
  return r;
}

db::QueryResult verdict_table(const db::StoreTotals& t) {
  db::QueryResult r = table_of({"figure", "value"});
  add_figure(r, "hands_read", t.hands);
  add_figure(r, "hands_audited", t.hands - t.unparsed);
  add_figure(r, "hands_not_audited", t.unparsed);
  add_figure(
      r, "files_not_read",
      t.files_unsupported + t.files_without_hands + t.files_unreadable + t.files_interrupted);
  add_figure(r, "hands_with_site_errors", t.hands_with_errors);
  add_figure(r, "hands_with_gaps", t.hands_with_gaps);
  return r;
}

// The stored signals counted by kind (kind, signals, hands_cited). With --since: those that cite a
// hand started on or after the date, and only such hands counted (the signals themselves are
// computed over the whole store).
db::QueryResult integrity_signals_table(db::StoreReader& store, const db::ReadFilter& filter) {
  if (filter.since.empty())
    return store.query(db::integrity_signal_counts_sql(filter.site)).front();
  std::map<std::string, std::pair<long, long>> by_kind;  // kind -> (signals, hands cited)
  const std::vector<db::QueryResult> stored =
      store.query(db::stored_integrity_signals_sql(filter.site));
  for (const auto& row : stored.front().rows) {
    const std::string ids = row[10].value_or("");  // "12,15,99", written by the store
    if (ids.empty() || ids.find_first_not_of("0123456789,") != std::string::npos) continue;
    const auto cited = store.query("SELECT count(*) FROM hands WHERE hand_id IN (" + ids +
                                   ") AND started_at_utc >= " + sql_text(filter.since));
    const long n = std::stol(cited.front().rows.front().front().value_or("0"));
    if (n == 0) continue;
    auto& [signals, hands] = by_kind[row[0].value_or("")];
    ++signals;
    hands += n;
  }
  db::QueryResult r = table_of({"kind", "signals", "hands_cited"});
  for (const auto& [kind, counts] : by_kind) {
    r.rows.push_back({kind, std::to_string(counts.first), std::to_string(counts.second)});
    r.types.push_back({T::Text, T::Integer, T::Integer});
  }
  return r;
}

int severity_rank(const std::string& severity) {
  return severity == "error" ? 0 : severity == "warning" ? 1 : 2;
}

}  // namespace

std::string sql_text(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::vector<db::StoreTotals::Code> by_importance(std::vector<db::StoreTotals::Code> codes) {
  std::stable_sort(codes.begin(), codes.end(), [](const auto& a, const auto& b) {
    const int ra = severity_rank(a.severity), rb = severity_rank(b.severity);
    if (ra != rb) return ra < rb;
    if (a.hands != b.hands) return a.hands > b.hands;
    return a.code < b.code;
  });
  return codes;
}

namespace {

// The codes `keep` selects, most important first, at most `top`; with the blame column or not.
template <typename Keep>
db::QueryResult codes_table(const std::vector<db::StoreTotals::Code>& codes, int top,
                            bool with_blame, const char* count_column, Keep keep) {
  db::QueryResult r = with_blame ? table_of({"code", "severity", "blame", "hands", count_column})
                                 : table_of({"code", "severity", "hands", count_column});
  for (const auto& c : codes) {
    if (static_cast<int>(r.rows.size()) == top) break;
    if (!keep(c)) continue;
    std::vector<std::optional<std::string>> row{c.code, c.severity};
    if (with_blame) row.emplace_back(c.blame);
    row.emplace_back(std::to_string(c.hands));
    row.emplace_back(std::to_string(c.rows));
    r.rows.push_back(std::move(row));
    r.types.push_back(with_blame ? std::vector{T::Text, T::Text, T::Text, T::Integer, T::Integer}
                                 : std::vector{T::Text, T::Text, T::Integer, T::Integer});
  }
  return r;
}

// The "money" breakdown (by site, month, currency and unit) added up by currency and unit only.
db::QueryResult money_in_error_table(const db::Sections& breakdowns) {
  struct Sum {
    long long hands{0}, minor{0};
  };
  std::map<report::MoneyUnit, Sum> sums;
  if (const db::QueryResult* m = report::section(breakdowns, "money")) {
    for (std::size_t i = 0; i < m->rows.size(); ++i) {
      const report::MoneyUnit u{
          report::cell(*m, i, "currency"),
          static_cast<long>(report::number(report::cell(*m, i, "unit")).value_or(1))};
      Sum& s = sums[u];
      s.hands += report::number(report::cell(*m, i, "hands_in_error")).value_or(0);
      s.minor += report::number(report::cell(*m, i, "money_in_error")).value_or(0);
    }
  }
  db::QueryResult r = table_of({"currency", "unit", "hands_in_error", "money_in_error", "amount"});
  for (const auto& [u, s] : sums) {
    if (s.hands == 0 && s.minor == 0) continue;  // a unit no hand is in error in
    r.rows.push_back({u.currency, std::to_string(u.unit), std::to_string(s.hands),
                      std::to_string(s.minor), report::money_text(s.minor, u)});
    r.types.push_back(
        {u.currency ? T::Text : T::Null, T::Integer, T::Integer, T::Integer, T::Text});
  }
  return r;
}

// The hands `filter` selects, as SQL on `h` (hands): its site and date; its files are never set by
// summary or report.
std::string hands_where(const db::ReadFilter& filter) {
  std::string where = "1 = 1";
  if (!filter.site.empty()) where += " AND h.site = " + sql_text(filter.site);
  if (!filter.since.empty()) where += " AND h.started_at_utc >= " + sql_text(filter.since);
  return where;
}

// The one result of `sql` (portable SQL, read through Store::query), with `amount` added: the
// minor units of `minor_column` as they read in each row's currency and unit.
db::QueryResult with_amount(db::StoreReader& store, const std::string& sql,
                            const char* minor_column) {
  std::vector<db::QueryResult> results = store.query(sql);
  db::QueryResult r = results.empty() ? db::QueryResult{} : std::move(results.front());
  r.columns.emplace_back("amount");
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const report::MoneyUnit u{
        report::cell(r, i, "currency"),
        static_cast<long>(report::number(report::cell(r, i, "unit")).value_or(1))};
    const auto minor = report::number(report::cell(r, i, minor_column));
    r.rows[i].emplace_back(minor ? std::optional(report::money_text(*minor, u)) : std::nullopt);
    if (i < r.types.size()) r.types[i].push_back(minor ? T::Text : T::Null);
  }
  return r;
}

// The site's errors and warnings under `where` (SQL on v_findings `f` and hands `h`).
std::string site_findings_from(const std::string& where) {
  return " FROM v_findings f JOIN hands h ON h.hand_id = f.hand_id WHERE f.blame = 'site' AND "
         "f.severity <> 'info' AND " +
         where;
}

constexpr const char* kSeverityOrder = "CASE f.severity WHEN 'error' THEN 0 ELSE 1 END";

db::QueryResult first_result(db::StoreReader& store, const std::string& sql) {
  std::vector<db::QueryResult> results = store.query(sql);
  return results.empty() ? db::QueryResult{} : std::move(results.front());
}

}  // namespace

db::QueryResult reviews_table(db::StoreReader& store, const db::ReadFilter& filter) {
  return first_result(
      store,
      "SELECT f.code, f.severity, SUM(CASE WHEN f.review_status = 'open' THEN 1 ELSE 0 END) AS "
      "unreviewed, SUM(CASE WHEN f.review_status = 'confirmed' THEN 1 ELSE 0 END) AS confirmed, "
      "SUM(CASE WHEN f.review_status = 'dismissed' THEN 1 ELSE 0 END) AS dismissed" +
          site_findings_from(hands_where(filter)) + " GROUP BY f.code, f.severity ORDER BY " +
          kSeverityOrder + ", COUNT(*) DESC, f.code");
}

db::Sections unreviewed_sections(db::StoreReader& store, const db::ReadFilter& filter, int top) {
  const std::string from =
      site_findings_from(hands_where(filter) + " AND f.review_status = 'open'");
  const std::string limit = " LIMIT " + std::to_string(top);
  return {{"site_errors",
           first_result(store,
                        "SELECT f.code, f.severity, COUNT(DISTINCT "
                        "f.hand_id) AS hands, COUNT(*) AS findings" +
                            from + " GROUP BY f.code, f.severity ORDER BY " + kSeverityOrder +
                            ", COUNT(DISTINCT f.hand_id) DESC, f.code" + limit)},
          {"unreviewed",
           first_result(store,
                        "SELECT f.discrepancy_id AS finding, f.site, "
                        "f.site_hand_id, f.code, f.severity, f.player, f.street, "
                        "f.difference, f.path, f.line" +
                            from + " ORDER BY " + kSeverityOrder + ", f.discrepancy_id" + limit)}};
}

db::Sections player_sections(db::StoreReader& store, const db::ReadFilter& filter,
                             const std::string& player) {
  const std::string who = sql_text(player), where = hands_where(filter);
  // Hands and net won per currency and unit (never added across them).
  const std::string results =
      "SELECT h.currency, h.unit, count(*) AS hands, sum(p.net) AS net FROM hand_players p JOIN "
      "hands h ON h.hand_id = p.hand_id WHERE p.player = " +
      who + " AND " + where +
      " GROUP BY h.currency, h.unit ORDER BY h.currency IS NULL, h.currency, h.unit";
  // The findings that name the player, errors first; `difference` = actual - expected summed,
  // of the money findings only (a count or a seat is no money: amount_unit).
  const std::string findings =
      "SELECT d.code, d.severity, d.blame, h.currency, h.unit, count(DISTINCT d.hand_id) AS "
      "hands, count(*) AS findings, sum(CASE WHEN d.amount_unit IS NULL THEN d.actual - "
      "d.expected END) AS difference FROM discrepancies "
      "d JOIN hands h ON h.hand_id = d.hand_id WHERE d.player = " +
      who + " AND " + where +
      " GROUP BY d.code, d.severity, d.blame, h.currency, h.unit ORDER BY CASE d.severity WHEN "
      "'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, count(DISTINCT d.hand_id) DESC, d.code, "
      "h.currency, h.unit";
  return {{"player", with_amount(store, results, "net")},
          {"player_findings", with_amount(store, findings, "difference")}};
}

db::Sections summary_sections(db::StoreReader& store, const db::ReadFilter& filter, int top,
                              bool unreviewed) {
  const db::StoreTotals totals = store.totals(filter);
  const std::vector<db::StoreTotals::Code> codes = by_importance(totals.codes);
  db::Sections breakdowns = store.breakdowns(filter);
  db::Sections sections{
      {"verdict", verdict_table(totals)},
      {"site_errors",
       codes_table(codes, top, false, "findings",
                   [](const auto& c) { return c.blame == "site" && c.severity != "info"; })},
      {"money_in_error", money_in_error_table(breakdowns)},
      {"gaps", codes_table(codes, top, false, "findings",
                           [](const auto& c) { return c.blame == "hhaudit"; })},
      {"totals", totals_table(totals)}};
  // The reviews once there is one (a database no one reviewed reads as before).
  if (unreviewed || first_result(store, "SELECT count(*) FROM reviews").rows.at(0).at(0) != "0")
    sections.insert(sections.begin() + 4, {"reviews", reviews_table(store, filter)});
  if (unreviewed) {
    // The site's errors and warnings no review marks yet, then each of them (finding:ID).
    db::Sections open = unreviewed_sections(store, filter, top);
    sections[1].second = std::move(open[0].second);
    sections.insert(sections.begin() + 5, std::move(open[1]));
  }
  for (auto& section : breakdowns) {
    if (section.first == "rake")
      sections.emplace_back(
          "codes", codes_table(codes, top, true, "rows", [](const auto&) { return true; }));
    sections.push_back(std::move(section));
  }
  // The signals across hands stored by the last computation (of the whole store).
  sections.emplace_back("integrity_signals", integrity_signals_table(store, filter));
  return sections;
}

db::ReadFilter read_filter(db::StoreReader& store, const std::string& site,
                           const std::string& since) {
  if (!since.empty() && !std::regex_match(since, std::regex(R"(\d{4}-\d{2}-\d{2})")))
    throw std::invalid_argument("--since must be a date YYYY-MM-DD");
  // A format's name, or a room a format reads that the database holds (runitonce, ...).
  if (!site.empty()) check_site_name(site, store.sites());
  return {site, since, {}};
}

}  // namespace hh::cli
