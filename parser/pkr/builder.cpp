#include "parser/pkr/builder.hpp"

#include <array>
#include <set>

#include "parser/pkr/grammar.hpp"
#include "parser/sniff.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::pkr {

namespace {

constexpr std::array<header::GameName, 3> kGames = {{
    {"HOLD'EM", games::kHoldem},
    {"OMAHA HI/LO", games::kOmahaHiLo},
    {"OMAHA", games::kOmaha},
}};

constexpr std::array<header::LimitName, 3> kLimits = {{
    {"NO LIMIT", Structure::NoLimit, header::Match::Exact},
    {"POT LIMIT", Structure::PotLimit, header::Match::Exact},
    {"FIXED LIMIT", Structure::FixedLimit, header::Match::Exact},
}};

// "[T c][2 s]", "[Ad 8h]", "[9s Ac 5s]" -> "Tc 2s", "Ad 8h", "9s Ac 5s": a rank and a suit each.
std::string cards_of(std::string_view printed) {
  std::string out;
  std::size_t in_card = 0;
  for (char c : printed) {
    const bool alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!alnum) continue;
    if (in_card == 2) {
      out += ' ';
      in_card = 0;
    }
    out += c;
    ++in_card;
  }
  return out;
}

// "12", "May", "2012" -> "2012/5/12"; empty when the month is not one.
std::string date_of(const ast::StartTime& t) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  for (std::size_t i = 0; i < kMonths.size(); ++i)
    if (t.month == kMonths[i])
      return std::string(t.year) + "/" + std::to_string(i + 1) + "/" + std::string(t.day);
  return {};
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "pkr") {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    // "Table #N - NAME" (is_hand_start); the rest of the header follows line by line. A hand cut
    // out of its file may start at "Starting Hand #N" (NLHE-USD-3.00-6.00-201108.partial.txt).
    if (starts_with(line, "Table #")) {
      h_.table_name = std::string(line.substr(line.find(" - ") + 3));
      return true;
    }
    return header_line(line, ln);
  }

  // "Key: VALUE" lines before the seats; false when the line is none of them.
  bool header_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Starting Hand #")) {
      h_.site_hand_id = std::string(line.substr(15));
    } else if (starts_with(line, "Start time of hand: ")) {
      ast::StartTime t;
      x3_actions::Expectation why;
      if (!parse_all(line, start_time(), t, why)) {
        rejected(ln, why, "Start time of hand: DD Mon YYYY HH:MM:SS", line);
        return true;
      }
      // No zone is printed: the time is stored as UTC (docs/sites/pkr.md).
      h_.started_at_utc = to_utc(date_of(t), t.time, "UTC");
    } else if (starts_with(line, "Last Hand ") || starts_with(line, "Button is at seat ") ||
               line == "Shuffling Deck") {
      // The hand before, and the button where it was: "Moving Button to seat N" says where it is.
    } else if (starts_with(line, "Game Type: ")) {
      const header::GameName* g = header::game_named(line.substr(11), kGames);
      if (!g) issue(ln, "Game Type: HOLD'EM, OMAHA or OMAHA HI/LO", line);
      if (g) h_.game = g->game;
    } else if (starts_with(line, "Limit Type: ")) {
      h_.limit_text = std::string(line.substr(12));
      h_.structure = header::structure_of(line.substr(12), kLimits);
    } else if (starts_with(line, "Table Type: ")) {
      h_.tournament = line.substr(12) == "TOURNAMENT";
    } else if (starts_with(line, "Money Type: ")) {
      const bool real = line.substr(12) == "REAL MONEY";
      h_.currency = real ? "USD" : "";
      h_.unit = real ? 100 : 1;
    } else if (starts_with(line, "Blinds are now ")) {
      ast::Blinds b;
      x3_actions::Expectation why;
      if (!parse_all(line, blinds_line(), b, why)) {
        rejected(ln, why, "Blinds are now SB / BB", line);
        return true;
      }
      h_.small_blind = money(b.small, ln).value_or(0);
      h_.big_blind = money(b.big, ln).value_or(0);
      if (h_.structure == Structure::FixedLimit) {
        h_.small_bet = h_.big_blind;
        h_.big_bet = 2 * h_.big_blind;
      }
    } else if (starts_with(line, "Moving Button to seat ")) {
      h_.button_seat = std::atoi(line.data() + 22);
    } else {
      return false;
    }
    return true;
  }

  void seat(std::string_view line, std::uint32_t ln) {
    ast::SeatLine sl;
    if (!parse_all(line, seat_line(), sl)) {
      issue(ln, "Seat N: NAME - STACK", line);
      return;
    }
    const auto stack = money(sl.stack, ln);
    // Euro tables print their amounts with "€" ("Seat 1: Player0 - €93.92"); the header says
    // only "REAL MONEY".
    if (starts_with(sl.stack, "€") && h_.currency == "USD") h_.currency = "EUR";
    if (street_ == Street::Setup) {
      Seat s;
      s.seat = static_cast<int>(sl.seat);
      s.player = std::string(sl.player);
      s.stack = stack.value_or(0);
      if (!sl.bounty.empty()) s.bounty = parse_amount(sl.bounty, 100).value_or(0);
      add_seat(std::move(s), ln);
      return;
    }
    // A player who sat down during the hand ("NAME brings $2 to table N") is listed after it,
    // with no seat line before: not dealt in.
    if (!h_.seat_of(static_cast<int>(sl.seat)) && joined_.count(std::string(sl.player))) {
      other(line, ln);
      return;
    }
    // After the hand: each stack then, checked against the replay. A player who rebought or
    // brought chips during the hand has them counted in or not, the export does not say: left out.
    SummarySeat out;
    out.seat = static_cast<int>(sl.seat);
    out.player = std::string(sl.player);
    out.line = ln;
    if (!topped_up_.count(out.seat)) out.final_stack = stack;
    h_.summary.push_back(std::move(out));
  }

  // Calls and bets print the street total: the chips they add are what it exceeds the player's
  // bet on the street by.
  void to_chips_added(Event& e) {
    if (e.kind != EventKind::Call && e.kind != EventKind::Bet) return;
    e.amount -= bets_.committed(e);
  }

  // "Dealing Cards", the board ("Dealing Flop [3 h][Q c][7 h]") and the hole cards ("Dealing
  // [A s][K d] to NAME"); false for another line.
  bool deal_line(std::string_view line, std::uint32_t ln) {
    if (line == "Dealing Cards") {
      street_ = Street::Preflop;
      return true;
    }
    if (starts_with(line, "Dealing Flop ") || starts_with(line, "Dealing Turn ") ||
        starts_with(line, "Dealing River ")) {
      street_ = line[8] == 'F' ? Street::Flop : line[8] == 'T' ? Street::Turn : Street::River;
      const std::size_t cards = line.find('[');
      if (cards == std::string_view::npos) {
        issue(ln, "the board's cards in brackets (Dealing Flop [3 h][Q c][7 h])", line);
        return true;
      }
      add_event(EventKind::Board, ln).cards = EventCards::read(cards_of(line.substr(cards)));
      return true;
    }
    if (starts_with(line, "Dealing [")) {
      const std::size_t to = line.rfind("] to ");
      const int s = to == std::string_view::npos ? 0 : seat_of_player(line.substr(to + 5));
      if (s != 0) {
        Event& e = add_event(EventKind::DealtHole, ln);
        e.seat = s;
        e.cards = EventCards::read(cards_of(line.substr(8, to - 7)));
        return true;
      }
    }
    return false;
  }

  // The pots so far, the rake taken ("Taking Rake of $0.10 from pot 1", "No Rake Taken") and
  // uncalled bets returned ("Returning $1 to NAME uncalled"); false for another line.
  bool pot_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Pot sizes: ")) return true;  // the pots so far, after rake when taken
    if (starts_with(line, "Taking Rake of ")) {
      const std::size_t from = line.find(" from pot ");
      const auto r = money(line.substr(15, from - 15), ln);
      h_.rake = h_.rake.value_or(0) + r.value_or(0);
      if (from != std::string_view::npos) raked_pots_.insert(line.substr(from + 10));
      return true;
    }
    if (line == "No Rake Taken") {
      h_.rake = h_.rake.value_or(0);
      return true;
    }
    if (starts_with(line, "Returning ") && line.ends_with(" uncalled")) {
      const std::size_t to = line.find(" to ");
      const int s = seat_of_player(line.substr(to + 4, line.size() - to - 4 - 9));
      if (s != 0) {
        Event& e = add_event(EventKind::UncalledReturned, ln);
        e.seat = s;
        e.amount = money(line.substr(10, to - 10), ln).value_or(0);
        return true;
      }
    }
    return false;
  }

  // A seated player's line: a rebuy, an action, an emote (`rest`: the line after the name);
  // false for another line.
  bool player_line(std::string_view line, int seat, std::string_view rest, std::uint32_t ln) {
    if (starts_with(rest, "rebuys ")) {
      topped_up_.insert(seat);
      other(line, ln);
      return true;
    }
    ast::Action a;
    if (parse_all(rest, action(), a)) {
      Event e = action_event(a, seat, rest, ln);
      if (e.kind == EventKind::Shows) e.cards = EventCards::read(cards_of(e.cards.printed()));
      if (e.kind == EventKind::Collected) {
        street_ = Street::Showdown;
        e.street = street_;
        collected_ = true;
      }
      // "Player5 posts $0" before "Player5 posts $0.02 dead": a missed small blind alone.
      if (e.kind == EventKind::PostBigBlind && e.amount == 0) e.kind = EventKind::Other;
      to_chips_added(e);
      bets_.apply(e);
      h_.events.push_back(std::move(e));
      return true;
    }
    // Emotes: "NAME yawns.", "NAME says Boom!", "NAME acknowledges a nice hand.".
    if (line.ends_with(".") || line.ends_with("!") || starts_with(rest, "says ")) {
      add_event(EventKind::Chat, ln).text = std::string(rest);
      h_.events.back().seat = seat;
      return true;
    }
    return false;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (ended_) {
      // Between "End of Hand" and the next hand: rebuys, tables joined.
      other(line, ln);
      return;
    }
    if (starts_with(line, "Seat ")) {
      seat(line, ln);
      return;
    }
    if (street_ == Street::Setup && header_line(line, ln)) return;
    if (starts_with(line, "End of Hand #") || starts_with(line, "End Of Hand #")) {
      ended_ = true;
      return;
    }
    if (deal_line(line, ln) || pot_line(line, ln)) return;
    if (line == "There is no qualifying low hand" ||
        sniff::contains(line, " has joined from Tournament Table #")) {
      other(line, ln);
      return;
    }
    if (const std::size_t brings = line.find(" brings ");
        brings != std::string_view::npos && sniff::contains(line, " to table ")) {
      // Chips a player (seated, or sitting down during the hand) brings for the hands after it.
      const std::string_view who = line.substr(0, brings);
      if (const int s = seat_of_player(who); s != 0)
        topped_up_.insert(s);
      else
        joined_.emplace(who);
      other(line, ln);
      return;
    }
    if (auto m = player_then(line, ": ")) {  // chat
      add_event(EventKind::Chat, ln).text = std::string(m->second);
      h_.events.back().seat = m->first;
      return;
    }
    if (auto m = player_then(line, " "); m && player_line(line, m->first, m->second, ln)) return;
    issue(ln, "a line of a PKR hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N: NAME - STACK", "End of Hand #N", ended_ && collected_)) return;
    if (h_.site_hand_id.empty()) {
      issue(text_.line, "Starting Hand #N", "no hand number");
      h_.parsed = false;
    }
    if (!h_.game.known() || h_.structure == Structure::Unknown) {
      issue(text_.line, "Game Type: and Limit Type: lines", "no game or limit");
      h_.parsed = false;
    }
    // The summary prints stacks only: what each seat won is its collections (the stacks are
    // checked against the replay).
    for (const Event& e : h_.events) {
      if (e.kind != EventKind::Collected) continue;
      for (SummarySeat& s : h_.summary) {
        if (s.seat != e.seat) continue;
        s.won += e.amount;
        s.has_won = true;
      }
    }
    // "Taking Rake of $0.02 from pot 1": pot 1 is the main pot (hand 2080628024: the 0.15 main
    // pot paid 0.13, the 0.06 side pot whole). Rake from another pot (hand 2147625245: pot 2, the
    // first side pot) has no field in the model: the collections are then checked in total.
    if (raked_pots_ == std::set<std::string_view>{"1"}) h_.rake_from_main_pot = true;
    if (!raked_pots_.empty() && !h_.rake_from_main_pot)
      for (Event& e : h_.events)
        if (e.kind == EventKind::Collected) e.pot_index = -1;
    // An uncalled bet was returned with a line until 2009, to the stack without one since.
    h_.uncalled_style = UncalledStyle::ToStack;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::UncalledReturned) h_.uncalled_style = UncalledStyle::Printed;
  }

  StreetBets bets_;
  std::set<int> topped_up_;
  std::set<std::string> joined_;           // players who sat down during the hand
  std::set<std::string_view> raked_pots_;  // as printed after "from pot "
  bool ended_{false};
  bool collected_{false};
};

}  // namespace

bool announces_hand(std::string_view line) {
  if (!starts_with(line, "Table #")) return false;
  std::size_t i = 7;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  return i > 7 && line.substr(i).starts_with(" - ") && i + 3 < line.size();
}

bool is_hand_start(std::string_view line) {
  if (announces_hand(line)) return true;
  if (!starts_with(line, "Starting Hand #")) return false;
  std::size_t i = 15;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  return i > 15 && i == line.size();
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::pkr
