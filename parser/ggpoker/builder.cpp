#include "parser/ggpoker/builder.hpp"

#include <date/date.h>
#include <date/tz.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <map>

#include "parser/ggpoker/grammar.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"

namespace hh::gg {

namespace {

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
constexpr std::array<header::GameName, 13> kGames = {{
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"PLO Hi/Lo", games::kOmahaHiLo, Structure::PotLimit},
    {"PLO-6", games::kOmaha6, Structure::PotLimit},
    {"PLO6", games::kOmaha6, Structure::PotLimit},
    {"PLO-5", games::kOmaha5, Structure::PotLimit},
    {"PLO5", games::kOmaha5, Structure::PotLimit},
    {"PLO", games::kOmaha, Structure::PotLimit},
    {"Omaha", games::kOmaha},
    {"ShortDeck", games::kShortDeckHoldem},
    {"Short Deck", games::kShortDeckHoldem},
    {"6+ Hold'em", games::kShortDeckHoldem},
    {"Hold'em", games::kHoldem},
    {"Holdem", games::kHoldem},
}};

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
  // Short Deck prints one number, the ante (and button blind): "ShortDeck No Limit ($0.02)".
  close = desc.rfind(')');
  std::size_t o = close == std::string_view::npos ? close : desc.rfind('(', close);
  if (o != std::string_view::npos) {
    std::string_view inner = desc.substr(o + 1, close - o - 1);
    const bool one_amount =
        std::any_of(inner.begin(), inner.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        std::none_of(inner.begin(), inner.end(), [](char c) {
          return c == ' ' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        });
    if (one_amount) {
      open = o;
      return inner;
    }
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
  const header::GameFound found = header::last_game_in(game_part, kGames);
  if (!found.name) return;
  h.game = found.name->game;
  std::string_view limit = trim(game_part.substr(found.end()));
  h.limit_text = std::string(limit);
  h.structure = header::structure_of(trim(limit), stars_family::kLimits);
  if (h.structure == Structure::Unknown) h.structure = found.name->implied;
  if (h.limit_text.empty() && found.name->implied == Structure::PotLimit)
    h.limit_text = "Pot Limit";
}

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

// Lines naming no seated player that only GG writes (the family's own are shared).
constexpr std::array<std::string_view, 2> kNeutralPhrases = {" joins the table",
                                                             " for splitting the elimination"};
constexpr std::array<std::string_view, 2> kNeutralStarts = {"Hand was run ", "The hand was run "};
constexpr std::array<std::string_view, 2> kSitsOut = {": sits out", " is sitting out"};

constexpr std::array<stars_family::StreetName, 8> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"PREFLOP", Street::Preflop},
    {"PRE-FLOP", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"SHOWDOWN", Street::Showdown},
    {"SHOW DOWN", Street::Showdown},
}};

class Builder : stars_family::StarsFamilyBuilder {
 public:
  Builder(const HandText& text, const std::string& file, std::string zone)
      : StarsFamilyBuilder(text, file, "ggpoker", "GGPoker",
                           {kNeutralPhrases, kNeutralStarts, kSitsOut}),
        zone_(std::move(zone)) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why,
               "a GGPoker header: Poker Hand #ID: GAME LIMIT (SB/BB) - YYYY/MM/DD HH:MM:SS", line);
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
    h_.currency =
        h_.tournament ? std::string() : header::currency_of(stakes, stars_family::kCurrencies);
    h_.unit = h_.currency.empty() ? 1 : 100;
    if (!read_stakes(stakes, ln)) return false;
    std::string zone = zone_;
    if (!hd.zone.empty() && find_zone(hd.zone)) zone = std::string(hd.zone);
    h_.started_at_utc = to_utc(hd.date, hd.time, zone);
    return true;
  }

  // "$2/$5", "300/600", "1,000/2,000", "$0.1/$0.25 USD", "100/200/25" (an ante third),
  // "ante 1, 2" (ante and button blind, Short Deck) and Short Deck's one stake "$0.02".
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
    if (slash == std::string_view::npos) {
      // "($0.02)": Short Deck's one stake, the ante, which the button blind equals (GG posts
      // "posts the ante $0.02" by everyone and "posts button blind $0.02").
      if (h_.game != games::kShortDeckHoldem) {
        issue(ln, "stakes as (SMALL/BIG)", stakes);
        return false;
      }
      auto stake = money(word(trim(stakes)), ln);
      if (!stake) return false;
      h_.ante = *stake;
      h_.big_blind = *stake;
      return true;
    }
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

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) override {
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
    std::optional<Street> next = street_named(name, kStreets, sl, ln);
    if (!next) return;
    enter_street(*next, index);
    if (sl.cards.empty() || *next == Street::Preflop || *next == Street::Showdown) return;
    // "*** TURN *** [Jh 8h Ts] [Th]" with no flop line before it (all-in or fold hands): the
    // first group is the flop, dealt now too.
    if (sl.cards.size() > 1 && index == 0 && !board_seen_)
      board_event(Street::Flop, index, sl.cards.front(), ln);
    board_event(*next, index, sl.cards.back(), ln);
    board_seen_ = true;
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, note(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., straddle X, "
           "shows [..])";
  }
  std::string note_form() const override {
    return "a note (collected X from pot, said, has timed out, ...)";
  }

  // Resolves "raises BY to TO" and "straddle TO" into chips put in (StreetBets).
  void apply_bet(Event& e, std::uint32_t ln) override {
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

  // "Cash Drop to Pot : total $X": money GG adds to the pot.
  bool site_line(std::string_view line, std::uint32_t ln) override {
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

  void read_total_line(std::string_view line, std::uint32_t ln) override {
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

  // "Dealt to NAME" (cards not shown: GG prints one line for every seat dealt in) or "Dealt to
  // NAME [Ad Jd Jc Ks]"; always taken as read, with an issue when no seated player is named.
  bool dealt_line(std::string_view rest, std::uint32_t ln) override {
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
      Event& e = add_event(EventKind::DealtHole, ln);
      e.seat = seat;
      e.cards = EventCards::read(cards);
      return true;
    }
    issue(ln, "Dealt to PLAYER [CARDS] with a seated player", rest);
    return true;
  }

  // GG prints the Cash Drop two ways: its "Total pot" leaves the drop out (the model's total pot,
  // the gross pot, is then the printed total plus the drop), or already holds it (Rush & Cash,
  // 2021: "Cash Drop to Pot : total $0.2", "Total pot $2.81" where the players put in $2.61). The
  // hand's own numbers decide, so the drop is never counted twice: a total equal to what the
  // players put in plus the drop holds it; one equal to what they put in leaves it out. A total
  // that is neither stays as printed, and the audit's TOTAL_POT_MISMATCH names it.
  void finish_site() override {
    if (!h_.total_pot || site_added_ == 0) return;
    const Money put_in = money_put_in();
    if (*h_.total_pot == put_in) *h_.total_pot += site_added_;
  }

  // What the players put into the pots: every forced bet and bet, less what came back uncalled.
  Money money_put_in() const {
    Money sum = 0;
    for (const Event& e : h_.events) {
      if (puts_chips_in(e.kind)) sum += e.amount;
      if (e.kind == EventKind::UncalledReturned) sum -= e.amount;
    }
    return sum;
  }

  const std::string zone_;
  bool board_seen_{false};
  bool cash_drop_seen_{false};
};

}  // namespace

Hand parse_hand(const HandText& text, const std::string& file, std::string_view zone) {
  return Builder(text, file, std::string(zone)).build();
}

}  // namespace hh::gg
