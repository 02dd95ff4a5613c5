// The auditor's internals, shared by the files that implement its parts: the replay and betting
// rules (betting.cpp), the order of action (action_order.cpp), the money checks
// (money_checks.cpp) and the showdown (showdown.cpp). Not part of the library's interface: use
// audit_hand() in audit/audit.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <boost/container/flat_map.hpp>
#include <boost/container/flat_set.hpp>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/hand_eval.hpp"
#include "model/amount_text.hpp"

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

class Auditor {
 public:
  Auditor(const Hand& h, const HouseRules& rules) : h_(h), rules_(rules) {}

  AuditResult run();

 private:
  std::string amt(Money m) const { return format_amount(m, h_.unit); }

  // Records a finding; its severity is the registry's (model/finding_codes.hpp). After a line of
  // the play the parser did not understand (gap_line_), a warning or error from the replay on is
  // withheld: the replay lacks what that line did, so it would charge the gap to the site.
  void add(FindingCode code, FindingFields fields);
  // The first line of the hand (play or summary) that the reader did not read, 0 if none.
  std::uint32_t first_gap_in_the_play() const;
  // Adds to unread_ the summary seat lines that name nobody seated (hhaudit's gap, not the
  // site's error).
  void add_unmatched_summary_names();
  // The note that the checks after the gap did not run, naming what they withheld.
  void note_checks_not_run();

  PlayerState* player(const Event& e);

  // Moves chips from a stack into the pot; `live` is the part that counts as a bet this round.
  void put(PlayerState& p, const Event& e, Money chips, Money live);

  // The street total a call must reach. After a big blind all-in for less than the full blind,
  // callers still owe the full blind while someone else could still match it; once every other
  // player in the hand is all-in, matching the largest bet made is enough (PokerStars tournament
  // hands 75726253875 and 25234313412).
  Money to_call(const PlayerState& caller) const;

  void new_round(Street s);

  // A betting round ends only when every player still able to bet has matched the largest bet
  // (rule text 000: the round ends when all have put in the same amount or folded). Checked
  // when the next round's first action comes; players all-in or folded are done already.
  void check_round_closed(Street next);

  void replay();

  // The chips in the pot now: put in, less uncalled bets returned and amounts collected.
  Money pot_now() const;

  // --- order of action ---------------------------------------------------------------------
  // Flop and draw games: pre-flop the action starts left of the big blind (or of the last
  // straddle, or of the button blind), on later rounds left of the button, and goes round
  // clockwise (rising seat numbers) past players who folded, are all-in or were not dealt in.
  // Heads-up this makes the button act first pre-flop and last after, as the rules say. Stud:
  // the bring-in opens 3rd street, the best hand showing each later round (see below); stud
  // games other than seven-card stud, stud hi/lo and razz are not checked.
  bool order_checked() const { return h_.game.known() && (!is_stud() || seven_card_stud()); }

  void find_dealt_in();

  // Big-bet games: blinds are the sizes of the stakes (fixed-limit stakes are bet sizes, whose
  // blinds differ per site: not checked). A player short of the blind posts all they have.
  void check_forced_bet(const Event& e);

  void note_blind(const Event& e);

  // Big-bet games where a small blind but no big blind is posted: the seat due the big blind (the
  // next after the small blind) when it went all-in posting the ante (tournaments; rule text
  // 001, "All in before the deal"). The others still owe the full big blind, and the action
  // starts after that seat. 0 when there is none.
  void find_ante_all_in_big_blind();

  // The next seat clockwise after `from` that still has a decision to make.
  int next_to_act(int from) const;

  // Flop and draw games without blinds (antes only): the first round starts left of the button.
  bool any_blind_posted() const;
  void check_turn(const Event& e, const PlayerState& p);

  // --- stud: the bring-in and the best hand showing (action_order.cpp) -----------------------
  // 7 Card Stud, 7 Card Stud Hi/Lo and Razz.
  bool seven_card_stud() const;
  // Stud played for low: the highest door card brings in, the lowest hand showing opens. 2-7 razz
  // counts aces high, which door_order() does not model (an ace door card is taken as low).
  bool razz() const {
    return h_.game.variant == GameVariant::Razz || h_.game.variant == GameVariant::Razz27;
  }

  // The up cards each seat shows on each betting round, read from the deal lines: the door card
  // on 3rd street, one more on each of 4th, 5th and 6th street (7th street's card is dealt down,
  // so that round uses 6th street's). A seat whose card cannot be read has no entry.
  void read_up_cards();
  const std::map<int, std::vector<Card>>* up_cards(Street s) const;

  // Who must bring in: the lowest door card (aces high; by suit, clubs lowest) in stud and stud
  // hi/lo, the highest (aces low; by suit, spades highest) in razz. nullopt when a card of a
  // player dealt in is unknown, or when that player is all-in from the ante and the rules'
  // two readings (the player to their left, the next card with chips) differ.
  std::optional<int> expected_bring_in() const;

