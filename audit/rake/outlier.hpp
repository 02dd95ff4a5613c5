// Rake against the site's own record (docs/rake.md, "The learned check"): where no published
// schedule applies, the rule a site's stored hands of one group follow (fit_rake_group: rate,
// rounding, cap) is learned from all of them, and a hand whose rake departs from it is
// RAKE_OUTLIER. Pure: the store's rows in (db/rake_rows.hpp), findings out; the pipeline runs it
// over every hand the store holds for a site after a run's hands are stored, so the order of
// files and runs does not change the result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "audit/rake/profile.hpp"
#include "model/finding.hpp"
#include "model/stored_rows.hpp"

namespace hh {

// A rule is judged against only with this many raked hands of its group fitting it exactly...
inline constexpr long kRakeOutlierMinSupport = 20;
// ...and at least this share of the group's raked hands (numerator / denominator). A site applies
// its schedule mechanically: on the corpus a rule that is the site's fits every hand of its
// group, while one that misses a hand in five (PokerStars EUR 2009, 21 of 26) is a rule the
// learner does not know, whose misses are not the site's errors.
inline constexpr long kRakeOutlierMajorityNum = 9, kRakeOutlierMajorityDen = 10;

// The hands one rule is learned from: a site's cash hands of one currency, limit, game, big
// blind, number of players dealt and period (the calendar year of the hand; "" unknown). The
// players are counted exactly, not in bands: sites cap by the exact count (Bovada's $8/$16 limit
// hands of 2012 are capped at $2 with 5 players dealt and $3 with 6).
struct RakeGroupKey {
  std::string site, currency, limit_type, game;
  Money big_blind{0};
  int players{0};  // dealt in
  std::string period;
  auto operator<=>(const RakeGroupKey&) const = default;
};
RakeGroupKey rake_group_of(const ProfileHand& h);

// One group's learned rule: the fit (rule, support, misfits) and whether it is judged against.
struct LearnedRakeRule {
  RakeGroupKey key;
  ProfileGroup fit;
  bool judged{false};  // enough support: kRakeOutlierMinSupport and the majority
};

// The rule of every group of `hands` that has a raked hand, by key.
std::vector<LearnedRakeRule> learn_rake_rules(const std::vector<ProfileHand>& hands);

// `hands`: the stored raked-or-not cash hands no published schedule covers (in any order). Per
// group with enough support, a RAKE_OUTLIER for each raked hand whose rake is not the rule's.
// Hands with rake 0 are not judged and not learned from (the store does not say whether a flop
// was seen).
std::vector<HandFinding> check_rake_outliers(const std::vector<ProfileHand>& hands);

}  // namespace hh
