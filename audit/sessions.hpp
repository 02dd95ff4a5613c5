// Checks between hands: the hands of one table (a session) in order, each pair of consecutive
// hands compared (docs/sessions.md). Pure: a sequence of per-hand seat, stack and button summaries
// in, findings out. Which hands form a table is the pipeline's business (pipeline/), where the
// summaries come from the store's (db/store.hpp, Store::session_hands): the same check sees the
// hands of one run and those stored by earlier runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "audit/house_rules.hpp"
#include "model/finding.hpp"
#include "model/stored_rows.hpp"

namespace hh {

// The seats of an audited hand as the checks between hands see them (what a store keeps of it).
std::vector<SessionSeat> session_seats(const Hand& hand, const AuditResult& result);
// How many of session_seats() are not sitting out, without building them.
int seats_dealt_in(const Hand& hand, const AuditResult& result);

// Longer than this between two consecutive hands of a table, hands are missing in between (the
// history is one player's, who left the table for a while): TIME_GAP, and the pair is not
// compared.
inline constexpr long kMaxSecondsBetweenHands = 15 * 60;

// Seconds since 1970 of "YYYY-MM-DDTHH:MM:SSZ"; nullopt for any other text.
std::optional<long long> epoch_seconds(std::string_view t);

// The order hands were played in: by start time, then by hand number (the digits at its end,
// compared as numbers).
bool played_before(const SessionHand& a, const SessionHand& b);

// The hands of one table in the order they were played (played_before).
void order_session(std::vector<SessionHand>& hands);

// Compares two consecutive hands of a table (`prev` played just before `next`) by `rules`' button
// rule: STACK_DISCONTINUITY, BUTTON_OUT_OF_ORDER, BLIND_SKIPPED, HAND_ORDER, TIME_GAP, ...
void check_seam(const SessionHand& prev, const SessionHand& next, const HouseRules& rules,
                std::vector<SessionFinding>& out);

// check_seam over each pair of consecutive hands of `hands` (in any order: ordered here).
std::vector<SessionFinding> check_session(std::vector<SessionHand> hands, const HouseRules& rules);

}  // namespace hh
