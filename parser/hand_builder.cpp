#include "parser/hand_builder.hpp"

#include <algorithm>

#include "parser/money.hpp"

namespace hh {

HandBuilder::HandBuilder(const HandText& text, const std::string& file, std::string site,
                         AmountReader read_amount)
    : text_(text), read_amount_(read_amount) {
  h_.site = std::move(site);
  h_.source = {file, text.byte_offset, text.line};
  h_.raw = std::string(text.text);
}

std::optional<Money> HandBuilder::read_plain_amount(std::string_view text, int unit) {
  return parse_amount(text, unit);
}

void HandBuilder::issue(std::uint32_t line, std::string expected, std::string_view got) {
  h_.issues.push_back({line, std::move(expected), std::string(got.substr(0, 160))});
}

std::optional<Money> HandBuilder::money(std::string_view text, std::uint32_t line) {
  auto m = read_amount_(text, h_.unit);
  if (!m) issue(line, "an amount in " + std::string(h_.unit == 1 ? "whole chips" : "cents"), text);
  return m;
}

void HandBuilder::other(std::string_view line, std::uint32_t ln) {
  Event e;
  e.kind = EventKind::Other;
  e.street = street_;
  e.text = std::string(line);
  e.line = ln;
  h_.events.push_back(std::move(e));
}

bool HandBuilder::add_seat(Seat s, std::uint32_t ln) {
  if (h_.seat_of(s.seat)) {
    issue(ln, "one line per seat", "seat " + std::to_string(s.seat) + " listed twice");
    return false;
  }
  h_.seats.push_back(std::move(s));
  // Views into h_.seats: rebuilt whenever the vector may have moved its strings.
  names_by_length_.clear();
  for (const Seat& seat : h_.seats) names_by_length_.emplace_back(seat.player, seat.seat);
  std::stable_sort(names_by_length_.begin(), names_by_length_.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  return true;
}

int HandBuilder::seat_of_player(std::string_view name) const {
  for (const Seat& s : h_.seats)
    if (s.player == name) return s.seat;
  return 0;
}

std::optional<std::pair<int, std::string_view>> HandBuilder::player_then(
    std::string_view line, std::string_view sep) const {
  for (const auto& [name, seat] : names_by_length_) {
    if (line.compare(0, name.size(), name) != 0) continue;
    std::string_view rest = line.substr(name.size());
    if (rest.compare(0, sep.size(), sep) == 0) return std::make_pair(seat, rest.substr(sep.size()));
    if (sep == ": " && rest == ":") return std::make_pair(seat, std::string_view{});
  }
  return std::nullopt;
}

}  // namespace hh
