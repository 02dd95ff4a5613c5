// House rake schedules as data: what a site says it takes from a cash-game pot, versioned by date
// and site domain, loaded from one TOML file per site (the top-level `rake/` folder; format in
// docs/rake.md). Everything is exact: percentages are rationals, amounts integer minor units.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"

namespace hh {

// An exact non-negative rational: "4.15" (percent) is kept as 415/10000, never as a double.
struct Rational {
  std::int64_t num{0};
  std::int64_t den{1};
};

// Parses a plain decimal ("5", "4.15", "0.0375") into num/10^k. nullopt on anything else.
std::optional<Rational> parse_decimal(std::string_view text);
// Parses a decimal amount of major units ("0.50") into minor units at `unit` per major unit;
// nullopt when the amount has more decimals than the unit can hold.
std::optional<Money> parse_major_amount(std::string_view text, int unit);

enum class RakeRounding : std::uint8_t {
  HalfEven,  // true percentage, rounded to the minor unit, ties to even (PokerStars, 888)
  Down,      // true percentage, truncated to the minor unit
  Up,        // true percentage, any fraction of a minor unit counts as a whole one
  Step,      // `step_rake` for each whole `step_pot` in the pot ("$0.01 per $0.20")
};
const char* rake_rounding_name(RakeRounding r);

// `x * r` rounded to an integer with the given rounding (Step is not a rounding of x * r and is
// rejected by the loader here).
Money round_rational(Money x, Rational r, RakeRounding mode);

struct RakeCap {
  int min_players{2};
  int max_players{0};  // 0: no upper bound ("5+")
  Money cap{0};
};

struct RakeEntry {
  std::string name;                     // shown in every finding the entry produces
  std::string source;                   // where the numbers come from (URL)
  std::vector<std::string> domains;     // site domains (".com", ".de"); empty: every domain
  std::string from;                     // first day it applies, "YYYY-MM-DD" (UTC); empty: always
  std::string until;                    // first day it no longer applies; empty: still in force
  std::vector<std::string> games;       // families: holdem, omaha, stud, draw; empty: every game
  std::vector<Structure> structures;    // empty: every structure
  std::vector<std::string> currencies;  // ISO codes; empty: every currency
  Money big_blind_min{0};               // stakes range, inclusive, minor units
  Money big_blind_max{0};               // 0: no upper bound
  Rational percent{0, 1};               // "5" = 5 %
  RakeRounding rounding{RakeRounding::HalfEven};
  Money step_pot{0};   // Step: pot increment
  Money step_rake{0};  // Step: rake per increment
  // Applied after the first rounding, then rounded half to even again (PokerStars .de adds 25 %:
  // multiplier 1.25). 1/1 when absent.
  Rational multiplier{1, 1};
  std::vector<RakeCap> caps;  // by players dealt in; no band for the count: no cap
  bool no_flop_no_drop{true};
  Money min_pot{0};  // pots below this are not raked
  // The source gives only the most the site takes (rate and caps), not the exact rounding of
  // each stake: the check then reports rake over the bound, never rake under it.
  bool upper_bound_only{false};
};

struct SiteRakeSchedule {
  std::string site;                     // hands.site ("pokerstars", "888poker", ...)
  std::string file;                     // the TOML file it was read from
  std::vector<std::string> known_fees;  // fee names (hand.fees) the site documents besides rake
  // The site's policy, known without its rate table: a hand that ends before the flop is not
  // raked, whatever the date and stakes (`no_flop_no_drop = true` at the top of the file).
  bool no_flop_no_drop{false};
  std::vector<RakeEntry> entries;
};

struct RakeSchedules {
  std::string domain{".com"};  // which domain's entries apply to the hands audited
  std::vector<SiteRakeSchedule> sites;
  const SiteRakeSchedule* site(std::string_view name) const;
};

// What the hand needs for a lookup.
struct RakeQuery {
  std::string site;
  std::string date;  // "YYYY-MM-DD", empty if unknown
  Game game;
  Structure structure{Structure::Unknown};
  std::string currency;
  Money big_blind{0};
  int players_dealt{0};
};

// The first entry of `site` matching the query (date, domain, game, structure, currency, stakes).
const RakeEntry* find_entry(const SiteRakeSchedule& site, const RakeQuery& q,
                            std::string_view domain);

// The cap of the entry for this many players dealt in, nullopt when no band covers it.
std::optional<Money> cap_for(const RakeEntry& e, int players_dealt);

// What the entry takes from a pot of `pot` minor units with `players_dealt` players (flop seen and
// pot at least min_pot are the caller's business): percentage, rounding, multiplier, cap.
Money schedule_rake(const RakeEntry& e, Money pot, int players_dealt);

// Reads one site's TOML text. Throws std::runtime_error naming `file` and the problem.
SiteRakeSchedule parse_rake_schedule(std::string_view toml_text, const std::string& file);
// Reads every *.toml in `dir` (not recursive), sorted by name. Throws on an unreadable or invalid
// file or a missing folder.
RakeSchedules load_rake_schedules(const std::string& dir);

}  // namespace hh
