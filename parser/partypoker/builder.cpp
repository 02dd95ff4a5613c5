#include "parser/partypoker/builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include "parser/partypoker/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/tournament_results.hpp"

namespace hh::partypoker {

namespace {

constexpr std::string_view kGameNo = "#Game No : ";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// Some exports start a hand (or end a file) with NUL bytes: "\0Game #9582251255 starts.".
std::string_view clean(std::string_view line) {
  while (!line.empty() && line.front() == '\0') line.remove_prefix(1);
  while (!line.empty() && line.back() == '\0') line.remove_suffix(1);
  return trim(line);
}

// Longest first where one name starts another.
constexpr std::array<header::GameName, 12> kGames = {{
    {"Texas Hold'em", games::kHoldem},
    {"Texas Holdem", games::kHoldem},
    {"Hold'em", games::kHoldem},
    {"Holdem", games::kHoldem},
    {"Omaha Hi-Lo", games::kOmahaHiLo},
    {"Omaha Hi", games::kOmaha},
    {"Omaha", games::kOmaha},
    {"Short Deck", games::kShortDeckHoldem},
    {"7 Card Stud Hi-Lo", games::kSevenCardStudHiLo},
    {"7 Card Stud", games::kSevenCardStud},
    // Double Hold'em deals three hole cards and each player keeps two ("selects point card"):
    // no game of the model; the hand is read, its game left unknown.
    {"Double Hold'em", Game{}},
    {"Double Holdem", Game{}},
}};

// "NL", "PL", "FL" as a word of the header, or "(NL)" in the summary dialect.
constexpr std::array<header::LimitName, 6> kLimits = {{
    {"NL", Structure::NoLimit, header::Match::Exact},
    {"PL", Structure::PotLimit, header::Match::Exact},
    {"FL", Structure::FixedLimit, header::Match::Exact},
    {"(NL)", Structure::NoLimit, header::Match::Exact},
    {"(PL)", Structure::PotLimit, header::Match::Exact},
    {"(FL)", Structure::FixedLimit, header::Match::Exact},
}};

constexpr std::array<header::CurrencyMark, 3> kCurrencies = {{
    {"USD", "USD"},
    {"EUR", "EUR"},
    {"GBP", "GBP"},
}};

// The words of a header's description other than the game's and the limit's: every word is one
// of these, one of kGames' or kLimits', a "KEY..." of kKeyed with no letter after the key, or a
// word with no letter (an amount, "$2", "+", "-250)"). Any other word may say how the money is
// read or that the hand is a tournament ("zzyzx: 69421386"): the header is not read.
// The summary dialect's "250/500 Tourney Texas Holdem Game Table (NL) (MTT Tournament #N)
// (Buyin $3.0 + $0.3)" too.
constexpr std::array<std::string_view, 15> kDescriptionWords = {
    "USD",  "EUR",   "GBP",  "Buy-in", "Tourney", "Hand",       "Fee",   "Entry",
    "Game", "Table", "(MTT", "(SNG",   "(STT",    "Tournament", "(Buyin"};
constexpr std::array<std::string_view, 9> kKeyed = {
    "Trny:", "Level:", "Blinds(", "Stakes(", "Blinds-Antes(", "Stakes-Antes(", "$", "€", "£"};

// A letter of a word other than the K of an amount in thousands ("1.4K").
bool has_letter(std::string_view w) {
  for (std::size_t i = 0; i < w.size(); ++i) {
    const char c = w[i];
    if (c == 'K' && i > 0 && is_digit(w[i - 1])) continue;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  }
  return false;
}

// PartyPoker's amounts, in the client's decimal convention (parse_amount_either_decimal); a
// number followed by K counts thousands ("Blinds-Antes(700/1.4K -175)": 1400), read exactly by
// reading the number in a unit a thousand times finer.
std::optional<Money> read_amount(std::string_view text, int unit) {
  const std::string_view t = trim(text);
  if (t.size() > 1 && t.back() == 'K' && is_digit(t[t.size() - 2]))
    return parse_amount_either_decimal(t.substr(0, t.size() - 1), unit * 1000);
  return parse_amount_either_decimal(text, unit);
}

bool known_description_word(std::string_view w) {
  if (!has_letter(w)) return true;
  if (std::find(kDescriptionWords.begin(), kDescriptionWords.end(), w) != kDescriptionWords.end())
    return true;
  for (std::string_view k : kKeyed)
    if (w.starts_with(k) && !has_letter(w.substr(k.size()))) return true;
  for (const header::LimitName& l : kLimits)
    if (w == l.printed) return true;
  for (const header::GameName& g : kGames) {
    std::string_view name = g.printed;
    while (!name.empty()) {
      const std::size_t sp = name.find(' ');
      if (name.substr(0, sp) == w) return true;
      if (sp == std::string_view::npos) break;
      name.remove_prefix(sp + 1);
    }
  }
  return false;
}

constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

// "January" or "Jan" -> 1; 0 when not a month.
int month_number(std::string_view name) {
  for (std::size_t i = 0; i < kMonths.size(); ++i)
    if (name == kMonths[i] || (name.size() == 3 && kMonths[i].starts_with(name)))
      return static_cast<int>(i + 1);
  return 0;
}

// "[  7d Ah 6s 2h ]", "[ 9c , 2s ]", "[ Js, Ad, 8c, 6d ]" -> "7d Ah 6s 2h".
std::string cards_of(std::string_view inside) {
  std::string out;
  std::size_t pos = 0;
  while (pos < inside.size()) {
    std::size_t end = inside.find_first_of(", ", pos);
    if (end == std::string_view::npos) end = inside.size();
    if (end > pos) {
      if (!out.empty()) out += ' ';
      out += inside.substr(pos, end - pos);
    }
    pos = end + 1;
  }
  return out;
}

// The number after `key` ("Trny: 71487580", "Trny:15286975", "Tournament #42974198").
std::string_view number_after(std::string_view text, std::string_view key) {
  std::size_t pos = text.find(key);
  if (pos == std::string_view::npos) return {};
  pos += key.size();
  while (pos < text.size() && text[pos] == ' ') ++pos;
  std::size_t end = pos;
  while (end < text.size() && is_digit(text[end])) ++end;
  return text.substr(pos, end - pos);
}

bool is_money_moving(EventKind k) {
  switch (k) {
    case EventKind::PostSmallBlind:
    case EventKind::PostBigBlind:
    case EventKind::PostBothBlinds:
    case EventKind::PostButtonBlind:
    case EventKind::BringIn:
    case EventKind::Call:
    case EventKind::Bet:
    case EventKind::Raise:
      return true;
    default:
      return false;
  }
}

bool is_voluntary(EventKind k) {
  return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
         k == EventKind::Bet || k == EventKind::Raise;
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : HandBuilder(text, file, "partypoker", &read_amount) {
    // The winner's "wins X" (or the summary's "collected X") holds the uncalled part of their
    // bet: no line returns it (docs/sites/partypoker.md).
    h_.uncalled_style = UncalledStyle::InCollection;
    // The rake comes out of the side pot; the main pot is paid in full.
    h_.rake_from_side_pot = true;
  }

  using HandBuilder::build;

 private:
  // The announcement lines, the banner, the game line and the table line.
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    do {
      if (!cur.next(line)) {
        issue(text_.line, "***** Hand History for Game N *****", "no banner");
        return false;
      }
      line = clean(line);
    } while (line.empty() || announces_hand(line));
    ast::Banner b;
    x3_actions::Expectation why;
    if (!parse_all(line, banner(), b, why)) {
      rejected(cur.line_number(), why, "***** Hand History for Game N *****", line);
      return false;
    }
    // The "#Game No" line of the Mac client carries another number than the banner; fpdb and
    // the site's own replayer go by the banner's.
    h_.site_hand_id = std::string(b.hand_id);
    summary_dialect_ = b.dialect == "For";
    if (!cur.next(line)) return false;
    ast::GameLine g;
    if (!parse_all(clean(line), game_line(), g, why)) {
      rejected(cur.line_number(), why, "STAKES GAME - WEEKDAY, MONTH DAY, HH:MM:SS ZONE YEAR",
               line);
      return false;
    }
    const std::uint32_t game_ln = cur.line_number();
    if (!cur.next(line) || !read_table(clean(line))) {
      issue(cur.line_number(), "Table NAME (Real Money)", line);
      return false;
    }
    if (!read_game(g.description, game_ln)) return false;
    read_date(g, game_ln);
    return true;
  }

