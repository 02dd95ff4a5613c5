// The signals across hands (audit/integrity_signals.hpp) computed over a store and kept in its
// integrity_signals table: after each `hhaudit audit` run and by `hhaudit integrity`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "audit/integrity_signals.hpp"
#include "db/store.hpp"

namespace hh::cli {

// What the stored signals were computed from: "HANDS:SEATS", the rows of hands and hand_players.
std::string integrity_fingerprint(db::StoreReader& store);

// The all-in equities of `hands`, in their order: those `store` keeps, the others computed on
// `jobs` threads (and, with `keep`, kept: a hand's equity is computed once per store).
// `computed`: how many hands were computed now.
std::vector<AllInEquity> allin_equities_of(db::Store& store,
                                           const std::vector<IntegrityHand>& hands, unsigned jobs,
                                           bool keep, long* computed = nullptr);

// What a computation of the signals over the whole store gave.
struct IntegrityRefresh {
  std::vector<IntegritySignal> signals;
  long equities_computed{0};  // hands whose all-in equity was computed (not kept yet)
};

// Computes the signals over every hand of `store` with the default thresholds and replaces the
// stored ones, unless (`force` false) the hands are those they were computed from; the all-in
// equities of the hands not kept yet computed on `jobs` threads and kept. Returns what was
// stored, or std::nullopt when skipped.
std::optional<IntegrityRefresh> refresh_integrity_signals(db::Store& store, bool force,
                                                          unsigned jobs);

// The signals as a table: kind, site, player_a, player_b, score, threshold, statistic, amount,
// currency, hands, hand_ids, explanation (the columns of integrity_signals but the times).
db::QueryResult integrity_signals_table(const std::vector<IntegritySignal>& signals);

}  // namespace hh::cli
