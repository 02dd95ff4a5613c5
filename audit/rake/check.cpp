#include "audit/rake/check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "audit/sessions.hpp"
#include "model/amount_text.hpp"

namespace hh {

int players_dealt(const Hand& hand, const AuditResult& result) {
  int n = 0;
  if (!hand.parsed || result.players.empty()) {
    for (const Seat& s : hand.seats) n += s.sitting_out ? 0 : 1;
    return n;
  }
  return seats_dealt_in(hand, result);
}

bool past_first_round(const Hand& hand) {
  // Streets after Preflop are, by the event model, the flop (or what stands for it in stud and
  // draw); a board dealt after an all-in preflop is a Board event on Flop too.
  return std::any_of(hand.events.begin(), hand.events.end(), [](const Event& e) {
    return e.street >= Street::Flop && e.street <= Street::Seventh;
  });
}

namespace {

std::string describe(const RakeEntry& e, const SiteRakeSchedule& s) {
  return fmt::format("schedule {} entry \"{}\"", s.file, e.name);
}

}  // namespace

std::vector<Finding> check_rake(const Hand& hand, const AuditResult& result,
                                const RakeSchedules& schedules) {
  std::vector<Finding> out;
  if (!hand.parsed || hand.cancelled) return out;
  std::optional<Money> rake = hand.rake ? hand.rake : result.derived_rake;
  // The pot the house rakes is what the players put in, as the replay counts it: a converter's
  // wrong "Total pot" line is TOTAL_POT_MISMATCH's business, not a reason to misjudge the rake.
  std::optional<Money> pot = result.total_contributed > 0
                                 ? std::optional<Money>(result.total_contributed)
                             : hand.total_pot ? hand.total_pot
                                              : result.derived_total_pot;
  if (!rake || !pot) return out;
  auto amt = [&](Money m) { return format_amount(m, hand.unit); };
  const std::uint32_t line = hand.totals_line;
  const char* how = hand.rake ? "printed" : "derived";

  if (hand.tournament) {
    // Tournaments charge their fee with the buy-in; no site takes rake from a tournament pot. Only
    // a printed rake counts: a derived one in a tournament is chips paid to nobody, which
    // PAYOUT_MISMATCH and RAKE_MISMATCH already report.
    if (hand.rake && *rake > 0)
      out.push_back(
          make_finding(FindingCode::RakeOnUnrakedHand,
                       {.expected = 0,
                        .actual = *rake,
                        .message = fmt::format("tournament hand: rake {} ({}) taken from the pot, "
                                               "tournaments are raked in the buy-in only",
                                               amt(*rake), how),
                        .line = line}));
    return out;
  }
  if (hand.currency.empty()) return out;  // play money: no schedule applies

  const SiteRakeSchedule* site = schedules.site(hand.site);
  if (!site) {
    out.push_back(make_finding(
        FindingCode::RakeScheduleUnknown,
        {.actual = *rake,
         .message = fmt::format("no rake schedule for site {}: rake {} ({}) not checked", hand.site,
                                amt(*rake), how),
         .line = line}));
    return out;
  }
  for (const Fee& f : hand.fees) {
    if (f.amount < 0)
      out.push_back(
          make_finding(FindingCode::FeeMismatch,
                       {.expected = 0,
                        .actual = f.amount,
                        .message = fmt::format("fee {} of {} is negative", f.name, amt(f.amount)),
                        .line = line,
                        .alternate_form = true}));
    else if (std::find(site->known_fees.begin(), site->known_fees.end(), f.name) ==
             site->known_fees.end())
      out.push_back(make_finding(
          FindingCode::FeeMismatch,
          {.expected = 0,
           .actual = f.amount,
           .message = fmt::format("fee {} of {} is not a fee {} documents (known_fees of {})",
                                  f.name, amt(f.amount), hand.site, site->file),
           .line = line}));
  }

  // A hand the schedule does not rake: any rake taken is RAKE_ON_UNRAKED_HAND, `why()` says why.
  // (Formatted only then: most hands that end before the flop take no rake.)
  auto unraked = [&](auto why) {
    if (*rake > 0)
      out.push_back(make_finding(FindingCode::RakeOnUnrakedHand,
                                 {.expected = 0, .actual = *rake, .message = why(), .line = line}));
    return out;
  };
  // The site's no-flop-no-drop policy holds whatever its rate table: a rake on a hand that ended
  // in the first betting round is wrong even where no entry covers the date or stakes, and no
  // rake there is right.
  if (site->no_flop_no_drop && !past_first_round(hand))
    return unraked([&] {
      return fmt::format(
          "hand ended in the first betting round (no flop, no drop at {}, "
          "{}) but rake {} ({}) was taken",
          hand.site, site->file, amt(*rake), how);
    });

  RakeQuery q;
  q.site = hand.site;
  q.date = hand.started_at_utc.substr(0, std::min<std::size_t>(10, hand.started_at_utc.size()));
  q.game = hand.game;
  q.structure = hand.structure;
  q.currency = hand.currency;
  q.big_blind = hand.big_blind;
  q.players_dealt = players_dealt(hand, result);
  const RakeEntry* e = find_entry(*site, q, schedules.domain);
  if (!e) {
    out.push_back(make_finding(
        FindingCode::RakeScheduleUnknown,
        {.actual = *rake,
         .message = fmt::format(
             "no entry of {} for {} {} {} {} big blind {} on {} (domain {}): rake {} ({}) "
             "not checked",
             site->file, hand.game.name(), structure_name(hand.structure), hand.currency, hand.site,
             amt(hand.big_blind), q.date.empty() ? "an unknown date" : q.date, schedules.domain,
             amt(*rake), how),
         .line = line}));
    return out;
  }

  if (e->no_flop_no_drop && !past_first_round(hand))
    return unraked([&] {
      return fmt::format(
          "hand ended in the first betting round (no flop, no drop) "
          "but rake {} ({}) was taken; {}",
          amt(*rake), how, describe(*e, *site));
    });
  if (*pot < e->min_pot)
    return unraked([&] {
      return fmt::format(
          "pot {} is under the minimum raked pot {} but rake {} ({}) "
          "was taken; {}",
          amt(*pot), amt(e->min_pot), amt(*rake), how, describe(*e, *site));
    });
  Money expected = schedule_rake(*e, *pot, q.players_dealt);
  std::optional<Money> cap = cap_for(*e, q.players_dealt);
  // Formatted only for a finding: most rakes match the schedule.
  auto cap_text = [&] {
    return cap ? fmt::format("cap {} for {} players dealt", amt(*cap), q.players_dealt)
               : fmt::format("no cap for {} players dealt", q.players_dealt);
  };
  if (*rake > expected) {
    out.push_back(make_finding(
        FindingCode::RakeOverSchedule,
        {.expected = expected,
         .actual = *rake,
         .message = fmt::format("rake {} ({}) on a pot of {} is more than the {} the schedule "
                                "takes ({}); {}",
                                amt(*rake), how, amt(*pot), amt(expected), cap_text(),
                                describe(*e, *site)),
         .line = line}));
  } else if (*rake < expected && !e->upper_bound_only) {
    out.push_back(make_finding(
        FindingCode::RakeUnderSchedule,
        {.expected = expected,
         .actual = *rake,
         .message = fmt::format("rake {} ({}) on a pot of {} is less than the {} the schedule "
                                "takes ({}); {}",
                                amt(*rake), how, amt(*pot), amt(expected), cap_text(),
                                describe(*e, *site)),
         .line = line}));
  }
  return out;
}

}  // namespace hh
