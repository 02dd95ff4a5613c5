// What the hand has done so far, as the replay reaches an event: the players' stacks and bets,
// the betting round, its bets and who may still raise, who is dealt in, the blinds' seats and
// whose turn it was. The replay (Auditor, betting.cpp and action_order.cpp) changes it; the
// betting rules (audit/betting_rules.hpp) only read it.
#pragma once

#include <algorithm>
#include <array>
#include <boost/container/flat_map.hpp>
#include <boost/container/flat_set.hpp>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "audit/house_rules.hpp"
#include "model/hand.hpp"

namespace hh::detail {

// A set of seat numbers, ascending: sorted in place, with room for a full table before it
// allocates (two of them are filled for every hand audited; a std::set allocated a node a seat).
using SeatSet =
    boost::container::flat_set<int, std::less<int>, boost::container::small_vector<int, 10>>;

// Values by a seat or pot number, ascending, read as a std::map<int, T> (find, at, operator[],
// ascending iteration) and held in place for a full table: a std::map allocated a node a key,
// in maps filled for every hand audited (the returned lines, the summary's seats, the payouts
// per pot, the showdown's cards, values and shares).
template <typename T>
using SmallMap = boost::container::flat_map<int, T, std::less<int>,
                                            boost::container::small_vector<std::pair<int, T>, 10>>;

struct PlayerState {
  int seat{0};
  std::string player;
  Money start{0};
  Money stack{0};
  Money gross{0};     // chips put in, before uncalled bets came back
  Money returned{0};  // uncalled bets returned
  Money collected{0};
  Money cashed_out{0};
  Money street_bet{0};  // live bet on the current betting round
  Money dead{0};        // dead blinds: in the pot, never part of a bet to match nor returned
  Money excess_in_collection{0};  // uncalled part paid back inside a collection (InCollection)
  bool folded{false};
  bool cashed{false};
  bool may_raise{true};       // no action of this player's since the last full bet or raise
  bool stack_unknown{false};  // Seat::stack_unknown: `start` is a stand-in no bet reaches
  // The site declared the player all-in with chips left (a SitsOut event flagged all_in: WPN's
  // protection of a disconnected player): from then on he owes no call, is passed over in the
  // order of action and plays only for the pots his chips reach.
  bool declared_all_in{false};
};

// Blind bets posted before the deal: blinds, straddles, sleepers, kills, dead posts (not antes).
inline bool is_blind_post(EventKind k) {
  switch (k) {
    case EventKind::PostSmallBlind:
    case EventKind::PostBigBlind:
    case EventKind::PostBothBlinds:
    case EventKind::PostStraddle:
    case EventKind::PostButtonBlind:
    case EventKind::PostSleeper:
    case EventKind::PostKill:
    case EventKind::PostDead:
      return true;
    default:
      return false;
  }
}

// Chips a player must put in to play: blind bets, antes and the stud bring-in.
inline bool is_forced_bet(EventKind k) {
  return is_blind_post(k) || k == EventKind::PostAnte || k == EventKind::BringIn;
}

// A player's decision in a betting round: fold, check, call, bet or raise.
inline bool is_action(EventKind k) {
  return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
         k == EventKind::Bet || k == EventKind::Raise;
}

inline bool is_betting_round(Street s) { return s != Street::Showdown; }

// The players of a hand by seat, ascending, as a std::map<int, PlayerState> reads (find, at,
// iteration over {seat, player} pairs) but in one sorted vector: a map allocated a node a player,
// for every hand audited. Seats below kIndexed are found through a table of their places (the
// replay looks a seat up several times an action). Filled before the replay and never grown
// after it, so pointers and references to its players stay valid.
class PlayersBySeat {
 public:
  using value_type = std::pair<int, PlayerState>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  PlayersBySeat() { place_.fill(kNone); }

