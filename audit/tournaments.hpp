// Tournament results a hand prints, checked against the hand itself (docs/discrepancies.md,
// "Tournament results"): a player eliminated has no chips left, the places of players eliminated
// together follow their stacks, and a bounty paid is the one the eliminated player carried.
// Reads Hand::finishes and Hand::bounties (the format fills them) and the replay's stacks.
#pragma once

#include <vector>

#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh {

// FINISH_WITH_CHIPS, FINISH_PLACE_ORDER and BOUNTY_MISMATCH of one audited hand.
std::vector<Finding> check_tournament_results(const Hand& hand, const AuditResult& result);

}  // namespace hh
