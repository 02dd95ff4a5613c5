#include "parser/ggpoker/builder.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <map>

#include "parser/ggpoker/grammar.hpp"
#include "parser/pokerstars/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::gg {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool is_alnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

const date::time_zone* find_zone(std::string_view name) {
  if (name.empty()) return nullptr;
  try {
    return date::locate_zone(std::string(name));
  } catch (const std::exception&) {
    return nullptr;
  }
}

// Game names GG prints, with the structure a name implies when no limit follows it ("PLO").
struct GameName {
  std::string_view printed;
  std::string_view game;
  Structure implied;
};
constexpr std::array<GameName, 13> kGames = {{
    {"Omaha Hi/Lo", "Omaha Hi/Lo", Structure::Unknown},
    {"PLO Hi/Lo", "Omaha Hi/Lo", Structure::PotLimit},
    {"PLO-6", "6 Card Omaha", Structure::PotLimit},
    {"PLO6", "6 Card Omaha", Structure::PotLimit},
    {"PLO-5", "5 Card Omaha", Structure::PotLimit},
    {"PLO5", "5 Card Omaha", Structure::PotLimit},
    {"PLO", "Omaha", Structure::PotLimit},
    {"Omaha", "Omaha", Structure::Unknown},
    {"ShortDeck", "6+ Hold'em", Structure::Unknown},
    {"Short Deck", "6+ Hold'em", Structure::Unknown},
    {"6+ Hold'em", "6+ Hold'em", Structure::Unknown},
    {"Hold'em", "Hold'em", Structure::Unknown},
    {"Holdem", "Hold'em", Structure::Unknown},
}};

Structure structure_of(std::string_view limit) {
  limit = trim(limit);
  if (limit.find("postflop") != std::string_view::npos) return Structure::Mixed;
  if (starts_with(limit, "No Limit")) return Structure::NoLimit;
  if (starts_with(limit, "Pot Limit")) return Structure::PotLimit;
  if (starts_with(limit, "Fixed Limit") || starts_with(limit, "Limit"))
    return Structure::FixedLimit;
  return Structure::Unknown;
}

// The stakes group of a description: the last "(...)" holding a '/' or an ante.
// Returns the inside and sets `open` to the position of its '('.
std::string_view stakes_of(std::string_view desc, std::size_t& open) {
  std::size_t close = desc.rfind(')');
  while (close != std::string_view::npos) {
    std::size_t o = desc.rfind('(', close);
    if (o == std::string_view::npos) break;
    std::string_view inner = desc.substr(o + 1, close - o - 1);
    if (inner.find('/') != std::string_view::npos || starts_with(inner, "ante ")) {
      open = o;
      return inner;
    }
    if (o == 0) break;
    close = desc.rfind(')', o - 1);
  }
  open = std::string_view::npos;
  return {};
}

// The game part: the description before the stakes, less " - LevelN" (tournaments).
std::string_view game_part_of(std::string_view desc, std::size_t stakes_open) {
  std::string_view g = trim(desc.substr(0, stakes_open));
  if (std::size_t lvl = g.rfind("Level"); lvl != std::string_view::npos) {
    std::string_view before = trim(g.substr(0, lvl));
    if (before.ends_with('-')) before.remove_suffix(1);
    g = trim(before);
  }
  if (g.ends_with(',')) g.remove_suffix(1);
  return trim(g);
}

// Finds the game and limit: the game name ending last in the game part (a tournament name may
// name another game first: "$5,000 No Limit Hold'em Main Event [Flight W], $25M GTD Hold'em No
// Limit"), the longest name where two end at the same place ("6+ Hold'em", "Hold'em").
void read_game(std::string_view game_part, Hand& h) {
  std::size_t best_pos = 0, best_end = 0;
  const GameName* best = nullptr;
  for (const GameName& g : kGames) {
    std::size_t pos = game_part.rfind(g.printed);
    if (pos == std::string_view::npos) continue;
    std::size_t end = pos + g.printed.size();
    if (!best || end > best_end || (end == best_end && g.printed.size() > best->printed.size())) {
      best_pos = pos;
      best_end = end;
      best = &g;
    }
  }
  if (!best) return;
  h.game = *game_from_name(best->game);
  std::string_view limit = trim(game_part.substr(best_pos + best->printed.size()));
  h.limit_text = std::string(limit);
  h.structure = structure_of(limit);
  if (h.structure == Structure::Unknown) h.structure = best->implied;
  if (h.limit_text.empty() && best->implied == Structure::PotLimit) h.limit_text = "Pot Limit";
}

