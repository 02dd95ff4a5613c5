// Root causes and money in error: which finding of a hand is the cause and which follow from it,
// and the one amount of money a hand has wrong. The rule is here and nowhere else
// (docs/discrepancies.md, "Root causes and money in error"); it reads only the codes, their
// severities and amounts, never the site.
#pragma once

#include <optional>

#include "model/finding.hpp"

namespace hh {

// The step of the flow of money a code checks, in the order the money moves: what each action
// put in, what came back uncalled, the pots and the rake, what was paid out, the summary, the
// rake against the house schedule. Each step computes from the ones before it, so a wrong amount
// at one step shows again at every later step that uses it.
enum class MoneyStep { Action, Uncalled, Pots, Payout, Summary, Schedule };

// The step a code checks; std::nullopt for codes outside the flow of money: reading the hand,
// notes, and the order and legality of actions (a bet above the limit is still booked as bet).
std::optional<MoneyStep> money_step(FindingCode code);

// Fills Finding::cause and AuditResult::money_in_error. Among the hand's error and warning
// findings of a money step, the first of the earliest step is the root; every other one follows
// from it. Findings outside the flow of money are roots of their own with nothing following.
// Info findings are notes: no cause, never a cause. money_in_error is |expected - actual| of the
// first error (by step, then order) of the chain: warnings are money-neutral by definition.
void link_causes(AuditResult& result);

}  // namespace hh
