// The betting rules, one function a rule and named after it, each with its source: a rule text in
// rules/ (000 procedure and limits, 001 all-in and incomplete raises, 002 no-limit and pot-limit,
// 003 hold'em limits) or a house rule (audit/house_rules.hpp). As PokerKit's verify_* functions
// (pokerkit/state.py: verify_folding, verify_checking_or_calling,
// verify_completion_betting_or_raising_to) they judge one action against the replay state before
// the action changes it. A rule returns the finding the action calls for when it breaks the rule;
// the Auditor records it (Auditor::add, which withholds findings after a line not read). None
// repairs: the action is replayed as printed.
#pragma once

#include <array>
#include <boost/container/small_vector.hpp>
#include <optional>

#include "audit/replay_state.hpp"
#include "model/cards.hpp"
#include "model/finding.hpp"
#include "model/finding_codes.hpp"

namespace hh::detail {

// A rule an event breaks: the finding it calls for.
struct Breach {
  FindingCode code;
  FindingFields fields;
};

// Each betting rule reads the state, the action and its player, and returns the breach, if any.
using BettingRule = std::optional<Breach> (*)(const ReplayState&, const Event&, const PlayerState&);

// A folded player has no decisions left (rule text 000, "Fold": "no further bets are required by
// the folding player, but the player cannot win").
std::optional<Breach> check_no_action_after_fold(const ReplayState& s, const Event& e,
                                                 const PlayerState& p);

// A player all-in (or at the cap) has no decisions left (rule text 001, "All-in"); PokerStars does
// print a fold for one sitting out, which is no breach.
std::optional<Breach> check_no_action_while_all_in(const ReplayState& s, const Event& e,
                                                   const PlayerState& p);

// Players act in turn, clockwise (rule text 000: "players in a poker game act in turn, in clockwise
// rotation"; "Acting out of turn"). `expected`: the seat whose turn it is (Auditor::check_turn),
// 0 when not known. A fold ahead of one's turn is how sites print players sitting out or timing
// out (888 prints them before the deal): no breach; nor for a player folded or all-in.
std::optional<Breach> check_action_in_turn(const Event& e, const PlayerState& p, int expected);

// A check only when nothing is owed (rule text 000, "Check": "if no one has yet opened the
// betting round, a player may pass or check"; the blinds are live bets); a big blind all-in for
// less still leaves the full blind owed (ReplayState::to_call).
std::optional<Breach> check_check_owes_nothing(const ReplayState& s, const Event& e,
                                               const PlayerState& p);

// Cap limit: no chips above the cap (rule text 000, "Cap limit": $60 cap, B at $10 calls $50).
std::optional<Breach> check_bet_within_cap(const ReplayState& s, const Event& e,
                                           const PlayerState& p);

// Fixed limit: every bet and raise is one bet of the round above the last full bet or raise
// (rule text 003, "20/40"; completing a bet after an incomplete all-in: rule texts 000 and 001;
// stud: completing the bring-in, and the big bet on 4th street with an open pair). All-in for
// less is no breach.
std::optional<Breach> check_fixed_limit_bet_size(const ReplayState& s, const Event& e,
                                                 const PlayerState& p);

// Fixed limit: a bet and three raises a round (rule text 003: "a maximum of 1 initial bet and
// three raises"), the house's cap (HouseRules::max_bets_per_round), unlimited heads-up where the
// house says so.
std::optional<Breach> check_fixed_limit_raise_cap(const ReplayState& s, const Event& e,
                                                  const PlayerState& p);

// Spread limit: a bet between the spread's minimum and maximum, a raise at least the previous bet
// or raise of the round and at most the maximum (rule text 000, "Spread limit").
std::optional<Breach> check_spread_limit_bet_size(const ReplayState& s, const Event& e,
                                                  const PlayerState& p);

// Big-bet games: an opening bet of at least the big blind, unless all-in (rule text 002, 2: "all
// bets must be at least equal to the minimum bring-in, unless the player is going all-in").
std::optional<Breach> check_min_bet(const ReplayState& s, const Event& e, const PlayerState& p);

// Big-bet games: a raise by at least the last full bet or raise of the round, unless all-in (rule
// text 002, 3: "equal to or greater than the size of the previous bet or raise").
std::optional<Breach> check_min_raise(const ReplayState& s, const Event& e, const PlayerState& p);

// A player who acted may raise again only when a full bet or raise came since: an incomplete
// all-in does not reopen the betting (rule text 002, 3, and its A/B/C example; limit games: the
// full-bet rule, or under half a bet with the half-bet rule, rule texts 000 and 001, "Incomplete
// bet or raise").
std::optional<Breach> check_raise_reopened(const ReplayState& s, const Event& e,
                                           const PlayerState& p);

// Pot limit: at most the pot after calling ("(3L + T) + S" in rule text 000; 002: a $100 pot, a
// $50 bet, a raise to $250); the house rule counting the small blind as a big blind until the big
// blind has acted (HouseRules::pot_limit_small_blind_as_big; rule text 002, pot-limit 5).
std::optional<Breach> check_pot_limit(const ReplayState& s, const Event& e, const PlayerState& p);

// The rules every check, bet and raise of a player still in the hand with chips is judged by, in
// the order their findings are recorded; each rule says which actions and games it is for.
inline constexpr std::array<BettingRule, 9> kActionRules = {
    check_check_owes_nothing,
    check_bet_within_cap,
    check_fixed_limit_bet_size,
    check_fixed_limit_raise_cap,
    check_spread_limit_bet_size,
    check_min_bet,
    check_min_raise,
    check_raise_reopened,
    check_pot_limit,
};

// A call puts in what is owed: the bet to call less the player's bet this round, at most the
// chips behind (rule text 000, "Call": "to match a bet"; "Open, bet, raise": a player short of the
// bet calls all-in with what is left).
std::optional<Breach> check_call_amount(const ReplayState& s, const Event& e, const PlayerState& p);

// A raise printed with its increment ("raises X to Y") raises by Y less the largest bet made.
// House rule (PokerStars): the increment counts from the largest bet made, even when a short
// all-in big blind means callers owe more (tournament hand 16652117062).
std::optional<Breach> check_raise_increment_printed(const ReplayState& s, const Event& e,
                                                    const PlayerState& p);

// Table stakes: a player puts in no more than the chips behind (rule text 001, "Table stakes":
// "each player starts each deal with a certain stake, and plays that deal with that stake").
// `chips`: what the event puts in; judged before they move.
std::optional<Breach> check_bet_not_over_stack(const ReplayState& s, const Event& e,
                                               const PlayerState& p, Money chips);

// A player the site says is all-in has nothing left behind: judged after the chips moved.
std::optional<Breach> check_all_in_as_printed(const ReplayState& s, const Event& e,
                                              const PlayerState& p);

// Stud: the bring-in is made by the lowest door card (razz: the highest),
// Auditor::expected_bring_in (rule text 000, "Bring-in": "to the player whose upcards indicate the
// poorest hand"; suits by rule text 004). `expected`: that seat, `door`: its door card, for the
// message. Called only when the seats differ.
Breach check_bring_in_seat(const Event& e, const PlayerState& p, int expected, const Card& door,
                           bool razz);

// Stud: the bring-in is less than a full bet (rule text 000: completing the bet); its size is a
// site's table, not derived from the stakes, so only more than the small bet is a breach.
std::optional<Breach> check_bring_in_under_small_bet(const ReplayState& s, const Event& e,
                                                     const PlayerState& p);

// A betting round ends only when every player still able to bet has matched the largest bet and
// had a turn (rule text 000, "Call": "a betting round ends when all active players have bet an
// equal amount"; the big blind's option is such a turn). Judged when `next` is dealt, on the
// round just played; players all-in or folded are done already. A breach a player short.
boost::container::small_vector<Breach, 2> check_round_closed_by(const ReplayState& s, Street next);

// A forced bet is the size the stakes call for: blinds (fixed limit: the small bet and half of
// it, rule text 003, "20/40"), both blinds (rule text 000, "Post"), antes, straddles (000, "Live
// straddle"), sleepers, kill blinds (000, "Kill blind"); all-in for less excepted. Called for
// every event: only posts have a size to judge.
std::optional<Breach> check_forced_bet_size(const ReplayState& s, const Event& e);

}  // namespace hh::detail
