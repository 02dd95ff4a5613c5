#include "parser/phh/reader.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "parser/text/limits.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/unread_cards.hpp"

namespace hh::phh {

namespace {

struct Variant {
  std::string_view code;
  Game game;
  Structure structure;
};

// required.rst: the eleven variants of the standard, each a game of the model.
constexpr std::array<Variant, 11> kVariants{{
    {"FT", games::kHoldem, Structure::FixedLimit},
    {"NT", games::kHoldem, Structure::NoLimit},
    {"NS", games::kShortDeckHoldem, Structure::NoLimit},
    {"PO", games::kOmaha, Structure::PotLimit},
    {"FO/8", games::kOmahaHiLo, Structure::FixedLimit},
    {"F7S", games::kSevenCardStud, Structure::FixedLimit},
    {"F7S/8", games::kSevenCardStudHiLo, Structure::FixedLimit},
    {"FR", games::kRazz, Structure::FixedLimit},
    {"N2L1D", games::kSingleDraw27, Structure::NoLimit},
    {"F2L3D", games::kTripleDraw27, Structure::FixedLimit},
    {"FB", games::kBadugi, Structure::FixedLimit},
}};

// More decimals than this is not money: 10^9 minor units per major unit still leaves 10^9 major
// units in an int64.
constexpr int kMaxDecimals = 9;

Money pow10(int n) {
  Money p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) out.push_back(line);
  return out;
}

// The characters of a TOML number up to what ends it in an array or after `=`.
std::string_view number_token(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && s[n] != ',' && s[n] != ']' && s[n] != ' ' && s[n] != '\t' && s[n] != '#' &&
         s[n] != '\r')
    ++n;
  return s.substr(0, n);
}

