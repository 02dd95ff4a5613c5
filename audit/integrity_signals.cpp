#include "audit/integrity_signals.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "audit/integrity_chance.hpp"

namespace hh {

namespace {

// A pair of players of one site, the names in byte order.
using PairKey = std::tuple<std::string, std::string, std::string>;

PairKey pair_key(const std::string& site, const std::string& x, const std::string& y) {
  return x < y ? PairKey{site, x, y} : PairKey{site, y, x};
}

double log_choose(int n, int k) {
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
}

// The strongest first, then by site and players.
void order_by_score(std::vector<IntegritySignal>& signals) {
  std::stable_sort(signals.begin(), signals.end(),
                   [](const IntegritySignal& a, const IntegritySignal& b) {
                     if (a.score != b.score) return a.score > b.score;
                     return std::tie(a.site, a.players) < std::tie(b.site, b.players);
                   });
}

// ----- chip dumping -------------------------------------------------------------------------

// Money from the pair's first player to its second in one hand (negative: the other way).
struct Transfer {
  std::int64_t hand_id{0};
  double big_blinds{0};
  Money amount{0};
};

struct TransferPair {
  std::vector<Transfer> transfers;
  std::string currency;     // of the first hand; "" for chips
  bool one_currency{true};  // every hand in `currency` (cash, one unit)
};

// Each loser's loss shared among the hand's winners in proportion to what each won (the rake is
// nobody's): what one player's money gave another.
void add_transfers(const IntegrityHand& h, std::map<PairKey, TransferPair>& pairs) {
  if (h.big_blind <= 0) return;
  Money won = 0;
  for (const IntegritySeat& s : h.seats) won += std::max<Money>(0, s.net);
  if (won == 0) return;
  for (const IntegritySeat& loser : h.seats) {
    if (loser.net >= 0) continue;
    for (const IntegritySeat& winner : h.seats) {
      if (winner.net <= 0 || winner.player == loser.player) continue;
      const auto given = static_cast<Money>(static_cast<__int128>(-loser.net) * winner.net / won);
      if (given == 0) continue;
      const PairKey key = pair_key(h.site, loser.player, winner.player);
      const Money toward_second = std::get<1>(key) == loser.player ? given : -given;
      TransferPair& p = pairs[key];
      const std::string currency = h.tournament ? "" : h.currency;
      if (p.transfers.empty()) p.currency = currency;
      p.one_currency = p.one_currency && p.currency == currency && !currency.empty();
      p.transfers.push_back({h.hand_id,
                             static_cast<double>(toward_second) / static_cast<double>(h.big_blind),
                             toward_second});
    }
  }
}

// The hands whose money went the way of the net transfer, the largest first.
std::vector<std::int64_t> carrying_hands(std::vector<Transfer> transfers, bool toward_second) {
  std::erase_if(transfers, [&](const Transfer& t) { return (t.big_blinds > 0) != toward_second; });
  std::stable_sort(transfers.begin(), transfers.end(), [](const Transfer& a, const Transfer& b) {
    return std::abs(a.big_blinds) > std::abs(b.big_blinds);
  });
  std::vector<std::int64_t> ids;
  for (const Transfer& t : transfers) ids.push_back(t.hand_id);
  return ids;
}

std::optional<IntegritySignal> dumping_signal(const PairKey& key, const TransferPair& p,
                                              const IntegrityThresholds& t) {
  const int n = static_cast<int>(p.transfers.size());
  if (n < t.min_hands) return std::nullopt;
  double sum = 0, squares = 0;
  Money amount = 0;
  for (const Transfer& x : p.transfers) {
    sum += x.big_blinds;
    squares += x.big_blinds * x.big_blinds;
    amount += x.amount;
  }
  const double z = std::abs(sum) / std::sqrt(squares);
  if (z < t.dumping_z || std::abs(sum) < t.dumping_min_big_blinds) return std::nullopt;
  const bool toward_second = sum > 0;
  const std::string& from = toward_second ? std::get<1>(key) : std::get<2>(key);
  const std::string& to = toward_second ? std::get<2>(key) : std::get<1>(key);
  IntegritySignal s;
  s.kind = "chip_dumping";
  s.site = std::get<0>(key);
  s.players = {from, to};
  s.score = z;
  s.threshold = t.dumping_z;
  s.statistic = "z";
  if (p.one_currency) {
    s.amount = std::abs(amount);
    s.currency = p.currency;
  }
  s.hand_ids = carrying_hands(p.transfers, toward_second);
  s.explanation = fmt::format(
      "{} lost {:.1f} big blinds net to {} over the {} hands with money between them ({} of them "
      "went {}'s way); z = {:.2f} (sum over root of the sum of squares, in big blinds): with no "
      "edge between them z >= {} has a chance of about {:.2g} a pair (normal tail)",
      from, std::abs(sum), to, n, s.hand_ids.size(), to, z, t.dumping_z,
      0.5 * std::erfc(t.dumping_z / std::sqrt(2.0)));
  return s;
}

}  // namespace

std::vector<IntegritySignal> chip_dumping_signals(const std::vector<IntegrityHand>& hands,
                                                  const IntegrityThresholds& t) {
  std::map<PairKey, TransferPair> pairs;
  for (const IntegrityHand& h : hands) add_transfers(h, pairs);
  std::vector<IntegritySignal> out;
  for (const auto& [key, p] : pairs)
    if (auto s = dumping_signal(key, p, t)) out.push_back(std::move(*s));
  order_by_score(out);
  return out;
}

// ----- seats together -----------------------------------------------------------------------

namespace {

struct SeatPair {
  std::set<int> sessions;
  long hands{0};
  std::vector<std::int64_t> hand_ids;
};

struct SiteSessions {
  std::map<std::pair<std::string, std::string>, int> sessions;  // (table, date) -> index
  std::map<std::string, std::set<int>> player_sessions;
};

// The dealt players' names of a hand, each once, in order.
std::vector<std::string> dealt_players(const IntegrityHand& h) {
  std::set<std::string> names;
  for (const IntegritySeat& s : h.seats)
    if (s.dealt) names.insert(s.player);
  return {names.begin(), names.end()};
}

std::optional<IntegritySignal> seats_signal(const PairKey& key, const SeatPair& p,
                                            const SiteSessions& site, std::size_t tested,
                                            const IntegrityThresholds& t) {
  if (p.hands < t.min_hands) return std::nullopt;
  const int population = static_cast<int>(site.sessions.size());
  const int a = static_cast<int>(site.player_sessions.at(std::get<1>(key)).size());
  const int b = static_cast<int>(site.player_sessions.at(std::get<2>(key)).size());
  const int k = static_cast<int>(p.sessions.size());
  const double prob = hypergeometric_upper_tail(population, a, b, k);
  const double score = corrected_score(prob, tested);
  if (score < t.seats_score) return std::nullopt;
  IntegritySignal s;
  s.kind = "seats_together";
  s.site = std::get<0>(key);
  s.players = {std::get<1>(key), std::get<2>(key)};
  s.score = score;
  s.threshold = t.seats_score;
  s.statistic = "-log10(p x pairs)";
  s.hand_ids = p.hand_ids;
  s.explanation = fmt::format(
      "{} and {} sat at the same table on the same day in {} of the site's {} table-days, where "
      "{} has {} and {} has {}: {:.1f} expected if each chose tables alone (hypergeometric p = "
      "{:.2g}, {} pairs tested); {} hands together",
      s.players[0], s.players[1], k, population, s.players[0], a, s.players[1], b,
      static_cast<double>(a) * b / population, prob, tested, p.hands);
  return s;
}

constexpr std::size_t kMaxCitedHands = 200;

// The hands a table-day must hold to be a session players chose to sit in: fewer are an
// excerpt (a test fixture, a hand posted to a forum), whose names are often the anonymiser's
// labels (Player1, Player2, ... in every file) rather than accounts.
constexpr int kMinSessionHands = 5;

bool seated_by_choice(const IntegrityHand& h) {
  // A tournament's tables are drawn by the site, a fast-fold pool's name is not a table's.
  return !h.tournament && !h.fast_fold && !h.table_name.empty() && !h.date.empty();
}

std::map<std::tuple<std::string, std::string, std::string>, int> session_sizes(
    const std::vector<IntegrityHand>& hands) {
  std::map<std::tuple<std::string, std::string, std::string>, int> sizes;
  for (const IntegrityHand& h : hands)
    if (seated_by_choice(h)) ++sizes[{h.site, h.table_name, h.date}];
  return sizes;
}

}  // namespace

std::vector<IntegritySignal> seats_together_signals(const std::vector<IntegrityHand>& hands,
                                                    const IntegrityThresholds& t) {
  std::map<std::string, SiteSessions> sites;
  std::map<PairKey, SeatPair> pairs;
  const auto sizes = session_sizes(hands);
  for (const IntegrityHand& h : hands) {
    if (!seated_by_choice(h) || sizes.at({h.site, h.table_name, h.date}) < kMinSessionHands)
      continue;
    SiteSessions& site = sites[h.site];
    const auto [at, added] =
        site.sessions.try_emplace({h.table_name, h.date}, static_cast<int>(site.sessions.size()));
    const int session = at->second;
    const std::vector<std::string> names = dealt_players(h);
    for (std::size_t i = 0; i < names.size(); ++i) {
      site.player_sessions[names[i]].insert(session);
      for (std::size_t j = i + 1; j < names.size(); ++j) {
        SeatPair& p = pairs[pair_key(h.site, names[i], names[j])];
        p.sessions.insert(session);
        ++p.hands;
        if (p.hand_ids.size() < kMaxCitedHands) p.hand_ids.push_back(h.hand_id);
      }
    }
  }
  std::map<std::string, std::size_t> tested;
  for (const auto& [key, p] : pairs) tested[std::get<0>(key)] += p.hands >= t.min_hands;
  std::vector<IntegritySignal> out;
  for (const auto& [key, p] : pairs) {
    const std::string& site = std::get<0>(key);
    if (auto s = seats_signal(key, p, sites.at(site), tested[site], t)) out.push_back(*s);
  }
  order_by_score(out);
  return out;
}

// ----- soft play ----------------------------------------------------------------------------

namespace {

// A player's checks when nobody had bet yet, on streets heads-up after the first round.
struct CheckCount {
  long chances{0};
  long checks{0};
};

// A street after the first round that two players played alone against each other.
struct HeadsUpStreet {
  std::int64_t hand_id{0};
  std::string first, second;  // in order of action
  bool passive{true};         // nobody bet or raised
};

struct SoftPlayTally {
  std::map<std::pair<std::string, std::string>, CheckCount> player;  // (site, player)
  std::map<std::tuple<std::string, std::string, std::string>, CheckCount>
      against;  // (site, player, opponent)
  std::map<PairKey, std::vector<HeadsUpStreet>> streets;
};

// One street's actions [from, to) of a hand, the two players `live` (seat -> name) alone in it.
void add_heads_up_street(const IntegrityHand& h, const std::vector<IntegrityAction>& actions,
                         const std::map<int, std::string>& live, SoftPlayTally& tally) {
  HeadsUpStreet street{h.hand_id, "", "", true};
  std::set<int> acted;
  std::vector<std::pair<std::string, bool>> chances;  // (player, checked) before any bet
  for (const IntegrityAction& a : actions) {
    const auto seat = live.find(a.seat);
    if (seat == live.end()) continue;
    acted.insert(a.seat);
    if (street.first.empty()) street.first = seat->second;
    if (street.second.empty() && seat->second != street.first) street.second = seat->second;
    const bool aggressive = a.kind == EventKind::Bet || a.kind == EventKind::Raise;
    if (street.passive && (a.kind == EventKind::Check || aggressive))
      chances.emplace_back(seat->second, a.kind == EventKind::Check);
    street.passive = street.passive && !aggressive;
  }
  if (acted.size() != 2 || street.second.empty()) return;  // one of them all-in: no betting
  for (const auto& [name, checked] : chances) {
    const std::string& other = name == street.first ? street.second : street.first;
    for (CheckCount* c : {&tally.player[{h.site, name}], &tally.against[{h.site, name, other}]}) {
      ++c->chances;
      c->checks += checked;
    }
  }
  tally.streets[pair_key(h.site, street.first, street.second)].push_back(std::move(street));
}

// The hand's streets after the first round, those that began with two players only.
void add_soft_play_hand(const IntegrityHand& h, SoftPlayTally& tally) {
  std::map<int, std::string> dealt;
  for (const IntegritySeat& s : h.seats)
    if (s.dealt) dealt[s.seat] = s.player;
  std::set<int> folded;
  std::size_t i = 0;
  while (i < h.actions.size()) {
    const Street street = h.actions[i].street;
    std::size_t end = i;
    while (end < h.actions.size() && h.actions[end].street == street) ++end;
    if (street != Street::Preflop) {
      std::map<int, std::string> live;
      for (const auto& [seat, name] : dealt)
        if (!folded.contains(seat)) live[seat] = name;
      if (live.size() == 2)
        add_heads_up_street(h,
                            {h.actions.begin() + static_cast<std::ptrdiff_t>(i),
                             h.actions.begin() + static_cast<std::ptrdiff_t>(end)},
                            live, tally);
    }
    for (; i < end; ++i)
      if (h.actions[i].kind == EventKind::Fold) folded.insert(h.actions[i].seat);
  }
}

constexpr long kMinCheckChances = 20;

// How often `player` checks before any bet against everyone but `partner`, at the top of its
// confidence interval (two standard errors above: a rate estimated from few streets must not make
// an honest pair's checking look rare); -1 when too rarely seen.
double check_rate(const SoftPlayTally& tally, const std::string& site, const std::string& player,
                  const std::string& partner) {
  const auto all = tally.player.find({site, player});
  const auto with = tally.against.find({site, player, partner});
  const long chances =
      all->second.chances - (with == tally.against.end() ? 0 : with->second.chances);
  const long checks = all->second.checks - (with == tally.against.end() ? 0 : with->second.checks);
  if (chances < kMinCheckChances) return -1;
  const double rate = static_cast<double>(checks) / static_cast<double>(chances);
  return std::min(1.0, rate + 2 * std::sqrt(rate * (1 - rate) / static_cast<double>(chances)));
}

struct SoftPlayTest {
  int streets{0};
  int passive{0};
  double expected{0};  // passive streets the players' check rates against others make
  double p{1};
};

std::optional<SoftPlayTest> soft_play_test(const PairKey& key,
                                           const std::vector<HeadsUpStreet>& streets,
                                           const SoftPlayTally& tally,
                                           const IntegrityThresholds& t) {
  if (static_cast<int>(streets.size()) < t.min_hands) return std::nullopt;
  const std::string& site = std::get<0>(key);
  const std::string& a = std::get<1>(key);
  const std::string& b = std::get<2>(key);
  const double rate_a = check_rate(tally, site, a, b);
  const double rate_b = check_rate(tally, site, b, a);
  if (rate_a < 0 || rate_b < 0) return std::nullopt;
  SoftPlayTest test;
  test.streets = static_cast<int>(streets.size());
  // A street is passive when the first to act checks and the second checks behind.
  test.expected = rate_a * rate_b * test.streets;
  for (const HeadsUpStreet& s : streets) test.passive += s.passive;
  test.p = binomial_upper_tail(test.streets, rate_a * rate_b, test.passive);
  return test;
}

IntegritySignal soft_play_signal(const PairKey& key, const std::vector<HeadsUpStreet>& streets,
                                 const SoftPlayTest& test, double score,
                                 const IntegrityThresholds& t, std::size_t tested) {
  IntegritySignal s;
  s.kind = "soft_play";
  s.site = std::get<0>(key);
  s.players = {std::get<1>(key), std::get<2>(key)};
  s.score = score;
  s.threshold = t.soft_play_score;
  s.statistic = "-log10(p x pairs)";
  std::set<std::int64_t> ids;
  for (const HeadsUpStreet& h : streets)
    if (h.passive) ids.insert(h.hand_id);
  s.hand_ids.assign(ids.begin(), ids.end());
  if (s.hand_ids.size() > kMaxCitedHands) s.hand_ids.resize(kMaxCitedHands);
  s.explanation = fmt::format(
      "{} and {} played {} streets after the first round alone against each other and {} of "
      "them went without a bet or raise, where the way each checks against other players makes "
      "{:.1f} expected (binomial p = {:.2g}, {} pairs tested)",
      s.players[0], s.players[1], test.streets, test.passive, test.expected, test.p, tested);
  return s;
}

}  // namespace

std::vector<IntegritySignal> soft_play_signals(const std::vector<IntegrityHand>& hands,
                                               const IntegrityThresholds& t) {
  SoftPlayTally tally;
  for (const IntegrityHand& h : hands) add_soft_play_hand(h, tally);
  std::vector<std::pair<PairKey, SoftPlayTest>> tests;
  for (const auto& [key, streets] : tally.streets)
    if (auto test = soft_play_test(key, streets, tally, t)) tests.emplace_back(key, *test);
  std::map<std::string, std::size_t> tested;
  for (const auto& [key, test] : tests) ++tested[std::get<0>(key)];
  std::vector<IntegritySignal> out;
  for (const auto& [key, test] : tests) {
    const std::size_t n = tested[std::get<0>(key)];
    const double score = corrected_score(test.p, n);
    if (score >= t.soft_play_score)
      out.push_back(soft_play_signal(key, tally.streets.at(key), test, score, t, n));
  }
  order_by_score(out);
  return out;
}

// ----- tails --------------------------------------------------------------------------------

double corrected_score(double p, std::size_t tests) {
  const double bound = p * static_cast<double>(std::max<std::size_t>(tests, 1));
  return bound <= 1e-300 ? 300.0 : -std::log10(std::min(1.0, bound));
}

double binomial_upper_tail(int n, double q, int k) {
  if (k <= 0) return 1.0;
  if (k > n || q <= 0) return 0.0;
  if (q >= 1) return 1.0;
  double sum = 0;
  for (int j = k; j <= n; ++j)
    sum += std::exp(log_choose(n, j) + j * std::log(q) + (n - j) * std::log1p(-q));
  return std::min(1.0, sum);
}

double hypergeometric_upper_tail(int population, int marked, int drawn, int k) {
  const int least = std::max(0, drawn - (population - marked));
  const int most = std::min(marked, drawn);
  if (k <= least) return 1.0;
  if (k > most) return 0.0;
  const double all = log_choose(population, drawn);
  double sum = 0;
  for (int j = k; j <= most; ++j)
    sum += std::exp(log_choose(marked, j) + log_choose(population - marked, drawn - j) - all);
  return std::min(1.0, sum);
}

std::vector<IntegritySignal> integrity_signals(const std::vector<IntegrityHand>& hands,
                                               const IntegrityThresholds& t) {
  std::vector<IntegritySignal> out = chip_dumping_signals(hands, t);
  for (auto* kind : {&seats_together_signals, &soft_play_signals, &rake_above_table_max_signals})
    for (IntegritySignal& s : kind(hands, t)) out.push_back(std::move(s));
  for (IntegritySignal& s : chance_signals(hands)) out.push_back(std::move(s));  // point 8
  return out;
}

}  // namespace hh
