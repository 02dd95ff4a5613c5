// The money checks: uncalled bets, pots built against pots printed, rake, payouts, summary.
#include <fmt/format.h>

#include <algorithm>

#include "audit/auditor.hpp"

namespace hh::detail {

void Auditor::check_uncalled() {
  // The uncalled part of the largest contribution is what exceeds the second largest. Dead
  // blinds are left out on both sides: they are in the pot whatever happens. Antes are not: a
  // player all-in for less than the ante leaves the rest of the others' antes uncalled
  // (PokerStars tournament hand 71348201941 returns 124 = 24 of ante + the 100 big blind).
  const PlayerState* top = nullptr;
  Money second = 0;
  auto live = [](const PlayerState& p) { return p.gross - p.dead; };
  for (const auto& [seat, p] : state_.players) {
    if (!top || live(p) > live(*top)) {
      if (top) second = std::max(second, live(*top));
      top = &p;
    } else {
      second = std::max(second, live(p));
    }
  }
  if (!top) return;
  Money expected_top = std::max<Money>(0, live(*top) - second);
  bool any_printed = false;
  for (const auto& [seat, p] : state_.players) any_printed |= p.returned != 0;
  Money gross_total = 0;
  for (const auto& [seat, p] : state_.players) gross_total += p.gross;
  if (h_.uncalled_style == UncalledStyle::InCollection) {
    returned_in_collection(state_.players.at(top->seat), expected_top);
    return;
  }
  if ((h_.uncalled_style == UncalledStyle::Silent || h_.uncalled_style == UncalledStyle::ToStack) &&
      expected_top > 0) {
    returned_unprinted(state_.players.at(top->seat), expected_top, gross_total);
    return;
  }
  // The excess went back without its "Uncalled bet" line: the total pot leaves it out. Old
  // PokerStars exports (up to 2007 in the corpus) never print the line: a note. Later exports
  // omit it too (cap games, "has reached the $40 cap", and others of any year): one warning that
  // the line is missing, not the money errors its absence would cascade into. When the total
  // does not show the return, the money does not add up: UNCALLED_BET_MISMATCH.
  if (!any_printed && expected_top > 0 && h_.total_pot &&
      *h_.total_pot == gross_total - expected_top + h_.site_added) {
    const bool old_export = !h_.started_at_utc.empty() && h_.started_at_utc < "2008";
    PlayerState& p = state_.players.at(top->seat);
    p.returned = expected_top;
    p.stack += expected_top;
    add(old_export ? FindingCode::UncalledBetNotPrinted : FindingCode::UncalledBetLineMissing,
        {.seat = p.seat,
         .expected = expected_top,
         .actual = 0,
         .message = fmt::format("no \"Uncalled bet\" line; the total pot shows {} went back to {}",
                                amt(expected_top), p.player)});
    return;
  }
  for (const auto& [seat, p] : state_.players) {
    Money expected = &p == top ? expected_top : 0;
    if (p.returned == expected) continue;
    auto line_it = returned_lines_.find(seat);
    add(FindingCode::UncalledBetMismatch,
        {.seat = seat,
         .expected = expected,
         .actual = p.returned,
         .message = fmt::format("{} should get {} back uncalled; the site returned {}", p.player,
                                amt(expected), amt(p.returned)),
         .line = line_it == returned_lines_.end() ? 0 : line_it->second});
  }
}

void Auditor::returned_unprinted(PlayerState& p, Money excess, Money gross_total) {
  // The money tells which way it came back (Silent): if the collections hold more than the pots
  // can pay without the excess (the site's own money included), it is inside the bettor's
  // collection; otherwise it went back to the stack unprinted. ToStack: always the stack, so a
  // collection that large is money the pot never held.
  Money collected = 0;
  for (const Collection& c : collections_) collected += c.amount;
  const Money last = last_collection_of(p.seat);
  if (h_.uncalled_style == UncalledStyle::Silent &&
      collected > gross_total - excess + h_.site_added && last >= excess) {
    returned_in_collection(p, excess);
    return;
  }
  p.returned = excess;
  p.stack += excess;
  add(FindingCode::UncalledBetNotPrinted,
      {.seat = p.seat,
       .expected = excess,
       .actual = 0,
       .message = fmt::format("the site prints no uncalled bets; {} went back to {}", amt(excess),
                              p.player)});
}

Money Auditor::pot_now() const {
  Money pot = 0;
  for (const auto& [seat, p] : state_.players) pot += p.gross - p.returned - p.collected;
  return pot;
}

Money Auditor::last_collection_of(int seat) const {
  const Collection* last = nullptr;
  for (const Collection& c : collections_)
    if (c.seat == seat && (!last || c.pot_index >= last->pot_index)) last = &c;
  return last ? last->amount : 0;
}

void Auditor::returned_in_collection(PlayerState& p, Money excess) {
  if (excess <= 0) return;
  Collection* last = nullptr;
  for (Collection& c : collections_)
    if (c.seat == p.seat && (!last || c.pot_index >= last->pot_index)) last = &c;
  if (!last || last->amount < excess) {
    add(FindingCode::UncalledBetMismatch,
        {.seat = p.seat,
         .expected = excess,
         .actual = last ? last->amount : 0,
         .message =
             fmt::format("{} should get {} back uncalled inside a collection, but collected {}",
                         p.player, amt(excess), amt(last ? last->amount : 0)),
         .line = last ? last->line : 0});
    return;
  }
  last->amount -= excess;
  last->moved_excess = true;
  p.collected -= excess;
  p.returned += excess;
  p.stack += excess;
  p.excess_in_collection += excess;
  excess_in_collection_ += excess;
  add(FindingCode::UncalledBetInCollection,
      {.seat = p.seat,
       .expected = excess,
       .actual = excess,
       .message =
           fmt::format("line {}: {} of {}'s collection is the uncalled part of the bet, not a pot",
                       last->line, amt(excess), p.player),
       .line = last->line});
}

void Auditor::build() {
  std::vector<PotInput> in;
  for (const auto& [seat, p] : state_.players) {
    Money net = p.gross - p.returned;
    const bool all_in = (p.stack == 0 || p.declared_all_in) && net > 0;
    in.push_back({seat, net, p.folded, all_in, std::min(p.dead, net)});
    r_.total_contributed += net;
  }
  r_.pots = build_pots(in);
  // Money the site itself adds (Splash the Pot, Cash Drop) goes to the main pot.
  const Money extra = h_.site_added;
  if (r_.pots.empty() && extra > 0) {
    BuiltPot pot;
    for (const auto& [seat, p] : state_.players)
      if (!p.folded) pot.eligible.push_back(seat);
    r_.pots.push_back(std::move(pot));
  }
  if (!r_.pots.empty()) r_.pots.front().amount += extra;
  for (const auto& c : collections_) r_.total_collected += c.amount;
}

void Auditor::check_totals() {
  const Money pot = r_.total_contributed + h_.site_added;
  const Money fees = h_.fee_total();
  // Where the uncalled part is paid inside a collection, the site counts it in its total pot.
  const Money printed_pot = pot + excess_in_collection_;
  if (!h_.total_pot) {
    r_.derived_total_pot = pot;
    add(FindingCode::TotalPotNotPrinted,
        {.expected = pot,
         .message = fmt::format("the site prints no total pot; derived {} from what was put in: "
                                "TOTAL_POT_MISMATCH could not run",
                                amt(pot))});
  } else if (*h_.total_pot != printed_pot) {
    add(FindingCode::TotalPotMismatch,
        {.expected = printed_pot,
         .actual = *h_.total_pot,
         .message = fmt::format("players put in {} but the summary says Total pot {}",
                                amt(printed_pot), amt(*h_.total_pot)),
         .line = summary_line()});
  }
  const Money paid = r_.total_collected + cashed_pot_total();
  if (!h_.rake) {
    const Money derived =
        (h_.total_pot ? *h_.total_pot - excess_in_collection_ : pot) - paid - fees;
    r_.derived_rake = derived;
    if (derived != 0 && h_.tournament) {
      // Tournaments take their fee with the buy-in, never from a pot: every chip put in must
      // be paid out.
      add(FindingCode::RakeMismatch,
          {.expected = 0,
           .actual = derived,
           .message = fmt::format("tournament pot of {} paid out {}: {} unaccounted for", amt(pot),
                                  amt(paid + fees), amt(derived))});
    } else if (derived < 0) {
      add(FindingCode::RakeMismatch,
          {.expected = 0,
           .actual = derived,
           .message = fmt::format("{} was paid out of a pot of {}: the derived rake is negative",
                                  amt(paid + fees), amt(h_.total_pot.value_or(pot)))});
    } else {
      add(FindingCode::RakeNotPrinted,
          {.expected = derived,
           .message =
               fmt::format("the site prints no rake; derived {} (pot less collected and fees): "
                           "CHIPS_NOT_CONSERVED could not run",
                           amt(derived))});
    }
    return;
  }
  if (*h_.rake < 0) {
    add(FindingCode::RakeMismatch, {.expected = 0, .actual = *h_.rake, .message = "negative rake"});
  }
  if (h_.total_pot) {
    const Money derived = *h_.total_pot - excess_in_collection_ - paid - fees;
    if (derived != *h_.rake) {
      add(FindingCode::RakeMismatch,
          {.expected = derived,
           .actual = *h_.rake,
           .message =
               fmt::format("Total pot {} minus {} paid out is {}, but the summary says Rake {}",
                           amt(*h_.total_pot), amt(paid + fees), amt(derived), amt(*h_.rake)),
           .line = summary_line()});
    }
  }
  const Money leaves = paid + *h_.rake + fees;
  if (leaves != pot) {
    add(FindingCode::ChipsNotConserved,
        {.expected = pot,
         .actual = leaves,
         .message =
             fmt::format("{} went into the pot but {} came out (collected {}, rake {}, fees {})",
                         amt(pot), amt(leaves), amt(paid), amt(*h_.rake), amt(fees))});
  }
}

Money Auditor::cashed_pot_total() const {
  Money total = 0;
  for (const auto& [seat, p] : state_.players)
    if (p.cashed && p.collected == 0) total += summary_won(seat);
  return total;
}

Money Auditor::summary_won(int seat) const {
  for (const SummarySeat& s : h_.summary)
    if (s.seat == seat) return s.won;
  return 0;
}

void Auditor::check_pots_and_payouts() {
  auto& pots = r_.pots;
  if (!h_.reported_pots.empty()) check_printed_pots();
  if (h_.collections_may_merge_pots) split_merged_collections();
  // Collections per pot. When any collection says only "from pot" while the rules build
  // several pots, or a cashed-out pot is involved, only the total can be compared.
  bool attributable = true;
  for (const auto& c : collections_)
    if (c.pot_index < 0 && pots.size() > 1) attributable = false;
  pots_attributable_ = attributable;
  SmallMap<Money> paid = paid_per_pot(attributable);
  for (const auto& [seat, p] : state_.players) {
    if (p.cashed && p.collected == 0 && summary_won(seat) > 0 && !pots.empty()) {
      paid[0] += summary_won(seat);
      if (pots.size() > 1) attributable = false;
      pots[0].winners.push_back(seat);
    }
  }
  check_paid(paid, attributable);
}

void Auditor::check_printed_pots() {
  auto& pots = r_.pots;
  // Printed main and side pots. PokerStars prints them net of rake, but how it splits the rake
  // between pots is not published (real hands fit neither "main pot first" nor an exact
  // proportion): each printed pot must lie between its built amount less the whole rake and its
  // built amount, and together they must equal the built pots less the rake.
  const Money rake = effective_rake() + h_.fee_total();
  if (h_.reported_pots.size() != pots.size()) {
    add(FindingCode::SidePotMismatch,
        {.expected = static_cast<Money>(pots.size()),
         .actual = static_cast<Money>(h_.reported_pots.size()),
         .message = fmt::format("the rules build {} pots, the summary prints {}", pots.size(),
                                h_.reported_pots.size()),
         .line = summary_line(),
         .counts = true});
  }
  // Where the uncalled part was paid inside a collection, the site's printed pot holds it, as
  // its total pot does (Run It Once's walk: "Main pot €0.15" with the big blind's €0.05).
  int excess_pot = -1;
  for (const Collection& c : collections_)
    if (c.moved_excess)
      excess_pot = c.pot_index < 0 ? static_cast<int>(pots.size()) - 1 : c.pot_index;
  Money printed_sum = 0, built_sum = 0;
  for (const ReportedPot& rp : h_.reported_pots) {
    if (rp.index < 0 || rp.index >= static_cast<int>(pots.size())) continue;
    BuiltPot& bp = pots[rp.index];
    bp.reported_amount = rp.amount;
    const Money held = bp.amount + (rp.index == excess_pot ? excess_in_collection_ : 0);
    printed_sum += rp.amount;
    built_sum += held;
    Money high = held;
    Money low = h_.reported_pots_net_of_rake ? held - rake : held;
    if (rp.amount > high || rp.amount < low) {
      Money expected = h_.reported_pots_net_of_rake ? held - bp.rake : held;
      add(FindingCode::SidePotMismatch,
          {.expected = expected,
           .actual = rp.amount,
           .message = fmt::format(
               "{} holds {}{}, the summary says {}", pot_name(rp.index), amt(held),
               h_.reported_pots_net_of_rake ? fmt::format(" before a rake of {}", amt(rake))
                                            : std::string(),
               amt(rp.amount)),
           .line = summary_line()});
    }
  }
  Money expected_sum = h_.reported_pots_net_of_rake ? built_sum - rake : built_sum;
  if (h_.reported_pots.size() == pots.size() && printed_sum != expected_sum) {
    add(FindingCode::SidePotMismatch,
        {.expected = expected_sum,
         .actual = printed_sum,
         .message =
             fmt::format("the printed pots add up to {}, the built pots{} to {}", amt(printed_sum),
                         h_.reported_pots_net_of_rake ? " less rake" : "", amt(expected_sum)),
         .line = summary_line()});
  }
  // Where the site printed each pot net of rake and every one is plausible, that is the rake
  // split it used; otherwise keep the proportional one, which adds up to the rake.
  bool adopt = h_.reported_pots_net_of_rake && h_.reported_pots.size() == pots.size() &&
               printed_sum == expected_sum && excess_pot < 0;
  for (const BuiltPot& bp : pots)
    adopt = adopt && bp.reported_amount && *bp.reported_amount <= bp.amount;
  if (adopt)
    for (BuiltPot& bp : pots) bp.rake = bp.amount - *bp.reported_amount;
}

SmallMap<Money> Auditor::paid_per_pot(bool attributable) {
  auto& pots = r_.pots;
  SmallMap<Money> paid;
  for (const auto& c : collections_) {
    if (c.amount == 0 && c.moved_excess) continue;  // it was all the uncalled part
    int index = c.pot_index < 0 ? 0 : c.pot_index;
    paid[index] += c.amount;
    if (index >= static_cast<int>(pots.size())) {
      add(FindingCode::PayoutMismatch,
          {.street = Street::Showdown,
           .seat = c.seat,
           .expected = 0,
           .actual = c.amount,
           .message = fmt::format("line {}: collected from {} which the rules do not build", c.line,
                                  pot_name(index)),
           .line = c.line});
      continue;
    }
    if (!attributable) {
      // Which pot is not said; the collector must at least be eligible for one of them.
      bool eligible_somewhere = false;
      for (const BuiltPot& bp : pots)
        eligible_somewhere |=
            std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) != bp.eligible.end();
      if (!eligible_somewhere) {
        add(FindingCode::PayoutMismatch,
            {.street = Street::Showdown,
             .seat = c.seat,
             .expected = 0,
             .actual = c.amount,
             .message = fmt::format("line {}: {} collects {} but is eligible for no pot", c.line,
                                    state_.players.at(c.seat).player, amt(c.amount)),
             .line = c.line});
      }
      for (BuiltPot& bp : pots)
        if (std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) != bp.eligible.end() &&
            std::find(bp.winners.begin(), bp.winners.end(), c.seat) == bp.winners.end())
          bp.winners.push_back(c.seat);
      continue;
    }
    BuiltPot& bp = pots[index];
    if (std::find(bp.winners.begin(), bp.winners.end(), c.seat) == bp.winners.end())
      bp.winners.push_back(c.seat);
    if (std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) == bp.eligible.end()) {
      add(FindingCode::PayoutMismatch,
          {.street = Street::Showdown,
           .seat = c.seat,
           .expected = 0,
           .actual = c.amount,
           .message =
               fmt::format("line {}: {} collects {} from {} but is not eligible for it", c.line,
                           state_.players.at(c.seat).player, amt(c.amount), pot_name(index)),
           .line = c.line});
    }
  }
  return paid;
}