  // "Table Speed #1769729 (Real Money)", "Table Algeciras ( Real Money )", "Table (303344128)
  // Table #62 (Real Money) -- Seat 2 is the button".
  bool read_table(std::string_view line) {
    if (!starts_with(line, "Table ")) return false;
    line.remove_prefix(6);
    if (std::size_t b = line.rfind(" -- Seat "); b != std::string_view::npos) {
      std::string_view n = line.substr(b + 9);
      if (std::size_t e = n.find(' '); e != std::string_view::npos) n = n.substr(0, e);
      int seat = 0;
      std::from_chars(n.data(), n.data() + n.size(), seat);
      h_.button_seat = seat;
      line = trim(line.substr(0, b));
    }
    if (std::size_t p = line.rfind('('); p != std::string_view::npos && line.ends_with(")")) {
      play_money_ = line.find("Play Money", p) != std::string_view::npos;
      line = trim(line.substr(0, p));
    }
    h_.table_name = std::string(line);
    return true;
  }

  // The description before the date: stakes (or the cash table's buy-in), limit, game,
  // tournament number and level.
  bool read_game(std::string_view desc, std::uint32_t ln) {
    h_.tournament = desc.find("Trny") != std::string_view::npos ||
                    desc.find("Tourney") != std::string_view::npos;
    if (h_.tournament) {
      h_.tournament_id = std::string(number_after(desc, "Trny:"));
      if (h_.tournament_id.empty())
        h_.tournament_id = std::string(number_after(desc, "Tournament #"));
      // PartyPoker's multi-table tournaments take late entries, and no export prints when
      // registration closes (docs/sites/partypoker.md): only a sit-and-go named so is closed.
      h_.registration_may_be_open = desc.find("(SNG") == std::string_view::npos &&
                                    desc.find("(STT") == std::string_view::npos;
    }
    const std::vector<std::string_view> words = words_of(desc);
    for (std::string_view w : words) {
      if (known_description_word(w)) continue;
      issue(ln, "the game's description (STAKES LIMIT GAME, Trny: N Level: N Blinds(SB/BB), ...)",
            desc);
      return false;
    }
    for (std::string_view w : words) {
      const Structure s = header::structure_of(w, kLimits);
      if (s == Structure::Unknown) continue;
      h_.structure = s;
      h_.limit_text = std::string(w);
      break;
    }
    const header::GameFound game = header::first_game_in(desc, kGames);
    if (!game.name) {
      issue(ln, "a game (Texas Hold'em, Omaha, Omaha Hi-Lo, 7 Card Stud, Short Deck, ...)", desc);
      return false;
    }
    h_.game = game.name->game;
    if (!h_.game.known()) issue(ln, "a game hhaudit models", game.name->printed);
    // Stud is played fixed limit; the header says so only in tournaments ("FL 7 Card Stud").
    if (h_.structure == Structure::Unknown && h_.game.is_stud()) {
      h_.structure = Structure::FixedLimit;
      h_.limit_text = "FL";
    }
    h_.unit = h_.tournament || play_money_ ? 1 : 100;
    h_.currency = h_.tournament || play_money_ ? "" : header::currency_of(desc, kCurrencies);
    return read_stakes(desc, words, ln);
  }

