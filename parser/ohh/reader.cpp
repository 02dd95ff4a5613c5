// Reading one OHH hand object into a Hand. The object is walked field by field in any order;
// every amount is taken from its number's text (parse_amount), never through a double. What OHH
// states about the result becomes the hand's summary: pots[].amount (rake and jackpot included),
// pots[].rake and .jackpot, player_wins[].win_amount (collections, per pot), cashout_amount and
// cashout_fee. OHH prints no uncalled bets: the part of a bet nobody called goes back silently,
// and the audit derives it (UncalledStyle::Silent).
#include <simdjson.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "parser/ohh/ohh.hpp"
#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/unread_cards.hpp"

namespace hh::ohh {

namespace od = simdjson::ondemand;

bool is_hand_start(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  if (line == "{") return true;
  if (!starts_with(line, "{")) return false;
  line.remove_prefix(1);
  line = trim(line);
  return starts_with(line, "\"ohh\"");
}

namespace {

// A problem with the hand's content: becomes a ParseIssue, the hand stays readable.
struct Bad {
  std::string expected;
  std::string got;
  const char* at{nullptr};  // where in the text, for the line
};

struct RawAction {
  std::string action;
  int player_id{-1};
  std::string_view amount;  // the number's text; empty when absent
  bool all_in{false};
  std::string cards;
  const char* at{nullptr};
};

struct RawRound {
  std::string street;
  std::string cards;
  std::vector<RawAction> actions;
  const char* at{nullptr};
};

struct RawWin {
  int player_id{-1};
  std::string_view win, cashout, cashout_fee;
  const char* at{nullptr};
};

struct RawPot {
  int number{0};
  std::string_view amount, rake, jackpot;
  std::vector<RawWin> wins;
  const char* at{nullptr};
};

struct RawPlayer {
  int id{-1};
  int seat{0};
  std::string name;
  std::string_view stack, bounty;
  bool sitting_out{false};
};

// Text as JSON gives it after its escapes, checked: "\u0000" (which would cut a name short where
// it is stored) and the other control characters are no text of a hand. Lone surrogates and
// invalid UTF-8 simdjson refuses itself.
std::string_view checked_text(std::string_view s, const char* at) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20)
      throw Bad{"text without control characters (\\u0000 to \\u001f)",
                std::string(at ? std::string_view(at, std::min<std::size_t>(s.size() + 8, 60))
                               : std::string_view()),
                at};
  return s;
}

// Calls f(key, value) for each field of `o`, in the order written; an error names the field. A
// key given twice in one object is an error: JSON leaves its meaning open, and keeping the last
// value silently read "table_size": 6, "table_size": -1 as -1.
template <typename F>
void each_field(od::object o, F f) {
  std::set<std::string, std::less<>> seen;
  for (auto field : o) {
    const char* at = od::raw_json_string(field.key()).raw();
    std::string_view key = checked_text(field.unescaped_key(), at);
    if (!seen.insert(std::string(key)).second)
      throw Bad{"each key once in an object", "\"" + std::string(key) + "\" given twice", at};
    try {
      f(key, field.value());
    } catch (const simdjson::simdjson_error& e) {
      throw Bad{std::string(key) + ": " + e.what(), ""};
    }
  }
}

// A key of `object` the reader does not read: free when the standard defines it and it carries
// neither play nor money the hand needs (`free` lists them), else the hand is not read (a key
// misspelt or of a later version may hold play or money: "amount" written "zzyzx").
void other_key(std::string_view key, std::string_view object,
               std::initializer_list<std::string_view> free) {
  for (std::string_view f : free)
    if (key == f) return;
  throw Bad{"a key of OHH's " + std::string(object) + " object", std::string(key)};
}

