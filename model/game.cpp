#include "model/game.hpp"

#include <array>

namespace hh {

namespace {

struct NamedGame {
  Game game;
  std::string_view name;
};

// The one table of display names: what hands.game stores and what reports print.
constexpr std::array<NamedGame, 23> kNamedGames = {{
    {games::kHoldem, "Hold'em"},
    {games::kSplitHoldem, "Split Hold'em"},
    {games::kShortDeckHoldem, "6+ Hold'em"},
    {games::kOmaha, "Omaha"},
    {games::kOmahaHiLo, "Omaha Hi/Lo"},
    {games::kOmaha5, "5 Card Omaha"},
    {games::kOmaha5HiLo, "5 Card Omaha Hi/Lo"},
    {games::kOmaha6, "6 Card Omaha"},
    {games::kCourchevel, "Courchevel"},
    {games::kCourchevelHiLo, "Courchevel Hi/Lo"},
    {games::kSevenCardStud, "7 Card Stud"},
    {games::kSevenCardStudHiLo, "7 Card Stud Hi/Lo"},
    {games::kRazz, "Razz"},
    {games::kFiveCardDraw, "5 Card Draw"},
    {games::kSingleDraw27, "2-7 Single Draw"},
    {games::kTripleDraw27, "2-7 Triple Draw"},
    {games::kTripleDrawA5, "A-5 Triple Draw"},
    {games::kBadugi, "Badugi"},
    {games::kSingleDrawA5, "A-5 Single Draw"},
    {games::kBadeucey, "Badeucey"},
    {games::kRazz27, "2-7 Razz"},
    {games::kFiveCardStud, "5 Card Stud"},
    {games::kDrawmaha27, "2-7 Drawmaha"},
}};

}  // namespace

std::string_view Game::name() const {
  for (const NamedGame& g : kNamedGames)
    if (g.game == *this) return g.name;
  return "";
}

std::string_view Game::rake_family() const {
  switch (variant) {
    case GameVariant::Unknown:
      return "";
    case GameVariant::Holdem:
    case GameVariant::SplitHoldem:
    case GameVariant::ShortDeckHoldem:
      return "holdem";
    case GameVariant::Omaha:
    case GameVariant::Courchevel:
      return "omaha";
    case GameVariant::SevenCardStud:
    case GameVariant::Razz:
    case GameVariant::Razz27:
    case GameVariant::FiveCardStud:
      return "stud";
    case GameVariant::FiveCardDraw:
    case GameVariant::Lowball27:
    case GameVariant::LowballA5:
    case GameVariant::Badugi:
    case GameVariant::Badeucey:
    case GameVariant::Drawmaha27:
      return "draw";
  }
  return "";
}

std::optional<Game> game_from_name(std::string_view display_name) {
  for (const NamedGame& g : kNamedGames)
    if (g.name == display_name) return g.game;
  return std::nullopt;
}

}  // namespace hh
