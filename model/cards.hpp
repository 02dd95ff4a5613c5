// Cards as values: parsed once from the text a site prints, written back in the interchange
// formats' codes. The audit's evaluators (audit/hand_eval.hpp) and the writers (OHH, PHH) share
// them.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hh {

// A card, or (rank 0) a card dealt face down that the hand never shows: PokerStars' and
// Winamax's "X", PKR's "XX", "??".
struct Card {
  std::uint8_t rank{0};  // 2..14 (ace high); 0: unknown
  std::uint8_t suit{0};  // 0..3
  bool operator==(const Card&) const = default;
  bool known() const { return rank != 0; }
};

// "Ah", "Td", "10h", "2c" (case-insensitive suit; ranks 2-9, T or 10, J, Q, K, A).
std::optional<Card> parse_card(std::string_view text);

// The card as the sites print it: "Ah", "Td", "2c".
std::string card_text(const Card& c);

// "Ah Kd 7c" or "[Ah Kd 7c]" or "Ah, Kd" into cards; nullopt if any card is not one.
std::optional<std::vector<Card>> parse_cards(std::string_view text);

// A hand's or a board's cards without a heap allocation: up to seven (stud) in place.
using CardList = boost::container::small_vector<Card, 7>;
// parse_cards() into `out` (replaced); false if any card is not one.
bool parse_cards(std::string_view text, CardList& out);
inline std::span<const Card> cards_of(const CardList& cards) {
  return {cards.data(), cards.size()};
}

// An event's cards, read once by the reader from what the site printed ("[Ah Kd]", "10h 2c",
// "Ah, Kd", "[X X 8h] [9c]"): each card in order, an unknown card as Card{} (never as text). A
// token that is neither a card nor an unknown card is unread: the reader reports it as a gap
// (parser/text/unread_cards.hpp), and no check judges the event's cards.
class EventCards {
 public:
  EventCards() = default;
  static EventCards read(std::string_view printed);

  // As the site printed them: what the stores keep and the report shows, byte for byte.
  const std::string& printed() const { return printed_; }
  bool empty() const { return printed_.empty(); }  // nothing printed ("[]" is not empty)
  // Every card read, unknown ones included, in the order printed.
  std::span<const Card> cards() const { return {cards_.data(), cards_.size()}; }
  // The cards read that are known (face up or shown), in order.
  CardList known() const;
  // A token is neither a card nor an unknown card; unread() is the first such.
  bool has_unread() const { return unread_count_ != 0; }
  std::string_view unread() const {
    return std::string_view(printed_).substr(unread_at_, unread_size_);
  }
  // The tokens printed: cards, unknown cards and unread tokens.
  std::size_t tokens() const { return cards_.size() + unread_count_; }
  // Every token is a known card: the cards a check may judge and the writers may write.
  bool all_known() const;

 private:
  std::string printed_;
  CardList cards_;
  std::uint32_t unread_at_{0};  // the first unread token, in printed_
  std::uint32_t unread_size_{0};
  std::uint32_t unread_count_{0};
};

}  // namespace hh
