// The replay of the betting: chips moved per event, and the betting rules each action must follow.
#include <fmt/format.h>

#include <algorithm>

#include "audit/auditor.hpp"

namespace hh::detail {

Money Auditor::to_call(const PlayerState& caller) const {
  if (blind_floor_ <= max_bet_) return max_bet_;
  if (h_.full_big_blind_always_owed) return blind_floor_;
  for (const auto& [seat, p] : players_)
    if (seat != caller.seat && !p.folded && p.stack > 0) return blind_floor_;
  return max_bet_;
}

void Auditor::new_round(Street s) {
  Street round = s == Street::Setup ? Street::Preflop : s;
  if (round == round_) return;
  check_round_closed(s);
  round_ = round;
  max_bet_ = 0;
  blind_floor_ = 0;
  last_full_raise_ = h_.big_blind;
  raise_base_ = 0;
  bets_this_round_ = 0;
  contenders_at_start_ = 0;
  for (const auto& [seat, p] : players_)
    if (!p.folded && p.stack > 0 && dealt_in_.count(seat)) ++contenders_at_start_;
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
    if (it != players_.end() && !it->second.folded && it->second.stack > 0) ++able;
  }
  for (int seat : dealt_in_) {
    auto it = players_.find(seat);
    if (it == players_.end()) continue;
    const PlayerState& p = it->second;
    if (p.folded || p.stack == 0) continue;
    const Money owed = to_call(p) - p.street_bet;
    // Alone with chips against all-in players, a player need not match a bet nobody made.
    if (owed > 0 && (able > 1 || p.street_bet < max_bet_)) {
      add("ROUND_NOT_CLOSED", Severity::Warning, next, p.seat, to_call(p), p.street_bet,
          fmt::format("the {} round ended with {} {} short of the bet, yet {} was dealt",
                      street_name(round_), p.player, amt(owed), street_name(next)),
          0);
    }
  }
}

void Auditor::replay() {
  find_dealt_in();
  read_up_cards();
  for (const Event& e : h_.events) {
    switch (e.kind) {
      case EventKind::PostAnte:
      case EventKind::PostDead:
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostBothBlinds:
      case EventKind::PostStraddle:
      case EventKind::PostButtonBlind:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
      case EventKind::Fold:
      case EventKind::Check:
        if (is_betting_round(e.street)) new_round(e.street);
        break;
      default:
        break;
    }
    PlayerState* p = nullptr;
    const Money max_before = max_bet_;
    if (is_action(e.kind) && is_betting_round(e.street)) {
      PlayerState* actor = player(e);
      if (actor) check_turn(e, *actor);
      if (actor && !check_legality(e, *actor)) continue;
    }
    note_blind(e);
    check_bring_in(e);
    check_forced_bet(e);
    switch (e.kind) {
      case EventKind::PostAnte:
        if ((p = player(e))) put(*p, e, e.amount, 0);
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
          Money owed = std::min(to_call(*p) - p->street_bet, p->stack);
          if (e.amount != owed) {
            add("WRONG_CALL_AMOUNT", Severity::Error, e.street, p->seat, owed, e.amount,
                fmt::format("line {}: {} calls {} but the call is {}", e.line, p->player,
                            amt(e.amount), amt(owed)),
                e.line);
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
            add("RAISE_INCREMENT_MISMATCH", Severity::Warning, e.street, p->seat, e.to - facing,
                e.raise_by,
                fmt::format("line {}: {} raises {} to {} but the bet to beat was {}", e.line,
                            p->player, amt(e.raise_by), amt(e.to), amt(facing)),
                e.line);
          }
          put(*p, e, chips, chips);
        }
        break;
      case EventKind::Fold:
        if ((p = player(e))) p->folded = true;
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
      default:
        break;
    }
    if (p && is_betting_round(e.street)) after_action(e, *p, max_before);
  }
}

