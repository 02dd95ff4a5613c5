// The auditor's internals, shared by the files that implement its parts: the replay of the
// betting (betting.cpp), which moves the replay state (replay_state.hpp) and asks the named
// betting rules (betting_rules.hpp) of each event, the order of action (action_order.cpp), the
// money checks (money_checks.cpp) and the showdown (showdown.cpp). Not part of the library's
// interface: use audit_hand() in audit/audit.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "audit/betting_rules.hpp"
#include "audit/hand_eval.hpp"
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

  void check_uncalled();

  Money last_collection_of(int seat) const;

  // Sites that never print the uncalled part pay it back inside the bettor's collection (from
  // the last pot they won): take it out of that collection so the pots are checked on what they
  // hold. If the bettor collected less than the excess, the site kept money that was theirs.
  void returned_in_collection(PlayerState& p, Money excess);
  // Sites that print no uncalled bets (UncalledStyle::Silent, ToStack): `excess` came back to
  // `p` inside a collection or, unprinted, to the stack.
  void returned_unprinted(PlayerState& p, Money excess, Money gross_total);

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
  // The main and side pots the summary prints against the pots built (SIDE_POT_MISMATCH); where
  // each printed pot is net of rake and plausible, the rake split they show is adopted.
  void check_printed_pots();
  // What was collected from each pot (a collection that names no pot, from the main pot), and
  // the collectors as the pots' winners; a collection from a pot not built, or by a player not
  // eligible for it, is PAYOUT_MISMATCH. `attributable`: the collections say which pot.
  SmallMap<Money> paid_per_pot(bool attributable);
  // Each pot net of rake against what was collected from it, or only the totals when the
  // collections do not say which pot (PAYOUT_MISMATCH).
  void check_paid(const SmallMap<Money>& paid, bool attributable);

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

  // The cards a showdown is judged on: the hands shown (or dealt, in flop games) by seat, and the
  // boards (one a run, with run-it-twice; none in stud and draw).
  struct ShowdownCards {
    int board_count{1};
    SmallMap<CardList> holes;
    boost::container::small_vector<CardList, 2> boards;
  };
  // The hands and boards of the showdown, read from the events; nullopt when it cannot be judged
  // (a card not read, a board short of five cards, a cash-out, a stud or draw hand run more than
  // once, which is reported SHOWDOWN_NOT_EVALUATED).
  std::optional<ShowdownCards> read_showdown_cards(const ShowdownRules& rules);
  // The best hands among `seats` on `board`, each list in the order odd chips go.
  BoardResult judge_board(const ShowdownRules& rules, const SmallMap<CardList>& holes,
                          const std::vector<int>& seats, const CardList& board) const;
  // One pot contested by two or more: the winners the cards name against those who collected.
  void check_pot_winners(const BuiltPot& bp, const ShowdownRules& rules,
                         const ShowdownCards& cards);

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
  SmallMap<std::uint32_t> returned_lines_;
  std::vector<Collection> collections_;
  std::uint32_t gap_line_{0};
  // What the reader did not read (Hand::issues), with what the audit finds it could not have
  // read (add_unmatched_summary_names).
  std::vector<ParseIssue> unread_;
  bool whole_hand_checks_{false};      // the replay is done: the checks of the whole hand run
  std::vector<std::string> withheld_;  // codes withheld after the gap, in order, once each
  bool pots_attributable_{true};
  Money excess_in_collection_{0};
  // What the hand has done so far: the replay changes it, the rules read it.
  ReplayState state_;
};

}  // namespace hh::detail
