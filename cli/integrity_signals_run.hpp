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

// Computes the signals over every hand of `store` with the default thresholds and replaces the
// stored ones, unless (`force` false) the hands are those they were computed from. Returns the
// signals stored, or std::nullopt when skipped.
std::optional<std::vector<IntegritySignal>> refresh_integrity_signals(db::Store& store, bool force);

// The signals as a table: kind, site, player_a, player_b, score, threshold, statistic, amount,
// currency, hands, hand_ids, explanation (the columns of integrity_signals but the times).
db::QueryResult integrity_signals_table(const std::vector<IntegritySignal>& signals);

}  // namespace hh::cli
