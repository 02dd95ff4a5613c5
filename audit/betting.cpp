// The replay of the betting: chips moved per event, and the betting rules each action must follow.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "audit/auditor.hpp"

namespace hh::detail {

Money Auditor::to_call(const PlayerState& caller) const {
  if (blind_floor_ <= max_bet_) return max_bet_;
  if (h_.full_big_blind_always_owed) return blind_floor_;
  for (const auto& [seat, p] : players_)
    if (seat != caller.seat && !p.folded && chips_behind(p) > 0) return blind_floor_;
  return max_bet_;
}

void Auditor::new_round(Street s) {
  Street round = s == Street::Setup ? Street::Preflop : s;
  if (round == round_) return;
  check_round_closed(s);
  round_ = round;
  max_bet_ = 0;
  blind_floor_ = 0;
  // Spread limit: the smallest bet is the spread's minimum, whatever the blinds.
  last_full_raise_ = h_.structure == Structure::SpreadLimit && h_.spread_min > 0
                         ? std::max(h_.spread_min, round == Street::Preflop ? h_.big_blind : 0)
                         : h_.big_blind;
  raise_base_ = 0;
  acted_this_round_.clear();
  bets_this_round_ = 0;
  contenders_at_start_ = 0;
  for (const auto& [seat, p] : players_)
    if (!p.folded && chips_behind(p) > 0 && dealt_in_.count(seat)) ++contenders_at_start_;
  for (auto& [seat, p] : players_) {
    p.street_bet = 0;
    p.may_raise = true;
  }
}

void Auditor::check_round_closed(Street next) {
  if (round_ == Street::Setup || !order_checked()) return;
  int able = 0;
  for (int seat : dealt_in_) {
    auto it = players_.find(seat);
    if (it != players_.end() && !it->second.folded && chips_behind(it->second) > 0) ++able;
  }
  for (int seat : dealt_in_) {
    auto it = players_.find(seat);
    if (it == players_.end()) continue;
    const PlayerState& p = it->second;
    if (p.folded || chips_behind(p) == 0) continue;
    const Money owed = to_call(p) - p.street_bet;
    // Alone with chips against all-in players, a player need not match a bet nobody made.
    if (owed > 0 && (able > 1 || p.street_bet < max_bet_)) {
      add(FindingCode::RoundNotClosed,
          {.street = next,
           .seat = p.seat,
           .expected = to_call(p),
           .actual = p.street_bet,
           .message =
               fmt::format("the {} round ended with {} {} short of the bet, yet {} was dealt",
                           street_name(round_), p.player, amt(owed), street_name(next))});
    } else if (owed <= 0 && able > 1 && !acted_this_round_.count(p.seat)) {
      // Everyone else checked or called, but this player, still able to bet, never had a turn
      // (rule text 000: the round ends once every player has acted and the bets are equal; the
      // big blind's option is such a turn).
      add(FindingCode::RoundNotClosed,
          {.street = next,
           .seat = p.seat,
           .message = fmt::format("the {} round ended without {} acting, yet {} was dealt",
                                  street_name(round_), p.player, street_name(next))});
    }
  }
}

void Auditor::replay() {
  find_dealt_in();
  read_up_cards();
  find_ante_all_in_big_blind();
  // A kill hand plays at higher limits from its first bet (rule text 000, "Kill game").
  for (const Event& e : h_.events) {
    if (e.kind != EventKind::PostKill || h_.structure != Structure::FixedLimit) continue;
    kill_numerator_ = rules_.kill_blind == KillBlind::Full ? 2 : 3;
    kill_denominator_ = rules_.kill_blind == KillBlind::Full ? 1 : 2;
  }
  r_.chips_after.assign(h_.events.size(), std::nullopt);
  for (std::size_t index = 0; index < h_.events.size(); ++index) {
    const Event& e = h_.events[index];
    if ((is_forced_bet(e.kind) || is_action(e.kind)) && is_betting_round(e.street))
      new_round(e.street);
    PlayerState* p = nullptr;
    const Money max_before = max_bet_;
    if (is_action(e.kind) && is_betting_round(e.street)) {
      PlayerState* actor = player(e);
      if (actor) check_turn(e, *actor);
      if (actor && !check_legality(e, *actor)) continue;
      if (actor) acted_this_round_.insert(actor->seat);
    }
    note_blind(e);
    check_bring_in(e);
    check_forced_bet(e);
    switch (e.kind) {
      case EventKind::PostAnte:
        if ((p = player(e))) {
          put(*p, e, e.amount, 0);
          // The big blind all-in on the ante alone still makes the big blind owed (rule text
          // 001, "All in before the deal": the others "must call the complete amount of the big
          // blind").
          if (e.seat == ante_all_in_big_blind_) blind_floor_ = std::max(blind_floor_, h_.big_blind);
        }
        break;
      case EventKind::PostDead:
        if ((p = player(e))) {
          put(*p, e, e.amount, 0);
          p->dead += e.amount;
        }
        break;
      case EventKind::PostBigBlind:
        if ((p = player(e))) {
          put(*p, e, e.amount, e.amount);
          // A big blind all-in for less still sets the full big blind to call. (In fixed-limit
          // headers the stakes are the bet sizes, not the blinds, so this is for big-bet games.)
          // (888 never prints "all-in": an empty stack says it.)
          if ((e.all_in || p->stack == 0) && h_.structure != Structure::FixedLimit)
            blind_floor_ = std::max(blind_floor_, h_.big_blind);
        }
        break;
      case EventKind::PostSmallBlind:
      case EventKind::PostStraddle:
      case EventKind::PostButtonBlind:
      case EventKind::PostSleeper:
      case EventKind::PostKill:
      case EventKind::BringIn:
      case EventKind::Bet:
        if ((p = player(e))) put(*p, e, e.amount, e.amount);
        break;
      case EventKind::PostBothBlinds:
        if ((p = player(e))) {
          put(*p, e, e.amount, e.amount - e.dead);
          p->dead += e.dead;
        }
        break;
      case EventKind::Call:
        if ((p = player(e))) {
          Money owed = std::min(to_call(*p) - p->street_bet, chips_behind(*p));
          if (e.amount != owed) {
            add(FindingCode::WrongCallAmount,
                {.street = e.street,
                 .seat = p->seat,
                 .expected = owed,
                 .actual = e.amount,
                 .message = fmt::format("line {}: {} calls {} but the call is {}", e.line,
                                        p->player, amt(e.amount), amt(owed)),
                 .line = e.line});
          }
          put(*p, e, e.amount, e.amount);
        }
        break;
      case EventKind::Raise:
        if ((p = player(e))) {
          Money chips = e.to - p->street_bet;
          // PokerStars counts the increment from the largest bet made, even when a short
          // all-in big blind means callers owe more (tournament hand 16652117062).
          const Money facing = max_bet_;
          if (e.raise_by != 0 && e.raise_by != e.to - facing) {
            add(FindingCode::RaiseIncrementMismatch,
                {.street = e.street,
                 .seat = p->seat,
                 .expected = e.to - facing,
                 .actual = e.raise_by,
                 .message = fmt::format("line {}: {} raises {} to {} but the bet to beat was {}",
                                        e.line, p->player, amt(e.raise_by), amt(e.to), amt(facing)),
                 .line = e.line});
          }
          put(*p, e, chips, chips);
        }
        break;
      case EventKind::Fold:
        if ((p = player(e))) p->folded = true;
        break;
      case EventKind::Check:
        p = player(e);  // no chips move; after_action notes the player has acted
        break;
      case EventKind::UncalledReturned:
        if ((p = player(e))) {
          p->returned += e.amount;
          p->stack += e.amount;
          returned_lines_[p->seat] = e.line;
        }
        break;
      case EventKind::Collected:
        if ((p = player(e))) {
          p->collected += e.amount;
          collections_.push_back({p->seat, e.pot_index, e.amount, e.line, false});
        }
        break;
      case EventKind::CashedOut:
        if ((p = player(e))) {
          p->cashed = true;
          p->cashed_out += e.amount;
        }
        break;
      case EventKind::SitsOut:
        // Not an action (p stays null): "is disconnected and ALL IN" only changes his state.
        if (PlayerState* q = e.all_in ? player(e) : nullptr) q->declared_all_in = true;
        break;
      default:
        break;
    }
    if (p && is_betting_round(e.street)) after_action(e, *p, max_before);
    // The stack as the table shows it: the chips behind and what the player collected.
    if (p) {
      r_.chips_after[index] = ChipsAfter{
          p->stack_unknown ? std::nullopt : std::optional(p->stack + p->collected), pot_now()};
    }
  }
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
      dealt_in_.insert(e.seat);
  }
  for (; seats != 0; seats &= seats - 1) dealt_in_.insert(std::countr_zero(seats));
}

