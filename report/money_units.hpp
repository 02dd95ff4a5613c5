// Money as the unit it is counted in: a currency in minor units shown in major units with its
// name ("12.50 USD"), chips as chips ("600 chips"). Amounts of two (currency, unit) pairs are
// never added, compared or sorted together (docs/report.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace hh::report {

// Where an amount is counted: the hand's currency (none for chips) and its minor units per major
// unit. Ordered: currencies by name, then chips.
struct MoneyUnit {
  std::optional<std::string> currency;
  long unit{1};
  bool operator<(const MoneyUnit& o) const;
  bool operator==(const MoneyUnit& o) const = default;
};

// A name that keeps apart what is counted apart: "USD" (a currency in hundredths), "chips" (chips
// counted whole); any other unit is named: "chips/100" (chips in hundredths), "USD/1" (whole
// dollars, as a PHH file may count them).
std::string money_unit_label(const MoneyUnit& u);

// `minor` minor units as they read: "12.50 USD", "600 chips", "1.35 chips".
std::string money_text(std::int64_t minor, const MoneyUnit& u);

}  // namespace hh::report
