#include "model/amount_text.hpp"

#include <fmt/format.h>

namespace hh {

std::string format_amount(Money amount, int unit) {
  if (unit <= 1) return fmt::format("{}", amount);
  const char* sign = amount < 0 ? "-" : "";
  Money a = amount < 0 ? -amount : amount;
  int digits = 0;
  for (int u = unit; u > 1; u /= 10) ++digits;
  return fmt::format("{}{}.{:0{}}", sign, a / unit, a % unit, digits);
}

}  // namespace hh