std::optional<Money> Auditor::expected_forced_bet(const Event& e, const char*& what) const {
  const bool fixed = h_.structure == Structure::FixedLimit && h_.small_bet > 0;
  const bool big_bet = h_.structure == Structure::NoLimit || h_.structure == Structure::PotLimit ||
                       h_.structure == Structure::CapLimit;
  if (!fixed && !big_bet) return std::nullopt;
  // Fixed limit: the big blind is the small bet and the small blind half of it (rule text 003,
  // "20/40": blinds of 10 and 20); the header's stakes are the bets. Big-bet games: the stakes.
  const Money big = fixed ? h_.small_bet : h_.big_blind;
  const Money small = fixed ? h_.small_bet / 2 : h_.small_blind;
  switch (e.kind) {
    case EventKind::PostSmallBlind:
      what = "small blind";
      if (fixed && rules_.limit_small_blind == LimitSmallBlind::BelowBigBlind)
        return e.amount > 0 && e.amount < big ? e.amount : small;
      return small;
    case EventKind::PostBigBlind:
      what = "big blind";
      return big;
    case EventKind::PostBothBlinds:
      // A returning player posts the big blind live and the small blind dead (rule text 000,
      // "Post"; 003: missed blinds).
      what = "small and big blind";
      if (fixed && rules_.limit_small_blind == LimitSmallBlind::BelowBigBlind && e.amount > big &&
          e.amount < 2 * big)
        return e.amount;
      return small + big;
    case EventKind::PostAnte:
      // Every ante is the same: the header's, or the largest posted when the header gives none.
      what = "ante";
      return h_.ante > 0 ? std::optional<Money>(h_.ante) : std::nullopt;
    case EventKind::PostStraddle:
    case EventKind::PostSleeper: {
      // A live straddle is twice the big blind (rule text 000, "Live straddle"; 002, 14); a
      // re-straddle at least doubles the straddle before it. A sleeper is a blind raise of the
      // same size (the sleeper example: $4 over a $2 big blind).
      what = e.kind == EventKind::PostSleeper ? "sleeper" : "straddle";
      if (max_bet_ == 0) return std::nullopt;
      auto it = players_.find(e.seat);
      const Money before = it == players_.end() ? 0 : it->second.street_bet;
      const bool restraddle = max_bet_ > big;
      if (restraddle && before + e.amount >= 2 * max_bet_) return e.amount;
      return 2 * max_bet_ - before;  // the chips that make the street total twice the bet
    }
    case EventKind::PostKill:
      // Full kill: twice the big blind; half kill: one and a half (rule text 000, "Kill blind").
      what = "kill blind";
      return rules_.kill_blind == KillBlind::Full ? 2 * big : big + big / 2;
    default:
      return std::nullopt;
  }
}

