// The rule options that differ between card rooms, in one place. Each site has a profile; the
// command line overrides single options. What each option means, and the rule text behind it, is
// in docs/rules.md ("House rules").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace hh {

// What an all-in raise for less than a full raise does to the betting (rule texts 000 and 001,
// "incomplete bet or raise").
enum class IncompleteRaiseRule : std::uint8_t {
  FullBet,  // only a full raise (or short all-ins adding up to one) reopens the betting
  HalfBet,  // in limit games, an all-in of at least half a bet counts as a full raise
};

struct HouseRules {
  // Limit games (fixed and spread). Big-bet games always use the full-bet rule (rule text 002).
  IncompleteRaiseRule limit_incomplete_raise{IncompleteRaiseRule::FullBet};
  // Pot limit: a small blind smaller than the big blind counts as a big blind when the pot is
  // measured (rule text 002).
  bool pot_limit_small_blind_as_big{false};
  // Limit games: the most bets in one round, the bet included (a bet and three raises); 0: no cap.
  int max_bets_per_round{4};
  // The cap does not apply when only two players are in the hand at the start of the round.
  bool uncapped_heads_up{true};
};

// The profile of each site, and the one used for a site without its own.
class HouseRulesBook {
 public:
  const HouseRules& for_site(std::string_view site) const;
  HouseRules& default_rules() { return default_; }
  const HouseRules& default_rules() const { return default_; }
  HouseRules& site(const std::string& site);  // the site's profile, created from the default

 private:
  HouseRules default_;
  std::map<std::string, HouseRules, std::less<>> sites_;
};

}  // namespace hh
