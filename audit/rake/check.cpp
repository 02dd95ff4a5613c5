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

// One hand's rake under judgement: what the house took, from which pot, and the findings so far.
struct RakeCase {
  const Hand& hand;
  Money rake;
  Money pot;
  const char* how;  // "printed" or "derived"
  std::vector<Finding> out;

  std::string amt(Money m) const { return format_amount(m, hand.unit); }
  std::uint32_t line() const { return hand.totals_line; }

  // A hand the schedule does not rake: any rake taken is RAKE_ON_UNRAKED_HAND, `why()` says why.
  // (Formatted only then: most hands that end before the flop take no rake.)
  template <typename Why>
  void unraked(Why why) {
    if (rake > 0)
      out.push_back(
          make_finding(FindingCode::RakeOnUnrakedHand,
                       {.expected = 0, .actual = rake, .message = why(), .line = line()}));
  }
};

// Tournaments charge their fee with the buy-in; no site takes rake from a tournament pot. Only a
// printed rake counts: a derived one in a tournament is chips paid to nobody, which PAYOUT_MISMATCH
// and RAKE_MISMATCH already report.
void check_tournament_rake(RakeCase& c) {
  if (c.hand.rake && c.rake > 0)
    c.out.push_back(
        make_finding(FindingCode::RakeOnUnrakedHand,
                     {.expected = 0,
                      .actual = c.rake,
                      .message = fmt::format("tournament hand: rake {} ({}) taken from the pot, "
                                             "tournaments are raked in the buy-in only",
                                             c.amt(c.rake), c.how),
                      .line = c.line()}));
}

// Each fee is one the site documents (SiteRakeSchedule::known_fees), and not negative.
void check_fees(RakeCase& c, const SiteRakeSchedule& site) {
  for (const Fee& f : c.hand.fees) {
    if (f.amount < 0)
      c.out.push_back(
          make_finding(FindingCode::FeeMismatch,
                       {.expected = 0,
                        .actual = f.amount,
                        .message = fmt::format("fee {} of {} is negative", f.name, c.amt(f.amount)),
                        .line = c.line(),
                        .alternate_form = true}));
    else if (std::find(site.known_fees.begin(), site.known_fees.end(), f.name) ==
             site.known_fees.end())
      c.out.push_back(make_finding(
          FindingCode::FeeMismatch,
          {.expected = 0,
           .actual = f.amount,
           .message = fmt::format("fee {} of {} is not a fee {} documents (known_fees of {})",
                                  f.name, c.amt(f.amount), c.hand.site, site.file),
           .line = c.line()}));
  }
}

// What the schedule asks of the hand it covers.
RakeQuery rake_query(const Hand& hand, const AuditResult& result) {
  RakeQuery q;
  q.site = hand.site;
  q.date = hand.started_at_utc.substr(0, std::min<std::size_t>(10, hand.started_at_utc.size()));
  q.game = hand.game;
  q.structure = hand.structure;
  q.currency = hand.currency;
  q.big_blind = hand.big_blind;
  q.players_dealt = players_dealt(hand, result);
  return q;
}

