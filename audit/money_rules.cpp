// The money rules (see money_rules.hpp for each rule and its source).
#include "audit/money_rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "model/amount_text.hpp"
#include "model/pots.hpp"

namespace hh::detail {

std::string MoneyState::amt(Money m) const { return format_amount(m, hand.unit); }

Money MoneyState::last_collection_of(int seat) const {
  const Collection* last = nullptr;
  for (const Collection& c : collections)
    if (c.seat == seat && (!last || c.pot_index >= last->pot_index)) last = &c;
  return last ? last->amount : 0;
}

Money MoneyState::cashed_pot_total() const {
  Money total = 0;
  for (const auto& [seat, p] : players)
    if (p.cashed && p.collected == 0) total += summary_won(seat);
  return total;
}

Money MoneyState::summary_won(int seat) const {
  for (const SummarySeat& s : hand.summary)
    if (s.seat == seat) return s.won;
  return 0;
}

std::string pot_name(int index) {
  return index == 0 ? std::string("the main pot") : fmt::format("side pot {}", index);
}

namespace {

// Sites that never print the uncalled part pay it back inside the bettor's collection (from
// the last pot they won): take it out of that collection so the pots are checked on what they
// hold. If the bettor collected less than the excess, the site kept money that was theirs.
void returned_in_collection(MoneyState& s, PlayerState& p, Money excess, Breaches& out);

// Sites that print no uncalled bets (UncalledStyle::Silent, ToStack): `excess` came back to
// `p` inside a collection or, unprinted, to the stack.
void returned_unprinted(MoneyState& s, PlayerState& p, Money excess, Money gross_total,
                        Breaches& out);

}  // namespace

Breaches check_uncalled_bet_returned(MoneyState& s) {
  Breaches out;
  // The uncalled part of the largest contribution is what exceeds the second largest. Dead
  // blinds are left out on both sides: they are in the pot whatever happens. Antes are not: a
  // player all-in for less than the ante leaves the rest of the others' antes uncalled
  // (PokerStars tournament hand 71348201941 returns 124 = 24 of ante + the 100 big blind).
  const PlayerState* top = nullptr;
  Money second = 0;
  auto live = [](const PlayerState& p) { return p.gross - p.dead; };
  for (const auto& [seat, p] : s.players) {
    if (!top || live(p) > live(*top)) {
      if (top) second = std::max(second, live(*top));
      top = &p;
    } else {
      second = std::max(second, live(p));
    }
  }
  if (!top) return out;
  Money expected_top = std::max<Money>(0, live(*top) - second);
  bool any_printed = false;
  for (const auto& [seat, p] : s.players) any_printed |= p.returned != 0;
  Money gross_total = 0;
  for (const auto& [seat, p] : s.players) gross_total += p.gross;
  if (s.hand.uncalled_style == UncalledStyle::InCollection) {
    returned_in_collection(s, s.players.at(top->seat), expected_top, out);
    return out;
  }
  if ((s.hand.uncalled_style == UncalledStyle::Silent ||
       s.hand.uncalled_style == UncalledStyle::ToStack) &&
      expected_top > 0) {
    returned_unprinted(s, s.players.at(top->seat), expected_top, gross_total, out);
    return out;
  }
  // The excess went back without its "Uncalled bet" line: the total pot leaves it out. Old
  // PokerStars exports (up to 2007 in the corpus) never print the line: a note. Later exports
  // omit it too (cap games, "has reached the $40 cap", and others of any year): one warning that
  // the line is missing, not the money errors its absence would cascade into. When the total
  // does not show the return, the money does not add up: UNCALLED_BET_MISMATCH.
  if (!any_printed && expected_top > 0 && s.hand.total_pot &&
      *s.hand.total_pot == gross_total - expected_top + s.hand.site_added) {
    const bool old_export = !s.hand.started_at_utc.empty() && s.hand.started_at_utc < "2008";
    PlayerState& p = s.players.at(top->seat);
    p.returned = expected_top;
    p.stack += expected_top;
    out.push_back(
        {old_export ? FindingCode::UncalledBetNotPrinted : FindingCode::UncalledBetLineMissing,
         {.seat = p.seat,
          .expected = expected_top,
          .actual = 0,
          .message = fmt::format("no \"Uncalled bet\" line; the total pot shows {} went back to {}",
                                 s.amt(expected_top), p.player)}});
    return out;
  }
  for (const auto& [seat, p] : s.players) {
    Money expected = &p == top ? expected_top : 0;
    if (p.returned == expected) continue;
    auto line_it = s.returned_lines.find(seat);
    out.push_back({FindingCode::UncalledBetMismatch,
                   {.seat = seat,
                    .expected = expected,
                    .actual = p.returned,
                    .message = fmt::format("{} should get {} back uncalled; the site returned {}",
                                           p.player, s.amt(expected), s.amt(p.returned)),
                    .line = line_it == s.returned_lines.end() ? 0 : line_it->second}});
  }
  return out;
}

namespace {

void returned_unprinted(MoneyState& s, PlayerState& p, Money excess, Money gross_total,
                        Breaches& out) {
  // The money tells which way it came back (Silent): if the collections hold more than the pots
  // can pay without the excess (the site's own money included), it is inside the bettor's
  // collection; otherwise it went back to the stack unprinted. ToStack: always the stack, so a
  // collection that large is money the pot never held.
  Money collected = 0;
  for (const Collection& c : s.collections) collected += c.amount;
  const Money last = s.last_collection_of(p.seat);
  if (s.hand.uncalled_style == UncalledStyle::Silent &&
      collected > gross_total - excess + s.hand.site_added && last >= excess) {
    returned_in_collection(s, p, excess, out);
    return;
  }
  p.returned = excess;
  p.stack += excess;
  out.push_back({FindingCode::UncalledBetNotPrinted,
                 {.seat = p.seat,
                  .expected = excess,
                  .actual = 0,
                  .message = fmt::format("the site prints no uncalled bets; {} went back to {}",
                                         s.amt(excess), p.player)}});
}

void returned_in_collection(MoneyState& s, PlayerState& p, Money excess, Breaches& out) {
  if (excess <= 0) return;
  Collection* last = nullptr;
  for (Collection& c : s.collections)
    if (c.seat == p.seat && (!last || c.pot_index >= last->pot_index)) last = &c;
  if (!last || last->amount < excess) {
    out.push_back({FindingCode::UncalledBetMismatch,
                   {.seat = p.seat,
                    .expected = excess,
                    .actual = last ? last->amount : 0,
                    .message = fmt::format(
                        "{} should get {} back uncalled inside a collection, but collected {}",
                        p.player, s.amt(excess), s.amt(last ? last->amount : 0)),
                    .line = last ? last->line : 0}});
    return;
  }
  last->amount -= excess;
  last->moved_excess = true;
  p.collected -= excess;
  p.returned += excess;
  p.stack += excess;
  p.excess_in_collection += excess;
  s.excess_in_collection += excess;
  out.push_back({FindingCode::UncalledBetInCollection,
                 {.seat = p.seat,
                  .expected = excess,
                  .actual = excess,
                  .message = fmt::format(
                      "line {}: {} of {}'s collection is the uncalled part of the bet, not a pot",
                      last->line, s.amt(excess), p.player),
                  .line = last->line}});
}

}  // namespace

void build_pots_from_play(MoneyState& s) {
  std::vector<PotInput> in;
  for (const auto& [seat, p] : s.players) {
    Money net = p.gross - p.returned;
    const bool all_in = (p.stack == 0 || p.declared_all_in) && net > 0;
    in.push_back({seat, net, p.folded, all_in, std::min(p.dead, net)});
    s.result.total_contributed += net;
  }
  s.result.pots = build_pots(in);
  // Money the site itself adds (Splash the Pot, Cash Drop) goes to the main pot.
  const Money extra = s.hand.site_added;
  if (s.result.pots.empty() && extra > 0) {
    BuiltPot pot;
    for (const auto& [seat, p] : s.players)
      if (!p.folded) pot.eligible.push_back(seat);
    s.result.pots.push_back(std::move(pot));
  }
  if (!s.result.pots.empty()) s.result.pots.front().amount += extra;
  for (const auto& c : s.collections) s.result.total_collected += c.amount;
}

Breaches check_total_pot(MoneyState& s) {
  Breaches out;
  const Money pot = s.result.total_contributed + s.hand.site_added;
  // Where the uncalled part is paid inside a collection, the site counts it in its total pot.
  const Money printed_pot = pot + s.excess_in_collection;
  if (!s.hand.total_pot) {
    s.result.derived_total_pot = pot;
    out.push_back(
        {FindingCode::TotalPotNotPrinted,
         {.expected = pot,
          .message = fmt::format("the site prints no total pot; derived {} from what was put in: "
                                 "TOTAL_POT_MISMATCH could not run",
                                 s.amt(pot))}});
  } else if (*s.hand.total_pot != printed_pot) {
    out.push_back({FindingCode::TotalPotMismatch,
                   {.expected = printed_pot,
                    .actual = *s.hand.total_pot,
                    .message = fmt::format("players put in {} but the summary says Total pot {}",
                                           s.amt(printed_pot), s.amt(*s.hand.total_pot)),
                    .line = s.hand.totals_line}});
  }
  return out;
}

namespace {

// Where the site prints no rake: the one the money shows, which a tournament never takes and
// which is never negative.
void check_derived_rake(MoneyState& s, Breaches& out) {
  const Money pot = s.result.total_contributed + s.hand.site_added;
  const Money fees = s.hand.fee_total();
  const Money paid = s.result.total_collected + s.cashed_pot_total();
  const Money derived =
      (s.hand.total_pot ? *s.hand.total_pot - s.excess_in_collection : pot) - paid - fees;
  s.result.derived_rake = derived;
  if (derived != 0 && s.hand.tournament) {
    // Tournaments take their fee with the buy-in, never from a pot: every chip put in must
    // be paid out.
    out.push_back({FindingCode::RakeMismatch,
                   {.expected = 0,
                    .actual = derived,
                    .message = fmt::format("tournament pot of {} paid out {}: {} unaccounted for",
                                           s.amt(pot), s.amt(paid + fees), s.amt(derived))}});
  } else if (derived < 0) {
    out.push_back(
        {FindingCode::RakeMismatch,
         {.expected = 0,
          .actual = derived,
          .message = fmt::format("{} was paid out of a pot of {}: the derived rake is negative",
                                 s.amt(paid + fees), s.amt(s.hand.total_pot.value_or(pot)))}});
  } else {
    out.push_back({FindingCode::RakeNotPrinted,
                   {.expected = derived,
                    .message = fmt::format(
                        "the site prints no rake; derived {} (pot less collected and fees): "
                        "CHIPS_NOT_CONSERVED could not run",
                        s.amt(derived))}});
  }
}

// Where the site prints the rake: what the total pot less the payouts leaves, and every chip
// put in paid out, raked or charged as a fee.
void check_printed_rake(MoneyState& s, Breaches& out) {
  const Money pot = s.result.total_contributed + s.hand.site_added;
  const Money fees = s.hand.fee_total();
  const Money paid = s.result.total_collected + s.cashed_pot_total();
  if (*s.hand.rake < 0) {
    out.push_back({FindingCode::RakeMismatch,
                   {.expected = 0, .actual = *s.hand.rake, .message = "negative rake"}});
  }
  if (s.hand.total_pot) {
    const Money derived = *s.hand.total_pot - s.excess_in_collection - paid - fees;
    if (derived != *s.hand.rake) {
      out.push_back(
          {FindingCode::RakeMismatch,
           {.expected = derived,
            .actual = *s.hand.rake,
            .message = fmt::format(
                "Total pot {} minus {} paid out is {}, but the summary says Rake {}",
                s.amt(*s.hand.total_pot), s.amt(paid + fees), s.amt(derived), s.amt(*s.hand.rake)),
            .line = s.hand.totals_line}});
    }
  }
  const Money leaves = paid + *s.hand.rake + fees;
  if (leaves != pot) {
    out.push_back(
        {FindingCode::ChipsNotConserved,
         {.expected = pot,
          .actual = leaves,
          .message = fmt::format(
              "{} went into the pot but {} came out (collected {}, rake {}, fees {})", s.amt(pot),
              s.amt(leaves), s.amt(paid), s.amt(*s.hand.rake), s.amt(fees))}});
  }
}

}  // namespace

Breaches check_rake(MoneyState& s) {
  Breaches out;
  if (s.hand.rake)
    check_printed_rake(s, out);
  else
    check_derived_rake(s, out);
  return out;
}

namespace {

// What was collected from each pot (a collection that names no pot, from the main pot), and
// the collectors as the pots' winners; a collection from a pot not built, or by a player not
// eligible for it, is PAYOUT_MISMATCH. `attributable`: the collections say which pot.
SmallMap<Money> paid_per_pot(MoneyState& s, bool attributable, Breaches& out);
// Each pot net of rake against what was collected from it, or only the totals when the
// collections do not say which pot (PAYOUT_MISMATCH).
void check_paid(MoneyState& s, const SmallMap<Money>& paid, bool attributable, Breaches& out);

}  // namespace

Breaches check_pots_paid(MoneyState& s) {
  Breaches out;
  auto& pots = s.result.pots;
  // Collections per pot. When any collection says only "from pot" while the rules build
  // several pots, or a cashed-out pot is involved, only the total can be compared.
  bool attributable = true;
  for (const auto& c : s.collections)
    if (c.pot_index < 0 && pots.size() > 1) attributable = false;
  s.pots_attributable = attributable;
  SmallMap<Money> paid = paid_per_pot(s, attributable, out);
  for (const auto& [seat, p] : s.players) {
    if (p.cashed && p.collected == 0 && s.summary_won(seat) > 0 && !pots.empty()) {
      paid[0] += s.summary_won(seat);
      if (pots.size() > 1) attributable = false;
      pots[0].winners.push_back(seat);
    }
  }
  check_paid(s, paid, attributable, out);
  return out;
}

Breaches check_printed_pots(MoneyState& s) {
  Breaches out;
  if (s.hand.reported_pots.empty()) return out;
  auto& pots = s.result.pots;
  // Printed main and side pots. PokerStars prints them net of rake, but how it splits the rake
  // between pots is not published (real hands fit neither "main pot first" nor an exact
  // proportion): each printed pot must lie between its built amount less the whole rake and its
  // built amount, and together they must equal the built pots less the rake.
  const Money rake = s.effective_rake() + s.hand.fee_total();
  if (s.hand.reported_pots.size() != pots.size()) {
    out.push_back(
        {FindingCode::SidePotMismatch,
         {.expected = FindingAmount::count(static_cast<std::int64_t>(pots.size())),
          .actual = FindingAmount::count(static_cast<std::int64_t>(s.hand.reported_pots.size())),
          .message = fmt::format("the rules build {} pots, the summary prints {}", pots.size(),
                                 s.hand.reported_pots.size()),
          .line = s.hand.totals_line}});
  }
  // Where the uncalled part was paid inside a collection, the site's printed pot holds it, as
  // its total pot does (Run It Once's walk: "Main pot €0.15" with the big blind's €0.05).
  int excess_pot = -1;
  for (const Collection& c : s.collections)
    if (c.moved_excess)
      excess_pot = c.pot_index < 0 ? static_cast<int>(pots.size()) - 1 : c.pot_index;
  Money printed_sum = 0, built_sum = 0;
  for (const ReportedPot& rp : s.hand.reported_pots) {
    if (rp.index < 0 || rp.index >= static_cast<int>(pots.size())) continue;
    BuiltPot& bp = pots[rp.index];
    bp.reported_amount = rp.amount;
    const Money held = bp.amount + (rp.index == excess_pot ? s.excess_in_collection : 0);
    printed_sum += rp.amount;
    built_sum += held;
    Money high = held;
    Money low = s.hand.reported_pots_net_of_rake ? held - rake : held;
    if (rp.amount > high || rp.amount < low) {
      Money expected = s.hand.reported_pots_net_of_rake ? held - bp.rake : held;
      out.push_back(
          {FindingCode::SidePotMismatch,
           {.expected = expected,
            .actual = rp.amount,
            .message = fmt::format(
                "{} holds {}{}, the summary says {}", pot_name(rp.index), s.amt(held),
                s.hand.reported_pots_net_of_rake ? fmt::format(" before a rake of {}", s.amt(rake))
                                                 : std::string(),
                s.amt(rp.amount)),
            .line = s.hand.totals_line}});
    }
  }
  Money expected_sum = s.hand.reported_pots_net_of_rake ? built_sum - rake : built_sum;
  if (s.hand.reported_pots.size() == pots.size() && printed_sum != expected_sum) {
    out.push_back({FindingCode::SidePotMismatch,
                   {.expected = expected_sum,
                    .actual = printed_sum,
                    .message = fmt::format(
                        "the printed pots add up to {}, the built pots{} to {}", s.amt(printed_sum),
                        s.hand.reported_pots_net_of_rake ? " less rake" : "", s.amt(expected_sum)),
                    .line = s.hand.totals_line}});
  }
  // Where the site printed each pot net of rake and every one is plausible, that is the rake
  // split it used; otherwise keep the proportional one, which adds up to the rake.
  bool adopt = s.hand.reported_pots_net_of_rake && s.hand.reported_pots.size() == pots.size() &&
               printed_sum == expected_sum && excess_pot < 0;
  for (const BuiltPot& bp : pots)
    adopt = adopt && bp.reported_amount && *bp.reported_amount <= bp.amount;
  if (adopt)
    for (BuiltPot& bp : pots) bp.rake = bp.amount - *bp.reported_amount;
  return out;
}

namespace {

// A collection the pots cannot pay: PAYOUT_MISMATCH on its line, all of it unexpected.
Breach unpayable(const Collection& c, std::string why) {
  return {FindingCode::PayoutMismatch,
          {.street = Street::Showdown,
           .seat = c.seat,
           .expected = 0,
           .actual = c.amount,
           .message = fmt::format("line {}: {}", c.line, why),
           .line = c.line}};
}

bool has_seat(const std::vector<int>& seats, int seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

SmallMap<Money> paid_per_pot(MoneyState& s, bool attributable, Breaches& out) {
  auto& pots = s.result.pots;
  SmallMap<Money> paid;
  for (const auto& c : s.collections) {
    if (c.amount == 0 && c.moved_excess) continue;  // it was all the uncalled part
    int index = c.pot_index < 0 ? 0 : c.pot_index;
    paid[index] += c.amount;
    if (index >= static_cast<int>(pots.size())) {
      out.push_back(unpayable(
          c, fmt::format("collected from {} which the rules do not build", pot_name(index))));
      continue;
    }
    if (!attributable) {
      // Which pot is not said; the collector must at least be eligible for one of them.
      bool eligible_somewhere = false;
      for (const BuiltPot& bp : pots) eligible_somewhere |= has_seat(bp.eligible, c.seat);
      if (!eligible_somewhere)
        out.push_back(unpayable(c, fmt::format("{} collects {} but is eligible for no pot",
                                               s.players.at(c.seat).player, s.amt(c.amount))));
      for (BuiltPot& bp : pots)
        if (has_seat(bp.eligible, c.seat) && !has_seat(bp.winners, c.seat))
          bp.winners.push_back(c.seat);
      continue;
    }
    BuiltPot& bp = pots[index];
    if (!has_seat(bp.winners, c.seat)) bp.winners.push_back(c.seat);
    if (!has_seat(bp.eligible, c.seat))
      out.push_back(
          unpayable(c, fmt::format("{} collects {} from {} but is not eligible for it",
                                   s.players.at(c.seat).player, s.amt(c.amount), pot_name(index))));
  }
  return paid;
}

void check_paid(MoneyState& s, const SmallMap<Money>& paid, bool attributable, Breaches& out) {
  const auto& pots = s.result.pots;
  if (!attributable) {
    s.pots_attributable = false;
    Money total_paid = 0, total_net = 0;
    for (const auto& [i, m] : paid) total_paid += m;
    for (const BuiltPot& bp : pots) total_net += bp.amount - bp.rake;
    if (total_paid != total_net)
      out.push_back({FindingCode::PayoutMismatch,
                     {.street = Street::Showdown,
                      .expected = total_net,
                      .actual = total_paid,
                      .message = fmt::format("pots net of rake hold {} but {} was collected",
                                             s.amt(total_net), s.amt(total_paid))}});
    return;
  }
  for (const BuiltPot& bp : pots) {
    Money expected = bp.amount - bp.rake;
    auto it = paid.find(bp.index);
    Money got = it != paid.end() ? it->second : 0;
    if (got != expected) {
      out.push_back({FindingCode::PayoutMismatch,
                     {.street = Street::Showdown,
                      .expected = expected,
                      .actual = got,
                      .message = fmt::format("{} holds {} after rake but {} was collected from it",
                                             pot_name(bp.index), s.amt(expected), s.amt(got))}});
    }
  }
}

}  // namespace

void split_merged_collections(MoneyState& s) {
  if (!s.hand.collections_may_merge_pots) return;
  const auto& pots = s.result.pots;
  auto net = [](const BuiltPot& bp) { return bp.amount - bp.rake; };
  auto eligible = [](const BuiltPot& bp, int seat) {
    return std::find(bp.eligible.begin(), bp.eligible.end(), seat) != bp.eligible.end();
  };
  std::vector<Collection> pieces;
  for (Collection& c : s.collections) {
    if (c.pot_index < 0 || c.pot_index >= static_cast<int>(pots.size())) continue;
    if (c.amount <= net(pots[c.pot_index])) continue;
    // The pots after this one that the collector could win and no other line paid.
    std::vector<int> covered{c.pot_index};
    Money sum = net(pots[c.pot_index]);
    for (int k = c.pot_index + 1; k < static_cast<int>(pots.size()) && sum < c.amount; ++k) {
      bool paid_apart = false;  // by another line: not part of this one
      for (const Collection& other : s.collections)
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
  s.collections.insert(s.collections.end(), pieces.begin(), pieces.end());
}

namespace {

// The summary's seat lines name the players the seat lines do (a name the reader did not match
// to any seat is hhaudit's gap, Auditor::add_unmatched_summary_names).
void check_summary_names(const MoneyState& s, Breaches& out) {
  for (const SummarySeat& line : s.hand.summary) {
    auto it = s.players.find(line.seat);
    if (it == s.players.end()) {
      out.push_back(
          {FindingCode::SummaryMismatch,
           {.seat = line.seat,
            .message = fmt::format("line {}: summary names seat {} which has no seat line",
                                   line.line, line.seat),
            .line = line.line,
            .alternate_form = true}});
      continue;
    }
    if (line.player != it->second.player) {
      out.push_back({FindingCode::SummaryMismatch,
                     {.seat = line.seat,
                      .message = fmt::format(
                          "line {}: summary seat {} is \"{}\" but the seat line says \"{}\"",
                          line.line, line.seat, line.player, it->second.player),
                      .line = line.line,
                      .alternate_form = true}});
    }
  }
}

// A summary that states what the player put in must match their actions, before any uncalled
// part came back. When the player's payout and stack agree with the play, only the site's record
// of the hand is wrong, not money (iPoker prints bet= counting a re-raiser's chips twice: a
// warning with both figures); otherwise the money is in doubt (an error).
void check_summary_put_in(const MoneyState& s, const PlayerState& p, const SummarySeat& line,
                          bool money_agrees, Breaches& out) {
  if (!line.put_in || *line.put_in == p.gross) return;
  out.push_back(
      {FindingCode::SummaryMismatch,
       {.seat = line.seat,
        .expected = p.gross,
        .actual = *line.put_in,
        .message = fmt::format(
            "{}'s actions put in {} but the summary says {}{}", p.player, s.amt(p.gross),
            s.amt(*line.put_in),
            money_agrees ? ": an error of the site's record only (the play, the payout and the "
                           "stack agree; no money depends on the figure)"
                         : ""),
        .line = line.line,
        .alternate_form = money_agrees}});
}

// One player's money as their summary line (`line`, nullptr without one) states it: what they
// won, the stack they leave with, what they put in.
void check_summary_money(const MoneyState& s, const PlayerState& p, const SummarySeat* line,
                         Breaches& out) {
  const int seat = p.seat;
  Money said = line ? line->won : 0;
  // The summary states what the player was paid, an uncalled part inside it included.
  const Money paid = p.collected + p.excess_in_collection;
  if (said != paid) {
    out.push_back({FindingCode::SummaryMismatch,
                   {.seat = seat,
                    .expected = paid,
                    .actual = said,
                    .message = fmt::format("{} collected {} in the hand but the summary says {}",
                                           p.player, s.amt(paid), s.amt(said)),
                    .line = line ? line->line : 0}});
  }
  // What the player paid or received beside the pot (a jackpot contribution from the stack)
  // is in the stack he leaves with.
  Money beside = 0;
  for (const SideSettlement& settled : s.hand.side_settlements)
    if (settled.seat == seat) beside += settled.amount;
  const Money after = p.stack + p.collected + beside;
  const bool stack_agrees =
      !line || !line->final_stack || p.stack_unknown || after == *line->final_stack;
  if (line && line->final_stack && !stack_agrees) {
    out.push_back(
        {FindingCode::SummaryMismatch,
         {.seat = seat,
          .expected = after,
          .actual = *line->final_stack,
          .message = fmt::format("{} ends the hand with {} by the actions but the summary says {}",
                                 p.player, s.amt(after), s.amt(*line->final_stack)),
          .line = line->line}});
  }
  if (line) check_summary_put_in(s, p, *line, said == paid && stack_agrees, out);
}

}  // namespace

Breaches check_summary_agrees(const MoneyState& s) {
  Breaches out;
  if (s.hand.summary.empty()) {
    out.push_back(
        {FindingCode::SummaryNotPrinted,
         {.message = "the site prints no per-seat summary: SUMMARY_MISMATCH could not run"}});
    return out;
  }
  SmallMap<const SummarySeat*> by_seat;
  for (const SummarySeat& line : s.hand.summary) by_seat[line.seat] = &line;
  check_summary_names(s, out);
  for (const auto& [seat, p] : s.players) {
    if (p.cashed && p.collected == 0) continue;  // see MoneyState::cashed_pot_total()
    auto it = by_seat.find(seat);
    check_summary_money(s, p, it == by_seat.end() ? nullptr : it->second, out);
  }
  return out;
}

}  // namespace hh::detail
