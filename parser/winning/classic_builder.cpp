// The classic WPN export ("Game started at: ..."), read by its own builder: its lines share
// nothing with the PokerStars family but the "Uncalled bet (X) returned to NAME" line.
#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <string>

#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/winning/builder.hpp"
#include "parser/winning/grammar.hpp"

namespace hh::winning {

namespace {

constexpr std::string_view kStarted = "Game started at: ";

// The game closes the header's description: "(PRR) Xana (Omaha HiLow)", "... (Six Plus Hold'em)",
// "PMS_27056799 (Hold'em) 8-max". The name ending last wins, the longest at the same end.
constexpr std::array<header::GameName, 4> kGames = {{
    {"Six Plus Hold'em", games::kShortDeckHoldem},
    {"Omaha HiLow", games::kOmahaHiLo},
    {"Hold'em", games::kHoldem},
    {"Omaha", games::kOmaha},
}};

constexpr std::array<stars_family::StreetName, 3> kStreets = {{
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
}};

class ClassicBuilder : HandBuilder {
 public:
  ClassicBuilder(const HandText& text, const std::string& file)
      : HandBuilder(text, file, shared::kSite) {
    // A split's odd chips all go to the first winner after the small blind (issue 33, point 14).
    h_.odd_chips_whole_after_small_blind = true;
    // Over a big blind all-in for less, a call goes up to the nominal big blind and the excess
    // comes back as an uncalled bet (issue 33, point 13): the full blind is owed.
    h_.full_big_blind_always_owed = true;
  }

  using HandBuilder::build;

 private:
  // "Game started at: DATE TIME", then (after blank lines in UTF-16 exports) "Game ID: ...".
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!cur.next(line) || !is_classic_start(line)) {
      issue(cur.line_number(), "Game started at: YYYY/MM/DD HH:MM:SS", line);
      return false;
    }
    const std::uint32_t start_ln = cur.line_number();
    std::string_view when = trim(trim(line).substr(kStarted.size()));
    const std::size_t space = when.find(' ');
    // WPN prints no time zone: the time is read as UTC (docs/sites/winning.md).
    if (space != std::string_view::npos)
      h_.started_at_utc = to_utc(when.substr(0, space), trim(when.substr(space + 1)), "UTC");
    if (h_.started_at_utc.empty()) issue(start_ln, "a date and time (YYYY/M/D H:M:S)", when);
    while (cur.next(line) && trim(line).empty()) {
    }
    line = trim(line);
    ast::ClassicGame g;
    x3_actions::Expectation why;
    if (!parse_all(line, classic_game(), g, why)) {
      rejected(cur.line_number(), why, "Game ID: N SB/BB TABLE (GAME)", line);
      return false;
    }
    h_.site_hand_id = std::string(g.hand_id);
    read_description(g.description, cur.line_number());
    auto sb = money(g.small_blind, cur.line_number());
    auto bb = money(g.big_blind, cur.line_number());
    if (!sb || !bb) return false;
    // The stakes are the blinds at hold'em and omaha tables but twice the blinds at Omaha HiLow
    // and fixed limit ones ("20/40" over blinds of 10 and 20), and the export never says which:
    // finish() takes the blinds from the posts when there are any.
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    cap_table_ = shared::is_cap_table(g.description);
    return true;
  }

  // "(PRR) Xana (Omaha HiLow)", "$5 Regular 9-Max, Table 1 (Hold'em)", "PM Hold`em 5/10 (Hold'em)".
  void read_description(std::string_view desc, std::uint32_t ln) {
    const header::GameFound found = header::last_game_in(desc, kGames);
    if (!found.name) {
      issue(ln, "a game in brackets (Hold'em, Omaha, Omaha HiLow, Six Plus Hold'em)", desc);
      return;
    }
    h_.game = found.name->game;
    std::string_view table = trim(desc.substr(0, found.pos));
    if (table.ends_with('(')) table = trim(table.substr(0, table.size() - 1));
    // Tournaments: "$5 Regular 9-Max, Table 1"; the tournament's number is not printed.
    if (std::size_t t = table.rfind(", Table "); t != std::string_view::npos) {
      h_.tournament = true;
      h_.table_name = std::string(table.substr(t + 8));
    } else {
      h_.table_name = std::string(table);
    }
    // Chips in tournaments; play money ("PM Hold`em") in hundredths as real money; real money
    // tables are in US dollars (WPN's only cash currency).
    h_.unit = h_.tournament ? 1 : 100;
    h_.currency = h_.tournament || starts_with(desc, "PM ") ? "" : "USD";
    if (std::size_t m = desc.find("-Max"); m != std::string_view::npos) read_max_seats(desc, m);
    if (std::size_t m = desc.find("-max"); m != std::string_view::npos) read_max_seats(desc, m);
    if (desc.find("Heads-up") != std::string_view::npos) h_.max_seats = 2;
  }

