#include "audit/rake/schedule.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

namespace hh {

namespace {

using i128 = __int128;

// q = a / b rounded; b > 0, a >= 0 (rake is never negative). Int: i128 or, when a and 2 * b fit
// it, std::int64_t (the same quotient and remainder).
template <class Int>
Money divide_rounded_as(Int a, Int b, RakeRounding mode) {
  Int q = a / b;
  Int r = a % b;
  switch (mode) {
    case RakeRounding::Down:
    case RakeRounding::Step:
      break;
    case RakeRounding::Up:
      if (r != 0) ++q;
      break;
    case RakeRounding::HalfEven:
      if (2 * r > b || (2 * r == b && q % 2 != 0)) ++q;
      break;
  }
  return static_cast<Money>(q);
}

Money divide_rounded(i128 a, i128 b, RakeRounding mode) {
  // A pot times a rate fits 64 bits, whose division costs a fraction of 128 bits' (the learned
  // rake divides every pot once for each of its three thousand candidate rates).
  constexpr i128 kMax = std::numeric_limits<std::int64_t>::max();
  if (a >= -kMax && a <= kMax && b > 0 && b <= kMax / 2)
    return divide_rounded_as(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b), mode);
  return divide_rounded_as(a, b, mode);
}

bool is_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

}  // namespace

std::optional<Rational> parse_decimal(std::string_view text) {
  if (text.empty()) return std::nullopt;
  Rational r{0, 1};
  bool dot = false, digit = false;
  for (char c : text) {
    if (c == '.' && !dot) {
      dot = true;
    } else if (c >= '0' && c <= '9') {
      digit = true;
      // 18 significant digits fit an int64; a schedule never needs more.
      if (r.num > 99'999'999'999'999'999 / 10 || (dot && r.den > 99'999'999'999'999'999 / 10))
        return std::nullopt;
      r.num = r.num * 10 + (c - '0');
      if (dot) r.den *= 10;
    } else {
      return std::nullopt;
    }
  }
  if (!digit) return std::nullopt;
  return r;
}

std::optional<Money> parse_major_amount(std::string_view text, int unit) {
  auto r = parse_decimal(text);
  if (!r || unit <= 0) return std::nullopt;
  i128 scaled = static_cast<i128>(r->num) * unit;
  if (scaled % r->den != 0) return std::nullopt;  // finer than a minor unit
  return static_cast<Money>(scaled / r->den);
}

const char* rake_rounding_name(RakeRounding r) {
  switch (r) {
    case RakeRounding::HalfEven:
      return "half-even";
    case RakeRounding::Down:
      return "down";
    case RakeRounding::Up:
      return "up";
    case RakeRounding::Step:
      return "step";
  }
  return "?";
}

Money round_rational(Money x, Rational r, RakeRounding mode) {
  return divide_rounded(static_cast<i128>(x) * r.num, r.den, mode);
}

const SiteRakeSchedule* RakeSchedules::site(std::string_view name) const {
  for (const SiteRakeSchedule& s : sites)
    if (s.site == name) return &s;
  return nullptr;
}

const RakeEntry* find_entry(const SiteRakeSchedule& site, const RakeQuery& q,
                            std::string_view domain) {
  const std::string_view family = q.game.rake_family();
  for (const RakeEntry& e : site.entries) {
    if (!e.domains.empty() &&
        std::find(e.domains.begin(), e.domains.end(), domain) == e.domains.end())
      continue;
    // An entry with a date range needs a dated hand; ISO dates compare as strings.
    if (!e.from.empty() && (q.date.empty() || q.date < e.from)) continue;
    if (!e.until.empty() && (q.date.empty() || q.date >= e.until)) continue;
    if (!e.games.empty() && std::find(e.games.begin(), e.games.end(), family) == e.games.end())
      continue;
    if (!e.structures.empty() &&
        std::find(e.structures.begin(), e.structures.end(), q.structure) == e.structures.end())
      continue;
    if (!e.currencies.empty() &&
        std::find(e.currencies.begin(), e.currencies.end(), q.currency) == e.currencies.end())
      continue;
    if (q.big_blind < e.big_blind_min) continue;
    if (e.big_blind_max != 0 && q.big_blind > e.big_blind_max) continue;
    return &e;
  }
  return nullptr;
}

