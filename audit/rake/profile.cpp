#include "audit/rake/profile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "model/amount_text.hpp"

namespace hh {

namespace {

struct Model {
  RakeRounding rounding{RakeRounding::Down};
  Money percent_hundredths{0};  // percentage models: rate in 1/100 of a percent (415 = 4.15 %)
  Money step_rake{0}, step_pot{0};
  RakeEntry entry() const {
    RakeEntry e;
    e.rounding = rounding;
    if (rounding == RakeRounding::Step) {
      e.step_rake = step_rake;
      e.step_pot = step_pot;
    } else {
      e.percent = {percent_hundredths, 100};
    }
    return e;
  }
};

// Candidate models: every rate from 0.01 % to 10 % in 0.01 % steps (published rates such as
// 4.15 % and 5.88 % need that resolution) with each rounding, and the step schedules of round
// amounts (a whole step_rake per whole step_pot) from 1 % to 10 %: sites publish "5 cents per
// dollar", and Bovada's limit hands of 2012 take $0.50 per whole $20 with 2 or 3 players dealt.
std::vector<Model> candidates() {
  std::vector<Model> out;
  for (RakeRounding r : {RakeRounding::HalfEven, RakeRounding::Down, RakeRounding::Up})
    for (Money p = 1; p <= 1000; ++p) out.push_back({r, p, 0, 0});
  for (Money k : {5, 10, 25, 50, 100, 200})
    for (Money s : {100, 200, 500, 1000, 2000, 5000})
      if (k * 100 >= s && k * 10 <= s) out.push_back({RakeRounding::Step, 0, k, s});
  return out;
}

// Fewer decimals first: a published rate is 5 % or 4.5 % far more often than 4.37 %.
int roundness(Money hundredths) {
  if (hundredths % 100 == 0) return 0;
  if (hundredths % 25 == 0) return 1;
  if (hundredths % 5 == 0) return 2;
  return 3;
}

constexpr int kBands[3][2] = {{2, 2}, {3, 4}, {5, 0}};

struct Fit {
  long fit{0};
  long uncapped{0};  // of which the percentage itself explains (not a cap)
  std::optional<Money> cap[3];
};

// The raked hands of a group by players band (players_band()), each in the group's order.
using BandHands = std::array<std::vector<const ProfileHand*>, 3>;

// Hands a model cannot tell apart (the same pot, players and rake), counted: a model is fitted
// once for each, not once a hand (a group of a large database repeats its pots many times).
struct SameHands {
  Money pot{0};
  Money rake{0};
  int players{0};
  long count{0};
};
using BandCounts = std::array<std::vector<SameHands>, 3>;

BandCounts count_same_hands(const BandHands& bands) {
  BandCounts out;
  for (std::size_t b = 0; b < bands.size(); ++b) {
    std::vector<SameHands>& counts = out[b];
    for (const ProfileHand* h : bands[b]) counts.push_back({h->pot, h->rake, h->players, 1});
    const auto key = [](const SameHands& x) { return std::tie(x.pot, x.rake, x.players); };
    std::sort(counts.begin(), counts.end(),
              [&](const SameHands& x, const SameHands& y) { return key(x) < key(y); });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (kept > 0 && key(counts[kept - 1]) == key(counts[i])) {
        ++counts[kept - 1].count;
      } else {
        counts[kept++] = counts[i];
      }
    }
    counts.resize(kept);
  }
  return out;
}

// Fits one model: per band, the cap (if any) that explains the most hands. `expected` and
// `capped` are buffers, kept by the caller across the models (thousands per group).
Fit fit_model(const RakeEntry& e, const BandCounts& bands, std::vector<Money>& expected,
              std::vector<std::pair<Money, long>>& capped) {
  Fit f;
  for (int b = 0; b < 3; ++b) {
    const std::vector<SameHands>& hs = bands[static_cast<std::size_t>(b)];
    expected.resize(hs.size());
    for (std::size_t i = 0; i < hs.size(); ++i)
      expected[i] = schedule_rake(e, hs[i].pot, hs[i].players);
    // The rakes of hands the model says paid less: cap candidates, the most frequent three
    // (ties to the higher rake).
    capped.clear();
    for (std::size_t i = 0; i < hs.size(); ++i)
      if (expected[i] > hs[i].rake) capped.push_back({hs[i].rake, hs[i].count});
    std::sort(capped.begin(), capped.end());
    std::vector<std::pair<long, Money>> order;  // (hands, rake)
    for (std::size_t i = 0; i < capped.size();) {
      std::size_t j = i;
      long hands = 0;
      for (; j < capped.size() && capped[j].first == capped[i].first; ++j)
        hands += capped[j].second;
      order.push_back({hands, capped[i].first});
      i = j;
    }
    std::sort(order.rbegin(), order.rend());
    if (order.size() > 3) order.resize(3);
    std::optional<Money> best_cap;
    long best = -1;
    std::vector<std::optional<Money>> tries{std::nullopt};
    for (auto [n, r] : order) tries.push_back(r);
    for (const auto& cap : tries) {
      long n = 0;
      for (std::size_t i = 0; i < hs.size(); ++i)
        if (hs[i].rake == (cap ? std::min(expected[i], *cap) : expected[i])) n += hs[i].count;
      if (n > best) {
        best = n;
        best_cap = cap;
      }
    }
    for (std::size_t i = 0; i < hs.size(); ++i)
      if (hs[i].rake == expected[i] && (!best_cap || expected[i] <= *best_cap))
        f.uncapped += hs[i].count;
    f.fit += best;
    f.cap[b] = best_cap;
  }
  return f;
}

Structure structure_of_limit(const std::string& t) {
  if (t == "No Limit" || t == "no-limit") return Structure::NoLimit;
  if (t == "Pot Limit" || t == "pot-limit") return Structure::PotLimit;
  if (t == "Limit" || t == "Fixed Limit" || t == "fixed-limit") return Structure::FixedLimit;
  return Structure::Unknown;
}

std::string percent_text(Rational r) {
  // r is hundredths of a percent over 100: print as a plain decimal.
  Money h = r.num * (100 / r.den);
  return h % 100 == 0 ? fmt::format("{}", h / 100) : fmt::format("{}.{:02}", h / 100, h % 100);
}

}  // namespace

