// The builder of the PokerStars family: PokerStars (and the rooms and converters that write its
// format), GGPoker, and later Full Tilt, WPN, ... The lines these sites write alike are read here
// once: the table and seat lines, dealt cards, "Uncalled bet", player actions and notes, the lines
// that name no player, the summary's seat lines. Each site's builder derives from it and says what
// differs: its header, its street markers, its action grammar, its summary total line, and the
// few lines only it writes.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/street_bets.hpp"

namespace hh::stars_family {

// The limits and currencies the family prints in its headers ("Hold'em No Limit ($1/$2 USD)",
// "PLO-5 Pot Limit (¥1/¥2)"): tried in order, the first that matches is read.
using header::Match;
inline constexpr std::array<header::LimitName, 8> kLimits = {{
    {"Pre-Flop", Structure::Mixed, Match::Contains},  // "Pot Limit Pre-Flop, No Limit Post-Flop"
    {"postflop", Structure::Mixed, Match::Contains},  // GG: a limit that changes after the flop
    {"No Limit", Structure::NoLimit},
    {"Pot Limit", Structure::PotLimit},
    {"Cap", Structure::CapLimit},
    {"Fixed Limit", Structure::FixedLimit},
    {"Limit", Structure::FixedLimit},
    {"Spread", Structure::SpreadLimit},
}};
inline constexpr std::array<header::CurrencyMark, 15> kCurrencies = {{
    {"USD", "USD"},
    {"EUR", "EUR"},
    {"GBP", "GBP"},
    {"CAD", "CAD"},
    {"CNY", "CNY"},
    {"INR", "INR"},
    {"SEK", "SEK"},
    {"CHF", "CHF"},
    {"KRW", "KRW"},
    {"$", "USD"},
    {"€", "EUR"},
    {"£", "GBP"},
    {"¥", "CNY"},
    {"₹", "INR"},
    {"₩", "KRW"},
}};

// Lines naming no seated player (observers, tournament and dealer notes): the phrases a line may
// hold, the starts a whole line may have, and the endings of a "sits out" line. The family's
// own are in stars_family_builder.cpp; a site gives those only it writes. The reading is
// StarsFamilyBuilder::neutral_line.
struct NeutralLines {
  std::span<const std::string_view> phrases;
  std::span<const std::string_view> starts;
  std::span<const std::string_view> sits_out_endings;
};

// A street marker's name as a site prints it ("HOLE CARDS", "3rd STREET", "FIRST DRAW") and the
// street it opens.
struct StreetName {
  std::string_view printed;
  Street street;
};

class StarsFamilyBuilder : protected HandBuilder {
 protected:
  // `line_kind` names a line of the site's hands in issues ("a line of a PokerStars hand");
  // `read_amount` the site's number format where it is not PokerStars' (Enet's decimal commas).
  StarsFamilyBuilder(const HandText& text, const std::string& file, std::string site,
                     std::string line_kind, NeutralLines neutral,
                     AmountReader read_amount = nullptr);

  // --- what each site says --------------------------------------------------------------------
  // "*** NAME *** [cards]" but "*** SUMMARY ***": moves street_ (and adds Board events).
  virtual void street_marker(const ast::StreetLine& sl, std::uint32_t ln) = 0;
  // The line after "NAME: " / after "NAME " in the site's grammar; false when it does not parse.
  virtual bool parse_action(std::string_view rest, action_ast::Action& a) const = 0;
  virtual bool parse_note(std::string_view rest, action_ast::Action& a) const = 0;
  // What an action and a note look like, for the issue of a line that does not parse.
  virtual std::string action_form() const = 0;
  virtual std::string note_form() const = 0;
  // "Total pot ..." in the summary.
  virtual void read_total_line(std::string_view line, std::uint32_t ln) = 0;
  // Called with a parsed action before its Event is made (PokerStars: a discard opens the draw).
  virtual void before_action(const action_ast::Action&) {}
  // Resolves the chips an action puts in (StreetBets); GG adjusts its straddles first.
  virtual void apply_bet(Event& e, std::uint32_t ln);
  // "Dealt to ...": true when read (PokerStars: only "Dealt to NAME [cards]").
  virtual bool dealt_line(std::string_view rest, std::uint32_t ln);
  // A line only this site writes, in the body and in the summary (GG: "Cash Drop to Pot").
  virtual bool site_line(std::string_view, std::uint32_t) { return false; }
  // A neutral line only this site writes, tried after the shared ones.
  virtual bool site_neutral_line(std::string_view, std::uint32_t) { return false; }

  // --- read here, once ------------------------------------------------------------------------
  void read_line(std::string_view line, std::uint32_t ln) override;
  // finish_hand() and the money the site added to the pot, then finish_site().
  void finish() override;
  // What a site adds once a readable hand is finished (GG: its total pot leaves the drop out).
  virtual void finish_site() {}

  // The street `name` (a marker's name less its board prefix) opens in the site's table, or
  // nullopt and an issue quoting the marker when the table has no such name.
  std::optional<Street> street_named(std::string_view name, std::span<const StreetName> names,
                                     const ast::StreetLine& sl, std::uint32_t ln);
  // Moves to `next`; a show-down marker of board `board` ("*** SECOND SHOW DOWN ***" is 1) makes
  // the collections after it that board's.
  void enter_street(Street next, int board);
  // The cards `cards` dealt to board `board` on `street`.
  void board_event(Street street, int board, std::string_view cards, std::uint32_t ln);

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln);
  // "Uncalled bet (X) returned to NAME" (Full Tilt: "Uncalled bet of X returned to NAME").
  void uncalled(const ast::UncalledLine& u, std::uint32_t ln);
  void action_line(int seat, std::string_view rest, std::uint32_t ln);
  void note_line(int seat, std::string_view rest, std::uint32_t ln);
  bool neutral_line(std::string_view line, std::uint32_t ln);
  void summary_line(std::string_view line, std::uint32_t ln);
  void summary_seat(std::string_view line, std::uint32_t ln);
  // For a site whose summary seat lines print a shown hand's result in words (Full Tilt, Enet):
  // a shown hand goes on "and won (X)" or "and lost", and every bracketed amount follows one of
  // `labels` and reads whole (money()). False, with the line's issue, when not: the reader's gap,
  // never a win of nothing.
  bool shown_summary_money_reads(std::string_view line, std::uint32_t ln,
                                 std::initializer_list<std::string_view> labels,
                                 const char* expected);
  // A table line naming the button ("... Seat #7 is the button"), and whether its seat is the
  // whole number after "Seat #": a button named but not read is not read (it decides the odd
  // chips and the order of action).
  static bool names_button(std::string_view line);
  static bool button_read(std::string_view line);

  StreetBets bets_;
  bool in_summary_{false};
  Money site_added_{0};  // promotional money the site put in the pot (STP, GG's cash drop)

 private:
  struct NameMatch {
    int seat{0};
    std::string_view rest;
    bool colon{false};
  };
  // A seated player's name at the start of the line, longest name first, followed by ": " (an
  // action) or " " (a note such as "collected").
  std::optional<NameMatch> match_player(std::string_view line) const;

  std::string line_kind_;
  NeutralLines neutral_;
};

}  // namespace hh::stars_family
