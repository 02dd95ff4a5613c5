// The replay of the betting: chips moved per event, and the betting rules each action must follow.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "audit/auditor.hpp"

namespace hh::detail {

void Auditor::new_round(Street s) {
  Street round = s == Street::Setup ? Street::Preflop : s;
  if (round == state_.round) return;
  check_round_closed(s);
  state_.round = round;
  state_.max_bet = 0;
  state_.blind_floor = 0;
  // Spread limit: the smallest bet is the spread's minimum, whatever the blinds.
  state_.last_full_raise =
      h_.structure == Structure::SpreadLimit && h_.spread_min > 0
          ? std::max(h_.spread_min, round == Street::Preflop ? h_.big_blind : 0)
          : h_.big_blind;
  state_.raise_base = 0;
  state_.acted_this_round.clear();
  state_.bets_this_round = 0;
  state_.contenders_at_start = 0;
  for (const auto& [seat, p] : state_.players)
    if (!p.folded && state_.chips_behind(p) > 0 && state_.dealt_in.count(seat))
      ++state_.contenders_at_start;
  for (auto& [seat, p] : state_.players) {
    p.street_bet = 0;
    p.may_raise = true;
  }
}

void Auditor::check_round_closed(Street next) {
  if (state_.round == Street::Setup || !order_checked()) return;
  for (Breach& breach : check_round_closed_by(state_, next)) add(std::move(breach));
}

void Auditor::replay() {
  find_dealt_in();
  read_up_cards();
  find_ante_all_in_big_blind();
  set_kill_limits();
  r_.chips_after.assign(h_.events.size(), std::nullopt);
  for (std::size_t index = 0; index < h_.events.size(); ++index) replay_event(index);
}

void Auditor::set_kill_limits() {
  for (const Event& e : h_.events) {
    if (e.kind != EventKind::PostKill || h_.structure != Structure::FixedLimit) continue;
    state_.kill_numerator = rules_.kill_blind == KillBlind::Full ? 2 : 3;
    state_.kill_denominator = rules_.kill_blind == KillBlind::Full ? 1 : 2;
  }
}

bool Auditor::check_legality(const Event& e, const PlayerState& p) {
  if (auto breach = check_no_action_after_fold(state_, e, p)) {
    add(std::move(breach));
    return e.kind != EventKind::Fold;
  }
  if (auto breach = check_no_action_while_all_in(state_, e, p)) {
    add(std::move(breach));
    return true;
  }
  for (BettingRule rule : kActionRules) add(rule(state_, e, p));
  return true;
}

void Auditor::replay_event(std::size_t index) {
  const Event& e = h_.events[index];
  if ((is_forced_bet(e.kind) || is_action(e.kind)) && is_betting_round(e.street))
    new_round(e.street);
  const Money max_before = state_.max_bet;
  if (is_action(e.kind) && is_betting_round(e.street)) {
    PlayerState* actor = player(e);
    if (actor) check_turn(e, *actor);
    if (actor && !check_legality(e, *actor)) return;
    if (actor) state_.acted_this_round.insert(actor->seat);
  }
  note_blind(e);
  check_bring_in(e);
  add(check_forced_bet_size(state_, e));
  PlayerState* p = apply_event(e);
  if (p && is_betting_round(e.street)) after_action(e, *p, max_before);
  // The stack as the table shows it: the chips behind and what the player collected.
  if (p) {
    r_.chips_after[index] = ChipsAfter{
        p->stack_unknown ? std::nullopt : std::optional(p->stack + p->collected), pot_now()};
  }
}

PlayerState* Auditor::apply_event(const Event& e) {
  switch (e.kind) {
    case EventKind::PostAnte:
    case EventKind::PostDead:
    case EventKind::PostBigBlind:
    case EventKind::PostSmallBlind:
    case EventKind::PostStraddle:
    case EventKind::PostButtonBlind:
    case EventKind::PostSleeper:
    case EventKind::PostKill:
    case EventKind::BringIn:
    case EventKind::Bet:
    case EventKind::PostBothBlinds:
      return apply_forced_bet_or_bet(e);
    case EventKind::Call:
    case EventKind::Raise:
    case EventKind::Fold:
    case EventKind::Check:
      return apply_decision(e);
    case EventKind::UncalledReturned:
    case EventKind::Collected:
    case EventKind::CashedOut:
    case EventKind::SitsOut:
      return apply_settlement(e);
    default:
      return nullptr;
  }
}

PlayerState* Auditor::apply_forced_bet_or_bet(const Event& e) {
  PlayerState* p = player(e);
  if (!p) return nullptr;
  switch (e.kind) {
    case EventKind::PostAnte:
      put(*p, e, e.amount, 0);
      // The big blind all-in on the ante alone still makes the big blind owed (rule text 001,
      // "All in before the deal": the others "must call the complete amount of the big blind").
      if (e.seat == state_.ante_all_in_big_blind)
        state_.blind_floor = std::max(state_.blind_floor, h_.big_blind);
      break;
    case EventKind::PostDead:
      put(*p, e, e.amount, 0);
      p->dead += e.amount;
      break;
    case EventKind::PostBigBlind:
      put(*p, e, e.amount, e.amount);
      // A big blind all-in for less still sets the full big blind to call. (In fixed-limit
      // headers the stakes are the bet sizes, not the blinds, so this is for big-bet games.)
      // (888 never prints "all-in": an empty stack says it.)
      if ((e.all_in || p->stack == 0) && h_.structure != Structure::FixedLimit)
        state_.blind_floor = std::max(state_.blind_floor, h_.big_blind);
      break;
    case EventKind::PostBothBlinds:
      put(*p, e, e.amount, e.amount - e.dead);
      p->dead += e.dead;
      break;
    default:  // the small blind, straddles, sleepers, kills, the bring-in, a bet: all live
      put(*p, e, e.amount, e.amount);
      break;
  }
  return p;
}

PlayerState* Auditor::apply_decision(const Event& e) {
  PlayerState* p = player(e);
  if (!p) return nullptr;
  switch (e.kind) {
    case EventKind::Call:
      add(check_call_amount(state_, e, *p));
      put(*p, e, e.amount, e.amount);
      break;
    case EventKind::Raise: {
      const Money chips = e.to - p->street_bet;
      add(check_raise_increment_printed(state_, e, *p));
      put(*p, e, chips, chips);
      break;
    }
    case EventKind::Fold:
      p->folded = true;
      break;
    default:  // a check: no chips move; after_action notes the player has acted
      break;
  }
  return p;
}

PlayerState* Auditor::apply_settlement(const Event& e) {
  if (e.kind == EventKind::SitsOut) {
    // Not an action (no player returned): "is disconnected and ALL IN" only changes his state.
    if (PlayerState* q = e.all_in ? player(e) : nullptr) q->declared_all_in = true;
    return nullptr;
  }
  PlayerState* p = player(e);
  if (!p) return nullptr;
  if (e.kind == EventKind::UncalledReturned) {
    p->returned += e.amount;
    p->stack += e.amount;
    money_.returned_lines[p->seat] = e.line;
  } else if (e.kind == EventKind::Collected) {
    p->collected += e.amount;
    money_.collections.push_back({p->seat, e.pot_index, e.amount, e.line, false});
  } else {  // cashed out
    p->cashed = true;
    p->cashed_out += e.amount;
  }
  return p;
}

void Auditor::find_dealt_in() {
  // Seats 1 to 63 marked in a mask first, then inserted once each in ascending order (the events
  // name the same few seats again and again: an insert into the sorted set for each was 1.5% of
  // the audit's time).
  std::uint64_t seats = 0;
  for (const Event& e : h_.events) {
    if (e.seat == 0 || !(is_forced_bet(e.kind) || is_action(e.kind))) continue;
    if (e.seat > 0 && e.seat < 64)
      seats |= std::uint64_t{1} << e.seat;
    else
      state_.dealt_in.insert(e.seat);
  }
  for (; seats != 0; seats &= seats - 1) state_.dealt_in.insert(std::countr_zero(seats));
}

void Auditor::find_ante_all_in_big_blind() {
  if (!state_.big_bet_game() || h_.big_blind <= 0) return;
  int small_blind = 0;
  for (const Event& e : h_.events) {
    if (e.kind == EventKind::PostBigBlind || e.kind == EventKind::PostBothBlinds) return;
    if (e.kind == EventKind::PostSmallBlind && small_blind == 0) small_blind = e.seat;
  }
  // The seat due the big blind: the next one dealt in after the small blind. (No small blind
  // posted: which seat owed the big blind is not known, and nothing is assumed.)
  if (small_blind == 0) return;
  std::vector<int> seats;
  for (const Seat& s : h_.seats)
    if (!s.sitting_out) seats.push_back(s.seat);
  std::sort(seats.begin(), seats.end());
  auto next = std::upper_bound(seats.begin(), seats.end(), small_blind);
  const int due = next == seats.end() ? (seats.empty() ? 0 : seats.front()) : *next;
  const Seat* seat = h_.seat_of(due);
  for (const Event& e : h_.events)
    if (e.kind == EventKind::PostAnte && e.seat == due && seat &&
        (e.all_in || seat->stack == e.amount))
      state_.ante_all_in_big_blind = due;
}

void Auditor::note_blind(const Event& e) {
  Street round = e.street == Street::Setup ? Street::Preflop : e.street;
  if (round != Street::Preflop) return;
  // The big blind all-in on the ante: the action starts after that seat as after a big blind.
  if (e.kind == EventKind::PostAnte && e.seat == state_.ante_all_in_big_blind) {
    if (state_.preflop_anchor == 0) state_.preflop_anchor = e.seat;
    if (state_.big_blind_seat == 0) state_.big_blind_seat = e.seat;
  }
  if (e.kind == EventKind::PostBigBlind && state_.preflop_anchor == 0)
    state_.preflop_anchor = e.seat;
  if (e.kind == EventKind::PostBigBlind && state_.big_blind_seat == 0)
    state_.big_blind_seat = e.seat;
  if (e.kind == EventKind::PostSmallBlind && state_.small_blind_seat == 0)
    state_.small_blind_seat = e.seat;
  if (e.kind == EventKind::PostStraddle || e.kind == EventKind::PostButtonBlind)
    state_.preflop_anchor = e.seat;
  // The kill blind acts last on the first round whatever its seat (rule text 000): the order is
  // the usual one only when it sits left of the big blind; elsewhere it is not checked.
  if (e.kind == EventKind::PostKill)
    state_.preflop_anchor =
        state_.preflop_anchor != 0 && next_to_act(state_.preflop_anchor) == e.seat ? e.seat : 0;
  // A sleeper buys no last action: the order stays (rule text 000, the sleeper example).
  if (e.kind == EventKind::PostSleeper) state_.sleeper_seat = e.seat;
}

void Auditor::after_action(const Event& e, PlayerState& p, Money max_before) {
  switch (e.kind) {
    case EventKind::PostBigBlind:
      state_.last_full_raise = std::max(state_.last_full_raise, h_.big_blind);
      state_.raise_base = state_.max_bet;
      // Fixed limit: a big blind all-in for less still makes the full blind the bet to raise.
      if (h_.structure == Structure::FixedLimit)
        state_.raise_base = std::max(state_.max_bet, h_.small_bet);
      state_.bets_this_round = 1;  // the big blind is the round's first bet
      return;
    case EventKind::PostStraddle:
    case EventKind::PostSleeper:
      // A straddle sets the minimum raise but is not a raise: everyone keeps the option. A
      // sleeper does the same, but its poster has no option while nobody raises.
      state_.last_full_raise = std::max(state_.last_full_raise, e.to);
      state_.raise_base = state_.max_bet;
      if (e.kind == EventKind::PostSleeper) {
        p.may_raise = false;
        state_.acted_this_round.insert(p.seat);
      }
      return;
    case EventKind::BringIn:
      // The bring-in opens the betting (rule text 000: "forced to open the betting by some small
      // amount, after which players act after them in normal rotation"): when everyone calls it,
      // the round is over without the bring-in acting again (PokerStars and Winamax stud hands).
      state_.acted_this_round.insert(p.seat);
      return;
    case EventKind::PostKill:
      // The kill blind is the big blind of the kill hand: the first bet at its limits.
      state_.last_full_raise = std::max(state_.last_full_raise, e.to);
      state_.raise_base = state_.max_bet;
      return;
    case EventKind::Bet:
    case EventKind::Raise: {
      if (state_.limit_game()) {
        // Fixed and spread limit: a full bet or raise (or, with the half-bet rule, an all-in of
        // at least half of one) reopens the betting and is the base of the next raise.
        const Money full = h_.structure == Structure::FixedLimit ? state_.bet_unit(e.street)
                                                                 : state_.last_full_raise;
        const Money over_base = e.to - state_.raise_base;
        const bool half_bet = rules_.limit_incomplete_raise == IncompleteRaiseRule::HalfBet;
        if (over_base >= full || (half_bet && 2 * over_base >= full)) {
          ++state_.bets_this_round;
          if (h_.structure == Structure::SpreadLimit && e.to - max_before > state_.last_full_raise)
            state_.last_full_raise = e.to - max_before;
          state_.raise_base = e.to;
          for (auto& [seat, q] : state_.players) q.may_raise = true;
        }
        p.may_raise = false;
        return;
      }
      ++state_.bets_this_round;
      const Money increment = e.to - max_before;
      if (increment >= state_.last_full_raise ||
          e.to - state_.raise_base >= state_.last_full_raise) {
        if (increment >= state_.last_full_raise) state_.last_full_raise = increment;
        state_.raise_base = e.to;
        for (auto& [seat, q] : state_.players) q.may_raise = true;
      }
      p.may_raise = false;
      return;
    }
    case EventKind::Call:
    case EventKind::Check:
    case EventKind::Fold:
      p.may_raise = false;
      return;
    default:
      return;
  }
}

Money Auditor::pot_now() const {
  Money pot = 0;
  for (const auto& [seat, p] : state_.players) pot += p.gross - p.returned - p.collected;
  return pot;
}

}  // namespace hh::detail
