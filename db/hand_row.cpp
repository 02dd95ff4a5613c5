#include "db/hand_row.hpp"

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
