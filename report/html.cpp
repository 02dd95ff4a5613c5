#include "report/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "model/amount_text.hpp"
#include "report/money_units.hpp"
#include "report/render.hpp"
#include "report/result_cells.hpp"

namespace hh::report {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string json_for_script(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    switch (c) {
      case '<':
        out += "\\u003c";
        break;
      case '>':
        out += "\\u003e";
        break;
      case '&':
        out += "\\u0026";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

using db::QueryResult;
using db::Sections;

std::string text(const Cell& c) { return c ? html_escape(*c) : std::string(); }

// Minor units as the hand's currency shows them ("12.50"); "" for NULL.
std::string money(const Cell& c, int unit) {
  const auto v = number(c);
  return v ? format_amount(*v, unit) : std::string();
}

// A finding's expected or actual in its amount_unit: money in the hand's unit, a count as the
// number, a seat as "seat N"; "" for NULL.
std::string finding_amount(const Cell& c, const Cell& amount_unit, int unit) {
  if (!amount_unit) return money(c, unit);
  if (!c) return {};
  return *amount_unit == "seat" ? "seat " + html_escape(*c) : html_escape(*c);
}

// The unit a row of a breakdown counts its money in (its columns currency and unit).
MoneyUnit row_unit(const QueryResult& r, std::size_t row) {
  return {cell(r, row, "currency"), static_cast<long>(number(cell(r, row, "unit")).value_or(1))};
}

// The columns of the breakdowns that hold money in minor units: shown in their row's unit.
bool is_money_column(std::string_view column) {
  return column == "money_in_error" || column == "rake" || column == "over_schedule" ||
         column == "under_schedule";
}

// One sortable table of a whole result: every column, numbers right-aligned and sorted as numbers.
// Money shows in its row's unit ("12.50", the currency in its column), and a money column sorts
// within each currency and unit (data-unit), never across them.
void table(std::ostream& out, const QueryResult& r, std::string_view id) {
  const bool has_unit = std::find(r.columns.begin(), r.columns.end(), "unit") != r.columns.end();
  out << "<table class=\"sortable\" id=\"" << html_escape(id) << "\"><thead><tr>";
  for (const std::string& c : r.columns)
    out << (has_unit && is_money_column(c) ? "<th data-money=\"1\">" : "<th>") << html_escape(c)
        << "</th>";
  out << "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const MoneyUnit u = row_unit(r, i);
    out << (has_unit ? "<tr data-unit=\"" + html_escape(money_unit_label(u)) + "\">" : "<tr>");
    for (std::size_t c = 0; c < r.columns.size(); ++c) {
      const Cell& v = c < r.rows[i].size() ? r.rows[i][c] : std::nullopt;
      const bool numeric =
          i < r.types.size() && c < r.types[i].size() &&
          (r.types[i][c] == db::CellType::Integer || r.types[i][c] == db::CellType::Float);
      const bool as_money = has_unit && is_money_column(r.columns[c]);
      out << (numeric ? "<td class=\"n\">" : "<td>")
          << (as_money ? money(v, static_cast<int>(u.unit)) : text(v)) << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

// The value of `figure` in a (figure, value) table; 0 if it has none.
long long figure_value(const QueryResult* r, std::string_view figure) {
  if (r)
    for (std::size_t i = 0; i < r->rows.size(); ++i)
      if (cell(*r, i, "figure") == std::string(figure))
        return number(cell(*r, i, "value")).value_or(0);
  return 0;
}

// A figure of the verdict in its sentence: the number marked for tests and readers' tools.
std::string verdict_number(const QueryResult* v, std::string_view key) {
  return fmt::format("<b data-verdict=\"{}\">{}</b>", key, figure_value(v, key));
}

// What a manager reads first (cli/summary_sections.hpp): how much was audited and what was not,
// the site's errors with the money in error per currency, then hhaudit's own gaps apart from them.
// A finding's review: its status ("open" when none), with the reviewer's note.
std::string review_cell(const QueryResult& f, std::size_t i) {
  const std::string status = cell(f, i, "review").value_or("open");
  const Cell note = cell(f, i, "review_note");
  return fmt::format("<td class=\"review\" data-review-status=\"{}\">{}{}</td>",
                     html_escape(status), html_escape(status),
                     note && !note->empty() ? ": " + html_escape(*note) : std::string());
}

// The site's errors and warnings as reviews mark them (`hhaudit review`): the dismissed ones, the
// reviewer's "not the site's error", counted apart from those confirmed and those not reviewed.
void reviews(std::ostream& out, const Sections& summary) {
  const QueryResult* r = section(summary, "reviews");
  if (!r) return;
  long long sums[3] = {0, 0, 0};
  const char* kColumns[3] = {"unreviewed", "confirmed", "dismissed"};
  for (std::size_t i = 0; i < r->rows.size(); ++i)
    for (int k = 0; k < 3; ++k) sums[k] += number(cell(*r, i, kColumns[k])).value_or(0);
  out << fmt::format(
      "<p>Reviewed: <b data-review=\"confirmed\">{}</b> findings confirmed with the site, <b "
      "data-review=\"dismissed\">{}</b> dismissed by a reviewer (not the site's errors), <b "
      "data-review=\"unreviewed\">{}</b> not reviewed.</p>\n",
      sums[1], sums[2], sums[0]);
  if (sums[1] + sums[2] > 0) table(out, *r, "verdict-reviews");
}

void verdict(std::ostream& out, const Sections& summary) {
  const QueryResult* v = section(summary, "verdict");
  const QueryResult* totals = section(summary, "totals");
  out << "<section id=\"verdict\"><h2>Verdict</h2>\n<p>" << verdict_number(v, "hands_audited")
      << " of " << verdict_number(v, "hands_read") << " hands audited; "
      << verdict_number(v, "hands_not_audited")
      << " not audited (hhaudit could not read them: PARSE_ERROR). "
      << verdict_number(v, "files_not_read")
      << " files not read: " << figure_value(totals, "files_unsupported")
      << " of a format hhaudit does not read, " << figure_value(totals, "files_without_hands")
      << " without a hand, " << figure_value(totals, "files_unreadable") << " unreadable, "
      << figure_value(totals, "files_interrupted") << " interrupted.</p>\n";
  out << "<h3>The site's errors</h3>\n<p>" << verdict_number(v, "hands_with_site_errors")
      << " hands with an error of the site. By kind (errors, then warnings):</p>\n";
  if (const QueryResult* e = section(summary, "site_errors")) table(out, *e, "verdict-errors");
  reviews(out, summary);
  out << "<p>Money in error, per currency (each hand's mistake counted once; chips are chips, "
         "never added to money):</p>\n<ul class=\"money\">\n";
  if (const QueryResult* m = section(summary, "money_in_error")) {
    for (std::size_t i = 0; i < m->rows.size(); ++i)
      out << "<li data-money=\"" << html_escape(money_unit_label(row_unit(*m, i))) << "\">"
          << text(cell(*m, i, "amount")) << " in " << text(cell(*m, i, "hands_in_error"))
          << " hands</li>\n";
    if (m->rows.empty()) out << "<li>none</li>\n";
  }
  out << "</ul>\n<h3>What hhaudit could not judge</h3>\n<p>" << verdict_number(v, "hands_with_gaps")
      << " hands hhaudit did not read whole (its gaps, never counted as the site's errors).</p>\n";
  if (const QueryResult* g = section(summary, "gaps")) table(out, *g, "verdict-gaps");
  out << "</section>\n";
}

// Overview: the totals as figures, and the money in error and rake per currency and unit.
void overview(std::ostream& out, const Sections& summary) {
  out << "<section id=\"overview\"><h2>Figures</h2><div class=\"figures\">\n";
  auto figure = [&](const std::string& key, const std::string& value, const std::string& label) {
    out << "<div class=\"figure\" data-figure=\"" << html_escape(key) << "\"><span class=\"v\">"
        << html_escape(value) << "</span><span class=\"k\">" << html_escape(label)
        << "</span></div>\n";
  };
  if (const QueryResult* t = section(summary, "totals")) {
    for (std::size_t i = 0; i < t->rows.size(); ++i) {
      const std::string name = cell(*t, i, "figure").value_or("");
      std::string label = name;
      std::replace(label.begin(), label.end(), '_', ' ');
      figure(name, cell(*t, i, "value").value_or(""), label);
    }
  }
  // Money never adds up across currencies, nor chips counted whole with chips in hundredths.
  struct ByUnit {
    long long money_in_error{0}, rake{0}, over{0};
  };
  std::map<MoneyUnit, ByUnit> units;
  if (const QueryResult* m = section(summary, "money"))
    for (std::size_t i = 0; i < m->rows.size(); ++i)
      units[row_unit(*m, i)].money_in_error += number(cell(*m, i, "money_in_error")).value_or(0);
  if (const QueryResult* r = section(summary, "rake")) {
    for (std::size_t i = 0; i < r->rows.size(); ++i) {
      ByUnit& u = units[row_unit(*r, i)];
      u.rake += number(cell(*r, i, "rake")).value_or(0);
      u.over += number(cell(*r, i, "over_schedule")).value_or(0);
    }
  }
  for (const auto& [unit, u] : units) {
    const std::string label = money_unit_label(unit);
    figure("money_in_error:" + label, money_text(u.money_in_error, unit),
           "money in error, " + label);
    if (u.rake || u.over) {
      figure("rake:" + label, money_text(u.rake, unit), "rake paid, " + label);
      figure("over_schedule:" + label, money_text(u.over, unit), "rake over schedule, " + label);
    }
  }
  out << "</div></section>\n";
}

void charts(std::ostream& out) {
  out << "<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">\n";
  const std::pair<const char*, const char*> list[] = {
      {"chart-codes", "Errors and warnings by code (hands)"},
      {"chart-sites", "Hands and hands with errors, by site"},
      {"chart-months", "Hands and hands with errors, by month"},
      {"chart-rake", "Rake over and under the schedule, % of the rake paid (per currency)"},
      {"chart-money", "Hands with money in error by month, per currency"},
  };
  for (const auto& [id, title] : list)
    out << "<figure><figcaption>" << title << "</figcaption><canvas id=\"" << id
        << "\" width=\"560\" height=\"300\"></canvas></figure>\n";
  out << "</div></section>\n";
}

// The detail tables: each section but the verdict's; the notes among the codes collapsed.
void detail_tables(std::ostream& out, const Sections& summary) {
  out << "<section id=\"tables\"><h2>Tables</h2>\n";
  for (const auto& [title, result] : summary) {
    if (title == "verdict" || title == "site_errors" || title == "money_in_error" ||
        title == "gaps" || title == "reviews")
      continue;
    out << "<h3>" << html_escape(title) << "</h3>\n";
    if (title != "codes") {
      table(out, result, "table-" + title);
      continue;
    }
    QueryResult judged = result, notes = result;  // the codes: errors and warnings, notes
    judged.rows.clear(), judged.types.clear(), notes.rows.clear(), notes.types.clear();
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
      QueryResult& to = cell(result, i, "severity") == std::string("info") ? notes : judged;
      to.rows.push_back(result.rows[i]);
      if (i < result.types.size()) to.types.push_back(result.types[i]);
    }
    table(out, judged, "table-codes");
    out << "<details id=\"notes\"><summary>" << notes.rows.size()
        << " codes of notes (info: what a hand does not print, what was not checked)</summary>\n";
    table(out, notes, "table-notes");
    out << "</details>\n";
  }
  out << "</section>\n";
}

// The hand's heading: where it is, its table, stakes, totals and money in error.
void replay_heading(std::ostream& out, const QueryResult& h, int unit) {
  const std::string id = cell(h, 0, "hand_id").value_or("");
  out << "<article class=\"hand\" id=\"hand-" << html_escape(id) << "\"><h3>"
      << text(cell(h, 0, "site")) << " hand " << text(cell(h, 0, "site_hand_id"))
      << " <small>(hand_id " << html_escape(id) << ")</small></h3>\n<p class=\"meta\">"
      << text(cell(h, 0, "path")) << ":" << text(cell(h, 0, "line")) << " · "
      << text(cell(h, 0, "started_at_utc")) << " UTC · table " << text(cell(h, 0, "table_name"))
      << " · " << text(cell(h, 0, "game")) << " " << text(cell(h, 0, "limit_type")) << " · "
      << text(cell(h, 0, "currency")) << " blinds " << money(cell(h, 0, "small_blind"), unit) << "/"
      << money(cell(h, 0, "big_blind"), unit) << " · total pot "
      << money(cell(h, 0, "total_pot"), unit) << " · rake " << money(cell(h, 0, "rake"), unit)
      << " · <b>money in error <span class=\"mie\">" << money(cell(h, 0, "money_in_error"), unit)
      << "</span></b></p>\n";
}

// Each player's seat, cards and money over the hand.
void replay_players(std::ostream& out, const QueryResult& p, int unit) {
  out << "<table class=\"players\"><thead><tr><th>seat</th><th>player</th><th>cards</th>"
         "<th>stack</th><th>put in</th><th>collected</th><th>net</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    out << "<tr><td class=\"n\">" << text(cell(p, i, "seat")) << "</td><td class=\"player\">"
        << text(cell(p, i, "player")) << "</td><td>" << text(cell(p, i, "hole_cards"))
        << "</td><td class=\"n\">" << money(cell(p, i, "start_stack"), unit)
        << "</td><td class=\"n\">" << money(cell(p, i, "contributed"), unit)
        << "</td><td class=\"n\">" << money(cell(p, i, "collected"), unit)
        << "</td><td class=\"n\">" << money(cell(p, i, "net"), unit) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

// Every street's actions with the stack and the pot after each.
void replay_actions(std::ostream& out, const QueryResult& a, int unit) {
  out << "<table class=\"actions\"><thead><tr><th>#</th><th>player</th><th>action</th>"
         "<th>amount</th><th>to</th><th>stack after</th><th>pot after</th></tr></thead>"
         "<tbody>\n";
  std::string street;
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    const std::string s = cell(a, i, "street").value_or("");
    if (s != street) {
      street = s;
      out << "<tr class=\"street\"><th colspan=\"7\">" << html_escape(street) << "</th></tr>\n";
    }
    std::string what = cell(a, i, "action").value_or("");
    if (number(cell(a, i, "all_in")).value_or(0)) what += " (all-in)";
    if (const Cell cards = cell(a, i, "cards")) what += " " + *cards;
    out << "<tr><td class=\"n\">" << text(cell(a, i, "seq")) << "</td><td class=\"player\">"
        << text(cell(a, i, "player")) << "</td><td>" << html_escape(what) << "</td><td class=\"n\">"
        << money(cell(a, i, "amount"), unit) << "</td><td class=\"n\">"
        << money(cell(a, i, "to_amount"), unit) << "</td><td class=\"n\">"
        << money(cell(a, i, "stack"), unit) << "</td><td class=\"n\">"
        << money(cell(a, i, "pot"), unit) << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

// The pots built against the printed ones (a row that differs by more than its rake is marked).
void replay_pots(std::ostream& out, const QueryResult& p, int unit) {
  out << "<table class=\"pots\"><thead><tr><th>pot</th><th>built</th><th>rake</th>"
         "<th>printed</th><th>eligible</th><th>winners</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const Cell printed = cell(p, i, "reported_amount");
    const bool differs = printed && number(printed) != number(cell(p, i, "amount")) &&
                         number(printed).value_or(0) + number(cell(p, i, "rake")).value_or(0) !=
                             number(cell(p, i, "amount")).value_or(0);
    out << "<tr" << (differs ? " class=\"differs\"" : "") << "><td class=\"n\">"
        << text(cell(p, i, "pot_index")) << "</td><td class=\"n\">"
        << money(cell(p, i, "amount"), unit) << "</td><td class=\"n\">"
        << money(cell(p, i, "rake"), unit) << "</td><td class=\"n\">" << money(printed, unit)
        << "</td><td>" << text(cell(p, i, "eligible")) << "</td><td>" << text(cell(p, i, "winners"))
        << "</td></tr>\n";
  }
  out << "</tbody></table>\n";
}

// The hand's findings with their causes and reviews.
void replay_findings(std::ostream& out, const QueryResult& f, int unit) {
  out << "<table class=\"findings\"><thead><tr><th>id</th><th>code</th><th>severity</th>"
         "<th>blame</th><th>seat</th><th>player</th><th>expected</th><th>actual</th>"
         "<th>message</th><th>cause</th><th>review</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < f.rows.size(); ++i) {
    const std::string severity = cell(f, i, "severity").value_or("");
    const Cell cause = cell(f, i, "cause");
    const Cell amount_unit = cell(f, i, "amount_unit");
    std::string because =
        severity == "info" ? "note"
        : cause ? "follows from #" + cell(f, i, "follows_from").value_or("") + " " + *cause
                : "root";
    out << "<tr class=\"" << html_escape(severity) << "\"><td class=\"n\">"
        << text(cell(f, i, "id")) << "</td><td>" << text(cell(f, i, "code")) << "</td><td>"
        << html_escape(severity) << "</td><td>" << text(cell(f, i, "blame"))
        << "</td><td class=\"n\">" << text(cell(f, i, "seat")) << "</td><td class=\"player\">"
        << text(cell(f, i, "player")) << "</td><td class=\"n\">"
        << finding_amount(cell(f, i, "expected"), amount_unit, unit) << "</td><td class=\"n\">"
        << finding_amount(cell(f, i, "actual"), amount_unit, unit) << "</td><td>"
        << text(cell(f, i, "message")) << "</td><td class=\"cause\">" << html_escape(because)
        << "</td>" << review_cell(f, i) << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

// Every street's actions with the stack and the pot after each, the pots built against the
// printed ones, the findings with their causes.
void replay(std::ostream& out, const Sections& hand) {
  const QueryResult* h = section(hand, "hand");
  if (!h || h->rows.empty()) return;
  const int unit = static_cast<int>(number(cell(*h, 0, "unit")).value_or(1));
  replay_heading(out, *h, unit);
  if (const QueryResult* b = section(hand, "board"); b && !b->rows.empty()) {
    out << "<p>Board:";
    for (std::size_t i = 0; i < b->rows.size(); ++i)
      out << " [" << text(cell(*b, i, "cards")) << "]";
    out << "</p>\n";
  }
  if (const QueryResult* p = section(hand, "players")) replay_players(out, *p, unit);
  if (const QueryResult* a = section(hand, "actions")) replay_actions(out, *a, unit);
  if (const QueryResult* p = section(hand, "pots"); p && !p->rows.empty())
    replay_pots(out, *p, unit);
  if (const QueryResult* f = section(hand, "findings"); f && !f->rows.empty())
    replay_findings(out, *f, unit);
  out << "</article>\n";
}

constexpr std::string_view kStyle = R"css(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{margin:0 0 .2em}h2{border-bottom:1px solid #ccc;margin-top:1.5em}
.meta{color:#555}.figures{display:flex;flex-wrap:wrap;gap:.6em}
.figure{border:1px solid #ccc;border-radius:4px;padding:.4em .8em;min-width:8em}
.figure .v{display:block;font-size:1.4em;font-weight:600}.figure .k{color:#555}
.charts{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0}figcaption{font-weight:600}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:2px 6px}
th{background:#f3f3f3;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
table.sortable th{cursor:pointer}tr.street th{background:#e8eef7}tr.differs,tr.error{background:#fde8e8}
tr.warning{background:#fff6dd}article.hand{border-top:2px solid #999;margin-top:1.5em}
#script-errors{background:#fde8e8;border:1px solid #c00;padding:.5em}
)css";

// Records script errors in the page (a visible notice; the browser test reads it), then draws
// the charts from the embedded data and makes the tables sortable. No network: Chart.js is in the
// page.
constexpr std::string_view kErrorTrap = R"js(
window.hhErrors = [];
window.addEventListener('error', function (e) {
  window.hhErrors.push(String(e.message));
  var box = document.getElementById('script-errors');
  if (box) { box.hidden = false; box.textContent = 'Script errors: ' + window.hhErrors.join('; '); }
});
)js";

constexpr std::string_view kScript = R"js(
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  function rows(name) { return data[name] || []; }
  function sumBy(list, key, value) {
    var out = {};
    list.forEach(function (r) { var k = r[key] == null ? '(none)' : r[key]; out[k] = (out[k] || 0) + (r[value] || 0); });
    return out;
  }
  var drawn = [];
  function chart(id, type, labels, datasets) {
    var canvas = document.getElementById(id);
    new Chart(canvas.getContext('2d'), {type: type, data: {labels: labels, datasets: datasets},
      options: {animation: false, responsive: false, plugins: {legend: {display: datasets.length > 1}}}});
    var px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data, ink = 0;
    for (var i = 3; i < px.length; i += 4) if (px[i] !== 0) ink++;
    canvas.dataset.drawn = ink > 0 ? 'yes' : 'no';
    drawn.push(id);
  }
  // Errors then warnings (the order of the codes section); notes are not charted.
  var codes = rows('codes').filter(function (r) { return r.severity !== 'info'; });
  chart('chart-codes', 'bar', codes.map(function (r) { return r.code + ' (' + r.severity + ')'; }),
        [{label: 'hands', data: codes.map(function (r) { return r.hands; }),
          backgroundColor: codes.map(function (r) { return r.severity === 'error' ? '#c0504d' : '#f0ad4e'; })}]);
  var hands = rows('hands');
  var sites = sumBy(hands, 'site', 'hands'), siteErr = sumBy(hands, 'site', 'with_errors');
  chart('chart-sites', 'bar', Object.keys(sites),
        [{label: 'hands', data: Object.values(sites), backgroundColor: '#9bb7d4'},
         {label: 'with errors', data: Object.keys(sites).map(function (k) { return siteErr[k]; }), backgroundColor: '#c0504d'}]);
  var months = sumBy(hands, 'month', 'hands'), monthErr = sumBy(hands, 'month', 'with_errors');
  var monthKeys = Object.keys(months).sort();
  chart('chart-months', 'bar', monthKeys,
        [{label: 'hands', data: monthKeys.map(function (k) { return months[k]; }), backgroundColor: '#9bb7d4'},
         {label: 'with errors', data: monthKeys.map(function (k) { return monthErr[k]; }), backgroundColor: '#c0504d'}]);
  // Money of two currencies is never on one scale: the rake as shares of what each paid, the
  // money in error as the hands it touches, one series per currency and unit.
  function unitOf(r) {  // report::money_unit_label
    var name = r.currency == null ? 'chips' : r.currency, usual = r.currency == null ? 1 : 100;
    return r.unit === usual ? name : name + '/' + r.unit;
  }
  function share(part, whole) { return whole > 0 ? Math.round(1000 * part / whole) / 10 : 0; }
  var rake = rows('rake');
  chart('chart-rake', 'bar', rake.map(function (r) { return r.site + ' ' + unitOf(r); }),
        [{label: 'over schedule %', data: rake.map(function (r) { return share(r.over_schedule, r.rake); }), backgroundColor: '#c0504d'},
         {label: 'under schedule %', data: rake.map(function (r) { return share(r.under_schedule, r.rake); }), backgroundColor: '#f0ad4e'},
         {label: 'hands no schedule covers %', data: rake.map(function (r) { return share(r.without_schedule, r.hands); }), backgroundColor: '#9bb7d4'}]);
  var money = rows('money'), series = {}, moneyMonths = {};
  money.forEach(function (r) {
    if (!r.hands_in_error) return;
    var c = unitOf(r), m = r.month == null ? '(no date)' : r.month;
    moneyMonths[m] = true;
    series[c] = series[c] || {};
    series[c][m] = (series[c][m] || 0) + r.hands_in_error;
  });
  var mm = Object.keys(moneyMonths).sort();
  if (!mm.length) mm = ['(none)'];
  var palette = ['#c0504d', '#4878a8', '#f0ad4e', '#5cb85c', '#8064a2', '#777777'];
  var moneySeries = Object.keys(series);
  if (!moneySeries.length) { series['none'] = {}; moneySeries = ['none']; }
  chart('chart-money', 'bar', mm, moneySeries.map(function (c, i) {
    return {label: c, data: mm.map(function (m) { return series[c][m] || 0; }),
            backgroundColor: palette[i % palette.length]};
  }));
  document.body.dataset.charts = drawn.length;
  // Sortable tables: a click on a header sorts by that column (numbers as numbers), again reverses.
  document.querySelectorAll('table.sortable').forEach(function (table) {
    table.querySelectorAll('th').forEach(function (th, col) {
      th.addEventListener('click', function () {
        var body = table.tBodies[0], list = Array.prototype.slice.call(body.rows);
        var dir = th.dataset.dir === 'asc' ? -1 : 1;
        th.dataset.dir = dir === 1 ? 'asc' : 'desc';
        list.sort(function (a, b) {
          // Money sorts within its currency and unit: the rows of one unit stay together.
          if (th.dataset.money && a.dataset.unit !== b.dataset.unit)
            return a.dataset.unit < b.dataset.unit ? -1 : 1;
          var x = a.cells[col].textContent, y = b.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          var cmp = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
          return dir * cmp;
        });
        list.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  document.body.dataset.ready = 'yes';
})();
)js";

// Chart.js as an inline script: "</script" (any case) inside it would end the element early;
// "<\/script" means the same inside the strings and regular expressions it can appear in.
std::string inline_script(std::string_view js) {
  std::string out;
  out.reserve(js.size());
  for (std::size_t i = 0; i < js.size(); ++i) {
    out += js[i];
    if (js[i] != '<' || i + 1 >= js.size() || js[i + 1] != '/') continue;
    std::string word(js.substr(i + 2, 6));
    std::transform(word.begin(), word.end(), word.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (word == "script") out += '\\';
  }
  return out;
}

// The hand_id of a replayed hand.
std::string replayed_id(const Sections& hand) {
  const QueryResult* h = section(hand, "hand");
  return h && !h->rows.empty() ? cell(*h, 0, "hand_id").value_or("") : "";
}

// Each stored signal with its evidence and its hands, each linked to its replay when the page
// holds one.
void integrity_section(std::ostream& out, const HtmlReport& r) {
  std::set<std::string> replayed;
  for (const auto* list : {&r.hands, &r.signal_hands})
    for (const Sections& hand : *list) replayed.insert(replayed_id(hand));
  out << "<section id=\"integrity\"><h2>Integrity signals across hands</h2>\n<p>"
      << r.integrity.rows.size()
      << " signals for review: patterns beyond what chance explains on honest play, never a "
         "verdict (docs/integrity.md).</p>\n";
  for (std::size_t i = 0; i < r.integrity.rows.size(); ++i) {
    const auto get = [&](const char* column) { return cell(r.integrity, i, column); };
    out << "<article class=\"signal\"><h3>" << text(get("kind")) << " · " << text(get("site"))
        << (get("player_a") ? " · " + text(get("player_a")) : "")
        << (get("player_b") ? " &amp; " + text(get("player_b")) : "") << "</h3>\n<p>"
        << text(get("explanation")) << "</p>\n<p class=\"meta\">" << text(get("statistic")) << " "
        << text(get("score")) << " (threshold " << text(get("threshold")) << ") · hands:";
    std::string ids = get("hand_ids").value_or("");
    for (std::size_t at = 0; at < ids.size();) {
      std::size_t end = ids.find(',', at);
      if (end == std::string::npos) end = ids.size();
      const std::string id = ids.substr(at, end - at);
      if (replayed.contains(id))
        out << " <a href=\"#hand-" << html_escape(id) << "\">" << html_escape(id) << "</a>";
      else
        out << " " << html_escape(id);
      at = end + 1;
    }
    out << "</p></article>\n";
  }
  for (const Sections& hand : r.signal_hands) replay(out, hand);
  out << "</section>\n";
}

}  // namespace

void write_html_report(std::ostream& out, const HtmlReport& r) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         // Offline and inert: nothing is fetched, no plugin, no form goes anywhere.
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n<title>"
      << html_escape(r.title) << "</title>\n<style>" << kStyle << "</style>\n<script>" << kErrorTrap
      << "</script></head>\n<body>\n<h1>" << html_escape(r.title) << "</h1>\n<p class=\"meta\">"
      << html_escape(r.scope) << "</p>\n<div id=\"script-errors\" hidden></div>\n";
  verdict(out, r.summary);
  if (!r.player.empty()) {
    out << "<section id=\"player\"><h2>Player " << html_escape(r.player) << "</h2>\n";
    for (const auto& [title, result] : r.player_sections) {
      out << "<h3>"
          << html_escape(title == "player" ? "Hands and net won, per currency"
                                           : "Findings that name the player")
          << "</h3>\n";
      table(out, result, "table-" + title);
    }
    out << "</section>\n";
  }
  overview(out, r.summary);
  charts(out);
  detail_tables(out, r.summary);
  out << "<section id=\"hands\"><h2>Hands with findings</h2>\n<p>"
      << fmt::format(
             "{} of {} hands with an error or a warning, the most money in error first (in big "
             "blinds: money of two currencies never compares).",
             r.hands.size(), r.hands_with_findings)
      << "</p>\n";
  for (const Sections& hand : r.hands) replay(out, hand);
  out << "</section>\n";
  integrity_section(out, r);
  std::ostringstream json;
  write_sections(json, r.summary, OutputFormat::Json);
  out << "<script type=\"application/json\" id=\"report-data\">" << json_for_script(json.str())
      << "</script>\n<script>" << inline_script(r.chart_js) << "</script>\n<script>" << kScript
      << "</script>\n</body></html>\n";
}

}  // namespace hh::report
