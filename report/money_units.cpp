#include "report/money_units.hpp"

#include <tuple>

#include "model/amount_text.hpp"

namespace hh::report {

bool MoneyUnit::operator<(const MoneyUnit& o) const {
  // Currencies first (by name), chips last: a manager reads money before chips.
  return std::make_tuple(!currency.has_value(), currency.value_or(""), unit) <
         std::make_tuple(!o.currency.has_value(), o.currency.value_or(""), o.unit);
}

std::string money_unit_label(const MoneyUnit& u) {
  // A currency is usually counted in hundredths, chips whole: only another unit is named.
  const std::string name = u.currency ? *u.currency : "chips";
  const long usual = u.currency ? 100 : 1;
  return u.unit == usual ? name : name + "/" + std::to_string(u.unit);
}

std::string money_text(std::int64_t minor, const MoneyUnit& u) {
  return format_amount(minor, static_cast<int>(u.unit)) + " " +
         (u.currency ? *u.currency : std::string("chips"));
}

}  // namespace hh::report