int players_band(int players) { return players <= 2 ? 0 : players <= 4 ? 1 : 2; }

ProfileGroup fit_rake_group(const std::vector<const ProfileHand*>& all) {
  static const std::vector<Model> models = candidates();
  ProfileGroup g;
  if (!all.empty()) {
    g.site = all.front()->site;
    g.currency = all.front()->currency;
    g.limit_type = all.front()->limit_type;
    g.big_blind = all.front()->big_blind;
  }
  std::vector<const ProfileHand*> raked;
  for (const ProfileHand* h : all) {
    if (!h->date.empty()) {
      if (g.first_date.empty() || h->date < g.first_date) g.first_date = h->date;
      if (h->date > g.last_date) g.last_date = h->date;
    }
    // A hand with no rake may have ended before the flop; the database does not say, so it
    // tells nothing about the rate.
    if (h->rake > 0)
      raked.push_back(h);
    else
      ++g.unraked;
  }
  g.hands = static_cast<long>(raked.size());
  if (raked.empty()) return g;
  // Fit every candidate once; the best explains the most hands, ties going to the roundest
  // rate of the same rounding (candidates are ordered by rounding, then rate).
  BandHands bands;
  for (const ProfileHand* h : raked)
    bands[static_cast<std::size_t>(players_band(h->players))].push_back(h);
  const BandCounts counts = count_same_hands(bands);
  std::vector<Money> expected;
  std::vector<std::pair<Money, long>> capped;
  std::vector<Fit> fits;
  fits.reserve(models.size());
  std::size_t best = 0;
  for (std::size_t i = 0; i < models.size(); ++i) {
    fits.push_back(fit_model(models[i].entry(), counts, expected, capped));
    const Model& m = models[i];
    const Model& b = models[best];
    // A cap can explain any single hand; hands the rate itself explains are the evidence.
    if (fits[i].fit > fits[best].fit ||
        (fits[i].fit == fits[best].fit && fits[i].uncapped > fits[best].uncapped) ||
        (fits[i].fit == fits[best].fit && fits[i].uncapped == fits[best].uncapped &&
         m.rounding == b.rounding && m.rounding != RakeRounding::Step &&
         roundness(m.percent_hundredths) < roundness(b.percent_hundredths)))
      best = i;
  }
  const Fit& best_fit = fits[best];
  // The range of rates with the winning rounding that explain as many hands.
  Money lo = models[best].percent_hundredths, hi = lo;
  for (std::size_t i = 0; i < models.size(); ++i)
    if (models[i].rounding == models[best].rounding && models[i].rounding != RakeRounding::Step &&
        fits[i].fit == best_fit.fit && fits[i].uncapped == best_fit.uncapped) {
      lo = std::min(lo, models[i].percent_hundredths);
      hi = std::max(hi, models[i].percent_hundredths);
    }
  g.rate_low = {lo, 100};
  g.rate_high = {hi, 100};
  g.model = models[best].entry();
  g.fit = best_fit.fit;
  for (int b = 0; b < 3; ++b) {
    ProfileBand band;
    band.min_players = kBands[b][0];
    band.max_players = kBands[b][1];
    band.cap = best_fit.cap[b];
    for (const ProfileHand* h : bands[static_cast<std::size_t>(b)]) {
      ++band.hands;
      band.max_rake = std::max(band.max_rake, h->rake);
    }
    if (band.hands == 0) continue;
    if (band.cap) g.model.caps.push_back({band.min_players, band.max_players, *band.cap});
    g.bands.push_back(band);
  }
  for (const ProfileHand* h : raked) {
    Money e = schedule_rake(g.model, h->pot, h->players);
    if (e != h->rake)
      g.misfits.push_back({h->site_hand_id, h->pot, h->rake, e, h->players, h->hand_id});
  }
  return g;
}

