// The chip audit: replays a Hand, builds its pots, and compares with what the site printed.
#pragma once

#include <vector>

#include "audit/house_rules.hpp"
#include "audit/rake/schedule.hpp"
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
// pot taking the remainder. Used where the site does not print its own split.
void attribute_rake(std::vector<BuiltPot>& pots, Money rake);

// Audits one hand. Never modifies or "repairs" it: findings record what the rules expect and
// what the site printed. `rules` are the options of the house the hand was played in.
AuditResult audit_hand(const Hand& hand, const HouseRules& rules = HouseRules{});

// What an audit judges a hand by, beyond the hand itself.
struct AuditContext {
  // The house rules of each site; nullptr: the built-in defaults for every site.
  const HouseRulesBook* house_rules{nullptr};
  // The published rake schedules; nullptr: rake is not checked against a schedule.
  const RakeSchedules* rake_schedules{nullptr};
};

// The one entry point that runs every per-hand check (replay, betting, order, money, showdown,
// rake against the schedule). The pipeline, the fuzzers and bench/ all audit through it.
AuditResult audit_hand(const Hand& hand, const AuditContext& context);

}  // namespace hh
