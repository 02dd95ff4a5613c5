#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/summary_sections.hpp"
#include "db/integrity_rows.hpp"
#include "db/store.hpp"
#include "report/html.hpp"

namespace hh::cli {

namespace {

// Where Debian's libjs-chart.js installs Chart.js (the UMD build, which defines `Chart`).
constexpr const char* kDebianChartJs = "/usr/share/javascript/chart.js/chart.min.js";

struct ReportArgs {
  std::string html;
  std::string db{"hhaudit.db"};
  std::string site;
  std::string since;
  std::string chart_js{kDebianChartJs};
  std::string player;
  bool unreviewed{false};
  int hands{200};
  int top{20};
};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(fmt::format(
        "cannot read Chart.js at {} (Debian: apt-get install libjs-chart.js, or --chart-js)",
        path));
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The stored signals across hands and the replays of the first hands each cites (at most
// kSignalHandsReplayed a signal) that `replayed` does not hold.
constexpr std::size_t kSignalHandsReplayed = 3;

void add_integrity_signals(db::StoreReader& store, const std::string& site,
                           const std::vector<std::int64_t>& replayed, report::HtmlReport& r) {
  r.integrity = store.query(db::stored_integrity_signals_sql(site)).front();
  std::set<std::int64_t> seen(replayed.begin(), replayed.end());
  const auto ids = std::find(r.integrity.columns.begin(), r.integrity.columns.end(), "hand_ids") -
                   r.integrity.columns.begin();
  for (const auto& row : r.integrity.rows) {
    std::istringstream list(row[static_cast<std::size_t>(ids)].value_or(""));
    std::string id;
    for (std::size_t n = 0; n < kSignalHandsReplayed && std::getline(list, id, ','); ++n) {
      const std::int64_t hand_id = std::stoll(id);
      if (!seen.insert(hand_id).second) continue;
      if (auto explained = store.explain_hand(hand_id))
        r.signal_hands.push_back(std::move(*explained));
    }
  }
}

void run(const ReportArgs& a, int& exit_code) {
  try {
    auto store = db::open_reader(a.db);
    db::ReadFilter filter = read_filter(*store, a.site, a.since);
    report::HtmlReport r;
    r.title = "hhaudit report";
    r.scope = fmt::format("database {}{}{}{}", a.db, a.site.empty() ? "" : ", site " + a.site,
                          a.since.empty() ? "" : ", hands since " + a.since,
                          a.unreviewed ? ", findings not reviewed" : "");
    r.summary = summary_sections(*store, filter, a.top, a.unreviewed);
    if (!a.player.empty()) {
      r.player = a.player;
      r.player_sections = player_sections(*store, filter, a.player);
    }
    filter.unreviewed = a.unreviewed;
    const db::Store::HandsWithFindings hands = store->hands_with_findings(filter, a.hands);
    r.hands_with_findings = hands.count;
    for (std::int64_t id : hands.hand_ids)
      if (auto explained = store->explain_hand(id)) r.hands.push_back(std::move(*explained));
    add_integrity_signals(*store, a.site, hands.hand_ids, r);
    r.chart_js = read_all(a.chart_js);
    // Written whole or not at all: a half-written report would be mailed as if complete.
    const std::string tmp = a.html + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) throw std::runtime_error("cannot write " + tmp);
      report::write_html_report(out, r);
      out.close();
      if (!out) throw std::runtime_error("cannot write " + tmp);
    }
    if (std::rename(tmp.c_str(), a.html.c_str()) != 0)
      throw std::runtime_error("cannot write " + a.html);
    std::cerr << fmt::format("hhaudit report: wrote {} ({} of {} hands with findings replayed)\n",
                             a.html, r.hands.size(), hands.count);
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit report: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_report_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "report",
      "Write one self-contained HTML page (offline, Chart.js inlined) of an audit database: the "
      "verdict first (hands audited and not, the site's errors by kind, the money in error per "
      "currency, hhaudit's gaps apart), the figures, charts, sortable tables (notes collapsed), "
      "and a replay of each hand with findings");
  cmd->add_option("--html", args->html, "The HTML file to write")->required();
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  cmd->add_option("--site", args->site, "Only this site (see hhaudit sites)");
  cmd->add_option("--since", args->since,
                  "Only hands started on or after this date (UTC, YYYY-MM-DD)");
  cmd->add_option("--hands", args->hands,
                  "How many hands with findings to replay, the most money in error first (in big "
                  "blinds)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--top", args->top, "How many finding codes to list and chart")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--player", args->player,
                  "Add a section for this player: hands and net won per currency, the findings "
                  "that name them");
  cmd->add_flag("--unreviewed", args->unreviewed,
                "What is left to review: the site's errors counted and the hands replayed only for "
                "findings no review marks (hhaudit review), as summary --unreviewed");
  cmd->add_option("--chart-js", args->chart_js, "Chart.js to inline (Debian's libjs-chart.js)")
      ->capture_default_str();
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
