// The rule options that differ between card rooms, in one place. Each site has a profile; the
// command line overrides single options. What each option means, and the rule text behind it, is
// in docs/rules.md ("House rules").
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hh {

// What an all-in raise for less than a full raise does to the betting (rule texts 000 and 001,
// "incomplete bet or raise").
enum class IncompleteRaiseRule : std::uint8_t {
  FullBet,  // only a full raise (or short all-ins adding up to one) reopens the betting
  HalfBet,  // in limit games, an all-in of at least half a bet counts as a full raise
};

// Fixed limit: the small blind, when the small bet is odd or does not halve into the stakes' chips.
enum class LimitSmallBlind : std::uint8_t {
  HalfRoundedDown,  // half the small bet, rounded down to the smallest unit ($0.05/$0.10: $0.02)
  BelowBigBlind,    // any amount under the big blind (rooms with $0.25/$0.50 -> $0.10, $3/$6 -> $1)
};

// Kill games (fixed limit): the kill blind and how much the limits of the kill hand grow.
enum class KillBlind : std::uint8_t {
  Full,  // twice the big blind, limits doubled
  Half,  // one and a half big blinds, limits times 1.5
};

// Where the button goes when a player leaves (rule text 000, "When a player in the blinds leaves
// the game"). Checked between consecutive hands at a table (audit/sessions.cpp).
enum class ButtonRule : std::uint8_t {
  Dead,    // it may stop on the empty seat of a player who left
  Moving,  // it moves to the next player dealt in
  // The big blind moves one player on and the small blind and the button are the seated players
  // with chips just before it, whoever they are: a small blind may be posted twice, the button
  // stay or jump (PKR).
  BehindBlinds,
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
  // Fixed limit: the size of the small blind (default: half the small bet, rounded down).
  LimitSmallBlind limit_small_blind{LimitSmallBlind::HalfRoundedDown};
  // Kill games: a full kill (default) or a half kill (rule text 000, "Kill game").
  KillBlind kill_blind{KillBlind::Full};
  // Short deck (6+ Hold'em): three of a kind beats a straight (GGPoker's rule) or the straight
  // beats three of a kind as in the full deck.
  bool short_deck_trips_beat_straight{true};
  // Hi/lo: the chips a split low half cannot divide equally among its winners go to the high half
  // (true: Bovada) or, one each, to the low winners from the left of the button (false).
  bool hilo_low_remainder_to_high{false};
  // The button and the big blind between hands: the button may stop on an empty seat (dead
  // button) or not; after a player leaves, the big blind may pass a player (the moving buttons
  // of rule text 000: the blind is then written off or owed) or moves exactly one player on (the
  // dead button's big blind).
  ButtonRule button_rule{ButtonRule::Dead};
  bool big_blind_skips_after_leave{true};
};

// One option as it is named in a house-rules file and on the command line.
struct HouseRuleOption {
  std::string_view name;     // "max_bets_per_round"
  std::string_view meaning;  // one line, for --help and the printed profile
  std::variant<bool HouseRules::*, int HouseRules::*, IncompleteRaiseRule HouseRules::*,
               LimitSmallBlind HouseRules::*, KillBlind HouseRules::*, ButtonRule HouseRules::*>
      field;
};
// Every option, in the order they are printed.
std::span<const HouseRuleOption> house_rule_options();

// Sets option `name` from its text form ("true", "4", "half-bet", "below-big-blind"). Throws
// std::invalid_argument naming the options or values that would have been accepted.
void set_house_rule(HouseRules& rules, std::string_view name, std::string_view value);

// The profile of each site, and the one used for a site without its own.
class HouseRulesBook {
 public:
  const HouseRules& for_site(std::string_view site) const;
  HouseRules& default_rules() { return default_; }
  const HouseRules& default_rules() const { return default_; }
  HouseRules& site(const std::string& site);  // the site's profile, created from the default
  const std::map<std::string, HouseRules, std::less<>>& sites() const { return sites_; }

  // Applies "NAME=VALUE" to the default and every site, or "SITE.NAME=VALUE" to one site (the
  // command line's --rule). Throws std::invalid_argument.
  void override_from(std::string_view assignment);

 private:
  HouseRules default_;
  std::map<std::string, HouseRules, std::less<>> sites_;
};

// Reads a house-rules file: a [default] table, then one table per site holding only what
// differs from it. An absent table or option keeps the built-in value. Throws
// std::runtime_error with the file, line and what was wrong.
HouseRulesBook load_house_rules(const std::filesystem::path& file);

// The book as a house-rules file: every option of [default], then for each site the options
// that differ from it. Loading the text gives the same book.
std::string house_rules_toml(const HouseRulesBook& book);

}  // namespace hh
