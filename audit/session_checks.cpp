#include "audit/session_checks.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace hh {

void SessionChecks::add(SessionHand hand) {
  if (!same_time_.empty() && hand.started_at_utc != same_time_.front().started_at_utc) flush();
  same_time_.push_back(std::move(hand));
}

void SessionChecks::flush() {
  // A stable sort of the table's hands by played_before orders them by time first: those of one
  // time sorted among themselves, in the order read, are in the same place.
  order_session(same_time_);
  for (SessionHand& h : same_time_) {
    places_.add(h, place_findings_);
    if (previous_) check_seam(*previous_, h, rules_, seam_findings_);
    previous_ = std::move(h);
  }
  same_time_.clear();
}

std::vector<SessionFinding> SessionChecks::finish() {
  flush();
  std::vector<SessionFinding> out = std::move(place_findings_);
  out.insert(out.end(), std::make_move_iterator(seam_findings_.begin()),
             std::make_move_iterator(seam_findings_.end()));
  place_findings_.clear();
  seam_findings_.clear();
  previous_.reset();
  places_ = FinishOrderCheck{};
  return out;
}

}  // namespace hh
