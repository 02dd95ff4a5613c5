// The checks between the hands of one table (docs/sessions.md), run as a store reads the table's
// hands back one at a time: a table may hold more hands than memory should hold at once.
#pragma once

#include <optional>
#include <vector>

#include "audit/house_rules.hpp"
#include "audit/sessions.hpp"
#include "audit/tournaments.hpp"

namespace hh {

// FINISH_PLACE_ORDER (FinishOrderCheck) and the seams between consecutive hands (check_session's)
// of one table, given its hands in order of started_at_utc ("" first), hands of one time in any
// order: they are put in played order (played_before, stable) here. Holds the hands of the latest
// time and the hand before them, not the table.
class SessionChecks {
 public:
  explicit SessionChecks(const HouseRules& rules) : rules_(rules) {}

  void add(SessionHand hand);

  // After the last hand: the findings, those of places first, each kind in played order (as
  // check_finish_order's, then check_session's).
  std::vector<SessionFinding> finish();

 private:
  void flush();  // the hands of one time, in played order, to the checks

  const HouseRules& rules_;
  std::vector<SessionHand> same_time_;
  std::optional<SessionHand> previous_;
  FinishOrderCheck places_;
  std::vector<SessionFinding> place_findings_, seam_findings_;
};

}  // namespace hh
