// One hand's all-in equity (audit/integrity_chance.hpp computes it, docs/integrity.md): a fact of
// the hand, computed once and kept by the stores (table allin_equities, schema 23) so that the
// signals across hands read it back instead of dealing the boards again. Statistics, not money:
// doubles are fine here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hh {

// One player's stake in one all-in: what the cards when the money went in gave them of the pots
// contested (hi/lo halves and ties as shares), and what they collected of them.
struct AllInShare {
  std::int64_t hand_id{0};
  std::string site;
  std::string player;
  double equity{0};    // expected share of the pots contested, 0..1
  double variance{0};  // of that share, over the boards still to come
  double won{0};       // the share collected (of what the live players collected)
  double pot_big_blinds{0};
};

enum class AllInReading {
  NotAllIn,      // a decision after the last card, or fewer than two hands live
  NotEvaluated,  // a game without an evaluator here (stud, draw, short deck) or run twice
  CardsUnknown,  // a live hand not shown, or the known cards not one deck
  Evaluated,
};

struct AllInEquity {
  AllInReading reading{AllInReading::NotAllIn};
  std::vector<AllInShare> shares;  // one a live player, when Evaluated
  bool sampled{false};             // the board sampled (kSampledBoards), not enumerated
  long boards{0};                  // boards enumerated or sampled
  std::int64_t hand_id{0};         // the store's hand
};

// allin_equities.reading: "not_all_in", "not_evaluated", "cards_unknown", "evaluated".
inline std::string_view allin_reading_name(AllInReading r) {
  switch (r) {
    case AllInReading::NotAllIn:
      return "not_all_in";
    case AllInReading::NotEvaluated:
      return "not_evaluated";
    case AllInReading::CardsUnknown:
      return "cards_unknown";
    case AllInReading::Evaluated:
      return "evaluated";
  }
  return "not_all_in";
}

// The reading of a name allin_reading_name gives; NotAllIn for any other.
inline AllInReading allin_reading_of(std::string_view name) {
  for (const AllInReading r :
       {AllInReading::NotEvaluated, AllInReading::CardsUnknown, AllInReading::Evaluated})
    if (allin_reading_name(r) == name) return r;
  return AllInReading::NotAllIn;
}

}  // namespace hh
