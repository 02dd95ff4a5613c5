// The chip audit: replays a Hand, builds its pots, and compares with what the site printed.
#pragma once

#include <filesystem>
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
// pot taking the remainder. Used where the site does not print its own split. With
// `main_pot_only` (Hand::rake_from_main_pot) the main pot bears the whole rake.
void attribute_rake(std::vector<BuiltPot>& pots, Money rake, bool main_pot_only = false);

// What an audit judges a hand by, beyond the hand itself.
struct AuditContext {
  // The house rules of each site; nullptr: the built-in defaults for every site.
  const HouseRulesBook* house_rules{nullptr};
  // The published rake schedules; nullptr: rake is not checked against a schedule.
  const RakeSchedules* rake_schedules{nullptr};
};

// The data a deployment judges hands by, as shipped: `dir`/house-rules.toml and the schedules in
// `dir`/rake/. Throws std::runtime_error as load_house_rules and load_rake_schedules do.
struct AuditData {
  HouseRulesBook house_rules;
  RakeSchedules rake_schedules;
  AuditContext context() const { return {&house_rules, &rake_schedules}; }
};
AuditData load_audit_data(const std::filesystem::path& dir);

// The one entry point that runs every per-hand check (replay, betting, order, money, showdown,
// rake against the schedule). The pipeline, the fuzzers and bench/ all audit through it. Never
// modifies or "repairs" the hand: findings record what the rules expect and what the site
// printed. The default context: the built-in house rules, no rake schedule.
AuditResult audit_hand(const Hand& hand, const AuditContext& context = {});

}  // namespace hh