  // Who opens a round after 3rd street: the best hand showing (stud, hi/lo: the highest pair,
  // two pairs, trips or high cards; straights and flushes do not count), razz: the lowest
  // (aces low, pairs bad); equal hands: the first seat clockwise from the dealer. nullopt when a
  // live player's up cards are unknown, or the best hand is all-in and the two readings (the
  // player to their left, the best hand with chips) differ.
  std::optional<int> stud_opener(Street s) const;

  // The bring-in: the right player (WRONG_FORCED_BET), no more than a small bet; the action then
  // goes clockwise from the player who brought in.
  void check_bring_in(const Event& e);

  std::map<Street, std::map<int, std::vector<Card>>> up_cards_;

  // --- fixed limit ---------------------------------------------------------------------------
  bool is_stud() const { return h_.game.is_stud(); }

  // The bet of a round: the small bet early, the big bet late (rule text 003: "20/40" hold'em;
  // stud from 5th street; single draw after the draw; triple draw after the second draw).
  Money bet_unit(Street street) const;
  // A fixed-limit bet at the hand's limits: as printed, or raised in a kill hand.
  Money at_kill_limits(Money bet) const { return bet * kill_numerator_ / kill_denominator_; }

  // Fixed limit: every bet and raise is exactly one bet of the round (all-in for less excepted;
  // in stud the first bet completes the bring-in to a small bet, and on 4th street an open pair
  // allows the big bet), and a round allows a bet and three raises unless only two players are in.
  void check_fixed_limit(const Event& e, const PlayerState& p);

  // --- limits and forced bets (betting.cpp) ----------------------------------------------------
  // Fixed and spread limit: the betting games where the half-bet rule may apply.
  bool limit_game() const {
    return (h_.structure == Structure::FixedLimit && h_.small_bet > 0) ||
           (h_.structure == Structure::SpreadLimit && h_.spread_max > 0);
  }

  // The last betting round of the game (spread limit's "ten on the end").
  Street last_round() const;

  // Spread limit: a bet between the spread's minimum and maximum, a raise at least the previous
  // bet or raise of the round and at most the maximum (rule text 000, "Spread limit").
  void check_spread_limit(const Event& e, const PlayerState& p);

  // The chips a player may still put in: the stack, or in a capped hand what is left under the
  // cap (rule text 000, "Cap limit": a player at the cap is all-in).
  Money chips_behind(const PlayerState& p) const;

  // A seat the action passes over: a sleeper whose blind nobody raised (rule text 000, the
  // sleeper example), or a player at the cap.
  bool passed_over(int seat) const;
  bool passed_over(const PlayerState& p) const;

  // The forced bets the stakes call for: blinds (fixed limit: the small bet and half of it),
  // both blinds, dead small blind, antes, straddles, sleepers, kill blinds.
  std::optional<Money> expected_forced_bet(const Event& e, const char*& what) const;

  bool big_bet_game() const;

  // The betting rules an action must follow, checked before it changes anything (rule texts
  // 000: procedure, 002: no-limit and pot-limit). Returns false when the action is not
  // replayed (a folded player calling or raising has no chips in play). Never repairs: every
  // other action is replayed as printed.
  bool check_legality(const Event& e, const PlayerState& p);

  // Who may still raise after an action: a full bet or raise reopens the betting for everyone
  // else; a short all-in does not, unless short all-ins together reach a full raise.
  void after_action(const Event& e, PlayerState& p, Money max_before);

  void check_uncalled();

  Money last_collection_of(int seat) const;

  // Sites that never print the uncalled part pay it back inside the bettor's collection (from
  // the last pot they won): take it out of that collection so the pots are checked on what they
  // hold. If the bettor collected less than the excess, the site kept money that was theirs.
  void returned_in_collection(PlayerState& p, Money excess);

  void build();

  void check_totals();

  // The printed rake, or the derived one where the site prints none.
  Money effective_rake() const { return h_.rake ? *h_.rake : r_.derived_rake.value_or(0); }

  // A player who cashed out is not paid the pot: PokerStars keeps it and prints its amount only
  // on the summary line ("won ($X) ... (pot not awarded as player cashed out)").
  Money cashed_pot_total() const;

  Money summary_won(int seat) const;

  // The line of the summary's totals, where pot-level findings point.
  std::uint32_t summary_line() const { return h_.totals_line; }

  void check_pots_and_payouts();

  // Sites that pay several pots in one line (Hand::collections_may_merge_pots): a collection from
  // pot i larger than that pot is split over pot i and the next pots its collector is eligible
  // for and nobody else collected from, when their amounts net of rake add up to it exactly.
  // Otherwise it is left as printed, for PAYOUT_MISMATCH to judge.
  void split_merged_collections();

  // How a game's showdown is judged: which cards make a hand, and whether the pot goes to the
  // best high hand, the best low, or is split between them.
  struct ShowdownRules {
    int hole{0};           // cards a player shows (stud: all seven; draw: the final five)
    bool board{false};     // community cards
    bool omaha{false};     // exactly two hole cards and three board cards
    bool high{false};      // the best high hand wins (its half, in hi/lo)
    bool low_a5_8{false};  // half to the best ace-to-five low of eight or better
    bool razz{false};      // the best ace-to-five low wins, no qualifier
    bool deuce_seven{false};
    bool badugi{false};      // the best badugi wins (four cards, distinct ranks and suits, low)
    bool short_deck{false};  // 6+ Hold'em: best_of_short_deck (36 cards, flush over full house)
  };

