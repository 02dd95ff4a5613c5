// The chip audit: replays a Hand, builds its pots, and compares with what the site printed.
#pragma once

#include <filesystem>
#include <vector>

#include "audit/house_rules.hpp"
#include "audit/rake/schedule.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"
#include "model/pots.hpp"

namespace hh {

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

// Sets what a store keeps of the audit's reading of `hand` beside its findings: result.seats
// (session_seats, none for an unparsed hand) and result.players_dealt, from the hand and the
// rest of `result`. audit_hand calls it last; a result made otherwise (a test's) calls it before
// it is stored.
void set_stored_reading(const Hand& hand, AuditResult& result);

}  // namespace hh
