// The checks between the hands of one table (docs/sessions.md), run as a store reads the table's
// hands back one at a time: a table may hold more hands than memory should hold at once, and more
// findings too (a table of a generated corpus repeats its hands: one HANDS_MISSING a hand).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "audit/house_rules.hpp"
#include "audit/sessions.hpp"
#include "audit/tournaments.hpp"

namespace hh {

// FINISH_PLACE_ORDER (FinishOrderCheck) and the seams between consecutive hands (check_session's)
// of one table, given its hands in order of started_at_utc ("" first), hands of one time in any
// order: they are put in played order (played_before, stable) here. Holds the hands of the latest
// time and the hand before them, not the table, and no finding: each goes to `found` as it is
// found, in played order of the hands (a hand's place finding before its seam's).
class SessionChecks {
 public:
  using Sink = std::function<void(SessionFinding)>;

  SessionChecks(const HouseRules& rules, Sink found) : rules_(rules), found_(std::move(found)) {}

  void add(SessionHand hand);

  // After the last hand: the findings of the hands of the latest time.
  void finish();

 private:
  void flush();  // the hands of one time, in played order, to the checks

  const HouseRules& rules_;
  Sink found_;
  std::vector<SessionHand> same_time_;
  std::optional<SessionHand> previous_;
  FinishOrderCheck places_;
  std::vector<SessionFinding> found_by_hand_;  // one hand's, handed on before the next hand
};

// The checks between hands of one table by `rules` (SessionChecks) over its hands as a store
// reads them back (db::ScopeInput::hands: in order of started_at_utc), each finding to `found`
// as it is found.
void check_table(const HouseRules& rules, const HandCursor& hands,
                 const SessionChecks::Sink& found);

}  // namespace hh