void Auditor::check_paid(const SmallMap<Money>& paid, bool attributable) {
  const auto& pots = r_.pots;
  if (!attributable) {
    pots_attributable_ = false;
    Money total_paid = 0, total_net = 0;
    for (const auto& [i, m] : paid) total_paid += m;
    for (const BuiltPot& bp : pots) total_net += bp.amount - bp.rake;
    if (total_paid != total_net)
      add(FindingCode::PayoutMismatch,
          {.street = Street::Showdown,
           .expected = total_net,
           .actual = total_paid,
           .message = fmt::format("pots net of rake hold {} but {} was collected", amt(total_net),
                                  amt(total_paid))});
    return;
  }
  for (const BuiltPot& bp : pots) {
    Money expected = bp.amount - bp.rake;
    auto it = paid.find(bp.index);
    Money got = it != paid.end() ? it->second : 0;
    if (got != expected) {
      add(FindingCode::PayoutMismatch,
          {.street = Street::Showdown,
           .expected = expected,
           .actual = got,
           .message = fmt::format("{} holds {} after rake but {} was collected from it",
                                  pot_name(bp.index), amt(expected), amt(got))});
    }
  }
}

void Auditor::split_merged_collections() {
  const auto& pots = r_.pots;
  auto net = [](const BuiltPot& bp) { return bp.amount - bp.rake; };
  auto eligible = [](const BuiltPot& bp, int seat) {
    return std::find(bp.eligible.begin(), bp.eligible.end(), seat) != bp.eligible.end();
  };
  std::vector<Collection> pieces;
  for (Collection& c : collections_) {
    if (c.pot_index < 0 || c.pot_index >= static_cast<int>(pots.size())) continue;
    if (c.amount <= net(pots[c.pot_index])) continue;
    // The pots after this one that the collector could win and no other line paid.
    std::vector<int> covered{c.pot_index};
    Money sum = net(pots[c.pot_index]);
    for (int k = c.pot_index + 1; k < static_cast<int>(pots.size()) && sum < c.amount; ++k) {
      bool paid_apart = false;  // by another line: not part of this one
      for (const Collection& other : collections_)
        paid_apart |= other.pot_index == k && other.amount > 0;
      if (!eligible(pots[k], c.seat) || paid_apart) break;
      covered.push_back(k);
      sum += net(pots[k]);
    }
    if (sum != c.amount || covered.size() < 2) continue;
    c.amount = net(pots[c.pot_index]);
    for (std::size_t i = 1; i < covered.size(); ++i)
      pieces.push_back({c.seat, covered[i], net(pots[covered[i]]), c.line, false});
  }
  collections_.insert(collections_.end(), pieces.begin(), pieces.end());
}

