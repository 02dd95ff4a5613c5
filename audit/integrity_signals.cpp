#include "audit/integrity_signals.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
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

// The statistic of the signals scored by corrected_score().
constexpr const char* kCorrectedStatistic = "-log10(p x pairs)";

// A signal about the pair `key` (its players in key order): what every pair signal shares.
IntegritySignal pair_signal(const char* kind, const PairKey& key, double score, double threshold,
                            const char* statistic) {
  IntegritySignal s;
  s.kind = kind;
  s.site = std::get<0>(key);
  s.players = {std::get<1>(key), std::get<2>(key)};
  s.score = score;
  s.threshold = threshold;
  s.statistic = statistic;
  return s;
}

// The strongest first, then by site and players.
void order_by_score(std::vector<IntegritySignal>& signals) {
  std::stable_sort(signals.begin(), signals.end(),
                   [](const IntegritySignal& a, const IntegritySignal& b) {
                     if (a.score != b.score) return a.score > b.score;
                     return std::tie(a.site, a.players) < std::tie(b.site, b.players);
                   });
}

// The pairs' tests judged together (soft play, squeeze): each test's p times the pairs tested at
// its site (Bonferroni) must reach `threshold`; `signal(key, test, score, pairs tested)` makes
// the signal of each that does.
template <class Test, class MakeSignal>
std::vector<IntegritySignal> judged_pairs(const std::vector<std::pair<PairKey, Test>>& tests,
                                          double threshold, MakeSignal signal) {
  std::map<std::string, std::size_t> tested;
  for (const auto& [key, test] : tests) ++tested[std::get<0>(key)];
  std::vector<IntegritySignal> out;
  for (const auto& [key, test] : tests) {
    const std::size_t n = tested[std::get<0>(key)];
    const double score = corrected_score(test.p, n);
    if (score >= threshold) out.push_back(signal(key, test, score, n));
  }
  order_by_score(out);
  return out;
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

// The hands whose money went the way of the net transfer, the largest first (the card evidence's
// are moved first: add_dumping_cards).
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
  IntegritySignal s = pair_signal("chip_dumping", key, z, t.dumping_z, "z");
  if (!toward_second) std::swap(s.players[0], s.players[1]);  // the giver first
  const std::string& from = s.players[0];
  const std::string& to = s.players[1];
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

// Each hand by its hand_id, with its all-in equity when given (the chip dumping's card evidence;
// else computed for the hands of a signal only).
using HandsById = std::map<std::int64_t, std::pair<const IntegrityHand*, const AllInEquity*>>;

// The hands of `ids` named in an explanation by their site's numbers, the first few: " (#12,
// #15)", "" for none.
std::string named_hands(const std::vector<std::int64_t>& ids, const HandsById& by_id) {
  constexpr std::size_t kNamed = 10;
  if (ids.empty()) return "";
  std::string out = " (";
  for (std::size_t i = 0; i < ids.size() && i < kNamed; ++i)
    out += fmt::format("{}#{}", i == 0 ? "" : ", ", by_id.at(ids[i]).first->site_hand_id);
  if (ids.size() > kNamed) out += fmt::format(" and {} more", ids.size() - kNamed);
  return out + ")";
}

// The card evidence (docs/integrity.md) on the signal's hands: counted in its explanation, its
// hands first among those it cites. It never decides whether the signal fires.
void add_dumping_cards(IntegritySignal& s, const HandsById& by_id) {
  std::vector<std::int64_t> dead, folded;
  for (const std::int64_t id : s.hand_ids) {
    const auto& [hand, all_in] = by_id.at(id);
    const DumpingCards c = all_in ? dumping_cards(*hand, *all_in, s.players[0], s.players[1])
                                  : dumping_cards(*hand, s.players[0], s.players[1]);
    if (c == DumpingCards::AllInDrawingDead) dead.push_back(id);
    if (c == DumpingCards::FoldedBestHand) folded.push_back(id);
  }
  if (dead.empty() && folded.empty()) {
    s.explanation += "; the cards known show no all-in drawing dead and no best hand folded";
    return;
  }
  s.explanation += fmt::format(
      "; the cards: {} of the {} hands: called or went all-in drawing dead{}; {}: folded the "
      "best hand{}",
      dead.size(), s.hand_ids.size(), named_hands(dead, by_id), folded.size(),
      named_hands(folded, by_id));
  std::stable_partition(s.hand_ids.begin(), s.hand_ids.end(), [&](std::int64_t id) {
    return std::find(dead.begin(), dead.end(), id) != dead.end() ||
           std::find(folded.begin(), folded.end(), id) != folded.end();
  });
}

// `equities`: those of `hands` in their order, or nullptr.
std::vector<IntegritySignal> chip_dumping(const std::vector<IntegrityHand>& hands,
                                          const std::vector<AllInEquity>* equities,
                                          const IntegrityThresholds& t) {
  std::map<PairKey, TransferPair> pairs;
  for (const IntegrityHand& h : hands) add_transfers(h, pairs);
  HandsById by_id;  // made for the first signal only: most stores have none
  std::vector<IntegritySignal> out;
  for (const auto& [key, p] : pairs)
    if (auto s = dumping_signal(key, p, t)) {
      if (by_id.empty())
        for (std::size_t i = 0; i < hands.size(); ++i)
          by_id[hands[i].hand_id] = {&hands[i], equities ? &equities->at(i) : nullptr};
      add_dumping_cards(*s, by_id);
      out.push_back(std::move(*s));
    }
  order_by_score(out);
  return out;
}

}  // namespace

