#include "parser/sealswithclubs/builder.hpp"

#include <array>

#include "parser/sealswithclubs/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::sealswithclubs {

namespace {

constexpr std::array<header::GameName, 3> kGames = {{
    {"Hold'em", games::kHoldem},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
}};

// "NL Hold'em", "PL Omaha", "Limit Hold'em".
constexpr std::array<header::LimitName, 4> kLimits = {{
    {"NL ", Structure::NoLimit},
    {"PL ", Structure::PotLimit},
    {"FL ", Structure::FixedLimit},
    {"Limit ", Structure::FixedLimit},
}};

constexpr std::array<std::pair<std::string_view, Street>, 4> kStreets = {{
    {"Hole Cards", Street::Preflop},
    {"Flop", Street::Flop},
    {"Turn", Street::Turn},
    {"River", Street::River},
}};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : HandBuilder(text, file, "sealswithclubs") {
    // Milli-bitcoins ("Stakes 2/4" on a table named "LHE 6max 1/2": the folder's mBTC), printed
    // with at most two decimals: the hundredth of a mBTC is the minor unit.
    h_.currency = "mBTC";
    h_.unit = 100;
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "Hand #N-M - YYYY-MM-DD HH:MM:SS", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    std::string date(hd.date);
    std::replace(date.begin(), date.end(), '-', '/');
    // No zone is printed: stored as UTC (docs/sites/sealswithclubs.md).
    h_.started_at_utc = to_utc(date, hd.time, "UTC");
    return true;
  }

  void read_game(std::string_view line, std::uint32_t ln) {
    ast::GameLine g;
    if (!parse_all(line, game_line(), g)) {
      issue(ln, "Game: LIMIT GAME (MIN - MAX) - Blinds SB/BB (or Stakes SMALL/BIG)", line);
      return;
    }
    const header::GameFound game = header::first_game_in(g.game, kGames);
    h_.structure = header::structure_of(g.game, kLimits);
    if (!game.name || h_.structure == Structure::Unknown) {
      issue(ln, "a limit and a game (NL Hold'em, PL Omaha, Limit Hold'em)", g.game);
      return;
    }
    h_.game = game.name->game;
    h_.limit_text = std::string(trim(g.game.substr(0, game.pos)));
    auto small = money(g.small, ln), big = money(g.big, ln);
    if (!small || !big) return;
    h_.small_blind = *small;
    h_.big_blind = *big;
    if (h_.structure == Structure::FixedLimit) {  // "Stakes 2/4": the bets (blinds 1 and 2)
      h_.small_bet = *small;
      h_.big_bet = *big;
    }
    game_read_ = true;
  }

  bool street_marker(std::string_view line, std::uint32_t ln) {
    ast::StreetLine sl;
    if (!parse_all(line, street_line(), sl)) return false;
    // "** Pot Show Down **", "** Main Pot Show Down **": the board again.
    if (sl.name.ends_with("Show Down")) {
      street_ = Street::Showdown;
      return true;
    }
    for (const auto& [name, street] : kStreets) {
      if (sl.name != name) continue;
      street_ = street;
      if (!sl.cards.empty()) add_event(EventKind::Board, ln).cards = EventCards::read(sl.cards);
      return true;
    }
    issue(ln, "a street (** Hole Cards **, ** Flop ** [..], ..., ** Pot Show Down **)", sl.name);
    return true;
  }

  void player_line(int seat, std::string_view rest, std::uint32_t ln) {
    if (rest == "has the dealer button") {
      h_.button_seat = seat;
      return;
    }
    if (starts_with(rest, "refunded ")) {  // the part of the bet nobody called
      Event& e = add_event(EventKind::UncalledReturned, ln);
      e.seat = seat;
      e.amount = money(rest.substr(9), ln).value_or(0);
      return;
    }
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln,
            "an action (folds, checks, calls X, bets X, raises to X, posts ..., shows [..], "
            "wins Pot (X), refunded X)",
            rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    if (e.kind == EventKind::Collected) {
      collected_ = true;
      e.street = Street::Showdown;
    }
    bets_.apply(e);
    h_.events.push_back(std::move(e));
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "Game: ")) {
      read_game(line, ln);
      return;
    }
    if (starts_with(line, "Site: ")) return;  // "Site: Seals With Clubs"
    if (starts_with(line, "Table: ")) {
      h_.table_name = std::string(trim(line.substr(7)));
      return;
    }
    if (starts_with(line, "** ") && street_marker(line, ln)) return;
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      ast::SeatLine s;
      if (parse_all(line, seat_line(), s)) {
        Seat seat;
        seat.seat = static_cast<int>(s.seat);
        seat.player = std::string(s.player);
        seat.sitting_out = s.sitting_out;
        if (auto m = money(s.stack, ln)) seat.stack = *m;
        add_seat(std::move(seat), ln);
        return;
      }
    }
    // "Rake (0.30)" after each pot won: the hand's rake is their sum.
    if (starts_with(line, "Rake (") && line.ends_with(")")) {
      if (auto m = money(line.substr(6, line.size() - 7), ln)) h_.rake = h_.rake.value_or(0) + *m;
      h_.totals_line = ln;
      return;
    }
    if (starts_with(line, "Dealt to ") && dealt_hole_cards(line.substr(9), ln)) return;
    if (auto m = player_then(line, " ")) {
      player_line(m->first, m->second, ln);
      return;
    }
    issue(ln, "a line of a Seals With Clubs hand", line);
  }

  void finish() override {
    if (!game_read_) {
      issue(text_.line, "a Game: line", "none");
      return;
    }
    finish_hand("Seat N: NAME (X)", "NAME wins Pot (X)", collected_);
  }

  StreetBets bets_;
  bool game_read_{false};
  bool collected_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  if (!starts_with(line, "Hand #")) return false;
  std::size_t i = 6;
  auto digits = [&] {
    const std::size_t from = i;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
    return i > from;
  };
  if (!digits() || i >= line.size() || line[i] != '-') return false;
  ++i;
  return digits() && line.substr(i).starts_with(" - ");
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::sealswithclubs