void Auditor::find_dealt_in() {
  for (const Event& e : h_.events) {
    if (e.seat == 0) continue;
    switch (e.kind) {
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostBothBlinds:
      case EventKind::PostStraddle:
      case EventKind::PostButtonBlind:
      case EventKind::PostDead:
      case EventKind::PostAnte:
      case EventKind::BringIn:
      case EventKind::Fold:
      case EventKind::Check:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
        dealt_in_.insert(e.seat);
        break;
      default:
        break;
    }
  }
}

void Auditor::check_forced_bet(const Event& e) {
  if (h_.structure != Structure::NoLimit && h_.structure != Structure::PotLimit) return;
  Money expected = 0;
  const char* what = "";
  switch (e.kind) {
    case EventKind::PostSmallBlind:
      expected = h_.small_blind, what = "small blind";
      break;
    case EventKind::PostBigBlind:
      expected = h_.big_blind, what = "big blind";
      break;
    case EventKind::PostBothBlinds:
      expected = h_.small_blind + h_.big_blind, what = "small and big blind";
      break;
    default:
      return;
  }
  if (expected <= 0 || e.amount == expected) return;
  auto it = players_.find(e.seat);
  // All-in for less: the post takes the whole stack (checked before the replay applies it).
  if (e.amount < expected && it != players_.end() && it->second.stack <= e.amount) return;
  add("WRONG_FORCED_BET", Severity::Warning, Street::Setup, e.seat, expected, e.amount,
      fmt::format("line {}: {} posts {} as {}; the stakes say {}", e.line,
                  it == players_.end() ? std::string("seat") : it->second.player, amt(e.amount),
                  what, amt(expected)),
      e.line);
}

void Auditor::note_blind(const Event& e) {
  Street round = e.street == Street::Setup ? Street::Preflop : e.street;
  if (round != Street::Preflop) return;
  if (e.kind == EventKind::PostBigBlind && preflop_anchor_ == 0) preflop_anchor_ = e.seat;
  if (e.kind == EventKind::PostStraddle || e.kind == EventKind::PostButtonBlind)
    preflop_anchor_ = e.seat;
}

Money Auditor::bet_unit(Street street) const {
  const bool single_draw = h_.game == "5 Card Draw" || h_.game == "2-7 Single Draw";
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
  return late ? h_.big_bet : h_.small_bet;
}

void Auditor::check_fixed_limit(const Event& e, const PlayerState& p) {
  const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
  const bool all_in = chips >= p.stack;
  auto expected_with = [&](Money unit) { return max_bet_ < unit ? unit : max_bet_ + unit; };
  const Money unit = bet_unit(e.street);
  Money expected = expected_with(unit);
  if (is_stud() && e.street == Street::Flop && e.to == expected_with(h_.big_bet))
    expected = e.to;  // a double bet on 4th street (legal with an open pair)
  if (!all_in && e.to != expected) {
    const bool over = e.to > expected;
    add(over ? "BET_ABOVE_LIMIT"
             : (e.kind == EventKind::Bet ? "BET_BELOW_MINIMUM" : "RAISE_BELOW_MINIMUM"),
        Severity::Warning, e.street, p.seat, expected, e.to,
        fmt::format("line {}: {} goes to {}; the fixed limit is {}", e.line, p.player, amt(e.to),
                    amt(expected)),
        e.line);
  }
  const int cap = rules_.max_bets_per_round;
  if (cap > 0 && bets_this_round_ >= cap &&
      !(rules_.uncapped_heads_up && contenders_at_start_ <= 2)) {
    add("RAISE_CAP_EXCEEDED", Severity::Warning, e.street, p.seat, cap, bets_this_round_ + 1,
        fmt::format("line {}: {} raises after {} bets in the round, the cap", e.line, p.player,
                    cap),
        e.line);
  }
}

bool Auditor::is_action(EventKind k) {
  return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
         k == EventKind::Bet || k == EventKind::Raise;
}

bool Auditor::big_bet_game() const {
  return h_.structure == Structure::NoLimit || h_.structure == Structure::PotLimit ||
         h_.structure == Structure::Mixed;
}

