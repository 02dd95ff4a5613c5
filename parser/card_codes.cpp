#include "parser/card_codes.hpp"

#include <cctype>

namespace hh {

namespace {

std::optional<std::string> card_code(std::string_view token) {
  if (token.size() < 2 || token.size() > 3) return std::nullopt;
  std::string_view rank = token.substr(0, token.size() - 1);
  const char suit = static_cast<char>(std::tolower(static_cast<unsigned char>(token.back())));
  if (suit != 'c' && suit != 'd' && suit != 'h' && suit != 's') return std::nullopt;
  if (rank == "10") return std::string("T") + suit;
  if (rank.size() != 1) return std::nullopt;
  const char r = static_cast<char>(std::toupper(static_cast<unsigned char>(rank[0])));
  if (std::string_view("23456789TJQKA").find(r) == std::string_view::npos) return std::nullopt;
  return std::string{r, suit};
}

}  // namespace

std::optional<std::vector<std::string>> card_codes(std::string_view printed) {
  std::vector<std::string> out;
  std::size_t i = 0;
  auto separator = [](char c) { return c == ' ' || c == '[' || c == ']' || c == ','; };
  while (i < printed.size()) {
    while (i < printed.size() && separator(printed[i])) ++i;
    std::size_t j = i;
    while (j < printed.size() && !separator(printed[j])) ++j;
    if (j > i) {
      auto code = card_code(printed.substr(i, j - i));
      if (!code) return std::nullopt;
      out.push_back(std::move(*code));
    }
    i = j;
  }
  return out;
}

}  // namespace hh
