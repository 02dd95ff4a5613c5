#include "parser/absolute/builder.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "parser/absolute/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/street_names.hpp"
#include "parser/text/text_util.hpp"

namespace hh::absolute {

namespace {

// The games as the header names them, before the limit ("Omaha Hi/Lo (1 on 1)  Normal").
constexpr std::array<header::GameName, 7> kGames = {{
    {"Holdem", games::kHoldem},
    {"HOLDEM", games::kHoldem},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Seven Card Hi/Lo", games::kSevenCardStudHiLo},
    {"Seven Card", games::kSevenCardStud},
    {"Razz", games::kRazz},
}};

// Tried in order: a tournament's header says "Multi Normal Tournament No Limit 10", so the
// limits that name a structure come before "Normal" (fixed limit).
constexpr std::array<std::pair<std::string_view, Structure>, 4> kLimits = {{
    {" No Limit ", Structure::NoLimit},
    {" Pot Limit ", Structure::PotLimit},
    {" Normal ", Structure::FixedLimit},
    {" NORMAL ", Structure::FixedLimit},
}};

constexpr std::array<std::pair<std::string_view, Street>, 5> kStudStreets = {{
    {"3rd STREET", Street::Preflop},
    {"4TH STREET", Street::Flop},
    {"5TH STREET", Street::Turn},
    {"6TH STREET", Street::River},
    {"RIVER", Street::Seventh},
}};

constexpr std::array<std::pair<std::string_view, Street>, 5> kStreets = {{
    {"POCKET CARDS", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"SHOW DOWN", Street::Showdown},
}};

// The amount after `label` in a summary seat line ("HI:($4.30)"), or "" when not there.
std::string_view amount_after(std::string_view line, std::string_view label) {
  const std::size_t at = line.find(label);
  if (at == std::string_view::npos) return {};
  line.remove_prefix(at + label.size());
  const std::size_t close = line.find(')');
  return close == std::string_view::npos ? std::string_view{} : line.substr(0, close);
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "absolute") {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "Stage #N: GAME LIMIT STAKES - YYYY-MM-DD HH:MM:SS (ET)", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    h_.unit = h_.tournament ? 1 : 100;
    h_.currency = h_.tournament ? "" : header::currency_of(hd.game, header::kCurrencySymbols);
    std::string date(hd.date);
    std::replace(date.begin(), date.end(), '-', '/');
    set_start_time(date, hd.time, hd.zone, ln);
    if (h_.started_at_utc.empty() && is_known_zone(hd.zone)) {
      issue(ln, "a valid date and time (YYYY-MM-DD HH:MM:SS)", line);
      return false;
    }
    // Spaces around the text let the limits be found as whole words.
    std::string game_text(1, ' ');
    game_text.append(hd.game);
    game_text.push_back(' ');
    std::size_t limit_at = std::string::npos, limit_end = 0;
    for (const auto& [printed, structure] : kLimits) {
      limit_at = game_text.find(printed);
      if (limit_at == std::string::npos) continue;
      h_.structure = structure;
      limit_end = limit_at + printed.size();
      break;
    }
    const header::GameFound game = header::first_game_in(game_text, kGames);
    if (!game.name || limit_at == std::string::npos || game.pos > limit_at) {
      issue(ln, "a game and a limit (Holdem  No Limit, Omaha Hi/Lo  Normal, ...)", hd.game);
      return false;
    }
    h_.game = game.name->game;
    h_.limit_text = trim(std::string_view(game_text).substr(limit_at, limit_end - limit_at));
    // limit_end counts game_text's leading space; a limit that ends the text leaves no stakes.
    const std::string_view printed(hd.game);
    return read_stakes(printed.substr(std::min(limit_end - 1, printed.size())), ln);
  }