std::string currency_of(std::string_view stakes) {
  static constexpr std::array<std::string_view, 6> codes = {"USD", "EUR", "GBP",
                                                            "CNY", "INR", "KRW"};
  for (std::string_view c : codes)
    if (stakes.find(c) != std::string_view::npos) return std::string(c);
  if (stakes.find('$') != std::string_view::npos) return "USD";
  if (stakes.find("€") != std::string_view::npos) return "EUR";
  if (stakes.find("£") != std::string_view::npos) return "GBP";
  if (stakes.find("¥") != std::string_view::npos) return "CNY";
  if (stakes.find("₹") != std::string_view::npos) return "INR";
  if (stakes.find("₩") != std::string_view::npos) return "KRW";
  return "";
}

struct NameMatch {
  int seat{0};
  std::string_view rest;
  bool colon{false};
};

}  // namespace

bool is_known_zone(std::string_view zone) { return find_zone(zone) != nullptr; }

std::string to_utc(std::string_view date_s, std::string_view time_s, std::string_view zone) {
  const date::time_zone* tz = find_zone(zone);
  return tz ? to_utc_iana(date_s, time_s, tz->name()) : "";
}

bool is_hand_start(std::string_view line) {
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  constexpr std::string_view kStart = "Poker Hand #";
  if (!starts_with(line, kStart)) return false;
  std::size_t i = kStart.size();
  std::size_t id_start = i;
  while (i < line.size() && is_alnum(line[i])) ++i;
  return i > id_start && i < line.size() && line[i] == ':';
}

