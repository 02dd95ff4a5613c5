// Tournament results the PokerStars family (and PokerTracker's export, Cake and PartyPoker) prints
// among the lines of a hand: finishing places
// ("NAME finished the tournament in 214th place and received $1.94.", "NAME wins the tournament
// and receives $2.80 - congratulations!") and bounties ("W wins the $0.27 bounty for eliminating
// E", "A, B split the $50 bounty for eliminating E", "W wins $18.75 for eliminating E and their
// own bounty increases by $18.75 to $56.25"). The builders keep these lines as Other events; the
// results are read from them once the hand is read, into Hand::finishes and Hand::bounties.
#pragma once

#include <optional>
#include <string_view>

#include "model/hand.hpp"

namespace hh::tournament_results {

// A finish from what follows the player's name ("finished the tournament in 5th place",
// PokerTracker's "finished in place 5 and won $$0", Cake's "finished 21 out of 66 players.",
// PartyPoker's "finished in 4 169."); nullopt when the text is no finish. Seat, player and line
// are the caller's.
std::optional<TournamentFinish> read_finish(std::string_view after_name);

// A bounty from a whole line; nullopt when it is no bounty line. `winner` is the seated name the
// line starts with when the builder found one ("" otherwise: the names are read up to the verb).
std::optional<BountyPaid> read_bounty(std::string_view line);

// Fills Hand::finishes and Hand::bounties from the hand's Other events.
void read_from_events(Hand& h);

// The knockout part of a buy-in printed "$200+$50+$15" (three parts): 5000 cents; nullopt for
// any other text.
std::optional<Money> knockout_bounty(std::string_view buy_in);

}  // namespace hh::tournament_results
