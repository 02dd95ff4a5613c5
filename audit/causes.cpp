#include "audit/causes.hpp"

#include <algorithm>
#include <vector>

namespace hh {

std::optional<MoneyStep> money_step(FindingCode code) {
  switch (code) {
    case FindingCode::UnknownSeat:
    case FindingCode::BetExceedsStack:
    case FindingCode::AllInMismatch:
    case FindingCode::WrongCallAmount:
    case FindingCode::RaiseIncrementMismatch:
    case FindingCode::WrongForcedBet:
    case FindingCode::RoundNotClosed:
      return MoneyStep::Action;
    case FindingCode::UncalledBetNotPrinted:
    case FindingCode::UncalledBetLineMissing:
    case FindingCode::UncalledBetInCollection:
    case FindingCode::UncalledBetMismatch:
      return MoneyStep::Uncalled;
    case FindingCode::TotalPotNotPrinted:
    case FindingCode::TotalPotMismatch:
    case FindingCode::RakeNotPrinted:
    case FindingCode::RakeMismatch:
    case FindingCode::SidePotMismatch:
    case FindingCode::FeeMismatch:
      return MoneyStep::Pots;
    case FindingCode::ChipsNotConserved:
    case FindingCode::PayoutMismatch:
    case FindingCode::WrongWinner:
    case FindingCode::OddChipMismatch:
      return MoneyStep::Payout;
    case FindingCode::SummaryMismatch:
    case FindingCode::SummaryNotPrinted:
      return MoneyStep::Summary;
    case FindingCode::RakeOverSchedule:
    case FindingCode::RakeUnderSchedule:
    case FindingCode::RakeOnUnrakedHand:
    case FindingCode::RakeScheduleUnknown:
    case FindingCode::RakeOutlier:
      return MoneyStep::Schedule;
    case FindingCode::ParseError:
    case FindingCode::UnrecognisedLine:
    case FindingCode::ChecksNotRun:
    case FindingCode::StackNotStated:
    case FindingCode::HandCancelled:
    case FindingCode::OutOfTurn:
    case FindingCode::ActionAfterFold:
    case FindingCode::ActionAfterAllIn:
    case FindingCode::IllegalCheck:
    case FindingCode::BetBelowMinimum:
    case FindingCode::RaiseBelowMinimum:
    case FindingCode::RaiseNotReopened:
    case FindingCode::BetAboveLimit:
    case FindingCode::RaiseCapExceeded:
    case FindingCode::ShowdownNotEvaluated:
    case FindingCode::StackDiscontinuity:  // between two hands (sessions.cpp)
    case FindingCode::ButtonOutOfOrder:
    case FindingCode::BlindSkipped:
    case FindingCode::HandOrder:
    case FindingCode::TimeGap:
    case FindingCode::HandsMissing:
    case FindingCode::ChipsAdded:
    case FindingCode::FinishWithChips:  // tournament results: after the money
    case FindingCode::FinishPlaceOrder:
    case FindingCode::BountyMismatch:
    case FindingCode::PrizePoolMismatch:  // tournament summaries (summary_checks.cpp): no hand
    case FindingCode::PayoutsMismatch:
    case FindingCode::SummaryPlaces:
    case FindingCode::SummaryPlaceMismatch:
    case FindingCode::SummaryConflict:
    case FindingCode::TournamentChipsExceeded:
    case FindingCode::CardSeenTwice:  // integrity of cards and seats
    case FindingCode::ShownCardsMismatch:
    case FindingCode::HandNameMismatch:
    case FindingCode::PlayerInTwoSeats:
    case FindingCode::BoardCardCount:
    case FindingCode::CardsAfterHandOver:
      return std::nullopt;
  }
  return std::nullopt;
}

void link_causes(AuditResult& result) {
  std::vector<Finding>& fs = result.findings;
  // The chain: error and warning findings of a money step, by step then in the order found.
  std::vector<std::size_t> chain;
  std::vector<MoneyStep> step_of(fs.size(), MoneyStep::Action);
  for (std::size_t i = 0; i < fs.size(); ++i) {
    fs[i].cause.reset();
    if (fs[i].severity == Severity::Info) continue;
    const std::optional<MoneyStep> step = money_step(fs[i].code);
    if (!step) continue;
    step_of[i] = *step;
    chain.push_back(i);
  }
  std::stable_sort(chain.begin(), chain.end(),
                   [&](std::size_t a, std::size_t b) { return step_of[a] < step_of[b]; });
  result.money_in_error = 0;
  if (chain.empty()) return;
  for (std::size_t k = 1; k < chain.size(); ++k) fs[chain[k]].cause = chain.front();
  for (std::size_t i : chain) {
    const Finding& f = fs[i];
    // Only money is money in error: a count of pots or a place is not summed with it.
    if (f.severity != Severity::Error || f.blame != Blame::Site || !f.expected || !f.actual ||
        !f.expected->is_money() || !f.actual->is_money())
      continue;
    const Money expected = f.expected->money(), actual = f.actual->money();
    result.money_in_error = actual > expected ? actual - expected : expected - actual;
    return;
  }
}

}  // namespace hh