namespace {

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file, std::string zone)
      : HandBuilder(text, file, "ggpoker"), zone_(std::move(zone)) {}

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    return cur.next(line) && read_header(trim(line), cur.line_number());
  }

  bool read_header(std::string_view line, std::uint32_t ln) {
    ast::Header hd;
    if (!parse_all(line, header(), hd)) {
      issue(ln, "a GGPoker header: Poker Hand #ID: GAME LIMIT (SB/BB) - YYYY/MM/DD HH:MM:SS", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    std::size_t open = std::string_view::npos;
    std::string_view stakes = stakes_of(hd.description, open);
    if (open == std::string_view::npos) {
      issue(ln, "stakes as (SMALL/BIG)", hd.description);
      return false;
    }
    read_game(game_part_of(hd.description, open), h_);
    if (!h_.game.known())
      issue(ln, "a known game name (Hold'em, Omaha, PLO, PLO-5, PLO-6, ShortDeck)", hd.description);
    h_.currency = h_.tournament ? std::string() : currency_of(stakes);
    h_.unit = h_.currency.empty() ? 1 : 100;
    if (!read_stakes(stakes, ln)) return false;
    std::string zone = zone_;
    if (!hd.zone.empty() && find_zone(hd.zone)) zone = std::string(hd.zone);
    h_.started_at_utc = to_utc(hd.date, hd.time, zone);
    return true;
  }

  // "$2/$5", "300/600", "1,000/2,000", "$0.1/$0.25 USD", "100/200/25" (an ante third), and
  // "ante 1, 2" (ante and button blind, Short Deck).
  bool read_stakes(std::string_view stakes, std::uint32_t ln) {
    auto word = [](std::string_view s) { return s.substr(0, s.find(' ')); };
    if (starts_with(stakes, "ante ")) {
      std::string_view rest = stakes.substr(5);
      std::size_t comma = rest.find(',');
      if (comma == std::string_view::npos) {
        issue(ln, "stakes as (ante ANTE, BLIND)", stakes);
        return false;
      }
      auto ante = money(word(rest.substr(0, comma)), ln);
      auto bb = money(word(trim(rest.substr(comma + 1))), ln);
      if (!ante || !bb) return false;
      h_.ante = *ante;
      h_.big_blind = *bb;
      return true;
    }
    std::size_t slash = stakes.find('/');
    std::string_view sb = trim(stakes.substr(0, slash));
    std::string_view rest = stakes.substr(slash + 1);
    std::size_t slash2 = rest.find('/');
    std::string_view bb = word(trim(rest.substr(0, slash2)));
    auto sbm = money(sb, ln), bbm = money(bb, ln);
    if (!sbm || !bbm) return false;
    h_.small_blind = *sbm;
    h_.big_blind = *bbm;
    if (slash2 != std::string_view::npos) {
      if (auto a = money(word(trim(rest.substr(slash2 + 1))), ln)) h_.ante = *a;
    }
    return true;
  }

  // Matches a seated player's name at the start of the line, longest name first, followed by
  // ": " (an action) or " " (a note such as "collected").
  std::optional<NameMatch> match_player(std::string_view line) const {
    if (auto m = player_then(line, ": ")) return NameMatch{m->first, m->second, true};
    if (auto m = player_then(line, " ")) return NameMatch{m->first, m->second, false};
    return std::nullopt;
  }

  void read_seat(const pokerstars::ast::SeatLine& sl, std::uint32_t ln) {
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    if (!sl.bounty.empty()) {
      // Bounties are printed in the buy-in currency even in chip tournaments: keep cents.
      if (auto b = parse_amount(sl.bounty, 100)) s.bounty = *b;
    }
    s.sitting_out = sl.sitting_out;
    add_seat(std::move(s), ln);
  }

  void board(Street street, int index, std::string_view cards, std::uint32_t ln) {
    Event e;
    e.kind = EventKind::Board;
    e.street = street;
    e.cards = std::string(cards);
    e.board_index = index;
    e.line = ln;
    h_.events.push_back(std::move(e));
  }

  void street_marker(const pokerstars::ast::StreetLine& sl, std::uint32_t ln) {
    std::string_view name = sl.name;
    int index = 0;
    // Run it twice or three times: "FIRST FLOP", "SECOND TURN", "THIRD SHOWDOWN", ...
    if (starts_with(name, "FIRST ")) {
      name.remove_prefix(6);
    } else if (starts_with(name, "SECOND ")) {
      name.remove_prefix(7);
      index = 1;
    } else if (starts_with(name, "THIRD ")) {
      name.remove_prefix(6);
      index = 2;
    }
    if (name == "SUMMARY") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    Street next;
    if (name == "HOLE CARDS" || name == "PREFLOP" || name == "PRE-FLOP") {
      next = Street::Preflop;
    } else if (name == "FLOP") {
      next = Street::Flop;
    } else if (name == "TURN") {
      next = Street::Turn;
    } else if (name == "RIVER") {
      next = Street::River;
    } else if (name == "SHOWDOWN" || name == "SHOW DOWN") {
      next = Street::Showdown;
    } else {
      issue(ln, "a street marker (*** HOLE CARDS ***, *** FLOP ***, ... *** SUMMARY ***)", sl.name);
      return;
    }
    street_ = next;
    if (next == Street::Showdown) showdown_board_ = index;  // "*** SECOND SHOWDOWN ***"
    if (sl.cards.empty() || next == Street::Preflop || next == Street::Showdown) return;
    // "*** TURN *** [Jh 8h Ts] [Th]" with no flop line before it (all-in or fold hands): the
    // first group is the flop, dealt now too.
    if (sl.cards.size() > 1 && index == 0 && !board_seen_)
      board(Street::Flop, index, sl.cards.front(), ln);
    board(next, index, sl.cards.back(), ln);
    board_seen_ = true;
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln,
            "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., straddle X, "
            "shows [..])",
            rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    apply_bet(e, ln);
    h_.events.push_back(std::move(e));
  }

  // Resolves "raises BY to TO" and "straddle TO" into chips put in (StreetBets).
  void apply_bet(Event& e, std::uint32_t ln) {
    if (e.kind == EventKind::PostStraddle) {
      // GG prints the straddle as the street total: a big blind of $50 who straddles "$100"
      // adds $50; a player who straddles $0.5 and then "straddle $15.35" adds $14.85.
      const Money committed = bets_.committed(e);
      if (e.to <= committed) {
        issue(ln, "a straddle above the player's bet of " + format_amount(committed, h_.unit),
              format_amount(e.to, h_.unit));
        e.to = committed;
      }
    }
    bets_.apply(e);
  }

  void note_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, note(), a)) {
      issue(ln, "a note (collected X from pot, said, has timed out, ...)", rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    h_.events.push_back(std::move(e));
  }

  // "Cash Drop to Pot : total $X": money GG adds to the pot.
  bool cash_drop(std::string_view line, std::uint32_t ln) {
    if (!starts_with(line, "Cash Drop to Pot")) return false;
    ast::CashDropLine c;
    if (!parse_all(line, cash_drop_line(), c)) {
      issue(ln, "Cash Drop to Pot : total X", line);
      return true;
    }
    other(line, ln);
    // The summary may repeat what the body said; count the drop once.
    if (in_summary_ && cash_drop_seen_) return true;
    if (auto m = money(c.amount, ln)) site_added_ += *m;
    if (!in_summary_) cash_drop_seen_ = true;
    return true;
  }

  // Lines that name no seated player: observers, tournament notes, run-it-twice notes.
  bool neutral_line(std::string_view line, std::uint32_t ln) {
    static constexpr std::array<std::string_view, 13> phrases = {
        " joins the table",
        " leaves the table",
        " is connected",
        " has returned",
        " is disconnected",
        " will be allowed to play after the button",
        " was removed from the table",
        " finished the tournament",
        " wins the tournament",
        " bounty for eliminating",
        " for eliminating ",
        " for splitting the elimination",
        " has timed out"};
    static constexpr std::array<std::string_view, 5> whole = {
        "Hand cancelled", "Hand was run ", "The hand was run ", "No low hand qualified",
        "Betting is capped"};
    for (std::string_view w : whole)
      if (starts_with(line, w)) {
        if (w == "Hand cancelled") h_.cancelled = true;
        other(line, ln);
        return true;
      }
    if (line.find(" said, \"") != std::string_view::npos) {
      Event e;
      e.kind = EventKind::Chat;
      e.street = street_;
      e.text = std::string(line);
      e.line = ln;
      h_.events.push_back(std::move(e));
      return true;
    }
    if (line.ends_with(": sits out") || line.ends_with(" is sitting out")) {  // not dealt in
      other(line, ln);
      return true;
    }
    for (std::string_view p : phrases)
      if (line.find(p) != std::string_view::npos) {
        other(line, ln);
        return true;
      }
    return false;
  }

  void total_line_(std::string_view line, std::uint32_t ln) {
    ast::TotalLine t;
    if (!parse_all(line, total_line(), t)) {
      issue(ln, "Total pot X | Rake R | Jackpot J | Bingo B | Fortune F | Tax T", line);
      return;
    }
    h_.total_pot = money(t.total, ln);
    for (const ast::TotalPart& p : t.parts) {
      auto m = money(p.amount, ln);
      if (!m) continue;
      if (p.name == "Rake") {
        h_.rake = *m;
      } else if (p.name == "Jackpot" || p.name == "Bingo" || p.name == "Fortune" ||
                 p.name == "Tax") {
        std::string name(p.name);
        std::transform(name.begin(), name.end(), name.begin(),
                       [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
        h_.fees.push_back({std::move(name), *m});
      } else if (p.name == "Main pot") {
        h_.reported_pots.push_back({0, *m});
      } else if (starts_with(p.name, "Side pot")) {
        int index = 1;
        if (starts_with(p.name, "Side pot-")) {
          std::string_view n = p.name.substr(9);
          std::from_chars(n.data(), n.data() + n.size(), index);
        }
        h_.reported_pots.push_back({index, *m});
      } else {
        issue(ln, "a part of the total line GG prints (Rake, Jackpot, Bingo, Fortune, Tax)",
              p.name);
      }
    }
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Total pot")) {
      total_line_(line, ln);
      return;
    }
    if (starts_with(line, "Board [") || starts_with(line, "FIRST Board [") ||
        starts_with(line, "SECOND Board [") || starts_with(line, "THIRD Board ["))
      return;
    if (starts_with(line, "Seat ")) {
      pokerstars::ast::SummarySeatLine s;
      if (!pokerstars::parse_all(line, pokerstars::summary_seat_line(), s)) {
        issue(ln, "Seat N: PLAYER ...", line);
        return;
      }
      SummarySeat out;
      out.seat = static_cast<int>(s.seat);
      out.line = ln;
      std::string_view rest = s.rest;
      if (const Seat* seat = h_.seat_of(out.seat); seat && starts_with(rest, seat->player)) {
        out.player = seat->player;
        rest.remove_prefix(seat->player.size());
      } else {
        std::size_t paren = rest.find(" (");
        out.player = std::string(rest.substr(0, paren));
        if (paren != std::string_view::npos) rest.remove_prefix(paren);
      }
      // "won ($X)" and "collected ($X)"; "Cashout Risk ($X)", "EV Cashout ($X)" and
      // "AII Premium ($X)" are not money from the pot and are not counted.
      pokerstars::ast::SummaryMoney sm;
      pokerstars::Iterator first = rest.data();
      pokerstars::x3::parse(first, rest.data() + rest.size(), pokerstars::summary_money(), sm);
      for (std::string_view a : sm.amounts) {
        if (auto m = money(a, ln)) {
          out.won += *m;
          out.has_won = true;
        }
      }
      out.folded = rest.find("folded") != std::string_view::npos;
      h_.summary.push_back(std::move(out));
      return;
    }
    if (cash_drop(line, ln)) return;
    if (neutral_line(line, ln)) return;
    issue(ln, "a summary line (Total pot, Board, Seat N: ...)", line);
  }

  void dealt_line(std::string_view rest, std::uint32_t ln) {
    // "Dealt to NAME" (cards not shown: GG prints one line for every seat dealt in) or
    // "Dealt to NAME [Ad Jd Jc Ks]".
    int seat = seat_of_player(trim(rest));
    std::string_view cards;
    if (seat == 0) {
      if (auto m = player_then(rest, " ")) {
        std::string_view after = trim(m->second);
        if (after.size() >= 2 && after.front() == '[' && after.back() == ']') {
          seat = m->first;
          cards = after.substr(1, after.size() - 2);
        }
      }
    }
    if (seat != 0) {
      Event e;
      e.kind = EventKind::DealtHole;
      e.seat = seat;
      e.street = street_;
      e.cards = std::string(cards);
      e.line = ln;
      h_.events.push_back(std::move(e));
      return;
    }
    issue(ln, "Dealt to PLAYER [CARDS] with a seated player", rest);
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      pokerstars::ast::StreetLine sl;
      if (pokerstars::parse_all(line, pokerstars::street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (starts_with(line, "Table ") && h_.table_name.empty()) {
      pokerstars::ast::TableLine t;
      if (pokerstars::parse_all(line, pokerstars::table_line(), t)) {
        h_.table_name = std::string(t.name);
        h_.max_seats = static_cast<int>(t.max_seats);
        h_.button_seat = static_cast<int>(t.button);
        return;
      }
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup) {
      pokerstars::ast::SeatLine sl;
      if (pokerstars::parse_all(line, pokerstars::seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ")) {
      dealt_line(line.substr(9), ln);
      return;
    }
    if (starts_with(line, "Uncalled bet (")) {
      pokerstars::ast::UncalledLine u;
      if (pokerstars::parse_all(line, pokerstars::uncalled_line(), u)) {
        Event e;
        e.kind = EventKind::UncalledReturned;
        e.seat = seat_of_player(u.player);
        e.street = street_;
        e.amount = money(u.amount, ln).value_or(0);
        e.line = ln;
        if (e.seat == 0) issue(ln, "a seated player's name", u.player);
        h_.events.push_back(std::move(e));
        return;
      }
    }
    if (cash_drop(line, ln)) return;
    if (auto m = match_player(line)) {
      if (m->colon)
        action_line(m->seat, m->rest, ln);
      else
        note_line(m->seat, m->rest, ln);
      return;
    }
    if (neutral_line(line, ln)) return;
    issue(ln, "a line of a GGPoker hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK in chips)", "*** SUMMARY ***", in_summary_)) return;
    h_.site_added = site_added_;
    // GG's "Total pot" leaves the cash drop out; the model's total pot is the gross pot.
    if (h_.total_pot) *h_.total_pot += site_added_;
  }

  const std::string zone_;
  StreetBets bets_;
  bool in_summary_{false};
  bool board_seen_{false};
  bool cash_drop_seen_{false};
  Money site_added_{0};
};

}  // namespace

Hand parse_hand(const HandText& text, const std::string& file, std::string_view zone) {
  return Builder(text, file, std::string(zone)).build();
}

}  // namespace hh::gg
