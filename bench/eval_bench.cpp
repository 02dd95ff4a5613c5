// Times the showdown evaluator: best five of seven cards (Hold'em), Omaha (4 + 5) high and
// eight-or-better low, and badugi (4 cards), on random deals. Prints nanoseconds per hand.
//
//   hhaudit_eval_bench [HANDS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>
#include <vector>

#include "audit/hand_eval.hpp"

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1000000;
  std::mt19937 rng(7);
  std::vector<std::vector<hh::Card>> deals(1024);
  for (auto& d : deals) {
    std::vector<int> deck(52);
    for (int i = 0; i < 52; ++i) deck[i] = i;
    std::shuffle(deck.begin(), deck.end(), rng);
    for (int i = 0; i < 9; ++i)
      d.push_back(
          {static_cast<std::uint8_t>(deck[i] % 13 + 2), static_cast<std::uint8_t>(deck[i] / 13)});
  }
  unsigned sink = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto& d = deals[i & 1023];
    sink += hh::best_of(std::span<const hh::Card>(d.data(), 7));
  }
  auto t1 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto& d = deals[i & 1023];
    sink += hh::best_omaha(std::span<const hh::Card>(d.data(), 4),
                           std::span<const hh::Card>(d.data() + 4, 5));
  }
  auto t2 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto& d = deals[i & 1023];
    sink += hh::best_omaha_low_a5(std::span<const hh::Card>(d.data(), 4),
                                  std::span<const hh::Card>(d.data() + 4, 5));
  }
  auto t2_low = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) sink += hh::badugi(deals[i & 1023].data());
  auto t3 = std::chrono::steady_clock::now();
  auto ns = [&](auto a, auto b) {
    return std::chrono::duration<double, std::nano>(b - a).count() / n;
  };
  std::printf(
      "best of 7: %.0f ns/hand; Omaha 4+5: %.0f ns/hand; Omaha 4+5 low: %.0f ns/hand; badugi: %.0f "
      "ns/hand (checksum %u)\n",
      ns(t0, t1), ns(t1, t2), ns(t2, t2_low), ns(t2_low, t3), sink);
  return 0;
}