std::vector<IntegritySignal> chip_dumping_signals(const std::vector<IntegrityHand>& hands,
                                                  const IntegrityThresholds& t) {
  return chip_dumping(hands, nullptr, t);
}

std::vector<IntegritySignal> chip_dumping_signals(const std::vector<IntegrityHand>& hands,
                                                  const std::vector<AllInEquity>& equities,
                                                  const IntegrityThresholds& t) {
  return chip_dumping(hands, &equities, t);
}

// ----- seats together: cash tables chosen, tournament tables drawn --------------------------

namespace {

// A table's session two players may share, under its site: (table, date) of a cash game,
// (tournament, table) of a tournament.
using SeatUnit = std::pair<std::string, std::string>;

// What a seat signal judges: the unit of each hand (none when the hand is not judged) and the
// words of its explanation.
struct Seating {
  const char* kind;
  double threshold;
  std::function<std::optional<SeatUnit>(const IntegrityHand&)> unit_of;
  const char* together;  // "sat at the same table on the same day"
  const char* units;     // "table-days"
  const char* chance;    // "if each chose tables alone"
};

struct SeatPair {
  std::set<int> sessions;
  long hands{0};
  std::vector<std::int64_t> hand_ids;
};

struct SiteSessions {
  std::map<SeatUnit, int> sessions;  // unit -> index
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
                                            const IntegrityThresholds& t, const Seating& seating) {
  if (p.hands < t.min_hands) return std::nullopt;
  const int population = static_cast<int>(site.sessions.size());
  const int a = static_cast<int>(site.player_sessions.at(std::get<1>(key)).size());
  const int b = static_cast<int>(site.player_sessions.at(std::get<2>(key)).size());
  const int k = static_cast<int>(p.sessions.size());
  const double prob = hypergeometric_upper_tail(population, a, b, k);
  const double score = corrected_score(prob, tested);
  if (score < seating.threshold) return std::nullopt;
  IntegritySignal s = pair_signal(seating.kind, key, score, seating.threshold, kCorrectedStatistic);
  s.hand_ids = p.hand_ids;
  s.explanation = fmt::format(
      "{} and {} {} in {} of the site's {} {}, where {} has {} and {} has {}: {:.1f} expected {} "
      "(hypergeometric p = {:.2g}, {} pairs tested); {} hands together",
      s.players[0], s.players[1], seating.together, k, population, seating.units, s.players[0], a,
      s.players[1], b, static_cast<double>(a) * b / population, seating.chance, prob, tested,
      p.hands);
  return s;
}

constexpr std::size_t kMaxCitedHands = 200;

// The hands a unit must hold to be a session players sat in: fewer are an excerpt (a test
// fixture, a hand posted to a forum), whose names are often the anonymiser's labels (Player1,
// Player2, ... in every file) rather than accounts.
constexpr int kMinSessionHands = 5;

std::vector<IntegritySignal> co_seating_signals(const std::vector<IntegrityHand>& hands,
                                                const IntegrityThresholds& t,
                                                const Seating& seating) {
  std::map<std::pair<std::string, SeatUnit>, int> sizes;
  for (const IntegrityHand& h : hands)
    if (const auto unit = seating.unit_of(h)) ++sizes[{h.site, *unit}];
  std::map<std::string, SiteSessions> sites;
  std::map<PairKey, SeatPair> pairs;
  for (const IntegrityHand& h : hands) {
    const auto unit = seating.unit_of(h);
    if (!unit || sizes.at({h.site, *unit}) < kMinSessionHands) continue;
    SiteSessions& site = sites[h.site];
    const int session =
        site.sessions.try_emplace(*unit, static_cast<int>(site.sessions.size())).first->second;
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
    if (auto s = seats_signal(key, p, sites.at(site), tested[site], t, seating)) out.push_back(*s);
  }
  order_by_score(out);
  return out;
}

// The last table of each tournament (site, tournament) in the hands, by the time of its last
// hand (then hand id): where a final table or a one-table tournament seats everyone left together.
std::set<std::tuple<std::string, std::string, std::string>> last_tournament_tables(
    const std::vector<IntegrityHand>& hands) {
  std::map<std::pair<std::string, std::string>, const IntegrityHand*> last;
  for (const IntegrityHand& h : hands) {
    if (!h.tournament || h.tournament_id.empty()) continue;
    const IntegrityHand*& at = last[{h.site, h.tournament_id}];
    if (!at || std::tie(at->started_at, at->hand_id) < std::tie(h.started_at, h.hand_id)) at = &h;
  }
  std::set<std::tuple<std::string, std::string, std::string>> tables;
  for (const auto& [tournament, h] : last)
    tables.insert({h->site, h->tournament_id, h->table_name});
  return tables;
}

}  // namespace

