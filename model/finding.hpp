// A finding: one discrepancy between what the rules say and what the site printed.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/finding_amount.hpp"
#include "model/finding_codes.hpp"
#include "model/hand.hpp"
#include "model/session_seat.hpp"

namespace hh {

// A finding. The audit builds them only with make_finding, so `severity` is the one the registry
// gives `code`. The code's name (code_name) exists only at the edges: what a store writes and
// what JSON, CSV and text print; the pipeline, the audit and the tests compare the enum.
struct Finding {
  FindingCode code{FindingCode::ParseError};
  Severity severity{Severity::Error};
  Blame blame{Blame::Site};  // the registry's, by code
  std::optional<Street> street;
  int seat{0};  // 0 when not about one seat
  std::string player;
  std::optional<FindingAmount> expected;  // money, or a count or seat (FindingAmount::count)
  std::optional<FindingAmount> actual;
  std::string message;
  std::uint32_t line{0};  // line in the file the finding points at, 0 if none
  // The finding this one follows from: its index in AuditResult::findings, the hand's root cause
  // (audit/causes.hpp). std::nullopt for a root and for notes.
  std::optional<std::size_t> cause;
};

// What a finding says beyond its code: the fields of Finding the emitter chooses, by name
// (make_finding(FindingCode::WrongWinner, {.seat = 3, .expected = 550, .actual = 0, ...})).
struct FindingFields {
  std::optional<Street> street{};
  int seat{0};  // 0 when not about one seat
  std::string player{};
  std::optional<FindingAmount> expected{};  // a bare number is money
  std::optional<FindingAmount> actual{};
  std::string message{};
  std::uint32_t line{0};
  // The code's documented second form (FindingCodeInfo::alternate_severity), e.g. the
  // money-neutral forms of SUMMARY_MISMATCH. A code without one throws std::logic_error.
  bool alternate_form{false};
};

// The finding of `code` with the registry's severity. Its expected and actual are of one unit
// (a store keeps one for both): std::logic_error otherwise.
Finding make_finding(FindingCode code, FindingFields fields);

// The unit of a finding's amounts; money when it has none.
AmountUnit amount_unit(const Finding& f);

// What the audit derived from a hand: per-player money and the pots the rules build.
struct PlayerResult {
  int seat{0};
  std::string player;
  Money start_stack{0};
  Money contributed{0};  // chips put in the pot, net of uncalled bets returned
  Money collected{0};    // chips collected from pots (and cash-out amounts)
  Money net() const { return collected - contributed; }
};

struct BuiltPot {
  int index{0};     // 0 main, k side pot k
  Money amount{0};  // gross, before rake
  Money rake{0};    // rake and fees (jackpot, ...) attributed to this pot: the site's own split
                    // where it prints one, else in proportion
  std::vector<int> eligible;  // seats
  std::vector<int> winners;   // seats that collected from it
  std::optional<Money> reported_amount;
};

// A player's stack and the pot just after one event, as the replay books the printed amounts
// (what a replay of the hand shows, action by action).
struct ChipsAfter {
  std::optional<Money> stack;  // the event's seat; std::nullopt when the site printed no stack
  Money pot{0};                // put in, less uncalled bets returned and amounts collected
};

struct AuditResult {
  std::vector<Finding> findings;
  // By index in Hand::events: after each event of a seated player the replay booked.
  std::vector<std::optional<ChipsAfter>> chips_after;
  std::vector<PlayerResult> players;
  std::vector<BuiltPot> pots;
  Money total_contributed{0};
  Money total_collected{0};
  // Values the site did not print, derived by the audit (stored with a "derived" flag).
  std::optional<Money> derived_total_pot;
  std::optional<Money> derived_rake;
  // What the hand has wrong in money, counted once however many findings show it
  // (audit/causes.hpp); 0 when no error finding has both amounts.
  Money money_in_error{0};
  // The audit's reading of the hand that a store keeps beside its findings (audit_hand fills
  // them, so that db/ computes nothing of the audit): each player's seat, one for each of
  // `players` in its order (audit/sessions.hpp, session_seats; none for an unparsed hand), and
  // the players dealt in, the count rake caps are banded by (audit/rake/check.hpp).
  std::vector<SessionSeat> seats;
  int players_dealt{0};
  Severity worst() const;
  // The worst severity of the findings that charge the site (Blame::Site); Info when none.
  Severity worst_charged() const;
  bool has(FindingCode code) const;
};

}  // namespace hh
