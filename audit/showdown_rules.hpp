// The showdown rules, each a function named after the rule it checks, with its source: rule text
// 004 (hand ranking, split pots, eight-or-better; stud's odd chip by suit), Robert's Rules of
// Poker ("Ties"), or a house rule (Hand's flags: odd chips whole after the small blind, mucked
// hands concede). They judge the pots the money rules built and paid (audit/money_rules.hpp,
// MoneyState) against the cards shown, and return the breaches they find, in the order they are
// recorded (Auditor::add). None repairs the hand.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "audit/hand_eval.hpp"
#include "audit/money_rules.hpp"

namespace hh::detail {

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

// The showdown rules of `game`; nullopt for a game no evaluator ranks.
std::optional<ShowdownRules> showdown_rules_of(const Game& game);

// A pot's result on one board (the only one, or one of a run-it-twice): the seats holding the
// best high hand(s) and the best low(s), each in the order the odd chips go.
struct BoardResult {
  std::vector<int> high, low;
  std::string what;  // the winning hands, for messages
};

// The best hand wins the pot (rule text 004: hand ranking, split pots, eight-or-better): who
// should have won each contested pot, where the cards say it (every contender showed and the
// game's rules are known), against those who collected: WRONG_WINNER. Run-it-twice (and Split
// Hold'em) boards each decide their share of every pot. A pot some contenders did not show is
// judged among the hands shown (a hand not shown cannot win); SHOWDOWN_NOT_EVALUATED says what is
// not judged. Cash-outs are not judged.
Breaches check_best_hand_wins(const MoneyState& s);

// What each winner of the pot should collect: equal parts per board (the odd chips to the first
// boards), on each board equal shares, hi/lo halves (the odd chip to the high half), odd chips to
// the first winners left of the button (stud: by suit, Robert's Rules "Ties"; house rules:
// Hand::odd_chips_whole_after_small_blind, HouseRules::hilo_low_remainder_to_high). Seats that win
// but are owed no chip (a pot smaller than its winners) are there with 0.
SmallMap<Money> expected_shares(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<BoardResult>& boards);

// A split pot is divided as expected_shares says: each seat's total over the boards against what
// it collected from the pot; a seat off by less than the odd chips can move is ODD_CHIP_MISMATCH,
// more is WRONG_WINNER. `what` names the winning hands, for messages.
Breaches check_split_pot_shares(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<BoardResult>& boards,
                                const SmallMap<Money>& expected, const std::string& what);

}  // namespace hh::detail