// Byte offset of the `column`-th code point (1-based) of a UTF-8 line.
std::size_t byte_of_code_point(std::string_view line, std::size_t column) {
  std::size_t i = 0;
  for (std::size_t cp = 1; cp < column && i < line.size(); ++cp) {
    ++i;
    while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

bool same_number(const Decimal& d, const toml::node& n) {
  if (d.infinite) return n.is_floating_point() && std::isinf(*n.value<double>());
  if (auto i = n.value_exact<std::int64_t>()) return d.decimals == 0 && d.mantissa == *i;
  if (auto f = n.value_exact<double>()) {
    const double v = static_cast<double>(d.mantissa) / static_cast<double>(pow10(d.decimals));
    return std::fabs(v - *f) <= 1e-9 * std::max(1.0, std::fabs(*f));
  }
  return false;
}

class HandReader {
 public:
  HandReader(const toml::table& t, const std::vector<std::string_view>& lines,
             std::uint32_t first_line, std::string_view raw, std::uint64_t byte_offset,
             std::uint32_t hand_line, const std::string& file)
      : t_(t), lines_(lines), first_line_(first_line) {
    h_.site = "phh";
    h_.source = {file, byte_offset, hand_line};
    h_.raw = std::string(raw);
    h_.uncalled_style = UncalledStyle::Printed;  // the reader returns it (state_results)
  }

  Hand read() {
    check_keys();
    if (!read_variant() || !read_amounts() || !read_seats()) return std::move(h_);
    read_details();
    post_forced_bets();
    play_actions();
    state_results();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  // An amount as written, with the line it is on.
  struct Written {
    Decimal value;
    std::uint32_t line{0};
  };

  std::uint32_t line_of(const toml::node& n) const {
    return first_line_ + static_cast<std::uint32_t>(n.source().begin.line) - 1;
  }
  std::uint32_t line_of_key(std::string_view key) const {
    const toml::node* n = t_.get(key);
    return n ? line_of(*n) : h_.source.line;
  }

  void issue(std::uint32_t line, std::string expected, std::string_view got) {
    h_.issues.push_back({line, std::move(expected), std::string(got.substr(0, 120)), 0});
  }

  // A number read from its source text (toml++ would give a double for "0.50").
  std::optional<Decimal> number(const toml::node& n) {
    if (!n.is_number()) {
      issue(line_of(n), "a number", "");
      return std::nullopt;
    }
    const auto& pos = n.source().begin;
    if (pos.line >= 1 && pos.line <= lines_.size()) {
      const std::string_view line = lines_[pos.line - 1];
      // toml++ counts columns in bytes or in code points depending on its build: try both, the
      // code points (a walk along the line) only when the bytes do not give the number.
      const auto at = [&](std::size_t byte) -> std::optional<Decimal> {
        if (byte >= line.size()) return std::nullopt;
        if (auto d = parse_decimal(number_token(line.substr(byte))); d && same_number(*d, n))
          return d;
        return std::nullopt;
      };
      if (auto d = at(static_cast<std::size_t>(pos.column - 1))) return d;
      if (auto d = at(byte_of_code_point(line, pos.column))) return d;
    }
    issue(line_of(n), "a non-negative number of at most 18 digits", "");
    return std::nullopt;
  }

  std::optional<Written> field_number(std::string_view key) {
    const toml::node* n = t_.get(key);
    if (!n) return std::nullopt;
    auto d = number(*n);
    if (!d) return std::nullopt;
    return Written{*d, line_of(*n)};
  }

  std::vector<Written> field_numbers(std::string_view key) {
    std::vector<Written> out;
    const toml::node* n = t_.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) {
      issue(line_of(*n), std::string(key) + " as an array of numbers", "");
      return out;
    }
    // One number a player: past a table's seats the rest is not read (read_seats says so).
    for (const toml::node& e : *a) {
      if (out.size() > kMaxSeats) break;
      auto d = number(e);
      out.push_back({d.value_or(Decimal{}), line_of(e)});
    }
    return out;
  }

  // PHH identifies a hand by its event, day, table and number (docs/sites/phh.md): hand 1 of two
  // events, or of two tables, is two hands. A hand hhaudit wrote from a card room (`_site`)
  // keeps the room's own number, which the room keeps unique.
  std::string identity() const {
    std::string id = field_string("hand");
    if (id.empty() || t_.get("_site")) return id;
    std::string key;
    auto part = [&](const std::string& p) {
      if (!p.empty()) key += p + " | ";
    };
    part(field_string("event"));
    const auto year = t_["year"].value<std::int64_t>();
    const auto month = t_["month"].value<std::int64_t>();
    const auto day = t_["day"].value<std::int64_t>();
    if (day)
      part((year ? std::to_string(*year) + "-" : "") + (month ? std::to_string(*month) + "-" : "") +
           std::to_string(*day));
    part(field_string("table"));
    return key + id;
  }

  std::string field_string(std::string_view key) const {
    const toml::node* n = t_.get(key);
    if (!n) return {};
    if (auto s = n->value_exact<std::string>()) return *s;
    if (auto i = n->value_exact<std::int64_t>()) return std::to_string(*i);
    return {};
  }

  // Every key of the standard (phh.readthedocs.io, "Required fields" and "Optional fields");
  // a key of one's own begins with '_' and is free (the reader reads _rake, _total_pot, _chip,
  // _site, _tournament, _tournament_id and the _fee_ lists). Any other key may be a field of
  // play or money misspelt or of a later version: it is not read, and said so.
  void check_keys() {
    static constexpr std::array<std::string_view, 39> kKeys = {"variant",
                                                               "ante_trimming_status",
                                                               "antes",
                                                               "blinds_or_straddles",
                                                               "bring_in",
                                                               "small_bet",
                                                               "big_bet",
                                                               "min_bet",
                                                               "starting_stacks",
                                                               "actions",
                                                               "author",
                                                               "event",
                                                               "url",
                                                               "venue",
                                                               "address",
                                                               "city",
                                                               "region",
                                                               "postal_code",
                                                               "country",
                                                               "time",
                                                               "time_zone",
                                                               "time_zone_abbreviation",
                                                               "day",
                                                               "month",
                                                               "year",
                                                               "hand",
                                                               "level",
                                                               "seats",
                                                               "seat_count",
                                                               "table",
                                                               "players",
                                                               "finishing_stacks",
                                                               "winnings",
                                                               "currency",
                                                               "currency_symbol",
                                                               "total_pot",
                                                               "rake",
                                                               "time_limit",
                                                               "time_banks"};
    for (const auto& [key, node] : t_) {
      const std::string_view k = key.str();
      if (starts_with(k, "_") || std::find(kKeys.begin(), kKeys.end(), k) != kKeys.end()) continue;
      issue(line_of(node), "a PHH key (variant, antes, blinds_or_straddles, ...) or _NAME", k);
    }
  }

  bool read_variant() {
    const std::string code = field_string("variant");
    if (code.empty()) {
      issue(h_.source.line, "variant = CODE (NT, FT, PO, ...)", "");
      return false;
    }
    h_.limit_text = code;
    for (const Variant& v : kVariants)
      if (v.code == code) {
        h_.game = v.game;
        h_.structure = v.structure;
      }
    // A variant the standard may add later: its money is audited, its showdowns are not.
    return true;
  }

  // Every amount of the hand is read first: the unit is chosen from the most decimals.
  bool read_amounts() {
    antes_ = field_numbers("antes");
    blinds_ = field_numbers("blinds_or_straddles");
    starting_ = field_numbers("starting_stacks");
    finishing_ = field_numbers("finishing_stacks");
    winnings_ = field_numbers("winnings");
    bring_in_ = field_number("bring_in");
    small_bet_ = field_number("small_bet");
    big_bet_ = field_number("big_bet");
    min_bet_ = field_number("min_bet");
    rake_ = field_number("_rake");
    total_pot_ = field_number("_total_pot");
    chip_ = field_number("_chip");
    const toml::node* acts = t_.get("actions");
    if (!acts || !acts->as_array()) {
      issue(acts ? line_of(*acts) : h_.source.line, "actions = [\"...\", ...]", "");
      return false;
    }
    for (const toml::node& e : *acts->as_array()) {
      auto s = e.value_exact<std::string>();
      actions_.push_back({s.value_or(""), line_of(e)});
      if (!s) issue(line_of(e), "an action as a string", "");
    }
    int decimals = 0;
    auto widen = [&](const Written& w) { decimals = std::max(decimals, w.value.decimals); };
    for (const auto* list : {&antes_, &blinds_, &starting_, &finishing_, &winnings_})
      for (const Written& w : *list) widen(w);
    for (const auto* one :
         {&bring_in_, &small_bet_, &big_bet_, &min_bet_, &rake_, &total_pot_, &chip_})
      if (*one) widen(**one);
    for (const auto& [text, line] : actions_)
      if (auto amount = action_amount(text)) widen({*amount, line});
    if (decimals > kMaxDecimals) {
      issue(h_.source.line, "amounts of at most 9 decimals", std::to_string(decimals));
      return false;
    }
    decimals_ = decimals;
    h_.unit = static_cast<int>(pow10(decimals));
    return true;
  }

  // The amount of a "pN cbr X" action, if the action is one.
  static std::optional<Decimal> action_amount(std::string_view text) {
    auto words = action_words(text);
    if (words.size() == 3 && words[1] == "cbr") return parse_decimal(words[2]);
    return std::nullopt;
  }

  // An action's words, without its "# commentary".
  static std::vector<std::string_view> action_words(std::string_view text) {
    if (auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
      std::size_t j = i;
      while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
      if (j > i) words.push_back(text.substr(i, j - i));
      i = j;
    }
    return words;
  }

  Money money(const Decimal& d, std::uint32_t line) {
    const Money scale = pow10(decimals_ - d.decimals);
    if (d.mantissa > std::numeric_limits<Money>::max() / scale) {
      issue(line, "an amount that fits in 64 bits", "");
      return 0;
    }
    return d.mantissa * scale;
  }
  Money money(const Written& w) { return money(w.value, w.line); }

  bool read_seats() {
    const std::size_t n = starting_.size();
    if (n < 2) {
      issue(line_of_key("starting_stacks"), "starting_stacks of two players or more", "");
      return false;
    }
    if (n > kMaxSeats) {
      issue(line_of_key("starting_stacks"), max_seats_expected(),
            "more than " + std::to_string(kMaxSeats) + " starting stacks");
      return false;
    }
    auto check_length = [&](const std::vector<Written>& v, std::string_view key) {
      if (!v.empty() && v.size() != n)
        issue(line_of_key(key), std::string(key) + " of one value per player",
              std::to_string(v.size()) + " values for " + std::to_string(n) + " players");
    };
    check_length(antes_, "antes");
    check_length(blinds_, "blinds_or_straddles");
    check_length(finishing_, "finishing_stacks");
    check_length(winnings_, "winnings");
    std::vector<std::int64_t> seat_numbers;
    if (const toml::array* a = t_.get_as<toml::array>("seats"))
      for (const toml::node& e : *a) seat_numbers.push_back(e.value_or<std::int64_t>(0));
    if (!seat_numbers.empty() && seat_numbers.size() != n) {
      issue(line_of_key("seats"), "seats of one number per player", "");
      seat_numbers.clear();
    }
    std::vector<std::string> names;
    if (const toml::array* a = t_.get_as<toml::array>("players"))
      for (const toml::node& e : *a) names.push_back(e.value_or<std::string>(""));
    for (std::size_t i = 0; i < n; ++i) {
      Seat s;
      s.seat = seat_numbers.empty() ? static_cast<int>(i + 1) : static_cast<int>(seat_numbers[i]);
      s.player = i < names.size() && !names[i].empty() ? names[i] : "p" + std::to_string(i + 1);
      if (starting_[i].value.infinite) {
        s.stack_unknown = true;
      } else {
        s.stack = money(starting_[i]);
      }
      for (const Seat& other : h_.seats)
        if (other.seat == s.seat || other.player == s.player)
          issue(starting_[i].line, "one seat and one name per player", s.player);
      h_.seats.push_back(std::move(s));
    }
    players_ = n;
    committed_.assign(n, 0);
    contributed_.assign(n, 0);
    dead_.assign(n, 0);
    folded_.assign(n, false);
    remaining_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      remaining_[i] =
          h_.seats[i].stack_unknown ? std::numeric_limits<Money>::max() / 4 : h_.seats[i].stack;
    h_.max_seats =
        static_cast<int>(t_.get("seat_count") ? t_["seat_count"].value_or<std::int64_t>(0) : 0);
    for (const Seat& s : h_.seats) h_.max_seats = std::max(h_.max_seats, s.seat);
    return true;
  }

  void read_details() {
    // A hand hhaudit wrote from another site's history keeps that site, whose house rules apply.
    if (std::string site = field_string("_site"); !site.empty()) h_.site = std::move(site);
    h_.site_hand_id = identity();
    h_.table_name = field_string("table");
    h_.currency = field_string("currency");
    h_.tournament = t_.get("level") != nullptr || t_["_tournament"].value_or(false);
    h_.tournament_id = field_string("_tournament_id");
    if (blinds_.size() >= 2) h_.small_blind = money(blinds_[0]);
    if (h_.structure == Structure::FixedLimit) {
      // The model's fixed-limit stakes are the two bet sizes (Hand::live_big_blind).
      if (small_bet_) h_.small_bet = money(*small_bet_);
      if (big_bet_) h_.big_bet = money(*big_bet_);
      h_.small_blind = h_.small_bet;
      h_.big_blind = h_.big_bet;
    } else if (min_bet_) {
      h_.big_blind = money(*min_bet_);
    } else if (blinds_.size() >= 2) {
      h_.big_blind = money(blinds_[1]);
    }
    if (rake_) h_.rake = money(*rake_);
    if (total_pot_) h_.total_pot = money(*total_pot_);
    if (chip_) h_.chip = money(*chip_);
    read_fees();
    if (!h_.game.is_stud() && !blinds_.empty())
      h_.button_seat = h_.seats.back().seat;  // the last player is on the button
    read_time();
  }

  // Fees the writer kept in user fields: _fee_names = ["jackpot"], _fee_amounts = [0.50].
  void read_fees() {
    const toml::array* names = t_.get_as<toml::array>("_fee_names");
    std::vector<Written> amounts = field_numbers("_fee_amounts");
    if (!names) return;
    for (std::size_t i = 0; i < names->size() && i < amounts.size(); ++i)
      h_.fees.push_back({(*names)[i].value_or<std::string>(""), money(amounts[i])});
  }

  void read_time() {
    const toml::node* time = t_.get("time");
    const auto year = t_["year"].value<std::int64_t>();
    const auto month = t_["month"].value<std::int64_t>();
    const auto day = t_["day"].value<std::int64_t>();
    if (!time || !time->is_time() || !year || !month || !day) return;
    const toml::time tm = *time->value<toml::time>();
    const std::string date =
        std::to_string(*year) + "/" + std::to_string(*month) + "/" + std::to_string(*day);
    const std::string clock =
        std::to_string(tm.hour) + ":" + std::to_string(tm.minute) + ":" + std::to_string(tm.second);
    // optional.rst: the time is in time_zone or time_zone_abbreviation; else, with a city, a
    // region and a country, in the venue's zone (not known here: left unset); else in UTC.
    if (std::string zone = field_string("time_zone"); !zone.empty()) {
      h_.started_at_utc = to_utc_iana(date, clock, zone);
    } else if (std::string abbr = field_string("time_zone_abbreviation"); !abbr.empty()) {
      h_.started_at_utc = to_utc(date, clock, abbr);
    } else if (!t_.get("city") || !t_.get("region") || !t_.get("country")) {
      h_.started_at_utc = to_utc_iana(date, clock, "UTC");
    }
  }

  // required.rst: in heads-up the antes and blinds are assigned in reverse.
  std::size_t payer_of(std::size_t index) const {
    return players_ == 2 ? players_ - 1 - index : index;
  }

  Event& add(EventKind kind, std::size_t player, std::uint32_t line) {
    Event e;
    e.kind = kind;
    e.street = street_;
    e.seat = h_.seats[player].seat;
    e.line = line;
    h_.events.push_back(std::move(e));
    return h_.events.back();
  }

  // Puts chips in from a player's stack (no more than it holds: the stack is the limit PHH's own
  // engine applies); true when that leaves nothing behind.
  Money put_in(std::size_t p, Money amount) {
    if (!h_.seats[p].stack_unknown) amount = std::min(amount, remaining_[p]);
    remaining_[p] -= amount;
    contributed_[p] += amount;
    return amount;
  }
  bool all_in(std::size_t p) const { return !h_.seats[p].stack_unknown && remaining_[p] == 0; }

  void post_forced_bets() {
    street_ = Street::Setup;
    // Antes every player posts alike are antes; antes of some players only (a big blind ante, a
    // button ante) are dead money nobody matches, as a dead blind is.
    bool uniform = antes_.size() == players_;
    for (const Written& a : antes_) uniform = uniform && money(a) == money(antes_.front());
    for (std::size_t i = 0; i < antes_.size() && i < players_; ++i) {
      const std::size_t p = payer_of(i);
      const Money a = money(antes_[i]);
      if (a <= 0) continue;
      Event& e = add(uniform ? EventKind::PostAnte : EventKind::PostDead, p, antes_[i].line);
      e.amount = put_in(p, a);
      if (!uniform) dead_[p] += e.amount;
      e.all_in = all_in(p);
      h_.ante = std::max(h_.ante, a);
    }
    for (std::size_t i = 0; i < blinds_.size() && i < players_; ++i) {
      const std::size_t p = payer_of(i);
      const Money b = money(blinds_[i]);
      if (b <= 0) continue;
      const EventKind kind = i == 0   ? EventKind::PostSmallBlind
                             : i == 1 ? EventKind::PostBigBlind
                                      : EventKind::PostStraddle;
      Event& e = add(kind, p, blinds_[i].line);
      e.amount = put_in(p, b);
      committed_[p] += e.amount;
      e.to = committed_[p];
      e.all_in = all_in(p);
      to_match_ = std::max(to_match_, committed_[p]);
    }
    street_ = Street::Preflop;
  }

  void next_street(Street s) {
    street_ = s;
    std::fill(committed_.begin(), committed_.end(), 0);
    to_match_ = 0;
    betting_seen_ = false;
  }

  // The street after `s` (the enum is in the order of play); stud ends on the seventh.
  static Street after(Street s) {
    return s >= Street::Seventh ? Street::Seventh
                                : static_cast<Street>(static_cast<std::uint8_t>(s) + 1);
  }

  // "Ac2d" -> "Ac 2d"; unknown cards ("??") are left out.
  static std::string spaced_cards(std::string_view packed) {
    std::string out;
    for (std::size_t i = 0; i + 1 < packed.size(); i += 2) {
      if (packed[i] == '?' || packed[i + 1] == '?') continue;
      if (!out.empty()) out += ' ';
      out.append(packed.substr(i, 2));
    }
    return out;
  }

  std::optional<std::size_t> player_index(std::string_view actor, std::uint32_t line) {
    if (actor.size() >= 2 && actor[0] == 'p') {
      std::size_t n = 0;
      for (char c : actor.substr(1)) {
        if (c < '0' || c > '9') {
          n = 0;
          break;
        }
        n = n * 10 + static_cast<std::size_t>(c - '0');
        if (n > players_) break;
      }
      if (n >= 1 && n <= players_) return n - 1;
    }
    issue(line, "a player p1..p" + std::to_string(players_), actor);
    return std::nullopt;
  }

  void play_actions() {
    for (const auto& [text, line] : actions_) play(text, line);
  }

  void play(std::string_view text, std::uint32_t line) {
    const std::vector<std::string_view> w = action_words(text);
    if (w.empty()) return;  // a commentary alone
    if (w[0] == "d") {
      deal(w, text, line);
      return;
    }
    auto p = player_index(w[0], line);
    if (!p) return;
    const std::string_view verb = w.size() >= 2 ? w[1] : std::string_view{};
    if (verb == "sd" && w.size() <= 3) {
      if (h_.game.is_draw() && !drawing_) next_street(after(street_));
      drawing_ = true;
      const std::size_t count = w.size() == 3 ? w[2].size() / 2 : 0;
      Event& e = add(count ? EventKind::Discards : EventKind::StandsPat, *p, line);
      e.count = static_cast<int>(count);
      if (count) e.cards = EventCards::read(spaced_cards(w[2]));
      return;
    }
    if (verb == "sm" && w.size() <= 3) {
      street_ = Street::Showdown;
      const std::string cards = w.size() == 3 && w[2] != "-" ? spaced_cards(w[2]) : "";
      add(cards.empty() ? EventKind::Mucks : EventKind::Shows, *p, line).cards =
          EventCards::read(cards);
      return;
    }
    drawing_ = false;
    betting_seen_ = true;
    if (verb == "f" && w.size() == 2) {
      folded_[*p] = true;
      add(EventKind::Fold, *p, line);
    } else if (verb == "cc" && w.size() == 2) {
      const Money owed = to_match_ - committed_[*p];
      if (owed <= 0) {
        add(EventKind::Check, *p, line);
        return;
      }
      Event& e = add(EventKind::Call, *p, line);
      e.amount = put_in(*p, owed);
      committed_[*p] += e.amount;
      e.to = committed_[*p];
      e.all_in = all_in(*p);
    } else if (verb == "cbr" && w.size() == 3) {
      auto d = parse_decimal(w[2]);
      if (!d || d->infinite) {
        issue(line, "pN cbr AMOUNT", text);
        return;
      }
      const Money to = money(*d, line);
      const bool raise = to_match_ > 0;
      Event& e = add(raise ? EventKind::Raise : EventKind::Bet, *p, line);
      // What the text states is the total: the chips it takes are that minus the bet so far.
      e.amount = to - committed_[*p];
      if (e.amount < 0) issue(line, "a bet or raise to more than the player's bet so far", text);
      if (!h_.seats[*p].stack_unknown) remaining_[*p] -= e.amount;
      contributed_[*p] += e.amount;
      e.to = to;
      if (raise) e.raise_by = to - to_match_;
      e.all_in = all_in(*p);
      committed_[*p] = to;
      to_match_ = std::max(to_match_, to);
    } else if (verb == "pb" && w.size() == 2) {
      Event& e = add(EventKind::BringIn, *p, line);
      e.amount = put_in(*p, bring_in_ ? money(*bring_in_) : 0);
      committed_[*p] += e.amount;
      e.to = committed_[*p];
      e.all_in = all_in(*p);
      to_match_ = std::max(to_match_, committed_[*p]);
    } else {
      issue(line, "an action: pN f, pN cc, pN cbr X, pN pb, pN sd [CARDS], pN sm [CARDS]", text);
    }
  }

  void deal(const std::vector<std::string_view>& w, std::string_view text, std::uint32_t line) {
    if (w.size() == 4 && w[1] == "dh") {
      auto p = player_index(w[2], line);
      if (!p) return;
      // Stud deals each street's cards: after a betting round they open the next street.
      if (h_.game.is_stud() && betting_seen_) next_street(after(street_));
      const std::string cards = spaced_cards(w[3]);
      if (!cards.empty()) add(EventKind::DealtHole, *p, line).cards = EventCards::read(cards);
      return;
    }
    if (w.size() == 3 && w[1] == "db") {
      board_cards_ += static_cast<int>(w[2].size() / 2);
      next_street(board_cards_ <= 3   ? Street::Flop
                  : board_cards_ == 4 ? Street::Turn
                                      : Street::River);
      Event e;
      e.kind = EventKind::Board;
      e.street = street_;
      e.cards = EventCards::read(spaced_cards(w[2]));
      e.line = line;
      h_.events.push_back(std::move(e));
      return;
    }
    issue(line, "a dealing action: d dh pN CARDS or d db CARDS", text);
  }

  // The part of the largest live contribution nobody matched, which PHH's rules give back.
  std::pair<std::size_t, Money> uncalled() const {
    auto live = [&](std::size_t i) { return contributed_[i] - dead_[i]; };
    std::size_t top = 0;
    for (std::size_t i = 1; i < players_; ++i)
      if (live(i) > live(top)) top = i;
    Money second = 0;
    for (std::size_t i = 0; i < players_; ++i)
      if (i != top) second = std::max(second, live(i));
    return {top, live(top) - second};
  }

  // What the hand states about its result (winnings after rake, finishing stacks) becomes the
  // collections and the summary the audit checks them by.
  void state_results() {
    const auto [top, excess] = uncalled();
    // PHH states no return: the game's rules make it, and `winnings` never hold it.
    if (excess > 0) {
      Event e;
      e.kind = EventKind::UncalledReturned;
      e.street = street_ == Street::Showdown ? Street::Showdown : street_;
      e.seat = h_.seats[top].seat;
      e.amount = excess;
      e.line = h_.source.line;
      h_.events.push_back(std::move(e));
    }
    std::vector<std::optional<Money>> won(players_);
    if (winnings_.size() == players_) {
      for (std::size_t i = 0; i < players_; ++i) won[i] = money(winnings_[i]);
    } else if (finishing_.size() == players_) {
      for (std::size_t i = 0; i < players_; ++i) {
        if (h_.seats[i].stack_unknown) continue;
        const Money back = i == top ? excess : 0;
        won[i] = money(finishing_[i]) - (h_.seats[i].stack - contributed_[i] + back);
      }
    } else {
      std::size_t left = 0, last = 0;
      for (std::size_t i = 0; i < players_; ++i)
        if (!folded_[i]) ++left, last = i;
      // Everyone else folded: the pot is the last player's (PHH names no rake).
      if (left == 1) {
        Money pot = 0;
        for (Money c : contributed_) pot += c;
        won[last] = pot - excess;
      }
    }
    for (std::size_t i = 0; i < players_; ++i) {
      if (won[i] && *won[i] > 0) {
        Event e;
        e.kind = EventKind::Collected;
        e.street = Street::Showdown;
        e.seat = h_.seats[i].seat;
        e.amount = *won[i];
        e.line = winnings_.size() == players_    ? winnings_[i].line
                 : finishing_.size() == players_ ? finishing_[i].line
                                                 : h_.source.line;
        h_.events.push_back(std::move(e));
      }
    }
    if (winnings_.size() != players_ && finishing_.size() != players_) return;
    for (std::size_t i = 0; i < players_; ++i) {
      SummarySeat s;
      s.seat = h_.seats[i].seat;
      s.player = h_.seats[i].player;
      s.folded = folded_[i];
      // Without winnings, what the finishing stack says the player won.
      s.won = winnings_.size() == players_ ? money(winnings_[i])
                                           : std::max<Money>(0, won[i].value_or(0));
      s.has_won = s.won > 0;
      if (winnings_.size() == players_) s.line = winnings_[i].line;
      if (finishing_.size() == players_) {
        s.final_stack = money(finishing_[i]);
        s.line = finishing_[i].line;
      }
      h_.summary.push_back(std::move(s));
    }
  }

  const toml::table& t_;
  const std::vector<std::string_view>& lines_;
  std::uint32_t first_line_;
  Hand h_;
  std::vector<Written> antes_, blinds_, starting_, finishing_, winnings_;
  std::optional<Written> bring_in_, small_bet_, big_bet_, min_bet_, rake_, total_pot_, chip_;
  std::vector<std::pair<std::string, std::uint32_t>> actions_;
  int decimals_{0};
  std::size_t players_{0};
  Street street_{Street::Setup};
  std::vector<Money> committed_;    // this street's bet of each player
  std::vector<Money> contributed_;  // over the hand
  std::vector<Money> dead_;         // of it, dead antes nobody matches
  std::vector<Money> remaining_;    // stack behind
  std::vector<bool> folded_;
  Money to_match_{0};
  bool betting_seen_{false};  // a player bet, called, checked or folded on this street
  bool drawing_{false};       // the last player action was a draw (sd)
  int board_cards_{0};
};

bool is_table_key(std::string_view line) {
  if (line.size() < 3 || line.front() != '[' || line.back() != ']') return false;
  for (char c : line.substr(1, line.size() - 2))
    if (c < '0' || c > '9') return false;
  return true;
}

Hand unreadable(const HandText& text, const std::string& file, std::uint32_t line,
                std::string expected, std::string got) {
  Hand h;
  h.site = "phh";
  h.source = {file, text.byte_offset, text.line};
  h.raw = std::string(text.text);
  h.issues.push_back({line, std::move(expected), std::move(got), 0});
  return h;
}

// What a PHH document may hold, checked before toml++ parses it: toml++ recurses on each part of
// a dotted key and each nested array or inline table, and a document of 80 KB (a key of 40,000
// parts, or a [a.a.a...] header) overflowed the stack. A PHH hand needs keys of one or two parts
// (`[N]` then `variant`) and arrays of arrays of strings at most.
constexpr std::size_t kMaxDocumentBytes = std::size_t{8} << 20;
constexpr int kMaxKeyParts = 8;
constexpr int kMaxNesting = 8;

struct Refusal {
  std::uint32_t line;  // 1-based, in the document
  std::string expected;
  std::string got;
};

// The first thing in `text` past the limits above, or nullopt. Reads the TOML lexically: strings
// (basic, literal, multi-line, with escapes) and comments are skipped; outside them each '[' or
// '{' opens a level and each '.' adds a key part until '=', ',', a bracket or a line end.
std::optional<Refusal> past_limits(std::string_view text) {
  if (text.size() > kMaxDocumentBytes)
    return Refusal{1,
                   "a PHH document of at most " + std::to_string(kMaxDocumentBytes >> 20) + " MiB",
                   std::to_string(text.size()) + " bytes"};
  std::uint32_t line = 1;
  int depth = 0, dots = 0;
  std::size_t i = 0;
  const auto got_here = [&](std::size_t at) {
    const std::size_t from = text.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t begin = from == std::string_view::npos || at == 0 ? 0 : from + 1;
    return std::string(text.substr(begin, 60));
  };
  // Skips a string opened by `quote` at i (one or three quotes); lines counted.
  const auto skip_string = [&](char quote) {
    const std::string_view three = quote == '"' ? "\"\"\"" : "\'\'\'";
    const bool multi = text.substr(i, 3) == three;
    i += multi ? 3 : 1;
    while (i < text.size()) {
      const char c = text[i];
      if (c == '\\' && quote == '"') {
        if (i + 1 < text.size() && text[i + 1] == '\n') ++line;  // a line-ending backslash
        i += 2;
        continue;
      }
      if (c == '\n') {
        if (!multi) return;  // an unterminated string (toml++ says so): the line ends here
        ++line;
      }
      if (c == quote && (!multi || text.substr(i, 3) == three)) {
        i += multi ? 3 : 1;
        // A multi-line string may end in up to two more quotes.
        while (multi && i < text.size() && text[i] == quote) ++i;
        return;
      }
      ++i;
    }
  };
  while (i < text.size()) {
    const char c = text[i];
    switch (c) {
      case '"':
      case '\'':
        skip_string(c);
        continue;
      case '#':
        while (i < text.size() && text[i] != '\n') ++i;
        continue;
      case '\n':
        ++line;
        dots = 0;
        break;
      case '[':
      case '{':
        if (++depth > kMaxNesting)
          return Refusal{
              line, "arrays and tables nested at most " + std::to_string(kMaxNesting) + " deep",
              got_here(i)};
        dots = 0;
        break;
      case ']':
      case '}':
        depth = std::max(0, depth - 1);
        dots = 0;
        break;
      case '=':
      case ',':
        dots = 0;
        break;
      case '.':
        if (++dots >= kMaxKeyParts)
          return Refusal{line, "keys of at most " + std::to_string(kMaxKeyParts) + " parts",
                         got_here(i)};
        break;
      default:
        break;
    }
    ++i;
  }
  return std::nullopt;
}

}  // namespace

bool is_table_header(std::string_view line) { return is_table_key(trim(line)); }

bool is_hand_start(std::string_view line) {
  if (is_table_header(line)) return true;
  if (!starts_with(line, "variant")) return false;
  std::string_view rest = trim(line.substr(7));
  return starts_with(rest, "=");
}

bool is_comment_only(std::string_view text) {
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    line = trim(line);
    if (!line.empty() && line.front() != '#') return false;
  }
  return true;
}