  // "Blinds(20/40)", "Stakes(200/400)", "Blinds-Antes(1,250/2,500 -250)",
  // "Stakes-Antes(60/120-10)"; the summary dialect's leading "800/1600"; cash "$0.10/$0.25 USD".
  // A cash header with one amount ("$2 USD NL Texas Hold'em") names the table's buy-in: the
  // blinds are then read from the posts (blinds_from_posts_).
  bool read_stakes(std::string_view desc, const std::vector<std::string_view>& words,
                   std::uint32_t ln) {
    std::string_view stakes = keyed_stakes(desc);
    if (stakes.empty() && !h_.tournament && !words.empty()) stakes = words.front();
    if (stakes.empty() && summary_dialect_ && !words.empty()) stakes = words.front();
    if (stakes.find('/') == std::string_view::npos) {
      blinds_from_posts_ = true;
      return true;
    }
    return set_stakes_from(stakes, ln);
  }

  // What "Blinds(", "Stakes(", "Blinds-Antes(" or "Stakes-Antes(" holds in `text` ("20/40",
  // "1,250/2,500 -250"); empty when none of them is there.
  static std::string_view keyed_stakes(std::string_view text) {
    for (std::string_view key : {"Blinds(", "Stakes(", "Blinds-Antes(", "Stakes-Antes("}) {
      const std::size_t p = text.find(key);
      if (p == std::string_view::npos) continue;
      const std::size_t e = text.find(')', p);
      if (e == std::string_view::npos) return {};
      return text.substr(p + key.size(), e - p - key.size());
    }
    return {};
  }

