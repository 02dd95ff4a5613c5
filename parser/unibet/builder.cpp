#include "parser/unibet/builder.hpp"

#include <array>

#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/unibet/grammar.hpp"

namespace hh::unibet {

namespace {

constexpr std::array<header::GameName, 4> kGames = {{
    {"Hold'Em", games::kHoldem},
    {"Hold'em", games::kHoldem},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
}};

constexpr std::array<header::LimitName, 4> kLimits = {{
    {"No Limit", Structure::NoLimit},
    {"Pot Limit", Structure::PotLimit},
    {"Fixed Limit", Structure::FixedLimit},
    {"Limit", Structure::FixedLimit},
}};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "unibet") {
    // No uncalled-bet line: the winner's "wins X" holds the part of their bet nobody called.
    h_.uncalled_style = UncalledStyle::InCollection;
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "Game #N: Table NAME - SB/BB - GAME - HH:MM:SS YYYY/MM/DD", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.table_name = std::string(hd.table);
    // The currency is printed with the table name ("€1 NL") and every amount, not the stakes.
    h_.currency = header::currency_of(line, header::kCurrencySymbols);
    h_.unit = h_.currency.empty() ? 1 : 100;
    const header::GameFound game = header::first_game_in(hd.game, kGames);
    h_.structure = header::structure_of(hd.game, kLimits);
    if (!game.name || h_.structure == Structure::Unknown) {
      issue(ln, "a limit and a game (No Limit Hold'Em, Pot Limit Omaha, ...)", hd.game);
      return false;
    }
    h_.game = game.name->game;
    h_.limit_text = std::string(hd.game.substr(0, game.pos));
    auto sb = money(hd.small_blind, ln), bb = money(hd.big_blind, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit) {
      h_.small_bet = *bb;
      h_.big_bet = 2 * *bb;
    }
    // No zone is printed: the time is stored as UTC (docs/sites/unibet.md).
    h_.started_at_utc = to_utc(hd.date, hd.time, "UTC");
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    const std::string_view n = sl.name;
    if (n == "Seated players" || n == "Blinds and button" || n == "Hole cards") return;
    if (n == "Summary") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    Street next;
    if (n == "Preflop") {
      next = Street::Preflop;
    } else if (n == "Flop") {
      next = Street::Flop;
    } else if (n == "Turn") {
      next = Street::Turn;
    } else if (n == "River") {
      next = Street::River;
    } else if (n == "Showdown") {
      next = Street::Showdown;
    } else {
      issue(ln, "a section (*** Preflop ***, *** Flop ***, ..., *** Summary ***)", n);
      return;
    }
    street_ = next;
    if (!sl.cards.empty()) add_event(EventKind::Board, ln).cards = EventCards::read(trim(sl.cards));
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    ast::Totals t;
    if (parse_all(line, totals(), t)) {
      // "Total pot" counts the uncalled part the winner took back: not the pot the rules build.
      h_.rake = money(t.rake, ln);
      h_.totals_line = ln;
      return;
    }
    ast::SeatLine s;
    if (parse_all(line, summary_seat(), s)) {
      SummarySeat out;
      out.seat = static_cast<int>(s.seat);
      out.player = std::string(s.player);
      out.line = ln;
      add_won(out, {s.stack}, ln);
      h_.summary.push_back(std::move(out));
      return;
    }
    issue(ln, "a summary line (Total pot X Rake Y, Seat N: NAME: bet X and won Y, ...)", line);
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        Seat s;
        s.seat = static_cast<int>(sl.seat);
        s.player = std::string(sl.player);
        if (auto m = money(sl.stack, ln)) s.stack = *m;
        add_seat(std::move(s), ln);
        return;
      }
    }
    if (starts_with(line, "Dealt in ")) {  // a player dealt in, cards not shown
      other(line, ln);
      return;
    }
    if (starts_with(line, "Dealt to ") && dealt_hole_cards(line.substr(9), ln)) return;
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, action(), a)) {
        if (line.ends_with(" has the button")) {
          h_.button_seat = m->first;
          return;
        }
        Event e = action_event(a, m->first, m->second, ln);
        if (e.kind == EventKind::Collected) {
          street_ = Street::Showdown;
          e.street = street_;
          collected_ = true;
        }
        bets_.apply(e);
        h_.events.push_back(std::move(e));
        return;
      }
    }
    issue(ln, "a line of a Unibet hand", line);
  }

  void finish() override {
    finish_hand("Seat N: PLAYER (STACK)", "*** Summary ***", in_summary_ && collected_);
  }

  StreetBets bets_;
  bool in_summary_{false};
  bool collected_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  if (!starts_with(line, "Game #")) return false;
  std::size_t i = 6;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  return i > 6 && line.substr(i).starts_with(": Table ");
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::unibet
