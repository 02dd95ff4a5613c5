// The auditor's internals, shared by the files that implement its parts: the replay of the
// betting (betting.cpp), which moves the replay state (replay_state.hpp) and asks the named
// betting rules (betting_rules.hpp) of each event, the order of action (action_order.cpp); then
// the money rules (money_rules.hpp) and the showdown rules (showdown_rules.hpp). Not part of the
// library's interface: use audit_hand() in audit/audit.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/betting_rules.hpp"
#include "audit/hand_eval.hpp"
#include "audit/money_rules.hpp"
#include "audit/replay_state.hpp"
#include "model/amount_text.hpp"

namespace hh::detail {

class Auditor {
 public:
  Auditor(const Hand& h, const HouseRules& rules) : h_(h), rules_(rules), state_(h, rules) {}

  AuditResult run();

 private:
  std::string amt(Money m) const { return format_amount(m, h_.unit); }

  // Records a finding; its severity is the registry's (model/finding_codes.hpp). After a line of
  // the play the parser did not understand (gap_line_), a warning or error from the replay on is
  // withheld: the replay lacks what that line did, so it would charge the gap to the site.
  void add(FindingCode code, FindingFields fields);
  // Records the breach a rule found, if any (audit/betting_rules.hpp).
  void add(std::optional<Breach> breach) {
    if (breach) add(std::move(*breach));
  }
  void add(Breach breach) { add(breach.code, std::move(breach.fields)); }
  void add(Breaches breaches) {
    for (Breach& b : breaches) add(std::move(b));
  }
  // The first line of the hand (play or summary) that the reader did not read, 0 if none.
  std::uint32_t first_gap_in_the_play() const;
  // Adds to unread_ the summary seat lines that name nobody seated (hhaudit's gap, not the
  // site's error).
  void add_unmatched_summary_names();
  // The note that the checks after the gap did not run, naming what they withheld.
  void note_checks_not_run();

  PlayerState* player(const Event& e);

  // Moves chips from a stack into the pot; `live` is the part that counts as a bet this round.
  // Judged by the table-stakes rules: check_bet_not_over_stack, check_all_in_as_printed.
  void put(PlayerState& p, const Event& e, Money chips, Money live);

  void new_round(Street s);

  // check_round_closed_by (betting_rules.hpp) when the next round's first action comes, in games
  // whose order of action is checked.
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

  bool is_stud() const { return h_.game.is_stud(); }

  // --- the betting (betting.cpp; the rules themselves: betting_rules.hpp) ----------------------
  // The betting rules an action must follow (kActionRules), checked before it changes anything.
  // Returns false when the action is not replayed (a folded player calling or raising has no
  // chips in play). Never repairs: every other action is replayed as printed.
  bool check_legality(const Event& e, const PlayerState& p);

  // The replay of one event: the rules it must follow, then the chips it moves.
  void replay_event(std::size_t index);
  // A kill hand plays at higher limits from its first bet (rule text 000, "Kill game").
  void set_kill_limits();
  // The chips an event moves, and the state it changes; the player it is about (nullptr for an
  // event about no player, or about a seat that has none).
  PlayerState* apply_event(const Event& e);
  PlayerState* apply_forced_bet_or_bet(const Event& e);
  PlayerState* apply_decision(const Event& e);
  PlayerState* apply_settlement(const Event& e);

  // Who may still raise after an action: a full bet or raise reopens the betting for everyone
  // else; a short all-in does not, unless short all-ins together reach a full raise.
  void after_action(const Event& e, PlayerState& p, Money max_before);

  // The checks of the whole hand, once the replay is done: the money rules
  // (audit/money_rules.hpp) and the showdown rules (audit/showdown_rules.hpp), in the order
  // their findings are recorded.
  void check_money_and_showdown();

  void fill_players();

  const Hand& h_;
  const HouseRules& rules_;
  AuditResult r_;
  std::uint32_t gap_line_{0};
  // What the reader did not read (Hand::issues), with what the audit finds it could not have
  // read (add_unmatched_summary_names).
  std::vector<ParseIssue> unread_;
  bool whole_hand_checks_{false};      // the replay is done: the checks of the whole hand run
  std::vector<std::string> withheld_;  // codes withheld after the gap, in order, once each
  // What the hand has done so far: the replay changes it, the rules read it.
  ReplayState state_;
  // The money as the replay leaves it: the money and showdown rules read and settle it.
  MoneyState money_{h_, rules_, state_.players, r_};
};

}  // namespace hh::detail