// The text of a number token, without the spaces after it.
std::string_view number_text(od::value v) {
  if (v.type() != od::json_type::number) throw Bad{"a number", std::string(v.raw_json_token())};
  // The token runs to the next structural character: JSON's whitespace after the number (a
  // newline in pretty-printed files) is not part of it.
  std::string_view t = v.raw_json_token();
  while (!t.empty() &&
         (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
    t.remove_suffix(1);
  return t;
}

std::string string_of(od::value v) {
  const char* at = v.raw_json_token().data();
  return std::string(checked_text(std::string_view(v.get_string()), at));
}

// An integer, also as a string of digits (iPoker's exports write "table_size": "6").
int int_of(od::value v) {
  if (v.type() == od::json_type::string) {
    std::string_view s = v.get_string();
    int n = 0;
    if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string_view::npos)
      throw Bad{"an integer", std::string(s)};
    for (char c : s) n = n * 10 + (c - '0');
    return n;
  }
  const std::int64_t n = v.get_int64();
  if (n < -1000000 || n > 1000000) throw Bad{"an integer of a few digits", std::to_string(n)};
  return static_cast<int>(n);
}

// Cards are an array of "Ah"-style strings; some writers give "" for none.
std::string cards_of(od::value v) {
  std::string out;
  if (v.type() != od::json_type::array) return out;
  for (auto c : v.get_array()) {
    if (!out.empty()) out += ' ';
    out += std::string_view(c.get_string());
  }
  return out;
}

RawAction read_action(od::object o) {
  RawAction a;
  each_field(o, [&](std::string_view k, od::value v) {
    if (k == "action") {
      a.at = v.raw_json_token().data();
      a.action = string_of(v);
    } else if (k == "player_id") {
      a.player_id = int_of(v);
    } else if (k == "amount") {
      a.amount = number_text(v);
    } else if (k == "is_allin") {
      a.all_in = bool(v.get_bool());
    } else if (k == "cards") {
      a.cards = cards_of(v);
    } else {
      other_key(k, "action", {"action_number"});
    }
  });
  return a;
}

RawRound read_round(od::object o) {
  RawRound r;
  each_field(o, [&](std::string_view k, od::value v) {
    if (k == "street") {
      r.at = v.raw_json_token().data();
      r.street = string_of(v);
    } else if (k == "cards") {
      r.cards = cards_of(v);
    } else if (k == "actions") {
      for (auto a : v.get_array()) r.actions.push_back(read_action(a.get_object()));
    } else {
      other_key(k, "round", {"id"});
    }
  });
  return r;
}

RawPot read_pot(od::object o) {
  RawPot p;
  each_field(o, [&](std::string_view k, od::value v) {
    if (k == "number") {
      p.at = v.raw_json_token().data();
      p.number = int_of(v);
    } else if (k == "amount") {
      p.amount = number_text(v);
    } else if (k == "rake") {
      p.rake = number_text(v);
    } else if (k == "jackpot") {
      p.jackpot = number_text(v);
    } else if (k != "player_wins") {
      other_key(k, "pot", {});
    } else {
      for (auto w : v.get_array()) {
        RawWin rw;
        each_field(w.get_object(), [&](std::string_view wk, od::value wv) {
          if (wk == "player_id") {
            rw.at = wv.raw_json_token().data();
            rw.player_id = int_of(wv);
          } else if (wk == "win_amount") {
            rw.win = number_text(wv);
          } else if (wk == "cashout_amount") {
            rw.cashout = number_text(wv);
          } else if (wk == "cashout_fee") {
            rw.cashout_fee = number_text(wv);
          } else {
            // The rake taken from this win and a bonus paid apart are the pot's rake and the
            // site's promotion: the pot's own "rake" is read.
            other_key(wk, "player_wins", {"contributed_rake", "bonus_amount"});
          }
        });
        p.wins.push_back(rw);
      }
    }
  });
  return p;
}

RawPlayer read_player(od::object o) {
  RawPlayer p;
  each_field(o, [&](std::string_view k, od::value v) {
    if (k == "id")
      p.id = int_of(v);
    else if (k == "seat")
      p.seat = int_of(v);
    else if (k == "name")
      p.name = string_of(v);
    else if (k == "starting_stack")
      p.stack = number_text(v);
    else if (k == "player_bounty")
      p.bounty = number_text(v);
    else if (k == "is_sitting_out")
      p.sitting_out = bool(v.get_bool());
    else
      other_key(k, "player", {"display"});
  });
  return p;
}

constexpr std::string_view kKeySeparator = " | ";

// Everything of the "ohh" object the Hand needs, as read.
struct RawHand {
  std::string game_number, game_type, bet_type, currency, table_name, start, site_name,
      network_name;
  std::string_view sb, bb, ante, cap;
  int table_size{0}, dealer_seat{0};
  bool tournament{false};
  std::string tournament_number;
  std::vector<RawPlayer> players;
  std::vector<RawRound> rounds;
  std::vector<RawPot> pots;
  bool have_players{false}, have_rounds{false}, have_pots{false};
};

RawHand read_ohh(od::object o) {
  RawHand h;
  each_field(o, [&](std::string_view k, od::value v) {
    if (k == "game_number")
      h.game_number = string_of(v);
    else if (k == "game_type")
      h.game_type = string_of(v);
    else if (k == "currency")
      h.currency = string_of(v);
    else if (k == "table_name")
      h.table_name = string_of(v);
    else if (k == "start_date_utc")
      h.start = string_of(v);
    else if (k == "site_name")
      h.site_name = string_of(v);
    else if (k == "network_name")
      h.network_name = string_of(v);
    else if (k == "table_size")
      h.table_size = int_of(v);
    else if (k == "dealer_seat")
      h.dealer_seat = int_of(v);
    else if (k == "small_blind_amount")
      h.sb = number_text(v);
    else if (k == "big_blind_amount")
      h.bb = number_text(v);
    else if (k == "ante_amount")
      h.ante = number_text(v);
    else if (k == "tournament")
      h.tournament = bool(v.get_bool());
    else if (k == "tournament_info") {
      each_field(v.get_object(), [&](std::string_view tk, od::value tv) {
        if (tk == "tournament_number")
          h.tournament_number = tv.type() == od::json_type::string
                                    ? string_of(tv)
                                    : std::string(trim(tv.raw_json_token()));
        else
          other_key(tk, "tournament_info",
                    {"name", "start_date_utc", "currency", "buyin_amount", "fee_amount",
                     "bounty_fee_amount", "initial_stack", "type", "flags", "speed"});
      });
    } else if (k == "bet_limit") {
      each_field(v.get_object(), [&](std::string_view bk, od::value bv) {
        if (bk == "bet_type")
          h.bet_type = string_of(bv);
        else if (bk == "bet_cap")
          h.cap = number_text(bv);
        else
          other_key(bk, "bet_limit", {});
      });
    } else if (k == "players") {
      h.have_players = true;
      for (auto p : v.get_array()) h.players.push_back(read_player(p.get_object()));
    } else if (k == "rounds") {
      h.have_rounds = true;
      for (auto r : v.get_array()) h.rounds.push_back(read_round(r.get_object()));
    } else if (k == "pots") {
      h.have_pots = true;
      for (auto p : v.get_array()) h.pots.push_back(read_pot(p.get_object()));
    } else {
      // Free: what names the export and the table, the hero, the flags (docs/sites/ohh.md).
      other_key(k, "ohh",
                {"spec_version", "internal_version", "table_handle", "table_skin", "hero_player_id",
                 "flags", "tournament_bounties"});
    }
  });
  return h;
}

std::optional<Street> street_of(std::string_view s) {
  if (s == "Preflop") return Street::Preflop;
  if (s == "Flop") return Street::Flop;
  if (s == "Turn") return Street::Turn;
  if (s == "River") return Street::River;
  if (s == "Showdown") return Street::Showdown;
  return std::nullopt;
}

struct ActionKind {
  EventKind kind;
  bool live_blind;  // counts toward the street's bet
};

std::optional<ActionKind> action_kind(std::string_view a) {
  static const std::map<std::string_view, ActionKind> kinds{
      {"Dealt Card", {EventKind::DealtHole, false}},
      {"Dealt Cards", {EventKind::DealtHole, false}},
      {"Mucks Cards", {EventKind::Mucks, false}},
      {"Shows Cards", {EventKind::Shows, false}},
      {"Post Ante", {EventKind::PostAnte, false}},
      {"Post SB", {EventKind::PostSmallBlind, true}},
      {"Post BB", {EventKind::PostBigBlind, true}},
      {"Straddle", {EventKind::PostStraddle, true}},
      {"Post Dead", {EventKind::PostDead, false}},
      {"Post Extra Blind", {EventKind::PostSleeper, true}},
      {"Fold", {EventKind::Fold, false}},
      {"Check", {EventKind::Check, false}},
      {"Bet", {EventKind::Bet, false}},
      {"Raise", {EventKind::Raise, false}},
      {"Call", {EventKind::Call, false}},
      // Money-neutral within the hand: chips added count from the next hand; the payout is
      // stated by pots[].player_wins (PokerTracker's own exports add a "Payout" action).
      {"Added Chips", {EventKind::Other, false}},
      {"Sits Down", {EventKind::Other, false}},
      {"Stands Up", {EventKind::Other, false}},
      {"Payout", {EventKind::Other, false}},
  };
  auto it = kinds.find(a);
  if (it == kinds.end()) return std::nullopt;
  return it->second;
}

bool is_forced(EventKind k) {
  return k == EventKind::PostAnte || k == EventKind::PostSmallBlind ||
         k == EventKind::PostBigBlind || k == EventKind::PostStraddle || k == EventKind::PostDead ||
         k == EventKind::PostSleeper;
}

// Builds the Hand from what was read; problems become issues on the hand.
class Builder {
 public:
  Builder(Hand& h, const HandText& text, const char* base) : h_(h), text_(text), base_(base) {}

  void build(const RawHand& r) {
    // OHH 1.4: game_number "uniquely identifies the hand on the network": the hand is keyed by
    // its site, network and number (docs/sites/ohh.md), so that two rooms' hand 1 are two hands.
    h_.site_hand_id = hand_key(r.site_name, r.network_name, r.game_number);
    // The card room's house rules judge its hands (the odd chip of a Bovada hi/lo split, a
    // PartyPoker all-in of half a bet reopening): site_name where it is a room hhaudit reads
    // under that name, as hhaudit's writer names it (Format::display_name()).
    for (const auto& f : formats())
      if (f->name() != "ohh" && f->display_name() == r.site_name)
        h_.house_rules_site = std::string(f->name());
    h_.table_name = r.table_name;
    h_.max_seats = r.table_size;
    h_.button_seat = r.dealer_seat;
    h_.tournament = r.tournament;
    h_.tournament_id = r.tournament_number;
    // A currency is an ISO code; "Chips" (and tournaments) count whole chips.
    const bool chips = r.tournament || r.currency.empty() || r.currency == "Chips";
    h_.currency = chips ? "" : r.currency;
    h_.unit = chips ? 1 : 100;
    h_.started_at_utc = utc_time(r.start);
    game(r);
    h_.small_blind = money(r.sb, "small_blind_amount");
    h_.big_blind = money(r.bb, "big_blind_amount");
    h_.ante = money(r.ante, "ante_amount");
    if (!r.cap.empty()) h_.cap = money(r.cap, "bet_limit.bet_cap");
    if (h_.structure == Structure::FixedLimit) {
      // OHH's blinds are the blinds; the bets of a fixed-limit game are the big blind and twice
      // it, and the Hand keeps the big bet in big_blind as the sites print it.
      h_.small_bet = h_.big_blind;
      h_.big_bet = 2 * h_.big_blind;
      h_.big_blind = h_.big_bet;
    }
    if (!r.have_players || !r.have_rounds || !r.have_pots) {
      h_.issues.push_back({text_.line, "the required fields players, rounds and pots", "", 0});
      return;
    }
    if (r.players.size() > kMaxSeats) {
      h_.issues.push_back(
          {text_.line, max_seats_expected(), std::to_string(r.players.size()) + " players", 0});
      return;
    }
    for (const RawPlayer& p : r.players) {
      if (p.seat <= 0 || seat_of_id_.count(p.id)) {
        issue("a player with a unique id and a seat", p.name, nullptr);
        continue;
      }
      seat_of_id_[p.id] = p.seat;
      Seat s;
      s.seat = p.seat;
      s.player = p.name;
      s.stack = money(p.stack, "starting_stack");
      if (!p.bounty.empty()) s.bounty = money(p.bounty, "player_bounty");
      s.sitting_out = p.sitting_out;
      h_.seats.push_back(std::move(s));
    }
    for (const RawRound& round : r.rounds) add_round(round);
    add_pots(r.pots);
    h_.parsed = true;
  }

 private:
  std::uint32_t line_at(const char* at) const {
    if (!at) return text_.line;
    const auto n = std::count(base_, at, '\n');
    return text_.line + static_cast<std::uint32_t>(n);
  }

  void issue(std::string expected, std::string got, const char* at) {
    h_.issues.push_back({line_at(at), std::move(expected), std::move(got), 0});
  }

  Money money(std::string_view text, const char* field, const char* at = nullptr) {
    if (text.empty()) return 0;
    std::optional<Money> m = parse_amount(text, h_.unit);
    if (!m || text.front() == '-') {
      issue(std::string(field) + ": an amount in " + (h_.unit == 1 ? "whole chips" : "cents"),
            std::string(text), at);
      return 0;
    }
    return *m;
  }

  // "2021-05-21T07:53:30", with or without fractions and "Z": the Hand's "...Z" form.
  static std::string utc_time(std::string_view s) {
    if (s.size() < 19 || s[4] != '-' || s[10] != 'T') return {};
    return std::string(s.substr(0, 19)) + "Z";
  }

  void game(const RawHand& r) {
    if (r.game_type == "Holdem")
      h_.game = games::kHoldem;
    else if (r.game_type == "Omaha")
      h_.game = games::kOmaha;
    else if (r.game_type == "OmahaHiLo")
      h_.game = games::kOmahaHiLo;
    else
      issue("game_type Holdem, Omaha or OmahaHiLo", r.game_type, nullptr);
    h_.limit_text = r.bet_type;
    if (r.bet_type == "NL")
      h_.structure = Structure::NoLimit;
    else if (r.bet_type == "PL")
      h_.structure = Structure::PotLimit;
    else if (r.bet_type == "FL")
      h_.structure = Structure::FixedLimit;
    else
      issue("bet_limit.bet_type NL, PL or FL", r.bet_type, nullptr);
    h_.uncalled_style = UncalledStyle::Silent;
    h_.reported_pots_net_of_rake = false;
  }

  void add_round(const RawRound& round) {
    std::optional<Street> street = street_of(round.street);
    if (!street) {
      issue("street Preflop, Flop, Turn, River or Showdown", round.street, round.at);
      return;
    }
    if (*street != Street::Preflop) street_bets_.clear();
    if (!round.cards.empty()) {
      Event b;
      b.kind = EventKind::Board;
      b.street = *street;
      b.cards = EventCards::read(round.cards);
      b.line = line_at(round.at);
      h_.events.push_back(std::move(b));
    }
    for (const RawAction& a : round.actions) add_action(a, *street);
  }

  void add_action(const RawAction& a, Street street) {
    std::optional<ActionKind> k = action_kind(a.action);
    if (!k) {
      issue("an OHH action (\"Post SB\", \"Bet\", \"Raise\", ...)", a.action, a.at);
      return;
    }
    auto seat = seat_of_id_.find(a.player_id);
    if (seat == seat_of_id_.end()) {
      issue("the player_id of a player", std::to_string(a.player_id), a.at);
      return;
    }
    Event e;
    e.kind = k->kind;
    e.street = is_forced(k->kind) ? Street::Setup : street;
    e.seat = seat->second;
    e.amount = money(a.amount, "amount", a.at);
    e.all_in = a.all_in;
    e.cards = EventCards::read(a.cards);
    e.line = line_at(a.at);
    if (k->kind == EventKind::Other) e.text = a.action;
    Money& street_bet = street_bets_[e.seat];
    if (k->live_blind || k->kind == EventKind::Bet || k->kind == EventKind::Raise ||
        k->kind == EventKind::Call)
      street_bet += e.amount;
    if (k->kind == EventKind::Bet || k->kind == EventKind::Raise) e.to = street_bet;
    h_.events.push_back(std::move(e));
  }

  void add_pots(const std::vector<RawPot>& pots) {
    bool any_rake = false;
    Money rake = 0, jackpot = 0, total = 0;
    std::vector<ReportedPot> net;
    for (const RawPot& p : pots) {
      const Money amount = money(p.amount, "pots.amount", p.at);
      const Money pot_rake = money(p.rake, "pots.rake", p.at);
      const Money pot_jackpot = money(p.jackpot, "pots.jackpot", p.at);
      any_rake |= !p.rake.empty();
      rake += pot_rake;
      jackpot += pot_jackpot;
      total += amount;
      net.push_back({p.number, amount - pot_rake - pot_jackpot});
      for (const RawWin& w : p.wins) add_win(w, p.number);
    }
    h_.total_pot = total;
    h_.reported_pots = std::move(net);
    // With its rake stated, each pot is checked net of it, so that the audit takes OHH's own
    // split of the rake over the pots; without, gross.
    if (any_rake) {
      h_.rake = rake;
      h_.reported_pots_net_of_rake = true;
    }
    if (jackpot != 0) h_.fees.push_back({"jackpot", jackpot});
  }

  void add_win(const RawWin& w, int pot) {
    auto seat = seat_of_id_.find(w.player_id);
    if (seat == seat_of_id_.end()) {
      issue("the player_id of a player", std::to_string(w.player_id), w.at);
      return;
    }
    const Money won = money(w.win, "player_wins.win_amount", w.at);
    if (!w.win.empty()) {
      Event e;
      e.kind = EventKind::Collected;
      e.street = Street::Showdown;
      e.seat = seat->second;
      e.amount = won;
      e.pot_index = pot;
      e.line = line_at(w.at);
      h_.events.push_back(std::move(e));
    }
    if (!w.cashout.empty()) {
      Event e;
      e.kind = EventKind::CashedOut;
      e.street = Street::Showdown;
      e.seat = seat->second;
      e.amount = money(w.cashout, "player_wins.cashout_amount", w.at);
      e.fee = money(w.cashout_fee, "player_wins.cashout_fee", w.at);
      e.line = line_at(w.at);
      h_.events.push_back(std::move(e));
    }
  }

  Hand& h_;
  const HandText& text_;
  const char* base_;
  std::map<int, int> seat_of_id_;
  std::map<int, Money> street_bets_;
};

}  // namespace

