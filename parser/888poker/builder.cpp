#include "parser/888poker/builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <utility>
#include <vector>

#include "parser/888poker/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::poker888 {

namespace {

constexpr std::string_view kGameNo = "#Game No : ";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The rooms of 888's platform other than 888's own brands ("888poker", "888.de", "888poker.ca-on"):
// the same format under another banner.
constexpr std::array<std::string_view, 6> kPlatformRooms = {
    "Cassava", "Pacific", "WSOP.com", "TowerTorneos", "Delawarepark.com", "LuckyAcePoker.com"};

// "888poker Snap Poker": 888's fast-fold pool.
bool is_snap(std::string_view room) { return room.ends_with(" Snap Poker"); }

// Longest first, so that "OmahaHL" is not read as "Omaha".
constexpr std::array<header::GameName, 5> kGames = {{
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"OmahaHL", games::kOmahaHiLo},
    {"Hold'em", games::kHoldem},
    {"Holdem", games::kHoldem},
    {"Omaha", games::kOmaha},
}};

// The limits 888 prints before the game ("No Limit Holdem"); the first that starts it is read.
constexpr std::array<header::LimitName, 4> kLimits = {{
    {"No Limit", Structure::NoLimit},
    {"Pot Limit", Structure::PotLimit},
    {"Fix Limit", Structure::FixedLimit},
    {"Fixed Limit", Structure::FixedLimit},
}};

std::string currency_of(std::string_view stakes, std::string_view room) {
  std::string code = header::currency_of(stakes, header::kCurrencySymbols);
  // 888poker.ca-on is the Ontario-licensed room, which plays in Canadian dollars.
  if (code == "USD" && room.ends_with("ca-on")) code = "CAD";
  return code;
}

