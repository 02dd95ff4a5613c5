// What a store writes of one audited hand, computed once for every store: the hands row's values
// (in the column order of docs/schema.md) and the events as hand_event_log's JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/finding.hpp"
#include "model/hand.hpp"
#include "model/stored_rows.hpp"

namespace hh::db {

// The hands row but its ids (hand_id, file_id) and the content hash. std::nullopt is NULL: for an
// unparsed hand a 0 means "not read"; an empty text is "not printed".
struct HandRow {
  std::string site;        // "unknown" when the format gave none
  std::string limit_type;  // as printed, else the betting structure's name
  std::string_view site_hand_id, table_name, game, currency, started_at_utc,
      tournament_id;  // "" for NULL
  std::int64_t byte_offset{0}, line{0}, unit{0}, fees{0}, parse_issues{0}, money_in_error{0};
  std::optional<std::int64_t> small_blind, big_blind, ante, seats, players_dealt, total_pot, rake,
      button_seat, total_contributed, total_collected;
  bool cancelled{false}, total_pot_derived{false}, rake_derived{false}, fast_fold{false},
      players_named_by_position{false}, registration_may_be_open{false};
  const char* status{""};
};

// A 0 the schema stores as NULL (a seat or line a finding has none of, ...).
inline std::optional<std::int64_t> nonzero_or_null(std::int64_t v) {
  if (v == 0) return std::nullopt;
  return v;
}

// `hand` must outlive the row (its texts are views of it).
HandRow hand_row(const Hand& hand, const AuditResult& result);

// The hand's events but chat and other money-neutral lines, as hand_event_log's JSON array of
// [street, kind, seat, amount, to_amount, line, all_in, cards, board] (docs/schema.md), into
// `json` (cleared first: the caller reuses its allocation).
void events_json(const Hand& hand, std::string& json);

// One event of a hand_event_log.events array as read_events_json() reads it back: events_json()'s
// elements, an absent or null one std::nullopt. The texts are views valid during the visit only.
struct LoggedEvent {
  std::string_view street, kind;
  std::optional<std::int64_t> seat, amount, to, line;
  bool all_in{false};
  std::optional<std::string_view> cards;  // unescaped: as the site printed them
  std::optional<std::int64_t> board;      // a board's index (run it twice: 1, ...)
};

// Calls `each` on every event of `json` (a hand_event_log.events text), in the array's order
// (hand_events.seq). False, and `each` called on none, when `json` is not such an array: not
// JSON, an event not an array of 6 to 9 elements, street or kind not a string, a number not an
// integer, cards not a string.
bool read_events_json(std::string_view json, const std::function<void(const LoggedEvent&)>& each);

// The stack and pot after each event of events_json() ([stack, pot], [null, pot] when the site
// printed no stack, or null), as the audit's replay counted them, into `json` (cleared first).
// False when the replay counted none (an unparsed hand): the store writes NULL.
bool chips_json(const Hand& hand, const AuditResult& result, std::string& json);

// What the stores write of a parsed hand beyond its hands row and the audit's own rows
// (AuditResult::seats): hand_event_log's two arrays. Made by the pipeline's
// workers (prepare_rows), so that the one writer thread binds them instead of making them; a
// store makes them itself for a hand given without.
struct PreparedRows {
  std::string events;  // events_json()
  std::string chips;   // chips_json(), when has_chips
  bool has_chips{false};
};

// Nothing for an unparsed hand (the stores write none of these rows for it).
void prepare_rows(const Hand& hand, const AuditResult& result, PreparedRows& rows);

}  // namespace hh::db
