// Winning Poker Network (ACR, Americas Cardroom, Ya Poker, ...) hands turned into the site-neutral
// Hand; one format ("winning") with two exports, told apart by a hand's first line
// (docs/sites/winning.md has the whole list):
// - classic ("Game started at: ..."): every bracketed amount is the chips the action adds, "raises
//   (X)" included; "caps (X)" and "allin (X)" add chips that call, bet or raise as the street's
//   bets decide; collections are printed only in the summary ("Collects: X"), which the builder
//   turns into collections from "the pot"; "Pot: X. Rake R. JP fee J" is net of rake and jackpot
//   fee (Hand::total_pot adds them back); the export prints no limit (the structure stays
//   Unknown and the blinds are taken from the posts: the header's stakes are twice the blinds at
//   Omaha HiLow and fixed limit tables) and no time zone (read as UTC); "is disconnected and ALL
//   IN." is WPN's all-in protection, a SitsOut event flagged all-in;
// - modern ("Hand #N - ..." / "Game Hand #N - ..."): "raises $X to $Y" puts in X, Y being the
//   street total; "caps $X" puts in X; "posts dead $X" is a dead small blind and a live big blind
//   together; "Total pot X | Rake R | JP Fee J" is net of rake and fee; a winner who does not show
//   is paid only in the summary ("did not show and won X"); walks print no uncalled line
//   (UncalledStyle::Silent for a hand with none).
// Cap tables ("(Cap)", "- CAP -") cap each player's hand at 30 big blinds.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "model/hand.hpp"
#include "parser/format.hpp"
#include "parser/text/split.hpp"

namespace hh::winning {

// "Game started at: 2016/10/2 21:0:42" (leading spaces allowed).
bool is_classic_start(std::string_view line);
// "Hand #151588328 - ..." or "Game Hand #80586589 - ..." (leading spaces allowed).
bool is_modern_start(std::string_view line);
bool is_hand_start(std::string_view line);
// Reads one hand of either export, chosen by its first line.
Hand parse_hand(const HandText& text, const std::string& file);
Hand parse_classic_hand(const HandText& text, const std::string& file);
Hand parse_modern_hand(const HandText& text, const std::string& file);
// This format in the registry (parser/format.hpp).
std::unique_ptr<Format> make_format();

// What the two exports share.
namespace shared {
inline constexpr const char* kSite = "winning";
// Cap tables: the most one player may put into a hand, in big blinds.
inline constexpr Money kCapBigBlinds = 30;
// True when a table name or header marks a cap table: "(Cap)", "- CAP -".
bool is_cap_table(std::string_view text);
// "caps X" and "allin (X)" state only the chips added: a bet when nobody bet on the street, a call
// when the player's street total (`committed` + X) does not pass the largest bet, else a raise.
// Sets the kind and leaves `amount` (the chips added) for StreetBets.
void resolve_chips_added(Event& e, Money committed, Money largest_bet);
// The summary's total of either export, printed net of rake and jackpot fee: sets the rake (the
// printed rake plus the JP fee, which is part of it) and Hand::total_pot, the gross pot (printed
// total + rake + fee).
void set_net_total(Hand& h, std::uint32_t line, std::optional<Money> total,
                   std::optional<Money> rake, std::optional<Money> jackpot);
// The jackpot fee WPN's "JP" and "Beast" cash tables took without printing it (2014): $0.25.
inline constexpr Money kUnprintedJackpotFee = 25;
// After the summary, `jackpot_printed` false: a hand of a "JP" or "Beast" cash table whose printed
// total is short of the chips put in by exactly kUnprintedJackpotFee took that fee; it becomes a
// Fee of the hand (FEE_MISMATCH, a warning: a fee the export does not print) and Hand::total_pot,
// the gross pot, counts it. Any other shortfall is left to the audit (issue 33, point 13).
void read_unprinted_jackpot_fee(Hand& h, bool jackpot_printed);
}  // namespace shared

// The SNG 2.0 file's head, text before the first hand: "<Game Information>", its "Title: ...",
// "Entry #: ...", ... lines and "<Hand History>". No hand; each hand repeats what it needs.
bool is_preamble(std::string_view text);

}  // namespace hh::winning
