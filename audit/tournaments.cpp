#include "audit/tournaments.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

#include "model/amount_text.hpp"

namespace hh {

namespace {

constexpr int kCents = 100;  // bounties are in the buy-in's currency

std::string ordinal(int n) {
  const int last_two = n % 100, last = n % 10;
  const char* suffix = (last_two >= 11 && last_two <= 13) ? "th"
                       : last == 1                        ? "st"
                       : last == 2                        ? "nd"
                       : last == 3                        ? "rd"
                                                          : "th";
  return fmt::format("{}{}", n, suffix);
}

const PlayerResult* result_of(const AuditResult& r, int seat) {
  for (const PlayerResult& p : r.players)
    if (p.seat == seat) return &p;
  return nullptr;
}

// A player eliminated in the hand: their place and the stack they started it with.
struct Elimination {
  const TournamentFinish* finish;
  Money start;
};

class TournamentChecker {
 public:
  TournamentChecker(const Hand& h, const AuditResult& r) : h_(h), r_(r) {}

  std::vector<Finding> run() {
    std::vector<Elimination> eliminated;
    for (const TournamentFinish& f : h_.finishes) {
      // 1st place ends the tournament: the players still in keep their chips.
      if (f.place == 1) continue;
      const Seat* seat = h_.seat_of(f.seat);
      const PlayerResult* p = result_of(r_, f.seat);
      if (!seat || !p || seat->stack_unknown) continue;
      const Money left = p->start_stack + p->net();
      if (left != 0)
        out_.push_back(make_finding(
            FindingCode::FinishWithChips,
            {.seat = f.seat,
             .player = f.player,
             .expected = 0,
             .actual = left,
             .message = fmt::format("{} finished the tournament in {} place with {} chips left",
                                    f.player, ordinal(f.place), format_amount(left, h_.unit)),
             .line = f.line}));
      eliminated.push_back({&f, p->start_stack});
    }
    check_places(eliminated);
    for (const BountyPaid& b : h_.bounties) check_bounty(b);
    return std::move(out_);
  }

 private:
  // Players eliminated in one hand finish in the order of the stacks they started it with (more
  // chips: the better place); equal stacks may share a place or take theirs in any order. The
  // places need not follow each other: in hand-for-hand play the players out at other tables in
  // the same round are ranked with them.
  void check_places(const std::vector<Elimination>& eliminated) {
    for (const Elimination& e : eliminated) {
      // The worst place of those who started with more chips: this player's must come after it.
      const Elimination* above = nullptr;
      for (const Elimination& o : eliminated)
        if (o.start > e.start && (!above || o.finish->place > above->finish->place)) above = &o;
      if (!above || e.finish->place > above->finish->place) continue;
      const TournamentFinish& f = *e.finish;
      out_.push_back(make_finding(
          FindingCode::FinishPlaceOrder,
          {.seat = f.seat,
           .player = f.player,
           .expected = FindingAmount::count(above->finish->place + 1),
           .actual = FindingAmount::count(f.place),
           .message = fmt::format(
               "{} started the hand with {}, fewer chips than {} ({}), who finished {}: {} "
               "finishes after that; the hand prints {}",
               f.player, format_amount(e.start, h_.unit), above->finish->player,
               format_amount(above->start, h_.unit), ordinal(above->finish->place), f.player,
               ordinal(f.place)),
           .line = f.line}));
    }
  }

