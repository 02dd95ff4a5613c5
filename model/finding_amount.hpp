// The amounts a finding compares (expected, actual), with their unit: money in the hand's minor
// units, a count of things (pots, places) or a seat number. A bare signed number given for one
// is money; a count or a seat is made by name (FindingAmount::count, FindingAmount::seat), so
// neither is summed, compared or printed as money by mistake: there is no conversion back to a
// number, money() refuses a count, and money is never equal to a count of the same value. The
// value is an exact integer whatever the unit; a store keeps it in the same columns (stored()).
#pragma once

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "model/hand.hpp"

namespace hh {

enum class AmountUnit : std::uint8_t { Money, Count, Seat };

// "money", "count", "seat".
std::string_view amount_unit_name(AmountUnit u);

class FindingAmount {
 public:
  // Money, in minor units of the hand's unit. Implicit: most findings compare money. Unsigned
  // numbers (sizes) and bools are refused: a size is a count, said with count().
  template <std::signed_integral T>
  requires(!std::same_as<T, bool>) constexpr FindingAmount(
      T minor)  // NOLINT(google-explicit-constructor)
      : value_(minor) {}
  template <std::unsigned_integral T>
  FindingAmount(T) = delete;

  static constexpr FindingAmount count(std::int64_t n) { return {n, AmountUnit::Count}; }
  static constexpr FindingAmount seat(int n) { return {n, AmountUnit::Seat}; }

  constexpr AmountUnit unit() const { return unit_; }
  constexpr bool is_money() const { return unit_ == AmountUnit::Money; }
  // The amount of money; a count or a seat is not one (std::logic_error).
  Money money() const;
  // The number as a store's expected/actual column holds it, whatever the unit.
  constexpr std::int64_t stored() const { return value_; }

  // Equal in value and unit: money is never equal to a count.
  friend constexpr bool operator==(const FindingAmount&, const FindingAmount&) = default;

 private:
  constexpr FindingAmount(std::int64_t n, AmountUnit u) : value_(n), unit_(u) {}
  std::int64_t value_;
  AmountUnit unit_{AmountUnit::Money};
};

// "550", "3 (count)" or "4 (seat)" (what a failed test shows).
std::string to_string(const FindingAmount& a);
std::ostream& operator<<(std::ostream& os, const FindingAmount& a);

// The column's value: the number, whatever its unit; NULL (std::nullopt) when there is none.
inline std::optional<std::int64_t> stored(const std::optional<FindingAmount>& a) {
  if (!a) return std::nullopt;
  return a->stored();
}

// The unit as a store's amount_unit column holds it: NULL (std::nullopt) for money, else
// amount_unit_name (docs/schema.md).
inline std::optional<std::string_view> stored_unit(AmountUnit u) {
  if (u == AmountUnit::Money) return std::nullopt;
  return amount_unit_name(u);
}

}  // namespace hh
