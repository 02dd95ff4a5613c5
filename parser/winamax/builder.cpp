#include "parser/winamax/builder.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/winamax/grammar.hpp"

namespace hh::winamax {

namespace {

constexpr std::string_view kStart = "Winamax Poker - ";

// Winamax's game names and the model's.
constexpr std::array<header::GameName, 14> kGames = {{
    {"Holdem", games::kHoldem},
    {"Omaha", games::kOmaha},
    {"Omaha5", games::kOmaha5},
    {"5 Card Omaha", games::kOmaha5},
    {"Omaha8", games::kOmahaHiLo},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"5 Card Omaha Hi/Lo", games::kOmaha5HiLo},
    {"7-Card Stud", games::kSevenCardStud},
    {"7stud", games::kSevenCardStud},
    {"7-Card Stud Hi/Lo", games::kSevenCardStudHiLo},
    {"7stud8", games::kSevenCardStudHiLo},
    {"Razz", games::kRazz},
    {"2-7 Triple Draw", games::kTripleDraw27},
    {"Lowball27", games::kTripleDraw27},
}};

using header::Match;
constexpr std::array<header::LimitName, 3> kLimits = {{
    {"no limit", Structure::NoLimit, Match::Exact},
    {"pot limit", Structure::PotLimit, Match::Exact},
    {"fixed limit", Structure::FixedLimit, Match::Exact},
}};

constexpr std::array<header::CurrencyMark, 3> kCurrencies = {{
    {"€", "EUR"},
    {"$", "USD"},
    {"£", "GBP"},
}};  // none: play money

// Street markers. Draw games print a "-BET" marker for each betting round and a "-DRAW" marker
// for each draw; the model puts a draw and the betting after it on the same street.
struct StreetName {
  std::string_view printed;
  Street street;
};
constexpr std::array<StreetName, 23> kStreets = {{
    {"ANTE/BLINDS", Street::Setup},  {"PRE-FLOP", Street::Preflop},
    {"FLOP", Street::Flop},          {"TURN", Street::Turn},
    {"RIVER", Street::River},        {"SHOW DOWN", Street::Showdown},
    {"3rd STREET", Street::Preflop}, {"4th STREET", Street::Flop},
    {"5th STREET", Street::Turn},    {"6th STREET", Street::River},
    {"7th STREET", Street::Seventh}, {"THIRD", Street::Preflop},
    {"FOURTH", Street::Flop},        {"FIFTH", Street::Turn},
    {"SIXTH", Street::River},        {"SEVENTH", Street::Seventh},
    {"FIRST-BET", Street::Preflop},  {"FIRST-DRAW", Street::Flop},
    {"SECOND-BET", Street::Flop},    {"SECOND-DRAW", Street::Turn},
    {"THIRD-BET", Street::Turn},     {"THIRD-DRAW", Street::River},
    {"FOURTH-BET", Street::River},
}};

// "Super Freeroll Stade 1(26465144)#0": the tournament number is the last "(N)#" group.
std::string tournament_of_table(std::string_view name) {
  std::size_t hash = name.rfind(")#");
  if (hash == std::string_view::npos) return "";
  std::size_t open = name.rfind('(', hash);
  if (open == std::string_view::npos) return "";
  std::string_view id = name.substr(open + 1, hash - open - 1);
  if (id.empty() || id.find_first_not_of("0123456789") != std::string_view::npos) return "";
  return std::string(id);
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "winamax") {
    // Winamax prints cents on chips too ("7410.50" in tournaments, "212.27" in play money).
    h_.unit = 100;
    // Never an "Uncalled bet" line: the excess is paid inside the bettor's collection.
    h_.uncalled_style = UncalledStyle::InCollection;
    // One "collected X from main pot" may hold the main pot and the side pots the same player won
    // (issue 19): the audit splits such a line over the pots that player could win.
    h_.collections_may_merge_pots = true;
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why,
               "a Winamax header: Winamax Poker - KIND - HandId: #ID - GAME LIMIT (STAKES) - "
               "YYYY/MM/DD HH:MM:SS UTC",
               line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = starts_with(hd.kind, "Tournament");
    if (const header::GameName* g = header::game_named(hd.game, kGames)) h_.game = g->game;
    if (!h_.game.known()) {
      issue(ln, "a known game (Holdem, Omaha, Omaha5, Omaha8, 7stud, Razz, Lowball27, ...)",
            hd.game);
      return false;
    }
    stud_ = h_.game.is_stud();
    h_.limit_text = std::string(hd.limit);
    h_.structure = header::structure_of(hd.limit, kLimits);
    h_.currency = h_.tournament ? std::string() : header::currency_of(hd.stakes, kCurrencies);
    // "SB/BB", or "ANTE/SB/BB" (tournaments with antes; stud: ante/small bet/big bet).
    std::vector<Money> stakes;
    std::string_view rest = hd.stakes;
    while (true) {
      std::size_t slash = rest.find('/');
      auto m = money(rest.substr(0, slash), ln);
      if (!m) return false;
      stakes.push_back(*m);
      if (slash == std::string_view::npos) break;
      rest.remove_prefix(slash + 1);
    }
    if (stakes.size() != 2 && stakes.size() != 3) {
      issue(ln, "stakes as (SB/BB) or (ANTE/SB/BB)", hd.stakes);
      return false;
    }
    if (stakes.size() == 3) h_.ante = stakes[0];
    h_.small_blind = stakes[stakes.size() - 2];
    h_.big_blind = stakes.back();
    if (h_.structure == Structure::FixedLimit) {
      // As in PokerStars-format headers, fixed-limit stakes are the two bet sizes.
      h_.small_bet = h_.small_blind;
      h_.big_bet = h_.big_blind;
    }
    // Winamax prints UTC; a missing zone is read as UTC too rather than losing the time.
    set_start_time(hd.date, hd.time, hd.zone.empty() ? "UTC" : hd.zone, ln);
    return true;
  }