  void check_bounty(const BountyPaid& b) {
    const Seat* gone = h_.seat_by_player(b.eliminated);
    if (b.progressive) {
      // Half the eliminated player's bounty in cash (the odd cent with it), half onto the
      // winner's own.
      if (gone && gone->bounty > 0) {
        const Money half = gone->bounty / 2;
        mismatch(b, gone->bounty - half, b.amount,
                 fmt::format("{} carried a bounty of {}: the cash half is {}", b.eliminated,
                             cents(gone->bounty), cents(gone->bounty - half)));
        mismatch(b, half, b.increase,
                 fmt::format("{} carried a bounty of {}: the winner's bounty grows by {}",
                             b.eliminated, cents(gone->bounty), cents(half)));
      }
      const Seat* winner = b.winners.size() == 1 ? h_.seat_by_player(b.winners.front()) : nullptr;
      if (winner && winner->bounty > 0) {
        // A winner of several bounties in one hand grows from the last line's new value.
        Money& now = bounty_now_.try_emplace(winner->player, winner->bounty).first->second;
        mismatch(b, now + b.increase, b.new_bounty,
                 fmt::format("{}'s bounty of {} grows by {}", winner->player, cents(now),
                             cents(b.increase)));
        now = b.new_bounty;
      }
      return;
    }
    if (h_.knockout_bounty > 0)
      mismatch(b, h_.knockout_bounty, b.amount,
               fmt::format("the buy-in's knockout bounty is {}", cents(h_.knockout_bounty)));
    else if (gone && gone->bounty > 0)
      mismatch(b, gone->bounty, b.amount,
               fmt::format("{} carried a bounty of {}", b.eliminated, cents(gone->bounty)));
  }

  void mismatch(const BountyPaid& b, Money expected, Money actual, const std::string& why) {
    if (expected == actual) return;
    const Seat* winner = b.winners.size() == 1 ? h_.seat_by_player(b.winners.front()) : nullptr;
    out_.push_back(
        make_finding(FindingCode::BountyMismatch,
                     {.seat = winner ? winner->seat : 0,
                      .player = fmt::format("{}", fmt::join(b.winners, ", ")),
                      .expected = expected,
                      .actual = actual,
                      .message = fmt::format("bounty for eliminating {}: {}; the hand prints {}",
                                             b.eliminated, why, cents(actual)),
                      .line = b.line}));
  }

  static std::string cents(Money m) { return format_amount(m, kCents); }

  const Hand& h_;
  const AuditResult& r_;
  std::vector<Finding> out_;
  std::map<std::string, Money> bounty_now_;  // progressive: each winner's bounty so far
};

}  // namespace

std::vector<Finding> check_tournament_results(const Hand& hand, const AuditResult& result) {
  if (!hand.tournament || (hand.finishes.empty() && hand.bounties.empty())) return {};
  // After a line of the play not understood the replay's stacks lack what it did.
  if (!hand.parsed || result.has(FindingCode::ChecksNotRun)) return {};
  return TournamentChecker(hand, result).run();
}

void FinishOrderCheck::add(const SessionHand& h, std::vector<SessionFinding>& out) {
  // While late entries may come in, a place printed then counts a field still growing: neither
  // judged against the hands before nor a bound on the hands after (issue 33, point 18).
  if (!h.tournament || h.registration_may_be_open) return;
  for (const SessionSeat& s : h.seats) {
    if (s.finish_place <= 1 || best_ == 0 || s.finish_place < best_) continue;
    out.push_back({h.hand_id, best_hand_id_,
                   make_finding(FindingCode::FinishPlaceOrder,
                                {.seat = s.seat,
                                 .player = s.player,
                                 .expected = FindingAmount::count(best_ - 1),
                                 .actual = FindingAmount::count(s.finish_place),
                                 .message = fmt::format(
                                     "{} finished the tournament in {} place in hand {}, after {} "
                                     "finished {} in hand {}: a later place is a better one",
                                     s.player, ordinal(s.finish_place), h.site_hand_id,
                                     best_player_, ordinal(best_), best_site_hand_id_)})});
  }
  for (const SessionSeat& s : h.seats)
    if (s.finish_place > 1 && (best_ == 0 || s.finish_place < best_)) {
      best_ = s.finish_place;
      best_hand_id_ = h.hand_id;
      best_site_hand_id_ = h.site_hand_id;
      best_player_ = s.player;
    }
}

std::vector<SessionFinding> check_finish_order(std::vector<SessionHand> hands) {
  order_session(hands);
  std::vector<SessionFinding> out;
  FinishOrderCheck check;
  for (const SessionHand& h : hands) check.add(h, out);
  return out;
}

}  // namespace hh
