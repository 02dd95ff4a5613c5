#include "audit/sessions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <optional>
#include <string_view>

#include "audit/auditor.hpp"
#include "model/amount_text.hpp"

namespace hh {

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
  using namespace std::chrono;
  const year_month_day ymd{year{*y}, month{static_cast<unsigned>(*mo)},
                           day{static_cast<unsigned>(*d)}};
  if (!ymd.ok()) return std::nullopt;
  const long long days = sys_days{ymd}.time_since_epoch().count();
  return days * 86400 + *h * 3600 + *mi * 60 + *s;
}

namespace {

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

// The small blind of a hand: the first seat clockwise after the button that posted one. 0: none.
int small_blind_seat(const SessionHand& h, int seats) {
  for (int d = 1; d <= seats; ++d) {
    const SessionSeat* s = seat_of(h, (h.button_seat + d - 1) % seats + 1);
    if (s && s->posted_small_blind) return s->seat;
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
    // What a hand not read whole says of its stacks and blinds is not the site's word.
    if (!prev_.read_whole || !next_.read_whole) return;
    seats_ = std::max(prev_.max_seats, next_.max_seats);
    // A table whose size is not printed has at least as many seats as its highest seat number,
    // the button's included (a dead button on an empty seat).
    for (const SessionHand* h : {&prev_, &next_}) {
      seats_ = std::max(seats_, h->button_seat);
      for (const SessionSeat& s : h->seats) seats_ = std::max(seats_, s.seat);
    }
    // Stud games have no button to move (a format may print a fixed dealer seat).
    const bool button_known = prev_.has_button && next_.has_button && prev_.seat_details_known &&
                              next_.seat_details_known && seats_ >= 2 && prev_.button_seat != 0 &&
                              next_.button_seat != 0;
    // Most of the players changed: not two hands of one table in a row (a tournament whose
    // tables an export prints under one name, the player moved to another; a name reused).
    if (players_changed()) {
      report_players_changed();
      return;
    }
    const std::vector<StackChange> moved = stack_changes();
    // Hands played in between that the history does not hold (one player's history of a table
    // they left and came back to, a file of chosen hands): every hand takes chips from at least
    // one player (blinds or antes) to a winner and moves the button. A stack that shrank, with a
    // second stack moved or the button gone further than one hand takes it, is such a gap and
    // the pair is not compared; only between hands shown to follow each other is a changed
    // stack money that appeared or vanished.
    const bool shrank = std::any_of(moved.begin(), moved.end(), [](const StackChange& c) {
      return c.now->start_stack < c.before->end_stack;
    });
    const bool button_skipped = button_known && button_off_rule();
    // A changed tournament stack is judged only between hands shown to follow each other: another
    // player in both carried their stack over exactly (two sit-and-gos of one name, sampled hands
    // or a table the player came from that the file lacks show none).
    const bool grew_in_tournament =
        next_.tournament && std::any_of(moved.begin(), moved.end(), [](const StackChange& c) {
          return c.now->start_stack > c.before->end_stack && c.before->end_stack > 0;
        });
    const bool unproven = (shrank || grew_in_tournament) && carried_over() == 0;
    if ((shrank && (moved.size() >= 2 || button_skipped)) || unproven) {
      report_missing_hands(moved, button_skipped, unproven && moved.size() == 1);
      return;
    }
    for (const StackChange& c : moved) {
      if (legal_top_up(c)) continue;
      if (next_.tournament && c.now->start_stack > c.before->end_stack) {
        report_chips_added(c);
      } else {
        report_discontinuity(c);
      }
    }
    if (!button_known) return;
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

  // A player in both hands whose stack at the start of the later one is not what they ended the
  // earlier one with.
  struct StackChange {
    const SessionSeat* now;
    const SessionSeat* before;
  };

  // The players of both hands who start the later one with other than what they ended the earlier
  // one with.
  std::vector<StackChange> stack_changes() const {
    std::vector<StackChange> out;
    for (const SessionSeat& now : next_.seats) {
      const SessionSeat* before = player_of(prev_, now.player);
      if (!before || !before->stack_known || !now.stack_known) continue;
      if (now.start_stack != before->end_stack) out.push_back({&now, before});
    }
    return out;
  }

  // How many players dealt into both hands, stacks known, start the later one with exactly what
  // they ended the earlier one with (a player sitting out keeps his stack across any gap).
  std::size_t carried_over() const {
    std::size_t n = 0;
    for (const SessionSeat& now : next_.seats) {
      const SessionSeat* before = player_of(prev_, now.player);
      if (before && before->stack_known && now.stack_known && !before->sitting_out &&
          !now.sitting_out && now.start_stack == before->end_stack)
        ++n;
    }
    return n;
  }

  // A cash-game player may top up between hands (upward only); a tournament player who ended with
  // nothing and is seated again has rebought (no history prints the rebuy; with no chips a
  // player is seated only so).
  bool legal_top_up(const StackChange& c) const {
    return c.now->start_stack > c.before->end_stack &&
           (!next_.tournament || c.before->end_stack == 0);
  }

  void report_discontinuity(const StackChange& c) {
    add(FindingCode::StackDiscontinuity,
        {.seat = c.now->seat,
         .player = c.now->player,
         .expected = c.before->end_stack,
         .actual = c.now->start_stack,
         .message = fmt::format("{} ended hand {} with {} and starts hand {} with {}{}",
                                c.now->player, prev_.site_hand_id, amt(c.before->end_stack),
                                next_.site_hand_id, amt(c.now->start_stack),
                                next_.tournament ? "" : " (a cash top-up only adds)")});
  }

  // Tournament chips that grew between hands: a rebuy or an add-on, which no history read prints
  // and whose terms (does the tournament allow them, how many chips) no hand states: a note with
  // the amount, for a freezeout's chips from nowhere to be found by a query.
  void report_chips_added(const StackChange& c) {
    add(FindingCode::ChipsAdded,
        {.seat = c.now->seat,
         .player = c.now->player,
         .expected = c.before->end_stack,
         .actual = c.now->start_stack,
         .message = fmt::format("{} ended hand {} with {} and starts hand {} with {}: {} added "
                                "(a rebuy or add-on the history does not print)",
                                c.now->player, prev_.site_hand_id, amt(c.before->end_stack),
                                next_.site_hand_id, amt(c.now->start_stack),
                                amt(c.now->start_stack - c.before->end_stack))});
  }

  // Fewer than half of the players of the smaller hand (of four or more) sit in both.
  std::size_t players_in_both() const {
    return static_cast<std::size_t>(
        std::count_if(next_.seats.begin(), next_.seats.end(),
                      [&](const SessionSeat& s) { return player_of(prev_, s.player) != nullptr; }));
  }

  bool players_changed() const {
    const std::size_t fewer = std::min(prev_.seats.size(), next_.seats.size());
    return fewer >= 4 && players_in_both() * 2 < fewer;
  }

  void report_players_changed() {
    const std::size_t both = players_in_both();
    add(FindingCode::HandsMissing,
        {.message = fmt::format(
             "hand {} ({} players) and hand {} ({} players) have {} player{} in common: not two "
             "hands of one table in a row (a tournament's tables under one name, or hands "
             "missing); the two are not compared",
             prev_.site_hand_id, prev_.seats.size(), next_.site_hand_id, next_.seats.size(), both,
             both == 1 ? "" : "s")});
  }

  void report_missing_hands(const std::vector<StackChange>& changes, bool button_skipped,
                            bool none_carried) {
    std::string players;
    for (const StackChange& c : changes) {
      if (!players.empty()) players += ", ";
      players += fmt::format("{} {} -> {}", c.now->player, amt(c.before->end_stack),
                             amt(c.now->start_stack));
    }
    add(FindingCode::HandsMissing,
        {.message = fmt::format(
             "hands were played between hand {} and hand {} that the history does not hold: "
             "{} {} moved ({}){}{}; the two are not compared",
             prev_.site_hand_id, next_.site_hand_id, changes.size(),
             changes.size() == 1 ? "player's stack" : "players' stacks", players,
             button_skipped ? fmt::format(" and the button went from seat {} to seat {}",
                                          prev_.button_seat, next_.button_seat)
                            : "",
             none_carried ? " and no other player's stack carried over to show the hands "
                            "consecutive"
                          : "")});
  }

  // The furthest seat the button may move to: the first seat clockwise after the earlier button
  // whose player was at it in the earlier hand and is dealt into the later one, or the earlier
  // hand's small blind if that is further: the players the earlier hand's small blind passed
  // were not in the blinds' rotation (sitting out, or waiting for the big blind; sites print
  // them seated, some as dealt in), and the button follows the blinds. 0: none.
  int first_staying_player() const {
    int limit = 0;
    for (int d = 1; d <= seats_ && limit == 0; ++d) {
      const int seat = (prev_.button_seat + d - 1) % seats_ + 1;
      const SessionSeat* s = seat_of(next_, seat);
      if (s && !s->sitting_out && kept_seat(prev_, next_, seat)) limit = seat;
    }
    const int sb = small_blind_seat(prev_, seats_);
    if (limit != 0 && sb != 0 && sb != prev_.button_seat &&
        clockwise(prev_.button_seat, sb, seats_) > clockwise(prev_.button_seat, limit, seats_))
      limit = sb;
    return limit;
  }

  int dealt_in(const SessionHand& h) const {
    return static_cast<int>(std::count_if(h.seats.begin(), h.seats.end(),
                                          [](const SessionSeat& s) { return !s.sitting_out; }));
  }

  // The button moves clockwise, at least one seat and not past the first player who stays.
  // Dead button: it may stop on a seat nobody is dealt from; moving button: on a player dealt
  // in. Heads-up the big blind's move decides where the button goes (rule text 000, "When there
  // are only two players"): not checked.
  // The button went further than the first player who stays (or stayed put): more than one
  // hand's move. Heads-up not judged (see check_button).
  bool button_limit_passed() const {
    if (dealt_in(next_) <= 2) return false;
    const int limit = first_staying_player();
    if (limit == 0) return false;
    const int moved = clockwise(prev_.button_seat, next_.button_seat, seats_);
    // The big blind always moves on, and the button is placed from the blinds (rule text 000,
    // dead button): when the earlier big blind posts the small blind, the button may stay put
    // (its player, the earlier small blind, left: 888poker, Full Tilt, BetOnline, PokerNow).
    if (moved >= seats_) return !blinds_moved_one_on();
    return moved > clockwise(prev_.button_seat, limit, seats_);
  }

  // The earlier big blind posts the small blind, and the player the button would go to is gone:
  // the earlier small blind left, was on the button of a heads-up hand, or there was none (dead).
  bool blinds_moved_one_on() const {
    const int bb = big_blind_seat(prev_, seats_);
    const SessionSeat* sb = seat_of(next_, bb);
    if (bb == 0 || !sb || !sb->posted_small_blind || !kept_seat(prev_, next_, bb)) return false;
    const int earlier_sb = small_blind_seat(prev_, seats_);
    if (earlier_sb == 0 || (earlier_sb == prev_.button_seat && dealt_in(prev_) == 2)) return true;
    const SessionSeat* was = seat_of(prev_, earlier_sb);
    return !player_of(next_, was->player);
  }

  // ButtonRule::BehindBlinds: the seat with chips just before the later hand's small blind
  // (counter-clockwise; a player waiting to be dealt in counts, one away with no chips does not).
  // 0: no small blind posted.
  int seat_behind_blinds() const {
    const int sb = small_blind_seat(next_, seats_);
    for (int d = 1; sb != 0 && d < seats_; ++d) {
      const int seat = ((sb - 1 - d) % seats_ + seats_) % seats_ + 1;
      const SessionSeat* s = seat_of(next_, seat);
      if (s && s->start_stack > 0) return seat;
    }
    return 0;
  }

  // The button is not where the house rule lets one hand take it.
  bool button_off_rule() const {
    if (rules_.button_rule != ButtonRule::BehindBlinds) return button_limit_passed();
    const int expected = seat_behind_blinds();
    return expected != 0 && expected != next_.button_seat;
  }

  void check_button() {
    if (dealt_in(next_) <= 2) return;
    if (rules_.button_rule == ButtonRule::BehindBlinds) {
      const int expected = seat_behind_blinds();
      if (expected == 0 || expected == next_.button_seat) return;
      add(FindingCode::ButtonOutOfOrder,
          {.seat = next_.button_seat,
           .expected = FindingAmount::seat(expected),
           .actual = FindingAmount::seat(next_.button_seat),
           .message = fmt::format(
               "the button is on seat {} (hand {}); by the behind-blinds button rule it is the "
               "seated player just before the small blind, seat {}",
               next_.button_seat, next_.site_hand_id, expected)});
      return;
    }
    const int limit = first_staying_player();
    if (limit == 0) return;
    const SessionSeat* at = seat_of(next_, next_.button_seat);
    const bool on_player = at && !at->sitting_out;
    const bool dead_allowed = rules_.button_rule == ButtonRule::Dead;
    if (!button_limit_passed() && (on_player || dead_allowed)) return;
    add(FindingCode::ButtonOutOfOrder,
        {.seat = next_.button_seat,
         .expected = FindingAmount::seat(limit),
         .actual = FindingAmount::seat(next_.button_seat),
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
    // Heads-up the button posts the small blind and the normal rotation does not apply (rule
    // text 000, "When there are only two players"): when a third player comes in, posting the
    // big blind to enter, the heads-up button posts the small blind again.
    if (dealt_in(prev_) <= 2) return;
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

namespace {

// An event only a player dealt in has: a post, an action, cards, a return or a collection (not
// chat, sitting out or coming back, nor the board).
bool dealt_in_event(EventKind k) {
  switch (k) {
    case EventKind::Board:
    case EventKind::SitsOut:
    case EventKind::Returns:
    case EventKind::Chat:
    case EventKind::Other:
      return false;
    default:
      return true;
  }
}

}  // namespace

namespace {

// What a seat's own events say of it: whether it was dealt in and which blinds it posted.
struct SeatPlay {
  const Seat* line{nullptr};  // its seat line (Hand::seat_of), if any
  bool appears{false};        // has an event only a player dealt in has (dealt_in_event)
  bool sitting_out{false};
  bool posted_small_blind{false};
  bool posted_big_blind{false};
  bool posted_owed{false};
};

// What each seat's own events say of it, read in one pass over the events (a seat with no event
// has nothing set), and whether any action is printed (the play of the hand). Seat numbers are
// small: indexed in place, any other kept aside.
struct SeatEvents {
  static constexpr int kIndexed = 32;
  std::array<SeatPlay, kIndexed> indexed{};
  boost::container::flat_map<int, SeatPlay> others;
  bool play_printed{false};

  SeatPlay& of(int seat) {
    return seat >= 0 && seat < kIndexed ? indexed[static_cast<std::size_t>(seat)] : others[seat];
  }
  SeatPlay at(int seat) const {
    if (seat >= 0 && seat < kIndexed) return indexed[static_cast<std::size_t>(seat)];
    auto it = others.find(seat);
    return it == others.end() ? SeatPlay{} : it->second;
  }
};

SeatEvents read_seat_events(const Hand& hand) {
  SeatEvents out;
  for (const Seat& seat : hand.seats) {
    SeatPlay& s = out.of(seat.seat);
    if (!s.line) s.line = &seat;
  }
  for (const Event& e : hand.events) {
    out.play_printed |= detail::is_action(e.kind);
    SeatPlay& s = out.of(e.seat);
    s.appears |= dealt_in_event(e.kind);
    s.posted_small_blind |= e.kind == EventKind::PostSmallBlind;
    s.posted_big_blind |= e.kind == EventKind::PostBigBlind;
    s.posted_owed |= e.kind == EventKind::PostDead || e.kind == EventKind::PostBothBlinds;
  }
  return out;
}

SeatPlay seat_play(int seat_number, const SeatEvents& events) {
  // Many formats (PKR, Everest, 888poker, iPoker, ...) list every seated player, also those who
  // sit out or wait for the big blind, without saying so. A player dealt in always appears: the
  // blinds post, and every other player acts before the hand can end (the one who is not asked,
  // the big blind in a walk, has posted). So in a hand whose play is printed, a seat with no
  // event of its own was not dealt in: it is out of the blinds' rotation, as a seat marked
  // sitting out.
  SeatPlay s = events.at(seat_number);
  if (s.line) s.sitting_out = s.line->sitting_out;
  if (events.play_printed && !s.appears) s.sitting_out = true;
  // A player who posts a blind is in the blinds' rotation, whatever else the site says of
  // them: a tournament player sitting out still posts and is dealt in (PokerStars prints
  // "Player12 (200 in chips) is sitting out", then "Player12: posts big blind 160").
  if (s.posted_small_blind || s.posted_big_blind || s.posted_owed) s.sitting_out = false;
  return s;
}

}  // namespace

std::vector<SessionSeat> session_seats(const Hand& hand, const AuditResult& result) {
  const SeatEvents events = read_seat_events(hand);
  std::vector<SessionSeat> out;
  out.reserve(result.players.size());
  for (const PlayerResult& p : result.players) {
    SessionSeat s;
    s.seat = p.seat;
    s.player = p.player;
    s.start_stack = p.start_stack;
    for (const SideSettlement& paid : hand.side_settlements)
      if (paid.seat == p.seat) s.settled_outside += paid.amount;
    s.end_stack = p.start_stack + p.net() + s.settled_outside;
    const SeatPlay play = seat_play(p.seat, events);
    if (play.line) s.stack_known = !play.line->stack_unknown;
    s.sitting_out = play.sitting_out;
    s.posted_small_blind = play.posted_small_blind;
    s.posted_big_blind = play.posted_big_blind;
    s.posted_owed = play.posted_owed;
    for (const TournamentFinish& f : hand.finishes)
      if (f.seat == p.seat) s.finish_place = f.place;
    out.push_back(std::move(s));
  }
  return out;
}

int seats_dealt_in(const Hand& hand, const AuditResult& result) {
  const SeatEvents events = read_seat_events(hand);
  int n = 0;
  for (const PlayerResult& p : result.players) n += seat_play(p.seat, events).sitting_out ? 0 : 1;
  return n;
}

bool played_before(const SessionHand& a, const SessionHand& b) {
  if (a.started_at_utc != b.started_at_utc) return a.started_at_utc < b.started_at_utc;
  const std::string_view na = hand_number(a.site_hand_id), nb = hand_number(b.site_hand_id);
  if (na != nb) return number_less(na, nb);
  return a.site_hand_id < b.site_hand_id;
}

void order_session(std::vector<SessionHand>& hands) {
  std::stable_sort(hands.begin(), hands.end(), played_before);
}

void check_seam(const SessionHand& prev, const SessionHand& next, const HouseRules& rules,
                std::vector<SessionFinding>& out) {
  SessionChecker(prev, next, rules, out).run();
}

std::vector<SessionFinding> check_session(std::vector<SessionHand> hands, const HouseRules& rules) {
  order_session(hands);
  std::vector<SessionFinding> out;
  for (std::size_t i = 1; i < hands.size(); ++i) check_seam(hands[i - 1], hands[i], rules, out);
  return out;
}

}  // namespace hh
