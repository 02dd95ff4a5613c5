// Main and side pots from what each seat put in, and the rake's split over them: what the audit
// builds a hand's pots with, and what a writer of a format that states every pot (OHH) needs too.
#pragma once

#include <vector>

#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh {

// Builds main and side pots from each seat's contribution (net of uncalled bets returned):
// one pot per all-in level (a folded all-in player's too), eligible = seats that did not fold and
// put in at least that level.
// Chips above the last level that nobody still in the hand matched stay in the last pot.
struct PotInput {
  int seat{0};
  Money contributed{0};
  bool folded{false};
  bool all_in{false};
  Money dead{0};  // part of `contributed` that is a dead blind: main-pot money, not a bet level
};
std::vector<BuiltPot> build_pots(const std::vector<PotInput>& players);

// Splits `rake` over pots in proportion to their size, rounded to the nearest minor unit, the last
// pot taking the remainder. Used where the site does not print its own split. With
// `main_pot_only` (Hand::rake_from_main_pot) the main pot bears the whole rake; with
// `last_pot_only` (Hand::rake_from_side_pot) the last pot does.
void attribute_rake(std::vector<BuiltPot>& pots, Money rake, bool main_pot_only = false,
                    bool last_pot_only = false);

}  // namespace hh