std::optional<Money> cap_for(const RakeEntry& e, int players) {
  for (const RakeCap& c : e.caps)
    if (players >= c.min_players && (c.max_players == 0 || players <= c.max_players)) return c.cap;
  return std::nullopt;
}

Money schedule_rake(const RakeEntry& e, Money pot, int players_dealt) {
  if (pot <= 0 || pot < e.min_pot) return 0;
  Money rake = 0;
  if (e.rounding == RakeRounding::Step) {
    rake = (pot / e.step_pot) * e.step_rake;
  } else {
    // percent / 100 of the pot, rounded once.
    rake = divide_rounded(static_cast<i128>(pot) * e.percent.num,
                          static_cast<i128>(e.percent.den) * 100, e.rounding);
  }
  // PokerStars.de: "multiply this value by 1.25 ... once the round half to even rule is applied
  // once again": the multiplier works on the already rounded rake, then rounds half to even.
  if (e.multiplier.num != e.multiplier.den)
    rake = round_rational(rake, e.multiplier, RakeRounding::HalfEven);
  if (auto cap = cap_for(e, players_dealt)) rake = std::min(rake, *cap);
  return rake;
}

namespace {

[[noreturn]] void fail(const std::string& file, const std::string& what) {
  throw std::runtime_error(fmt::format("rake schedule {}: {}", file, what));
}

std::string text_of(const toml::node& n, const std::string& file, const std::string& key) {
  if (auto s = n.value<std::string>()) return *s;
  if (n.is_floating_point())
    fail(file, fmt::format(
                   "{}: write amounts and rates as strings (\"0.50\"), a float is not exact", key));
  if (auto d = n.as_date()) {
    const toml::date& v = d->get();
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(v.year), static_cast<int>(v.month),
                       static_cast<int>(v.day));
  }
  if (auto i = n.value<std::int64_t>()) return std::to_string(*i);
  fail(file, fmt::format("{}: expected a string", key));
}

std::vector<std::string> strings_of(const toml::node& n, const std::string& file,
                                    const std::string& key) {
  const toml::array* a = n.as_array();
  if (!a) fail(file, fmt::format("{}: expected an array of strings", key));
  std::vector<std::string> out;
  for (const toml::node& x : *a) out.push_back(text_of(x, file, key));
  return out;
}

Money amount_of(const toml::node& n, const std::string& file, const std::string& key) {
  std::string s = text_of(n, file, key);
  // Schedules are for cash games in a currency: amounts in cents (unit 100).
  auto m = parse_major_amount(s, 100);
  if (!m) fail(file, fmt::format("{}: \"{}\" is not an amount with at most 2 decimals", key, s));
  return *m;
}

Structure structure_of(const std::string& s, const std::string& file) {
  for (Structure st : {Structure::NoLimit, Structure::PotLimit, Structure::FixedLimit,
                       Structure::SpreadLimit, Structure::CapLimit, Structure::Mixed})
    if (s == structure_name(st)) return st;
  fail(file, fmt::format("structures: unknown \"{}\" (no-limit, pot-limit, fixed-limit, ...)", s));
}

