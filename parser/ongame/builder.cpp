#include "parser/ongame/builder.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string>

#include "parser/ongame/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::ongame {

namespace {

// The games as the table line names them ("NO_LIMIT TEXAS_HOLDEM").
constexpr std::array<header::GameName, 6> kGames = {{
    {"TEXAS_HOLDEM", games::kHoldem},
    {"OMAHA_HI", games::kOmaha},
    {"OMAHA_HI_LO", games::kOmahaHiLo},
    {"SEVEN_CARD_STUD", games::kSevenCardStud},
    {"SEVEN_CARD_STUD_HI_LO", games::kSevenCardStudHiLo},
    {"FIVE_CARD_DRAW", games::kFiveCardDraw},
}};

constexpr std::array<header::LimitName, 3> kLimits = {{
    {"NO_LIMIT", Structure::NoLimit, header::Match::Exact},
    {"POT_LIMIT", Structure::PotLimit, header::Match::Exact},
    {"LIMIT", Structure::FixedLimit, header::Match::Exact},
}};

// Stud's streets as the dealer announces them ("Dealing 4th street"); the first round follows
// "Dealing pocket cards".
constexpr std::array<std::pair<std::string_view, Street>, 4> kStudStreets = {{
    {"Dealing 4th street", Street::Flop},
    {"Dealing 5th street", Street::Turn},
    {"Dealing 6th street", Street::River},
    {"Dealing river", Street::Seventh},
}};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "ongame") {
    // No uncalled-bet line: the part nobody called goes back silently (the final stacks tell).
    h_.uncalled_style = UncalledStyle::Silent;
    // "Main pot: 0.90 won by Player1 (0.86)": the pot before rake, the winner's share after it.
    h_.reported_pots_net_of_rake = false;
    // A big blind all-in for less is printed "posts small blind (10) [all in]" and the callers
    // still put in the whole big blind ("KA40 calls 200" at 100/200, T5-17944034-72).
    h_.full_big_blind_always_owed = true;
  }

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!cur.next(line)) return false;
    line = trim(line);
    x3_actions::Expectation why;
    ast::History hist;
    if (!parse_all(line, history(), hist, why)) {
      rejected(cur.line_number(), why, "***** History for hand ID *****", line);
      return false;
    }
    h_.site_hand_id = std::string(hist.hand_id);
    h_.tournament = hist.tournament;
    h_.tournament_id = std::string(hist.tournament_id);
    return next_header_line(cur, line, "Start hand: DAY MON DD HH:MM:SS ZONE YYYY") &&
           read_start(line, cur.line_number()) &&
           next_header_line(cur, line, "Table: NAME [ID] (LIMIT GAME SMALL/BIG, KIND)") &&
           read_table(line, cur.line_number());
  }

  bool read_start(std::string_view line, std::uint32_t ln) {
    ast::Start st;
    x3_actions::Expectation why;
    if (!parse_all(line, start(), st, why)) {
      rejected(ln, why, "Start hand: DAY MON DD HH:MM:SS ZONE YYYY", line);
      return false;
    }
    const int month = month_number(st.month);
    const std::string date =
        std::string(st.year) + "/" + std::to_string(month) + "/" + std::string(st.day);
    if (month == 0) {
      issue(ln, "a date with a known month (Jan, Feb, ...)", line);
      return false;
    }
    set_start_time(date, st.time, st.zone, ln);  // "GMT+0100", "GST", "CET", ...
    return true;
  }

  bool read_table(std::string_view line, std::uint32_t ln) {
    ast::Table t;
    x3_actions::Expectation why;
    if (!parse_all(line, table(), t, why)) {
      rejected(ln, why, "Table: NAME [ID] (LIMIT GAME SMALL/BIG, KIND)", line);
      return false;
    }
    h_.table_name = std::string(trim(t.name));
    // Strobe, OnGame's speed poker ("Round GC, Strobe ref: 69701"): the players are seated again
    // for every hand (the button always seat 1, the seats handed round), so hands of one Strobe
    // ref are not one table of fixed seats: a fast-fold pool for the checks between hands.
    h_.fast_fold = t.name.find("Strobe ref:") != std::string_view::npos;
    const header::GameName* game = header::game_named(t.game, kGames);
    h_.structure = header::structure_of(t.limit, kLimits);
    if (!game || h_.structure == Structure::Unknown) {
      issue(ln, "a limit and a game (NO_LIMIT TEXAS_HOLDEM, LIMIT FIVE_CARD_DRAW, ...)",
            line.substr(0, 120));
      return false;
    }
    h_.game = game->game;
    h_.limit_text = std::string(t.limit);
    // Cash tables say "Real money" or "Play money"; tournaments "TC" or "Chips".
    const bool cash = t.money_kind == "Real money" || t.money_kind == "Play money";
    if (!cash && t.money_kind != "TC" && t.money_kind != "Chips") {
      issue(ln, "Real money, Play money, TC or Chips", t.money_kind);
      return false;
    }
    // A currency symbol is printed by some skins and eras only; the amounts are in cents either
    // way at a cash table.
    h_.unit = cash ? 100 : 1;
    h_.currency = t.money_kind == "Real money" ? header::currency_of(line, header::kCurrencySymbols)
                                               : std::string();
    auto small = money(t.small, ln), big = money(t.big, ln);
    if (!small || !big) return false;
    h_.small_blind = *small;
    h_.big_blind = *big;
    if (h_.structure == Structure::FixedLimit) {
      // Fixed-limit stakes are the two bet sizes ("LIMIT TEXAS_HOLDEM 0.50/1": blinds of 0.25
      // and 0.50).
      h_.small_bet = *small;
      h_.big_bet = *big;
    }
    if (!t.ante.empty()) {
      auto ante = money(t.ante, ln);
      if (!ante) return false;
      h_.ante = *ante;
    }
    return true;
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Rake taken: ")) {
      h_.rake = money(line.substr(12), ln);
      h_.totals_line = ln;
      return;
    }
    ast::PotLine p;
    if (parse_all(line, pot_line(), p)) {
      pot(p, ln);
      return;
    }
    ast::SummarySeatLine s;
    if (parse_all(line, summary_seat(), s)) {
      SummarySeat out;
      out.seat = static_cast<int>(s.seat);
      out.player = std::string(s.player);
      out.line = ln;
      out.final_stack = money(s.stack, ln);
      if (!s.cards.empty()) shown_.push_back({out.seat, cards_from_list(s.cards), ln});
      // The pot lines came first: what they paid this player.
      if (auto won = won_.find(out.seat); won != won_.end()) {
        out.won = won->second;
        out.has_won = true;
      }
      h_.summary.push_back(std::move(out));
      return;
    }
    if (starts_with(line, "***** End of hand ")) return;
    issue(ln, "a summary line (Main pot: X won by NAME (Y), Rake taken: X, Seat N: NAME (STACK))",
          line);
  }

  // "Main pot: X won by A (a), B (b)": the pot as printed, a collection per winner.
  void pot(const ast::PotLine& p, std::uint32_t ln) {
    const int index = static_cast<int>(p.side);
    if (auto amount = money(p.amount, ln)) h_.reported_pots.push_back({index, *amount});
    if (p.winners.size() != p.amounts.size()) {  // a winner's name pushed by a branch that failed
      issue(ln, "NAME (AMOUNT) for each winner", "a winner without an amount");
      return;
    }
    for (std::size_t i = 0; i < p.winners.size(); ++i) {
      const int seat = seat_of_player(p.winners[i]);
      if (seat == 0) {
        issue(ln, "a seated player winning the pot", p.winners[i]);
        continue;
      }
      Event& e = add_event(EventKind::Collected, ln);
      e.street = Street::Showdown;
      e.seat = seat;
      e.pot_index = index;
      e.amount = money(p.amounts[i], ln).value_or(0);
      won_[seat] += e.amount;
    }
  }

  void board(const ast::BoardLine& b, std::string_view line, std::uint32_t ln) {
    const Street next = b.street == "flop"   ? Street::Flop
                        : b.street == "turn" ? Street::Turn
                                             : Street::River;
    // After a fold leaves an all-in player to run the board out, the flop line comes again
    // ("--- Dealing flop [2d, Ad, Th]" twice): the cards were dealt once.
    if (next == street_ && next == Street::Flop && line == last_board_line_) {
      other(line, ln);
      return;
    }
    street_ = next;
    last_board_line_ = line;
    add_event(EventKind::Board, ln).cards = EventCards::read(cards_from_list(b.cards));
  }

  // "Dealing to NAME: [cards]" (stud: "[-, -, Kd]", the hidden cards as dashes).
  void dealt(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, ": ");
    if (!m || !starts_with(m->second, "[") || !m->second.ends_with("]")) {
      issue(ln, "Dealing to NAME: [cards]", rest);
      return;
    }
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    e.cards = EventCards::read(cards_from_list(m->second.substr(1, m->second.size() - 2)));
  }

  // Lines between the table line and the first forced bet.
  bool setup_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "User: ") || starts_with(line, "Players in round: ")) {
      other(line, ln);
      return true;
    }
    if (starts_with(line, "Button: seat ")) {
      const int seat = seat_number(line.substr(13));
      if (seat < 0) return false;
      h_.button_seat = seat;
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

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (street_ == Street::Setup && setup_line(line, ln)) return;
    if (line == "---") return;  // a separator between rounds
    if (line == "Summary:") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    if (line == "Dealing pocket cards") {
      street_ = Street::Preflop;
      return;
    }
    if (starts_with(line, "Dealing to ")) {
      dealt(line.substr(11), ln);
      return;
    }
    if (starts_with(line, "New hand for ")) {  // the cards a draw gave the hand's user
      other(line, ln);
      return;
    }
    if (h_.game.is_stud()) {
      for (const auto& [printed, street] : kStudStreets) {
        if (line == printed) {
          street_ = street;
          return;
        }
      }
    }
    ast::BoardLine b;
    if (starts_with(line, "--- Dealing ") && parse_all(line, board_line(), b)) {
      board(b, line, ln);
      return;
    }
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, action(), a)) {
        // No marker opens a draw: the first "changed N cards" ends the first betting round.
        if (a.verb == ast::Verb::Discard && street_ == Street::Preflop) street_ = Street::Flop;
        Event e = action_event(a, m->first, m->second, ln);
        if (e.kind == EventKind::Discards && e.count == 0) e.kind = EventKind::StandsPat;
        if (street_ == Street::Setup) blind_as_printed(e);
        bets_.apply(e);
        h_.events.push_back(std::move(e));
        return;
      }
    }
    issue(ln, "a line of an OnGame hand", line);
  }

  // The blinds as OnGame names them, made the blinds they are. At stakes whose two blinds are
  // equal ("$0.50/$0.50") both are printed "posts big blind": of two such posts and no small
  // blind, the first is the small blind (the next seat after it acts first, R5-174523451-25). A
  // second "posts small blind", all-in, is the big blind posted short (T5-17944034-72).
  void blind_as_printed(Event& e) {
    if (e.kind == EventKind::PostBigBlind) {
      if (!first_big_blind_) {
        first_big_blind_ = h_.events.size();
      } else if (!small_blind_seen_ && h_.small_blind == h_.big_blind) {
        h_.events[*first_big_blind_].kind = EventKind::PostSmallBlind;
        small_blind_seen_ = true;
      }
    } else if (e.kind == EventKind::PostSmallBlind) {
      if (small_blind_seen_ && e.all_in) e.kind = EventKind::PostBigBlind;
      small_blind_seen_ = true;
    }
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK)", "Summary:", in_summary_)) return;
    // Tournament hands take no rake; some print none ("Rake taken" missing), others "$0".
    if (h_.tournament && !h_.rake) h_.rake = 0;
    add_shown_cards();
  }

  // The summary prints the cards of each player at the showdown ("net: -1, [Ac, 7d] (TWO_PAIR
  // TEN, EIGHT)"), and the hand's user's own cards even after a fold: a Shows event for each
  // player still in, before the collections.
  void add_shown_cards() {
    std::vector<Event> shows;
    for (const Shown& s : shown_) {
      bool folded = false;
      for (const Event& e : h_.events)
        folded = folded || (e.seat == s.seat && e.kind == EventKind::Fold);
      if (folded) continue;
      Event e;
      e.kind = EventKind::Shows;
      e.street = Street::Showdown;
      e.seat = s.seat;
      e.cards = EventCards::read(s.cards);
      e.line = s.line;
      shows.push_back(std::move(e));
    }
    auto at = std::find_if(h_.events.begin(), h_.events.end(),
                           [](const Event& e) { return e.kind == EventKind::Collected; });
    h_.events.insert(at, shows.begin(), shows.end());
  }

  struct Shown {
    int seat;
    std::string cards;
    std::uint32_t line;
  };

  StreetBets bets_;
  bool in_summary_{false};
  std::string_view last_board_line_;
  std::map<int, Money> won_;                    // by seat: what the summary's pot lines paid
  std::vector<Shown> shown_;                    // the summary's cards
  std::optional<std::size_t> first_big_blind_;  // index in h_.events
  bool small_blind_seen_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) { return starts_with(line, "***** History for hand "); }

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::ongame