  // No limit prints the big blind alone ("$0.02"; the small blind is half of it), fixed limit the
  // two bet sizes ("$0.25/$0.50").
  bool read_stakes(std::string_view text, std::uint32_t ln) {
    ast::Stakes st;
    if (!parse_all(text, stakes(), st)) {
      issue(ln, "the stakes ($0.02, $0.25/$0.50, $1, $0.25 ante)", text);
      return false;
    }
    auto first = money(st.first, ln);
    if (!first) return false;
    if (h_.structure == Structure::FixedLimit) {
      auto second = money(st.second, ln);
      if (!second) return false;
      h_.small_bet = h_.small_blind = *first;
      h_.big_bet = h_.big_blind = *second;
    } else {
      h_.big_blind = *first;
      h_.small_blind = *first / 2;
    }
    if (!st.ante.empty()) h_.ante = money(st.ante, ln).value_or(0);
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    if (sl.name == "SUMMARY") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    const std::optional<Street> next =
        h_.game.is_stud() ? street_in(sl.name, kStudStreets) : std::nullopt;
    const std::optional<Street> street = next ? next : street_in(sl.name, kStreets);
    if (!street) {
      issue(ln, "a street (*** POCKET CARDS ***, *** FLOP ***, *** 3rd STREET ***, ...)", sl.name);
      return;
    }
    street_ = *street;
    if (!sl.cards.empty() && !h_.game.is_stud())
      add_event(EventKind::Board, ln).cards = EventCards::read(trim(sl.cards));
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    ast::Totals t;
    if (parse_all(line, totals(), t)) {
      h_.totals_line = ln;
      h_.total_pot = money(t.total, ln);
      // A hand that took no rake prints none ("Total Pot($4)").
      h_.rake = t.rake.empty() ? 0 : money(t.rake, ln).value_or(0);
      if (!t.jackpot.empty()) h_.fees.push_back({"jackpot", money(t.jackpot, ln).value_or(0)});
      if (!t.pots.empty() && h_.total_pot) pots(t.pots.front(), *h_.total_pot, ln);
      return;
    }
    if (starts_with(line, "Board [")) return;
    if (starts_with(line, "Seat ")) {
      const std::size_t colon = line.find(": ");
      if (colon != std::string_view::npos) {
        if (auto m = player_then(line.substr(colon + 2), " ")) {
          summary_seat(*m, line, ln);
          return;
        }
      }
    }
    issue(ln, "a summary line (Total Pot(X) | Rake (Y), Board [..], Seat N: NAME ...)", line);
  }

  // "Seat 5: Player1 (small blind) won Total ($4.30) HI:($4.30) with ...": what the seat won is
  // its high and low shares; "Total" may hold the 7-2 proposition bonus paid beside the pot.
  void summary_seat(const std::pair<int, std::string_view>& m, std::string_view line,
                    std::uint32_t ln) {
    // An amount in brackets is read after "Total (", "HI:(" or "LO:(" only: one after any other
    // word would be a collection taken for nothing won.
    for (std::size_t at = line.find('('); at != std::string_view::npos;
         at = line.find('(', at + 1)) {
      const char next = at + 1 < line.size() ? line[at + 1] : ')';
      if (!(next >= '0' && next <= '9') && next != '$' && static_cast<unsigned char>(next) < 0x80)
        continue;
      const std::string_view before = line.substr(0, at);
      // "72 Prop Win ($40)": the 7-2 proposition bonus, paid beside the pot (its own line).
      if (before.ends_with("Total ") || before.ends_with("HI:") || before.ends_with("LO:") ||
          before.ends_with("72 Prop Win "))
        continue;
      issue(ln, "a summary seat amount after \"Total (\", \"HI:(\" or \"LO:(\"", line);
      return;
    }
    SummarySeat out;
    out.seat = m.first;
    out.player = h_.seat_of(m.first)->player;
    out.line = ln;
    const std::string_view hi = amount_after(line, "HI:("), lo = amount_after(line, "LO:(");
    const std::string_view total = amount_after(line, "Total (");
    if (!hi.empty() || !lo.empty()) {
      out.won = (hi.empty() ? 0 : money(hi, ln).value_or(0)) +
                (lo.empty() ? 0 : money(lo, ln).value_or(0));
      out.has_won = true;
    } else if (!total.empty()) {
      out.won = money(total, ln).value_or(0);
      out.has_won = true;
    }
    out.folded = m.second.find("Folded on the ") != std::string_view::npos;
    // "HI: [Mucked] [Kd 6c]": cards the site reveals only in the summary. They count as shown at
    // the showdown (a mucked hand that beats the paid one shows a wrong winner).
    if (std::size_t at = line.find("[Mucked] ["); at != std::string_view::npos) {
      std::string_view cards = line.substr(at + 10);
      if (std::size_t close = cards.find(']'); close != std::string_view::npos) {
        Event& e = add_event(EventKind::Mucks, ln);
        e.street = Street::Showdown;
        e.seat = m.first;
        e.cards = EventCards::read(cards.substr(0, close));
      }
    }
    h_.summary.push_back(std::move(out));
  }