  std::optional<ShowdownRules> showdown_rules() const;

  // Who should have won each contested pot, where the cards say it: every contender showed and
  // the game's rules are known (rule text 004: hand ranking, split pots, eight-or-better).
  // Run-it-twice (and Split Hold'em) boards each decide their share of every pot. Cash-outs are
  // not judged.
  void check_showdown();

  // A pot's result on one board (the only one, or one of a run-it-twice): the seats holding the
  // best high hand(s) and the best low(s), each in the order the odd chips go.
  struct BoardResult {
    std::vector<int> high, low;
    std::string what;  // the winning hands, for messages
  };

  // The smallest chip in play, fixed by the game and never by the amounts under audit: a whole
  // chip in tournaments (h_.unit minor units: Winamax prints tournament chips with cents), the
  // site's cent (1 minor unit) at cash tables. Reduced to a divisor of `amount` should the pot
  // not be a whole number of chips.
  Money smallest_chip(Money amount) const;

  // Seats in the order odd chips go: clockwise from the first seat left of the button (after the
  // small blind's seat: Hand::odd_chips_whole_after_small_blind).
  std::vector<int> from_button(std::vector<int> seats) const;

  // Shares `amount` equally between `seats`; the chips left over go one each to the first of
  // `seats` (which are in the order odd chips go).
  void share(Money amount, const std::vector<int>& seats, SmallMap<Money>& out);

  // What each winner of the pot should collect: equal parts per board (the odd chips to the
  // first boards), on each board equal shares, hi/lo halves (the odd chip to the high half), odd
  // chips to the first winners left of the button, in stud by suit. Seats that win but are owed
  // no chip (a pot smaller than its winners) are there with 0.
  SmallMap<Money> expected_shares(const BuiltPot& bp, const std::vector<BoardResult>& boards);
  // `expected` (from expected_shares) against what each seat collected from the pot. Collections
  // do not say which board paid them: each seat's total over the boards is compared. `what`
  // names the winning hands, for messages.
  void check_split(const BuiltPot& bp, const std::vector<BoardResult>& boards,
                   const SmallMap<Money>& expected, const std::string& what);

  static std::string pot_name(int index);

  // A pot some contenders did not show: among those who did (the summary's "mucked [8s Qs]"
  // counts), a collector whose shown hand another shown hand beats is WRONG_WINNER; a hand not
  // shown cannot win. `judge` gives the best of the shown hands on the board. Single-board, not
  // hi/lo: there a half may belong to a hand not shown.
  template <typename Judge>
  void judge_among_shown(const BuiltPot& bp, const std::vector<int>& contenders,
                         const std::vector<int>& unknown, Judge judge);
  // The pot's eligible seats less those who conceded it (Hand::mucked_hands_concede: mucked and
  // collected nothing).
  std::vector<int> contenders_for(const BuiltPot& bp) const;

  void check_summary();
  void check_summary_put_in(const PlayerState& p, const SummarySeat& s, bool money_agrees);

  void fill_players();

  struct Collection {
    int seat;
    int pot_index;
    Money amount;
    std::uint32_t line;
    bool moved_excess{false};
  };

  const Hand& h_;
  const HouseRules& rules_;
  AuditResult r_;
  PlayersBySeat players_;
  SmallMap<std::uint32_t> returned_lines_;
  std::vector<Collection> collections_;
  std::uint32_t gap_line_{0};
  // What the reader did not read (Hand::issues), with what the audit finds it could not have
  // read (add_unmatched_summary_names).
  std::vector<ParseIssue> unread_;
  bool whole_hand_checks_{false};      // the replay is done: the checks of the whole hand run
  std::vector<std::string> withheld_;  // codes withheld after the gap, in order, once each
  bool pots_attributable_{true};
  Street round_{Street::Setup};
  Money max_bet_{0};
  SeatSet dealt_in_;       // seats with a forced bet or an action: in the hand
  int preflop_anchor_{0};  // the big blind, straddle or button blind the action starts after
  int last_actor_{0};
  Street turn_round_{Street::Setup};
  Money last_full_raise_{0};  // the minimum raise increment in this round
  int bets_this_round_{0};    // fixed limit: the bet and raises made in this round
  int contenders_at_start_{0};
  Money raise_base_{0};  // the street total of the last full bet or raise
  Money excess_in_collection_{0};
  Money blind_floor_{0};  // the full big blind, when the big blind was posted all-in for less
  // Limits and forced bets (betting.cpp).
  SeatSet acted_this_round_;  // seats that acted in this round (a sleeper counts as acted)
  int small_blind_seat_{0};   // the live small blind (pot limit: counted as a big blind)
  int big_blind_seat_{0};
  int sleeper_seat_{0};
  int ante_all_in_big_blind_{0};  // find_ante_all_in_big_blind()
  Money kill_numerator_{1};       // kill hand: the limits times numerator / denominator
  Money kill_denominator_{1};
};

}  // namespace hh::detail
