#include "db/hand_row.hpp"

#include <simdjson.h>

#include <algorithm>
#include <charconv>

#include "db/store.hpp"
#include "model/json_text.hpp"

namespace hh::db {

namespace {

std::optional<std::int64_t> read_or_null(bool parsed, std::int64_t v) {
  if (!parsed && v == 0) return std::nullopt;
  return v;
}

// The events hand_event_log keeps, and chips_json() follows one for one: all but chat and other
// money-neutral lines (text anyone can write, and no part of a replay).
bool is_logged(const Event& e) { return e.kind != EventKind::Chat && e.kind != EventKind::Other; }

void append_number(std::string& json, std::int64_t v) {
  char digits[24];
  json.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
}

}  // namespace

HandRow hand_row(const Hand& hand, const AuditResult& result) {
  const bool parsed = hand.parsed;
  HandRow r;
  r.site = hand.site.empty() ? std::string("unknown") : hand.site;
  r.site_hand_id = hand.site_hand_id;
  r.byte_offset = static_cast<std::int64_t>(hand.source.byte_offset);
  r.line = hand.source.line;
  r.table_name = hand.table_name;
  r.game = hand.game.name();
  r.limit_type =
      !hand.limit_text.empty() ? hand.limit_text : std::string(structure_name(hand.structure));
  r.currency = hand.currency;
  r.unit = hand.unit;
  r.small_blind = read_or_null(parsed, hand.small_blind);
  r.big_blind = read_or_null(parsed, hand.big_blind);
  r.ante = read_or_null(parsed, hand.ante);
  r.started_at_utc = hand.started_at_utc;
  r.seats = nonzero_or_null(hand.max_seats);
  r.players_dealt = read_or_null(parsed, result.players_dealt);
  r.total_pot = hand.total_pot ? hand.total_pot : result.derived_total_pot;
  r.rake = hand.rake ? hand.rake : result.derived_rake;
  r.fees = hand.fee_total();
  r.status = hand_status(hand, result);
  r.tournament_id = hand.tournament_id;
  r.button_seat = nonzero_or_null(hand.button_seat);
  r.cancelled = hand.cancelled;
  if (parsed) {
    r.total_contributed = result.total_contributed;
    r.total_collected = result.total_collected;
  }
  // The lines not read: the reader's, and those the audit found it could not have read (a
  // summary seat naming nobody seated). The checks between hands skip a hand with any.
  r.parse_issues =
      hand.parsed ? static_cast<std::int64_t>(std::count_if(
                        result.findings.begin(), result.findings.end(),
                        [](const Finding& f) { return f.code == FindingCode::UnrecognisedLine; }))
                  : static_cast<std::int64_t>(hand.issues.size());
  r.total_pot_derived = !hand.total_pot && result.derived_total_pot.has_value();
  r.rake_derived = !hand.rake && result.derived_rake.has_value();
  r.fast_fold = hand.fast_fold;
  r.players_named_by_position = hand.players_named_by_position;
  r.registration_may_be_open = hand.registration_may_be_open;
  r.money_in_error = result.money_in_error;
  return r;
}

void events_json(const Hand& hand, std::string& json) {
  json.clear();
  json += '[';
  const auto number_or_null = [&](std::int64_t v) {
    if (v == 0) {
      json += "null";
    } else {
      append_number(json, v);
    }
  };
  for (const Event& e : hand.events) {
    if (!is_logged(e)) continue;
    json += json.size() == 1 ? "[\"" : ",[\"";
    json += street_name(e.street);
    json += "\",\"";
    json += event_kind_name(e.kind);
    json += "\",";
    number_or_null(e.seat);
    json += ',';
    number_or_null(e.amount);
    json += ',';
    number_or_null(e.to);
    json += ',';
    number_or_null(e.line);
    const bool board = e.kind == EventKind::Board;
    if (e.all_in || !e.cards.empty() || board) json += e.all_in ? ",1" : ",0";
    if (!e.cards.empty() || board) {
      json += ',';
      if (e.cards.empty()) {
        json += "null";
      } else {
        append_json_string(json, e.cards.printed());
      }
    }
    if (board) {
      json += ',';
      append_number(json, e.board_index);
    }
    json += ']';
  }
  json += ']';
}

namespace {

using simdjson::dom::element;

bool read_text(element v, std::string_view& out) {
  return v.get_string().get(out) == simdjson::SUCCESS;
}

bool read_integer_or_null(element v, std::optional<std::int64_t>& out) {
  out.reset();
  if (v.is_null()) return true;
  std::int64_t n = 0;
  if (v.get_int64().get(n) != simdjson::SUCCESS) return false;
  out = n;
  return true;
}

// Element `index` of an event of events_json() into `out`: false when it is not of its type.
bool read_event_element(element v, std::size_t index, LoggedEvent& out) {
  switch (index) {
    case 0:
      return read_text(v, out.street);
    case 1:
      return read_text(v, out.kind);
    case 2:
      return read_integer_or_null(v, out.seat);
    case 3:
      return read_integer_or_null(v, out.amount);
    case 4:
      return read_integer_or_null(v, out.to);
    case 5:
      return read_integer_or_null(v, out.line);
    case 6: {
      std::optional<std::int64_t> all_in;
      if (!read_integer_or_null(v, all_in)) return false;
      out.all_in = all_in.value_or(0) != 0;
      return true;
    }
    case 7: {
      out.cards.reset();
      if (v.is_null()) return true;
      std::string_view cards;
      if (!read_text(v, cards)) return false;
      out.cards = cards;
      return true;
    }
    default:
      return read_integer_or_null(v, out.board);
  }
}

bool read_event(element v, LoggedEvent& out) {
  simdjson::dom::array elements;
  if (v.get_array().get(elements) != simdjson::SUCCESS) return false;
  const std::size_t count = elements.size();
  if (count < 6 || count > 9) return false;
  out = LoggedEvent{};
  std::size_t index = 0;
  for (const element e : elements)
    if (!read_event_element(e, index++, out)) return false;
  return true;
}

}  // namespace

bool read_events_json(std::string_view json, const std::function<void(const LoggedEvent&)>& each) {
  // simdjson rather than a reader of our own: the library already parses OHH files, validates
  // UTF-8 and unescapes strings, and reads the logs other writers left (SQLite's json_array of
  // the schema 4 migration) whatever their spacing. A parser a thread: its buffers are reused.
  thread_local simdjson::dom::parser parser;
  simdjson::dom::array events;
  if (parser.parse(json.data(), json.size()).get_array().get(events) != simdjson::SUCCESS)
    return false;
  LoggedEvent event;
  // All read first: a log that does not decode gives no event at all.
  for (const element e : events)
    if (!read_event(e, event)) return false;
  for (const element e : events) {
    read_event(e, event);
    each(event);
  }
  return true;
}

bool chips_json(const Hand& hand, const AuditResult& result, std::string& json) {
  json.clear();
  json += '[';
  bool any = false;
  bool first = true;
  for (std::size_t index = 0; index < hand.events.size(); ++index) {
    const Event& e = hand.events[index];
    if (!is_logged(e)) continue;
    if (!first) json += ',';
    first = false;
    const std::optional<ChipsAfter>& after =
        index < result.chips_after.size() ? result.chips_after[index] : std::nullopt;
    if (!after) {
      json += "null";
      continue;
    }
    any = true;
    json += '[';
    if (after->stack) {
      append_number(json, *after->stack);
    } else {
      json += "null";
    }
    json += ',';
    append_number(json, after->pot);
    json += ']';
  }
  json += ']';
  return any;
}

void prepare_rows(const Hand& hand, const AuditResult& result, PreparedRows& rows) {
  if (!hand.parsed) return;
  events_json(hand, rows.events);
  rows.has_chips = chips_json(hand, result, rows.chips);
}

}  // namespace hh::db