std::optional<Decimal> parse_decimal(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s == "inf") return Decimal{0, 0, true};
  Decimal d;
  int digits = 0;
  bool in_fraction = false, any = false;
  char prev = 0;
  std::size_t i = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      if (++digits > 18) return std::nullopt;
      d.mantissa = d.mantissa * 10 + (c - '0');
      if (in_fraction) ++d.decimals;
      any = true;
    } else if (c == '_' && prev >= '0' && prev <= '9' && i + 1 < s.size()) {
      // TOML: an underscore between digits
    } else if (c == '.' && !in_fraction && any) {
      in_fraction = true;
    } else {
      break;
    }
    prev = c;
  }
  if (!any || prev == '.' || prev == '_') return std::nullopt;
  if (i < s.size()) {
    if (s[i] != 'e' && s[i] != 'E') return std::nullopt;
    std::string_view e = s.substr(i + 1);
    bool negative = false;
    if (!e.empty() && (e.front() == '+' || e.front() == '-')) {
      negative = e.front() == '-';
      e.remove_prefix(1);
    }
    if (e.empty() || e.size() > 2) return std::nullopt;
    int exp = 0;
    for (char c : e) {
      if (c < '0' || c > '9') return std::nullopt;
      exp = exp * 10 + (c - '0');
    }
    d.decimals += negative ? exp : -exp;
    while (d.decimals < 0) {
      if (++digits > 18) return std::nullopt;
      d.mantissa *= 10;
      ++d.decimals;
    }
  }
  return d;
}

