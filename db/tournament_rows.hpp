// What both stores write and read for tournament summaries (tables tournaments,
// tournament_results and tournament_findings, docs/schema.md): the SQL, the same on SQLite and
// PostgreSQL but for the parameter marks ('?' or '$', numbered), and the values of each row.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/finding.hpp"
#include "model/tournament.hpp"

namespace hh::db {

// A statement's parameter: NULL, a whole number or a text.
using SqlParam = std::variant<std::nullptr_t, std::int64_t, std::string>;

template <class T>
SqlParam param_or_null(const std::optional<T>& v) {
  if (!v) return nullptr;
  return static_cast<std::int64_t>(*v);
}
inline SqlParam text_param(const std::string& s) {
  if (s.empty()) return nullptr;
  return s;
}

// The stored summary of a tournament: parameters 1 site, 2 tournament number.
inline std::string find_tournament_sql(char mark) {
  return fmt::format(
      "SELECT tournament_row_id, content_sha256 FROM tournaments WHERE site = {0}1 AND "
      "tournament_id = {0}2",
      mark);
}

inline std::string insert_tournament_sql(char mark) {
  std::string marks;
  for (int i = 1; i <= 20; ++i) marks += fmt::format("{}{}{}", i > 1 ? ", " : "", mark, i);
  return "INSERT INTO tournaments(site, tournament_id, file_id, line, game, currency, unit, "
         "buy_in, bounty, fee, entrants, prize_pool, guarantee, starting_chips, rebuys, finished, "
         "started_at, ended_at, status, content_sha256) VALUES (" +
         marks + ") RETURNING tournament_row_id";
}

// The parameters of insert_tournament_sql(). `status` as hands.status: 'unparsed', 'findings'
// (a warning or an error) or 'ok'.
inline std::vector<SqlParam> tournament_params(const TournamentSummary& s, std::int64_t file_id,
                                               const std::string& status,
                                               const std::string& content_sha256) {
  return {s.site.empty() ? SqlParam{std::string("unknown")} : SqlParam{s.site},
          text_param(s.tournament_id),
          file_id,
          std::int64_t{s.source.line},
          text_param(s.game),
          text_param(s.currency),
          std::int64_t{s.unit},
          param_or_null(s.buy_in),
          param_or_null(s.bounty),
          param_or_null(s.fee),
          param_or_null(s.entrants),
          param_or_null(s.prize_pool),
          param_or_null(s.guarantee),
          param_or_null(s.starting_chips),
          std::int64_t{s.rebuys ? 1 : 0},
          std::int64_t{s.finished ? 1 : 0},
          text_param(s.started_at),
          text_param(s.ended_at),
          status,
          content_sha256};
}

inline std::string insert_tournament_result_sql(char mark) {
  return fmt::format(
      "INSERT INTO tournament_results(tournament_row_id, result_index, place, player, country, "
      "prize, prize_text, line) VALUES ({0}1, {0}2, {0}3, {0}4, {0}5, {0}6, {0}7, {0}8)",
      mark);
}

inline std::vector<SqlParam> tournament_result_params(std::int64_t row_id, std::int64_t index,
                                                      const TournamentResult& r) {
  return {row_id,
          index,
          r.place > 0 ? SqlParam{std::int64_t{r.place}} : SqlParam{nullptr},
          r.player,
          text_param(r.country),
          param_or_null(r.prize),
          text_param(r.prize_text),
          std::int64_t{r.line}};
}

inline std::string insert_tournament_finding_sql(char mark) {
  return fmt::format(
      "INSERT INTO tournament_findings(tournament_row_id, code, severity, player, expected, "
      "actual, message, line, amount_unit) VALUES ({0}1, {0}2, {0}3, {0}4, {0}5, {0}6, {0}7, "
      "{0}8, {0}9)",
      mark);
}

inline std::vector<SqlParam> tournament_finding_params(std::int64_t row_id, const Finding& f) {
  return {row_id,
          std::string(code_name(f.code)),
          std::string(severity_name(f.severity)),
          text_param(f.player),
          param_or_null(stored(f.expected)),
          param_or_null(stored(f.actual)),
          f.message,
          f.line > 0 ? SqlParam{std::int64_t{f.line}} : SqlParam{nullptr},
          text_param(std::string(stored_unit(amount_unit(f)).value_or("")))};
}

// The stored summary of a tournament (parameters 1 site, 2 number): tournament_row_id,
// entrants, starting_chips, rebuys, line.
inline std::string stored_tournament_sql(char mark) {
  return fmt::format(
      "SELECT tournament_row_id, entrants, starting_chips, rebuys, line FROM tournaments WHERE "
      "site = {0}1 AND tournament_id = {0}2",
      mark);
}

// Its places (parameter 1 tournament_row_id), in file order: place, player, line.
inline std::string tournament_places_sql(char mark) {
  return fmt::format(
      "SELECT place, player, line FROM tournament_results WHERE tournament_row_id = {}1 AND "
      "place IS NOT NULL ORDER BY result_index",
      mark);
}

// The tournament's hand whose seats start with the most chips (parameters 1 site, 2 number):
// site_hand_id, chips; no row when no hand is stored.
inline std::string most_chips_hand_sql(char mark) {
  return fmt::format(
      "SELECT h.site_hand_id, sum(p.start_stack) AS chips FROM hands h JOIN hand_players p ON "
      "p.hand_id = h.hand_id WHERE h.site = {0}1 AND h.tournament_id = {0}2 AND h.status <> "
      "'unparsed' GROUP BY h.hand_id, h.site_hand_id ORDER BY chips DESC, h.hand_id LIMIT 1",
      mark);
}

// The places the tournament's stored hands print: player, place, the hand's number.
inline std::string hand_places_sql(char mark) {
  return fmt::format(
      "SELECT p.player, p.finish_place, h.site_hand_id FROM hands h "
      "JOIN hand_players p ON p.hand_id = h.hand_id WHERE h.site = {0}1 AND "
      "h.tournament_id = {0}2 AND p.finish_place IS NOT NULL ORDER BY h.hand_id, p.seat",
      mark);
}

// Before the findings of a tournament's check are stored again (Store::replace_findings) (parameter
// 1 tournament_row_id).
inline std::string delete_place_findings_sql(char mark) {
  return fmt::format(
      "DELETE FROM tournament_findings WHERE tournament_row_id = {}1 AND code IN "
      "('SUMMARY_PLACE_MISMATCH', 'TOURNAMENT_CHIPS_EXCEEDED')",
      mark);
}

// Store::totals: the summaries of the files a filter selects (`file_filter`, on files f), and
// their findings by code: code, severity, summaries, findings.
inline std::string count_summaries_sql(std::string_view file_filter) {
  return fmt::format(
      "SELECT count(*) FROM tournaments t JOIN files f ON f.file_id = t.file_id WHERE {}",
      file_filter);
}
// `collate`: " COLLATE \"C\"" on PostgreSQL, to order codes in byte order as SQLite does.
inline std::string summary_codes_sql(std::string_view file_filter, std::string_view collate = "") {
  return fmt::format(
      "SELECT tf.code, tf.severity, count(DISTINCT tf.tournament_row_id), count(*), "
      "min(tf.blame) "
      "FROM tournament_findings tf JOIN tournaments t ON t.tournament_row_id = "
      "tf.tournament_row_id JOIN files f ON f.file_id = t.file_id WHERE {0} "
      "GROUP BY tf.code, tf.severity ORDER BY 3 DESC, tf.code{1}, tf.severity{1}",
      file_filter, collate);
}

// A SUMMARY_CONFLICT finding on the stored summary: another file prints other content.
inline Finding summary_conflict_finding(const TournamentSummary& s) {
  return make_finding(
      FindingCode::SummaryConflict,
      {.message = fmt::format("{}:{}: another summary of {} tournament {} with "
                              "other content (the first one stored is kept)",
                              s.source.file, s.source.line, s.site, s.tournament_id),
       .line = s.source.line});
}

// 'unparsed', 'findings' or 'ok', as hands.status.
inline std::string tournament_status(const TournamentSummary& s,
                                     const std::vector<Finding>& findings) {
  if (!s.parsed) return "unparsed";
  for (const Finding& f : findings)
    if (f.severity != Severity::Info) return "findings";
  return "ok";
}

}  // namespace hh::db
