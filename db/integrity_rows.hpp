// What both stores read for the signals across hands (Store::integrity_hands, docs/integrity.md)
// and write of them (Store::replace_integrity_signals): the SQL, the same on SQLite and PostgreSQL
// but for the hand filter (each store's, parameters 1-3), and the decoding of its rows.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/hand_row.hpp"
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

// The event logs of the same hands (hand_id, hand_event_log.events), by hand: each read once and
// decoded here (add_integrity_events), not expanded by the server into a row an event (the view
// hand_events parses the JSON again for every column it gives: docs/performance.md).
inline std::string integrity_event_logs_sql(std::string_view filter) {
  return fmt::format(
      "SELECT l.hand_id, l.events FROM hand_event_log l JOIN hands h ON h.hand_id = l.hand_id "
      "WHERE {} ORDER BY l.hand_id",
      integrity_hands_condition(filter));
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

// A street as hand_event_log names it (model street_name()).
inline Street integrity_street(std::string_view street) {
  return street == "setup"     ? Street::Setup
         : street == "preflop" ? Street::Preflop
         : street == "flop"    ? Street::Flop
         : street == "turn"    ? Street::Turn
         : street == "river"   ? Street::River
         : street == "seventh" ? Street::Seventh
                               : Street::Showdown;
}

// The cards of a deal, show, muck or board line that has cards; nothing for another event.
inline std::optional<IntegrityCards> integrity_cards(const LoggedEvent& e) {
  if (!e.cards ||
      (e.kind != "dealt" && e.kind != "shows" && e.kind != "mucks" && e.kind != "board"))
    return std::nullopt;
  IntegrityCards c;
  c.street = integrity_street(e.street);
  c.seat = static_cast<int>(e.seat.value_or(0));
  c.kind = e.kind == "dealt"   ? EventKind::DealtHole
           : e.kind == "shows" ? EventKind::Shows
           : e.kind == "mucks" ? EventKind::Mucks
                               : EventKind::Board;
  c.cards = EventCards::read(*e.cards);
  c.board_index = static_cast<int>(e.board.value_or(0));
  return c;
}

// The action of a fold, check, call, bet or raise of a seat; nothing for another event.
inline std::optional<IntegrityAction> integrity_action(const LoggedEvent& e) {
  if (!e.seat || (e.kind != "fold" && e.kind != "check" && e.kind != "call" && e.kind != "bet" &&
                  e.kind != "raise"))
    return std::nullopt;
  IntegrityAction a;
  a.street =
      e.street == "preflop" || e.street == "flop" || e.street == "turn" || e.street == "river"
          ? integrity_street(e.street)
          : Street::Seventh;
  a.seat = static_cast<int>(*e.seat);
  a.kind = e.kind == "fold"    ? EventKind::Fold
           : e.kind == "check" ? EventKind::Check
           : e.kind == "call"  ? EventKind::Call
           : e.kind == "bet"   ? EventKind::Bet
                               : EventKind::Raise;
  return a;
}

// Adds to `hand` the actions and cards of its event log `events` (integrity_event_logs_sql()), in
// order of play. False, and nothing added, when the log does not decode (read_events_json()).
inline bool add_integrity_events(IntegrityHand& hand, std::string_view events) {
  return read_events_json(events, [&hand](const LoggedEvent& e) {
    if (std::optional<IntegrityAction> a = integrity_action(e)) hand.actions.push_back(*a);
    if (std::optional<IntegrityCards> c = integrity_cards(e)) hand.cards.push_back(std::move(*c));
  });
}

// Joins the event logs (by hand) to `hands` (by hand too, from integrity_seats_sql()): a log of a
// hand not in `hands` is skipped. Counts the logs that do not decode (their hands keep no
// actions and no cards).
class IntegrityLogJoin {
 public:
  explicit IntegrityLogJoin(std::vector<IntegrityHand>& hands) : hands_(hands) {}
  void add(std::int64_t hand_id, std::string_view events) {
    while (at_ < hands_.size() && hands_[at_].hand_id < hand_id) ++at_;
    if (at_ == hands_.size() || hands_[at_].hand_id != hand_id) return;
    if (!add_integrity_events(hands_[at_], events)) ++undecoded_;
  }
  long undecoded() const { return undecoded_; }
  // Says on stderr how many logs did not decode, if any: the signals are computed without them.
  void warn_of_undecoded() const {
    if (undecoded_ > 0)
      fmt::print(stderr,
                 "hhaudit: {} hand event logs do not decode: the signals across hands read "
                 "neither their actions nor their cards\n",
                 undecoded_);
  }

 private:
  std::vector<IntegrityHand>& hands_;
  std::size_t at_{0};
  long undecoded_{0};
};

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