bool Auditor::check_legality(const Event& e, const PlayerState& p) {
  if (p.folded) {
    add("ACTION_AFTER_FOLD", Severity::Warning, e.street, p.seat, std::nullopt, std::nullopt,
        fmt::format("line {}: {} {} after folding", e.line, p.player, event_kind_name(e.kind)),
        e.line);
    return e.kind != EventKind::Fold;
  }
  // A player all-in has no decisions left; PokerStars does print a fold for one sitting out.
  if (p.stack == 0 && p.gross > 0 && e.kind != EventKind::Fold) {
    add("ACTION_AFTER_ALL_IN", Severity::Warning, e.street, p.seat, std::nullopt, std::nullopt,
        fmt::format("line {}: {} {} while all-in", e.line, p.player, event_kind_name(e.kind)),
        e.line);
    return true;
  }
  if (e.kind == EventKind::Check && p.street_bet < to_call(p)) {
    add("ILLEGAL_CHECK", Severity::Warning, e.street, p.seat, to_call(p) - p.street_bet, 0,
        fmt::format("line {}: {} checks facing a bet of {}", e.line, p.player, amt(to_call(p))),
        e.line);
  }
  if (h_.structure == Structure::FixedLimit && h_.small_bet > 0 &&
      (e.kind == EventKind::Bet || e.kind == EventKind::Raise)) {
    check_fixed_limit(e, p);
    return true;
  }
  if (!big_bet_game() || (e.kind != EventKind::Bet && e.kind != EventKind::Raise)) return true;
  const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
  const bool all_in = chips >= p.stack;
  if (e.kind == EventKind::Bet && max_bet_ == 0) {
    if (!all_in && e.amount < h_.big_blind) {
      add("BET_BELOW_MINIMUM", Severity::Warning, e.street, p.seat, h_.big_blind, e.amount,
          fmt::format("line {}: {} bets {}, less than the big blind {}", e.line, p.player,
                      amt(e.amount), amt(h_.big_blind)),
          e.line);
    }
  } else {
    const Money min_to = max_bet_ + last_full_raise_;
    if (!all_in && e.to < min_to) {
      add("RAISE_BELOW_MINIMUM", Severity::Warning, e.street, p.seat, min_to, e.to,
          fmt::format("line {}: {} raises to {}; the smallest raise is to {}", e.line, p.player,
                      amt(e.to), amt(min_to)),
          e.line);
    }
    if (!p.may_raise) {
      add("RAISE_NOT_REOPENED", Severity::Warning, e.street, p.seat, std::nullopt, e.to,
          fmt::format("line {}: {} re-raises though only a short all-in raised since their "
                      "last action",
                      e.line, p.player),
          e.line);
    }
  }
  if (h_.structure == Structure::PotLimit) {
    // Pot limit: at most the pot after calling ("(3L + T) + S" in the rule text).
    Money pot = 0;
    for (const auto& [seat, q] : players_) pot += q.gross;
    const Money call = max_bet_ - p.street_bet;
    const Money max_to = max_bet_ + pot + call;
    if (e.to > max_to) {
      add("BET_ABOVE_LIMIT", Severity::Warning, e.street, p.seat, max_to, e.to,
          fmt::format("line {}: {} goes to {}; pot limit allows {}", e.line, p.player, amt(e.to),
                      amt(max_to)),
          e.line);
    }
  }
  return true;
}

void Auditor::after_action(const Event& e, PlayerState& p, Money max_before) {
  switch (e.kind) {
    case EventKind::PostBigBlind:
      last_full_raise_ = std::max(last_full_raise_, h_.big_blind);
      raise_base_ = max_bet_;
      bets_this_round_ = 1;  // the big blind is the round's first bet
      return;
    case EventKind::PostStraddle:
      // A straddle sets the minimum raise but is not a raise: everyone keeps the option.
      last_full_raise_ = std::max(last_full_raise_, e.to);
      raise_base_ = max_bet_;
      return;
    case EventKind::Bet:
    case EventKind::Raise: {
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

}  // namespace hh::detail
