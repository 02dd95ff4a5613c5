#include "audit/house_rules.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <array>
#include <charconv>
#include <sstream>
#include <stdexcept>

namespace hh {

namespace {

// The text form of each enum option's values.
template <typename E>
using EnumNames = std::span<const std::pair<E, std::string_view>>;

constexpr std::pair<IncompleteRaiseRule, std::string_view> kIncompleteRaiseNames[] = {
    {IncompleteRaiseRule::FullBet, "full-bet"},
    {IncompleteRaiseRule::HalfBet, "half-bet"},
};
constexpr std::pair<LimitSmallBlind, std::string_view> kLimitSmallBlindNames[] = {
    {LimitSmallBlind::HalfRoundedDown, "half-rounded-down"},
    {LimitSmallBlind::BelowBigBlind, "below-big-blind"},
};
constexpr std::pair<KillBlind, std::string_view> kKillBlindNames[] = {
    {KillBlind::Full, "full"},
    {KillBlind::Half, "half"},
};
EnumNames<IncompleteRaiseRule> names_of(IncompleteRaiseRule) { return kIncompleteRaiseNames; }
EnumNames<LimitSmallBlind> names_of(LimitSmallBlind) { return kLimitSmallBlindNames; }
constexpr std::pair<ButtonRule, std::string_view> kButtonRuleNames[] = {
    {ButtonRule::Dead, "dead"},
    {ButtonRule::Moving, "moving"},
    {ButtonRule::BehindBlinds, "behind-blinds"},
};
EnumNames<KillBlind> names_of(KillBlind) { return kKillBlindNames; }
EnumNames<ButtonRule> names_of(ButtonRule) { return kButtonRuleNames; }

template <typename E>
std::string_view name_of(E value) {
  for (const auto& [v, name] : names_of(value))
    if (v == value) return name;
  return "?";
}

// "a, b or c"
template <typename E>
std::string names_list(E value) {
  std::string out;
  const auto names = names_of(value);
  for (std::size_t i = 0; i < names.size(); ++i)
    out += fmt::format("{}{}",
                       i == 0                  ? ""
                       : i + 1 == names.size() ? " or "
                                               : ", ",
                       names[i].second);
  return out;
}

const std::array<HouseRuleOption, 10> kOptions{{
    {"limit_incomplete_raise",
     "limit games: what an all-in raise for less reopens: full-bet or half-bet",
     &HouseRules::limit_incomplete_raise},
    {"pot_limit_small_blind_as_big",
     "pot limit: a small blind under the big blind counts as a big blind in the pot size",
     &HouseRules::pot_limit_small_blind_as_big},
    {"max_bets_per_round", "limit games: most bets in a round, the bet included; 0 for no cap",
     &HouseRules::max_bets_per_round},
    {"uncapped_heads_up", "limit games: no cap when two players start the round",
     &HouseRules::uncapped_heads_up},
    {"limit_small_blind",
     "fixed limit: the small blind is half the small bet rounded down (half-rounded-down) or any "
     "amount under the big blind (below-big-blind)",
     &HouseRules::limit_small_blind},
    {"kill_blind", "kill games: a full kill (two big blinds, limits doubled) or a half kill (1.5)",
     &HouseRules::kill_blind},
    {"short_deck_trips_beat_straight",
     "short deck (6+ Hold'em): three of a kind beats a straight (false: the straight wins)",
     &HouseRules::short_deck_trips_beat_straight},
    {"hilo_low_remainder_to_high",
     "hi/lo: what a split low half cannot divide goes to the high half (false: to the low winners)",
     &HouseRules::hilo_low_remainder_to_high},
    {"button_rule",
     "between hands: the button may stop on the empty seat of a player who left (dead), moves to "
     "the next player dealt in (moving), or is the seated player just before the small blind, "
     "which is just before the big blind (behind-blinds)",
     &HouseRules::button_rule},
    {"big_blind_skips_after_leave",
     "between hands: after a player leaves, the big blind may pass a player (false: it moves "
     "exactly one player on, the dead button's big blind)",
     &HouseRules::big_blind_skips_after_leave},
}};

const HouseRuleOption& option_named(std::string_view name) {
  for (const HouseRuleOption& o : kOptions)
    if (o.name == name) return o;
  std::string known;
  for (const HouseRuleOption& o : kOptions)
    known += fmt::format("{}{}", known.empty() ? "" : ", ", o.name);
  throw std::invalid_argument(
      fmt::format("unknown house rule \"{}\" (the options are: {})", name, known));
}

// The option's value in the text form set_house_rule() reads.
std::string text_of(const HouseRules& rules, const HouseRuleOption& o) {
  return std::visit(
      [&](auto member) -> std::string {
        const auto& v = rules.*member;
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>)
          return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, int>)
          return std::to_string(v);
        else
          return fmt::format("\"{}\"", name_of(v));
      },
      o.field);
}

