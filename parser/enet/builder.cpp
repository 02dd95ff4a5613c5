#include "parser/enet/builder.hpp"

#include <array>

#include "parser/enet/grammar.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"

namespace hh::enet {

namespace {

constexpr std::array<header::GameName, 3> kGames = {{
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Hold'em", games::kHoldem},
}};

// The limit at the end of the table's name: "Parfigi 1 - No Limit".
constexpr std::array<header::LimitName, 3> kLimits = {{
    {"No Limit", Structure::NoLimit},
    {"Pot Limit", Structure::PotLimit},
    {"Limit", Structure::FixedLimit},
}};

constexpr std::array<stars_family::StreetName, 5> kStreets = {{
    {"HOLECARDS", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"SHOWDOWN", Street::Showdown},
}};

// "€0,25": decimal commas.
std::optional<Money> read_amount(std::string_view text, int unit) {
  return parse_amount(text, unit, NumberFormat{',', '.'});
}

// "Td4h7d" -> "Td 4h 7d": Enet prints cards without spaces.
std::string spaced_cards(std::string_view printed) {
  std::string out;
  for (std::size_t i = 0; i + 1 < printed.size(); i += 2) {
    if (!out.empty()) out += ' ';
    out += printed.substr(i, 2);
  }
  return out;
}

class Builder : stars_family::StarsFamilyBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : StarsFamilyBuilder(text, file, "enet", "Enet", {}, &read_amount) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "Game #N: GAME (SB/BB) - HH:MM:SS D.M.YYYY - %N", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    const header::GameFound game = header::first_game_in(hd.game, kGames);
    if (!game.name) {
      issue(ln, "a game (Hold'em, Omaha)", hd.game);
      return false;
    }
    h_.game = game.name->game;
    h_.currency = header::currency_of(line, header::kCurrencySymbols);
    h_.unit = 100;
    auto sb = money(hd.small_blind, ln), bb = money(hd.big_blind, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    // "29.7.2012": day first. No zone is printed: stored as UTC (docs/sites/enet.md).
    const std::size_t d1 = hd.date.find('.'), d2 = hd.date.rfind('.');
    const std::string date = std::string(hd.date.substr(d2 + 1)) + "/" +
                             std::string(hd.date.substr(d1 + 1, d2 - d1 - 1)) + "/" +
                             std::string(hd.date.substr(0, d1));
    h_.started_at_utc = to_utc(date, hd.time, "UTC");
    return true;
  }

  // The whole board on each street ("*** TURN *** [9c2cQd8s]"): the new cards are the Board.
  void street_marker(const stars_family::ast::StreetLine& sl, std::uint32_t ln) override {
    std::optional<Street> next = street_named(sl.name, kStreets, sl, ln);
    if (!next) return;
    enter_street(*next, 0);
    if (sl.cards.empty() || sl.cards.back().size() <= 2 * board_cards_) return;
    // The cards already dealt come first, as printed before: otherwise the line is not read.
    if (!sl.cards.back().starts_with(board_printed_)) {
      issue(ln, "the board dealt so far, then the street's new cards", sl.cards.back());
      return;
    }
    const std::string cards = spaced_cards(sl.cards.back().substr(2 * board_cards_));
    board_cards_ = sl.cards.back().size() / 2;
    board_printed_ = std::string(sl.cards.back());
    board_event(*next, 0, cards, ln);
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, note(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls X, bets X, raises X, goes all-in X, posts ..., "
           "shows [..], collected (X) from pot)";
  }
  std::string note_form() const override { return "collected (X) from pot"; }

  void before_action(const ast::Action& a) override {
    chips_only_ = a.verb == ast::Verb::RaiseBy && a.all_in;
  }

  // "goes all-in X" adds X: a call, a bet or a raise by the bets before it. Shown cards are
  // printed without spaces.
  void apply_bet(Event& e, std::uint32_t) override {
    if (chips_only_) bets_.classify_chips_added(e);
    if (!e.cards.empty()) e.cards = EventCards::read(spaced_cards(e.cards.printed()));
    bets_.apply(e);
  }

  // "Rake: €0,09" after each betting round: the rake taken so far on that round, also summed in
  // the summary's "Rake" (negative corrections included: "Rake: €-2,22"), which is read.
  bool site_line(std::string_view line, std::uint32_t ln) override {
    if (!starts_with(line, "Rake: ")) return false;
    other(line, ln);
    return true;
  }

  // "Total pot €0 | Rake €0,67": the total is not the pot (€0 where 11.24 was bet); the rake is.
  void read_total_line(std::string_view line, std::uint32_t ln) override {
    ast::Totals t;
    if (!parse_all(line, totals(), t)) {
      issue(ln, "Total pot X | Rake Y", line);
      return;
    }
    h_.rake = money(t.rake, ln);
    h_.totals_line = ln;
  }

  // A summary seat line's money is read whole or the line is not read: a shown hand "and won
  // (X) with ..." or "and lost with ...", a "collected (X) from pot"; any other word before a
  // parenthesised amount ("and zzyzx (€12,74)") or an amount that does not read ("won
  // (€1O,74)") is the reader's gap, never a win of nothing.
  void read_line(std::string_view line, std::uint32_t ln) override {
    if (in_summary_ && starts_with(line, "Seat ") && !summary_money_reads(line, ln)) return;
    StarsFamilyBuilder::read_line(line, ln);
  }

  bool summary_money_reads(std::string_view line, std::uint32_t ln) {
    return shown_summary_money_reads(line, ln, {"won ", "collected "},
                                     "won (X) or collected (X) before a summary amount");
  }

  void finish_site() override {
    // The limit ends the table's name: "Table 'SantElena 1 - Pot Limit'".
    const std::size_t dash = h_.table_name.rfind(" - ");
    const std::string_view limit = dash == std::string::npos
                                       ? std::string_view()
                                       : std::string_view(h_.table_name).substr(dash + 3);
    h_.structure = header::structure_of(limit, kLimits);
    h_.limit_text = std::string(limit);
    if (h_.structure == Structure::Unknown) {
      issue(text_.line, "a limit at the end of the table's name (' - No Limit')", h_.table_name);
      h_.parsed = false;
    }
  }

  std::size_t board_cards_{0};
  std::string board_printed_;  // the board as the last street line printed it
  bool chips_only_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  if (!starts_with(line, "Game #")) return false;
  std::size_t i = 6;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  return i > 6 && line.substr(i).starts_with(": ") && line.find(") - ") != std::string_view::npos &&
         line.find(" - %") != std::string_view::npos;
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::enet
