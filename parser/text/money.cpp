#include "parser/text/money.hpp"

#include <fmt/format.h>

#include <string>

namespace hh {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

// What may stand beside a number in an amount: a currency sign ("$", a UTF-8 symbol such as
// "€"), white space, and a currency code set apart by a space ("10 USD", "USD 10"). Anything else
// (a letter or digit glued to the number, "$31O") means the token is not an amount. "Rs." is the
// rupee sign of PokerStars.in.
bool is_currency_text(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    if (s.substr(i, 3) == "Rs.") {  // the rupee as PokerStars.in prints it: "Rs. 25"
      i += 3;
      continue;
    }
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '$' ||
        static_cast<unsigned char>(c) >= 0x80) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && is_upper(s[j])) ++j;
    if (j - i != 3) return false;
    i = j;
  }
  return true;
}

}  // namespace

std::optional<Money> parse_amount(std::string_view text, int unit, NumberFormat fmt) {
  // Currency symbols are skipped at either end (they are multi-byte in UTF-8); nothing else is.
  std::size_t b = 0;
  while (b < text.size() && !is_digit(text[b])) {
    if (text[b] == '-') return std::nullopt;  // printed amounts are never negative
    ++b;
  }
  std::size_t e = text.size();
  while (e > b && !is_digit(text[e - 1])) --e;
  if (b == e) return std::nullopt;
  // A code must be apart from the number: "USD10" and "10USD" are no amounts.
  if (!is_currency_text(text.substr(0, b)) || !is_currency_text(text.substr(e)) ||
      (b > 0 && is_upper(text[b - 1])) || (e < text.size() && is_upper(text[e])))
    return std::nullopt;

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
    } else if ((c == fmt.group || c == '\'' || c == ' ') && !in_frac && i > b) {
      // A group holds three digits (two in the Indian lakh grouping, never the last group).
      std::size_t digits = 0;
      while (i + 1 + digits < e && is_digit(text[i + 1 + digits])) ++digits;
      const std::size_t after = i + 1 + digits;
      const bool last_group = after == e || text[after] == fmt.decimal;
      if (digits != 3 && (last_group || digits != 2)) return std::nullopt;
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

}  // namespace hh