  // "SB/BB" or "SB/BB -ANTE" as the hand's stakes (and ante).
  bool set_stakes_from(std::string_view stakes, std::uint32_t ln) {
    const std::size_t slash = stakes.find('/');
    std::string_view small = stakes.substr(0, slash), big = stakes.substr(slash + 1);
    std::string_view ante;
    if (std::size_t dash = big.find('-'); dash != std::string_view::npos) {
      ante = big.substr(dash + 1);
      big = trim(big.substr(0, dash));
    }
    auto sb = money(small, ln), bb = money(big, ln);
    if (!sb || !bb) return false;
    if (!ante.empty())
      if (auto a = money(ante, ln)) h_.ante = *a;
    set_stakes(*sb, *bb);
    return true;
  }

  // A tournament's "Blinds(100/200)" (or "Blinds-Antes(...)") line before the deal: the level
  // the hand is played at, which may be a later one than the header printed (the header is
  // written when the hand is queued, the level changes before the deal). The posts follow this
  // line, and so do the posts derived where none is printed.
  void in_hand_stakes(std::string_view line, std::uint32_t ln) {
    const std::string_view stakes = keyed_stakes(line);
    if (street_ == Street::Setup && stakes.find('/') != std::string_view::npos) {
      if (starts_with(line, "Blinds(") || starts_with(line, "Stakes(")) h_.ante = 0;  // none
      if (set_stakes_from(stakes, ln)) blinds_from_posts_ = false;
    }
    other(line, ln);
  }

  void read_date(const ast::GameLine& g, std::uint32_t ln) {
    const int month = month_number(g.month);
    if (month == 0 || g.zone.empty()) return;  // some exports print no zone: time unknown
    const std::string date =
        std::string(g.year) + "/" + std::to_string(month) + "/" + std::string(g.day);
    set_start_time(date, g.time, g.zone, ln);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    const std::string_view name = sl.name;
    const bool stud = h_.game.is_stud();
    Street next;
    if (name == "Dealing down cards" || name == "Dealing") {
      next = Street::Preflop;
    } else if (name == "Dealing Flop" || name == "Dealing Fourth street") {
      next = Street::Flop;
    } else if (name == "Dealing Turn" || name == "Dealing Fifth street") {
      next = Street::Turn;
    } else if (name == "Dealing Sixth street") {
      next = Street::River;
    } else if (name == "Dealing River") {
      next = stud ? Street::Seventh : Street::River;
    } else if (name == "Summary") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    } else {
      issue(ln, "a street marker (** Dealing down cards **, ** Dealing Flop ** [..], ...)", name);
      return;
    }
    street_ = next;
    if (!sl.cards.empty() && next != Street::Preflop && !stud) {
      Event& e = add_event(EventKind::Board, ln);
      e.cards = EventCards::read(cards_of(sl.cards));
    }
  }

