// What both stores read and replace for the checks between hands (docs/sessions.md): the SQL,
// the same on SQLite and PostgreSQL but for the parameter marks ('?' or '$', numbered), and the
// decoding of its rows into SessionHands.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/game.hpp"
#include "model/stored_rows.hpp"

namespace hh::db {

// Parameters 1, 2, 3: the SessionKey's site, table name and tournament ("" for none).
inline std::string session_table_predicate(char mark) {
  return fmt::format(
      "h.site = {0}1 AND h.table_name = {0}2 AND COALESCE(h.tournament_id, '') = {0}3", mark);
}

// Parameters 1, 2: a tournament's site and number (TournamentKey): the hands of all its tables.
inline std::string tournament_hands_predicate(char mark) {
  return fmt::format("h.site = {0}1 AND h.tournament_id = {0}2 AND h.table_name IS NOT NULL", mark);
}

// PostgreSQL: `predicate` (of the hands `h`) read in the months of parameter `n` only: a date[]
// of the partitions (play_month) the key's hands are kept under, as table_months lists them, so
// that a statement reads those partitions by index and no other month's.
inline std::string in_months(const std::string& predicate, int n) {
  return fmt::format("{} AND h.play_month = ANY(${}::date[])", predicate, n);
}

// The hands `predicate` selects with their seats, for the checks between hands: one row a seat
// (a hand without players: one row, seat NULL).
// Ordered by `order` (by hand, its seats in order, unless said otherwise).
inline std::string seated_hands_sql(const std::string& predicate,
                                    std::string_view order = "h.hand_id, p.seat") {
  return fmt::format(
      "SELECT h.hand_id, h.site_hand_id, h.started_at_utc, h.tournament_id, h.unit, h.big_blind, "
      "h.seats, h.button_seat, p.seat, p.player, p.start_stack, p.net, p.stack_unknown, "
      "p.sitting_out, p.posted_small_blind, p.posted_big_blind, p.posted_owed, h.game, "
      "p.finish_place, h.table_name, p.settled_outside, h.parse_issues, "
      "h.registration_may_be_open FROM hands h "
      "LEFT JOIN hand_players p ON p.hand_id = h.hand_id WHERE {} AND h.status <> 'unparsed' AND "
      "h.cancelled = 0 AND h.fast_fold = 0 AND h.players_named_by_position = 0 "
      "ORDER BY {}",
      predicate, order);
}

// Store::session_hands: the hands of one table.
inline std::string session_hands_sql(char mark) {
  return seated_hands_sql(session_table_predicate(mark));
}

// A table's check (Store::replace_findings): the hands of one table in the order its checks take
// them, by start time (`time`: the store's expression of h.started_at_utc compared byte by byte,
// NULL first), then by hand. `months`: PostgreSQL's in_months() parameter (4), or 0.
inline std::string played_session_hands_sql(char mark, std::string_view time, int months = 0) {
  return seated_hands_sql(
      months ? in_months(session_table_predicate(mark), months) : session_table_predicate(mark),
      fmt::format("{}, h.hand_id, p.seat", time));
}

// A tournament's check (Store::replace_findings): the hands of every table of one tournament.
// `months`: PostgreSQL's in_months() parameter (3), or 0.
inline std::string tournament_hands_sql(char mark, int months = 0) {
  return seated_hands_sql(months ? in_months(tournament_hands_predicate(mark), months)
                                 : tournament_hands_predicate(mark));
}

// A tournament's check (Store::replace_findings), before the new rows are inserted: the findings
// between two hands of a tournament at different tables. `months`: PostgreSQL's in_months()
// parameter (3), or 0.
inline std::string delete_table_move_findings_sql(char mark, int months = 0) {
  if (months == 0)
    return fmt::format(
        "DELETE FROM discrepancies WHERE related_hand_id IS NOT NULL AND hand_id IN "
        "(SELECT h.hand_id FROM hands h WHERE {}) AND NOT EXISTS (SELECT 1 FROM hands a JOIN "
        "hands b ON b.table_name = a.table_name WHERE a.hand_id = discrepancies.hand_id AND "
        "b.hand_id = discrepancies.related_hand_id)",
        tournament_hands_predicate(mark));
  // Both hands of a finding are the tournament's: in its months.
  return fmt::format(
      "DELETE FROM discrepancies WHERE related_hand_id IS NOT NULL AND play_month = "
      "ANY(${0}::date[]) AND hand_id IN (SELECT h.hand_id FROM hands h WHERE {1}) AND NOT EXISTS "
      "(SELECT 1 FROM hands a JOIN hands b ON b.table_name = a.table_name WHERE a.hand_id = "
      "discrepancies.hand_id AND a.play_month = ANY(${0}::date[]) AND b.hand_id = "
      "discrepancies.related_hand_id AND b.play_month = ANY(${0}::date[]))",
      months, in_months(tournament_hands_predicate(mark), months));
}

// A table's check (Store::replace_findings), before the new rows are inserted. `months`:
// PostgreSQL's in_months() parameter (4), or 0.
inline std::string delete_session_findings_sql(char mark, int months = 0) {
  if (months == 0)
    return fmt::format(
        "DELETE FROM discrepancies WHERE related_hand_id IS NOT NULL AND hand_id IN "
        "(SELECT h.hand_id FROM hands h WHERE {})",
        session_table_predicate(mark));
  return fmt::format(
      "DELETE FROM discrepancies WHERE related_hand_id IS NOT NULL AND play_month = "
      "ANY(${}::date[]) AND hand_id IN (SELECT h.hand_id FROM hands h WHERE {})",
      months, in_months(session_table_predicate(mark), months));
}

// Adds one row of session_hands_sql() to `hands`. Row: is_null(column), int64(column),
// text(column), columns from 0 (each store adapts its own row type).
template <class Row>
void add_session_row(std::vector<SessionHand>& hands, const Row& row) {
  const std::int64_t hand_id = row.int64(0);
  if (hands.empty() || hands.back().hand_id != hand_id) {
    SessionHand h;
    h.hand_id = hand_id;
    h.site_hand_id = row.text(1);
    h.started_at_utc = row.text(2);
    h.tournament = !row.is_null(3);
    h.unit = static_cast<int>(row.int64(4));
    h.big_blind = row.int64(5);
    h.max_seats = static_cast<int>(row.int64(6));
    h.button_seat = static_cast<int>(row.int64(7));
    const std::optional<Game> game = game_from_name(row.text(17));
    h.has_button = !(game && game->is_stud());
    h.table_name = row.text(19);
    h.read_whole = row.int64(21) == 0;
    h.registration_may_be_open = row.int64(22) != 0;
    hands.push_back(std::move(h));
  }
  if (row.is_null(8)) return;  // a hand without players
  SessionHand& h = hands.back();
  SessionSeat seat;
  seat.seat = static_cast<int>(row.int64(8));
  seat.player = row.text(9);
  seat.start_stack = row.int64(10);
  seat.settled_outside = row.int64(20);  // schema 9: 0 for the hands stored before
  seat.end_stack = seat.start_stack + row.int64(11) + seat.settled_outside;
  // Columns of schema 6: NULL for hands stored before.
  if (row.is_null(13)) h.seat_details_known = false;
  seat.stack_known = row.int64(12) == 0;
  seat.sitting_out = row.int64(13) != 0;
  seat.posted_small_blind = row.int64(14) != 0;
  seat.posted_big_blind = row.int64(15) != 0;
  seat.posted_owed = row.int64(16) != 0;
  // Schema 8: NULL when the hand prints no finish for the player (or was stored before).
  seat.finish_place = row.is_null(18) ? 0 : static_cast<int>(row.int64(18));
  h.seats.push_back(std::move(seat));
}

// The rows of seated_hands_sql() (ordered by hand) made into hands one at a time, for a reader
// that keeps less than every hand (a tournament's check): `each` gets a hand with all its
// seats once the next hand's first row, or finish(), shows its rows are all read.
template <class Each>
class SeatedHandStream {
 public:
  explicit SeatedHandStream(Each each) : each_(std::move(each)) {}

  template <class Row>
  void add(const Row& row) {
    if (!hand_.empty() && hand_.back().hand_id != row.int64(0)) finish();
    add_session_row(hand_, row);
  }

  // After the last row.
  void finish() {
    if (hand_.empty()) return;
    each_(std::move(hand_.back()));
    hand_.clear();
  }

 private:
  Each each_;
  std::vector<SessionHand> hand_;  // the hand being read (add_session_row's vector): one at most
};

}  // namespace hh::db
