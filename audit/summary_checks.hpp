// The checks of a tournament summary (docs/discrepancies.md, "Tournament summaries"): its prize
// pool against its entrants and buy-in, its payouts against its prize pool, its places against
// each other, and the place it gives each player against the place the tournament's own hands
// print (run over the store, after every run that adds the summary or the hands).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/finding.hpp"
#include "model/tournament.hpp"

namespace hh {

// PARSE_ERROR for each line not understood, then PRIZE_POOL_MISMATCH, PAYOUTS_MISMATCH and
// SUMMARY_PLACES of one summary on its own. Amounts in the summary's minor units.
std::vector<Finding> check_summary(const TournamentSummary& s);

// The place a tournament's hands print a player finishing in (hand_players.finish_place).
struct HandPlace {
  std::string player;
  int place{0};
  std::string site_hand_id;  // the hand that prints it
};

// What the store holds of a tournament for the checks of its summary against its hands.
struct StoredTournament {
  std::vector<TournamentResult> results;  // the summary's places (no prize), in file order
  std::optional<int> entrants;
  std::optional<Money> starting_chips;
  bool rebuys{false};
  std::vector<HandPlace> places;  // every place the tournament's hands print
  // The hand of the tournament whose seats start with the most chips, and how many: one table's
  // chips, never more than the whole tournament's. Empty when no hand is stored.
  std::string most_chips_hand;
  Money most_chips{0};
  std::uint32_t line{0};  // the summary's first line
};

// SUMMARY_PLACE_MISMATCH (check_summary_places) and TOURNAMENT_CHIPS_EXCEEDED: a hand whose
// seats hold more chips than the entrants bought (entrants x starting chips) in a tournament the
// summary prints no rebuys or add-ons for.
std::vector<Finding> check_stored_tournament(const StoredTournament& t);

// SUMMARY_PLACE_MISMATCH: each player the summary places (still playing aside) whom the hands
// print finishing in another place. `results` are the summary's, `hands` every place the
// tournament's stored hands print.
std::vector<Finding> check_summary_places(const std::vector<TournamentResult>& results,
                                          const std::vector<HandPlace>& hands);

}  // namespace hh
