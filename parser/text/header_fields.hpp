// What the text formats' headers have in common: a game name, a limit and a currency, each site
// printing them in its own words. The words are per-site tables of data (in each site's
// builder); the reading is here, once.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "model/game.hpp"
#include "model/hand.hpp"

namespace hh::header {

// A game as a site prints it, the model's Game, and the structure the name implies when no limit
// follows it (GG's "PLO" is pot limit).
struct GameName {
  std::string_view printed;
  Game game;
  Structure implied{Structure::Unknown};
};

// The entry printed exactly as `printed`, or nullptr.
const GameName* game_named(std::string_view printed, std::span<const GameName> names);
// The first entry of the table that `text` starts with, or nullptr (list longer names first).
const GameName* game_at_start(std::string_view text, std::span<const GameName> names);

struct GameFound {
  const GameName* name{nullptr};  // nullptr: no game named in the text
  std::size_t pos{0};             // where its name starts in the text
  std::size_t end() const { return pos + name->printed.size(); }
};
// The name starting first in `text`; at the same start the longest ("5 Card Omaha Hi/Lo" beats
// "5 Card Omaha").
GameFound first_game_in(std::string_view text, std::span<const GameName> names);
// The name ending last in `text` (a tournament name may name another game before the game
// played); at the same end the longest ("6+ Hold'em" beats "Hold'em").
GameFound last_game_in(std::string_view text, std::span<const GameName> names);

// How a limit name is recognised in the text a site prints.
enum class Match { Exact, Prefix, Contains };
struct LimitName {
  std::string_view printed;
  Structure structure;
  Match match{Match::Prefix};
};
// The structure of the first entry that matches `limit`, Structure::Unknown if none does.
Structure structure_of(std::string_view limit, std::span<const LimitName> names);

// A mark in the stakes ("USD", "$", "€") and the ISO 4217 code it means.
struct CurrencyMark {
  std::string_view mark;
  std::string_view code;
};
// The code of the first mark of the table found in `stakes`; "" (chips, play money) if none.
std::string currency_of(std::string_view stakes, std::span<const CurrencyMark> marks);

// The symbols several sites print before or after their amounts.
inline constexpr std::array<CurrencyMark, 3> kCurrencySymbols = {{
    {"$", "USD"},
    {"€", "EUR"},
    {"£", "GBP"},
}};

}  // namespace hh::header
