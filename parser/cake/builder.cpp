#include "parser/cake/builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "parser/cake/grammar.hpp"
#include "parser/sniff.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/tournament_results.hpp"

namespace hh::cake {

namespace {

constexpr std::array<header::GameName, 3> kGames = {{
    {"OmahaHiLo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Hold'em", games::kHoldem},
}};

constexpr std::array<header::LimitName, 3> kLimits = {{
    {"NL", Structure::NoLimit, header::Match::Exact},
    {"PL", Structure::PotLimit, header::Match::Exact},
    {"FL", Structure::FixedLimit, header::Match::Exact},
}};

// Lines naming no seated player: the tournament client's note of someone leaving (not named), and
// the split-pot games' "There is no low hand".
constexpr std::array<std::string_view, 2> kNeutralLines = {"Player left the table",
                                                           "There is no low hand"};

// The number before "-max" / "-Max" in a cash table's name ("Innsbruck (6-max) 11673",
// "Paris (6-max, shallow) 15946"), or after which " Max" follows in a tournament field ("10 Max");
// 0 when none is printed.
int max_seats_in(std::string_view text) {
  std::size_t at = text.find("-max");
  if (at == std::string_view::npos) at = text.find("-Max");
  if (at == std::string_view::npos) at = text.find(" Max");
  if (at == std::string_view::npos) return 0;
  std::size_t from = at;
  while (from > 0 && text[from - 1] >= '0' && text[from - 1] <= '9') --from;
  int n = 0;
  std::from_chars(text.data() + from, text.data() + at, n);
  return n;
}

// Cards as the other sites print them, "7h 8h": Cake separates them with commas, in the body
// with no space ("[Jd,7d,Ts]"), in the muck after the show-down with spaces ("[ Td, Ac ]").
std::string spaced_cards(std::string_view printed) {
  std::string out;
  std::size_t i = 0;
  while (i < printed.size()) {
    while (i < printed.size() && (printed[i] == ' ' || printed[i] == ',')) ++i;
    std::size_t j = i;
    while (j < printed.size() && printed[j] != ' ' && printed[j] != ',') ++j;
    if (j > i) out.append(out.empty() ? "" : " ").append(printed.substr(i, j - i));
    i = j;
  }
  return out;
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      // Amounts with a decimal comma or point, thousands grouped by ',', '.' or ' ': the decimals
      // are the one or two digits after the last separator ("$250,50", "2,820", "1 500").
      : HandBuilder(text, file, "cake", &parse_amount_either_decimal) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view raw_line, std::uint32_t ln) override {
    const std::string_view line = sniff::clean(raw_line);
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why) || hd.fields.size() < 3) {
      rejected(ln, why, "Hand#N - TABLE -- STAKES GAME -- DATE - TIME", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    const std::size_t n = hd.fields.size();
    ast::When when;
    if (!parse_all(hd.fields[n - 1], when_field(), when)) {
      issue(ln, "DATE - TIME (2012/06/20 - 23:10:52)", hd.fields[n - 1]);
      return false;
    }
    std::string date(when.date);
    std::replace(date.begin(), date.end(), '.', '/');
    std::replace(date.begin(), date.end(), '-', '/');
    // fpdb reads Cake's times as US Eastern (its .hands file for hand 2589013774000163).
    h_.started_at_utc = to_utc(date, when.time, "ET");
    ast::Game g;
    if (!parse_all(hd.fields[n - 2], game_field(), g)) {
      issue(ln, "STAKES LIMIT GAME ($5/$10 FL Hold'em)", hd.fields[n - 2]);
      return false;
    }
    const header::GameName* game = header::game_named(g.game, kGames);
    h_.structure = header::structure_of(g.limit, kLimits);
    if (!game || h_.structure == Structure::Unknown) {
      issue(ln, "a limit (NL, PL, FL) and a game (Hold'em, Omaha, OmahaHiLo)", hd.fields[n - 2]);
      return false;
    }
    h_.game = game->game;
    h_.limit_text = std::string(g.limit);
    // A tournament names its table in a field of its own ("Table 5") and its number after a "T"
    // at the end of the first field ("$5 Bounty T11244010").
    for (std::size_t i = 1; i + 2 < n; ++i) {
      if (starts_with(hd.fields[i], "Table ")) {
        h_.tournament = true;
        h_.table_name = std::string(hd.fields[i]);
      }
      if (int m = max_seats_in(hd.fields[i])) h_.max_seats = m;
      if (!known_tournament_field(hd.fields[i]))
        issue(ln, "a tournament field (Table N, N Max, CASH, TICKET, TICKETCASH, FREEROLL, X + Y)",
              hd.fields[i]);
    }
    const std::string_view first = hd.fields[0];
    if (h_.tournament) {
      const std::size_t t = first.rfind(" T");
      if (t != std::string_view::npos) h_.tournament_id = std::string(first.substr(t + 2));
    } else {
      // "New Castle (Turbo 6-max) 13774", "Play Money 21 14254": the name before the brackets,
      // or before the table number.
      std::size_t end = first.find(" (");
      if (end == std::string_view::npos) end = first.rfind(' ');
      h_.table_name = std::string(first.substr(0, end));
      h_.max_seats = max_seats_in(first);
    }
    return read_stakes(g.stakes, ln);
  }

  // The fields between a tournament's name and its game: its table, its seats, how the entry
  // was paid and the buy-in ("$5,25 + $0,25"). Another field (a word where "Table" stood) could
  // be one that makes the hand a tournament's: it is not read.
  static bool known_tournament_field(std::string_view f) {
    auto number = [](std::string_view t) {
      return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if (starts_with(f, "Table ")) return number(f.substr(6));
    if (f.ends_with(" Max")) return number(f.substr(0, f.size() - 4));
    if (f == "CASH" || f == "TICKET" || f == "TICKETCASH" || f == "FREEROLL") return true;
    return f.find(" + ") != std::string_view::npos;
  }

  // "$5/$10", "$0,05/$0,10", "1/2" (play money), "0/10/20" (tournament: ante/small/big), and
  // "-1/50/100": some exports print -1 for a level without ante.
  bool read_stakes(std::string_view stakes, std::uint32_t ln) {
    std::vector<std::string_view> parts;
    for (std::size_t from = 0;;) {
      const std::size_t slash = stakes.find('/', from);
      parts.push_back(stakes.substr(from, slash - from));
      if (slash == std::string_view::npos) break;
      from = slash + 1;
    }
    if (parts.size() != 2 && parts.size() != 3) {
      issue(ln, "stakes as SMALL/BIG or ANTE/SMALL/BIG", stakes);
      return false;
    }
    h_.currency = header::currency_of(stakes, header::kCurrencySymbols);
    h_.unit = h_.tournament || h_.currency.empty() ? 1 : 100;
    std::optional<Money> ante =
        parts.size() == 3 && parts[0] != "-1" ? money(parts[0], ln) : Money{0};
    auto sb = money(parts[parts.size() - 2], ln), bb = money(parts.back(), ln);
    if (!ante || !sb || !bb) return false;
    h_.ante = *ante;
    set_stakes(*sb, *bb);
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    const std::string_view n = sl.name;
    Street next;
    if (n == "FLOP") {
      next = Street::Flop;
    } else if (n == "TURN") {
      next = Street::Turn;
    } else if (n == "RIVER") {
      next = Street::River;
    } else if (n == "SHOW DOWN") {
      next = Street::Showdown;
    } else {
      issue(ln, "a street (*** FLOP ***, *** TURN ***, *** RIVER ***, ***SHOW DOWN***)", n);
      return;
    }
    enter(next);
    if (!sl.cards.empty()) add_event(EventKind::Board, ln).cards = EventCards::read(trim(sl.cards));
  }

  void enter(Street next) {
    if (next != street_) street_max_ = 0;
    street_ = next;
  }

  // A table shown in euros and played in dollars: every amount is in dollars, followed by its
  // euro conversion; the header's stakes are the conversion. The dollar stake is the posted
  // blind whose printed conversion is the header's stake.
  void stake_in_dollars(const ast::Action& a, Money posted, std::uint32_t ln) {
    if (!euro_header_ || a.text.empty()) return;
    const std::optional<Money> euros = money(a.text, ln);
    if (!euros) return;
    if (a.verb == ast::Verb::SmallBlind && *euros == euro_small_blind_) h_.small_blind = posted;
    if (a.verb == ast::Verb::BigBlind && *euros == euro_big_blind_) h_.big_blind = posted;
  }

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
    if (!sl.converted.empty() && h_.currency == "EUR") {
      // The stacks are dollars: the hand is played in dollars. The header's euro stakes stay
      // until a blind posted at its dollar stake is read (stake_in_dollars).
      euro_header_ = true;
      euro_small_blind_ = h_.small_blind;
      euro_big_blind_ = h_.big_blind;
      h_.currency = "USD";
    }
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    if (sl.dealer) h_.button_seat = s.seat;
    add_seat(std::move(s), ln);
  }

  // "posts dead blind $-0,10 and big blind $0,10": the live big blind, and the dead part. Cake
  // prints the dead part negative where the player owed none: the winner's collection is the pot
  // without it (hand 2862015946001029), so a negative dead part puts nothing in.
  void dead_and_big_blind(const ast::Action& a, int seat, std::uint32_t ln) {
    std::string dead_text(a.amount);
    const bool negative = std::erase(dead_text, '-') > 0;
    const Money dead = negative ? 0 : money(dead_text, ln).value_or(0);
    if (dead > 0) {
      Event& d = add_event(EventKind::PostDead, ln);
      d.seat = seat;
      d.amount = dead;
    }
    Event& e = add_event(EventKind::PostBigBlind, ln);
    e.seat = seat;
    e.amount = money(a.amount2, ln).value_or(0);
    bets_.apply(e);
    street_max_ = std::max(street_max_, e.to);
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    x3_actions::Expectation why;
    // The 2010 client wrote the collection with a colon too: "NAME: wins $76 with Flush".
    if (starts_with(rest, " wins ")) {
      note_line(seat, rest.substr(1), ln);
      return;
    }
    if (!parse_all(rest, action(), a, why)) {
      rejected(ln, why,
               "an action (folds, checks, calls X, bets X, raises to X, is all in X, posts ...)",
               rest);
      return;
    }
    if (a.verb == ast::Verb::BothBlinds) {
      dead_and_big_blind(a, seat, ln);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    if (a.verb == ast::Verb::RaiseBy) {
      // "is all in X" adds X: a bet when nobody bet, a call when it does not top the bet, else a
      // raise.
      const Money total = bets_.committed(e) + e.amount;
      if (street_max_ == 0 && street_ != Street::Preflop && street_ != Street::Setup)
        e.kind = EventKind::Bet;
      else if (total <= street_max_)
        e.kind = EventKind::Call;
    }
    if (e.kind == EventKind::PostSmallBlind || e.kind == EventKind::PostBigBlind)
      stake_in_dollars(a, e.amount, ln);
    bets_.apply(e);
    if (puts_chips_in(e.kind) && e.kind != EventKind::PostAnte)
      street_max_ = std::max(street_max_, e.to);
    h_.events.push_back(std::move(e));
  }

  void note_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, note(), a)) {
      issue(ln, "a note (wins X, finished N out of M players., rebuys N chips)", rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    if (e.kind == EventKind::Collected) {
      enter(Street::Showdown);
      e.street = street_;
      collected_ = true;
    }
    h_.events.push_back(std::move(e));
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "***")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Dealer: Seat ")) {
      int seat = 0;
      auto [p, ec] = std::from_chars(line.data() + 13, line.data() + line.size(), seat);
      if (ec == std::errc() && p == line.data() + line.size()) {
        h_.button_seat = seat;
        return;
      }
    }
    if (std::find(kNeutralLines.begin(), kNeutralLines.end(), line) != kNeutralLines.end()) {
      other(line, ln);
      return;
    }
    if (starts_with(line, "Dealt to ")) {
      if (street_ == Street::Setup) enter(Street::Preflop);
      if (dealt_hole_cards(line.substr(9), ln)) return;
    }
    if (auto m = player_then(line, ":")) {
      if (street_ == Street::Setup && !starts_with(trim(m->second), "posts "))
        enter(Street::Preflop);
      action_line(m->first, m->second, ln);
      return;
    }
    if (auto m = player_then(line, " ")) {
      note_line(m->first, m->second, ln);
      return;
    }
    // The muck after the show-down writes spaces in names as '_': "Player_Space: mucks [8h,9d]".
    if (line.find('_') != std::string_view::npos && !spaced_retry_) {
      std::string spaced(line);
      std::replace(
          spaced.begin(),
          spaced.begin() + static_cast<std::ptrdiff_t>(
                               spaced.find(':') == std::string::npos ? 0 : spaced.find(':')),
          '_', ' ');
      spaced_retry_ = true;
      read_line(spaced, ln);
      spaced_retry_ = false;
      return;
    }
    issue(ln, "a line of a Cake hand", line);
  }

  // A coin-flip tournament hand: no line puts chips in, every player shows and one wins both
  // stacks. Each player is all in for their stack before the flop: the first seat bets its stack,
  // the others call what they can, and what nobody matched goes back.
  void implicit_all_in() {
    for (const Event& e : h_.events)
      if (puts_chips_in(e.kind)) return;
    if (!collected_ || h_.seats.size() < 2) return;
    std::vector<Event> bets;
    Money bet = 0, matched = 0;
    // No blinds: the first to act is the seat after the button.
    std::vector<Seat> order = h_.seats;
    std::sort(order.begin(), order.end(),
              [](const Seat& a, const Seat& b) { return a.seat < b.seat; });
    const auto after_button = std::find_if(order.begin(), order.end(),
                                           [&](const Seat& s) { return s.seat > h_.button_seat; });
    std::rotate(order.begin(), after_button, order.end());
    for (const Seat& s : order) {
      Event e;
      e.kind = bets.empty() ? EventKind::Bet : EventKind::Call;
      e.street = Street::Preflop;
      e.seat = s.seat;
      e.amount = bets.empty() ? s.stack : std::min(s.stack, bet);
      e.to = e.amount;
      e.all_in = true;
      e.line = text_.line;
      if (bets.empty())
        bet = e.amount;
      else
        matched = std::max(matched, e.amount);
      bets.push_back(e);
    }
    if (matched < bet) {
      Event back;
      back.kind = EventKind::UncalledReturned;
      back.street = Street::Preflop;
      back.seat = bets.front().seat;
      back.amount = bet - matched;
      back.line = text_.line;
      bets.push_back(back);
    }
    h_.events.insert(h_.events.begin(), bets.begin(), bets.end());
  }

  void finish() override {
    for (Event& e : h_.events)
      if (!e.cards.empty()) e.cards = EventCards::read(spaced_cards(e.cards.printed()));
    if (!finish_hand("Seat N: PLAYER (STACK in chips)", "NAME wins X", collected_)) return;
    // A walk: the big blind's part nobody called comes back inside the collection, unprinted.
    silent_uncalled_in_a_walk();
    if (h_.tournament) {
      implicit_all_in();
      // "NAME finished 21 out of 66 players.": kept as the player's Other event.
      tournament_results::read_from_events(h_);
    }
  }

  StreetBets bets_;
  Money street_max_{0};  // the largest street total on the current street
  bool collected_{false};
  bool spaced_retry_{false};
  bool euro_header_{false};
  Money euro_small_blind_{0}, euro_big_blind_{0};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  line = sniff::clean(line);
  if (!starts_with(line, "Hand#")) return false;
  std::size_t i = 5;
  while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i]))) ++i;
  return i > 5 && line.substr(i).starts_with(" - ") && line.find(" -- ", i) != std::string::npos;
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::cake