  // The classic dialect's tournament hands often print no blind posts although the blinds are
  // in the pot. They are derived from the button: the small blind is the next player dealt in,
  // the big blind the one after (heads-up the button posts the small blind). A seat counts as
  // dealt in when a line of the hand starts with its name: a player moved to the table sits in
  // the seat list but is dealt in only from the next hand. Each derived post says so in its text
  // (docs/sites/partypoker.md).
  void derive_blinds(std::uint32_t ln) {
    std::vector<int> order;
    for (const Seat& s : h_.seats)
      if (text_.text.find("\n" + s.player + " ") != std::string_view::npos) order.push_back(s.seat);
    std::sort(order.begin(), order.end());
    if (order.size() < 2 || h_.big_blind <= 0 || h_.button_seat <= 0) return;
    auto after = [&](int seat) {
      auto i = std::upper_bound(order.begin(), order.end(), seat);
      return i == order.end() ? order.front() : *i;
    };
    const bool heads_up = order.size() == 2;
    const int sb_seat = heads_up && std::binary_search(order.begin(), order.end(), h_.button_seat)
                            ? h_.button_seat
                            : after(h_.button_seat);
    const int bb_seat = after(sb_seat);
    // Fixed limit stakes are the bets: the blinds are half the small bet and the small bet.
    const Money big = h_.live_big_blind();
    const Money small = h_.structure == Structure::FixedLimit ? big / 2 : h_.small_blind;
    for (auto [seat, kind, amount] : {std::tuple{sb_seat, EventKind::PostSmallBlind, small},
                                      std::tuple{bb_seat, EventKind::PostBigBlind, big}}) {
      const Seat* s = h_.seat_of(seat);
      Event e;
      e.kind = kind;
      e.street = Street::Setup;
      e.seat = seat;
      e.amount = std::clamp<Money>(s->stack - ante_of(seat), 0, amount);
      e.all_in = e.amount < amount;
      e.line = ln;
      e.text = "derived: the export prints no blind posts";
      bets_.apply(e);
      note_bet(e);
      h_.events.push_back(std::move(e));
    }
  }

