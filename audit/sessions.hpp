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

namespace hh {

// One seat of a hand, as the checks between hands need it.
struct SessionSeat {
  int seat{0};
  std::string player;
  Money start_stack{0};
  // start_stack + net + settled_outside: what the player leaves the hand with
  Money end_stack{0};
  // Paid (negative) or received beside the pot (Hand::side_settlements); 0 for hands stored
  // before schema 9.
  Money settled_outside{0};
  bool stack_known{true};  // false: Seat::stack_unknown (a join whose buy-in is not printed)
  // Not dealt in: Seat::sitting_out, or a seat the hand prints nothing of (no post, action,
  // cards or collection) although others act (session_seats says why).
  bool sitting_out{false};
  bool posted_small_blind{false};
  bool posted_big_blind{false};
  bool posted_owed{false};  // a dead blind, or both blinds at once: blinds owed from before
  // The place the hand prints the player finishing the tournament in (Hand::finishes); 0: none
  // (or a hand stored before schema 8). Read by audit/tournaments.hpp's check between hands.
  int finish_place{0};
};

// One hand of a table, reduced to its seats, button and time.
struct SessionHand {
  std::int64_t hand_id{0};  // the store's: findings name hands by it
  std::string site_hand_id;
  std::string table_name;      // the table's name (a tournament's hands are at several)
  std::string started_at_utc;  // "YYYY-MM-DDTHH:MM:SSZ", "" when not known
  bool tournament{false};
  int unit{100};
  Money big_blind{0};
  int max_seats{0};
  int button_seat{0};     // 0: not known
  bool has_button{true};  // false for stud games: their dealer seat does not move
  // Whether seats say who sat out and who posted which blind (false for hands stored before
  // the store kept it): the button and blind checks then skip the pair.
  bool seat_details_known{true};
  // False when hhaudit did not read the whole hand (a line not read: UNRECOGNISED_LINE): its
  // stacks and blinds may be the gap's, so no pair with it is compared (its CHECKS_NOT_RUN says
  // so).
  bool read_whole{true};
  std::vector<SessionSeat> seats;
};

// The seats of an audited hand as the checks between hands see them (what a store keeps of it).
std::vector<SessionSeat> session_seats(const Hand& hand, const AuditResult& result);
// How many of session_seats() are not sitting out, without building them.
int seats_dealt_in(const Hand& hand, const AuditResult& result);

// A finding between two hands: attached to the later hand, naming the earlier one.
struct SessionFinding {
  std::int64_t hand_id{0};
  std::int64_t related_hand_id{0};
  Finding finding;
};

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
