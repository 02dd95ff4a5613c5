#include "cli/integrity_signals_run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ctime>

#include "audit/integrity_chance.hpp"
#include "db/integrity_rows.hpp"

namespace hh::cli {

namespace {

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// The first cell of the first row of `sql`'s result, "" when none.
std::string first_cell(db::StoreReader& store, const std::string& sql) {
  const std::vector<db::QueryResult> r = store.query(sql);
  if (r.empty() || r.front().rows.empty() || !r.front().rows.front().front()) return {};
  return *r.front().rows.front().front();
}

}  // namespace

std::string integrity_fingerprint(db::StoreReader& store) {
  // Counts, not ids: the same hands give the same fingerprint in every store (PostgreSQL's ids
  // are not dense when several auditors write).
  const std::vector<db::QueryResult> r =
      store.query("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM hand_players)");
  const auto& row = r.front().rows.front();
  return fmt::format("{}:{}", row[0].value_or("0"), row[1].value_or("0"));
}

std::vector<AllInEquity> allin_equities_of(db::Store& store,
                                           const std::vector<IntegrityHand>& hands, unsigned jobs,
                                           bool keep, long* computed) {
  std::vector<AllInEquity> kept = store.kept_allin_equities();
  std::vector<AllInEquity> out(hands.size());
  std::vector<const IntegrityHand*> missing;
  std::vector<std::size_t> missing_at;
  std::size_t k = 0;  // both by hand_id
  for (std::size_t i = 0; i < hands.size(); ++i) {
    while (k < kept.size() && kept[k].hand_id < hands[i].hand_id) ++k;
    if (k < kept.size() && kept[k].hand_id == hands[i].hand_id) {
      out[i] = std::move(kept[k]);
      continue;
    }
    missing.push_back(&hands[i]);
    missing_at.push_back(i);
  }
  std::vector<AllInEquity> fresh = all_in_equities(missing, jobs);
  if (keep && !fresh.empty()) {
    store.keep_allin_equities(fresh);
    store.commit();
  }
  for (std::size_t j = 0; j < fresh.size(); ++j) out[missing_at[j]] = std::move(fresh[j]);
  if (computed) *computed = static_cast<long>(missing.size());
  return out;
}

std::optional<IntegrityRefresh> refresh_integrity_signals(db::Store& store, bool force,
                                                          unsigned jobs) {
  store.commit();
  const std::string of = integrity_fingerprint(store);
  if (!force &&
      first_cell(store, "SELECT value FROM meta WHERE key = 'integrity_signals_of'") == of)
    return std::nullopt;
  IntegrityRefresh out;
  const std::vector<IntegrityHand> hands = store.integrity_hands({});
  out.signals =
      integrity_signals(hands, allin_equities_of(store, hands, jobs, true, &out.equities_computed));
  store.replace_integrity_signals(out.signals, utc_now(), of);
  store.commit();
  return out;
}

db::QueryResult integrity_signals_table(const std::vector<IntegritySignal>& signals) {
  using db::CellType;
  db::QueryResult t;
  t.columns = {"kind",      "site",   "player_a", "player_b", "score",    "threshold",
               "statistic", "amount", "currency", "hands",    "hand_ids", "explanation"};
  for (const IntegritySignal& s : signals) {
    const auto text = [](const std::string& v) -> std::optional<std::string> {
      if (v.empty()) return std::nullopt;
      return v;
    };
    t.rows.push_back(
        {s.kind, s.site, text(s.players.empty() ? "" : s.players[0]),
         text(s.players.size() < 2 ? "" : s.players[1]), fmt::format("{:.2f}", s.score),
         fmt::format("{}", s.threshold), s.statistic,
         s.amount ? std::optional<std::string>(std::to_string(*s.amount)) : std::nullopt,
         text(s.currency), std::to_string(s.hand_ids.size()), db::hand_id_list(s.hand_ids),
         s.explanation});
    std::vector<CellType> types;
    for (const auto& cell : t.rows.back()) types.push_back(cell ? CellType::Text : CellType::Null);
    for (int numeric : {4, 5, 7, 9})
      if (types[numeric] != CellType::Null)
        types[numeric] = numeric == 7 || numeric == 9 ? CellType::Integer : CellType::Float;
    t.types.push_back(std::move(types));
  }
  return t;
}

}  // namespace hh::cli