void Auditor::check_forced_bet(const Event& e) {
  if (!is_forced_bet(e.kind)) return;  // called for every event; only posts have an expected size
  const char* what = "";
  const std::optional<Money> expected_opt = expected_forced_bet(e, what);
  if (!expected_opt || *expected_opt <= 0 || e.amount == *expected_opt) return;
  const Money expected = *expected_opt;
  auto it = players_.find(e.seat);
  // All-in for less: the post takes the whole stack (checked before the replay applies it).
  if (e.amount < expected && it != players_.end() && it->second.stack <= e.amount) return;
  add(FindingCode::WrongForcedBet,
      {.street = Street::Setup,
       .seat = e.seat,
       .expected = expected,
       .actual = e.amount,
       .message = fmt::format("line {}: {} posts {} as {}; the stakes say {}", e.line,
                              it == players_.end() ? std::string("seat") : it->second.player,
                              amt(e.amount), what, amt(expected)),
       .line = e.line});
}

void Auditor::find_ante_all_in_big_blind() {
  if (!big_bet_game() || h_.big_blind <= 0) return;
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
      ante_all_in_big_blind_ = due;
}

void Auditor::note_blind(const Event& e) {
  Street round = e.street == Street::Setup ? Street::Preflop : e.street;
  if (round != Street::Preflop) return;
  // The big blind all-in on the ante: the action starts after that seat as after a big blind.
  if (e.kind == EventKind::PostAnte && e.seat == ante_all_in_big_blind_) {
    if (preflop_anchor_ == 0) preflop_anchor_ = e.seat;
    if (big_blind_seat_ == 0) big_blind_seat_ = e.seat;
  }
  if (e.kind == EventKind::PostBigBlind && preflop_anchor_ == 0) preflop_anchor_ = e.seat;
  if (e.kind == EventKind::PostBigBlind && big_blind_seat_ == 0) big_blind_seat_ = e.seat;
  if (e.kind == EventKind::PostSmallBlind && small_blind_seat_ == 0) small_blind_seat_ = e.seat;
  if (e.kind == EventKind::PostStraddle || e.kind == EventKind::PostButtonBlind)
    preflop_anchor_ = e.seat;
  // The kill blind acts last on the first round whatever its seat (rule text 000): the order is
  // the usual one only when it sits left of the big blind; elsewhere it is not checked.
  if (e.kind == EventKind::PostKill)
    preflop_anchor_ = preflop_anchor_ != 0 && next_to_act(preflop_anchor_) == e.seat ? e.seat : 0;
  // A sleeper buys no last action: the order stays (rule text 000, the sleeper example).
  if (e.kind == EventKind::PostSleeper) sleeper_seat_ = e.seat;
}

