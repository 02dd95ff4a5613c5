#include "parser/everleaf/builder.hpp"

#include <array>

#include "parser/everleaf/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::everleaf {

namespace {

constexpr std::array<header::GameName, 4> kGames = {{
    {"Hold'em", games::kHoldem},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"7 Card Stud", games::kSevenCardStud},
}};

// A game with neither is fixed limit ("$0.50/$1 Omaha Hi/Lo", "300/600 Hold'em", stud).
constexpr std::array<header::LimitName, 2> kLimits = {{
    {"NL ", Structure::NoLimit},
    {"PL ", Structure::PotLimit},
}};

constexpr std::array<header::CurrencyMark, 4> kCurrencies = {{
    {"$", "USD"},
    {"€", "EUR"},
    {"ˆ", "EUR"},  // the euro sign as the cp1252 caret (grammar_def.hpp)
    {"£", "GBP"},
}};

// "[ Qd, 7c ]" or " Qd, 7c " -> "Qd 7c".
std::string cards_of(std::string_view printed) {
  std::string out;
  for (char c : printed) {
    if (c == '[' || c == ']' || c == ',') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool equals_lower(std::string_view printed, std::string_view lower) {
  if (printed.size() != lower.size()) return false;
  for (std::size_t i = 0; i < lower.size(); ++i) {
    char c = printed[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

// "NAME: TEXT" is chat, free text, unless TEXT reads as a post or a bet that did not parse: it
// starts with one of their verbs, or ends with an amount in brackets ("zzyzx small blind [$ 0.25
// USD]", "posts big blind [$ O.50 USD]"). Such a line is not read.
bool looks_like_play(std::string_view text) {
  if (starts_with(text, "posts ") || starts_with(text, "bets ")) return true;
  if (!text.ends_with("]")) return false;
  const std::size_t open = text.rfind('[');
  if (open == std::string_view::npos) return false;
  for (char c : text.substr(open)) {
    if (c >= '0' && c <= '9') return true;
  }
  return false;
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "everleaf") {
    // No uncalled-bet line ever: the bet nobody called goes back to the stack without a word,
    // the winner's "wins X" being the pot alone (hand 355196915: a 3 bet folded to, "wins 2.82"
    // of the 3.00 pot).
    h_.uncalled_style = UncalledStyle::ToStack;
  }

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!cur.next(line)) return false;  // the banner, checked by is_hand_start
    ast::GameLine g;
    x3_actions::Expectation why;
    if (!cur.next(line) || !parse_all(trim(line), game_line(), g, why)) {
      rejected(cur.line_number(), why, "***** Hand history for game #N *****", line);
      return false;
    }
    h_.site_hand_id = std::string(g.hand_id);
    if (!cur.next(line)) return false;
    line = trim(line);
    ast::TournamentLine t;
    if (parse_all(line, tournament_line(), t)) {
      h_.tournament = true;
      h_.tournament_id = std::string(t.id);
      if (!cur.next(line)) return false;
      line = trim(line);
    }
    return read_stakes(line, cur.line_number());
  }

  bool read_stakes(std::string_view line, std::uint32_t ln) {
    ast::Stakes s;
    x3_actions::Expectation why;
    if (!parse_all(line, stakes_line(), s, why)) {
      rejected(ln, why, "[Blinds ]SB/BB GAME[ - N Max] - YYYY/MM/DD - HH:MM:SS", line);
      return false;
    }
    const header::GameFound game = header::first_game_in(s.game, kGames);
    if (!game.name) {
      issue(ln, "a game (NL Hold'em, PL Omaha Hi/Lo, 7 Card Stud, ...)", s.game);
      return false;
    }
    // Before the game only "NL " or "PL " (fixed limit printing none), after it nothing: any
    // other word may change the betting structure, and is not read.
    const std::string_view limit = trim(s.game.substr(0, game.pos));
    if ((limit != "" && limit != "NL" && limit != "PL") ||
        !trim(s.game.substr(game.end())).empty()) {
      issue(ln, "the game ([NL |PL ]Hold'em, Omaha, Omaha Hi/Lo, 7 Card Stud)", s.game);
      return false;
    }
    h_.game = game.name->game;
    h_.limit_text = std::string(limit);
    h_.structure = header::structure_of(s.game, kLimits);
    if (h_.structure == Structure::Unknown) h_.structure = Structure::FixedLimit;
    // Chips (tournaments: Everleaf prints no play-money tables) have no currency sign.
    h_.currency = header::currency_of(s.stakes, kCurrencies);
    if (h_.currency.empty()) h_.tournament = true;
    h_.unit = h_.currency.empty() ? 1 : 100;
    auto sb = money(s.small, ln), bb = money(s.big, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit) {
      // The two numbers are the bet sizes: "$0.50/$1 Omaha Hi/Lo" posts blinds of 0.25 and 0.50.
      h_.small_bet = *sb;
      h_.big_bet = *bb;
    }
    h_.max_seats = static_cast<int>(s.max_seats);
    // No zone is printed: the time is stored as UTC (docs/sites/everleaf.md).
    h_.started_at_utc = to_utc(s.date, s.time, "UTC");
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    const std::string_view n = sl.name;
    Street next;
    if (equals_lower(n, "dealing down cards")) {
      next = Street::Preflop;
    } else if (equals_lower(n, "dealing flop") || equals_lower(n, "dealing 4th street")) {
      next = Street::Flop;
    } else if (equals_lower(n, "dealing turn") || equals_lower(n, "dealing 5th street")) {
      next = Street::Turn;
    } else if (equals_lower(n, "dealing 6th street")) {
      next = Street::River;
    } else if (equals_lower(n, "dealing river")) {
      // In stud "river" is the seventh card.
      next = h_.game.is_stud() ? Street::Seventh : Street::River;
    } else {
      issue(ln, "a street (** Dealing down cards **, ** Dealing Flop ** [...], ...)", n);
      return;
    }
    street_ = next;
    if (!sl.cards.empty())
      add_event(EventKind::Board, ln).cards = EventCards::read(cards_of(sl.cards));
  }

  // "Dealt to NAME [ Qd, 7c ]", in stud with a full stop after it.
  bool dealt(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, " ");
    if (!m) return false;
    std::string_view cards = m->second;
    if (cards.ends_with(".")) cards.remove_suffix(1);
    if (!cards.starts_with("[") || !cards.ends_with("]")) return false;
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    e.cards = EventCards::read(cards_of(cards));
    return true;
  }

  void read_seat(std::string_view line, std::uint32_t ln) {
    ast::SeatLine sl;
    if (!parse_all(line, seat_line(), sl)) {
      issue(ln, "Seat N: NAME ( STACK )", line);
      return;
    }
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (!sl.word.empty() || sl.stack.empty()) {
      // "( All-in )", "( new player )": no chips in front of the player, who is dealt out. Any
      // other text there (a stack that does not read, "( $ 5O USD )") is not read.
      const std::string_view word = trim(sl.word);
      if (!equals_lower(word, "all-in") && !equals_lower(word, "new player")) {
        issue(ln, "Seat N: NAME ( STACK ), ( All-in ) or ( new player )", line);
        return;
      }
      s.sitting_out = true;
    } else if (auto m = money(sl.stack, ln)) {
      s.stack = *m;
    } else {
      return;
    }
    add_seat(std::move(s), ln);
  }

  void apply(Event e) {
    if (e.kind == EventKind::Collected) {
      street_ = Street::Showdown;
      e.street = street_;
      collected_ = true;
    }
    if (e.kind == EventKind::Shows) e.cards = EventCards::read(cards_of(e.cards.printed()));
    bets_.apply(e);
    h_.events.push_back(std::move(e));
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    const bool description_open = description_open_;
    description_open_ = false;
    if (starts_with(line, "*")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (street_ == Street::Setup) {
      if (starts_with(line, "Seat ") && line.ends_with(" is the button")) {
        h_.button_seat = std::atoi(line.data() + 5);
        return;
      }
      if (starts_with(line, "Seat ")) {
        read_seat(line, ln);
        return;
      }
      if (starts_with(line, "Table ") && h_.table_name.empty()) {
        h_.table_name = std::string(line.substr(6));
        return;
      }
      if (starts_with(line, "Total number of players: ")) return;
    }
    if (starts_with(line, "Dealt to ") && dealt(line.substr(9), ln)) return;
    if (auto m = player_then(line, ": ")) {
      ast::Action a;
      if (parse_all(m->second, colon_action(), a) &&
          (a.verb != ast::Verb::Chat || !looks_like_play(a.text))) {
        apply(action_event(a, m->first, m->second, ln));
        return;
      }
    }
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, action(), a)) {
        apply(action_event(a, m->first, m->second, ln));
        // "wins $ 0.13 USD from main pot with two pairs, jacks and" goes on on the next line.
        description_open_ = a.verb == ast::Verb::Collected && !line.ends_with("]");
        return;
      }
    }
    if (description_open && line.ends_with("]")) {
      other(line, ln);
      return;
    }
    issue(ln, "a line of an Everleaf hand", line);
  }

  void finish() override {
    finish_hand("Seat N: NAME ( STACK )", "\"NAME wins X from main pot\"", collected_);
  }

  StreetBets bets_;
  bool collected_{false};
  bool description_open_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  std::size_t game = line.find("Game #");
  if (game == std::string_view::npos) return line == "Partouche Poker Gibraltar";
  std::string_view before = line.substr(0, game);
  std::size_t i = game + 6;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  if (i == game + 6 || i != line.size()) return false;
  return before == "Everleaf Gaming " || (starts_with(before, "Everleaf Gaming - ") ||
                                          (starts_with(before, "- - ") && before.ends_with(" - ")));
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::everleaf
