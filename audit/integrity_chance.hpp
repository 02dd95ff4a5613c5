// Results beyond chance (issue 37 point 8, docs/integrity.md): a player whose all-ins win more
// than their cards' equity at the moment the money went in allows, and a site whose board cards
// are dealt with frequencies a shuffled deck does not give. Computed over the hands a store reads
// back (Store::integrity_hands: their seats, actions and the cards of their deal, show and board
// lines), with hhaudit's own evaluators (audit/hand_eval.hpp). Statistics, not money: doubles
// are fine here; amounts stay integer minor units. Signals for review, never a verdict.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/allin_equity.hpp"
#include "model/stored_rows.hpp"

namespace hh {

struct ChanceThresholds {
  // All-ins of a player (every live hand known) before their results are judged.
  int min_allins{20};
  // -log10 of the tail bound times the players (or deck statistics) tested: 3 is one false alarm
  // in a thousand computations at most.
  double allin_score{3.0};
  double deck_score{3.0};
  // Hands with a board of a 52-card game at a site before its deck is judged.
  int min_board_hands{300};
};

// Boards sampled (fixed seed: the hand's site and number) when the boards still to come number
// more than kExactBoards: a preflop all-in. The sampled equity's standard error is at most
// 0.5 / sqrt(kSampledBoards) = 0.011.
inline constexpr long kExactBoards = 20000;
inline constexpr long kSampledBoards = 2000;

// The equity of each live player of `h` at its all-in: the moment of the last decision, after
// which the rest of the board was dealt with no one to act.
AllInEquity all_in_equity(const IntegrityHand& h);

// all_in_equity of each of `hands`, in their order, computed on `jobs` threads (each hand on its
// own, its sampled boards seeded by the hand: the result is the same for any number of threads).
std::vector<AllInEquity> all_in_equities(const std::vector<const IntegrityHand*>& hands,
                                         unsigned jobs);
// all_in_equity of each of `hands`, in their order, on this thread.
std::vector<AllInEquity> all_in_equities(const std::vector<IntegrityHand>& hands);

// The card evidence on a chip_dumping pair in one of the hands that carried its transfer
// (docs/integrity.md): the giver heads-up all-in against the taker drawing dead (equity exactly
// 0, every board enumerated, having called, bet or raised on the last decision's street), or
// folding to the taker on the flop or later a better high hand than the taker's on the board
// dealt so far (both hands known). Unknown cards are never evidence.
enum class DumpingCards { None, AllInDrawingDead, FoldedBestHand };
DumpingCards dumping_cards(const IntegrityHand& h, const std::string& giver,
                           const std::string& taker);
// The same with the hand's all-in equity given (`all_in`: all_in_equity(h), kept or computed).
DumpingCards dumping_cards(const IntegrityHand& h, const AllInEquity& all_in,
                           const std::string& giver, const std::string& taker);

// What the all-ins of `hands` gave: how many of each reading.
struct AllInTally {
  long evaluated{0}, sampled{0}, not_evaluated{0}, cards_unknown{0};
};

// From the all-in equities of the hands, in the hands' order (sums in that order: the same
// signals whether an equity was computed now or kept).
std::vector<IntegritySignal> allin_results_signals(const std::vector<AllInEquity>& equities,
                                                   const ChanceThresholds& t,
                                                   AllInTally* tally = nullptr);
// The same, each hand's equity computed now (one thread).
std::vector<IntegritySignal> allin_results_signals(const std::vector<IntegrityHand>& hands,
                                                   const ChanceThresholds& t,
                                                   AllInTally* tally = nullptr);
std::vector<IntegritySignal> deck_frequencies_signals(const std::vector<IntegrityHand>& hands,
                                                      const ChanceThresholds& t);
// Both, in that order; `equities` those of `hands`, in their order.
std::vector<IntegritySignal> chance_signals(const std::vector<IntegrityHand>& hands,
                                            const std::vector<AllInEquity>& equities,
                                            const ChanceThresholds& t = {});
std::vector<IntegritySignal> chance_signals(const std::vector<IntegrityHand>& hands,
                                            const ChanceThresholds& t = {});

// Bennett's inequality for a sum of independent terms each at most 1 above its mean, of total
// variance `variance`: P(sum - mean >= excess) <= exp(-variance h(excess / variance)), h(u) =
// (1 + u) ln(1 + u) - u. A bound, not an approximation: it holds for skewed terms (a 10%
// underdog's win) where the normal tail would understate the chance.
double bennett_upper_bound(double excess, double variance);
// P(X >= x) for X chi-square with `df` degrees of freedom.
double chi_square_upper_tail(double x, int df);

}  // namespace hh
