// The game a hand is played at, as a typed value: the family (how cards are dealt), the variant
// (how hands are ranked), the number of private cards and whether the pot is split high/low.
// Formats set it once from what the site prints; the audit switches on it and never on a site's
// spelling. `name()` is the one display name, stored in hands.game.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace hh {

enum class GameFamily : std::uint8_t {
  Unknown,
  CommunityCards,  // hold'em, Omaha, Courchevel: one or more shared boards
  Stud,            // 7 card stud and razz: up- and down-cards, no board
  Draw,            // draw games: private cards only, replaced between rounds
};

enum class GameVariant : std::uint8_t {
  Unknown,
  Holdem,           // two hole cards, any five of seven
  SplitHoldem,      // hold'em with two boards from the flop on, each for half of every pot
  ShortDeckHoldem,  // 6+ hold'em: 36 cards, A-6-7-8-9 straight, a flush beats a full house
  Omaha,            // exactly two hole cards with exactly three of the board (4, 5 or 6 cards)
  Courchevel,       // five-card Omaha whose first flop card is dealt before the betting
  SevenCardStud,
  Razz,          // seven card stud played for the lowest hand, aces low
  FiveCardDraw,  // high hand, one draw
  Lowball27,     // deuce-to-seven lowball (single or triple draw)
  LowballA5,     // ace-to-five lowball (triple draw)
  Badugi,        // four cards, one of each suit, lowest wins
  // Badeucey (KingsClub "Badacey"): five cards, triple draw, pot split between the best badugi
  // and the best 2-7 low. No evaluator yet: showdowns are reported as not evaluated.
  Badeucey,
  // Seven card stud played for the lowest deuce-to-seven hand (KingsClub "2-7 Razz"). No
  // evaluator yet: showdowns are reported as not evaluated.
  Razz27,
  // Five card stud: one down card and one up card, then three more up cards, high hand wins.
  FiveCardStud,
  // 2-7 Drawmaha (KingsClub): five hole cards, a board dealt as in hold'em and one draw after
  // the flop's betting; the pot is split between the best Omaha hand (two hole cards and three of
  // the board) and the best 2-7 low of the five cards drawn to. No evaluator yet: showdowns are
  // reported as not evaluated.
  Drawmaha27,
};

struct Game {
  GameFamily family{GameFamily::Unknown};
  GameVariant variant{GameVariant::Unknown};
  std::uint8_t hole_cards{0};  // private cards dealt to a player (stud: all seven)
  bool hi_lo{false};           // the pot is split between the best high and the best low hand
  std::uint8_t draws{0};       // draw games: how many draws (1 single draw, 3 triple draw)

  bool known() const { return variant != GameVariant::Unknown; }
  bool is_stud() const { return family == GameFamily::Stud; }
  bool is_five_card_stud() const { return variant == GameVariant::FiveCardStud; }
  bool is_draw() const { return family == GameFamily::Draw; }
  // The display name ("Hold'em", "5 Card Omaha Hi/Lo", "2-7 Triple Draw", ...), "" if unknown.
  std::string_view name() const;
  // The family name rake schedules use: "holdem", "omaha", "stud", "draw", or "".
  std::string_view rake_family() const;

  friend bool operator==(const Game&, const Game&) = default;
};

// Every game hhaudit knows, by display name.
namespace games {
inline constexpr Game kHoldem{GameFamily::CommunityCards, GameVariant::Holdem, 2};
inline constexpr Game kSplitHoldem{GameFamily::CommunityCards, GameVariant::SplitHoldem, 2};
inline constexpr Game kShortDeckHoldem{GameFamily::CommunityCards, GameVariant::ShortDeckHoldem, 2};
inline constexpr Game kOmaha{GameFamily::CommunityCards, GameVariant::Omaha, 4};
inline constexpr Game kOmahaHiLo{GameFamily::CommunityCards, GameVariant::Omaha, 4, true};
inline constexpr Game kOmaha5{GameFamily::CommunityCards, GameVariant::Omaha, 5};
inline constexpr Game kOmaha5HiLo{GameFamily::CommunityCards, GameVariant::Omaha, 5, true};
inline constexpr Game kOmaha6{GameFamily::CommunityCards, GameVariant::Omaha, 6};
inline constexpr Game kCourchevel{GameFamily::CommunityCards, GameVariant::Courchevel, 5};
inline constexpr Game kCourchevelHiLo{GameFamily::CommunityCards, GameVariant::Courchevel, 5, true};
inline constexpr Game kSevenCardStud{GameFamily::Stud, GameVariant::SevenCardStud, 7};
inline constexpr Game kSevenCardStudHiLo{GameFamily::Stud, GameVariant::SevenCardStud, 7, true};
inline constexpr Game kRazz{GameFamily::Stud, GameVariant::Razz, 7};
inline constexpr Game kFiveCardDraw{GameFamily::Draw, GameVariant::FiveCardDraw, 5, false, 1};
inline constexpr Game kSingleDraw27{GameFamily::Draw, GameVariant::Lowball27, 5, false, 1};
inline constexpr Game kTripleDraw27{GameFamily::Draw, GameVariant::Lowball27, 5, false, 3};
inline constexpr Game kTripleDrawA5{GameFamily::Draw, GameVariant::LowballA5, 5, false, 3};
inline constexpr Game kBadugi{GameFamily::Draw, GameVariant::Badugi, 4, false, 3};
inline constexpr Game kSingleDrawA5{GameFamily::Draw, GameVariant::LowballA5, 5, false, 1};
inline constexpr Game kBadeucey{GameFamily::Draw, GameVariant::Badeucey, 5, false, 3};
inline constexpr Game kRazz27{GameFamily::Stud, GameVariant::Razz27, 7};
inline constexpr Game kFiveCardStud{GameFamily::Stud, GameVariant::FiveCardStud, 5};
inline constexpr Game kDrawmaha27{GameFamily::CommunityCards, GameVariant::Drawmaha27, 5, false, 1};
}  // namespace games

// The game whose display name this is (the inverse of Game::name()), or nullopt.
std::optional<Game> game_from_name(std::string_view display_name);

}  // namespace hh
