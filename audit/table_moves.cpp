#include "audit/table_moves.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "model/amount_text.hpp"

namespace hh {

namespace {

void compare_move(const PlayerHand& was, const PlayerHand& now, std::vector<SessionFinding>& out) {
  const SessionHand& before = was.hand;
  const SessionHand& after = now.hand;
  const auto t0 = epoch_seconds(before.started_at_utc);
  const auto t1 = epoch_seconds(after.started_at_utc);
  if (!before.read_whole || !after.read_whole || was.seat.finish_place != 0 ||
      !was.seat.stack_known || !now.seat.stack_known || !t0 || !t1 || *t1 <= *t0 ||
      *t1 - *t0 > kMaxSecondsBetweenHands)
    return;
  const Money left = was.seat.end_stack, arrived = now.seat.start_stack;
  if (left == arrived) return;
  const bool grew = arrived > left;
  const auto amt = [&](Money m) { return format_amount(m, after.unit); };
  out.push_back(
      {after.hand_id, before.hand_id,
       make_finding(grew ? FindingCode::ChipsAdded : FindingCode::StackDiscontinuity,
                    {.seat = now.seat.seat,
                     .player = now.seat.player,
                     .expected = left,
                     .actual = arrived,
                     .message = fmt::format(
                         "{} ended hand {} at table {} with {} and starts hand {} at table {} "
                         "with {} (moved between tables{})",
                         now.seat.player, before.site_hand_id, before.table_name, amt(left),
                         after.site_hand_id, after.table_name, amt(arrived),
                         grew ? ": a rebuy or add-on the history does not print" : "")})});
}

}  // namespace

void TableStays::add(SessionHand hand) {
  const std::vector<SessionSeat> seats = std::move(hand.seats);
  hand.seats.clear();
  for (const SessionSeat& seat : seats) {
    auto& tables = stays_[seat.player];
    const auto it = tables.find(hand.table_name);
    if (it == tables.end()) {
      tables.emplace(hand.table_name, TableStay{{hand, seat}, {hand, seat}});
      continue;
    }
    TableStay& stay = it->second;
    // Strictly before the first replaces it, and not before the last replaces it: of hands
    // played_before finds equal the first added stays first and the last added becomes last.
    if (played_before(hand, stay.first.hand)) stay.first = {hand, seat};
    if (!played_before(hand, stay.last.hand)) stay.last = {hand, seat};
  }
}

std::vector<SessionFinding> check_table_moves(const TableStays& stays) {
  std::vector<SessionFinding> out;
  for (const auto& [player, tables] : stays.by_player()) {
    if (tables.size() < 2) continue;
    // The player's stays in the order of their first hand there.
    std::vector<const TableStay*> order;
    for (const auto& [table, stay] : tables) order.push_back(&stay);
    std::sort(order.begin(), order.end(), [](const TableStay* a, const TableStay* b) {
      return played_before(a->first.hand, b->first.hand);
    });
    // A move leaves one table before the next is joined. Stays that overlap are tables played at
    // once (Full Tilt's Matrix, a name two players share): nothing moved between them.
    bool one_at_a_time = true;
    for (std::size_t i = 1; i < order.size(); ++i)
      if (!played_before(order[i - 1]->last.hand, order[i]->first.hand)) one_at_a_time = false;
    if (!one_at_a_time) continue;
    for (std::size_t i = 1; i < order.size(); ++i)
      compare_move(order[i - 1]->last, order[i]->first, out);
  }
  return out;
}

std::vector<SessionFinding> check_table_moves_over(const HandCursor& hands) {
  TableStays stays;
  hands([&](SessionHand h) { stays.add(std::move(h)); });
  return check_table_moves(stays);
}

}  // namespace hh
