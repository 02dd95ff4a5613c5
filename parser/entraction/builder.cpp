#include "parser/entraction/builder.hpp"

#include <array>

#include "parser/entraction/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::entraction {

namespace {

constexpr std::array<header::GameName, 5> kGames = {{
    {"5-Card Omaha High", games::kOmaha5},
    {"5-Card Omaha Hi/Lo", games::kOmaha5HiLo},
    {"Omaha High", games::kOmaha},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Texas Hold'em", games::kHoldem},
}};

constexpr std::array<header::LimitName, 4> kLimits = {{
    {"No Limit", Structure::NoLimit, header::Match::Contains},
    {"Pot Limit", Structure::PotLimit, header::Match::Contains},
    {"Fixed Limit", Structure::FixedLimit, header::Match::Contains},
    {"Limit", Structure::FixedLimit, header::Match::Contains},
}};

// "2h - 2s - Ah - As" -> "2h 2s Ah As".
std::string cards_of(std::string_view printed) {
  std::string out;
  for (char c : printed)
    if (c != '-' && !(c == ' ' && (out.empty() || out.back() == ' '))) out += c;
  return std::string(trim(out));
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "entraction") {
    h_.unit = 100;  // every amount is printed with cents, tournament chips too ("1,085.00")
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "Game # N - GAME LIMIT [CUR ]SB/BB - Table \"NAME\"", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.table_name = std::string(hd.table);
    const header::GameFound game = header::first_game_in(hd.game, kGames);
    h_.structure = header::structure_of(hd.game, kLimits);
    // The game, then the limit and nothing else: another word may change the structure.
    const std::string_view limit =
        game.name ? trim(hd.game.substr(game.end())) : std::string_view();
    if (!game.name || h_.structure == Structure::Unknown || game.pos != 0 ||
        (limit != "No Limit" && limit != "Pot Limit" && limit != "Fixed Limit" &&
         limit != "Limit")) {
      issue(ln, "a game and a limit (Omaha High Pot Limit, Texas Hold'em No Limit, ...)", hd.game);
      return false;
    }
    h_.game = game.name->game;
    h_.limit_text = std::string(limit);
    // Cash stakes name their currency ("EUR 0.50/1"); tournament stakes are chips ("25/50").
    h_.currency = std::string(hd.currency);
    h_.tournament = hd.currency.empty();
    auto sb = money(hd.small_blind, ln), bb = money(hd.big_blind, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit) {
      h_.small_bet = *sb;
      h_.big_bet = *bb;
    }
    if (!hd.ante.empty()) h_.ante = money(hd.ante, ln).value_or(0);
    return true;
  }

  // "Dealer:  NAME", "Small Blind:  NAME  (0.50)", "Big Blind:", "Blind out of turn:".
  bool label_line(std::string_view line, std::uint32_t ln) {
    static constexpr std::array<std::pair<std::string_view, EventKind>, 3> kBlinds = {{
        {"Small Blind:", EventKind::PostSmallBlind},
        {"Big Blind:", EventKind::PostBigBlind},
        // A player joining between the blinds posts a live big blind out of turn (hand
        // 2322970601: Player4 posts 1.00, then raises when the action reaches him).
        {"Blind out of turn:", EventKind::PostBigBlind},
    }};
    if (starts_with(line, "Dealer:")) {
      const std::string_view name = trim(line.substr(7));
      h_.button_seat = seat_of_player(name);
      if (h_.button_seat == 0) issue(ln, "a seated player's name", name);
      return true;
    }
    for (const auto& [label, kind] : kBlinds) {
      if (!starts_with(line, label)) continue;
      auto m = player_then(trim(line.substr(label.size())), " ");
      ast::Amount a;
      if (!m || !parse_all(m->second, amount(), a)) {
        issue(ln, std::string(label) + " NAME (X)", line);
        return true;
      }
      Event& e = add_event(kind, ln);
      e.seat = m->first;
      e.amount = money(a.amount, ln).value_or(0);
      bets_.apply(e);
      return true;
    }
    return false;
  }

