#include "audit/session_checks.hpp"

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
    places_.add(h, found_by_hand_);
    if (previous_) check_seam(*previous_, h, rules_, found_by_hand_);
    previous_ = std::move(h);
    for (SessionFinding& f : found_by_hand_) found_(std::move(f));
    found_by_hand_.clear();
  }
  same_time_.clear();
}

void SessionChecks::finish() {
  flush();
  previous_.reset();
  places_ = FinishOrderCheck{};
}

void check_table(const HouseRules& rules, const HandCursor& hands,
                 const SessionChecks::Sink& found) {
  SessionChecks checks(rules, found);
  hands([&](SessionHand h) { checks.add(std::move(h)); });
  checks.finish();
}

}  // namespace hh
