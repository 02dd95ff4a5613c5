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
#include "model/stored_rows.hpp"
#include "model/tournament.hpp"

namespace hh {

// PARSE_ERROR for each line not understood, then PRIZE_POOL_MISMATCH, PAYOUTS_MISMATCH and
// SUMMARY_PLACES of one summary on its own. Amounts in the summary's minor units.
std::vector<Finding> check_summary(const TournamentSummary& s);

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