  // "3,750,1,730" after "Total Pot(5,480:": the pots, their thousands grouped with the same
  // comma that separates them. Read as groups of three digits after a comma, and kept only when
  // they add up to the total.
  void pots(std::string_view text, Money total, std::uint32_t ln) {
    std::vector<Money> amounts;
    while (!text.empty()) {
      std::size_t end = 0;
      while (end < text.size() && text[end] != ',') ++end;
      while (end + 4 <= text.size() && text[end] == ',' &&
             std::all_of(text.begin() + static_cast<std::ptrdiff_t>(end) + 1,
                         text.begin() + static_cast<std::ptrdiff_t>(end) + 4,
                         [](char c) { return c >= '0' && c <= '9'; }) &&
             (end + 4 == text.size() || text[end + 4] == ','))
        end += 4;
      auto amount = parse_amount(text.substr(0, end), h_.unit);
      if (!amount) {
        issue(ln, "the pots of Total Pot(TOTAL:POT,POT,...)", text);
        return;
      }
      amounts.push_back(*amount);
      text.remove_prefix(std::min(end + 1, text.size()));
    }
    Money sum = 0;
    for (Money a : amounts) sum += a;
    // Pots that do not add up to the total were not read as printed (the comma both groups
    // thousands and separates pots).
    if (sum != total) {
      issue(ln, "the pots of Total Pot(TOTAL:POT,POT,...), adding up to the total", text);
      return;
    }
    for (std::size_t i = 0; i < amounts.size(); ++i)
      h_.reported_pots.push_back({static_cast<int>(i), amounts[i]});
    h_.reported_pots_net_of_rake = false;
  }

  // "NAME - Pocket [H H Js 10d]": a stud player's cards so far, the hidden ones as H; only the
  // cards not dealt before are new.
  void pocket(int seat, std::string_view cards, std::uint32_t ln) {
    std::vector<std::string_view> all;
    while (!cards.empty()) {
      const std::size_t sp = cards.find(' ');
      if (sp != 0) all.push_back(cards.substr(0, sp));
      if (sp == std::string_view::npos) break;
      cards.remove_prefix(sp + 1);
    }
    std::size_t& seen = cards_seen_[seat];
    if (all.size() <= seen) return;  // a folded player's cards, printed again
    std::string known;
    for (std::size_t i = seen; i < all.size(); ++i) {
      if (all[i] == "H") continue;
      if (!known.empty()) known += ' ';
      known += all[i];
    }
    seen = all.size();
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = seat;
    e.cards = EventCards::read(known);
  }

  // "All-In X": the chips the player has left, put in as a bet when nobody bet on the street, as
  // a raise when they go over the bet, as a call otherwise; before the cards, as the next blind
  // ("Player1 - All-In $191.27" for the $200 big blind).
  void resolve_all_in(Event& e) {
    if (e.street == Street::Setup) {
      e.kind = small_blind_posted_ ? EventKind::PostBigBlind : EventKind::PostSmallBlind;
      return;
    }
    const Money total = bets_.committed(e) + e.amount;
    if (bet_on_street_ == 0)
      e.kind = EventKind::Bet;
    else if (total > bet_on_street_)
      e.kind = EventKind::Raise;
  }