Money Auditor::bet_unit(Street street) const {
  const bool single_draw = h_.game.is_draw() && h_.game.draws == 1;
  bool late = false;
  switch (street) {
    case Street::Setup:
    case Street::Preflop:
      late = false;
      break;
    case Street::Flop:
      late = single_draw;
      break;
    default:
      late = true;
      break;
  }
  return at_kill_limits(late ? h_.big_bet : h_.small_bet);
}

void Auditor::check_fixed_limit(const Event& e, const PlayerState& p) {
  const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
  const bool all_in = chips >= chips_behind(p);
  // One bet above the last full bet or raise; after an all-in for less than that (full-bet
  // rule, or under half a bet with the half-bet rule), the next raise completes it (rule texts
  // 000 and 001, "completing a bet"; stud: completing the bring-in).
  auto expected_with = [&](Money unit) {
    return max_bet_ < raise_base_ + unit ? raise_base_ + unit : max_bet_ + unit;
  };
  const Money unit = bet_unit(e.street);
  Money expected = expected_with(unit);
  if (is_stud() && e.street == Street::Flop && e.to == expected_with(at_kill_limits(h_.big_bet)))
    expected = e.to;  // a double bet on 4th street (legal with an open pair)
  // After an all-in raise for less over a full bet, a raise of a full bet over the all-in is
  // accepted too: the rule texts do not say which the full-bet rule asks for, and a raise above
  // the all-in is what no-limit asks for (rule text 002: "$100, all-in $140, a raise to at least
  // $240"). (An all-in bet under a full bet is only completed: rule text 001.)
  const bool over_all_in = e.kind == EventKind::Raise && raise_base_ > 0 &&
                           max_bet_ > raise_base_ && e.to == max_bet_ + unit &&
                           expected == raise_base_ + unit;
  if (!all_in && e.to != expected && !over_all_in) {
    const bool over = e.to > expected;
    add(over ? FindingCode::BetAboveLimit
             : (e.kind == EventKind::Bet ? FindingCode::BetBelowMinimum
                                         : FindingCode::RaiseBelowMinimum),
        {.street = e.street,
         .seat = p.seat,
         .expected = expected,
         .actual = e.to,
         .message = fmt::format("line {}: {} goes to {}; the fixed limit is {}", e.line, p.player,
                                amt(e.to), amt(expected)),
         .line = e.line});
  }
  const int cap = rules_.max_bets_per_round;
  if (cap > 0 && bets_this_round_ >= cap &&
      !(rules_.uncapped_heads_up && contenders_at_start_ <= 2)) {
    add(FindingCode::RaiseCapExceeded,
        {.street = e.street,
         .seat = p.seat,
         .expected = cap,
         .actual = bets_this_round_ + 1,
         .message = fmt::format("line {}: {} raises after {} bets in the round, the cap", e.line,
                                p.player, cap),
         .line = e.line});
  }
}

