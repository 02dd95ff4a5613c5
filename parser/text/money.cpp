#include "parser/text/money.hpp"

#include <fmt/format.h>

#include <string>

namespace hh {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

std::optional<Money> parse_amount(std::string_view text, int unit, NumberFormat fmt) {
  // Skip anything that is not a digit at either end: currency symbols are multi-byte in UTF-8.
  std::size_t b = 0;
  while (b < text.size() && !is_digit(text[b])) {
    if (text[b] == '-') return std::nullopt;  // printed amounts are never negative
    ++b;
  }
  std::size_t e = text.size();
  while (e > b && !is_digit(text[e - 1])) --e;
  if (b == e) return std::nullopt;

  Money whole = 0;
  Money frac = 0;
  int frac_digits = 0;
  bool in_frac = false;
  constexpr Money kMax =
      Money{1} << 55;  // far beyond any real pot, far below overflow after scaling
  for (std::size_t i = b; i < e; ++i) {
    char c = text[i];
    if (is_digit(c)) {
      if (in_frac) {
        frac = frac * 10 + (c - '0');
        if (++frac_digits > 9) return std::nullopt;
      } else {
        whole = whole * 10 + (c - '0');
        if (whole > kMax) return std::nullopt;
      }
    } else if (c == fmt.decimal && !in_frac) {
      in_frac = true;
    } else if ((c == fmt.group || c == '\'' || c == ' ') && !in_frac && i + 1 < e &&
               is_digit(text[i + 1])) {
      continue;
    } else {
      return std::nullopt;
    }
  }
  // Scale the fraction to the unit; reject digits the unit cannot hold unless they are zeros.
  int unit_digits = 0;
  for (int u = unit; u > 1; u /= 10) ++unit_digits;
  while (frac_digits > unit_digits) {
    if (frac % 10 != 0) return std::nullopt;
    frac /= 10;
    --frac_digits;
  }
  while (frac_digits < unit_digits) {
    frac *= 10;
    ++frac_digits;
  }
  return whole * unit + frac;
}

std::optional<Money> parse_amount_either_decimal(std::string_view text, int unit) {
  std::size_t last = text.size();
  while (last > 0 && !is_digit(text[last - 1])) --last;
  if (last == 0) return std::nullopt;
  // Digits after the last separator, up to the last digit.
  std::size_t sep = text.find_last_of(".,", last - 1);
  NumberFormat fmt;
  if (sep != std::string_view::npos && last - sep - 1 >= 1 && last - sep - 1 <= 2) {
    fmt.decimal = text[sep];
    fmt.group = text[sep] == '.' ? ',' : '.';
  } else if (sep != std::string_view::npos) {
    fmt.group = text[sep];
    fmt.decimal = text[sep] == '.' ? ',' : '.';
  }
  return parse_amount(text, unit, fmt);
}

std::string format_amount(Money amount, int unit) {
  if (unit <= 1) return fmt::format("{}", amount);
  const char* sign = amount < 0 ? "-" : "";
  Money a = amount < 0 ? -amount : amount;
  int digits = 0;
  for (int u = unit; u > 1; u /= 10) ++digits;
  return fmt::format("{}{}.{:0{}}", sign, a / unit, a % unit, digits);
}

}  // namespace hh
