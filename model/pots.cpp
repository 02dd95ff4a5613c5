#include "model/pots.hpp"

#include <algorithm>
#include <set>

namespace hh {

std::vector<BuiltPot> build_pots(const std::vector<PotInput>& players) {
  // Levels and layers are built on live bets; dead blinds go to the main pot at the end.
  auto live = [](const PotInput& p) { return p.contributed - p.dead; };
  std::set<Money> levels;
  Money top = 0;  // the largest live contribution of a player still in the hand
  Money total = 0, dead = 0;
  for (const PotInput& p : players) {
    total += live(p);
    dead += p.dead;
    if (!p.folded) top = std::max(top, live(p));
  }
  // A player all-in who is then folded for sitting out still closes a level (PokerStars
  // tournament hand 16652117062: main pot 1040 at the folded all-in big blind's 200).
  for (const PotInput& p : players)
    if (p.all_in && live(p) > 0 && live(p) < top) levels.insert(live(p));
  if (top > 0) levels.insert(top);

  std::vector<BuiltPot> pots;
  Money previous = 0;
  Money placed = 0;
  for (Money level : levels) {
    BuiltPot pot;
    for (const PotInput& p : players) {
      pot.amount += std::min(live(p), level) - std::min(live(p), previous);
      if (!p.folded && live(p) >= level) pot.eligible.push_back(p.seat);
    }
    previous = level;
    if (pot.amount == 0) continue;
    placed += pot.amount;
    // A layer nobody still in the hand reached (only folded chips) belongs to the pot below it.
    if (pot.eligible.empty() && !pots.empty()) {
      pots.back().amount += pot.amount;
      continue;
    }
    pot.index = static_cast<int>(pots.size());
    pots.push_back(std::move(pot));
  }
  // Chips folded players bet above what anyone still in the hand reached stay in the last pot;
  // dead blinds are main-pot money.
  if (pots.empty() && total + dead > 0) {
    BuiltPot pot;
    for (const PotInput& p : players)
      if (!p.folded) pot.eligible.push_back(p.seat);
    pots.push_back(std::move(pot));
  }
  if (!pots.empty()) {
    pots.back().amount += total - placed;
    pots.front().amount += dead;
  }
  return pots;
}

void attribute_rake(std::vector<BuiltPot>& pots, Money rake, bool main_pot_only,
                    bool last_pot_only) {
  Money total = 0;
  for (const BuiltPot& p : pots) total += p.amount;
  if (pots.empty() || total <= 0) return;
  if (main_pot_only) {
    for (BuiltPot& p : pots) p.rake = 0;
    pots.front().rake = rake;
    return;
  }
  if (last_pot_only) {
    for (BuiltPot& p : pots) p.rake = 0;
    pots.back().rake = rake;
    return;
  }
  // In proportion to each pot, rounded to the nearest minor unit; the last pot takes what is left
  // so that the parts add up to the rake exactly.
  Money left = rake;
  for (std::size_t i = 0; i + 1 < pots.size(); ++i) {
    Money share = (2 * rake * pots[i].amount + total) / (2 * total);
    pots[i].rake = share;
    left -= share;
  }
  pots.back().rake = left;
}

}  // namespace hh