RakeCap cap_of(const toml::node& n, const std::string& file) {
  std::vector<std::string> v = strings_of(n, file, "caps");
  if (v.size() != 2)
    fail(file, "caps: each band is [\"players\", \"cap\"], e.g. [\"3-4\", \"1.00\"]");
  RakeCap c;
  const std::string& p = v[0];
  auto num = [&](std::string_view t) {
    int x = 0;
    if (t.empty()) fail(file, fmt::format("caps: bad players band \"{}\"", p));
    for (char ch : t) {
      if (ch < '0' || ch > '9') fail(file, fmt::format("caps: bad players band \"{}\"", p));
      x = x * 10 + (ch - '0');
    }
    return x;
  };
  if (!p.empty() && p.back() == '+') {
    c.min_players = num(std::string_view(p).substr(0, p.size() - 1));
    c.max_players = 0;
  } else if (auto dash = p.find('-'); dash != std::string::npos) {
    c.min_players = num(std::string_view(p).substr(0, dash));
    c.max_players = num(std::string_view(p).substr(dash + 1));
  } else {
    c.min_players = c.max_players = num(p);
  }
  auto m = parse_major_amount(v[1], 100);
  if (!m) fail(file, fmt::format("caps: \"{}\" is not an amount", v[1]));
  c.cap = *m;
  return c;
}

RakeRounding rounding_of(const std::string& s, const std::string& file) {
  if (s == "half-even") return RakeRounding::HalfEven;
  if (s == "down") return RakeRounding::Down;
  if (s == "up") return RakeRounding::Up;
  if (s == "step") return RakeRounding::Step;
  fail(file, fmt::format("rounding: \"{}\" (half-even, down, up, step)", s));
}

// The keys that say which hands an entry applies to; false when `key` is not one of them.
bool read_scope_key(RakeEntry& e, const std::string& key, const toml::node& node,
                    const std::string& file) {
  if (key == "name") {
    e.name = text_of(node, file, key);
  } else if (key == "source") {
    e.source = text_of(node, file, key);
  } else if (key == "domains") {
    e.domains = strings_of(node, file, key);
  } else if (key == "from" || key == "until") {
    std::string d = text_of(node, file, key);
    if (!is_date(d)) fail(file, fmt::format("{}: \"{}\" is not YYYY-MM-DD", key, d));
    (key == "from" ? e.from : e.until) = d;
  } else if (key == "games") {
    e.games = strings_of(node, file, key);
    for (const std::string& g : e.games)
      if (g != "holdem" && g != "omaha" && g != "stud" && g != "draw")
        fail(file, fmt::format("games: unknown family \"{}\" (holdem, omaha, stud, draw)", g));
  } else if (key == "structures") {
    for (const std::string& s : strings_of(node, file, key))
      e.structures.push_back(structure_of(s, file));
  } else if (key == "currencies") {
    e.currencies = strings_of(node, file, key);
  } else if (key == "big_blind") {
    std::vector<std::string> v = strings_of(node, file, key);
    if (v.size() != 2) fail(file, "big_blind: [\"min\", \"max\"] (\"\" for no maximum)");
    auto lo = parse_major_amount(v[0], 100);
    auto hi = v[1].empty() ? std::optional<Money>(0) : parse_major_amount(v[1], 100);
    if (!lo || !hi) fail(file, "big_blind: amounts with at most 2 decimals");
    e.big_blind_min = *lo;
    e.big_blind_max = *hi;
  } else {
    return false;
  }
  return true;
}

// The keys that say how much an entry takes; false when `key` is not one of them.
bool read_amount_key(RakeEntry& e, const std::string& key, const toml::node& node,
                     const std::string& file) {
  if (key == "percent" || key == "multiplier") {
    std::string s = text_of(node, file, key);
    auto r = parse_decimal(s);
    if (!r) fail(file, fmt::format("{}: \"{}\" is not a decimal", key, s));
    (key == "percent" ? e.percent : e.multiplier) = *r;
  } else if (key == "rounding") {
    e.rounding = rounding_of(text_of(node, file, key), file);
  } else if (key == "step") {
    std::vector<std::string> v = strings_of(node, file, key);
    if (v.size() != 2) fail(file, "step: [\"rake\", \"per pot\"], e.g. [\"0.01\", \"0.20\"]");
    auto r = parse_major_amount(v[0], 100), p = parse_major_amount(v[1], 100);
    if (!r || !p || *p <= 0) fail(file, "step: amounts with at most 2 decimals, pot step > 0");
    e.step_rake = *r;
    e.step_pot = *p;
  } else if (key == "caps") {
    const toml::array* a = node.as_array();
    if (!a) fail(file, "caps: an array of [\"players\", \"cap\"] bands");
    for (const toml::node& c : *a) e.caps.push_back(cap_of(c, file));
  } else if (key == "no_flop_no_drop" || key == "upper_bound_only") {
    auto b = node.value<bool>();
    if (!b) fail(file, fmt::format("{}: true or false", key));
    (key == "no_flop_no_drop" ? e.no_flop_no_drop : e.upper_bound_only) = *b;
  } else if (key == "min_pot") {
    e.min_pot = amount_of(node, file, key);
  } else {
    return false;
  }
  return true;
}