  Money ante_of(int seat) const {
    Money a = 0;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::PostAnte && e.seat == seat) a += e.amount;
    return a;
  }

  // The largest street total so far on the current round (an all-in is a call or a raise by it).
  void note_bet(const Event& e) {
    const Street round = e.street == Street::Setup ? Street::Preflop : e.street;
    if (round != max_street_) {
      max_street_ = round;
      max_bet_ = 0;
    }
    if (is_money_moving(e.kind)) max_bet_ = std::max(max_bet_, e.to);
  }

  Money max_bet_on(Street s) {
    const Street round = s == Street::Setup ? Street::Preflop : s;
    return round == max_street_ ? max_bet_ : 0;
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln, "an action (folds, checks, calls [X], bets [X], raises [X], is all-In [X], ...)",
            rest);
      return;
    }
    if (a.verb == ast::Verb::Other && a.all_in) {  // "is all-In." after the action it ended
      for (auto e = h_.events.rbegin(); e != h_.events.rend(); ++e)
        if (e->seat == seat && is_money_moving(e->kind)) {
          e->all_in = true;
          break;
        }
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    e.cards = EventCards::read(cards_of(a.cards));
    if (e.kind == EventKind::Shows || e.kind == EventKind::Mucks ||
        e.kind == EventKind::Collected) {
      if (street_ != Street::Showdown && !in_summary_) street_ = Street::Showdown;
      e.street = Street::Showdown;
    }
    if (e.kind == EventKind::Collected) collected_ = true;
    if (street_ == Street::Setup && is_voluntary(e.kind)) street_ = Street::Preflop;
    e.street =
        e.kind == EventKind::Collected || e.kind == EventKind::Shows || e.kind == EventKind::Mucks
            ? Street::Showdown
            : street_;
    if (e.kind == EventKind::Bet && a.all_in) {
      // "is all-In [X]": X is the chips put in; what it is depends on the bet it faces.
      const Money faced = max_bet_on(e.street);
      const Money to = bets_.committed(e) + e.amount;
      if (faced > 0 && to <= faced)
        e.kind = EventKind::Call;
      else if (faced > 0)
        e.kind = EventKind::Raise;
    }
    if (e.kind == EventKind::Bet && e.street == Street::Preflop && max_bet_on(e.street) > 0)
      e.kind = EventKind::Raise;
    if (is_voluntary(e.kind) && e.street == Street::Preflop && !blind_seen_ && h_.tournament &&
        !summary_dialect_ && !h_.game.is_stud() && !derived_) {
      derived_ = true;
      derived_line_ = ln;
      derive_blinds(ln);
    }
    if (e.kind == EventKind::PostSmallBlind || e.kind == EventKind::PostBigBlind ||
        e.kind == EventKind::PostBothBlinds || e.kind == EventKind::PostButtonBlind)
      blind_seen_ = true;
    if (blinds_from_posts_) {
      if (e.kind == EventKind::PostSmallBlind) h_.small_blind = std::max(h_.small_blind, e.amount);
      if (e.kind == EventKind::PostBigBlind) {
        h_.big_blind = std::max(h_.big_blind, e.amount);
        if (const Seat* s = h_.seat_of(seat); s && e.amount >= s->stack) short_big_blind_ = true;
      }
    }
    bets_.apply(e);  // every amount is the chips the action adds: StreetBets sets `to`
    note_bet(e);
    h_.events.push_back(std::move(e));
  }

  // "Player3 is sitting outPlayer4 posts big blind [$0,25 USD]." and "...with two pairs, Aces
  // and Queens.Player4 wins $27,36 USD ...": the Mac client glues some lines together. The split
  // happens only before a seated player's name followed by a verb that starts a line.
  std::pair<std::string_view, std::string_view> unglue(std::string_view line) const {
    for (const Seat& s : h_.seats) {
      for (std::string_view glue : {std::string_view("is sitting out"), std::string_view(".")}) {
        std::size_t p = line.find(glue);
        while (p != std::string_view::npos) {
          std::string_view after = line.substr(p + glue.size());
          if (starts_with(after, s.player) && after.size() > s.player.size() &&
              after[s.player.size()] == ' ' && p > 0) {
            std::string_view verb = after.substr(s.player.size() + 1);
            if (starts_with(verb, "wins ") || starts_with(verb, "posts "))
              return {line.substr(0, p + glue.size()), after};
          }
          p = line.find(glue, p + 1);
        }
      }
    }
    return {line, {}};
  }

  void read_line(std::string_view raw_line, std::uint32_t ln) override {
    std::string_view line = clean(raw_line);
    if (line.empty()) return;
    auto [first, second] = unglue(line);
    read_one(first, ln);
    if (!second.empty()) read_one(second, ln);
  }

  // A player who joins during the hand has no seat line (or one with the stack before the buy-in
  // arrived): seated at the first free number, stack unknown.
  void joined(std::string_view name, std::uint32_t ln) {
    if (int seat = seat_of_player(name)) {
      for (Seat& s : h_.seats)
        if (s.seat == seat && s.stack == 0) s.stack_unknown = true;
      other(name, ln);
      return;
    }
    Seat s;
    s.seat = 1;
    while (h_.seat_of(s.seat)) ++s.seat;
    s.player = std::string(name);
    s.stack_unknown = true;
    add_seat(std::move(s), ln);
  }

  // "zejnikogoj raises [$1.75 USD]" by a name no seat line gives: some exports rename a player
  // in the seat lines only, and another dialect may print a name differently. Whose seat it is
  // is not known, so the line is not read: an issue naming the player, no seat invented (a seat
  // made up for it would change whose turn it was from the start of the hand).
  bool unseated_action(std::string_view line, std::uint32_t ln) {
    for (std::size_t sp = line.find(' '); sp != std::string_view::npos;
         sp = line.find(' ', sp + 1)) {
      ast::Action a;
      if (sp == 0 || !parse_all(line.substr(sp + 1), action(), a)) continue;
      const std::string_view name = line.substr(0, sp);
      issue(ln, "a seated player (no seat line names \"" + std::string(name) + "\")", line);
      // The hand's end is there, if not read: the hand is read up to its summary all the same.
      if (a.verb == ast::Verb::Collected) collected_ = true;
      return true;
    }
    return false;
  }

  // "Seat 3 is the button" and the seat lines, before the deal; false for another line.
  bool setup_seat_line(std::string_view line, std::uint32_t ln) {
    if (line.ends_with(" is the button")) {
      std::string_view n = line.substr(5, line.size() - 5 - 14);
      int seat = 0;
      auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), seat);
      if (ec == std::errc() && p == n.data() + n.size()) {
        h_.button_seat = seat;
        return true;
      }
    }
    ast::SeatLine sl;
    if (!parse_all(line, seat_line(), sl)) return false;
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    add_seat(std::move(s), ln);
    return true;
  }

  // The lines kept as notes: counts, tournament levels, pots the site creates, the board. "Main
  // Pot: 35656500 Side Pot 1: 3767420" in the summary: the pots after the uncalled part went
  // back, while the "collected" amounts include it; the audit builds the pots.
  bool note_line(std::string_view line) const {
    return starts_with(line, "Total number of players") || announces_hand(line) ||
           starts_with(line, "Trny:") || starts_with(line, "Level:") || starts_with(line, ">") ||
           starts_with(line, "There was no qualifying low hand") ||
           starts_with(line, "Creating Main Pot") || starts_with(line, "Creating Side Pot") ||
           starts_with(line, "Board: ") || (in_summary_ && starts_with(line, "Main Pot: "));
  }

  // "Dealt to NAME [ Ah Kd ]"; false for another line.
  bool dealt_line(std::string_view line, std::uint32_t ln) {
    auto m = player_then(line.substr(9), " ");
    if (!m || !starts_with(m->second, "[")) return false;
    std::string_view inside = m->second.substr(1);
    if (std::size_t e = inside.find(']'); e != std::string_view::npos) inside = inside.substr(0, e);
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    e.cards = EventCards::read(cards_of(inside));
    return true;
  }

  void read_one(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (street_ == Street::Setup && (starts_with(line, "Seat ") || starts_with(line, "seat")) &&
        setup_seat_line(line, ln))
      return;
    if (starts_with(line, "Blinds(") || starts_with(line, "Stakes(") ||
        starts_with(line, "Blinds-Antes(") || starts_with(line, "Stakes-Antes(")) {
      in_hand_stakes(line, ln);
      return;
    }
    if (note_line(line)) {
      other(line, ln);
      return;
    }
    if (starts_with(line, "Dealt to ") && dealt_line(line, ln)) return;
    if (line.ends_with(" has joined the table.")) {
      joined(line.substr(0, line.size() - 22), ln);
      return;
    }
    if (auto m = player_then(line, " ")) {
      action_line(m->first, m->second, ln);
      return;
    }
    if (auto m = player_then(line, ": ")) {  // chat
      Event& e = add_event(EventKind::Chat, ln);
      e.seat = m->first;
      e.text = std::string(m->second);
      return;
    }
    // "Player Player8 finished in 4 169.": a tournament note naming the player after "Player ",
    // kept as the seated player's Other event ("finished in 4 169."), read into Hand::finishes
    // by finish().
    if (starts_with(line, "Player ") && line.find(" finished in ") != std::string_view::npos) {
      if (auto m = player_then(line.substr(7), " "); m && starts_with(m->second, "finished in ")) {
        Event& e = add_event(EventKind::Other, ln);
        e.seat = m->first;
        e.text = std::string(m->second);
      } else {
        other(line, ln);  // a player the hand does not seat
      }
      return;
    }
    if (unseated_action(line, ln)) return;
    issue(ln, "a line of a PartyPoker hand (a seated player's action, a street, ...)", line);
  }

  void finish() override {
    // Blinds derived from who plays (derive_blinds) are not known when a line of the play was
    // not read: the derivation is itself a gap, from where the posts would stand.
    if (derived_ && !h_.issues.empty())
      issue(derived_line_,
            "the blind posts this export does not print, derived from a play read whole",
            "a line of the play not read");
    // A big blind all-in for less than the blind tells nothing of the stakes: twice the small
    // blind is the table's big blind then.
    if (blinds_from_posts_ && short_big_blind_)
      h_.big_blind = std::max(h_.big_blind, 2 * h_.small_blind);
    if (!finish_hand("Seat N: PLAYER ( STACK )", "\"NAME wins X\" line", collected_)) return;
    if (h_.tournament) tournament_results::read_from_events(h_);
  }

  StreetBets bets_;
  Street max_street_{Street::Preflop};
  Money max_bet_{0};
  bool summary_dialect_{false};
  bool in_summary_{false};
  bool play_money_{false};
  bool blinds_from_posts_{false};
  bool short_big_blind_{false};
  bool blind_seen_{false};
  bool derived_{false};
  std::uint32_t derived_line_{0};
  bool collected_{false};
};

}  // namespace

bool is_game_starts(std::string_view line) {
  line = clean(line);
  if (!starts_with(line, "Game #") || !line.ends_with(" starts.")) return false;
  return all_digits(line.substr(6, line.size() - 6 - 8));
}

bool announces_hand(std::string_view line) {
  line = clean(line);
  if (is_game_starts(line)) return true;
  return starts_with(line, kGameNo) && all_digits(line.substr(kGameNo.size()));
}

bool is_banner(std::string_view line) {
  line = clean(line);
  return starts_with(line, "***** Hand History for Game ") ||
         starts_with(line, "***** Hand History For Game ");
}

bool is_hand_start(std::string_view line) { return announces_hand(line) || is_banner(line); }

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::partypoker
