// What both stores read for the rake learning (Store::raked_cash_hands, `hhaudit rake-profile`)
// and read and replace for the learned rake check (Store::replace_findings of a site,
// RAKE_OUTLIER): the SQL, the same on SQLite and PostgreSQL but for the parameter mark ('?' or '$',
// numbered), and the decoding of its rows into ProfileHands.
#pragma once

#include <fmt/core.h>

#include <string>
#include <vector>

#include "model/stored_rows.hpp"

namespace hh::db {

// Cash games in a currency of unit 100, parsed, not cancelled, with a total pot, a rake, a big
// blind and players dealt. The players dealt are the seats hand_players says were dealt in
// (sitting_out 0: not marked sitting out, and not silent while others act, session_seats in
// audit/sessions.hpp), hands.players_dealt for hands stored before schema 6: Bovada's "Seat sit
// out" players are seated but not dealt, and the cap follows the players dealt. Parameter 1: the
// site ('' for every site). `schedule_unknown_only`: only the hands no published schedule covered
// (a RAKE_SCHEDULE_UNKNOWN note).
inline std::string raked_cash_hands_sql(char mark, bool schedule_unknown_only) {
  return fmt::format(
      "SELECT h.hand_id, h.site, h.site_hand_id, h.currency, h.limit_type, "
      "substr(h.started_at_utc, 1, 10), h.big_blind, h.total_pot, h.rake, (SELECT CASE WHEN "
      "count(*) > 0 AND count(p.sitting_out) = count(*) THEN sum(CASE WHEN p.sitting_out = 0 THEN "
      "1 ELSE 0 END) ELSE h.players_dealt END FROM hand_players p WHERE p.hand_id = h.hand_id), "
      "h.game FROM hands h WHERE h.status <> 'unparsed' AND h.cancelled = 0 AND h.currency IS NOT "
      "NULL AND h.unit = 100 AND h.tournament_id IS NULL AND h.total_pot IS NOT NULL AND h.rake "
      "IS NOT NULL AND h.big_blind IS NOT NULL AND h.players_dealt IS NOT NULL AND ({0}1 = '' OR "
      "h.site = {0}1){1} ORDER BY h.hand_id",
      mark,
      schedule_unknown_only ? " AND EXISTS (SELECT 1 FROM discrepancies d WHERE d.hand_id = "
                              "h.hand_id AND d.code = 'RAKE_SCHEDULE_UNKNOWN')"
                            : "");
}

// A site's check (Store::replace_findings), before the new rows are inserted. Parameter 1: the
// site. `months`: PostgreSQL's parameter (2) of the months (a date[]) the findings' hands are kept
// under, so that only those partitions are read, or 0.
inline std::string delete_rake_outliers_sql(char mark, int months = 0) {
  if (months == 0)
    return fmt::format(
        "DELETE FROM discrepancies WHERE code = 'RAKE_OUTLIER' AND hand_id IN (SELECT h.hand_id "
        "FROM hands h WHERE h.site = {}1)",
        mark);
  return fmt::format(
      "DELETE FROM discrepancies WHERE code = 'RAKE_OUTLIER' AND play_month = ANY({0}{1}::date[]) "
      "AND hand_id IN (SELECT h.hand_id FROM hands h WHERE h.site = {0}1 AND "
      "h.play_month = ANY({0}{1}::date[]))",
      mark, months);
}

// Adds one row of raked_cash_hands_sql() to `hands`. Row: int64(column), text(column), columns
// from 0 (each store adapts its own row type).
template <class Row>
void add_raked_cash_row(std::vector<ProfileHand>& hands, const Row& row) {
  ProfileHand h;
  h.hand_id = row.int64(0);
  h.site = row.text(1);
  h.site_hand_id = row.text(2);
  h.currency = row.text(3);
  h.limit_type = row.text(4);
  h.date = row.text(5);
  h.big_blind = row.int64(6);
  h.pot = row.int64(7);
  h.rake = row.int64(8);
  h.players = static_cast<int>(row.int64(9));
  h.game = row.text(10);
  hands.push_back(std::move(h));
}

}  // namespace hh::db