bool Auditor::big_bet_game() const {
  return h_.structure == Structure::NoLimit || h_.structure == Structure::PotLimit ||
         h_.structure == Structure::CapLimit || h_.structure == Structure::Mixed;
}

bool Auditor::check_legality(const Event& e, const PlayerState& p) {
  if (p.folded) {
    add(FindingCode::ActionAfterFold,
        {.street = e.street,
         .seat = p.seat,
         .message =
             fmt::format("line {}: {} {} after folding", e.line, p.player, event_kind_name(e.kind)),
         .line = e.line});
    return e.kind != EventKind::Fold;
  }
  // A player all-in (or at the cap) has no decisions left; PokerStars does print a fold for one
  // sitting out.
  if (chips_behind(p) == 0 && p.gross > 0 && e.kind != EventKind::Fold) {
    add(FindingCode::ActionAfterAllIn,
        {.street = e.street,
         .seat = p.seat,
         .message =
             fmt::format("line {}: {} {} while all-in", e.line, p.player, event_kind_name(e.kind)),
         .line = e.line});
    return true;
  }
  if (e.kind == EventKind::Check && p.street_bet < to_call(p)) {
    add(FindingCode::IllegalCheck, {.street = e.street,
                                    .seat = p.seat,
                                    .expected = to_call(p) - p.street_bet,
                                    .actual = 0,
                                    .message = fmt::format("line {}: {} checks facing a bet of {}",
                                                           e.line, p.player, amt(to_call(p))),
                                    .line = e.line});
  }
  if (e.kind != EventKind::Bet && e.kind != EventKind::Raise) return true;
  const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
  if (h_.cap > 0 && chips > chips_behind(p) && chips <= p.stack) {
    // Cap limit: no chips above the cap (rule text 000, "Cap limit": $60 cap, B at $10 calls $50).
    const Money cap_to = p.street_bet + chips_behind(p);
    add(FindingCode::BetAboveLimit,
        {.street = e.street,
         .seat = p.seat,
         .expected = cap_to,
         .actual = e.to,
         .message = fmt::format("line {}: {} goes to {}; the cap of {} allows {}", e.line, p.player,
                                amt(e.to), amt(h_.cap), amt(cap_to)),
         .line = e.line});
  }
  if (limit_game()) {
    if (h_.structure == Structure::FixedLimit)
      check_fixed_limit(e, p);
    else
      check_spread_limit(e, p);
    // Full-bet rule, or an all-in under half a bet with the half-bet rule: no reopening for a
    // player who already acted (rule texts 000 and 001, "Incomplete bet or raise").
    if (max_bet_ > 0 && !p.may_raise) {
      add(FindingCode::RaiseNotReopened,
          {.street = e.street,
           .seat = p.seat,
           .actual = e.to,
           .message = fmt::format(
               "line {}: {} re-raises though only an incomplete all-in raised since their "
               "last action",
               e.line, p.player),
           .line = e.line});
    }
    return true;
  }
  if (!big_bet_game()) return true;
  const bool all_in = chips >= chips_behind(p);
  if (e.kind == EventKind::Bet && max_bet_ == 0) {
    if (!all_in && e.amount < h_.big_blind) {
      add(FindingCode::BetBelowMinimum,
          {.street = e.street,
           .seat = p.seat,
           .expected = h_.big_blind,
           .actual = e.amount,
           .message = fmt::format("line {}: {} bets {}, less than the big blind {}", e.line,
                                  p.player, amt(e.amount), amt(h_.big_blind)),
           .line = e.line});
    }
  } else {
    const Money min_to = max_bet_ + last_full_raise_;
    if (!all_in && e.to < min_to) {
      add(FindingCode::RaiseBelowMinimum,
          {.street = e.street,
           .seat = p.seat,
           .expected = min_to,
           .actual = e.to,
           .message = fmt::format("line {}: {} raises to {}; the smallest raise is to {}", e.line,
                                  p.player, amt(e.to), amt(min_to)),
           .line = e.line});
    }
    if (!p.may_raise) {
      add(FindingCode::RaiseNotReopened,
          {.street = e.street,
           .seat = p.seat,
           .actual = e.to,
           .message =
               fmt::format("line {}: {} re-raises though only a short all-in raised since their "
                           "last action",
                           e.line, p.player),
           .line = e.line});
    }
  }
  if (h_.structure == Structure::PotLimit) {
    // Pot limit: at most the pot after calling ("(3L + T) + S" in the rule text).
    Money pot = 0;
    for (const auto& [seat, q] : players_) pot += q.gross;
    // House rule: the small blind counts as a big blind until the big blind has acted on the
    // first round, even if it folded (rule text 002, pot-limit 5: $5/$10 blinds, open to $40).
    if (rules_.pot_limit_small_blind_as_big && round_ == Street::Preflop && small_blind_seat_ &&
        !acted_this_round_.count(big_blind_seat_)) {
      auto sb = players_.find(small_blind_seat_);
      if (sb != players_.end() && sb->second.street_bet < h_.big_blind)
        pot += h_.big_blind - sb->second.street_bet;
    }
    const Money call = max_bet_ - p.street_bet;
    const Money max_to = max_bet_ + pot + call;
    if (e.to > max_to) {
      add(FindingCode::BetAboveLimit,
          {.street = e.street,
           .seat = p.seat,
           .expected = max_to,
           .actual = e.to,
           .message = fmt::format("line {}: {} goes to {}; pot limit allows {}", e.line, p.player,
                                  amt(e.to), amt(max_to)),
           .line = e.line});
    }
  }
  return true;
}