RakeEntry entry_of(const toml::table& t, const std::string& file, std::size_t index) {
  RakeEntry e;
  e.name = fmt::format("entry {}", index + 1);
  bool has_percent = false;
  for (const auto& [k, node] : t) {
    std::string key(k.str());
    has_percent = has_percent || key == "percent";
    // A misspelt key would silently change what the audit checks.
    if (!read_scope_key(e, key, node, file) && !read_amount_key(e, key, node, file))
      fail(file, fmt::format("{}: unknown key \"{}\"", e.name, key));
  }
  if (e.rounding == RakeRounding::Step) {
    if (e.step_pot <= 0) fail(file, fmt::format("{}: rounding \"step\" needs step", e.name));
  } else if (!has_percent) {
    fail(file, fmt::format("{}: needs percent (or rounding = \"step\" with step)", e.name));
  }
  return e;
}

}  // namespace

SiteRakeSchedule parse_rake_schedule(std::string_view text, const std::string& file) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& err) {
    std::ostringstream os;
    os << err;
    fail(file, os.str());
  }
  SiteRakeSchedule s;
  s.file = file;
  for (const auto& [k, node] : root) {
    std::string key(k.str());
    if (key == "site") {
      s.site = text_of(node, file, key);
    } else if (key == "known_fees") {
      s.known_fees = strings_of(node, file, key);
    } else if (key == "no_flop_no_drop") {
      if (!node.is_boolean()) fail(file, "no_flop_no_drop: true or false");
      s.no_flop_no_drop = *node.value<bool>();
    } else if (key == "entry") {
      const toml::array* a = node.as_array();
      if (!a) fail(file, "entry: use [[entry]] tables");
      for (const toml::node& n : *a) {
        const toml::table* t = n.as_table();
        if (!t) fail(file, "entry: use [[entry]] tables");
        s.entries.push_back(entry_of(*t, file, s.entries.size()));
      }
    } else {
      fail(file, fmt::format("unknown key \"{}\"", key));
    }
  }
  if (s.site.empty()) fail(file, "site = \"...\" is missing");
  return s;
}

RakeSchedules load_rake_schedules(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw std::runtime_error(fmt::format("rake schedules: {} is not a folder", dir));
  std::vector<fs::path> files;
  for (const auto& de : fs::directory_iterator(dir, ec))
    if (de.is_regular_file() && de.path().extension() == ".toml") files.push_back(de.path());
  if (ec) throw std::runtime_error(fmt::format("rake schedules: cannot read {}", dir));
  std::sort(files.begin(), files.end());
  RakeSchedules out;
  std::set<std::string> seen;
  for (const fs::path& p : files) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    if (!in) throw std::runtime_error(fmt::format("rake schedules: cannot read {}", p.string()));
    SiteRakeSchedule s = parse_rake_schedule(buf.str(), p.string());
    if (!seen.insert(s.site).second)
      fail(p.string(), fmt::format("site \"{}\" already has a schedule file", s.site));
    out.sites.push_back(std::move(s));
  }
  return out;
}

}  // namespace hh