  void apply_action(const ast::Action& a, int seat, std::string_view rest, std::uint32_t ln) {
    Event e = action_event(a, seat, rest, ln);
    if (e.street != bet_street_) {
      bet_street_ = e.street;
      bet_on_street_ = 0;
    }
    if (a.verb == ast::Verb::Call && a.all_in) resolve_all_in(e);
    if (e.kind == EventKind::PostSmallBlind) small_blind_posted_ = true;
    bets_.apply(e);
    if (puts_chips_in(e.kind)) bet_on_street_ = std::max(bet_on_street_, e.to);
    h_.events.push_back(std::move(e));
  }

  bool player_line(std::string_view line, std::uint32_t ln) {
    if (auto m = player_then(line, " - ")) {
      const std::string_view rest = m->second;
      if (starts_with(rest, "Pocket [") && rest.ends_with("]")) {
        pocket(m->first, rest.substr(8, rest.size() - 9), ln);
        return true;
      }
      ast::Returned r;
      if (parse_all(rest, returned(), r)) {
        Event& e = add_event(EventKind::UncalledReturned, ln);
        e.seat = m->first;
        e.amount = money(r.amount, ln).value_or(0);
        return true;
      }
      ast::Action a;
      if (parse_all(rest, action(), a)) {
        apply_action(a, m->first, rest, ln);
        return true;
      }
    }
    if (auto m = player_then(line, " ")) {
      ast::Collects c;
      if (parse_all(m->second, collects(), c)) {
        if (c.proposition) {  // the 7-2 bonus: paid by the other players, not from the pot
          other(line, ln);
          return true;
        }
        Event& e = add_event(EventKind::Collected, ln);
        e.street = Street::Showdown;
        e.seat = m->first;
        e.pot_index = c.pot_index;
        e.amount = money(c.amount, ln).value_or(0);
        return true;
      }
    }
    return false;
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
    if (street_ == Street::Setup) {
      ast::Table t;
      if (starts_with(line, "Table: ") && parse_all(line, table(), t)) {
        h_.table_name = std::string(t.name);
        h_.button_seat = static_cast<int>(t.button);
        return;
      }
      ast::SeatLine sl;
      if (starts_with(line, "Seat ") && parse_all(line, seat_line(), sl)) {
        add_seat({.seat = static_cast<int>(sl.seat),
                  .player = std::string(sl.player),
                  .stack = money(sl.stack, ln).value_or(0)},
                 ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ") && dealt_hole_cards(line.substr(9), ln)) return;
    if (player_line(line, ln)) return;
    issue(ln, "a line of an Absolute / UltimateBet hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N - PLAYER (STACK in chips)", "*** SUMMARY ***", in_summary_)) return;
    // A walk prints no "returned" line: the big blind's excess is inside its collection
    // ("BRIANB49 Collects 45 from main pot" with the blinds at 15/30, hand 525755366).
    silent_uncalled_in_a_walk();
  }

  StreetBets bets_;
  bool in_summary_{false};
  bool small_blind_posted_{false};
  Street bet_street_{Street::Setup};
  Money bet_on_street_{0};                 // the largest street total so far on bet_street_
  std::map<int, std::size_t> cards_seen_;  // stud: cards dealt so far, by seat
};

}  // namespace

bool is_hand_start(std::string_view line) {
  if (!starts_with(line, "Stage #")) return false;
  std::size_t i = 7;
  if (i < line.size() && line[i] == 'C') ++i;
  const std::size_t digits = i;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  if (i == digits) return false;
  const std::string_view after = line.substr(i);
  return starts_with(after, ": ") || starts_with(after, " Tourney ID ");
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::absolute
