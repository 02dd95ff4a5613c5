// Full Tilt tournament summary files ("Full Tilt Poker Tournament Summary <title> (N) <game>
// (<kinds>)", then the buy-in, the chips, the entries, the prize pool, the times and one line a
// place): read whole into a TournamentSummary (model/tournament.hpp). The real file of the corpus
// (../shared/corpus/FTP/tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt) and fpdb's regression
// files show the lines (testdata/fulltilt-summary/README.md).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/tournament.hpp"
#include "parser/format.hpp"

namespace hh::fulltilt {

TournamentSummary read_summary(std::string_view decoded, const std::string& file);
// The summary format in the registry: "fulltilt-summary".
std::unique_ptr<Format> make_summary_format();

}  // namespace hh::fulltilt
