#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <set>
#include <stdexcept>
#include <tuple>

#include "cli/commands.hpp"
#include "cli/summary_sections.hpp"
#include "db/reviews.hpp"
#include "db/store.hpp"
#include "report/render.hpp"

namespace hh::cli {

namespace {

struct ReviewArgs {
  std::string db{"hhaudit.db"};
  std::string target;  // "finding:ID" or a hand as `explain` takes it
  std::string site;
  std::string code;  // with a hand: only its findings of this code
  std::string status;
  std::string note;
  std::string by;
  bool list{false};
  std::string format{"table"};
};

constexpr std::string_view kFindingPrefix = "finding:";

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// The reviewer: --by, else $USER, else "unknown".
std::string reviewer(const ReviewArgs& a) {
  if (!a.by.empty()) return a.by;
  const char* user = std::getenv("USER");
  return user && *user ? user : "unknown";
}

// The v_findings condition of the target: one finding by its id, or the findings of one hand
// (`explain`'s rules: by hand_id or the site's number, refused when it names several hands).
std::string target_condition(db::StoreReader& store, const ReviewArgs& a) {
  if (a.target.starts_with(kFindingPrefix)) {
    const std::string id = a.target.substr(kFindingPrefix.size());
    if (id.empty() ||
        !std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw std::invalid_argument(
          "finding:ID takes the number of a finding (v_findings."
          "discrepancy_id), not '" +
          id + "'");
    return "discrepancy_id = " + id;
  }
  const std::vector<db::HandCandidate> found = store.find_hands(a.target, a.site);
  if (found.empty())
    throw std::invalid_argument(
        fmt::format("no hand {}{}", a.target, a.site.empty() ? "" : " of site " + a.site));
  if (found.size() > 1) {
    std::string which;
    for (const db::HandCandidate& c : found)
      which += fmt::format("\n  hand_id {}: {} hand {}", c.hand_id, c.site, c.site_hand_id);
    throw std::invalid_argument(
        fmt::format("{} names {} hands; choose one with --site SITE or its hand_id:{}", a.target,
                    found.size(), which));
  }
  std::string where = "hand_id = " + std::to_string(found[0].hand_id);
  if (!a.code.empty()) where += " AND code = " + sql_text(a.code);
  return where;
}

// The reviews the target's findings get: one per finding key (two findings of one key, the same
// code for the same player on the same street, are one review).
std::vector<db::Review> reviews_of_target(db::StoreReader& store, const ReviewArgs& a) {
  const std::string sql = fmt::format("SELECT {} FROM v_findings WHERE {} ORDER BY discrepancy_id",
                                      db::kFindingKeyColumns, target_condition(store, a));
  const std::vector<db::QueryResult> results = store.query(sql);
  std::vector<db::Review> reviews;
  std::set<std::tuple<std::string, std::string, std::string, std::string, std::string>> seen;
  for (const auto& row : results.at(0).rows) {
    db::Review r{*row[1], *row[2], *row[3], *row[4], *row[5], a.status, a.note, reviewer(a), {}};
    if (r.site_hand_id.empty())
      throw std::invalid_argument(fmt::format(
          "finding {} is of a hand whose number was not read: it has no identity a review could "
          "keep across runs",
          *row[0]));
    if (seen.emplace(r.site, r.site_hand_id, r.code, r.player, r.street).second)
      reviews.push_back(std::move(r));
  }
  if (reviews.empty())
    throw std::invalid_argument(fmt::format("{} has no finding{} in {}", a.target,
                                            a.code.empty() ? "" : " of code " + a.code, a.db));
  return reviews;
}

void list_reviews(const ReviewArgs& a) {
  auto store = db::open_reader(a.db);
  const std::vector<db::QueryResult> results = store->query(std::string(db::kListReviewsSql));
  report::write_result(std::cout, results.at(0), *report::output_format_from_name(a.format));
}

void write_reviews(const ReviewArgs& a) {
  if (a.target.empty()) throw std::invalid_argument("name a HAND or finding:ID, or give --list");
  if (a.status.empty()) throw std::invalid_argument("--status is required");
  if (a.status == "dismissed" && a.note.empty())
    throw std::invalid_argument("a dismissed finding needs its reason: --note TEXT");
  db::open_reader(a.db);  // a missing database is an error, not made
  // Opened for writing first: an older schema is migrated before its findings are read.
  auto store = db::open_store(a.db, db::OpenMode::Write);
  std::vector<db::Review> reviews = reviews_of_target(*store, a);
  const std::string at = utc_now();
  for (db::Review& r : reviews) {
    r.reviewed_at = at;
    store->set_review(r);
    std::cout << fmt::format("{} {} hand {}: {}{}{}\n", r.status, r.site, r.site_hand_id, r.code,
                             r.player.empty() ? "" : " " + r.player,
                             r.street.empty() ? "" : " (" + r.street + ")");
  }
}

void run(const ReviewArgs& a, int& exit_code) {
  try {
    if (a.list)
      list_reviews(a);
    else
      write_reviews(a);
    exit_code = kClean;
  } catch (const std::exception& e) {
    std::cerr << "hhaudit review: " << e.what() << "\n";
    exit_code = kUsageOrIo;
  }
}

}  // namespace

void add_review_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ReviewArgs>();
  CLI::App* cmd = app.add_subcommand(
      "review",
      "Mark findings as reviewed: confirmed with the site, dismissed with a reason, or open "
      "again. A review is kept by the hand's site and number and the finding's code, player and "
      "street, so it outlives re-audits, the checks between hands and migrations; "
      "--list prints every review");
  cmd->add_option("target", args->target,
                  "A hand (the site's hand number or hhaudit's hand_id, as explain takes it): "
                  "all its findings (or those of --code); or finding:ID, one finding by its "
                  "v_findings.discrepancy_id");
  cmd->add_option("--status", args->status, "confirmed, dismissed or open")
      ->check(CLI::IsMember({"confirmed", "dismissed", "open"}));
  cmd->add_option("--note", args->note, "Why: required with --status dismissed");
  cmd->add_option("--by", args->by, "Who reviewed (default: $USER)");
  cmd->add_option("--site", args->site, "Only a hand of this site (when a number names several)");
  cmd->add_option("--code", args->code, "With a hand: only its findings of this code");
  cmd->add_flag("--list", args->list, "Print every review and how many findings it marks now");
  cmd->add_option("--db", args->db,
                  "Database written by hhaudit audit: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  add_format_option(*cmd, args->format, "--list as table, csv or json");
  cmd->footer(
      "Exit codes: 0 reviewed (or listed); 2 usage or I/O error: no such database, hand or "
      "finding, a hand number naming several hands, a finding of a hand whose number was not "
      "read, --status dismissed without --note.");
  cmd->callback([args, &exit_code] { run(*args, exit_code); });
}

}  // namespace hh::cli