std::vector<IntegritySignal> seats_together_signals(const std::vector<IntegrityHand>& hands,
                                                    const IntegrityThresholds& t) {
  // A tournament's tables are drawn by the site, a fast-fold pool's name is not a table's.
  const auto unit_of = [](const IntegrityHand& h) -> std::optional<SeatUnit> {
    if (h.tournament || h.fast_fold || h.table_name.empty() || h.date.empty()) return std::nullopt;
    return SeatUnit{h.table_name, h.date};
  };
  return co_seating_signals(
      hands, t,
      {"seats_together", t.seats_score, unit_of, "sat at the same table on the same day",
       "table-days", "if each chose tables alone"});
}

std::vector<IntegritySignal> tournament_seats_signals(const std::vector<IntegrityHand>& hands,
                                                      const IntegrityThresholds& t) {
  const auto last = last_tournament_tables(hands);
  const auto unit_of = [&](const IntegrityHand& h) -> std::optional<SeatUnit> {
    if (!h.tournament || h.tournament_id.empty() || h.table_name.empty() ||
        last.contains({h.site, h.tournament_id, h.table_name}))
      return std::nullopt;
    return SeatUnit{h.tournament_id, h.table_name};
  };
  return co_seating_signals(hands, t,
                            {"tournament_seats", t.tournament_seats_score, unit_of,
                             "were seated at the same table of a tournament",
                             "tournament tables (each tournament's last table left out)",
                             "if the draw and the table moves seated them at random"});
}

// ----- soft play ----------------------------------------------------------------------------