  // A seated player's name at the start of the line, longest name first, then one space.
  std::optional<std::pair<int, std::string_view>> match_player(std::string_view line) const {
    return player_then(line, " ");
  }

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    // Bounties are in the buy-in currency ("9€ bounty"): cents, like the unit.
    if (!sl.bounty.empty())
      if (auto b = money(sl.bounty, ln)) s.bounty = *b;
    add_seat(std::move(s), ln);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    if (sl.name == "SUMMARY") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    const StreetName* found = nullptr;
    for (const StreetName& s : kStreets)
      if (sl.name == s.printed) found = &s;
    if (!found) {
      issue(ln, "a street marker (*** PRE-FLOP ***, *** FLOP ***, *** 3rd STREET ***, ...)",
            sl.name);
      return;
    }
    street_ = found->street;
    // "*** TURN *** [9s Ts Kc][3h]": the last group holds the new cards.
    if (!sl.cards.empty() && !stud_ && street_ != Street::Setup && street_ != Street::Preflop) {
      Event e;
      e.kind = EventKind::Board;
      e.street = street_;
      e.cards = EventCards::read(sl.cards.back());
      e.line = ln;
      h_.events.push_back(std::move(e));
    }
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln,
            "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., collected X "
            "from pot, shows [..])",
            rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    if (a.verb == ast::Verb::BigBlind && a.out_of_position && e.amount == 0 &&
        merge_both_blinds(seat)) {
      // Kept as a note: the chips are already in the post of both blinds.
      e.kind = EventKind::Other;
      e.text = std::string(rest);
    }
    bets_.apply(e);
    h_.events.push_back(std::move(e));
  }

  // A player coming back posts both blinds as "posts small blind S+B out of position" then
  // "posts big blind 0 out of position" (cash hand 9260931-103-1479198677: 3€ at 1€/2€, then
  // checks preflop). The first post becomes PostBothBlinds, live up to the big blind, dead above.
  bool merge_both_blinds(int seat) {
    for (auto it = h_.events.rbegin(); it != h_.events.rend(); ++it) {
      if (it->street != Street::Setup) break;
      if (it->seat != seat) continue;
      if (it->kind != EventKind::PostDead) return false;
      it->kind = EventKind::PostBothBlinds;
      it->dead = std::max<Money>(0, it->amount - h_.live_big_blind());
      it->to = it->amount - it->dead;
      // Nothing else was bet by this seat yet: register the live part with the street bets.
      Event live = *it;
      bets_.apply(live);
      return true;
    }
    return false;
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Total pot ")) {
      ast::TotalLine t;
      if (!parse_all(line, total_line(), t)) {
        issue(ln, "Total pot X | Rake R (or | No rake)", line);
        return;
      }
      for (std::string_view o : t.others) issue(ln, "Rake R or No rake after Total pot", o);
      std::optional<Money> rake;
      if (t.no_rake) rake = 0;
      if (!t.rake.empty()) rake = money(t.rake, ln);
      h_.rake = rake;
      h_.totals_line = ln;
      if (t.total.ends_with('k')) {
        // "15.52k": rounded to three significant digits, so not the pot. Left unset (the audit
        // derives it and says it could not check it); the line stays as a note.
        other(line, ln);
      } else if (auto net = money(t.total, ln); net && rake) {
        // Winamax prints the pot net of rake; the model's total is gross.
        h_.total_pot = *net + *rake;
      }
      return;
    }
    if (starts_with(line, "Board: [")) return;
    if (starts_with(line, "Seat ")) {
      ast::SummarySeatLine s;
      if (!parse_all(line, summary_seat_line(), s)) {
        issue(ln, "Seat N: PLAYER ...", line);
        return;
      }
      summary_seat(s, ln);
      return;
    }
    issue(ln, "a summary line (Total pot, Board, Seat N: ...)", line);
  }

  // The money of a summary seat line after the player, up to the hand it shows (" with Two
  // pairs : 9 and 5" holds numbers that are not money), cards left out: every word that starts
  // with a digit or a currency sign is the amount after "won ", read whole. Returns the first one
  // not read.
  std::string_view unread_money(std::string_view rest) const {
    if (std::size_t with = rest.find(" with "); with != std::string_view::npos)
      rest = rest.substr(0, with);
    std::size_t i = 0;
    while (i < rest.size()) {
      if (rest[i] == '[') {  // cards
        const std::size_t close = rest.find(']', i);
        if (close == std::string_view::npos) return {};
        i = close + 1;
        continue;
      }
      const std::size_t end = std::min(rest.find(' ', i), rest.size());
      const std::string_view word = rest.substr(i, end - i);
      const bool money_like =
          !word.empty() && ((word[0] >= '0' && word[0] <= '9') || starts_with(word, "€") ||
                            word[0] == '$' || starts_with(word, "£"));
      const bool after_won = rest.substr(0, i).ends_with("won ");
      if (after_won ? !is_amount(word) : money_like) return word;
      i = end + 1;
    }
    return {};
  }

  void summary_seat(const ast::SummarySeatLine& s, std::uint32_t ln) {
    std::string_view rest = s.rest;
    std::string player;
    if (const Seat* seat = h_.seat_of(static_cast<int>(s.seat));
        seat && starts_with(rest, seat->player)) {
      player = seat->player;
      rest.remove_prefix(seat->player.size());
    } else {
      std::size_t space = rest.find(' ');
      player = std::string(rest.substr(0, space));
      rest.remove_prefix(space == std::string_view::npos ? rest.size() : space);
    }
    if (std::string_view bad = unread_money(rest); !bad.empty()) {
      issue(ln, "a summary seat's money: won X, with X an amount", bad);
      return;
    }
    ast::SummaryMoney sm;
    parse_start(rest, summary_money(), sm);
    // Hi/Lo hands print one line per half for the same seat: one SummarySeat adds them up.
    auto it = std::find_if(h_.summary.begin(), h_.summary.end(), [&](const SummarySeat& x) {
      return x.seat == static_cast<int>(s.seat);
    });
    if (it == h_.summary.end()) {
      SummarySeat out;
      out.seat = static_cast<int>(s.seat);
      out.player = std::move(player);
      out.line = ln;
      h_.summary.push_back(std::move(out));
      it = h_.summary.end() - 1;
    }
    add_won(*it, sm.amounts, ln);
    it->line = ln;  // a Hi/Lo seat's summary ends at its last line
    it->folded |= rest.find(" folded") != std::string_view::npos;
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
    if (starts_with(line, "Table: ") && h_.table_name.empty()) {
      ast::TableLine t;
      if (parse_all(line, table_line(), t)) {
        h_.table_name = std::string(t.name);
        h_.max_seats = static_cast<int>(t.max_seats);
        h_.button_seat = static_cast<int>(t.button);
        if (h_.tournament) h_.tournament_id = tournament_of_table(t.name);
        return;
      }
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup && h_.events.empty()) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ") && dealt_hole_cards(line.substr(9), ln)) return;
    if (auto m = match_player(line)) {
      action_line(m->first, m->second, ln);
      return;
    }
    issue(ln, "a line of a Winamax hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK)", "*** SUMMARY ***", in_summary_)) return;
  }

  StreetBets bets_;
  bool in_summary_{false};
  bool stud_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  return starts_with(line, kStart);
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::winamax