// The rake against the schedule's entry for the hand: none without a flop where the entry says
// so, none under its minimum pot, else its rate up to its cap for the players dealt.
void check_against_entry(RakeCase& c, const SiteRakeSchedule& site, const RakeEntry& e,
                         int players) {
  const auto amt = [&](Money m) { return c.amt(m); };
  if (e.no_flop_no_drop && !past_first_round(c.hand))
    return c.unraked([&] {
      return fmt::format(
          "hand ended in the first betting round (no flop, no drop) "
          "but rake {} ({}) was taken; {}",
          amt(c.rake), c.how, describe(e, site));
    });
  if (c.pot < e.min_pot)
    return c.unraked([&] {
      return fmt::format(
          "pot {} is under the minimum raked pot {} but rake {} ({}) "
          "was taken; {}",
          amt(c.pot), amt(e.min_pot), amt(c.rake), c.how, describe(e, site));
    });
  Money expected = schedule_rake(e, c.pot, players);
  std::optional<Money> cap = cap_for(e, players);
  // Formatted only for a finding: most rakes match the schedule.
  auto cap_text = [&] {
    return cap ? fmt::format("cap {} for {} players dealt", amt(*cap), players)
               : fmt::format("no cap for {} players dealt", players);
  };
  if (c.rake > expected) {
    c.out.push_back(make_finding(
        FindingCode::RakeOverSchedule,
        {.expected = expected,
         .actual = c.rake,
         .message = fmt::format("rake {} ({}) on a pot of {} is more than the {} the schedule "
                                "takes ({}); {}",
                                amt(c.rake), c.how, amt(c.pot), amt(expected), cap_text(),
                                describe(e, site)),
         .line = c.line()}));
  } else if (c.rake < expected && !e.upper_bound_only) {
    c.out.push_back(make_finding(
        FindingCode::RakeUnderSchedule,
        {.expected = expected,
         .actual = c.rake,
         .message = fmt::format("rake {} ({}) on a pot of {} is less than the {} the schedule "
                                "takes ({}); {}",
                                amt(c.rake), c.how, amt(c.pot), amt(expected), cap_text(),
                                describe(e, site)),
         .line = c.line()}));
  }
}

}  // namespace

std::vector<Finding> check_rake(const Hand& hand, const AuditResult& result,
                                const RakeSchedules& schedules) {
  if (!hand.parsed || hand.cancelled) return {};
  std::optional<Money> rake = hand.rake ? hand.rake : result.derived_rake;
  // The pot the house rakes is what the players put in, as the replay counts it: a converter's
  // wrong "Total pot" line is TOTAL_POT_MISMATCH's business, not a reason to misjudge the rake.
  std::optional<Money> pot = result.total_contributed > 0
                                 ? std::optional<Money>(result.total_contributed)
                             : hand.total_pot ? hand.total_pot
                                              : result.derived_total_pot;
  if (!rake || !pot) return {};
  RakeCase c{hand, *rake, *pot, hand.rake ? "printed" : "derived", {}};
  if (hand.tournament) {
    check_tournament_rake(c);
    return std::move(c.out);
  }
  if (hand.currency.empty()) return {};  // play money: no schedule applies

  const SiteRakeSchedule* site = schedules.site(hand.site);
  if (!site) {
    c.out.push_back(make_finding(
        FindingCode::RakeScheduleUnknown,
        {.actual = c.rake,
         .message = fmt::format("no rake schedule for site {}: rake {} ({}) not checked", hand.site,
                                c.amt(c.rake), c.how),
         .line = c.line()}));
    return std::move(c.out);
  }
  check_fees(c, *site);
  // The site's no-flop-no-drop policy holds whatever its rate table: a rake on a hand that ended
  // in the first betting round is wrong even where no entry covers the date or stakes, and no
  // rake there is right.
  if (site->no_flop_no_drop && !past_first_round(hand)) {
    c.unraked([&] {
      return fmt::format(
          "hand ended in the first betting round (no flop, no drop at {}, "
          "{}) but rake {} ({}) was taken",
          hand.site, site->file, c.amt(c.rake), c.how);
    });
    return std::move(c.out);
  }
  const RakeQuery q = rake_query(hand, result);
  const RakeEntry* e = find_entry(*site, q, schedules.domain);
  if (!e) {
    c.out.push_back(make_finding(
        FindingCode::RakeScheduleUnknown,
        {.actual = c.rake,
         .message = fmt::format(
             "no entry of {} for {} {} {} {} big blind {} on {} (domain {}): rake {} ({}) "
             "not checked",
             site->file, hand.game.name(), structure_name(hand.structure), hand.currency, hand.site,
             c.amt(hand.big_blind), q.date.empty() ? "an unknown date" : q.date, schedules.domain,
             c.amt(c.rake), c.how),
         .line = c.line()}));
    return std::move(c.out);
  }
  check_against_entry(c, *site, *e, q.players_dealt);
  return std::move(c.out);
}

}  // namespace hh
