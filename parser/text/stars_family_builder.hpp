// The builder of the PokerStars family: PokerStars (and the rooms and converters that write its
// format), GGPoker, and later Full Tilt, WPN, ... The lines these sites write alike are read here
// once: the table and seat lines, dealt cards, "Uncalled bet", player actions and notes, the lines
// that name no player, the summary's seat lines. Each site's builder derives from it and says what
// differs: its header, its street markers, its action grammar, its summary total line, and the
// few lines only it writes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "parser/text/hand_builder.hpp"
#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/street_bets.hpp"

namespace hh::stars_family {

// Lines naming no seated player that a site writes (observers, tournament and dealer notes):
// the phrases a line may hold, the starts a whole line may have, and the endings of a "sits out"
// line. Data per site; the reading is StarsFamilyBuilder::neutral_line.
struct NeutralLines {
  std::span<const std::string_view> phrases;
  std::span<const std::string_view> starts;
  std::span<const std::string_view> sits_out_endings;
};

class StarsFamilyBuilder : protected HandBuilder {
 protected:
  // `line_kind` names a line of the site's hands in issues ("a line of a PokerStars hand").
  StarsFamilyBuilder(const HandText& text, const std::string& file, std::string site,
                     std::string line_kind, NeutralLines neutral);

  // --- what each site says --------------------------------------------------------------------
  // "*** NAME *** [cards]": moves street_ (and adds Board events).
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

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln);
  void action_line(int seat, std::string_view rest, std::uint32_t ln);
  void note_line(int seat, std::string_view rest, std::uint32_t ln);
  bool neutral_line(std::string_view line, std::uint32_t ln);
  void summary_line(std::string_view line, std::uint32_t ln);
  void summary_seat(std::string_view line, std::uint32_t ln);

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
