// The money rules, one function a rule and named after it, each with its source: a rule text in
// rules/ (000 all-in and side pots, 001 table stakes, 004 side pots and the house's charge) or a
// house rule (what a site does consistently, Hand's flags). As the betting rules
// (audit/betting_rules.hpp) they judge the hand against a state, here the money state after the
// replay (MoneyState): what each player put in and got back, the collections printed, the pots
// built. A rule returns the breaches it finds, in the order they are recorded; the Auditor records
// them (Auditor::add, which withholds them after a line not read). Some settle what the site
// printed before it is judged (an uncalled part paid inside a collection, a collection that pays
// several pots): they say so. None repairs the hand.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "audit/betting_rules.hpp"
#include "audit/replay_state.hpp"
#include "model/finding.hpp"

namespace hh::detail {

using Breaches = boost::container::small_vector<Breach, 2>;

// A collection the hand prints ("collected X from side pot 1"): pot_index -1 names no pot.
struct Collection {
  int seat;
  int pot_index;
  Money amount;
  std::uint32_t line;
  bool moved_excess{false};  // holds (or held) the uncalled part of a bet
};

// What the money rules read and settle: the players as the replay left them, the collections and
// uncalled returns it read, and the result the rules fill (pots, totals, derived figures).
struct MoneyState {
  MoneyState(const Hand& h, const HouseRules& r, PlayersBySeat& p, AuditResult& res)
      : hand(h), rules(r), players(p), result(res) {}

  const Hand& hand;
  const HouseRules& rules;
  PlayersBySeat& players;
  AuditResult& result;
  std::vector<Collection> collections;
  SmallMap<std::uint32_t> returned_lines;  // the "Uncalled bet" line of each seat
  Money excess_in_collection{0};           // uncalled parts paid inside collections
  bool pots_attributable{true};            // the collections say which pot they are from

  // The printed rake, or the derived one where the site prints none.
  Money effective_rake() const { return hand.rake ? *hand.rake : result.derived_rake.value_or(0); }
  // What a seat's summary line says it won, 0 without one.
  Money summary_won(int seat) const;
  // A player who cashed out is not paid the pot: PokerStars keeps it and prints its amount only
  // on the summary line ("won ($X) ... (pot not awarded as player cashed out)").
  Money cashed_pot_total() const;
  // The amount of the seat's last collection (from the last pot), 0 if none.
  Money last_collection_of(int seat) const;
  std::string amt(Money m) const;
};

// "the main pot", "side pot N".
std::string pot_name(int index);

// --- uncalled bets --------------------------------------------------------------------------

// What no other stack can match goes back to the bettor (rule text 004: "If someone bets chips
// that no other stack can match, then these are returned to the bigger stack right away"; 000:
// "retracting any overage"): the largest live contribution less the second largest, dead blinds
// left out. Settles the return where the site prints none (Hand::uncalled_style) before judging
// it: UNCALLED_BET_MISMATCH, UNCALLED_BET_NOT_PRINTED, UNCALLED_BET_LINE_MISSING,
// UNCALLED_BET_IN_COLLECTION.
Breaches check_uncalled_bet_returned(MoneyState& s);

// --- pots and totals ------------------------------------------------------------------------

// Builds the main and side pots from what each player put in (rule text 000: "the overage goes
// into a side pot. Only the players who have contributed to the side pot have the chance to win
// it"); money the site adds (Splash the Pot, Cash Drop) goes to the main pot. Not a check.
void build_pots_from_play(MoneyState& s);

// The total pot printed is what the players put in, with the site's money and an uncalled part
// paid inside a collection (house rule of those sites): TOTAL_POT_MISMATCH, TOTAL_POT_NOT_PRINTED.
Breaches check_total_pot(MoneyState& s);

// The rake is what the pot held less what was paid out and the fees (rule text 004: "a rake, a
// percentage of each pot retained by the house"); a tournament takes none from a pot; with the
// rake printed, every chip put in comes out (table stakes, rule text 001: no money leaves the
// table in a hand but through the pot): RAKE_MISMATCH, RAKE_NOT_PRINTED, CHIPS_NOT_CONSERVED.
Breaches check_rake(MoneyState& s);

// --- pots and payouts -----------------------------------------------------------------------

// The main and side pots the summary prints are the pots built (less the rake, where the site
// prints them net of it; how it splits the rake between pots is not published, so each must lie
// between its amount less the whole rake and its amount, and they must add up): SIDE_POT_MISMATCH.
// Where every printed pot is plausible, the rake split they show is adopted.
Breaches check_printed_pots(MoneyState& s);

// Settles the collections of sites that pay several pots in one line
// (Hand::collections_may_merge_pots): a collection from pot i larger than that pot is split over
// pot i and the next pots its collector is eligible for and nobody else collected from, when their
// amounts net of rake add up to it exactly. Otherwise it is left as printed. Not a check.
void split_merged_collections(MoneyState& s);

// A pot is won only by players eligible for it (rule text 004: "A side pot can be contested only
// by players who paid into it"), and each pot net of rake is paid out in full, or the totals
// where the collections do not say which pot: PAYOUT_MISMATCH. Records the collectors as the
// pots' winners.
Breaches check_pots_paid(MoneyState& s);

// --- the summary ----------------------------------------------------------------------------

// The summary's seats name the seated players; each says what the player won and, where printed,
// the stack left and what was put in, as the play does (house rule: the site's own record agrees
// with its play): SUMMARY_MISMATCH, SUMMARY_NOT_PRINTED.
Breaches check_summary_agrees(const MoneyState& s);

}  // namespace hh::detail