std::string hand_key(std::string_view site, std::string_view network, std::string_view number) {
  if (number.empty()) return {};
  if (site.empty() && network.empty()) return std::string(number);
  std::string key(site);
  for (std::string_view part : {network, number}) (key += kKeySeparator) += part;
  return key;
}

KeyParts key_parts(std::string_view key) {
  const std::size_t first = key.find(kKeySeparator), last = key.rfind(kKeySeparator);
  if (first == std::string_view::npos || first == last) return {{}, {}, std::string(key)};
  const std::size_t n = kKeySeparator.size();
  return {std::string(key.substr(0, first)), std::string(key.substr(first + n, last - first - n)),
          std::string(key.substr(last + n))};
}

Hand read_hand(const HandText& text, const std::string& file) {
  Hand h;
  h.site = "ohh";
  h.source = {file, text.byte_offset, text.line};
  h.raw = std::string(text.text);
  simdjson::padded_string json(text.text);
  const char* base = json.data();
  try {
    od::parser parser;
    od::document doc = parser.iterate(json);
    od::object root = doc.get_object();
    bool found = false;
    RawHand raw;
    for (auto f : root) {
      std::string_view k = f.unescaped_key();
      if (k != "ohh") continue;
      raw = read_ohh(f.value().get_object());
      found = true;
    }
    const char* after = nullptr;
    if (doc.current_location().get(after) == simdjson::SUCCESS)
      throw Bad{"one JSON object per hand (a blank line between hands)",
                std::string(after, std::min<std::size_t>(40, json.data() + json.size() - after))};
    if (!found) {
      h.issues.push_back({text.line, "an object {\"ohh\": {...}}", "", 0});
      return h;
    }
    Builder(h, text, base).build(raw);
    report_unread_cards(h);
  } catch (const Bad& b) {
    h.parsed = false;
    const bool inside = b.at && b.at >= base && b.at <= base + text.text.size();
    const auto line =
        text.line + (inside ? static_cast<std::uint32_t>(std::count(base, b.at, '\n')) : 0);
    h.issues.push_back({line, b.expected, b.got.substr(0, 120), 0});
  } catch (const simdjson::simdjson_error& e) {
    h.parsed = false;
    h.issues.push_back({text.line, "valid OHH JSON", e.what(), 0});
  }
  return h;
}

}  // namespace hh::ohh
