// The modern WPN export ("Hand #N - ...", "Game Hand #N - ..."), read with the PokerStars
// family's builder (street markers, "Dealt to", "Uncalled bet", summary seats are the family's),
// and what both exports share.
#include "parser/winning/builder.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"
#include "parser/winning/grammar.hpp"

namespace hh::winning {

namespace {

// "Holdem(No Limit)", "Omaha H/L(Pot Limit)", "Omaha(Pot Limit)".
constexpr std::array<header::GameName, 4> kGames = {{
    {"Omaha H/L", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Holdem", games::kHoldem},
    {"Hold'em", games::kHoldem},
}};

constexpr std::array<std::string_view, 1> kNeutralPhrases = {" joins the table"};
// "<Hand History>": the SNG 2.0 file's tag before its hands (is_preamble()), if between them.
constexpr std::array<std::string_view, 2> kNeutralStarts = {"Main pot ", "<Hand History>"};
constexpr std::array<std::string_view, 1> kSitsOut = {" is sitting out"};

// Run it twice: "*** RUN IT TWICE ***", then "*** FLOP 1 ***" ... "*** RIVER 2 ***",
// each run's streets ("2": the second board).
constexpr std::array<stars_family::StreetName, 11> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"SHOW DOWN", Street::Showdown},
    {"FLOP 1", Street::Flop},
    {"TURN 1", Street::Turn},
    {"RIVER 1", Street::River},
    {"FLOP 2", Street::Flop},
    {"TURN 2", Street::Turn},
    {"RIVER 2", Street::River},
}};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