std::string_view variant_code(const Game& game, Structure structure) {
  for (const Variant& v : kVariants)
    if (v.game == game && v.structure == structure) return v.code;
  return {};
}

std::vector<Hand> read_document(const HandText& text, const std::string& file) {
  std::vector<Hand> hands;
  if (const std::optional<Refusal> r = past_limits(text.text)) {
    hands.push_back(unreadable(text, file, text.line + r->line - 1, r->expected, r->got));
    return hands;
  }
  toml::table root;
  try {
    root = toml::parse(text.text, file);
  } catch (const toml::parse_error& e) {
    const auto& at = e.source().begin;
    hands.push_back(unreadable(text, file, text.line + static_cast<std::uint32_t>(at.line) - 1,
                               "a TOML document (" + std::string(e.description()) + ")", ""));
    return hands;
  }
  const std::vector<std::string_view> lines = split_lines(text.text);
  // Byte offset of each line within the piece.
  std::vector<std::size_t> offsets;
  offsets.reserve(lines.size() + 1);
  for (std::string_view l : lines)
    offsets.push_back(static_cast<std::size_t>(l.data() - text.text.data()));
  offsets.push_back(text.text.size());
  // A piece's lines [from, to) without trailing blank lines.
  auto slice = [&](std::size_t from, std::size_t to) {
    while (to > from && is_blank_line(lines[to - 1])) --to;
    const std::size_t begin = offsets[from];
    const std::size_t end = to > from ? offsets[to - 1] + lines[to - 1].size() : begin;
    return std::pair{begin, text.text.substr(begin, end - begin)};
  };
  if (root.contains("variant")) {  // a .phh: the document is the hand
    hands.push_back(
        HandReader(root, lines, text.line, text.text, text.byte_offset, text.line, file).read());
    return hands;
  }
  // A .phhs: each [N] table, in the order of the file.
  std::vector<std::pair<std::size_t, const toml::table*>> tables;
  for (const auto& [key, node] : root) {
    const toml::table* t = node.as_table();
    if (!t || !is_table_key("[" + std::string(key.str()) + "]")) {
      hands.push_back(unreadable(
          text, file, text.line + static_cast<std::uint32_t>(node.source().begin.line) - 1,
          "a hand table [N] holding variant = CODE", std::string(key.str())));
      continue;
    }
    tables.push_back({static_cast<std::size_t>(t->source().begin.line), t});
  }
  std::sort(tables.begin(), tables.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 0; k < tables.size(); ++k) {
    const std::size_t from = tables[k].first - 1;
    const std::size_t to = k + 1 < tables.size() ? tables[k + 1].first - 1 : lines.size();
    const auto [begin, raw] = slice(from, to);
    hands.push_back(HandReader(*tables[k].second, lines, text.line, raw, text.byte_offset + begin,
                               text.line + static_cast<std::uint32_t>(from), file)
                        .read());
    report_unread_cards(hands.back());
  }
  return hands;
}

}  // namespace hh::phh
