#include <fmt/format.h>

#include <iostream>

#include "cli/commands.hpp"
#include "db/integrity_rows.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

struct ExplainArgs {
  std::string db{"hhaudit.db"};
  std::string hand;
  std::string site;
  std::string by;  // "", "hand-id" or "number"
  std::string format{"table"};
};

// The rows of `r` whose column `col` is `value`, without that column.
db::QueryResult rows_where(const db::QueryResult& r, std::size_t col, const std::string& value) {
  db::QueryResult out;
  for (std::size_t c = 0; c < r.columns.size(); ++c)
    if (c != col) out.columns.push_back(r.columns[c]);
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    if (r.rows[i][col] != value) continue;
    out.rows.emplace_back();
    out.types.emplace_back();
    for (std::size_t c = 0; c < r.columns.size(); ++c) {
      if (c == col) continue;
      out.rows.back().push_back(r.rows[i][c]);
      if (i < r.types.size()) out.types.back().push_back(r.types[i][c]);
    }
  }
  return out;
}

// For people: the hand as "name: value" lines, the actions street by street, the rest as tables.
void print_text(const db::HandExplanation& sections) {
  for (const auto& [title, table] : sections) {
    if (title == "hand" && !table.rows.empty()) {
      std::cout << "== hand ==\n";
      for (std::size_t c = 0; c < table.columns.size(); ++c)
        std::cout << table.columns[c] << ": " << table.rows[0][c].value_or("NULL") << "\n";
      continue;
    }
    if (title == "actions" && !table.rows.empty()) {
      // The street column, in the order the streets come.
      const std::size_t street = 1;
      std::vector<std::string> streets;
      for (const auto& row : table.rows)
        if (row[street] && (streets.empty() || streets.back() != *row[street]))
          streets.push_back(*row[street]);
      for (const std::string& s : streets) {
        std::cout << "\n== actions: " << s << " ==\n";
        report::write_result(std::cout, rows_where(table, street, s), report::OutputFormat::Table);
      }
      continue;
    }
    std::cout << "\n== " << title << " ==\n";
    if (title == "actions")
      std::cout << "(no actions stored: the hand is unparsed, or was audited by a build before "
                   "schema 3; audit the file into a new database to see them)\n";
    else
      report::write_result(std::cout, table, report::OutputFormat::Table);
  }
}

void run(const ExplainArgs& a, int& exit_code) {
  const auto format = report::output_format_from_name(a.format);  // checked by CLI11
  if (!a.by.empty() && a.by != "hand-id" && a.by != "number") {
    std::cerr << "hhaudit explain: --by must be hand-id or number\n";
    exit_code = kUsageOrIo;
    return;
  }
  try {
    auto store = db::open_reader(a.db);
    std::vector<db::HandCandidate> found = store->find_hands(a.hand, a.site);
    if (!a.by.empty())
      std::erase_if(found, [&](const db::HandCandidate& c) {
        return c.matched_by != (a.by == "hand-id" ? "hand_id" : "site_hand_id");
      });
    if (found.empty()) {
      std::cerr << "hhaudit explain: no hand " << a.hand
                << (a.site.empty() ? "" : " of site " + a.site) << " in " << a.db << "\n";
      exit_code = kUsageOrIo;
      return;
    }
    if (found.size() > 1) {
      // Never several hands interleaved: the user chooses.
      std::cerr << fmt::format(
          "hhaudit explain: {} names {} hands; choose one with --site SITE, --by hand-id or "
          "--by number:\n",
          a.hand, found.size());
      for (const db::HandCandidate& c : found)
        std::cerr << fmt::format("  hand_id {} ({}): {} hand {} in {}:{}\n", c.hand_id,
                                 c.matched_by == "hand_id" ? "by hand_id" : "by hand number",
                                 c.site, c.site_hand_id.empty() ? "?" : c.site_hand_id, c.path,
                                 c.line);
      exit_code = kUsageOrIo;
      return;
    }
    std::optional<db::HandExplanation> sections = store->explain_hand(found[0].hand_id);
    if (!sections)
      throw std::runtime_error("hand " + std::to_string(found[0].hand_id) + " vanished");
    // The signals across hands that cite it (docs/integrity.md).
    sections->emplace_back(
        "integrity_signals",
        store->query(db::integrity_signals_citing_sql(found[0].hand_id)).front());
    if (*format == report::OutputFormat::Table)
      print_text(*sections);
    else
      report::write_sections(std::cout, *sections, *format);
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit explain: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "Show one audited hand: where it came from, time, table, board, hole cards, the actions "
      "street by street, each player's money, the pots the rules build and every finding");
  cmd->add_option("hand", args->hand, "The site's hand number or hhaudit's hand_id")->required();
  cmd->add_option("--site", args->site, "Only a hand of this site (when a number names several)");
  cmd->add_option("--by", args->by,
                  "hand-id: HAND is hhaudit's hand_id; number: the site's hand number "
                  "(default: either, refused when they name different hands)");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  add_format_option(*cmd, args->format, "table, csv or json (one document)");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