namespace {

// How often a player did something when it could: checked when nobody had bet yet on heads-up
// streets after the first round (soft play), bet or raised on streets of three or more (squeeze).
struct RateCount {
  long chances{0};
  long hits{0};
};

constexpr long kMinRateChances = 20;

// A player's rate against everyone but a partner (`all` less `with`, the partner's streets), at
// the top of its confidence interval (Wilson's, two standard errors: a rate estimated from few
// streets must not make an honest pair's play look rare, and a rate of 0 seen in 20 streets is
// not certain); -1 when too rarely seen.
double rate_against_others(const RateCount& all, const RateCount* with) {
  const long chances = all.chances - (with ? with->chances : 0);
  const long hits = all.hits - (with ? with->hits : 0);
  if (chances < kMinRateChances) return -1;
  const double n = static_cast<double>(chances);
  const double rate = static_cast<double>(hits) / n;
  constexpr double z2 = 4;  // two standard errors, squared
  const double centre = rate + z2 / (2 * n);
  const double spread = 2 * std::sqrt(rate * (1 - rate) / n + z2 / (4 * n * n));
  return std::min(1.0, (centre + spread) / (1 + z2 / n));
}

// Each player's counts (site, player), and the part of them counted with each other player in
// the street (site, player, other).
struct RateCounts {
  std::map<std::pair<std::string, std::string>, RateCount> player;
  std::map<std::tuple<std::string, std::string, std::string>, RateCount> with;