  // "Flop  6s - Js - 3s", "Turn  6s - Js - 3s - 2c": the whole board each time; the new cards
  // are the Board event.
  bool board_line(std::string_view line, std::uint32_t ln) {
    static constexpr std::array<std::pair<std::string_view, Street>, 3> kStreets = {{
        {"Flop ", Street::Flop},
        {"Turn ", Street::Turn},
        {"River ", Street::River},
    }};
    for (const auto& [name, street] : kStreets) {
      if (!starts_with(line, name)) continue;
      street_ = street;
      const std::string cards = cards_of(line.substr(name.size()));
      std::string_view fresh = cards;
      for (std::size_t i = 0; i < board_cards_ && !fresh.empty(); ++i) {
        const std::size_t sp = fresh.find(' ');
        fresh = sp == std::string_view::npos ? std::string_view() : fresh.substr(sp + 1);
      }
      board_cards_ += static_cast<std::size_t>(std::count(fresh.begin(), fresh.end(), ' ')) + 1;
      add_event(EventKind::Board, ln).cards = EventCards::read(fresh);
      return true;
    }
    return false;
  }

  void player_line(int seat, std::string_view rest, std::uint32_t ln) {
    if (starts_with(rest, "was dealt:")) {
      street_ = Street::Preflop;
      Event& e = add_event(EventKind::DealtHole, ln);
      e.seat = seat;
      e.cards = EventCards::read(cards_of(rest.substr(10)));
      return;
    }
    ast::Amount back;
    if (parse_all(trim(rest), payback(), back)) {
      Event& e = add_event(EventKind::UncalledReturned, ln);
      e.seat = seat;
      e.amount = money(back.amount, ln).value_or(0);
      return;
    }
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln,
            "NAME ACTION (X): Fold, Check, Call, Bet, Raise, All-In, Ante, shows:, wins:", rest);
      return;
    }
    if (street_ == Street::Setup && a.verb != ast::Verb::Ante) street_ = Street::Preflop;
    Event e = action_event(a, seat, rest, ln);
    e.cards = EventCards::read(cards_of(e.cards.printed()));
    if (e.kind == EventKind::Collected || e.kind == EventKind::Shows ||
        e.kind == EventKind::Mucks) {
      street_ = Street::Showdown;
      e.street = street_;
      collected_ |= e.kind == EventKind::Collected;
    }
    if (a.all_in) bets_.classify_chips_added(e);  // "All-In (38.50)": the chips it adds
    bets_.apply(e);
    h_.events.push_back(std::move(e));
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (street_ == Street::Setup) {
      if (starts_with(line, "Players(max ")) {
        h_.max_seats = std::atoi(std::string(line.substr(12)).c_str());
        return;
      }
      ast::SeatLine s;
      if (h_.events.empty() && parse_all(line, seat_line(), s)) {
        Seat seat;
        seat.seat = static_cast<int>(s.seat);
        seat.player = std::string(trim(s.player));
        if (auto m = money(s.stack, ln)) seat.stack = *m;
        add_seat(std::move(seat), ln);
        return;
      }
      if (label_line(line, ln)) return;
    }
    if (starts_with(line, "Rake:")) {
      h_.rake = money(trim(line.substr(5)), ln);
      h_.totals_line = ln;
      return;
    }
    if (starts_with(line, "Game ended ")) {
      ast::Ended end;
      if (!parse_all(line, ended(), end)) {
        issue(ln, "Game ended YYYY-MM-DD HH:MM:SS ZONE", line);
        return;
      }
      std::string date(end.date);
      std::replace(date.begin(), date.end(), '-', '/');
      // The only time printed is the hand's end: stored as its time.
      set_start_time(date, end.time, end.zone, ln);  // "CET", "GMT+01:00" (2012)
      ended_ = true;
      return;
    }
    if (board_line(line, ln)) return;
    if (auto m = player_then(line, " ")) {
      player_line(m->first, m->second, ln);
      return;
    }
    issue(ln, "a line of an Entraction hand", line);
  }

  void finish() override { finish_hand("NAME (X in seat N)", "Game ended", ended_ && collected_); }

  StreetBets bets_;
  std::size_t board_cards_{0};
  bool collected_{false};
  bool ended_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  return starts_with(line, "Game # ") && line.size() > 7 && line[7] >= '0' && line[7] <= '9';
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::entraction