  void read_max_seats(std::string_view desc, std::size_t dash) {
    std::size_t begin = dash;
    while (begin > 0 && desc[begin - 1] >= '0' && desc[begin - 1] <= '9') --begin;
    int n = 0;
    std::from_chars(desc.data() + begin, desc.data() + dash, n);
    if (n > 0) h_.max_seats = n;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (line == "------ Summary ------") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    if (starts_with(line, "Player ")) {
      player_line(line.substr(7), ln);
      return;
    }
    if (starts_with(line, "*** ")) {
      street_line(line, ln);
      return;
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup) {
      if (line.ends_with(" is the button")) {
        std::string_view n = line.substr(5, line.size() - 5 - 14);
        auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), h_.button_seat);
        if (ec == std::errc() && p == n.data() + n.size()) return;
      }
      ast::ClassicSeat s;
      if (parse_all(line, classic_seat(), s)) {
        Seat seat;
        seat.seat = static_cast<int>(s.seat);
        seat.player = std::string(s.player);
        if (auto m = money(s.stack, ln)) seat.stack = *m;
        add_seat(std::move(seat), ln);
        return;
      }
    }
    if (starts_with(line, "Uncalled bet (")) {
      uncalled_line(line, ln);
      return;
    }
    issue(ln, "a line of a classic WPN hand", line);
  }

  void street_line(std::string_view line, std::uint32_t ln) {
    ast::ClassicStreet sl;
    if (!parse_all(line, classic_street(), sl)) {
      issue(ln, "a street marker (*** FLOP ***: [..], *** TURN ***: [..] [..], ...)", line);
      return;
    }
    auto found = std::find_if(kStreets.begin(), kStreets.end(),
                              [&](const auto& s) { return s.printed == sl.name; });
    if (found == kStreets.end()) {
      issue(ln, "*** FLOP ***, *** TURN *** or *** RIVER ***", sl.name);
      return;
    }
    street_ = found->street;
    largest_bet_ = 0;
    if (sl.cards.empty()) return;
    Event& e = add_event(EventKind::Board, ln);
    e.cards = EventCards::read(sl.cards.back());
  }

  // "Uncalled bet (X) returned to NAME"; the name may be empty (a player with no seat line).
  void uncalled_line(std::string_view line, std::uint32_t ln) {
    stars_family::ast::UncalledLine u;
    if (!parse_all(line, stars_family::uncalled_line(), u)) {
      issue(ln, "Uncalled bet (X) returned to PLAYER with a seated player", line);
      return;
    }
    const int seat = seat_of_player(u.player);
    if (seat == 0) {
      issue(ln, "a seated player's name", u.player);
      return;
    }
    Event& e = add_event(EventKind::UncalledReturned, ln);
    e.seat = seat;
    e.amount = money(u.amount, ln).value_or(0);
  }

  // After "Player ": "NAME has small blind (X)", "NAME received card: [Ah]", ...
  void player_line(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, " ");
    ast::Action a;
    if (!m || !parse_all(m->second, classic_action(), a)) {
      issue(ln,
            m ? "an action (folds, checks, calls (X), bets (X), raises (X), has big blind (X), ...)"
              : "Player NAME with a seated player",
            rest);
      return;
    }
    const int seat = m->first;
    if (a.verb == ast::Verb::Other) {
      // "received card: [Ah]": one hole card a line, gathered into one DealtHole per seat.
      if (!a.cards.empty()) dealt_card(seat, a.cards, ln);
      return;  // "received a card.", the disconnection notes: nothing moves
    }
    Event e = action_event(a, seat, m->second, ln);
    if (street_ == Street::Setup && is_voluntary(e.kind)) street_ = Street::Preflop;
    e.street = street_;
    if (a.verb == ast::Verb::SmallBlind) posted_sb_ = std::max(posted_sb_, e.amount);
    if (a.verb == ast::Verb::BigBlind) {
      // A big blind that is the poster's whole stack may be short of the blind: not the stakes.
      const Seat* poster = h_.seat_of(seat);
      if (poster && e.amount >= poster->stack)
        short_bb_ = true;
      else
        posted_bb_ = std::max(posted_bb_, e.amount);
    }
    // "posts (X)": a player entering the game posts live, what he posted counting towards his
    // call (hand 698322413: "posts (5)", then "calls (5)" to the big blind of 10, "Bets: 10").
    if (a.verb == ast::Verb::DeadBlind)
      e.kind = e.amount >= posted_bb_ && posted_bb_ > 0 ? EventKind::PostBigBlind
                                                        : EventKind::PostSmallBlind;
    const bool caps = starts_with(m->second, "caps ");
    if (a.verb == ast::Verb::RaiseBy && (a.all_in || caps))
      shared::resolve_chips_added(e, bets_.committed(e), largest_bet_);
    bets_.apply(e);
    if (e.kind != EventKind::PostDead && e.kind != EventKind::PostAnte)
      largest_bet_ = std::max(largest_bet_, e.to);
    h_.events.push_back(std::move(e));
  }

  void dealt_card(int seat, std::string_view card, std::uint32_t ln) {
    auto it = dealt_.find(seat);
    if (it != dealt_.end()) {
      Event& e = h_.events[it->second];
      e.cards = EventCards::read(e.cards.printed() + ' ' + std::string(card));
      return;
    }
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = seat;
    e.cards = EventCards::read(card);
    dealt_[seat] = h_.events.size() - 1;
  }

  static bool is_voluntary(EventKind k) {
    return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
           k == EventKind::Bet || k == EventKind::Raise;
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Pot: ")) {
      pot_line(line, ln);
      return;
    }
    if (starts_with(line, "Board: [") || starts_with(line, "Game ended at: ")) return;
    // U+FFFD alone: decode()'s mark for the dangling odd byte that ends some UTF-16 exports.
    if (line == "\xEF\xBF\xBD") return;
    std::string_view rest = line;
    if (starts_with(rest, "*")) rest.remove_prefix(1);  // the winners are starred
    if (starts_with(rest, "Player ")) {
      result_line(rest.substr(7), ln);
      return;
    }
    issue(ln, "a summary line (Pot: X, Board: [..], Player NAME ... Bets: X. Collects: Y. ...)",
          line);
  }

  // "Pot: 477. Rake 2.76. JP fee 0.24": the pot net of rake and jackpot fee.
  void pot_line(std::string_view line, std::uint32_t ln) {
    ast::NetTotal t;
    if (!parse_all(line, classic_pot(), t)) {
      issue(ln, "Pot: X[. Rake R][. JP fee J]", line);
      return;
    }
    shared::set_net_total(h_, ln, money(t.total, ln), optional_money(t.rake, ln),
                          optional_money(t.jackpot, ln));
    jackpot_printed_ = !t.jackpot.empty();
  }

  std::optional<Money> optional_money(std::string_view text, std::uint32_t ln) {
    return text.empty() ? std::nullopt : money(text, ln);
  }

  // "NAME shows: ... [cards]. Bets: X. Collects: Y. Wins: Z.": the only place the classic export
  // prints what a player collected.
  void result_line(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, " ");
    ast::ClassicResult r;
    if (!m || !parse_all(m->second, classic_result(), r)) {
      issue(ln,
            m ? "a result (shows: ... [cards]. Bets: X. Collects: Y. Wins|Loses: Z.)"
              : "Player NAME with a seated player",
            rest);
      return;
    }
    if (r.shown && !r.cards.empty()) {
      Event& e = add_event(EventKind::Shows, ln);
      e.seat = m->first;
      e.cards = EventCards::read(r.cards);
    }
    const Money collects = money(r.collects, ln).value_or(0);
    if (collects != 0) {
      Event& e = add_event(EventKind::Collected, ln);
      e.seat = m->first;
      e.amount = collects;
      e.pot_index = -1;  // the summary does not say which pot
    }
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK).", "------ Summary ------", in_summary_)) return;
    if (posted_bb_ > 0) {
      h_.big_blind = posted_bb_;
      if (posted_sb_ > 0) h_.small_blind = posted_sb_;
    } else if (short_bb_ && posted_sb_ > 0 && h_.small_blind > 0) {
      // Only a big blind all in for less: the nominal blind is the header's in the proportion
      // the small blind posted bears to the header's (the header is twice the blinds at Omaha
      // HiLow and fixed limit tables).
      h_.big_blind = h_.big_blind * posted_sb_ / h_.small_blind;
      h_.small_blind = posted_sb_;
    }
    if (cap_table_) h_.cap = shared::kCapBigBlinds * h_.big_blind;
    shared::read_unprinted_jackpot_fee(h_, jackpot_printed_);
  }

  StreetBets bets_;
  Money largest_bet_{0};
  bool in_summary_{false};
  bool cap_table_{false};
  bool jackpot_printed_{false};        // ". JP fee J" in the pot line
  Money posted_sb_{0}, posted_bb_{0};  // the blinds as posted ("has small blind (X)")
  bool short_bb_{false};               // a big blind posted with the poster's whole stack
  std::map<int, std::size_t> dealt_;   // seat -> index of its DealtHole event
};

}  // namespace

bool is_classic_start(std::string_view line) { return starts_with(trim(line), kStarted); }

Hand parse_classic_hand(const HandText& text, const std::string& file) {
  return ClassicBuilder(text, file).build();
}

}  // namespace hh::winning
