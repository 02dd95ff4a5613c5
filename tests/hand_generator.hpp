// A generator of random legal cash-game hands (hold'em at no limit, pot limit and fixed limit;
// Omaha and Omaha Hi/Lo at pot limit), rendered as PokerStars hand-history text, for the property
// tests in tests/test_properties.cpp. It plays each hand by the rules itself (order of action,
// minimum raise, pot limit, fixed-limit sizes and cap, short all-ins, uncalled bets, side pots, odd
// chips, rake) and keeps its own record of the money, so that what hhaudit derives from the text
// can be compared with it. Deterministic: the same seed gives the same hands.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "audit/hand_eval.hpp"
#include "model/hand.hpp"

namespace hhtest {

using hh::Money;

struct GeneratorOptions {
  hh::Structure structure{hh::Structure::NoLimit};
  bool omaha{false};  // Omaha (four hole cards); pot limit in practice
  bool hilo{false};   // Omaha Hi/Lo (eight or better); implies omaha
  // How often a player bets or raises when allowed (0..100); higher reaches fixed-limit caps.
  int aggression{30};
  // For sessions of many hands (tests/test_integrity_signals.cpp); unset, each hand draws its own.
  int max_players{9};               // seated: 2 to this many
  std::optional<int> blinds{};      // the index of the blinds (0-5: $0.01/$0.02 ... $0.50/$1)
  std::optional<Money> rake_cap{};  // the table's cap, the same every hand
  // The first two seated never bet or raise after the first round when they are alone in the
  // hand (a soft-playing pair planted).
  bool soft_first_two{false};
  // The first two seated each bet or raise once a street while a third player is still in the
  // hand (a pair squeezing a third, planted).
  bool squeeze_first_two{false};
};

// One betting action as printed, with the state of the betting just before it: what a mutation
// needs to make it illegal in a known way.
struct ActionRecord {
  std::size_t line{0};  // index into GeneratedHand::lines
  hh::EventKind kind{hh::EventKind::Fold};
  hh::Street street{hh::Street::Preflop};
  int seat{0};
  Money amount{0};  // chips put in (call, bet) ; raise: chips put in
  Money to{0};      // bet and raise: street total after the action
  bool all_in{false};
  Money stack_before{0};
  Money street_bet_before{0};
  Money owed{0};               // what a call costs (before the stack limit)
  Money max_bet{0};            // the largest bet of the round before the action
  Money min_raise_to{0};       // the largest bet plus the last full raise (the audit's minimum)
  Money pot_limit_to{0};       // pot limit: the largest legal total, "(3L+T)+S"; 0 otherwise
  Money fixed_unit{0};         // fixed limit: the bet of the round; 0 otherwise
  int bets_before{0};          // fixed limit: the bet and raises of the round so far
  int contenders_at_start{0};  // players with chips at the start of the round
  // Fixed limit: an all-in for less than a full bet or raise came before in the round. What may
  // follow (complete it, or a full bet over it; does it count towards the cap) is where house
  // rules differ, so the generator raises no more and the mutations leave such actions alone.
  bool after_short_all_in{false};
};

struct CollectRecord {
  std::size_t line{0};
  int seat{0};
  int pot_index{0};  // 0 main pot (or the only pot)
  Money amount{0};
};

struct GeneratedPot {
  Money amount{0};  // gross, before rake
  Money rake{0};    // the part of the rake taken from this pot
  std::vector<int> eligible;
  std::vector<int> winners;     // best hand(s), or the last player standing
  std::map<int, Money> shares;  // what each winner collects
};

struct GeneratedHand {
  std::vector<std::string> lines;
  hh::Structure structure{hh::Structure::NoLimit};
  bool omaha{false};
  bool hilo{false};
  int button{0};
  Money small_blind{0}, big_blind{0}, ante{0};
  Money small_bet{0}, big_bet{0};  // fixed limit
  std::vector<int> seats;          // seated, in seat order
  std::map<int, std::string> names;
  std::map<int, Money> start_stack;
  std::map<int, Money> contributed;  // net of the uncalled bet returned
  std::map<int, Money> collected;
  std::map<int, bool> folded;
  std::map<int, std::vector<hh::Card>> hole;
  std::vector<hh::Card> board;
  std::vector<GeneratedPot> pots;
  Money total_pot{0};  // gross
  Money rake{0};
  bool showdown{false};
  std::vector<ActionRecord> actions;
  std::vector<CollectRecord> collections;
  std::optional<std::size_t> uncalled_line;
  int uncalled_seat{0};
  Money uncalled{0};
  std::size_t total_line{0};
  std::map<int, std::size_t> summary_lines;  // seat -> index of its summary line

  std::string text() const;  // the lines joined, ending with a blank line
};

class HandGenerator {
 public:
  HandGenerator(std::uint64_t seed, GeneratorOptions options) : rng_(seed), options_(options) {}
  GeneratedHand next();

 private:
  std::mt19937_64 rng_;
  GeneratorOptions options_;
  std::uint64_t hand_id_{1000000};
};

// "$12.34", "$12" for whole amounts, as PokerStars prints them.
std::string dollars(Money cents);

}  // namespace hhtest