  // Adds the player of `seat` unless the seat has one already (as std::map::emplace).
  void emplace(int seat, PlayerState p) {
    auto it = lower_bound(seat);
    if (it != players_.end() && it->first == seat) return;
    const auto at = static_cast<std::size_t>(it - players_.begin());
    players_.emplace(it, seat, std::move(p));
    if (players_.size() >= kNone) return;  // too many to index: found by the binary search
    for (std::uint8_t& place : place_)
      if (place != kNone && place >= at) ++place;
    if (indexed(seat)) place_[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(at);
  }
  void reserve(std::size_t n) { players_.reserve(n); }

  iterator find(int seat) {
    if (indexed(seat)) {
      const std::uint8_t i = place_[static_cast<std::size_t>(seat)];
      return i == kNone ? players_.end() : players_.begin() + i;
    }
    auto it = lower_bound(seat);
    return it != players_.end() && it->first == seat ? it : players_.end();
  }
  const_iterator find(int seat) const { return const_cast<PlayersBySeat*>(this)->find(seat); }
  // The player of `seat`; std::out_of_range when there is none (as std::map::at).
  PlayerState& at(int seat) {
    auto it = find(seat);
    if (it == players_.end()) throw std::out_of_range("PlayersBySeat::at");
    return it->second;
  }
  const PlayerState& at(int seat) const { return const_cast<PlayersBySeat*>(this)->at(seat); }

  iterator begin() { return players_.begin(); }
  iterator end() { return players_.end(); }
  const_iterator begin() const { return players_.begin(); }
  const_iterator end() const { return players_.end(); }

 private:
  static constexpr int kIndexed = 16;
  static constexpr std::uint8_t kNone = 0xFF;
  // A table has at most 10 seats, so the places of seats below 16 fit a byte; more players than
  // that (a broken hand) are found by the binary search alone.
  bool indexed(int seat) const { return seat >= 0 && seat < kIndexed && players_.size() < kNone; }
  iterator lower_bound(int seat) {
    return std::lower_bound(players_.begin(), players_.end(), seat,
                            [](const value_type& p, int s) { return p.first < s; });
  }

  std::vector<value_type> players_;
  std::array<std::uint8_t, kIndexed> place_;  // place in players_ of each seat below kIndexed
};

struct ReplayState {
  ReplayState(const Hand& h, const HouseRules& r) : hand(h), rules(r) {}

  const Hand& hand;
  const HouseRules& rules;
  PlayersBySeat players;
  SeatSet dealt_in;  // seats with a forced bet or an action: in the hand

  // --- the betting round -------------------------------------------------------------------
  Street round{Street::Setup};
  Money max_bet{0};
  Money last_full_raise{0};  // the minimum raise increment in this round
  Money raise_base{0};       // the street total of the last full bet or raise
  Money blind_floor{0};      // the full big blind, when the big blind was posted all-in for less
  int bets_this_round{0};    // fixed limit: the bet and raises made in this round
  int contenders_at_start{0};
  SeatSet acted_this_round;  // seats that acted in this round (a sleeper counts as acted)

  // --- forced bets and limits ----------------------------------------------------------------
  int small_blind_seat{0};  // the live small blind (pot limit: counted as a big blind)
  int big_blind_seat{0};
  int sleeper_seat{0};
  int ante_all_in_big_blind{0};  // Auditor::find_ante_all_in_big_blind()
  Money kill_numerator{1};       // kill hand: the limits times numerator / denominator
  Money kill_denominator{1};

  // --- the order of action -------------------------------------------------------------------
  int preflop_anchor{0};  // the big blind, straddle or button blind the action starts after
  int last_actor{0};
  Street turn_round{Street::Setup};

  // The street total a call must reach. After a big blind all-in for less than the full blind,
  // callers still owe the full blind while someone else could still match it; once every other
  // player in the hand is all-in, matching the largest bet made is enough (PokerStars tournament
  // hands 75726253875 and 25234313412).
  Money to_call(const PlayerState& caller) const;

  // The chips a player may still put in: the stack, or in a capped hand what is left under the
  // cap (rule text 000, "Cap limit": a player at the cap is all-in).
  Money chips_behind(const PlayerState& p) const;

  // A seat the action passes over: a sleeper whose blind nobody raised (rule text 000, the
  // sleeper example), or a player at the cap.
  bool passed_over(int seat) const;
  bool passed_over(const PlayerState& p) const;

  // Fixed and spread limit: the betting games where the half-bet rule may apply.
  bool limit_game() const {
    return (hand.structure == Structure::FixedLimit && hand.small_bet > 0) ||
           (hand.structure == Structure::SpreadLimit && hand.spread_max > 0);
  }
  bool big_bet_game() const;

  // The bet of a round: the small bet early, the big bet late (rule text 003: "20/40" hold'em;
  // stud from 5th street; single draw after the draw; triple draw after the second draw).
  Money bet_unit(Street street) const;
  // A fixed-limit bet at the hand's limits: as printed, or raised in a kill hand.
  Money at_kill_limits(Money bet) const { return bet * kill_numerator / kill_denominator; }
  // The last betting round of the game (spread limit's "ten on the end").
  Street last_round() const;
};

}  // namespace hh::detail
