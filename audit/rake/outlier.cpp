#include "audit/rake/outlier.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "model/amount_text.hpp"

namespace hh {

RakeGroupKey rake_group_of(const ProfileHand& h) {
  return {h.site,
          h.currency,
          h.limit_type,
          h.game,
          h.big_blind,
          h.players,
          h.date.size() >= 4 ? h.date.substr(0, 4) : std::string()};
}

std::vector<LearnedRakeRule> learn_rake_rules(const std::vector<ProfileHand>& hands) {
  std::map<RakeGroupKey, std::vector<const ProfileHand*>> groups;
  for (const ProfileHand& h : hands)
    if (h.rake > 0) groups[rake_group_of(h)].push_back(&h);
  std::vector<LearnedRakeRule> out;
  for (auto& [key, members] : groups) {
    // Storage order within a group, so the fit (ties included) does not depend on the order the
    // rows came in.
    std::sort(members.begin(), members.end(),
              [](const ProfileHand* a, const ProfileHand* b) { return a->hand_id < b->hand_id; });
    LearnedRakeRule r{key, fit_rake_group(members), false};
    r.judged = r.fit.fit >= kRakeOutlierMinSupport &&
               r.fit.fit * kRakeOutlierMajorityDen >= r.fit.hands * kRakeOutlierMajorityNum;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<HandFinding> check_rake_outliers(const std::vector<ProfileHand>& hands) {
  std::vector<HandFinding> out;
  auto amt = [](Money m) { return format_amount(m, 100); };
  for (const LearnedRakeRule& r : learn_rake_rules(hands)) {
    // Too little evidence of one rule: RAKE_SCHEDULE_UNKNOWN stays the word.
    if (!r.judged) continue;
    const RakeGroupKey& key = r.key;
    const ProfileGroup& g = r.fit;
    const std::string rule = fmt::format(
        "{} {} {} {}, big blind {}, {} players dealt{}: {} ({} of {} raked hands fit)", key.site,
        key.currency, key.limit_type, key.game, amt(key.big_blind), key.players,
        key.period.empty() ? std::string(", date unknown") : ", " + key.period,
        learned_rule_text(g.model), g.fit, g.hands);
    for (const ProfileMisfit& m : g.misfits)
      out.push_back(
          {m.hand_id,
           make_finding(FindingCode::RakeOutlier,
                        {.expected = m.expected,
                         .actual = m.rake,
                         .message = fmt::format(
                             "rake {} on a pot of {} where the site's rule learned from its "
                             "stored hands gives {}: {}",
                             amt(m.rake), amt(m.pot), amt(m.expected), rule)})});
  }
  std::sort(out.begin(), out.end(),
            [](const HandFinding& a, const HandFinding& b) { return a.hand_id < b.hand_id; });
  return out;
}

}  // namespace hh
