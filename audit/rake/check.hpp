// Rake against the house schedule: the rake a hand paid (printed or derived by the audit) compared
// with what the site's published schedule (audit/rake/schedule.hpp) takes from that pot, for the
// players dealt in and the date of the hand. Codes in docs/discrepancies.md and docs/rake.md.
#pragma once

#include <vector>

#include "audit/rake/schedule.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh {

// The players dealt in (hands.players_dealt), the count rake caps are banded by: the seats
// session_seats (audit/sessions.hpp) finds dealt in, not marked sitting out and not silent while
// the others act (Bovada seats a player who printed "Seat sit out"); for an unparsed hand or
// without the audit's players, the seats not marked sitting out.
int players_dealt(const Hand& hand, const AuditResult& result);

// True when the hand went past its first betting round: a flop dealt (also when everyone was
// all-in before it), 4th street in stud, a draw in draw games. "No flop, no drop" rakes only these.
bool past_first_round(const Hand& hand);

// RAKE_OVER_SCHEDULE, RAKE_UNDER_SCHEDULE, RAKE_ON_UNRAKED_HAND, FEE_MISMATCH and
// RAKE_SCHEDULE_UNKNOWN for one audited hand. Returns nothing for unparsed or cancelled hands, for
// play money, and when the rake is neither printed nor derived.
std::vector<Finding> check_rake(const Hand& hand, const AuditResult& result,
                                const RakeSchedules& schedules);

}  // namespace hh
