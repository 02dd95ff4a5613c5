// A tournament summary: what a site prints about a whole tournament once it is over (or while it
// runs): the buy-in, the entrants, the prize pool and the places. It is not a hand: the summary
// formats (Format::reads_summaries) read a whole file into one TournamentSummary, the audit
// checks it on its own (audit/summary_checks.cpp) and against the places the tournament's hands
// print, and the store keeps it in the tables tournaments and tournament_results.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/hand.hpp"

namespace hh {

// One line of the results: "1: name (country), $X (Y%)", Full Tilt's "1: name, $X".
struct TournamentResult {
  int place{0};  // 0: still playing (no place yet)
  std::string player;
  std::string country;  // "" when the summary prints none
  // The cash prize in minor units of the summary's currency; nullopt when the line prints none
  // or a prize that is not an amount (a ticket: prize_text).
  std::optional<Money> prize;
  std::string prize_text;  // a prize that is not an amount, as printed ("Step 3 Ticket")
  std::uint32_t line{0};
};

struct TournamentSummary {
  std::string site;  // the site whose hands the tournament's are ("pokerstars", "fulltilt")
  std::string tournament_id;
  std::string game;      // as printed ("No Limit Hold'em", "Hold'em No Limit")
  std::string currency;  // ISO code, "" for play money, FPP or a freeroll without one
  int unit{100};         // minor units per major unit of the amounts below
  // The buy-in that goes to the prize pool, the knockout part of a three-part buy-in and the
  // site's fee, per entry; nullopt when not printed.
  std::optional<Money> buy_in;
  std::optional<Money> bounty;
  std::optional<Money> fee;
  std::optional<int> entrants;
  std::optional<Money> prize_pool;  // nullopt: not printed as an amount (a ticket pool)
  std::optional<Money> guarantee;   // Full Tilt prints "$8K Guarantee" in its title
  std::optional<int> starting_chips;
  // The summary says the tournament had rebuys or add-ons (PokerStars: "You made N rebuys and M
  // addons"): the prize pool may then exceed entrants x buy-in.
  bool rebuys{false};
  bool finished{false};                   // the summary prints the tournament's end
  std::string started_at;                 // as printed (the site's own time zone first), "" if not
  std::string ended_at;                   // as printed, "" if not
  std::vector<TournamentResult> results;  // in file order

  SourceLocation source;
  std::string raw;                 // the file's decoded text
  std::vector<ParseIssue> issues;  // lines not understood
  bool parsed{false};              // false: the header (site, tournament number) was not read
};

}  // namespace hh
