#include "parser/betfair/builder.hpp"

#include <array>
#include <set>
#include <string>

#include "parser/betfair/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/street_names.hpp"
#include "parser/text/text_util.hpp"

namespace hh::betfair {

namespace {

// The corpus has one Betfair hand, pot-limit Omaha: only the names seen are read.
constexpr std::array<header::GameName, 1> kGames = {{
    {"Omaha", games::kOmaha},
}};

constexpr std::array<header::LimitName, 3> kLimits = {{
    {"NL", Structure::NoLimit, header::Match::Exact},
    {"PL", Structure::PotLimit, header::Match::Exact},
    {"FL", Structure::FixedLimit, header::Match::Exact},
}};

constexpr std::array<std::pair<std::string_view, Street>, 5> kStreets = {{
    {"Dealing down cards", Street::Preflop},
    {"Dealing Flop", Street::Flop},
    {"Dealing Turn", Street::Turn},
    {"Dealing River", Street::River},
    {"Showdown", Street::Showdown},
}};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "betfair") {
    // No uncalled-bet line and no summary: the part nobody called goes back silently.
    h_.uncalled_style = UncalledStyle::Silent;
    // Hand 100000000: the $6.26 side pot is paid whole and the $5 main pot $4.44, the $0.56
    // rake (5% of $11.26) all from the main pot.
    h_.rake_from_main_pot = true;
  }

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!next_header_line(cur, line, "***** Betfair Poker Hand History for Game N *****"))
      return false;
    x3_actions::Expectation why;
    ast::Banner b;
    if (!parse_all(line, banner(), b, why)) {
      rejected(cur.line_number(), why, "***** Betfair Poker Hand History for Game N *****", line);
      return false;
    }
    h_.site_hand_id = std::string(b.hand_id);
    return next_header_line(cur, line,
                            "LIMIT SMALL/BIG GAME - DAY, MONTH DD, HH:MM:SS ZONE YYYY") &&
           read_game(line, cur.line_number()) &&
           next_header_line(cur, line, "Table NAME (Real Money)") &&
           read_table(line, cur.line_number());
  }

  bool read_game(std::string_view line, std::uint32_t ln) {
    ast::Game g;
    if (!parse_all(line, game_line(), g)) {
      issue(ln, "LIMIT SMALL/BIG GAME - DAY, MONTH DD, HH:MM:SS ZONE YYYY", line);
      return false;
    }
    const header::GameName* game = header::game_named(g.game, kGames);
    h_.structure = header::structure_of(g.limit, kLimits);
    if (!game || h_.structure == Structure::Unknown) {
      issue(ln, "a limit and a game (PL ... Omaha)", line);
      return false;
    }
    h_.game = game->game;
    h_.limit_text = std::string(g.limit);
    h_.currency = header::currency_of(g.small, header::kCurrencySymbols);
    auto small = money(g.small, ln), big = money(g.big, ln);
    if (!small || !big) return false;
    h_.small_blind = *small;
    h_.big_blind = *big;
    const int month = month_number(g.month);
    h_.started_at_utc =
        to_utc(std::string(g.year) + "/" + std::to_string(month) + "/" + std::string(g.day), g.time,
               g.zone);
    if (month == 0 || h_.started_at_utc.empty()) {
      issue(ln, "a date with a known month and zone (October 18, 20:00:00 GMT 2009)", line);
      return false;
    }
    return true;
  }

  bool read_table(std::string_view line, std::uint32_t ln) {
    ast::Table t;
    if (!parse_all(line, table(), t) || t.money_kind != "Real Money") {
      issue(ln, "Table NAME (Real Money)", line);
      return false;
    }
    h_.table_name = std::string(t.name);
    h_.max_seats = static_cast<int>(t.max_seats);
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    if (sl.name == "Hand Conclusion") {
      in_conclusion_ = true;
      street_ = Street::Showdown;
      return;
    }
    const std::optional<Street> next = street_in(sl.name, kStreets);
    if (!next) {
      issue(ln, "a street (** Dealing Flop **, ** Showdown **, ...)", sl.name);
      return;
    }
    street_ = *next;
    if (!sl.cards.empty())
      add_event(EventKind::Board, ln).cards = EventCards::read(cards_from_list(sl.cards));
  }

  // Lines of the table before the first forced bet.
  bool setup_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Seat ") && line.ends_with(" is the button")) {
      const int seat = seat_number(line.substr(5, line.size() - 5 - 14));
      if (seat < 0) return false;
      h_.button_seat = seat;
      return true;
    }
    if (starts_with(line, "Total number of active players : ")) {
      other(line, ln);
      return true;
    }
    ast::SeatLine sl;
    if (starts_with(line, "Seat ") && parse_all(line, seat_line(), sl)) {
      add_seat({.seat = static_cast<int>(sl.seat),
                .player = std::string(sl.player),
                .stack = money(sl.stack, ln).value_or(0)},
               ln);
      return true;
    }
    return false;
  }

  // "Dealt to Hero [ 7c, 6c, 5h, Jh ]"
  bool dealt(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, " ");
    if (!m || !starts_with(m->second, "[") || !m->second.ends_with("]")) return false;
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    e.cards = EventCards::read(cards_from_list(m->second.substr(1, m->second.size() - 2)));
    return true;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (starts_with(line, "************ ") && line.ends_with(" ends  ************")) {
      ended_ = true;
      return;
    }
    if (street_ == Street::Setup && setup_line(line, ln)) return;
    if (starts_with(line, "Dealt to ") && dealt(line.substr(9), ln)) return;
    if (auto m = player_then(line, " ")) {
      // "Hero goes all-in" comes before the action that puts the player's last chips in.
      if (m->second == "goes all-in") {
        all_in_next_.insert(m->first);
        other(line, ln);
        return;
      }
      ast::Action a;
      if (parse_all(m->second, action(), a) && (a.verb == ast::Verb::Collected) == in_conclusion_) {
        Event e = action_event(a, m->first, m->second, ln);
        if (all_in_next_.erase(m->first) > 0) e.all_in = true;
        if (!a.cards.empty())
          e.cards = EventCards::read(cards_from_list(a.cards));  // "[ 7c, 6c, 5h, Jh ]"
        bets_.apply(e);
        h_.events.push_back(std::move(e));
        return;
      }
    }
    issue(ln, "a line of a Betfair hand", line);
  }

  void finish() override {
    // The hand is read once its "Hand Conclusion" paid the pots and its end line came.
    finish_hand("Seat N: PLAYER ( STACK )", "** Hand Conclusion **", in_conclusion_ && ended_);
  }

  StreetBets bets_;
  bool in_conclusion_{false};
  bool ended_{false};
  std::set<int> all_in_next_;  // seats whose next action is marked all-in
};

}  // namespace

bool is_hand_start(std::string_view line) {
  return starts_with(line, "***** Betfair Poker Hand History for Game ");
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::betfair