void Auditor::after_action(const Event& e, PlayerState& p, Money max_before) {
  switch (e.kind) {
    case EventKind::PostBigBlind:
      last_full_raise_ = std::max(last_full_raise_, h_.big_blind);
      raise_base_ = max_bet_;
      // Fixed limit: a big blind all-in for less still makes the full blind the bet to raise.
      if (h_.structure == Structure::FixedLimit) raise_base_ = std::max(max_bet_, h_.small_bet);
      bets_this_round_ = 1;  // the big blind is the round's first bet
      return;
    case EventKind::PostStraddle:
    case EventKind::PostSleeper:
      // A straddle sets the minimum raise but is not a raise: everyone keeps the option. A
      // sleeper does the same, but its poster has no option while nobody raises.
      last_full_raise_ = std::max(last_full_raise_, e.to);
      raise_base_ = max_bet_;
      if (e.kind == EventKind::PostSleeper) {
        p.may_raise = false;
        acted_this_round_.insert(p.seat);
      }
      return;
    case EventKind::BringIn:
      // The bring-in opens the betting (rule text 000: "forced to open the betting by some small
      // amount, after which players act after them in normal rotation"): when everyone calls it,
      // the round is over without the bring-in acting again (PokerStars and Winamax stud hands).
      acted_this_round_.insert(p.seat);
      return;
    case EventKind::PostKill:
      // The kill blind is the big blind of the kill hand: the first bet at its limits.
      last_full_raise_ = std::max(last_full_raise_, e.to);
      raise_base_ = max_bet_;
      return;
    case EventKind::Bet:
    case EventKind::Raise: {
      if (limit_game()) {
        // Fixed and spread limit: a full bet or raise (or, with the half-bet rule, an all-in of
        // at least half of one) reopens the betting and is the base of the next raise.
        const Money full =
            h_.structure == Structure::FixedLimit ? bet_unit(e.street) : last_full_raise_;
        const Money over_base = e.to - raise_base_;
        const bool half_bet = rules_.limit_incomplete_raise == IncompleteRaiseRule::HalfBet;
        if (over_base >= full || (half_bet && 2 * over_base >= full)) {
          ++bets_this_round_;
          if (h_.structure == Structure::SpreadLimit && e.to - max_before > last_full_raise_)
            last_full_raise_ = e.to - max_before;
          raise_base_ = e.to;
          for (auto& [seat, q] : players_) q.may_raise = true;
        }
        p.may_raise = false;
        return;
      }
      ++bets_this_round_;
      const Money increment = e.to - max_before;
      if (increment >= last_full_raise_ || e.to - raise_base_ >= last_full_raise_) {
        if (increment >= last_full_raise_) last_full_raise_ = increment;
        raise_base_ = e.to;
        for (auto& [seat, q] : players_) q.may_raise = true;
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

Street Auditor::last_round() const {
  if (h_.game.is_five_card_stud()) return Street::River;  // 5th street
  if (is_stud()) return Street::Seventh;
  if (h_.game.is_draw() && h_.game.draws == 1) return Street::Flop;
  return Street::River;
}

void Auditor::check_spread_limit(const Event& e, const PlayerState& p) {
  const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
  const bool all_in = chips >= chips_behind(p);
  const Money most = e.street == last_round() && h_.spread_max_last_round > 0
                         ? h_.spread_max_last_round
                         : h_.spread_max;
  const bool opening = e.kind == EventKind::Bet || max_bet_ == 0;
  // A bet: the spread's minimum to its maximum. A raise: at least the previous bet or raise of
  // the round (rule text 000, "Pot limit": "equal to or greater than any previous bet or raise
  // in the same betting round"), at most the maximum.
  const Money size = opening ? e.to : e.to - max_bet_;
  const Money least = opening ? h_.spread_min : std::max(h_.spread_min, last_full_raise_);
  if (size > most) {
    add(FindingCode::BetAboveLimit,
        {.street = e.street,
         .seat = p.seat,
         .expected = (opening ? 0 : max_bet_) + most,
         .actual = e.to,
         .message = fmt::format("line {}: {} goes to {}; the spread allows {} at most", e.line,
                                p.player, amt(e.to), amt((opening ? 0 : max_bet_) + most)),
         .line = e.line});
  } else if (size < least && !all_in) {
    add(opening ? FindingCode::BetBelowMinimum : FindingCode::RaiseBelowMinimum,
        {.street = e.street,
         .seat = p.seat,
         .expected = (opening ? 0 : max_bet_) + least,
         .actual = e.to,
         .message = fmt::format("line {}: {} goes to {}; the spread asks for {} at least", e.line,
                                p.player, amt(e.to), amt((opening ? 0 : max_bet_) + least)),
         .line = e.line});
  }
}

Money Auditor::chips_behind(const PlayerState& p) const {
  if (p.declared_all_in) return 0;
  if (h_.cap <= 0) return p.stack;
  const Money in_hand = p.gross - p.returned;
  return std::clamp<Money>(h_.cap - in_hand, 0, p.stack);
}

bool Auditor::passed_over(int seat) const {
  auto it = players_.find(seat);
  return it != players_.end() && passed_over(it->second);
}

bool Auditor::passed_over(const PlayerState& p) const {
  if (p.declared_all_in) return true;
  if (h_.cap > 0 && chips_behind(p) == 0) return true;
  return p.seat == sleeper_seat_ && round_ == Street::Preflop && p.street_bet >= max_bet_;
}

}  // namespace hh::detail
