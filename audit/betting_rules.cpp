// The betting rules (see betting_rules.hpp for each rule and its source).
#include "audit/betting_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "model/amount_text.hpp"

namespace hh::detail {

namespace {

std::string amt(const ReplayState& s, Money m) { return format_amount(m, s.hand.unit); }

// The breach of `code` by `p`'s action `e`: on its street and line, about its seat.
Breach breach(FindingCode code, const Event& e, const PlayerState& p,
              std::optional<FindingAmount> expected, std::optional<FindingAmount> actual,
              std::string message) {
  return {code,
          {.street = e.street,
           .seat = p.seat,
           .expected = expected,
           .actual = actual,
           .message = std::move(message),
           .line = e.line}};
}

bool is_bet_or_raise(const Event& e) {
  return e.kind == EventKind::Bet || e.kind == EventKind::Raise;
}

// The chips a bet or raise puts in.
Money chips_put_in(const Event& e, const PlayerState& p) {
  return e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
}

bool all_in(const ReplayState& s, const Event& e, const PlayerState& p) {
  return chips_put_in(e, p) >= s.chips_behind(p);
}

// A bet or raise judged by the big-bet rules (no limit, pot limit, cap limit).
bool big_bet_sized(const ReplayState& s, const Event& e) {
  return is_bet_or_raise(e) && !s.limit_game() && s.big_bet_game();
}

// The first bet of a round, where no blind or bet was made.
bool opens_betting(const ReplayState& s, const Event& e) {
  return e.kind == EventKind::Bet && s.max_bet == 0;
}

bool fixed_limit_sized(const ReplayState& s, const Event& e) {
  return is_bet_or_raise(e) && s.limit_game() && s.hand.structure == Structure::FixedLimit;
}

// The size of a fixed-limit bet or raise: one bet above the last full bet or raise; after an
// all-in for less than that (full-bet rule, or under half a bet with the half-bet rule), the next
// raise completes it (rule texts 000 and 001, "completing a bet"; stud: completing the bring-in).
Money fixed_limit_to(const ReplayState& s, const Event& e) {
  auto expected_with = [&](Money unit) {
    return s.max_bet < s.raise_base + unit ? s.raise_base + unit : s.max_bet + unit;
  };
  const Money expected = expected_with(s.bet_unit(e.street));
  if (s.hand.game.is_stud() && e.street == Street::Flop &&
      e.to == expected_with(s.at_kill_limits(s.hand.big_bet)))
    return e.to;  // a double bet on 4th street (legal with an open pair)
  return expected;
}

// The forced bet the stakes call for, and what it is called in messages; nullopt where the
// stakes do not say (an ante the header does not give, a first straddle without a blind).
std::optional<Money> expected_forced_bet(const ReplayState& s, const Event& e, const char*& what) {
  const Hand& h = s.hand;
  const bool fixed = h.structure == Structure::FixedLimit && h.small_bet > 0;
  const bool big_bet = h.structure == Structure::NoLimit || h.structure == Structure::PotLimit ||
                       h.structure == Structure::CapLimit;
  if (!fixed && !big_bet) return std::nullopt;
  // Fixed limit: the big blind is the small bet and the small blind half of it (rule text 003,
  // "20/40": blinds of 10 and 20); the header's stakes are the bets. Big-bet games: the stakes.
  const Money big = fixed ? h.small_bet : h.big_blind;
  const Money small = fixed ? h.small_bet / 2 : h.small_blind;
  switch (e.kind) {
    case EventKind::PostSmallBlind:
      what = "small blind";
      if (fixed && s.rules.limit_small_blind == LimitSmallBlind::BelowBigBlind)
        return e.amount > 0 && e.amount < big ? e.amount : small;
      return small;
    case EventKind::PostBigBlind:
      what = "big blind";
      return big;
    case EventKind::PostBothBlinds:
      // A returning player posts the big blind live and the small blind dead (rule text 000,
      // "Post"; 003: missed blinds).
      what = "small and big blind";
      if (fixed && s.rules.limit_small_blind == LimitSmallBlind::BelowBigBlind && e.amount > big &&
          e.amount < 2 * big)
        return e.amount;
      return small + big;
    case EventKind::PostAnte:
      // Every ante is the same: the header's, or the largest posted when the header gives none.
      what = "ante";
      return h.ante > 0 ? std::optional<Money>(h.ante) : std::nullopt;
    case EventKind::PostStraddle:
    case EventKind::PostSleeper: {
      // A live straddle is twice the big blind (rule text 000, "Live straddle"; 002, 14); a
      // re-straddle at least doubles the straddle before it. A sleeper is a blind raise of the
      // same size (the sleeper example: $4 over a $2 big blind).
      what = e.kind == EventKind::PostSleeper ? "sleeper" : "straddle";
      if (s.max_bet == 0) return std::nullopt;
      auto it = s.players.find(e.seat);
      const Money before = it == s.players.end() ? 0 : it->second.street_bet;
      const bool restraddle = s.max_bet > big;
      if (restraddle && before + e.amount >= 2 * s.max_bet) return e.amount;
      return 2 * s.max_bet - before;  // the chips that make the street total twice the bet
    }
    case EventKind::PostKill:
      // Full kill: twice the big blind; half kill: one and a half (rule text 000, "Kill blind").
      what = "kill blind";
      return s.rules.kill_blind == KillBlind::Full ? 2 * big : big + big / 2;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<Breach> check_no_action_after_fold(const ReplayState&, const Event& e,
                                                 const PlayerState& p) {
  if (!p.folded) return std::nullopt;
  return breach(
      FindingCode::ActionAfterFold, e, p, std::nullopt, std::nullopt,
      fmt::format("line {}: {} {} after folding", e.line, p.player, event_kind_name(e.kind)));
}

std::optional<Breach> check_no_action_while_all_in(const ReplayState& s, const Event& e,
                                                   const PlayerState& p) {
  if (s.chips_behind(p) != 0 || p.gross <= 0 || e.kind == EventKind::Fold) return std::nullopt;
  return breach(
      FindingCode::ActionAfterAllIn, e, p, std::nullopt, std::nullopt,
      fmt::format("line {}: {} {} while all-in", e.line, p.player, event_kind_name(e.kind)));
}

std::optional<Breach> check_action_in_turn(const Event& e, const PlayerState& p, int expected) {
  if (e.kind == EventKind::Fold || expected == 0 || expected == p.seat || p.folded || p.stack <= 0)
    return std::nullopt;
  return breach(FindingCode::OutOfTurn, e, p, FindingAmount::seat(expected),
                FindingAmount::seat(p.seat),
                fmt::format("line {}: {} acts in seat {}, but it is seat {}'s turn", e.line,
                            p.player, p.seat, expected));
}

std::optional<Breach> check_check_owes_nothing(const ReplayState& s, const Event& e,
                                               const PlayerState& p) {
  if (e.kind != EventKind::Check || p.street_bet >= s.to_call(p)) return std::nullopt;
  return breach(
      FindingCode::IllegalCheck, e, p, s.to_call(p) - p.street_bet, 0,
      fmt::format("line {}: {} checks facing a bet of {}", e.line, p.player, amt(s, s.to_call(p))));
}

std::optional<Breach> check_bet_within_cap(const ReplayState& s, const Event& e,
                                           const PlayerState& p) {
  if (!is_bet_or_raise(e) || s.hand.cap <= 0) return std::nullopt;
  const Money chips = chips_put_in(e, p);
  if (chips <= s.chips_behind(p) || chips > p.stack) return std::nullopt;
  const Money cap_to = p.street_bet + s.chips_behind(p);
  return breach(FindingCode::BetAboveLimit, e, p, cap_to, e.to,
                fmt::format("line {}: {} goes to {}; the cap of {} allows {}", e.line, p.player,
                            amt(s, e.to), amt(s, s.hand.cap), amt(s, cap_to)));
}

std::optional<Breach> check_fixed_limit_bet_size(const ReplayState& s, const Event& e,
                                                 const PlayerState& p) {
  if (!fixed_limit_sized(s, e) || all_in(s, e, p)) return std::nullopt;
  const Money expected = fixed_limit_to(s, e);
  const Money unit = s.bet_unit(e.street);
  // After an all-in raise for less over a full bet, a raise of a full bet over the all-in is
  // accepted too: the rule texts do not say which the full-bet rule asks for, and a raise above
  // the all-in is what no-limit asks for (rule text 002: "$100, all-in $140, a raise to at least
  // $240"). (An all-in bet under a full bet is only completed: rule text 001.)
  const bool over_all_in = e.kind == EventKind::Raise && s.raise_base > 0 &&
                           s.max_bet > s.raise_base && e.to == s.max_bet + unit &&
                           expected == s.raise_base + unit;
  if (e.to == expected || over_all_in) return std::nullopt;
  const FindingCode code = e.to > expected            ? FindingCode::BetAboveLimit
                           : e.kind == EventKind::Bet ? FindingCode::BetBelowMinimum
                                                      : FindingCode::RaiseBelowMinimum;
  return breach(code, e, p, expected, e.to,
                fmt::format("line {}: {} goes to {}; the fixed limit is {}", e.line, p.player,
                            amt(s, e.to), amt(s, expected)));
}

std::optional<Breach> check_fixed_limit_raise_cap(const ReplayState& s, const Event& e,
                                                  const PlayerState& p) {
  const int cap = s.rules.max_bets_per_round;
  if (!fixed_limit_sized(s, e) || cap <= 0 || s.bets_this_round < cap ||
      (s.rules.uncapped_heads_up && s.contenders_at_start <= 2))
    return std::nullopt;
  return breach(
      FindingCode::RaiseCapExceeded, e, p, cap, s.bets_this_round + 1,
      fmt::format("line {}: {} raises after {} bets in the round, the cap", e.line, p.player, cap));
}

std::optional<Breach> check_spread_limit_bet_size(const ReplayState& s, const Event& e,
                                                  const PlayerState& p) {
  if (!is_bet_or_raise(e) || !s.limit_game() || s.hand.structure == Structure::FixedLimit)
    return std::nullopt;
  const Money most = e.street == s.last_round() && s.hand.spread_max_last_round > 0
                         ? s.hand.spread_max_last_round
                         : s.hand.spread_max;
  const bool opening = e.kind == EventKind::Bet || s.max_bet == 0;
  // A bet: the spread's minimum to its maximum. A raise: at least the previous bet or raise of
  // the round (rule text 000, "Pot limit": "equal to or greater than any previous bet or raise
  // in the same betting round"), at most the maximum.
  const Money size = opening ? e.to : e.to - s.max_bet;
  const Money least = opening ? s.hand.spread_min : std::max(s.hand.spread_min, s.last_full_raise);
  const Money base = opening ? 0 : s.max_bet;
  if (size > most) {
    return breach(FindingCode::BetAboveLimit, e, p, base + most, e.to,
                  fmt::format("line {}: {} goes to {}; the spread allows {} at most", e.line,
                              p.player, amt(s, e.to), amt(s, base + most)));
  }
  if (size >= least || all_in(s, e, p)) return std::nullopt;
  return breach(opening ? FindingCode::BetBelowMinimum : FindingCode::RaiseBelowMinimum, e, p,
                base + least, e.to,
                fmt::format("line {}: {} goes to {}; the spread asks for {} at least", e.line,
                            p.player, amt(s, e.to), amt(s, base + least)));
}

std::optional<Breach> check_min_bet(const ReplayState& s, const Event& e, const PlayerState& p) {
  if (!big_bet_sized(s, e) || !opens_betting(s, e) || all_in(s, e, p) ||
      e.amount >= s.hand.big_blind)
    return std::nullopt;
  return breach(FindingCode::BetBelowMinimum, e, p, s.hand.big_blind, e.amount,
                fmt::format("line {}: {} bets {}, less than the big blind {}", e.line, p.player,
                            amt(s, e.amount), amt(s, s.hand.big_blind)));
}

std::optional<Breach> check_min_raise(const ReplayState& s, const Event& e, const PlayerState& p) {
  if (!big_bet_sized(s, e) || opens_betting(s, e) || all_in(s, e, p)) return std::nullopt;
  const Money min_to = s.max_bet + s.last_full_raise;
  if (e.to >= min_to) return std::nullopt;
  return breach(FindingCode::RaiseBelowMinimum, e, p, min_to, e.to,
                fmt::format("line {}: {} raises to {}; the smallest raise is to {}", e.line,
                            p.player, amt(s, e.to), amt(s, min_to)));
}

std::optional<Breach> check_raise_reopened(const ReplayState& s, const Event& e,
                                           const PlayerState& p) {
  if (!is_bet_or_raise(e) || p.may_raise) return std::nullopt;
  const bool limit = s.limit_game();
  if (limit ? s.max_bet <= 0 : (!big_bet_sized(s, e) || opens_betting(s, e))) return std::nullopt;
  return breach(FindingCode::RaiseNotReopened, e, p, std::nullopt, e.to,
                fmt::format("line {}: {} re-raises though only {} raised since their last action",
                            e.line, p.player, limit ? "an incomplete all-in" : "a short all-in"));
}

std::optional<Breach> check_pot_limit(const ReplayState& s, const Event& e, const PlayerState& p) {
  if (!big_bet_sized(s, e) || s.hand.structure != Structure::PotLimit) return std::nullopt;
  Money pot = 0;
  for (const auto& [seat, q] : s.players) pot += q.gross;
  // The house rule: the small blind counts as a big blind until the big blind has acted on the
  // first round, even if it folded.
  if (s.rules.pot_limit_small_blind_as_big && s.round == Street::Preflop && s.small_blind_seat &&
      !s.acted_this_round.count(s.big_blind_seat)) {
    auto sb = s.players.find(s.small_blind_seat);
    if (sb != s.players.end() && sb->second.street_bet < s.hand.big_blind)
      pot += s.hand.big_blind - sb->second.street_bet;
  }
  const Money call = s.max_bet - p.street_bet;
  const Money max_to = s.max_bet + pot + call;
  if (e.to <= max_to) return std::nullopt;
  return breach(FindingCode::BetAboveLimit, e, p, max_to, e.to,
                fmt::format("line {}: {} goes to {}; pot limit allows {}", e.line, p.player,
                            amt(s, e.to), amt(s, max_to)));
}

std::optional<Breach> check_call_amount(const ReplayState& s, const Event& e,
                                        const PlayerState& p) {
  const Money owed = std::min(s.to_call(p) - p.street_bet, s.chips_behind(p));
  if (e.amount == owed) return std::nullopt;
  return breach(FindingCode::WrongCallAmount, e, p, owed, e.amount,
                fmt::format("line {}: {} calls {} but the call is {}", e.line, p.player,
                            amt(s, e.amount), amt(s, owed)));
}

std::optional<Breach> check_raise_increment_printed(const ReplayState& s, const Event& e,
                                                    const PlayerState& p) {
  const Money facing = s.max_bet;
  if (e.raise_by == 0 || e.raise_by == e.to - facing) return std::nullopt;
  return breach(FindingCode::RaiseIncrementMismatch, e, p, e.to - facing, e.raise_by,
                fmt::format("line {}: {} raises {} to {} but the bet to beat was {}", e.line,
                            p.player, amt(s, e.raise_by), amt(s, e.to), amt(s, facing)));
}

std::optional<Breach> check_bet_not_over_stack(const ReplayState& s, const Event& e,
                                               const PlayerState& p, Money chips) {
  if (chips <= p.stack) return std::nullopt;
  return breach(FindingCode::BetExceedsStack, e, p, p.stack, chips,
                fmt::format("line {}: {} puts in {} with only {} behind", e.line, p.player,
                            amt(s, chips), amt(s, p.stack)));
}

std::optional<Breach> check_all_in_as_printed(const ReplayState& s, const Event& e,
                                              const PlayerState& p) {
  if (!e.all_in || p.stack <= 0) return std::nullopt;
  return breach(FindingCode::AllInMismatch, e, p, 0, p.stack,
                fmt::format("line {}: the site says {} is all-in, but {} is left behind", e.line,
                            p.player, amt(s, p.stack)));
}

boost::container::small_vector<Breach, 2> check_round_closed_by(const ReplayState& s, Street next) {
  boost::container::small_vector<Breach, 2> out;
  int able = 0;
  for (int seat : s.dealt_in) {
    auto it = s.players.find(seat);
    if (it != s.players.end() && !it->second.folded && s.chips_behind(it->second) > 0) ++able;
  }
  for (int seat : s.dealt_in) {
    auto it = s.players.find(seat);
    if (it == s.players.end()) continue;
    const PlayerState& p = it->second;
    if (p.folded || s.chips_behind(p) == 0) continue;
    const Money owed = s.to_call(p) - p.street_bet;
    // Alone with chips against all-in players, a player need not match a bet nobody made.
    if (owed > 0 && (able > 1 || p.street_bet < s.max_bet)) {
      out.push_back({FindingCode::RoundNotClosed,
                     {.street = next,
                      .seat = p.seat,
                      .expected = s.to_call(p),
                      .actual = p.street_bet,
                      .message = fmt::format(
                          "the {} round ended with {} {} short of the bet, yet {} was dealt",
                          street_name(s.round), p.player, amt(s, owed), street_name(next))}});
    } else if (owed <= 0 && able > 1 && !s.acted_this_round.count(p.seat)) {
      // Everyone else checked or called, but this player, still able to bet, never had a turn.
      out.push_back(
          {FindingCode::RoundNotClosed,
           {.street = next,
            .seat = p.seat,
            .message = fmt::format("the {} round ended without {} acting, yet {} was dealt",
                                   street_name(s.round), p.player, street_name(next))}});
    }
  }
  return out;
}

Breach check_bring_in_seat(const Event& e, const PlayerState& p, int expected, const Card& door,
                           bool razz) {
  return {FindingCode::WrongForcedBet,
          {.street = Street::Preflop,
           .seat = e.seat,
           .expected = FindingAmount::seat(expected),
           .actual = FindingAmount::seat(e.seat),
           .message = fmt::format(
               "line {}: {} brings in from seat {}, but the {} door card is seat {}'s ({})", e.line,
               p.player, e.seat, razz ? "highest" : "lowest", expected, card_text(door)),
           .line = e.line}};
}

std::optional<Breach> check_bring_in_under_small_bet(const ReplayState& s, const Event& e,
                                                     const PlayerState& p) {
  if (s.hand.small_bet <= 0 || e.amount <= s.hand.small_bet) return std::nullopt;
  return Breach{
      FindingCode::WrongForcedBet,
      {.street = Street::Preflop,
       .seat = e.seat,
       .expected = s.hand.small_bet,
       .actual = e.amount,
       .message = fmt::format("line {}: {} brings in for {}, more than the small bet {}", e.line,
                              p.player, amt(s, e.amount), amt(s, s.hand.small_bet)),
       .line = e.line}};
}

std::optional<Breach> check_forced_bet_size(const ReplayState& s, const Event& e) {
  if (!is_forced_bet(e.kind)) return std::nullopt;
  const char* what = "";
  const std::optional<Money> expected_opt = expected_forced_bet(s, e, what);
  if (!expected_opt || *expected_opt <= 0 || e.amount == *expected_opt) return std::nullopt;
  const Money expected = *expected_opt;
  auto it = s.players.find(e.seat);
  // All-in for less: the post takes the whole stack (checked before the replay applies it).
  if (e.amount < expected && it != s.players.end() && it->second.stack <= e.amount)
    return std::nullopt;
  return Breach{
      FindingCode::WrongForcedBet,
      {.street = Street::Setup,
       .seat = e.seat,
       .expected = expected,
       .actual = e.amount,
       .message = fmt::format("line {}: {} posts {} as {}; the stakes say {}", e.line,
                              it == s.players.end() ? std::string("seat") : it->second.player,
                              amt(s, e.amount), what, amt(s, expected)),
       .line = e.line}};
}

}  // namespace hh::detail
