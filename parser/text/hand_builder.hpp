// What every site's builder shares: the Hand being built and where it came from, the problems
// found on the way, amounts in the hand's unit, and the seated players found at the start of a
// line. Each site's Builder derives from it and adds its own grammar and quirks.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/hand.hpp"
#include "parser/text/action_ast.hpp"
#include "parser/text/error_handler.hpp"
#include "parser/text/split.hpp"

namespace hh {

// An event that puts chips into the pot (a forced bet or a bet; `amount` is the chips added),
// before any uncalled part goes back.
bool puts_chips_in(EventKind k);

class HandBuilder {
 public:
  virtual ~HandBuilder() = default;

  // Reads the whole hand: the header, then every later non-blank line (trimmed), then finish().
  Hand build();

 protected:
  // The header at the start of the hand (one line or several); false leaves the hand unparsed
  // (the issue says why). By default the header is the first line, trimmed, read by
  // read_header_line(); a site whose header spans several lines overrides this.
  virtual bool read_header(LineCursor& cur);
  virtual bool read_header_line(std::string_view, std::uint32_t) { return false; }
  // For a header of several lines: the next line, trimmed, in `line`; at the end of the hand an
  // issue saying the header line of `form` was expected, and false.
  bool next_header_line(LineCursor& cur, std::string_view& line, std::string_view form);
  // One line after the header, trimmed and not blank.
  virtual void read_line(std::string_view line, std::uint32_t ln) = 0;
  // Checks and totals once every line was read; starts with finish_hand().
  virtual void finish() = 0;

  // What ends every hand: an issue when no seat was read (`seat_line_form` says what a seat line
  // looks like; false is returned) or when the summary (`summary_marker`) never came; the hand's
  // ante is the largest posted; the hand is parsed when its summary was read.
  bool finish_hand(std::string_view seat_line_form, std::string_view summary_marker,
                   bool summary_seen);

  // Reads a printed amount in minor units (`unit` per major unit); the site's number format.
  using AmountReader = std::optional<Money> (*)(std::string_view text, int unit);

  HandBuilder(const HandText& text, const std::string& file, std::string site,
              AmountReader read_amount = &read_plain_amount);  // nullptr: the same

  // A line (or header) the builder could not understand: what it expected and what it got.
  void issue(std::uint32_t line, std::string expected, std::string_view got);

  // A line the grammar rejected: when it stopped at an expectation point, the issue says what it
  // expected there, "at line L, column C" (error_handler.hpp); otherwise `expected`.
  void rejected(std::uint32_t line, const x3_actions::Expectation& e, std::string expected,
                std::string_view got);

  // An amount in the hand's unit, or an issue on `line` and nullopt.
  std::optional<Money> money(std::string_view text, std::uint32_t line);
  // Whether `text` is an amount the site prints (money() would read it), with no issue.
  bool is_amount(std::string_view text) const { return read_amount_(text, h_.unit).has_value(); }

  // A signed amount: a raise increment may be printed negative (Winamax 7 Card Stud, hand
  // 9250793-1578-1479092164) and is kept as printed so that the audit compares it with the bet
  // it should beat.
  Money signed_money(std::string_view text, std::uint32_t line);

  // The Event of a parsed action line of `seat` on the current street: its kind, the amounts in
  // the hand's unit (an unreadable amount is an issue and counts 0), cards as printed, discards,
  // all-in and pot index. `rest` (the line after the name) is the text of an Other event. Bets
  // are not resolved here: the site builder applies StreetBets after its own adjustments.
  Event action_event(const action_ast::Action& a, int seat, std::string_view rest,
                     std::uint32_t line);

  // A new Event of `kind` on the current street, read from line `ln`, added to the hand.
  Event& add_event(EventKind kind, std::uint32_t ln);

  // "Dealt to " followed by `rest` = "NAME [cards]": a DealtHole event of that seat on the current
  // street; false (nothing added) when `rest` is not a seated player then "[".
  bool dealt_hole_cards(std::string_view rest, std::uint32_t ln);

  // Adds the summary amounts a seat won ("won (X)", "collected (X)") to `seat`.
  void add_won(SummarySeat& seat, const std::vector<std::string_view>& amounts, std::uint32_t ln);

  // Sites that print some collections only in the summary (WPN's "did not show and won X", Full
  // Tilt's walks: "collected (30), mucked" and no line in the body): a Collected event from "the
  // pot" for each summary seat that won something and has no Collected event.
  void collections_from_summary();
  // Sites that print an uncalled line only sometimes (a walk's big blind excess is returned
  // silently, inside the collection): a hand with no such line is UncalledStyle::Silent.
  void silent_uncalled_unless_printed();
  // The same, only in a walk (nobody called, bet or raised): where anyone did, a missing uncalled
  // line stays the audit's to judge (Full Tilt, Run It Once).
  void silent_uncalled_in_a_walk();

  // The header's two stakes: the blinds, and in fixed limit also the two bet sizes ("$5/$10":
  // blinds of $2.50 and $5; Hand::live_big_blind()).
  void set_stakes(Money small, Money big);

  // The hand's start from the local date ("YYYY/MM/DD"), time and zone it prints
  // (text_util.hpp's to_utc). A zone hhaudit does not know leaves the time unknown: a gap
  // outside the play (Hand::unread_outside_play), every check still runs.
  void set_start_time(std::string_view date, std::string_view time, std::string_view zone,
                      std::uint32_t ln);

  // A recognised, money-neutral line kept as an Other event on the current street.
  void other(std::string_view line, std::uint32_t ln);

  // Seats the player (a second line for the same seat is an issue) and indexes the name.
  bool add_seat(Seat s, std::uint32_t ln);

  int seat_of_player(std::string_view name) const;

  // The seated player whose name starts `line` followed by `sep` (": " or " "), and the rest of
  // the line after it. Names may hold spaces and colons, so the longest name is tried first;
  // with ": ", "NAME:" alone at the end of the line matches too (rest empty).
  std::optional<std::pair<int, std::string_view>> player_then(std::string_view line,
                                                              std::string_view sep) const;

  const HandText& text_;
  Hand h_;
  Street street_{Street::Setup};
  // Run it twice (or three times): the board whose show-down marker was read last ("*** SECOND
  // SHOW DOWN ***" is 1). The collections that follow it are that board's (Event::board_index).
  int showdown_board_{0};

 private:
  static std::optional<Money> read_plain_amount(std::string_view text, int unit);

  AmountReader read_amount_;
  std::vector<std::pair<std::string_view, int>> names_by_length_;  // views into h_.seats
};

}  // namespace hh