bool same(const HouseRules& a, const HouseRules& b, const HouseRuleOption& o) {
  return std::visit([&](auto member) { return a.*member == b.*member; }, o.field);
}

// A TOML value in the text form set_house_rule() reads.
std::string text_of(const toml::node& node) {
  if (auto b = node.as_boolean()) return b->get() ? "true" : "false";
  if (auto i = node.as_integer()) return std::to_string(i->get());
  if (auto s = node.as_string()) return s->get();
  return "(a value that is not a boolean, an integer or a string)";
}

void read_table(const toml::table& table, HouseRules& rules, const std::string& where) {
  for (const auto& [key, node] : table) {
    try {
      set_house_rule(rules, key.str(), text_of(node));
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(fmt::format("{}:{}: {}", where, node.source().begin.line, e.what()));
    }
  }
}

}  // namespace

std::span<const HouseRuleOption> house_rule_options() { return kOptions; }

void set_house_rule(HouseRules& rules, std::string_view name, std::string_view value) {
  const HouseRuleOption& o = option_named(name);
  std::visit(
      [&](auto member) {
        auto& v = rules.*member;
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          if (value != "true" && value != "false")
            throw std::invalid_argument(
                fmt::format("house rule {} is true or false, not \"{}\"", name, value));
          v = value == "true";
        } else if constexpr (std::is_same_v<T, int>) {
          int parsed = 0;
          auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
          if (ec != std::errc() || end != value.data() + value.size() || parsed < 0)
            throw std::invalid_argument(fmt::format(
                "house rule {} is a whole number of 0 or more, not \"{}\"", name, value));
          v = parsed;
        } else {
          for (const auto& [e, text] : names_of(v))
            if (text == value) {
              v = e;
              return;
            }
          throw std::invalid_argument(
              fmt::format("house rule {} is {}, not \"{}\"", name, names_list(v), value));
        }
      },
      o.field);
}

const HouseRules& HouseRulesBook::for_site(std::string_view site) const {
  auto it = sites_.find(site);
  return it == sites_.end() ? default_ : it->second;
}

HouseRules& HouseRulesBook::site(const std::string& site) {
  auto it = sites_.find(site);
  if (it == sites_.end()) it = sites_.emplace(site, default_).first;
  return it->second;
}

void HouseRulesBook::override_from(std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    throw std::invalid_argument(
        fmt::format("\"{}\" is not NAME=VALUE or SITE.NAME=VALUE", assignment));
  std::string_view name = assignment.substr(0, eq);
  const std::string_view value = assignment.substr(eq + 1);
  const auto dot = name.find('.');
  if (dot != std::string_view::npos) {
    set_house_rule(site(std::string(name.substr(0, dot))), name.substr(dot + 1), value);
    return;
  }
  set_house_rule(default_, name, value);
  for (auto& [site_name, rules] : sites_) set_house_rule(rules, name, value);
}

HouseRulesBook load_house_rules(const std::filesystem::path& file) {
  toml::table doc;
  try {
    doc = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(
        fmt::format("{}:{}: {}", file.string(), e.source().begin.line, e.description()));
  }
  HouseRulesBook book;
  if (const toml::table* d = doc["default"].as_table())
    read_table(*d, book.default_rules(), file.string());
  for (const auto& [key, node] : doc) {
    if (key.str() == "default") continue;
    const toml::table* t = node.as_table();
    if (!t)
      throw std::runtime_error(fmt::format("{}:{}: \"{}\" must be a table of a site's rules",
                                           file.string(), node.source().begin.line, key.str()));
    read_table(*t, book.site(std::string(key.str())), file.string());
  }
  return book;
}

std::string house_rules_toml(const HouseRulesBook& book) {
  std::ostringstream out;
  out << "[default]\n";
  for (const HouseRuleOption& o : kOptions)
    out << fmt::format("{} = {}  # {}\n", o.name, text_of(book.default_rules(), o), o.meaning);
  for (const auto& [site, rules] : book.sites()) {
    out << fmt::format("\n[{}]\n", site);
    for (const HouseRuleOption& o : kOptions)
      if (!same(rules, book.default_rules(), o))
        out << fmt::format("{} = {}\n", o.name, text_of(rules, o));
  }
  return out.str();
}

}  // namespace hh