struct NameMatch {
  int seat{0};
  std::string_view rest;
};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : HandBuilder(text, file, "888poker", &read_amount) {
    // 888 never prints uncalled bets, and pays them back either silently or inside a collection;
    // after a short all-in big blind it keeps the full blind owed; "mucks [ .. ]" throws the
    // hand away (docs/sites/888poker.md).
    h_.uncalled_style = UncalledStyle::Silent;
    h_.full_big_blind_always_owed = true;
    h_.mucked_hands_concede = true;
  }

  using HandBuilder::build;

 private:
  // The four header lines: "#Game No : N", the banner, the game line and the table line.
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    std::string_view id;
    x3_actions::Expectation why;
    if (!cur.next(line) || !parse_all(trim(line), game_no(), id, why)) {
      rejected(cur.line_number(), why, "#Game No : N", line);
      return false;
    }
    ast::Banner b;
    if (!cur.next(line) || !parse_all(trim(line), banner(), b) || !is_888_room(b.room)) {
      // Not an 888 hand (PartyPoker heads its hands with the same "#Game No" line).
      h_.site = "unknown";
      issue(cur.line_number(),
            "an 888 banner: ***** 888poker|Cassava|888.ro Hand History for Game N *****", line);
      return false;
    }
    h_.site_hand_id = std::string(b.hand_id);
    // Snap deals each hand at a new table from a pool: no stack is carried between its hands.
    h_.fast_fold = is_snap(b.room);
    if (b.hand_id != id)
      issue(cur.line_number(), "the hand number of the \"#Game No\" line", b.hand_id);
    ast::GameLine g;
    if (!cur.next(line) || !parse_all(trim(line), game_line(), g)) {
      issue(cur.line_number(), "SB/BB Blinds GAME - *** DD MM YYYY HH:MM:SS", line);
      return false;
    }
    const std::uint32_t game_ln = cur.line_number();
    ast::TableLine t;
    if (!cur.next(line) || !parse_all(trim(line), table_line(), t)) {
      issue(cur.line_number(),
            "Table NAME [N Max] (Real Money) or Tournament #N BUY-IN - Table #T (Real Money)",
            line);
      return false;
    }
    read_table(t);
    const bool play = t.money == "Practice Play" || t.money == "Play Money";
    // The money kind decides the unit and the currency: one 888 does not print is not read.
    if (!play && t.money != "Real Money") {
      issue(cur.line_number(), "the table's money kind (Real Money, Play Money, Practice Play)",
            t.money);
      return false;
    }
    h_.currency = h_.tournament || play ? std::string() : currency_of(g.small_blind, b.room);
    // Tournament amounts are whole chips (the "$" printed with them is not money); play-money
    // tables deal in hundredths like cash tables ("9,966.25").
    h_.unit = h_.tournament ? 1 : 100;
    read_game(g.description, game_ln);
    // BLAST lottery sit & gos print the prize pool where other hands print the blinds
    // ("42.797,60 $/0 $"); everyone antes their whole stack, there are no blinds to read.
    if (b.room.find("BLAST") == std::string_view::npos) {
      auto sb = money(g.small_blind, game_ln), bb = money(g.big_blind, game_ln);
      if (!sb || !bb) return false;
      h_.small_blind = *sb;
      h_.big_blind = *bb;
      if (h_.structure == Structure::FixedLimit) {
        // 888 prints the blinds ("0.50/1 Blinds Fix Limit"): the bets are one and two big blinds.
        h_.small_bet = *bb;
        h_.big_bet = 2 * *bb;
      }
    }
    // 888 prints no time zone; the times are taken as UTC (docs/sites/888poker.md).
    if (!g.year.empty()) {
      const std::string date =
          std::string(g.year) + "/" + std::string(g.month) + "/" + std::string(g.day);
      h_.started_at_utc = to_utc(date, g.time, "UTC");
    }
    return true;
  }

  void read_table(const ast::TableLine& t) {
    h_.max_seats = static_cast<int>(t.max_seats);
    if (t.tournament_id.empty()) {
      h_.table_name = std::string(t.name);
      return;
    }
    h_.tournament = true;
    h_.tournament_id = std::string(t.tournament_id);
    // "13,95 $ + 1,05 $ - Table #1": the buy-in, then the table number when printed.
    if (std::size_t pos = t.name.rfind("Table #"); pos != std::string_view::npos)
      h_.table_name = std::string(t.name.substr(pos + 7));
  }

  // "No Limit Holdem Jackpot table" -> No Limit, Hold'em.
  void read_game(std::string_view desc, std::uint32_t ln) {
    for (const header::LimitName& limit : kLimits) {
      if (!starts_with(desc, limit.printed)) continue;
      h_.limit_text = std::string(limit.printed);
      h_.structure = limit.structure;
      desc = trim(desc.substr(limit.printed.size()));
      break;
    }
    if (const header::GameName* g = header::game_at_start(desc, kGames)) h_.game = g->game;
    if (h_.limit_text.empty() || !h_.game.known())
      issue(ln, "a limit and a game (No Limit Holdem, Pot Limit OmahaHL, Fix Limit Omaha, ...)",
            desc);
  }

  // A line of a blank-named player starts with the verb ("posts small blind [$50]": the name
  // and its space are gone once the line is trimmed). It is that player's when exactly one seat
  // has a blank name; with several, the line names no one and stays an issue.
  std::optional<NameMatch> match_player(std::string_view line) const {
    if (auto m = player_then(line, " ")) return NameMatch{m->first, m->second};
    if (blank_seats_.size() == 1) return NameMatch{blank_seats_.front(), line};
    return std::nullopt;
  }

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    // A blank name gets the stable name "Seat N" (docs/sites/888poker.md).
    if (s.player.empty()) {
      s.player = "Seat " + std::to_string(s.seat);
      blank_seats_.push_back(s.seat);
    }
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    add_seat(std::move(s), ln);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    const std::string_view name = sl.name;
    Street next;
    if (name == "Dealing down cards") {
      next = Street::Preflop;
    } else if (name == "Dealing flop") {
      next = Street::Flop;
    } else if (name == "Dealing turn") {
      next = Street::Turn;
    } else if (name == "Dealing river") {
      next = Street::River;
    } else if (name == "Summary") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    } else {
      issue(ln,
            "a street marker (** Dealing down cards **, ** Dealing flop ** [..], ** Summary **)",
            name);
      return;
    }
    street_ = next;
    if (!sl.cards.empty() && next != Street::Preflop) {
      Event e;
      e.kind = EventKind::Board;
      e.street = next;
      e.cards = EventCards::read(cards_of(sl.cards));
      e.line = ln;
      h_.events.push_back(std::move(e));
    }
  }

  // "[ 2d, Kns, 7d ]" -> "2d Kns 7d". Localised ranks and suits (Swedish Kn/D/E, Dutch B/V/H,
  // Romanian p/t, ...) stay as printed: the export does not say which language it is in, and
  // "D" is a queen in Swedish but a ten in Spanish.
  static std::string cards_of(std::string_view inside) {
    std::string out;
    std::size_t pos = 0;
    while (pos < inside.size()) {
      std::size_t comma = inside.find(',', pos);
      std::string_view card =
          trim(inside.substr(pos, comma == std::string_view::npos ? comma : comma - pos));
      if (!card.empty()) {
        if (!out.empty()) out += ' ';
        out += card;
      }
      if (comma == std::string_view::npos) break;
      pos = comma + 1;
    }
    return out;
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(
          ln,
          "an action (folds, checks, calls [X], bets [X], raises [X], posts ..., collected [ X ])",
          rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    e.cards = EventCards::read(cards_of(a.cards));
    // "NAME mucks [ 4s, 4c ]": 888 prints the cards of a hand thrown away at the showdown, which
    // never wins the pot whatever they are. They stay in the event's text, not as cards shown:
    // the showdown judges only the hands shown (docs/sites/888poker.md).
    if (e.kind == EventKind::Mucks && !e.cards.empty()) {
      e.text = std::string(rest);
      e.cards = {};
    }
    // Observed hands print no "Dealing down cards": the first voluntary action opens preflop.
    if (street_ == Street::Setup && is_voluntary(e.kind)) street_ = Street::Preflop;
    e.street = street_;
    bets_.apply(e);  // 888 prints the chips each action adds: StreetBets sets `to`
    h_.events.push_back(std::move(e));
  }

  static bool is_voluntary(EventKind k) {
    return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
           k == EventKind::Bet || k == EventKind::Raise;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup && !in_summary_) {
      if (line.ends_with(" is the button")) {
        std::string_view n = line.substr(5, line.size() - 5 - 14);
        int seat = 0;
        auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), seat);
        if (ec == std::errc() && p == n.data() + n.size() && seat > 0) {
          h_.button_seat = seat;
          return;
        }
      }
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Total number of players : ")) return;  // the seat lines say it all
    if (starts_with(line, "Dealt to ")) {
      // "Dealt to  [ 8d, 8h ]" for a blank name: the rest starts with " [".
      std::optional<std::pair<int, std::string_view>> m = player_then(line.substr(9), " [");
      if (!m && blank_seats_.size() == 1 && line.substr(9).starts_with(" ["))
        m = std::make_pair(blank_seats_.front(), line.substr(11));
      if (m && m->second.ends_with("]")) {
        Event e;
        e.kind = EventKind::DealtHole;
        e.seat = m->first;
        e.street = street_;
        e.cards = EventCards::read(cards_of(m->second.substr(0, m->second.size() - 1)));
        e.line = ln;
        h_.events.push_back(std::move(e));
        return;
      }
    }
    // Hi/Lo showdowns name the best hands: "(Hi: 2s, 3h, 4h, 5c, Ah)", "(Lo: ...)".
    if (in_summary_ && (starts_with(line, "(Hi: ") || starts_with(line, "(Lo: ")) &&
        line.ends_with(")")) {
      other(line, ln);
      return;
    }
    if (auto m = match_player(line)) {
      action_line(m->seat, m->rest, ln);
      return;
    }
    issue(ln, "a line of an 888poker hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER ( STACK )", "** Summary **", in_summary_)) return;
  }

  StreetBets bets_;
  bool in_summary_{false};
  std::vector<int> blank_seats_;  // seats printed with no player name
};

}  // namespace

bool is_888_room(std::string_view room) {
  if (room.find("888") != std::string_view::npos) return true;
  return std::any_of(kPlatformRooms.begin(), kPlatformRooms.end(),
                     [&](std::string_view r) { return starts_with(room, r); });
}

bool is_hand_start(std::string_view line) {
  // The "#Game No" line is shared with PartyPoker exports; parse_hand() hands back those that
  // are not 888's as site "unknown" (docs/sites/888poker.md, "Detection").
  if (!starts_with(line, kGameNo) || line.size() == kGameNo.size()) return false;
  for (char c : trim(line.substr(kGameNo.size())))
    if (!is_digit(c)) return false;
  return true;
}

std::optional<Money> read_amount(std::string_view text, int unit) {
  return parse_amount_either_decimal(text, unit);
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::poker888