class ModernBuilder : stars_family::StarsFamilyBuilder {
 public:
  ModernBuilder(const HandText& text, const std::string& file)
      : StarsFamilyBuilder(text, file, shared::kSite, "WPN",
                           {kNeutralPhrases, kNeutralStarts, kSitsOut}) {
    // A split's odd chips all go to the first winner after the small blind (issue 33, point 14).
    h_.odd_chips_whole_after_small_blind = true;
    // Over a big blind all-in for less, a call goes up to the nominal big blind (the header's)
    // and the excess comes back as an uncalled bet, as in the classic export (issue 33, point 13).
    h_.full_big_blind_always_owed = true;
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::ModernHeader hd;
    x3_actions::Expectation why;
    if (!parse_all(line, modern_header(), hd, why)) {
      rejected(ln, why, "a WPN header: Hand #N - GAME(LIMIT) - $SB/$BB - YYYY/MM/DD HH:MM:SS UTC",
               line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    if (const header::GameName* g = header::game_named(trim(hd.game), kGames))
      h_.game = g->game;
    else
      issue(ln, "a game (Holdem, Omaha, Omaha H/L)", hd.game);
    h_.limit_text = std::string(hd.limit);
    h_.structure = header::structure_of(hd.limit, stars_family::kLimits);
    h_.currency = h_.tournament ? std::string()
                                : header::currency_of(hd.small_blind, stars_family::kCurrencies);
    // Tournament chips are printed with cents ("250.00"), always zero: read in hundredths.
    h_.unit = 100;
    auto sb = money(hd.small_blind, ln), bb = money(hd.big_blind, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    set_start_time(hd.date, hd.time, hd.zone.empty() ? "UTC" : hd.zone, ln);
    return true;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (!in_summary_ && street_ == Street::Setup) {
      if (h_.table_name.empty() && line.ends_with(" is the button") &&
          !starts_with(line, "Table '")) {
        ast::ModernTable t;
        if (parse_all(line, modern_table(), t)) {
          h_.table_name = std::string(t.name);
          h_.max_seats = static_cast<int>(t.max_seats);
          h_.button_seat = static_cast<int>(t.button);
          if (shared::is_cap_table(t.name)) h_.cap = shared::kCapBigBlinds * h_.big_blind;
          return;
        }
      }
      if (starts_with(line, "Seat ")) {
        ast::ModernSeat s;
        if (parse_all(line, modern_seat(), s)) {
          Seat seat;
          seat.seat = static_cast<int>(s.seat);
          seat.player = std::string(s.player);
          if (auto m = money(s.stack, ln)) seat.stack = *m;
          seat.sitting_out = s.sitting_out;
          add_seat(std::move(seat), ln);
          return;
        }
      }
    }
    // The first hand of a tournament prints one card per player before the blinds ("Dealt to
    // Hero [4s]"): the draw for the button, from a deck of its own, not the hand's deal.
    if (street_ == Street::Setup && starts_with(line, "Dealt to ")) {
      add_event(EventKind::Other, ln).text = std::string(line);
      return;
    }
    // Actions name the player with no colon ("Hero folds"): every one is read as an action.
    if (!in_summary_ && !starts_with(line, "*** ") && !starts_with(line, "Dealt to ") &&
        !starts_with(line, "Uncalled bet (")) {
      if (auto m = player_then(line, " ")) {
        action_line(m->first, m->second, ln);
        return;
      }
    }
    StarsFamilyBuilder::read_line(line, ln);
  }

  void street_marker(const stars_family::ast::StreetLine& sl, std::uint32_t ln) override {
    // The hand is run twice from here: no money moves (each run's streets follow).
    if (sl.name == "RUN IT TWICE") {
      other("*** RUN IT TWICE ***", ln);
      return;
    }
    std::optional<Street> next = street_named(sl.name, kStreets, sl, ln);
    if (!next) return;
    const int board = std::string_view(sl.name).ends_with(" 2") ? 1 : 0;
    enter_street(*next, board);
    largest_bet_ = 0;
    if (sl.cards.empty() || *next == Street::Preflop || *next == Street::Showdown) return;
    board_event(*next, board, sl.cards.back(), ln);
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, modern_action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, modern_action(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls $X, bets $X, raises $X to $Y, caps $X, posts the "
           "small blind $X, shows [..], collected $X from main pot, ...)";
  }
  std::string note_form() const override { return action_form(); }

  // "raises $X to $Y": Y is the street total and X the chips added, which must be Y less what the
  // player had in; "caps $X" adds X.
  void apply_bet(Event& e, std::uint32_t ln) override {
    const Money committed = bets_.committed(e);
    if (e.kind == EventKind::Raise && e.to == 0) {
      shared::resolve_chips_added(e, committed, largest_bet_);  // "caps $X": no total printed
    } else if (e.kind == EventKind::Raise) {
      const Money added = e.raise_by;
      e.raise_by = 0;  // not the increment over the bet faced: the audit must not read it so
      if (added != e.to - committed)
        issue(ln,
              "a raise adding the street total less the player's bet (" +
                  format_amount(e.to - committed, h_.unit) + ")",
              format_amount(added, h_.unit));
    }
    bets_.apply(e);
    if (e.kind != EventKind::PostDead && e.kind != EventKind::PostAnte)
      largest_bet_ = std::max(largest_bet_, e.to);
  }

  // "Total pot $1.19 | Rake $0.04 | JP Fee $0.02": the pot net of rake and fee.
  void read_total_line(std::string_view line, std::uint32_t ln) override {
    ast::NetTotal t;
    if (!parse_all(line, modern_total(), t)) {
      issue(ln, "Total pot X[ | Rake R][ | JP Fee J]", line);
      return;
    }
    auto optional_money = [&](std::string_view text) {
      return text.empty() ? std::nullopt : money(text, ln);
    };
    shared::set_net_total(h_, ln, money(t.total, ln), optional_money(t.rake),
                          optional_money(t.jackpot));
    jackpot_printed_ = !t.jackpot.empty();
  }

  void finish_site() override {
    // A walk prints no "Uncalled bet" line: the big blind's excess stays in the total pot and
    // comes back inside the collection (hand 784373412: blinds 0.02 and 0.05, "Total pot $0.07").
    silent_uncalled_unless_printed();
    // A winner who does not show has no "collected" line: the summary's "did not show and won X"
    // is the only place the collection is printed (docs/sites/winning.md).
    collections_from_summary();
    shared::read_unprinted_jackpot_fee(h_, jackpot_printed_);
  }

  Money largest_bet_{0};
  bool jackpot_printed_{false};  // "| JP Fee J" in the total line
};

}  // namespace

namespace shared {

bool is_cap_table(std::string_view text) {
  return text.find("(Cap)") != std::string_view::npos ||
         text.find("- CAP -") != std::string_view::npos;
}

void resolve_chips_added(Event& e, Money committed, Money largest_bet) {
  const Money to = committed + e.amount;
  e.raise_by = 0;
  e.to = 0;
  if (largest_bet == 0)
    e.kind = EventKind::Bet;
  else if (to <= largest_bet)
    e.kind = EventKind::Call;
  else
    e.kind = EventKind::Raise;
}

void set_net_total(Hand& h, std::uint32_t line, std::optional<Money> total,
                   std::optional<Money> rake, std::optional<Money> jackpot) {
  h.totals_line = line;
  // The JP fee is part of WPN's rake: printed rake and fee together are what the rake schedule
  // takes (rake/wpn.toml; hand 665312038: 1.71 + 0.24 = 1.95 on a pot of 39 at $0.01 per $0.20,
  // 741631166 and 406051551: 2.76 + 0.24 = the $3 cap, 151588328: 0.04 + 0.02 on 1.25).
  if (rake || jackpot) h.rake = rake.value_or(0) + jackpot.value_or(0);
  if (total) h.total_pot = *total + h.rake.value_or(0);
}

namespace {

bool is_jackpot_table(std::string_view name) {
  for (std::string_view word : {"JP", "Beast"}) {
    for (std::size_t at = name.find(word); at != std::string_view::npos;
         at = name.find(word, at + 1)) {
      const std::size_t end = at + word.size();
      const bool starts = at == 0 || name[at - 1] == ' ' || name[at - 1] == '(';
      const bool ends = end == name.size() || name[end] == ' ' || name[end] == ')';
      if (starts && ends) return true;
    }
  }
  return false;
}

// The chips the players put in, less what came back uncalled (every WPN amount is chips added).
Money chips_put_in(const Hand& h) {
  Money in = 0;
  for (const Event& e : h.events) {
    switch (e.kind) {
      case EventKind::UncalledReturned:
        in -= e.amount;
        break;
      case EventKind::PostAnte:
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostBothBlinds:
      case EventKind::PostStraddle:
      case EventKind::PostDead:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
        in += e.amount;
        break;
      default:
        break;
    }
  }
  return in;
}

}  // namespace

void read_unprinted_jackpot_fee(Hand& h, bool jackpot_printed) {
  if (jackpot_printed || h.tournament || h.currency != "USD" || !h.total_pot ||
      !is_jackpot_table(h.table_name))
    return;
  if (chips_put_in(h) - *h.total_pot != kUnprintedJackpotFee) return;
  h.fees.push_back({"jackpot fee (not printed)", kUnprintedJackpotFee});
  *h.total_pot += kUnprintedJackpotFee;
}

}  // namespace shared

bool is_preamble(std::string_view text) {
  static constexpr std::array<std::string_view, 7> kFields = {
      "Title: ",     "Entry #: ",   "Begin Time: ",    "Buyin to Payout: ",
      "Play Type: ", "Game Type: ", "Bet Limit Type: "};
  bool opened = false;
  LineCursor lines(text);
  for (std::string_view line; lines.next(line);) {
    line = trim(line);
    if (line.empty() || line == "<Hand History>") continue;
    if (line == "<Game Information>") {
      opened = true;
      continue;
    }
    const bool field = std::any_of(kFields.begin(), kFields.end(),
                                   [&](std::string_view f) { return starts_with(line, f); });
    if (!opened || !field) return false;
  }
  return opened;
}

bool is_modern_start(std::string_view line) {
  line = trim(line);
  if (starts_with(line, "Game ")) line.remove_prefix(5);
  if (!starts_with(line, "Hand #")) return false;
  std::size_t i = 6;
  while (i < line.size() && is_digit(line[i])) ++i;
  return i > 6 && line.substr(i, 3) == " - ";
}

bool is_hand_start(std::string_view line) {
  return is_classic_start(line) || is_modern_start(line);
}

Hand parse_hand(const HandText& text, const std::string& file) {
  std::string_view first = text.text.substr(0, text.text.find('\n'));
  if (is_classic_start(first)) return parse_classic_hand(text, file);
  return parse_modern_hand(text, file);
}

Hand parse_modern_hand(const HandText& text, const std::string& file) {
  return ModernBuilder(text, file).build();
}

}  // namespace hh::winning
