// The signals across hands (issue 37 points 5, 6, 7, 9; docs/integrity.md): patterns a room's
// security team reviews, computed over the hands a store reads back (Store::integrity_hands).
// A signal is never a verdict and never a finding: its statistic passed a documented threshold
// whose false-alarm rate on honest generated play is measured in tests/test_integrity_signals.cpp.
#pragma once

#include <string>
#include <vector>

#include "model/allin_equity.hpp"
#include "model/stored_rows.hpp"

namespace hh {

struct IntegrityThresholds {
  // The least a pair must share before any pair signal is judged: hands with money between them
  // (chip dumping), heads-up streets (soft play), hands at one table (seats together).
  int min_hands{10};
  // Chip dumping: the z of the pair's transfers (sum over the hands / root of the sum of
  // squares, in big blinds) and the least net transfer, in big blinds.
  double dumping_z{4.0};
  double dumping_min_big_blinds{20.0};
  // Soft play and seats together: -log10 of the tail probability times the pairs tested (a
  // Bonferroni bound: 3 is one false alarm a thousand computations on honest play at most).
  double soft_play_score{3.0};
  double seats_score{3.0};
  // Tournament seats: the same bound over the tournament tables (each tournament's last left out).
  double tournament_seats_score{3.0};
  // Squeeze of a third: the same bound on the pair's streets with a third player in the hand.
  double squeeze_score{3.0};
  // Rake above the table's maximum: hands of the group that paid the maximum, and the group's
  // least size before the site's hands of the same stakes and year stand in for it.
  int rake_cap_hands{3};
  int rake_min_group{20};
};

std::vector<IntegritySignal> chip_dumping_signals(const std::vector<IntegrityHand>& hands,
                                                  const IntegrityThresholds& t);
// The same with the all-in equities of `hands` given, in their order (the card evidence: an
// all-in drawing dead).
std::vector<IntegritySignal> chip_dumping_signals(const std::vector<IntegrityHand>& hands,
                                                  const std::vector<AllInEquity>& equities,
                                                  const IntegrityThresholds& t);
std::vector<IntegritySignal> seats_together_signals(const std::vector<IntegrityHand>& hands,
                                                    const IntegrityThresholds& t);
std::vector<IntegritySignal> tournament_seats_signals(const std::vector<IntegrityHand>& hands,
                                                      const IntegrityThresholds& t);
std::vector<IntegritySignal> soft_play_signals(const std::vector<IntegrityHand>& hands,
                                               const IntegrityThresholds& t);
std::vector<IntegritySignal> squeeze_signals(const std::vector<IntegrityHand>& hands,
                                             const IntegrityThresholds& t);
std::vector<IntegritySignal> rake_above_table_max_signals(const std::vector<IntegrityHand>& hands,
                                                          const IntegrityThresholds& t);

// All of them, in that order (each kind's strongest first), then results beyond chance
// (audit/integrity_chance.hpp, with its default thresholds).
std::vector<IntegritySignal> integrity_signals(const std::vector<IntegrityHand>& hands,
                                               const IntegrityThresholds& t = {});
// The same with the all-in equities of `hands` given, in their order (kept by a store, or
// computed on several threads: audit/integrity_chance.hpp's all_in_equities).
std::vector<IntegritySignal> integrity_signals(const std::vector<IntegrityHand>& hands,
                                               const std::vector<AllInEquity>& equities,
                                               const IntegrityThresholds& t = {});

// Tail probabilities, for the signals and their tests: P(X >= k) for X binomial (n, q), and for
// X hypergeometric (a population of `population` holding `marked` marked, `drawn` drawn).
double binomial_upper_tail(int n, double q, int k);
double hypergeometric_upper_tail(int population, int marked, int drawn, int k);
// -log10 of a tail probability times the tests made (Bonferroni), at most 300 (p underflows).
double corrected_score(double p, std::size_t tests);

}  // namespace hh
