// PokerStars tournament summary files ("PokerStars Tournament #N, <game>", then the buy-in, the
// players, the prize pool, the times and one line a place): read whole into a TournamentSummary
// (model/tournament.hpp). The lines are PokerStars' own, as fpdb's regression files of them show
// (testdata/pokerstars-summary/README.md names each sample's source).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/tournament.hpp"
#include "parser/format.hpp"

namespace hh::pokerstars {

TournamentSummary read_summary(std::string_view decoded, const std::string& file);
// The summary format in the registry: "pokerstars-summary".
std::unique_ptr<Format> make_summary_format();

}  // namespace hh::pokerstars
