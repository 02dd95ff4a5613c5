// Tournament results a hand prints, checked against the hand itself (docs/discrepancies.md,
// "Tournament results"): a player eliminated has no chips left, the places of players eliminated
// together follow their stacks, and a bounty paid is the one the eliminated player carried.
// Reads Hand::finishes and Hand::bounties (the format fills them) and the replay's stacks. And
// between the hands of a table (docs/sessions.md): a place once given is not given again, and a
// later hand's places are better.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "audit/sessions.hpp"
#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh {

// FINISH_WITH_CHIPS, FINISH_PLACE_ORDER and BOUNTY_MISMATCH of one audited hand.
std::vector<Finding> check_tournament_results(const Hand& hand, const AuditResult& result);

// FINISH_PLACE_ORDER between the hands of one tournament table, given in the order played:
// each place a hand prints (1st aside: the survivors share it) is better than every place
// printed by the hands before it. Keeps the best place so far, not the hands. A hand played
// while registration may be open (SessionHand::registration_may_be_open) is left out.
class FinishOrderCheck {
 public:
  void add(const SessionHand& hand, std::vector<SessionFinding>& out);

 private:
  int best_{0};  // the best place printed so far (0: none yet), by whom and in which hand
  std::int64_t best_hand_id_{0};
  std::string best_site_hand_id_;
  std::string best_player_;
};

// FinishOrderCheck over `hands` (in any order: ordered here as order_session does).
std::vector<SessionFinding> check_finish_order(std::vector<SessionHand> hands);

}  // namespace hh