std::vector<ProfileGroup> infer_rake_profile(const std::vector<ProfileHand>& hands) {
  std::map<std::tuple<std::string, std::string, std::string, Money>,
           std::vector<const ProfileHand*>>
      groups;
  for (const ProfileHand& h : hands)
    groups[{h.site, h.currency, h.limit_type, h.big_blind}].push_back(&h);
  std::vector<ProfileGroup> out;
  for (const auto& [key, all] : groups) out.push_back(fit_rake_group(all));
  return out;
}

std::string learned_rule_text(const RakeEntry& m, bool with_caps) {
  auto amt = [](Money x) { return format_amount(x, 100); };
  std::string s =
      m.rounding == RakeRounding::Step
          ? fmt::format("{} per {}", amt(m.step_rake), amt(m.step_pot))
          : fmt::format("{}% {}", percent_text(m.percent), rake_rounding_name(m.rounding));
  if (!with_caps) return s;
  if (m.caps.empty()) return s + ", no cap reached";
  for (const RakeCap& c : m.caps) s += fmt::format(", cap {}", amt(c.cap));
  return s;
}

std::string profile_toml(const std::string& site, const std::vector<ProfileGroup>& groups,
                         const std::string& origin) {
  auto amt = [](Money m) { return format_amount(m, 100); };
  std::string s = fmt::format(
      "# Learned by `{}`: what the stored hands show, not what the site\n"
      "# publishes. Review every entry (counts and fit below) before auditing against it.\n"
      "# Hands with rake 0 are not used: the database does not record whether a flop was seen.\n"
      "site = \"{}\"\nknown_fees = []\n",
      origin, site);
  std::string misfits;
  for (const ProfileGroup& g : groups) {
    if (g.site != site) continue;
    std::string band_text = g.limit_type.empty() ? std::string("?") : g.limit_type;
    if (g.hands == 0) {
      s += fmt::format("\n# {} {} big blind {}: {} hands, none raked: nothing to learn\n",
                       g.currency, band_text, amt(g.big_blind), g.unraked);
      continue;
    }
    const RakeEntry& m = g.model;
    std::string rule = learned_rule_text(m, false);
    s += fmt::format("\n# {} of {} raked hands fit exactly ({}%), {} unraked hands not used", g.fit,
                     g.hands, g.fit * 100 / g.hands, g.unraked);
    if (m.rounding != RakeRounding::Step && g.rate_low.num != g.rate_high.num)
      s += fmt::format("; every rate from {}% to {}% fits as many: more hands would narrow it",
                       percent_text(g.rate_low), percent_text(g.rate_high));
    s += "\n";
    for (const ProfileBand& b : g.bands) {
      std::string players = b.max_players == 0 ? fmt::format("{}+", b.min_players)
                            : b.min_players == b.max_players
                                ? fmt::format("{}", b.min_players)
                                : fmt::format("{}-{}", b.min_players, b.max_players);
      s += b.cap
               ? fmt::format("#   {} players: {} hands, cap {}\n", players, b.hands, amt(*b.cap))
               : fmt::format("#   {} players: {} hands, no hand reached a cap (largest rake {})\n",
                             players, b.hands, amt(b.max_rake));
    }
    s += "[[entry]]\n";
    s += fmt::format("name = \"learned {} {} big blind {}: {}\"\n", g.currency, band_text,
                     amt(g.big_blind), rule);
    s += fmt::format("source = \"{}\"\n", origin);
    if (!g.first_date.empty())
      s += fmt::format("from = \"{}\"  # last hand seen {}\n", g.first_date, g.last_date);
    Structure st = structure_of_limit(g.limit_type);
    if (st != Structure::Unknown) s += fmt::format("structures = [\"{}\"]\n", structure_name(st));
    s += fmt::format("currencies = [\"{}\"]\n", g.currency);
    s += fmt::format("big_blind = [\"{}\", \"{}\"]\n", amt(g.big_blind), amt(g.big_blind));
    if (m.rounding == RakeRounding::Step)
      s += fmt::format("rounding = \"step\"\nstep = [\"{}\", \"{}\"]\n", amt(m.step_rake),
                       amt(m.step_pot));
    else
      s += fmt::format("percent = \"{}\"\nrounding = \"{}\"\n", percent_text(m.percent),
                       rake_rounding_name(m.rounding));
    std::string caps;
    for (const RakeCap& c : m.caps) {
      std::string players = c.max_players == 0 ? fmt::format("{}+", c.min_players)
                            : c.min_players == c.max_players
                                ? fmt::format("{}", c.min_players)
                                : fmt::format("{}-{}", c.min_players, c.max_players);
      caps += fmt::format("{}[\"{}\", \"{}\"]", caps.empty() ? "" : ", ", players, amt(c.cap));
    }
    s += fmt::format("caps = [{}]\n", caps);
    s += "no_flop_no_drop = true\n";
    for (const ProfileMisfit& x : g.misfits)
      misfits +=
          fmt::format("#   {} {} {} big blind {}: pot {}, {} players, rake {}, entry says {}\n",
                      x.site_hand_id, g.currency, band_text, amt(g.big_blind), amt(x.pot),
                      x.players, amt(x.rake), amt(x.expected));
  }
  if (!misfits.empty()) s += "\n# Hands that do not fit their entry:\n" + misfits;
  return s;
}

}  // namespace hh
