// What both stores read for the signals across hands (Store::integrity_hands, docs/integrity.md)
// and write of them (Store::replace_integrity_signals): the SQL, the same on SQLite and PostgreSQL
// but for the hand filter (each store's, parameters 1-3), and the decoding of its rows.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/allin_equity.hpp"
#include "model/stored_rows.hpp"

namespace hh::db {

// The hands the signals read: parsed, not cancelled, whose players are named (not by position),
// and the store's hand filter of `h` (`filter`).
inline std::string integrity_hands_condition(std::string_view filter) {
  return fmt::format(
      "h.status <> 'unparsed' AND h.cancelled = 0 AND h.players_named_by_position = 0 AND {}",
      filter);
}

// Those hands with their seats: one row a seat, by hand then seat.
inline std::string integrity_seats_sql(std::string_view filter) {
  return fmt::format(
      "SELECT h.hand_id, h.site, h.site_hand_id, h.table_name, substr(h.started_at_utc, 1, 10), "
      "CASE WHEN h.tournament_id IS NULL THEN 0 ELSE 1 END, h.fast_fold, h.currency, h.unit, "
      "h.big_blind, h.total_pot, h.rake, p.seat, p.player, p.net, COALESCE(p.sitting_out, 0), "
      "COALESCE(h.tournament_id, ''), COALESCE(h.started_at_utc, ''), COALESCE(p.contributed, 0), "
      "COALESCE(h.game, '') "
      "FROM hands h JOIN hand_players p ON p.hand_id = h.hand_id WHERE {} ORDER BY h.hand_id, "
      "p.seat",
      integrity_hands_condition(filter));
}

// The events of the same hands that meet `condition` (on hand_events e): `columns` of them after
// hand_id, by hand then order of play.
inline std::string integrity_events_sql(std::string_view columns, std::string_view condition,
                                        std::string_view filter) {
  return fmt::format(
      "SELECT e.hand_id, {} FROM hand_events e JOIN hands h ON h.hand_id = e.hand_id WHERE {} AND "
      "{} ORDER BY e.hand_id, e.seq",
      columns, integrity_hands_condition(filter), condition);
}

// The folds, checks, calls, bets and raises of the same hands.
inline std::string integrity_actions_sql(std::string_view filter) {
  return integrity_events_sql(
      "e.street, e.seat, e.kind",
      "e.kind IN ('fold', 'check', 'call', 'bet', 'raise') AND e.seat IS NOT NULL", filter);
}

// The cards of the same hands' deal, show, muck and board lines: the all-in equity and the
// deck's frequencies (audit/integrity_chance.hpp).
inline std::string integrity_cards_sql(std::string_view filter) {
  return integrity_events_sql(
      "e.street, e.seat, e.kind, e.cards, e.board",
      "e.kind IN ('dealt', 'shows', 'mucks', 'board') AND e.cards IS NOT NULL", filter);
}

// Columns 1-13 of integrity_signals, in this order.
inline std::string insert_integrity_signal_sql(char mark) {
  std::string values;
  for (int i = 1; i <= 13; ++i) values += fmt::format("{}{}{}", i > 1 ? ", " : "", mark, i);
  return "INSERT INTO integrity_signals (kind, site, player_a, player_b, score, threshold, "
         "statistic, amount, currency, explanation, hands, hand_ids, computed_at) VALUES (" +
         values + ")";
}

// "12,15,99": integrity_signals.hand_ids.
inline std::string hand_id_list(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (const std::int64_t id : ids) {
    if (!out.empty()) out += ',';
    out += std::to_string(id);
  }
  return out;
}

// `text` as an SQL string literal.
inline std::string sql_literal(std::string_view text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// The stored signals (of `site` only unless it is empty) counted by kind: `summary`.
inline std::string integrity_signal_counts_sql(std::string_view site) {
  return fmt::format(
      "SELECT kind, count(*) AS signals, sum(hands) AS hands_cited FROM integrity_signals WHERE "
      "{0} = '' OR site = {0} GROUP BY kind ORDER BY kind",
      sql_literal(site));
}

// The stored signals (of `site` only unless it is empty), by kind then strongest first: `report`.
inline std::string stored_integrity_signals_sql(std::string_view site) {
  return fmt::format(
      "SELECT kind, site, player_a, player_b, score, threshold, statistic, amount, currency, "
      "hands, hand_ids, explanation, computed_at FROM integrity_signals WHERE {0} = '' OR site = "
      "{0} ORDER BY kind, score DESC, signal_id",
      sql_literal(site));
}

// The stored signals that cite hand `hand_id`: `explain`.
inline std::string integrity_signals_citing_sql(std::int64_t hand_id) {
  return fmt::format(
      "SELECT kind, player_a, player_b, score, threshold, statistic, explanation, computed_at "
      "FROM integrity_signals WHERE ',' || hand_ids || ',' LIKE '%,{},%' ORDER BY kind, score "
      "DESC",
      hand_id);
}

// Adds one row of integrity_seats_sql() to `hands`. Row: is_null(column), int64(column),
// text(column), columns from 0 (each store adapts its own row type).
template <class Row>
void add_integrity_seat_row(std::vector<IntegrityHand>& hands, const Row& row) {
  const std::int64_t hand_id = row.int64(0);
  if (hands.empty() || hands.back().hand_id != hand_id) {
    IntegrityHand h;
    h.hand_id = hand_id;
    h.site = row.text(1);
    h.site_hand_id = row.text(2);
    h.table_name = row.text(3);
    h.date = row.text(4);
    h.tournament = row.int64(5) != 0;
    h.fast_fold = row.int64(6) != 0;
    h.currency = row.text(7);
    h.unit = static_cast<int>(row.int64(8));
    h.big_blind = row.is_null(9) ? 0 : row.int64(9);
    h.total_pot = row.is_null(10) ? 0 : row.int64(10);
    h.rake_known = !row.is_null(11);
    h.rake = h.rake_known ? row.int64(11) : 0;
    h.tournament_id = row.text(16);
    h.started_at = row.text(17);
    hands.push_back(std::move(h));
  }
  IntegritySeat seat;
  seat.seat = static_cast<int>(row.int64(12));
  seat.player = row.text(13);
  seat.net = row.int64(14);
  seat.dealt = row.int64(15) == 0;
  seat.contributed = row.int64(18);
  hands.back().seats.push_back(std::move(seat));
  hands.back().game = row.text(19);
}

// A street as hand_events names it (model street_name()).
inline Street integrity_street(const std::string& street) {
  return street == "setup"     ? Street::Setup
         : street == "preflop" ? Street::Preflop
         : street == "flop"    ? Street::Flop
         : street == "turn"    ? Street::Turn
         : street == "river"   ? Street::River
         : street == "seventh" ? Street::Seventh
                               : Street::Showdown;
}

// The cards of one row of integrity_cards_sql() (columns 1-5: street, seat, kind, cards, board).
template <class Row>
IntegrityCards integrity_cards_row(const Row& row) {
  IntegrityCards c;
  c.street = integrity_street(row.text(1));
  c.seat = row.is_null(2) ? 0 : static_cast<int>(row.int64(2));
  const std::string kind = row.text(3);
  c.kind = kind == "dealt"   ? EventKind::DealtHole
           : kind == "shows" ? EventKind::Shows
           : kind == "mucks" ? EventKind::Mucks
                             : EventKind::Board;
  c.cards = EventCards::read(row.text(4));
  c.board_index = row.is_null(5) ? 0 : static_cast<int>(row.int64(5));
  return c;
}

// The action of one row of integrity_actions_sql() (columns 1-3: street, seat, kind).
template <class Row>
IntegrityAction integrity_action_row(const Row& row) {
  IntegrityAction a;
  const std::string street = row.text(1);
  a.street = street == "preflop" || street == "flop" || street == "turn" || street == "river"
                 ? integrity_street(street)
                 : Street::Seventh;
  a.seat = static_cast<int>(row.int64(2));
  const std::string kind = row.text(3);
  a.kind = kind == "fold"    ? EventKind::Fold
           : kind == "check" ? EventKind::Check
           : kind == "call"  ? EventKind::Call
           : kind == "bet"   ? EventKind::Bet
                             : EventKind::Raise;
  return a;
}

// Joins the rows (hand_id, row), by hand, to `hands` (by hand too), into each hand's `member`.
template <class T>
void attach_integrity_rows(std::vector<IntegrityHand>& hands,
                           const std::vector<std::pair<std::int64_t, T>>& rows,
                           std::vector<T> IntegrityHand::*member) {
  std::size_t at = 0;
  for (IntegrityHand& h : hands) {
    while (at < rows.size() && rows[at].first < h.hand_id) ++at;
    for (; at < rows.size() && rows[at].first == h.hand_id; ++at)
      (h.*member).push_back(rows[at].second);
  }
}

// Joins the actions (hand_id, action), by hand, to `hands` (by hand too).
inline void attach_integrity_actions(
    std::vector<IntegrityHand>& hands,
    const std::vector<std::pair<std::int64_t, IntegrityAction>>& actions) {
  attach_integrity_rows(hands, actions, &IntegrityHand::actions);
}

// ----- the kept all-in equities (allin_equities, schema 23) ---------------------------------

// The columns of allin_equities, in the order the writers give them.
inline constexpr std::string_view kAllInEquityColumns =
    "hand_id, share, reading, sampled, boards, player, equity, variance, won, pot_big_blinds";

// Adds a row of each live player of each equity (share 0, 1, ...), or one row with no player for
// an equity with none: `row(hand_id, share, reading, sampled, boards, share or nullptr)`.
template <class RowOf>
void for_each_allin_equity_row(const std::vector<AllInEquity>& equities, RowOf row) {
  for (const AllInEquity& e : equities) {
    const std::string_view reading = allin_reading_name(e.reading);
    if (e.shares.empty()) row(e.hand_id, 0, reading, e.sampled ? 1 : 0, e.boards, nullptr);
    for (std::size_t i = 0; i < e.shares.size(); ++i)
      row(e.hand_id, static_cast<int>(i), reading, e.sampled ? 1 : 0, e.boards, &e.shares[i]);
  }
}

// The kept equities of the hands stored (a row of a hand gone is not joined), by hand then share.
inline constexpr std::string_view kKeptAllInEquitiesSql =
    "SELECT a.hand_id, h.site, a.reading, a.sampled, a.boards, a.player, a.equity, a.variance, "
    "a.won, a.pot_big_blinds FROM allin_equities a JOIN hands h ON h.hand_id = a.hand_id "
    "ORDER BY a.hand_id, a.share";

// Adds one row of kKeptAllInEquitiesSql to `out`. Row: as add_integrity_seat_row's, and
// real(column), exactly the double stored.
template <class Row>
void add_kept_allin_equity_row(std::vector<AllInEquity>& out, const Row& row) {
  const std::int64_t hand_id = row.int64(0);
  if (out.empty() || out.back().hand_id != hand_id) {
    AllInEquity e;
    e.hand_id = hand_id;
    e.reading = allin_reading_of(row.text(2));
    e.sampled = row.int64(3) != 0;
    e.boards = static_cast<long>(row.int64(4));
    out.push_back(std::move(e));
  }
  if (row.is_null(5)) return;
  out.back().shares.push_back(
      {hand_id, row.text(1), row.text(5), row.real(6), row.real(7), row.real(8), row.real(9)});
}

}  // namespace hh::db
