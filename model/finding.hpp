// A finding: one discrepancy between what the rules say and what the site printed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/hand.hpp"

namespace hh {

enum class Severity : std::uint8_t { Info = 0, Warning = 1, Error = 2 };
const char* severity_name(Severity s);
std::optional<Severity> severity_from_name(std::string_view name);

struct Finding {
  std::string code;  // stable code, documented in docs/discrepancies.md
  Severity severity{Severity::Error};
  std::optional<Street> street;
  int seat{0};  // 0 when not about one seat
  std::string player;
  std::optional<Money> expected;
  std::optional<Money> actual;
  std::string message;
  std::uint32_t line{0};  // line in the file the finding points at, 0 if none
};

// What the audit derived from a hand: per-player money and the pots the rules build.
struct PlayerResult {
  int seat{0};
  std::string player;
  Money start_stack{0};
  Money contributed{0};  // chips put in the pot, net of uncalled bets returned
  Money collected{0};    // chips collected from pots (and cash-out amounts)
  Money net() const { return collected - contributed; }
};

struct BuiltPot {
  int index{0};     // 0 main, k side pot k
  Money amount{0};  // gross, before rake
  Money rake{0};    // rake and fees (jackpot, ...) attributed to this pot: the site's own split
                    // where it prints one, else in proportion
  std::vector<int> eligible;  // seats
  std::vector<int> winners;   // seats that collected from it
  std::optional<Money> reported_amount;
};

struct AuditResult {
  std::vector<Finding> findings;
  std::vector<PlayerResult> players;
  std::vector<BuiltPot> pots;
  Money total_contributed{0};
  Money total_collected{0};
  // Values the site did not print, derived by the audit (stored with a "derived" flag).
  std::optional<Money> derived_total_pot;
  std::optional<Money> derived_rake;
  Severity worst() const;
  bool has(std::string_view code) const;
};

}  // namespace hh
