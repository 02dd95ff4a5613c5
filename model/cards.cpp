#include "model/cards.hpp"

#include <array>

namespace hh {

namespace {

// Each byte's rank as a card's rank character (2-9, T, J, Q, K, A in either case), or 0; and its
// suit (c, d, h, s in either case) plus one, or 0: one look-up each instead of comparisons (the
// showdown check reads every hand's cards).
struct CardChars {
  std::array<std::uint8_t, 256> rank{};
  std::array<std::uint8_t, 256> suit{};
  constexpr CardChars() {
    for (int d = 2; d <= 9; ++d) rank['0' + d] = static_cast<std::uint8_t>(d);
    const char* const faces = "TJQKA";
    for (int i = 0; i < 5; ++i) {
      rank[static_cast<unsigned char>(faces[i])] = static_cast<std::uint8_t>(10 + i);
      rank[static_cast<unsigned char>(faces[i] | 0x20)] = static_cast<std::uint8_t>(10 + i);
    }
    const char* const suits = "cdhs";
    for (int i = 0; i < 4; ++i) {
      suit[static_cast<unsigned char>(suits[i])] = static_cast<std::uint8_t>(i + 1);
      suit[static_cast<unsigned char>(suits[i] & ~0x20)] = static_cast<std::uint8_t>(i + 1);
    }
  }
};
constexpr CardChars kCardChars;

}  // namespace

std::optional<Card> parse_card(std::string_view t) {
  std::uint8_t rank = 0;
  if (t.size() == 2)
    rank = kCardChars.rank[static_cast<unsigned char>(t[0])];
  else if (t.size() == 3 && t[0] == '1' && t[1] == '0')
    rank = 10;
  const std::uint8_t suit = t.empty() ? 0 : kCardChars.suit[static_cast<unsigned char>(t.back())];
  if (rank == 0 || suit == 0) return std::nullopt;
  return Card{rank, static_cast<std::uint8_t>(suit - 1)};
}

std::string card_text(const Card& c) {
  static constexpr std::string_view ranks = "??23456789TJQKA";
  static constexpr std::string_view suits = "cdhs";
  return {ranks[c.rank], suits[c.suit]};
}

namespace {

// A card the site dealt face down and never showed: "X", "XX", "Xx", "?", "??".
bool is_unknown_card(std::string_view t) {
  if (t.empty() || t.size() > 2) return false;
  for (char ch : t)
    if (ch != 'X' && ch != 'x' && ch != '?') return false;
  return true;
}

}  // namespace

EventCards EventCards::read(std::string_view printed) {
  EventCards out;
  out.printed_ = std::string(printed);
  const std::string_view text = out.printed_;
  auto sep = [](char ch) { return ch == ' ' || ch == ',' || ch == '[' || ch == ']'; };
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && sep(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !sep(text[j])) ++j;
    const std::string_view token = text.substr(i, j - i);
    i = j;
    if (token.empty()) continue;
    if (auto c = parse_card(token)) {
      out.cards_.push_back(*c);
    } else if (is_unknown_card(token)) {
      out.cards_.push_back(Card{});
    } else {
      if (out.unread_count_++ == 0) {
        out.unread_at_ = static_cast<std::uint32_t>(j - token.size());
        out.unread_size_ = static_cast<std::uint32_t>(token.size());
      }
    }
  }
  return out;
}

CardList EventCards::known() const {
  CardList out;
  for (const Card& c : cards_)
    if (c.known()) out.push_back(c);
  return out;
}

bool EventCards::all_known() const {
  if (unread_count_ != 0) return false;
  for (const Card& c : cards_)
    if (!c.known()) return false;
  return true;
}

bool parse_cards(std::string_view text, CardList& out) {
  const EventCards read = EventCards::read(text);
  if (!read.all_known()) return false;
  out.assign(read.cards().begin(), read.cards().end());
  return true;
}

std::optional<std::vector<Card>> parse_cards(std::string_view text) {
  CardList cards;
  if (!parse_cards(text, cards)) return std::nullopt;
  return std::vector<Card>(cards.begin(), cards.end());
}

}  // namespace hh
