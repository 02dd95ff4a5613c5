#include "audit/sessions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

#include "parser/text/money.hpp"

namespace hh {

namespace {

// Seconds since 1970 of "YYYY-MM-DDTHH:MM:SSZ"; nullopt for any other text.
std::optional<long long> epoch_seconds(std::string_view t) {
  if (t.size() != 20 || t[4] != '-' || t[7] != '-' || t[10] != 'T' || t[13] != ':' ||
      t[16] != ':' || t[19] != 'Z')
    return std::nullopt;
  auto number = [&](std::size_t at, std::size_t n) -> std::optional<int> {
    int v = 0;
    auto [end, ec] = std::from_chars(t.data() + at, t.data() + at + n, v);
    if (ec != std::errc() || end != t.data() + at + n) return std::nullopt;
    return v;
  };
  const auto y = number(0, 4), mo = number(5, 2), d = number(8, 2), h = number(11, 2),
             mi = number(14, 2), s = number(17, 2);
  if (!y || !mo || !d || !h || !mi || !s) return std::nullopt;
  // Days from civil (Howard Hinnant's algorithm), proleptic Gregorian.
  const int year = *y - (*mo <= 2 ? 1 : 0);
  const int era = (year >= 0 ? year : year - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(year - era * 400);
  const unsigned doy = static_cast<unsigned>((153 * (*mo + (*mo > 2 ? -3 : 9)) + 2) / 5 + *d - 1);
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const long long days =
      static_cast<long long>(era) * 146097 + static_cast<long long>(doe) - 719468;
  return days * 86400 + *h * 3600 + *mi * 60 + *s;
}

// The digits at the end of a hand number ("OM123" -> "123"), without leading zeros.
std::string_view hand_number(std::string_view id) {
  std::size_t from = id.size();
  while (from > 0 && id[from - 1] >= '0' && id[from - 1] <= '9') --from;
  while (from + 1 < id.size() && id[from] == '0') ++from;
  return id.substr(from);
}

// Numbers of digits compared as numbers: the shorter is the smaller.
bool number_less(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

// Seats counted clockwise: how far `to` lies after `from` (1..seats; `seats` when equal).
int clockwise(int from, int to, int seats) {
  const int d = ((to - from) % seats + seats) % seats;
  return d == 0 ? seats : d;
}

const SessionSeat* seat_of(const SessionHand& h, int seat) {
  for (const SessionSeat& s : h.seats)
    if (s.seat == seat) return &s;
  return nullptr;
}

const SessionSeat* player_of(const SessionHand& h, std::string_view player) {
  for (const SessionSeat& s : h.seats)
    if (s.player == player) return &s;
  return nullptr;
}

// The player at `seat` in `next` sat at the same seat in `prev`.
bool kept_seat(const SessionHand& prev, const SessionHand& next, int seat) {
  const SessionSeat* a = seat_of(prev, seat);
  const SessionSeat* b = seat_of(next, seat);
  return a && b && a->player == b->player;
}

// The big blind of a hand: the first seat clockwise after the button that posted one (a player
// joining elsewhere may post one too). 0 when none did.
int big_blind_seat(const SessionHand& h, int seats) {
  for (int d = 1; d <= seats; ++d) {
    const SessionSeat* s = seat_of(h, (h.button_seat + d - 1) % seats + 1);
    if (s && s->posted_big_blind) return s->seat;
  }
  return 0;
}

class SessionChecker {
 public:
  SessionChecker(const SessionHand& prev, const SessionHand& next, const HouseRules& rules,
                 std::vector<SessionFinding>& out)
      : prev_(prev), next_(next), rules_(rules), out_(out) {}

  void run() {
    if (!in_time_order()) return;
    check_stacks();
    if (!prev_.seat_details_known || !next_.seat_details_known) return;
    seats_ = std::max(prev_.max_seats, next_.max_seats);
    for (const SessionHand* h : {&prev_, &next_})
      for (const SessionSeat& s : h->seats) seats_ = std::max(seats_, s.seat);
    if (seats_ < 2 || prev_.button_seat == 0 || next_.button_seat == 0) return;
    check_button();
    check_big_blind();
    check_owed_blinds();
  }

 private:
  std::string amt(Money m) const { return format_amount(m, next_.unit); }

  void add(FindingCode code, FindingFields fields) {
    out_.push_back({next_.hand_id, prev_.hand_id, make_finding(code, std::move(fields))});
  }

  // HAND_ORDER and TIME_GAP; false when the pair is too far apart to compare.
  bool in_time_order() {
    const std::string_view a = hand_number(prev_.site_hand_id);
    const std::string_view b = hand_number(next_.site_hand_id);
    if (!a.empty() && !b.empty() && number_less(b, a))
      add(FindingCode::HandOrder,
          {.message = fmt::format("hand {} ({}) follows hand {} ({}) at the table but has a "
                                  "lower number",
                                  next_.site_hand_id, next_.started_at_utc, prev_.site_hand_id,
                                  prev_.started_at_utc)});
    const auto t0 = epoch_seconds(prev_.started_at_utc);
    const auto t1 = epoch_seconds(next_.started_at_utc);
    if (t0 && t1 && *t1 - *t0 > kMaxSecondsBetweenHands) {
      add(FindingCode::TimeGap,
          {.message = fmt::format("{} min between hand {} ({}) and hand {} ({}): hands are "
                                  "missing in between; the two are not compared",
                                  (*t1 - *t0) / 60, prev_.site_hand_id, prev_.started_at_utc,
                                  next_.site_hand_id, next_.started_at_utc)});
      return false;
    }
    return true;
  }

  // A player in both hands starts the later one with what they ended the earlier one with. A
  // cash-game player may top up between hands (upward only); a tournament player who ended with
  // nothing and is seated again has rebought (no history prints the rebuy; with no chips a
  // player is seated only so).
  void check_stacks() {
    for (const SessionSeat& now : next_.seats) {
      const SessionSeat* before = player_of(prev_, now.player);
      if (!before || !before->stack_known || !now.stack_known) continue;
      if (now.start_stack == before->end_stack) continue;
      if (now.start_stack > before->end_stack && (!next_.tournament || before->end_stack == 0))
        continue;
      add(FindingCode::StackDiscontinuity,
          {.seat = now.seat,
           .player = now.player,
           .expected = before->end_stack,
           .actual = now.start_stack,
           .message = fmt::format("{} ended hand {} with {} and starts hand {} with {}{}",
                                  now.player, prev_.site_hand_id, amt(before->end_stack),
                                  next_.site_hand_id, amt(now.start_stack),
                                  next_.tournament ? "" : " (a cash top-up only adds)")});
    }
  }

  // The first seat clockwise after the earlier button whose player was at it in the earlier
  // hand and is dealt into the later one: the button may not pass that player. 0: none.
  int first_staying_player() const {
    for (int d = 1; d <= seats_; ++d) {
      const int seat = (prev_.button_seat + d - 1) % seats_ + 1;
      const SessionSeat* s = seat_of(next_, seat);
      if (s && !s->sitting_out && kept_seat(prev_, next_, seat)) return seat;
    }
    return 0;
  }

  int dealt_in(const SessionHand& h) const {
    return static_cast<int>(std::count_if(h.seats.begin(), h.seats.end(),
                                          [](const SessionSeat& s) { return !s.sitting_out; }));
  }

  // The button moves clockwise, at least one seat and not past the first player who stays.
  // Dead button: it may stop on a seat nobody is dealt from; moving button: on a player dealt
  // in. Heads-up the big blind's move decides where the button goes (rule text 000, "When there
  // are only two players"): not checked.
  void check_button() {
    if (dealt_in(next_) <= 2) return;
    const int limit = first_staying_player();
    if (limit == 0) return;
    const int moved = clockwise(prev_.button_seat, next_.button_seat, seats_);
    const int allowed = clockwise(prev_.button_seat, limit, seats_);
    const SessionSeat* at = seat_of(next_, next_.button_seat);
    const bool on_player = at && !at->sitting_out;
    const bool dead_allowed = rules_.button_rule == ButtonRule::Dead;
    if (moved <= allowed && moved < seats_ && (on_player || dead_allowed)) return;
    add(FindingCode::ButtonOutOfOrder,
        {.seat = next_.button_seat,
         .expected = limit,
         .actual = next_.button_seat,
         .message = fmt::format(
             "the button moves from seat {} (hand {}) to seat {} (hand {}); by the {} button "
             "rule it goes no further than seat {}{}",
             prev_.button_seat, prev_.site_hand_id, next_.button_seat, next_.site_hand_id,
             dead_allowed ? "dead" : "moving", limit,
             dead_allowed || on_player ? "" : ", and onto a player dealt in")});
  }

  // A player who stayed, was dealt into both hands and sat between the two big blinds was
  // passed by the big blind without paying it. With big_blind_skips_after_leave a player who
  // left makes the skip legal (rule text 000's moving buttons: the simplified rule writes the
  // blind off, the moving rule collects it later, which is not followed); without it the big
  // blind moves exactly one player on (the dead button).
  void check_big_blind() {
    const int bb0 = big_blind_seat(prev_, seats_);
    const int bb1 = big_blind_seat(next_, seats_);
    // A big blind that did not move is the button's finding.
    if (bb0 == 0 || bb1 == 0 || bb0 == bb1) return;
    if (rules_.big_blind_skips_after_leave && someone_left()) return;
    const int moved = clockwise(bb0, bb1, seats_);
    for (int d = 1; d < moved; ++d) {
      const int seat = (bb0 + d - 1) % seats_ + 1;
      const SessionSeat* s = seat_of(next_, seat);
      const SessionSeat* before = seat_of(prev_, seat);
      if (!s || !kept_seat(prev_, next_, seat) || s->sitting_out || before->sitting_out) continue;
      if (s->posted_big_blind || s->posted_owed) continue;
      add(FindingCode::BlindSkipped,
          {.seat = seat,
           .player = s->player,
           .expected = next_.big_blind,
           .actual = 0,
           .message =
               fmt::format("the big blind moves from seat {} (hand {}) to seat {} (hand "
                           "{}) past {} at seat {}, dealt into both, who pays none",
                           bb0, prev_.site_hand_id, bb1, next_.site_hand_id, s->player, seat)});
    }
  }

  bool someone_left() const {
    return std::any_of(prev_.seats.begin(), prev_.seats.end(), [&](const SessionSeat& s) {
      return !s.sitting_out && !player_of(next_, s.player);
    });
  }

  // A player dealt into both hands at the same seat owes no blind from before: a dead blind or
  // both blinds posted is one they did not owe.
  void check_owed_blinds() {
    for (const SessionSeat& s : next_.seats) {
      if (!s.posted_owed || !kept_seat(prev_, next_, s.seat)) continue;
      if (seat_of(prev_, s.seat)->sitting_out || s.sitting_out) continue;
      add(FindingCode::BlindSkipped,
          {.seat = s.seat,
           .player = s.player,
           .expected = 0,
           .message = fmt::format("{} at seat {} was dealt into hand {} and posts owed blinds in "
                                  "hand {} that they did not owe",
                                  s.player, s.seat, prev_.site_hand_id, next_.site_hand_id)});
    }
  }

  const SessionHand& prev_;
  const SessionHand& next_;
  const HouseRules& rules_;
  std::vector<SessionFinding>& out_;
  int seats_{0};
};

}  // namespace

std::vector<SessionSeat> session_seats(const Hand& hand, const AuditResult& result) {
  std::vector<SessionSeat> out;
  for (const PlayerResult& p : result.players) {
    SessionSeat s;
    s.seat = p.seat;
    s.player = p.player;
    s.start_stack = p.start_stack;
    s.end_stack = p.start_stack + p.net();
    if (const Seat* seat = hand.seat_of(p.seat)) {
      s.stack_known = !seat->stack_unknown;
      s.sitting_out = seat->sitting_out;
    }
    for (const Event& e : hand.events) {
      if (e.seat != p.seat) continue;
      s.posted_small_blind |= e.kind == EventKind::PostSmallBlind;
      s.posted_big_blind |= e.kind == EventKind::PostBigBlind;
      s.posted_owed |= e.kind == EventKind::PostDead || e.kind == EventKind::PostBothBlinds;
    }
    out.push_back(std::move(s));
  }
  return out;
}

void order_session(std::vector<SessionHand>& hands) {
  std::stable_sort(hands.begin(), hands.end(), [](const SessionHand& a, const SessionHand& b) {
    if (a.started_at_utc != b.started_at_utc) return a.started_at_utc < b.started_at_utc;
    const std::string_view na = hand_number(a.site_hand_id), nb = hand_number(b.site_hand_id);
    if (na != nb) return number_less(na, nb);
    return a.site_hand_id < b.site_hand_id;
  });
}

std::vector<SessionFinding> check_session(std::vector<SessionHand> hands, const HouseRules& rules) {
  order_session(hands);
  std::vector<SessionFinding> out;
  for (std::size_t i = 1; i < hands.size(); ++i)
    SessionChecker(hands[i - 1], hands[i], rules, out).run();
  return out;
}

}  // namespace hh