  // `name`'s rate on the streets without `partner` (rate_against_others); -1 if never counted.
  double without(const std::string& site, const std::string& name,
                 const std::string& partner) const {
    const auto all = player.find({site, name});
    if (all == player.end()) return -1;
    const auto shared = with.find({site, name, partner});
    return rate_against_others(all->second, shared == with.end() ? nullptr : &shared->second);
  }
};

// A street after the first round that two players played alone against each other.
struct HeadsUpStreet {
  std::int64_t hand_id{0};
  std::string first, second;  // in order of action
  bool passive{true};         // nobody bet or raised
};

struct SoftPlayTally {
  RateCounts checks;  // checks before any bet, with: against the other of the street
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
    for (RateCount* c :
         {&tally.checks.player[{h.site, name}], &tally.checks.with[{h.site, name, other}]}) {
      ++c->chances;
      c->hits += checked;
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
  const double rate_a = tally.checks.without(site, a, b);
  const double rate_b = tally.checks.without(site, b, a);
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
  IntegritySignal s = pair_signal("soft_play", key, score, t.soft_play_score, kCorrectedStatistic);
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
  return judged_pairs(
      tests, t.soft_play_score,
      [&](const PairKey& key, const SoftPlayTest& test, double score, std::size_t tested) {
        return soft_play_signal(key, tally.streets.at(key), test, score, t, tested);
      });
}

// ----- squeeze of a third ------------------------------------------------------------------

namespace {

// A street that both players of a pair acted on with a third who had put money in and acted too.
struct SharedStreet {
  std::int64_t hand_id{0};
  bool both_raised{false};  // each of the pair bet or raised on it
  std::string squeezed;     // a third who folded after both had bet or raised; "" if none did
};

struct SqueezeTally {
  RateCounts raises;  // bets and raises, with: another player in the hand at the street's start
  std::map<PairKey, std::vector<SharedStreet>> streets;
};

// What each seat did on one street: whether it acted, the index of its first bet or raise, of
// its fold.
struct StreetPlay {
  std::map<int, std::size_t> first_aggression, fold;
  std::set<int> acted;
};

StreetPlay street_play(const std::vector<IntegrityAction>& actions, std::size_t from,
                       std::size_t to) {
  StreetPlay play;
  for (std::size_t i = from; i < to; ++i) {
    const IntegrityAction& a = actions[i];
    play.acted.insert(a.seat);
    if (a.kind == EventKind::Bet || a.kind == EventKind::Raise)
      play.first_aggression.try_emplace(a.seat, i);
    if (a.kind == EventKind::Fold) play.fold.try_emplace(a.seat, i);
  }
  return play;
}

// The third of `live` who had put money in (`entered`) and folded on the street after both `x`
// and `y` had bet or raised on it; "" if none.
std::string squeezed_third(const StreetPlay& play, const std::map<int, std::string>& live,
                           const std::set<int>& entered, int x, int y) {
  const auto ax = play.first_aggression.find(x), ay = play.first_aggression.find(y);
  if (ax == play.first_aggression.end() || ay == play.first_aggression.end()) return "";
  const std::size_t both = std::max(ax->second, ay->second);
  for (const auto& [seat, name] : live) {
    const auto fold = play.fold.find(seat);
    if (seat != x && seat != y && entered.contains(seat) && fold != play.fold.end() &&
        fold->second > both)
      return name;
  }
  return "";
}

// Whether a third of `live` (not `x` or `y`) who had put money in (`entered`) acted on the street.
bool third_in(const StreetPlay& play, const std::map<int, std::string>& live,
              const std::set<int>& entered, int x, int y) {
  return std::any_of(live.begin(), live.end(), [&](const auto& seat) {
    return seat.first != x && seat.first != y && entered.contains(seat.first) &&
           play.acted.contains(seat.first);
  });
}

// One street of three or more players `live` at its start: each acting player's chance to bet
// or raise, and each pair that both acted on it with a third in.
void add_squeeze_street(const IntegrityHand& h, const StreetPlay& play,
                        const std::map<int, std::string>& live, const std::set<int>& entered,
                        SqueezeTally& tally) {
  for (const auto& [x, name] : live) {
    if (!play.acted.contains(x)) continue;
    const bool raised = play.first_aggression.contains(x);
    std::vector<RateCount*> counts{&tally.raises.player[{h.site, name}]};
    for (const auto& [y, other] : live)
      if (y != x) counts.push_back(&tally.raises.with[{h.site, name, other}]);
    for (RateCount* c : counts) {
      ++c->chances;
      c->hits += raised;
    }
    for (const auto& [y, other] : live)
      if (y > x && play.acted.contains(y) && third_in(play, live, entered, x, y))
        tally.streets[pair_key(h.site, name, other)].push_back(
            {h.hand_id, raised && play.first_aggression.contains(y),
             squeezed_third(play, live, entered, x, y)});
  }
}

// The hand's streets of three or more players; `entered`: who had called, bet or raised before
// (the third's money in, which the squeeze makes it give up).
void add_squeeze_hand(const IntegrityHand& h, SqueezeTally& tally) {
  std::map<int, std::string> live;
  for (const IntegritySeat& s : h.seats)
    if (s.dealt) live[s.seat] = s.player;
  std::set<int> entered;
  std::size_t i = 0;
  while (i < h.actions.size()) {
    std::size_t end = i;
    while (end < h.actions.size() && h.actions[end].street == h.actions[i].street) ++end;
    const StreetPlay play = street_play(h.actions, i, end);
    std::set<int> entered_by_street_end = entered;
    for (std::size_t j = i; j < end; ++j)
      if (h.actions[j].kind != EventKind::Fold && h.actions[j].kind != EventKind::Check)
        entered_by_street_end.insert(h.actions[j].seat);
    if (live.size() >= 3) add_squeeze_street(h, play, live, entered_by_street_end, tally);
    for (const auto& [seat, at] : play.fold) live.erase(seat);
    entered = std::move(entered_by_street_end);
    i = end;
  }
}

struct SqueezeTest {
  int streets{0};
  int both_raised{0};
  double q{0};  // both betting or raising, by their rates against others
  double p{1};
};

std::optional<SqueezeTest> squeeze_test(const PairKey& key,
                                        const std::vector<SharedStreet>& streets,
                                        const SqueezeTally& tally, const IntegrityThresholds& t) {
  if (static_cast<int>(streets.size()) < t.min_hands) return std::nullopt;
  const std::string& site = std::get<0>(key);
  const double rate_a = tally.raises.without(site, std::get<1>(key), std::get<2>(key));
  const double rate_b = tally.raises.without(site, std::get<2>(key), std::get<1>(key));
  if (rate_a < 0 || rate_b < 0) return std::nullopt;
  SqueezeTest test;
  test.streets = static_cast<int>(streets.size());
  for (const SharedStreet& s : streets) test.both_raised += s.both_raised;
  test.q = rate_a * rate_b;
  test.p = binomial_upper_tail(test.streets, test.q, test.both_raised);
  return test;
}

// The third squeezed most often, and how often: "C 12 times".
std::string most_squeezed(const std::vector<SharedStreet>& streets) {
  std::map<std::string, int> thirds;
  for (const SharedStreet& street : streets)
    if (street.both_raised && !street.squeezed.empty()) ++thirds[street.squeezed];
  const auto most =
      std::max_element(thirds.begin(), thirds.end(),
                       [](const auto& a, const auto& b) { return a.second < b.second; });
  return most == thirds.end() ? "nobody" : fmt::format("{} {} times", most->first, most->second);
}

IntegritySignal squeeze_signal(const PairKey& key, const std::vector<SharedStreet>& streets,
                               const SqueezeTest& test, double score, const IntegrityThresholds& t,
                               std::size_t tested) {
  IntegritySignal s = pair_signal("squeeze", key, score, t.squeeze_score, kCorrectedStatistic);
  // The hands where a third folded between them first, then the other streets both raised.
  std::set<std::int64_t> squeezed, raised;
  for (const SharedStreet& street : streets)
    if (street.both_raised) (street.squeezed.empty() ? raised : squeezed).insert(street.hand_id);
  s.hand_ids.assign(squeezed.begin(), squeezed.end());
  for (const std::int64_t id : raised)
    if (!squeezed.contains(id)) s.hand_ids.push_back(id);
  if (s.hand_ids.size() > kMaxCitedHands) s.hand_ids.resize(kMaxCitedHands);
  s.explanation = fmt::format(
      "{} and {} both bet or raised on {} of the {} streets they played with a third player who "
      "had put money in, where the rate at which each bets or raises on streets of three or more "
      "without the other makes {:.1f} expected (binomial p = {:.2g} at a rate of at most {:.3f} a "
      "street, {} pairs tested); a third folded between their bets and raises in {} hands (the "
      "most: {})",
      s.players[0], s.players[1], test.both_raised, test.streets, test.q * test.streets, test.p,
      test.q, tested, squeezed.size(), most_squeezed(streets));
  return s;
}

}  // namespace

std::vector<IntegritySignal> squeeze_signals(const std::vector<IntegrityHand>& hands,
                                             const IntegrityThresholds& t) {
  SqueezeTally tally;
  for (const IntegrityHand& h : hands) add_squeeze_hand(h, tally);
  std::vector<std::pair<PairKey, SqueezeTest>> tests;
  for (const auto& [key, streets] : tally.streets)
    if (auto test = squeeze_test(key, streets, tally, t)) tests.emplace_back(key, *test);
  return judged_pairs(
      tests, t.squeeze_score,
      [&](const PairKey& key, const SqueezeTest& test, double score, std::size_t tested) {
        return squeeze_signal(key, tally.streets.at(key), test, score, t, tested);
      });
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
  return integrity_signals(hands, all_in_equities(hands), t);
}

std::vector<IntegritySignal> integrity_signals(const std::vector<IntegrityHand>& hands,
                                               const std::vector<AllInEquity>& equities,
                                               const IntegrityThresholds& t) {
  std::vector<IntegritySignal> out = chip_dumping_signals(hands, equities, t);
  for (auto* kind : {&seats_together_signals, &tournament_seats_signals, &soft_play_signals,
                     &squeeze_signals, &rake_above_table_max_signals})
    for (IntegritySignal& s : kind(hands, t)) out.push_back(std::move(s));
  for (IntegritySignal& s : chance_signals(hands, equities)) out.push_back(std::move(s));  // 8
  return out;
}

}  // namespace hh