std::string Auditor::pot_name(int index) {
  return index == 0 ? std::string("the main pot") : fmt::format("side pot {}", index);
}

void Auditor::check_summary() {
  if (h_.summary.empty()) {
    add(FindingCode::SummaryNotPrinted,
        {.message = "the site prints no per-seat summary: SUMMARY_MISMATCH could not run"});
    return;
  }
  SmallMap<const SummarySeat*> by_seat;
  for (const SummarySeat& s : h_.summary) {
    by_seat[s.seat] = &s;
    auto it = state_.players.find(s.seat);
    if (it == state_.players.end()) {
      add(FindingCode::SummaryMismatch,
          {.seat = s.seat,
           .message =
               fmt::format("line {}: summary names seat {} which has no seat line", s.line, s.seat),
           .line = s.line,
           .alternate_form = true});
      continue;
    }
    if (s.player != it->second.player) {
      add(FindingCode::SummaryMismatch,
          {.seat = s.seat,
           .message =
               fmt::format("line {}: summary seat {} is \"{}\" but the seat line says \"{}\"",
                           s.line, s.seat, s.player, it->second.player),
           .line = s.line,
           .alternate_form = true});
    }
  }
  for (const auto& [seat, p] : state_.players) {
    if (p.cashed && p.collected == 0) continue;  // see cashed_pot_total()
    auto it = by_seat.find(seat);
    Money said = it == by_seat.end() ? 0 : it->second->won;
    // The summary states what the player was paid, an uncalled part inside it included.
    const Money paid = p.collected + p.excess_in_collection;
    if (said != paid) {
      add(FindingCode::SummaryMismatch,
          {.seat = seat,
           .expected = paid,
           .actual = said,
           .message = fmt::format("{} collected {} in the hand but the summary says {}", p.player,
                                  amt(paid), amt(said)),
           .line = it == by_seat.end() ? 0 : it->second->line});
    }
    // What the player paid or received beside the pot (a jackpot contribution from the stack)
    // is in the stack he leaves with.
    Money beside = 0;
    for (const SideSettlement& paid : h_.side_settlements)
      if (paid.seat == seat) beside += paid.amount;
    const Money after = p.stack + p.collected + beside;
    const bool stack_agrees = it == by_seat.end() || !it->second->final_stack || p.stack_unknown ||
                              after == *it->second->final_stack;
    if (it != by_seat.end() && it->second->final_stack && !stack_agrees) {
      add(FindingCode::SummaryMismatch,
          {.seat = seat,
           .expected = after,
           .actual = *it->second->final_stack,
           .message = fmt::format("{} ends the hand with {} by the actions but the summary says {}",
                                  p.player, amt(after), amt(*it->second->final_stack)),
           .line = it->second->line});
    }
    if (it != by_seat.end()) check_summary_put_in(p, *it->second, said == paid && stack_agrees);
  }
}

// A summary that states what the player put in must match their actions, before any uncalled
// part came back. When the player's payout and stack agree with the play, only the site's record
// of the hand is wrong, not money (iPoker prints bet= counting a re-raiser's chips twice: a
// warning with both figures); otherwise the money is in doubt (an error).
void Auditor::check_summary_put_in(const PlayerState& p, const SummarySeat& s, bool money_agrees) {
  if (!s.put_in || *s.put_in == p.gross) return;
  add(FindingCode::SummaryMismatch,
      {.seat = s.seat,
       .expected = p.gross,
       .actual = *s.put_in,
       .message = fmt::format(
           "{}'s actions put in {} but the summary says {}{}", p.player, amt(p.gross),
           amt(*s.put_in),
           money_agrees ? ": an error of the site's record only (the play, the payout and the "
                          "stack agree; no money depends on the figure)"
                        : ""),
       .line = s.line,
       .alternate_form = money_agrees});
}

}  // namespace hh::detail
