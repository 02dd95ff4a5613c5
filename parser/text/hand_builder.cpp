#include "parser/text/hand_builder.hpp"

#include <algorithm>

#include "parser/text/expectation_text.hpp"
#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/unread_cards.hpp"

namespace hh {

bool puts_chips_in(EventKind k) {
  switch (k) {
    case EventKind::PostAnte:
    case EventKind::PostSmallBlind:
    case EventKind::PostBigBlind:
    case EventKind::PostBothBlinds:
    case EventKind::PostStraddle:
    case EventKind::PostButtonBlind:
    case EventKind::PostDead:
    case EventKind::PostSleeper:
    case EventKind::PostKill:
    case EventKind::BringIn:
    case EventKind::Call:
    case EventKind::Bet:
    case EventKind::Raise:
      return true;
    default:
      return false;
  }
}

HandBuilder::HandBuilder(const HandText& text, const std::string& file, std::string site,
                         AmountReader read_amount)
    : text_(text), read_amount_(read_amount ? read_amount : &read_plain_amount) {
  h_.site = std::move(site);
  h_.source = {file, text.byte_offset, text.line};
  h_.raw = std::string(text.text);
  // Room for a typical hand at once (a PokerStars hand has about 25 events and 6 seats), not
  // grown by doubling from one.
  h_.events.reserve(32);
  h_.seats.reserve(10);
}

Hand HandBuilder::build() {
  LineCursor cur(text_.text, text_.line);
  if (!read_header(cur)) return std::move(h_);
  std::string_view line;
  while (cur.next(line)) {
    line = trim(line);
    if (line.empty()) continue;
    read_line(line, cur.line_number());
  }
  finish();
  report_unread_cards(h_);
  return std::move(h_);
}

bool HandBuilder::read_header(LineCursor& cur) {
  std::string_view line;
  return cur.next(line) && read_header_line(trim(line), cur.line_number());
}

bool HandBuilder::next_header_line(LineCursor& cur, std::string_view& line, std::string_view form) {
  if (cur.next(line)) {
    line = trim(line);
    return true;
  }
  issue(cur.line_number(), std::string(form), "the end of the hand");
  return false;
}

bool HandBuilder::dealt_hole_cards(std::string_view rest, std::uint32_t ln) {
  auto m = player_then(rest, " ");
  if (!m || !starts_with(m->second, "[")) return false;
  Event& e = add_event(EventKind::DealtHole, ln);
  e.seat = m->first;
  e.cards = EventCards::read(trim(m->second));
  return true;
}

Event& HandBuilder::add_event(EventKind kind, std::uint32_t ln) {
  Event& e = h_.events.emplace_back();
  e.kind = kind;
  e.street = street_;
  e.line = ln;
  return e;
}

void HandBuilder::collections_from_summary() {
  std::vector<int> collectors;
  for (const Event& e : h_.events)
    if (e.kind == EventKind::Collected) collectors.push_back(e.seat);
  for (const SummarySeat& s : h_.summary) {
    if (!s.has_won || s.won == 0 ||
        std::find(collectors.begin(), collectors.end(), s.seat) != collectors.end())
      continue;
    Event e;
    e.kind = EventKind::Collected;
    e.street = Street::Showdown;
    e.seat = s.seat;
    e.amount = s.won;
    e.pot_index = -1;
    e.line = s.line;
    h_.events.push_back(std::move(e));
  }
}

void HandBuilder::silent_uncalled_unless_printed() {
  for (const Event& e : h_.events)
    if (e.kind == EventKind::UncalledReturned) return;
  h_.uncalled_style = UncalledStyle::Silent;
}

void HandBuilder::silent_uncalled_in_a_walk() {
  const bool walk = std::none_of(h_.events.begin(), h_.events.end(), [](const Event& e) {
    return e.kind == EventKind::Call || e.kind == EventKind::Bet || e.kind == EventKind::Raise;
  });
  if (walk) silent_uncalled_unless_printed();
}

void HandBuilder::add_won(SummarySeat& seat, const std::vector<std::string_view>& amounts,
                          std::uint32_t ln) {
  for (std::string_view a : amounts) {
    if (auto m = money(a, ln)) {
      seat.won += *m;
      seat.has_won = true;
    }
  }
}

bool HandBuilder::finish_hand(std::string_view seat_line_form, std::string_view summary_marker,
                              bool summary_seen) {
  if (h_.seats.empty()) {
    issue(text_.line, std::string("at least one \"").append(seat_line_form).append("\" line"),
          "no seat lines");
    return false;
  }
  if (!summary_seen)
    issue(text_.line, std::string("a ").append(summary_marker).append(" section"),
          "hand ends without a summary");
  for (const Event& e : h_.events)
    if (e.kind == EventKind::PostAnte) h_.ante = std::max(h_.ante, e.amount);
  h_.parsed = summary_seen;
  return true;
}

void HandBuilder::set_stakes(Money small, Money big) {
  h_.small_blind = small;
  h_.big_blind = big;
  if (h_.structure == Structure::FixedLimit) {
    h_.small_bet = small;
    h_.big_bet = big;
  }
}

std::optional<Money> HandBuilder::read_plain_amount(std::string_view text, int unit) {
  return parse_amount(text, unit);
}

void HandBuilder::rejected(std::uint32_t line, const x3_actions::Expectation& e,
                           std::string expected, std::string_view got) {
  if (!e.failed) {
    issue(line, std::move(expected), got);
    return;
  }
  issue(line,
        readable_expectation(e.what, got, e.column) + " at line " + std::to_string(line) +
            ", column " + std::to_string(e.column),
        got);
  h_.issues.back().column = static_cast<std::uint32_t>(e.column);
}

void HandBuilder::issue(std::uint32_t line, std::string expected, std::string_view got) {
  h_.issues.push_back({line, std::move(expected), std::string(got.substr(0, 160))});
}

std::optional<Money> HandBuilder::money(std::string_view text, std::uint32_t line) {
  auto m = read_amount_(text, h_.unit);
  if (!m) issue(line, "an amount in " + std::string(h_.unit == 1 ? "whole chips" : "cents"), text);
  return m;
}

Money HandBuilder::signed_money(std::string_view text, std::uint32_t line) {
  if (text.starts_with("-")) return -money(text.substr(1), line).value_or(0);
  return money(text, line).value_or(0);
}

Event HandBuilder::action_event(const action_ast::Action& a, int seat, std::string_view rest,
                                std::uint32_t line) {
  using V = action_ast::Verb;
  Event e;
  e.seat = seat;
  e.street = street_;
  e.line = line;
  e.all_in = a.all_in;
  e.cards = EventCards::read(a.cards);
  e.count = static_cast<int>(a.count);
  auto amt = [&](std::string_view t) { return money(t, line).value_or(0); };
  // The verbs whose only amount is the chips the action puts in (or takes from the pot).
  auto chips = [&](EventKind kind) {
    e.kind = kind;
    e.amount = amt(a.amount);
  };
  switch (a.verb) {
    case V::Fold:
      e.kind = EventKind::Fold;
      break;
    case V::Check:
      e.kind = EventKind::Check;
      break;
    case V::Call:
      chips(EventKind::Call);
      break;
    case V::Bet:
      chips(EventKind::Bet);
      break;
    case V::Raise:  // "raises BY to TO": TO is the street total, BY as printed
      e.kind = EventKind::Raise;
      e.to = amt(a.amount2);
      e.raise_by = a.amount.empty() ? 0 : signed_money(a.amount, line);
      break;
    case V::RaiseBy:  // the chips the raise adds; no increment printed (the audit skips it)
      chips(EventKind::Raise);
      break;
    case V::SmallBlind:
      // Out of position, a small blind is dead money (it is not a live bet of the player).
      chips(a.out_of_position ? EventKind::PostDead : EventKind::PostSmallBlind);
      break;
    case V::BigBlind:
      chips(EventKind::PostBigBlind);
      break;
    case V::BothBlinds:
      // The small blind part is dead; the big blind part is a live bet (the poster may check
      // when the action comes back unraised).
      e.kind = EventKind::PostBothBlinds;
      if (a.amount2.empty()) {
        e.amount = amt(a.amount);
        e.dead = std::max<Money>(0, e.amount - h_.live_big_blind());
      } else {  // "[DEAD + LIVE]" (888)
        e.dead = amt(a.amount);
        e.amount = e.dead + amt(a.amount2);
      }
      break;
    case V::Ante:
      chips(EventKind::PostAnte);
      break;
    case V::Straddle:
      chips(EventKind::PostStraddle);
      break;
    case V::StraddleTo:
      e.kind = EventKind::PostStraddle;
      e.to = amt(a.amount);
      break;
    case V::ButtonBlind:
      chips(EventKind::PostButtonBlind);
      break;
    case V::DeadBlind:  // a missed blind posted dead: not part of the player's bet
      chips(EventKind::PostDead);
      break;
    case V::BringIn:
      chips(EventKind::BringIn);
      break;
    case V::Discard:
      e.kind = EventKind::Discards;
      break;
    case V::StandPat:
      e.kind = EventKind::StandsPat;
      break;
    case V::Show:
      e.kind = EventKind::Shows;
      break;
    case V::Muck:
      e.kind = EventKind::Mucks;
      break;
    case V::SitOut:
      e.kind = EventKind::SitsOut;
      break;
    case V::Return:
      e.kind = EventKind::Returns;
      break;
    case V::Uncalled:
      chips(EventKind::UncalledReturned);
      break;
    case V::Collected:
      chips(EventKind::Collected);
      e.pot_index = a.pot_index;
      e.board_index = showdown_board_;
      break;
    case V::CashedOut:
      chips(EventKind::CashedOut);
      if (!a.amount2.empty()) e.fee = amt(a.amount2);
      break;
    case V::Chat:
      e.kind = EventKind::Chat;
      e.text = std::string(a.text);
      break;
    case V::PaidBesidePot:
    case V::ReceivedBesidePot: {
      // No pot's money: an Other event for the record, the amount a settlement of the seat.
      e.kind = EventKind::Other;
      e.text = std::string(rest);
      const Money settled = amt(a.amount);
      h_.side_settlements.push_back({seat, a.verb == V::PaidBesidePot ? -settled : settled, line});
      break;
    }
    case V::Other:
      e.kind = EventKind::Other;
      e.text = std::string(rest);
      break;
  }
  return e;
}

void HandBuilder::set_start_time(std::string_view date, std::string_view time,
                                 std::string_view zone, std::uint32_t ln) {
  h_.started_at_utc = to_utc(date, time, zone);
  if (!zone.empty() && !is_known_zone(zone))
    h_.unread_outside_play.push_back(
        {ln, "a time zone hhaudit knows (EST, CET, GMT+01:00, ...): the hand's time is not read",
         std::string(zone), 0});
}

void HandBuilder::other(std::string_view line, std::uint32_t ln) {
  add_event(EventKind::Other, ln).text = std::string(line);
}

bool HandBuilder::add_seat(Seat s, std::uint32_t ln) {
  // Bounded, so that this (and every look-up of a seat after it) costs a table's worth.
  if (h_.seats.size() >= kMaxSeats) {
    issue(ln, max_seats_expected(), "seat " + std::to_string(s.seat) + ": " + s.player);
    return false;
  }
  if (h_.seat_of(s.seat)) {
    issue(ln, "one line per seat", "seat " + std::to_string(s.seat) + " listed twice");
    return false;
  }
  const Seat* const before = h_.seats.data();
  h_.seats.push_back(std::move(s));
  // Longest first, in seat-line order among equals.
  const auto longer = [](const std::pair<std::string_view, int>& a,
                         const std::pair<std::string_view, int>& b) {
    return a.first.size() > b.first.size();
  };
  if (h_.seats.data() != before) {
    // The vector moved its seats, and a short name lives inside its string: the views are
    // made again (rarely: the builder reserves a table's seats).
    names_by_length_.clear();
    for (const Seat& seat : h_.seats) names_by_length_.emplace_back(seat.player, seat.seat);
    std::stable_sort(names_by_length_.begin(), names_by_length_.end(), longer);
  } else {
    // The new name after every name as long or longer: one insert, not a sort a seat line (a
    // hostile hand of 10,000 seats made that quadratic a line).
    const std::pair<std::string_view, int> added{h_.seats.back().player, h_.seats.back().seat};
    names_by_length_.insert(
        std::upper_bound(names_by_length_.begin(), names_by_length_.end(), added, longer), added);
  }
  return true;
}

int HandBuilder::seat_of_player(std::string_view name) const {
  for (const Seat& s : h_.seats)
    if (s.player == name) return s.seat;
  return 0;
}

std::optional<std::pair<int, std::string_view>> HandBuilder::player_then(
    std::string_view line, std::string_view sep) const {
  for (const auto& [name, seat] : names_by_length_) {
    // Most names differ from the line in their first byte: tested before comparing them whole.
    if (!name.empty() && (line.empty() || line.front() != name.front())) continue;
    if (!line.starts_with(name)) continue;
    std::string_view rest = line.substr(name.size());
    if (rest.compare(0, sep.size(), sep) == 0) return std::make_pair(seat, rest.substr(sep.size()));
    if (sep == ": " && rest == ":") return std::make_pair(seat, std::string_view{});
  }
  return std::nullopt;
}

}  // namespace hh
