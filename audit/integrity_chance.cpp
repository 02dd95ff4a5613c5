#include "audit/integrity_chance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <variant>

#include "audit/hand_eval.hpp"
#include "audit/integrity_signals.hpp"
#include "model/game.hpp"

namespace hh {

namespace {

// ----- the cards of one hand ----------------------------------------------------------------

enum class Evaluation { Holdem, Omaha, OmahaHiLo };

// The games this evaluates: one 52-card deck, one board of five.
std::optional<Evaluation> evaluation_of(const Game& g) {
  if (g.family != GameFamily::CommunityCards) return std::nullopt;
  if (g.variant == GameVariant::Holdem && !g.hi_lo) return Evaluation::Holdem;
  if (g.variant == GameVariant::Omaha || g.variant == GameVariant::Courchevel)
    return g.hi_lo ? Evaluation::OmahaHiLo : Evaluation::Omaha;
  return std::nullopt;
}

int card_index(const Card& c) { return (c.rank - 2) * 4 + c.suit; }

struct Contender {
  int seat{0};
  std::string player;
  CardList hole;
  Money contributed{0};
  Money collected{0};
};

// The first board's cards in order, each with its street.
struct BoardCard {
  Card card;
  Street street{Street::Flop};
};

// What one hand's text says of its cards: the first board, each seat's last complete hand (a
// show after the deal), the cards the deal lines print. Hidden cards ("Xx") are unknown.
struct HandCards {
  std::vector<BoardCard> board;
  std::map<int, CardList> hole;
  std::vector<Card> dealt;  // the hole cards the deal lines print: known before the board
  bool second_board{false};
};

HandCards hand_cards(const IntegrityHand& h, std::size_t hole_cards) {
  HandCards out;
  for (const IntegrityCards& c : h.cards) {
    if (!c.cards.all_known()) continue;  // hidden ("Xx"): unknown, never a card
    const std::span<const Card> cards = c.cards.cards();
    if (c.kind == EventKind::Board) {
      if (c.board_index != 0) out.second_board = true;
      if (c.board_index != 0) continue;
      for (const Card& card : cards) out.board.push_back({card, c.street});
      continue;
    }
    if (c.kind == EventKind::DealtHole)
      for (const Card& card : cards) out.dealt.push_back(card);
    if (cards.size() == hole_cards && c.seat != 0)
      out.hole[c.seat] = CardList(cards.begin(), cards.end());
  }
  return out;
}

// ----- the pots and a board's shares --------------------------------------------------------

// A layer of the contributions, contested by the live hands that put in at least its top.
struct Layer {
  Money amount{0};
  std::vector<std::size_t> eligible;  // indexes into the contenders
};

std::vector<Layer> pot_layers(const IntegrityHand& h, const std::vector<Contender>& live) {
  std::set<Money> levels;
  for (const Contender& c : live)
    if (c.contributed > 0) levels.insert(c.contributed);
  std::vector<Layer> layers;
  Money below = 0;
  for (const Money level : levels) {
    Layer layer;
    for (const IntegritySeat& s : h.seats)
      layer.amount += std::max<Money>(0, std::min(s.contributed, level) - below);
    for (std::size_t i = 0; i < live.size(); ++i)
      if (live[i].contributed >= level) layer.eligible.push_back(i);
    if (layer.amount > 0) layers.push_back(std::move(layer));
    below = level;
  }
  return layers;
}

struct Value {
  HandValue high{0};
  std::optional<HandValue> low;  // an eight-or-better low
};

// The board complete (five cards) or dealt so far (three or four: a fold's).
Value value_of(Evaluation e, const CardList& hole, std::span<const Card> board) {
  if (e == Evaluation::Holdem) {
    std::array<Card, 7> seven{};
    std::copy(hole.begin(), hole.end(), seven.begin());
    std::copy(board.begin(), board.end(), seven.begin() + 2);
    return {best_of(std::span<const Card>(seven.data(), 2 + board.size())), std::nullopt};
  }
  Value v{best_omaha(cards_of(hole), board), std::nullopt};
  if (e == Evaluation::OmahaHiLo) {
    const HandValue low = best_omaha_low_a5(cards_of(hole), board);
    if (qualifies_8(low)) v.low = low;
  }
  return v;
}

// Splits `amount` among the eligible whose `part` value is the best (none has one: nothing).
template <class Part>
bool split_to_best(double amount, const std::vector<std::size_t>& eligible,
                   const std::vector<Value>& values, Part part, std::vector<double>& won) {
  std::optional<HandValue> best;
  int winners = 0;
  for (const std::size_t i : eligible) {
    const std::optional<HandValue> v = part(values[i]);
    if (!v) continue;
    if (!best || *v > *best) {
      best = v;
      winners = 1;
    } else if (*v == *best) {
      ++winners;
    }
  }
  if (!best) return false;
  for (const std::size_t i : eligible)
    if (part(values[i]) == best) won[i] += amount / winners;
  return true;
}

// The sums over the boards of each contender's share, and the buffers of one board (kept: a
// preflop all-in deals thousands).
struct BoardSums {
  std::vector<double> sum, squares;
  std::vector<Value> values;
  std::vector<double> won;
};

// What each contender wins of the layers on one complete board, as a share of them all.
void add_board_shares(Evaluation e, const std::vector<Contender>& live,
                      const std::vector<Layer>& layers, double total, std::span<const Card> board,
                      BoardSums& sums) {
  std::vector<Value>& values = sums.values;
  values.clear();
  for (const Contender& c : live) values.push_back(value_of(e, c.hole, board));
  std::vector<double>& won = sums.won;
  won.assign(live.size(), 0.0);
  const auto high = [](const Value& v) -> std::optional<HandValue> { return v.high; };
  const auto low = [](const Value& v) { return v.low; };
  for (const Layer& layer : layers) {
    const double amount = static_cast<double>(layer.amount);
    // Hi/lo: half to the best low when one qualifies, the rest (all without a low) to the high.
    const bool low_won =
        e == Evaluation::OmahaHiLo && split_to_best(amount / 2, layer.eligible, values, low, won);
    split_to_best(low_won ? amount / 2 : amount, layer.eligible, values, high, won);
  }
  for (std::size_t i = 0; i < live.size(); ++i) {
    sums.sum[i] += won[i] / total;
    sums.squares[i] += (won[i] / total) * (won[i] / total);
  }
}

// A fixed seed from the hand's site and number (the same hand samples the same boards in every
// store, whatever its hand_id).
std::uint64_t hand_seed(const IntegrityHand& h) {
  std::uint64_t x = 1469598103934665603ull;  // FNV-1a
  for (const char c : h.site + '/' + h.site_hand_id)
    x = (x ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return x;
}

double combinations(int n, int k) {
  double c = 1;
  for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
  return c;
}

// Every board the `rest` of the deck completes `known` to (or kSampledBoards of them), each
// passed to `each`.
template <class Each>
long for_each_board(const std::vector<Card>& known, const std::vector<Card>& rest,
                    std::uint64_t seed, bool& sampled, Each each) {
  const int need = 5 - static_cast<int>(known.size());
  const int n = static_cast<int>(rest.size());
  std::array<Card, 5> board{};
  std::copy(known.begin(), known.end(), board.begin());
  const std::span<const Card> whole(board.data(), 5);
  sampled = combinations(n, need) > static_cast<double>(kExactBoards);
  if (sampled) {
    std::mt19937_64 rng(seed);
    std::vector<Card> deck = rest;
    for (long b = 0; b < kSampledBoards; ++b) {
      for (int i = 0; i < need; ++i) {
        // rng() % (n - i), not a distribution: the same boards with every standard library (a
        // bias of under 52 / 2^64).
        const auto pick = static_cast<std::size_t>(i) + rng() % static_cast<std::uint64_t>(n - i);
        std::swap(deck[static_cast<std::size_t>(i)], deck[pick]);
        board[known.size() + static_cast<std::size_t>(i)] = deck[static_cast<std::size_t>(i)];
      }
      each(whole);
    }
    return kSampledBoards;
  }
  std::vector<int> at(static_cast<std::size_t>(need));
  for (int i = 0; i < need; ++i) at[static_cast<std::size_t>(i)] = i;
  long boards = 0;
  while (true) {
    for (int i = 0; i < need; ++i)
      board[known.size() + static_cast<std::size_t>(i)] =
          rest[static_cast<std::size_t>(at[static_cast<std::size_t>(i)])];
    each(whole);
    ++boards;
    int i = need - 1;
    while (i >= 0 && at[static_cast<std::size_t>(i)] == n - need + i) --i;
    if (i < 0) break;
    ++at[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < need; ++j)
      at[static_cast<std::size_t>(j)] = at[static_cast<std::size_t>(j - 1)] + 1;
  }
  return boards;
}

// The street of the hand's last decision; nullopt without any.
std::optional<Street> last_decision(const IntegrityHand& h) {
  std::optional<Street> last;
  for (const IntegrityAction& a : h.actions)
    if (!last || a.street > *last) last = a.street;
  return last;
}

// The live hands of `h` (dealt, not folded) with their cards, or the reading that stops.
std::variant<std::vector<Contender>, AllInReading> contenders(const IntegrityHand& h,
                                                              const HandCards& cards) {
  std::set<int> folded;
  for (const IntegrityAction& a : h.actions)
    if (a.kind == EventKind::Fold) folded.insert(a.seat);
  std::vector<Contender> live;
  for (const IntegritySeat& s : h.seats) {
    const Money collected = s.net + s.contributed;
    if (!s.dealt || folded.contains(s.seat)) {
      if (collected > 0) return AllInReading::NotAllIn;  // a folded hand paid: not a showdown
      continue;
    }
    const auto hole = cards.hole.find(s.seat);
    if (hole == cards.hole.end()) return AllInReading::CardsUnknown;
    live.push_back({s.seat, s.player, hole->second, s.contributed, collected});
  }
  if (live.size() < 2) return AllInReading::NotAllIn;
  return live;
}

// The cards known at the all-in: every hand printed and the board so far; nullopt when one
// card is seen twice (CARD_SEEN_TWICE's: not judged here).
std::optional<std::vector<Card>> deck_rest(const HandCards& cards, const std::vector<Card>& board) {
  std::array<bool, 52> known{};
  const auto take = [&](const Card& c) {
    const int i = card_index(c);
    if (i < 0 || i >= 52 || known[static_cast<std::size_t>(i)]) return false;
    known[static_cast<std::size_t>(i)] = true;
    return true;
  };
  for (const auto& [seat, hole] : cards.hole)
    for (const Card& c : hole)
      if (!take(c)) return std::nullopt;
  for (const Card& c : cards.dealt)
    if (!known[static_cast<std::size_t>(card_index(c))]) take(c);
  for (const Card& c : board)
    if (!take(c)) return std::nullopt;
  std::vector<Card> rest;
  for (int i = 0; i < 52; ++i)
    if (!known[static_cast<std::size_t>(i)])
      rest.push_back({static_cast<std::uint8_t>(i / 4 + 2), static_cast<std::uint8_t>(i % 4)});
  return rest;
}

AllInEquity evaluate(const IntegrityHand& h, Evaluation e, const std::vector<Contender>& live,
                     const std::vector<Card>& known, const std::vector<Card>& rest) {
  AllInEquity out;
  out.hand_id = h.hand_id;
  const std::vector<Layer> layers = pot_layers(h, live);
  Money contested = 0, collected = 0;
  for (const Layer& l : layers) contested += l.amount;
  for (const Contender& c : live) collected += c.collected;
  if (contested <= 0 || collected <= 0) return out;
  BoardSums sums;
  sums.sum.assign(live.size(), 0.0);
  sums.squares.assign(live.size(), 0.0);
  out.boards = for_each_board(known, rest, hand_seed(h), out.sampled, [&](std::span<const Card> b) {
    add_board_shares(e, live, layers, static_cast<double>(contested), b, sums);
  });
  out.reading = AllInReading::Evaluated;
  for (std::size_t i = 0; i < live.size(); ++i) {
    const double mean = sums.sum[i] / static_cast<double>(out.boards);
    AllInShare s{
        h.hand_id,
        h.site,
        live[i].player,
        mean,
        std::max(0.0, sums.squares[i] / static_cast<double>(out.boards) - mean * mean),
        static_cast<double>(live[i].collected) / static_cast<double>(collected),
        h.big_blind > 0 ? static_cast<double>(contested) / static_cast<double>(h.big_blind) : 0.0};
    out.shares.push_back(std::move(s));
  }
  return out;
}

}  // namespace

AllInEquity all_in_equity(const IntegrityHand& h) {
  const auto reading = [&h](AllInReading r) { return AllInEquity{r, {}, false, 0, h.hand_id}; };
  const std::optional<Street> last = last_decision(h);
  if (!last) return reading(AllInReading::NotAllIn);
  const std::optional<Game> game = game_from_name(h.game);
  const std::optional<Evaluation> e = game ? evaluation_of(*game) : std::nullopt;
  const HandCards cards = hand_cards(h, game ? game->hole_cards : 0);
  std::vector<Card> known;  // the board when the money went in
  for (const BoardCard& b : cards.board)
    if (b.street <= *last) known.push_back(b.card);
  // A board of five with a card dealt after the last decision: nobody could act any more.
  if (cards.board.size() != 5 || known.size() == 5) return reading(AllInReading::NotAllIn);
  if (!e || cards.second_board) return reading(AllInReading::NotEvaluated);
  auto live = contenders(h, cards);
  if (const auto* stop = std::get_if<AllInReading>(&live)) return reading(*stop);
  const std::optional<std::vector<Card>> rest = deck_rest(cards, known);
  if (!rest) return reading(AllInReading::CardsUnknown);
  return evaluate(h, *e, std::get<std::vector<Contender>>(live), known, *rest);
}

std::vector<AllInEquity> all_in_equities(const std::vector<const IntegrityHand*>& hands,
                                         unsigned jobs) {
  std::vector<AllInEquity> out(hands.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failed;  // the first failure, thrown here as one thread would have
  std::mutex failed_lock;
  const auto work = [&] {
    try {
      for (std::size_t i = next++; i < hands.size(); i = next++) out[i] = all_in_equity(*hands[i]);
    } catch (...) {
      const std::lock_guard lock(failed_lock);
      if (!failed) failed = std::current_exception();
      next = hands.size();  // the other threads stop too
    }
  };
  const std::size_t threads =
      std::clamp<std::size_t>(std::min<std::size_t>(jobs, hands.size()), 1, 256);
  {
    std::vector<std::jthread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
  }  // joined before `out` is returned
  if (failed) std::rethrow_exception(failed);
  return out;
}

std::vector<AllInEquity> all_in_equities(const std::vector<IntegrityHand>& hands) {
  std::vector<AllInEquity> out;
  out.reserve(hands.size());
  for (const IntegrityHand& h : hands) out.push_back(all_in_equity(h));
  return out;
}

// ----- the cards of a chip_dumping pair's hand ----------------------------------------------

namespace {

int seat_of(const IntegrityHand& h, const std::string& player) {
  for (const IntegritySeat& s : h.seats)
    if (s.player == player && s.dealt) return s.seat;
  return 0;
}

// Heads-up at the all-in, the giver put money in on the last decision's street with no board
// giving them any of the pots: every board enumerated (a sampled 0 proves nothing).
bool all_in_drawing_dead(const IntegrityHand& h, const AllInEquity& all_in,
                         const std::string& giver, const std::string& taker) {
  if (all_in.reading != AllInReading::Evaluated || all_in.sampled || all_in.shares.size() != 2)
    return false;
  const std::optional<Street> last = last_decision(h);
  if (!last) return false;
  const int seat = seat_of(h, giver);
  const bool put_in = std::any_of(h.actions.begin(), h.actions.end(), [&](const auto& a) {
    return a.seat == seat && a.street == *last &&
           (a.kind == EventKind::Call || a.kind == EventKind::Bet || a.kind == EventKind::Raise);
  });
  const auto share_of = [&](const std::string& player) {
    return std::find_if(all_in.shares.begin(), all_in.shares.end(),
                        [&](const AllInShare& s) { return s.player == player; });
  };
  const auto of_giver = share_of(giver);
  return put_in && share_of(taker) != all_in.shares.end() && of_giver != all_in.shares.end() &&
         of_giver->equity == 0.0;
}

// The giver folded on the flop or later, the taker never, and the giver's cards made a better
// high hand than the taker's on the board dealt so far (both hands known, one deck).
bool folded_best_hand(const IntegrityHand& h, const std::string& giver, const std::string& taker) {
  const std::optional<Game> game = game_from_name(h.game);
  const std::optional<Evaluation> e = game ? evaluation_of(*game) : std::nullopt;
  if (!e || *e == Evaluation::OmahaHiLo) return false;  // "ahead": of a high-only game
  const int giver_seat = seat_of(h, giver), taker_seat = seat_of(h, taker);
  std::optional<Street> fold;
  for (const IntegrityAction& a : h.actions) {
    if (a.kind != EventKind::Fold) continue;
    if (a.seat == taker_seat) return false;
    if (a.seat == giver_seat && !fold) fold = a.street;
  }
  if (!fold || *fold == Street::Preflop) return false;
  const HandCards cards = hand_cards(h, game->hole_cards);
  const auto mine = cards.hole.find(giver_seat), theirs = cards.hole.find(taker_seat);
  if (mine == cards.hole.end() || theirs == cards.hole.end()) return false;
  std::vector<Card> board;
  for (const BoardCard& b : cards.board)
    if (b.street <= *fold) board.push_back(b.card);
  if (board.size() < 3 || board.size() > 5 || !deck_rest(cards, board)) return false;
  return value_of(*e, mine->second, board).high > value_of(*e, theirs->second, board).high;
}

}  // namespace

DumpingCards dumping_cards(const IntegrityHand& h, const std::string& giver,
                           const std::string& taker) {
  return dumping_cards(h, all_in_equity(h), giver, taker);
}

DumpingCards dumping_cards(const IntegrityHand& h, const AllInEquity& all_in,
                           const std::string& giver, const std::string& taker) {
  if (folded_best_hand(h, giver, taker)) return DumpingCards::FoldedBestHand;
  if (all_in_drawing_dead(h, all_in, giver, taker)) return DumpingCards::AllInDrawingDead;
  return DumpingCards::None;
}

// ----- all-in results per player -------------------------------------------------------------

namespace {

constexpr std::size_t kMaxCitedHands = 200;

struct PlayerAllIns {
  int allins{0};
  double expected{0}, won{0}, variance{0}, excess_big_blinds{0};
  std::vector<std::pair<double, std::int64_t>> beyond;  // (won - equity, hand), won above it
};

IntegritySignal allin_signal(const std::pair<std::string, std::string>& key, const PlayerAllIns& p,
                             double bound, double score, std::size_t tested,
                             const ChanceThresholds& t) {
  IntegritySignal s;
  s.kind = "allin_results";
  s.site = key.first;
  s.players = {key.second};
  s.score = score;
  s.threshold = t.allin_score;
  s.statistic = "-log10(p x players)";
  std::vector<std::pair<double, std::int64_t>> beyond = p.beyond;
  std::stable_sort(beyond.begin(), beyond.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [by, id] : beyond)
    if (s.hand_ids.size() < kMaxCitedHands) s.hand_ids.push_back(id);
  s.explanation = fmt::format(
      "{} won {:.2f} pots of {} all-ins where the cards when the money went in gave {:.2f} "
      "(equity by hhaudit's evaluators; {:+.1f} big blinds beyond it); z = {:.2f}, and by chance "
      "alone a sum this far above the equities has a chance of at most {:.2g} (Bennett's bound), "
      "{} players tested",
      key.second, p.won, p.allins, p.expected, p.excess_big_blinds,
      (p.won - p.expected) / std::sqrt(p.variance), bound, tested);
  return s;
}

}  // namespace

std::vector<IntegritySignal> allin_results_signals(const std::vector<IntegrityHand>& hands,
                                                   const ChanceThresholds& t, AllInTally* tally) {
  return allin_results_signals(all_in_equities(hands), t, tally);
}

std::vector<IntegritySignal> allin_results_signals(const std::vector<AllInEquity>& equities,
                                                   const ChanceThresholds& t, AllInTally* tally) {
  AllInTally count;
  std::map<std::pair<std::string, std::string>, PlayerAllIns> players;
  for (const AllInEquity& e : equities) {
    count.evaluated += e.reading == AllInReading::Evaluated;
    count.sampled += e.sampled;
    count.not_evaluated += e.reading == AllInReading::NotEvaluated;
    count.cards_unknown += e.reading == AllInReading::CardsUnknown;
    for (const AllInShare& s : e.shares) {
      PlayerAllIns& p = players[{s.site, s.player}];
      ++p.allins;
      p.expected += s.equity;
      p.won += s.won;
      p.variance += s.variance;
      p.excess_big_blinds += (s.won - s.equity) * s.pot_big_blinds;
      if (s.won > s.equity) p.beyond.emplace_back(s.won - s.equity, s.hand_id);
    }
  }
  if (tally) *tally = count;
  std::size_t tested = 0;
  for (const auto& [key, p] : players) tested += p.allins >= t.min_allins && p.variance > 0;
  std::vector<IntegritySignal> out;
  for (const auto& [key, p] : players) {
    if (p.allins < t.min_allins || p.variance <= 0) continue;
    const double bound = bennett_upper_bound(p.won - p.expected, p.variance);
    const double score = corrected_score(bound, tested);
    if (score >= t.allin_score) out.push_back(allin_signal(key, p, bound, score, tested, t));
  }
  std::stable_sort(out.begin(), out.end(), [](const IntegritySignal& a, const IntegritySignal& b) {
    return a.score > b.score;
  });
  return out;
}

// ----- the deck's frequencies ---------------------------------------------------------------

namespace {

// One site's board cards, of the hands of a 52-card game with a first board.
struct DeckTally {
  long hands{0};
  std::array<long, 4> suits{};              // every board card
  std::array<long, 52> first{};             // the first board card of each hand
  std::array<double, 52> first_expected{};  // from the cards not known before the board
  std::array<long, 52> cards{};             // every board card
  std::array<double, 52> cards_expected{};  // sum of each hand's chance of the card
  std::array<long, 52> cards_chances{};     // hands where the card was not known before
  std::array<std::vector<std::int64_t>, 52> hands_with{};  // hands whose board holds the card
};

void add_deck_hand(const IntegrityHand& h, DeckTally& t) {
  const std::optional<Game> game = game_from_name(h.game);
  if (!game || game->family != GameFamily::CommunityCards ||
      game->variant == GameVariant::ShortDeckHoldem)
    return;
  const HandCards cards = hand_cards(h, game->hole_cards);
  if (cards.board.empty()) return;
  std::array<bool, 52> known{};
  int unknown = 52;
  for (const Card& c : cards.dealt)
    if (!known[static_cast<std::size_t>(card_index(c))]) {
      known[static_cast<std::size_t>(card_index(c))] = true;
      --unknown;
    }
  ++t.hands;
  const double board = static_cast<double>(cards.board.size());
  for (std::size_t i = 0; i < 52; ++i) {
    if (known[i]) continue;
    t.first_expected[i] += 1.0 / unknown;
    t.cards_expected[i] += board / unknown;
    ++t.cards_chances[i];
  }
  ++t.first[static_cast<std::size_t>(card_index(cards.board.front().card))];
  for (const BoardCard& b : cards.board) {
    const auto i = static_cast<std::size_t>(card_index(b.card));
    ++t.suits[b.card.suit];
    ++t.cards[i];
    if (t.hands_with[i].size() < kMaxCitedHands) t.hands_with[i].push_back(h.hand_id);
  }
}

std::string card_name(std::size_t i) {
  return card_text({static_cast<std::uint8_t>(i / 4 + 2), static_cast<std::uint8_t>(i % 4)});
}

// One statistic of a site's deck: its tail probability and what it says.
struct DeckTest {
  double p{1};
  std::string statistic, explanation;
  std::vector<std::int64_t> hand_ids;
};

DeckTest suits_test(const DeckTally& t) {
  const long all = t.suits[0] + t.suits[1] + t.suits[2] + t.suits[3];
  double x = 0;
  for (const long n : t.suits) x += std::pow(n - all / 4.0, 2) / (all / 4.0);
  const auto heavy =
      static_cast<std::size_t>(std::max_element(t.suits.begin(), t.suits.end()) - t.suits.begin());
  DeckTest d{chi_square_upper_tail(x, 3), "chi-square of the board's suits (3 df)", "", {}};
  d.explanation = fmt::format(
      "{} board cards of {} hands: clubs {}, diamonds {}, hearts {}, spades {} ({:.1f} each "
      "expected); chi-square {:.1f} with 3 degrees of freedom, p = {:.2g}",
      all, t.hands, t.suits[0], t.suits[1], t.suits[2], t.suits[3], all / 4.0, x, d.p);
  for (std::size_t i = heavy; i < 52; i += 4)
    for (const std::int64_t id : t.hands_with[i])
      if (d.hand_ids.size() < kMaxCitedHands) d.hand_ids.push_back(id);
  return d;
}

DeckTest first_card_test(const DeckTally& t) {
  double x = 0, worst = -1;
  std::size_t heavy = 0;
  for (std::size_t i = 0; i < 52; ++i) {
    const double e = t.first_expected[i];
    const double term = std::pow(static_cast<double>(t.first[i]) - e, 2) / e;
    x += term;
    if (t.first[i] > e && term > worst) worst = term, heavy = i;
  }
  DeckTest d{chi_square_upper_tail(x, 51), "chi-square of the first board card (51 df)", "", {}};
  d.explanation = fmt::format(
      "the first board card of {} hands, against the cards not known before the board: "
      "chi-square {:.1f} with 51 degrees of freedom, p = {:.2g}; the most over-represented is "
      "{} ({} times, {:.1f} expected)",
      t.hands, x, d.p, card_name(heavy), t.first[heavy], t.first_expected[heavy]);
  d.hand_ids = t.hands_with[heavy];
  return d;
}

// The card dealt to the boards least (or most) often for its chances: binomial tails over the
// hands where it was not known before the board (the hand's cards are drawn without
// replacement, so the binomial is the wider: a bound on the tail).
DeckTest one_card_test(const DeckTally& t) {
  DeckTest d;
  std::size_t at = 0;
  bool few = true;
  for (std::size_t i = 0; i < 52; ++i) {
    const int n = static_cast<int>(t.cards_chances[i]);
    if (n == 0) continue;
    const double q = std::min(1.0, t.cards_expected[i] / n);
    const int k = static_cast<int>(t.cards[i]);
    const double low = binomial_upper_tail(n, 1 - q, n - k);
    const double high = binomial_upper_tail(n, q, k);
    if (std::min(low, high) < d.p) d.p = std::min(low, high), at = i, few = low < high;
  }
  d.statistic = "binomial tail of one card on the boards";
  d.explanation = fmt::format(
      "{} was on the board of {} of {} hands where it was not known before, {:.1f} expected: "
      "binomial p = {:.2g} ({} side)",
      card_name(at), t.cards[at], t.cards_chances[at], t.cards_expected[at], d.p,
      few ? "too few" : "too many");
  if (!few) d.hand_ids = t.hands_with[at];
  return d;
}

}  // namespace

std::vector<IntegritySignal> deck_frequencies_signals(const std::vector<IntegrityHand>& hands,
                                                      const ChanceThresholds& t) {
  std::map<std::string, DeckTally> sites;
  for (const IntegrityHand& h : hands) add_deck_hand(h, sites[h.site]);
  // Each site judged makes the suits, the first card and each card twice (too few, too many).
  constexpr std::size_t kTestsASite = 2 + 52 * 2;
  std::size_t tested = 0;
  for (const auto& [site, tally] : sites) tested += tally.hands >= t.min_board_hands;
  std::vector<IntegritySignal> out;
  for (const auto& [site, tally] : sites) {
    if (tally.hands < t.min_board_hands) continue;
    std::array<DeckTest, 3> tests{suits_test(tally), first_card_test(tally), one_card_test(tally)};
    for (DeckTest& d : tests) {
      const double score = corrected_score(d.p, tested * kTestsASite);
      if (score < t.deck_score) continue;
      IntegritySignal s;
      s.kind = "deck_frequencies";
      s.site = site;
      s.score = score;
      s.threshold = t.deck_score;
      s.statistic = "-log10(p x tests)";
      s.explanation = fmt::format(
          "{}: {} ({} sites x {} statistics tested); a signal of a broken "
          "deck or a file of chosen hands, never a verdict",
          d.statistic, d.explanation, tested, kTestsASite);
      s.hand_ids = std::move(d.hand_ids);
      out.push_back(std::move(s));
    }
  }
  return out;
}

std::vector<IntegritySignal> chance_signals(const std::vector<IntegrityHand>& hands,
                                            const ChanceThresholds& t) {
  return chance_signals(hands, all_in_equities(hands), t);
}

std::vector<IntegritySignal> chance_signals(const std::vector<IntegrityHand>& hands,
                                            const std::vector<AllInEquity>& equities,
                                            const ChanceThresholds& t) {
  std::vector<IntegritySignal> out = allin_results_signals(equities, t);
  for (IntegritySignal& s : deck_frequencies_signals(hands, t)) out.push_back(std::move(s));
  return out;
}

double bennett_upper_bound(double excess, double variance) {
  if (excess <= 0) return 1.0;
  if (variance <= 0) return 0.0;
  const double u = excess / variance;
  return std::exp(-variance * ((1 + u) * std::log1p(u) - u));
}

double chi_square_upper_tail(double x, int df) {
  if (x <= 0) return 1.0;
  return boost::math::gamma_q(df / 2.0, x / 2.0);
}

}  // namespace hh
