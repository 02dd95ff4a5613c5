// Learned rake schedules: from the hands stored in an audit database, infer per site, currency,
// limit and stakes the rate, rounding and per-players-dealt cap the rake follows, and write them as
// a schedule TOML (docs/rake.md) a user can review and audit against. Exact integer arithmetic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "audit/rake/schedule.hpp"
#include "model/stored_rows.hpp"

namespace hh {

struct ProfileBand {
  int min_players{2};
  int max_players{0};  // 0: no upper bound
  long hands{0};
  std::optional<Money> cap;  // the rake of the hands the model says were capped; nullopt: no hand
                             // reached a cap, so the data shows none
  Money max_rake{0};
};

struct ProfileMisfit {
  std::string site_hand_id;
  Money pot{0};
  Money rake{0};
  Money expected{0};
  int players{0};
  std::int64_t hand_id{0};
};

struct ProfileGroup {
  std::string site, currency, limit_type;
  Money big_blind{0};
  RakeEntry model;               // percent + rounding, or step; caps from the bands
  Rational rate_low, rate_high;  // every rate with this rounding that fits as many hands
  long hands{0};                 // raked hands used
  long fit{0};                   // of which the model explains exactly
  long unraked{0};  // hands with rake 0: not used (the database does not say if a flop was seen)
  std::string first_date, last_date;
  std::vector<ProfileBand> bands;
  std::vector<ProfileMisfit> misfits;
};

// The players band of `players` dealt in: 0 for 2 (heads-up), 1 for 3-4, 2 for 5 or more.
int players_band(int players);

// Fits one group of hands (the caller's grouping: the key fields are taken from its first hand):
// the rate, rounding and per-band caps that explain the most raked hands, and the hands that do
// not fit.
ProfileGroup fit_rake_group(const std::vector<const ProfileHand*>& hands);

// Groups the hands (site, currency, limit, big blind) and fits each group; bands 2, 3-4, 5+.
std::vector<ProfileGroup> infer_rake_profile(const std::vector<ProfileHand>& hands);

// The rule of a learned entry for a person: "5% half-even" or "0.05 per 1.00", then (with_caps)
// its caps, ", cap 3.00" (", no cap reached" when no hand reached one).
std::string learned_rule_text(const RakeEntry& m, bool with_caps = true);

// One schedule file for `site` from its groups; misfits listed as comments at the end.
std::string profile_toml(const std::string& site, const std::vector<ProfileGroup>& groups,
                         const std::string& origin);

}  // namespace hh
