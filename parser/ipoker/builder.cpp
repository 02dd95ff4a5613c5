#include "parser/ipoker/builder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <pugixml.hpp>
#include <set>
#include <tuple>
#include <utility>

#include "parser/text/header_fields.hpp"
#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/xml/document.hpp"
#include "parser/xml/hand_reader.hpp"

namespace hh::ipoker {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The game names of <gametype>, longest first ("Omaha Hi-Lo" before "Omaha"). Newer cash
// exports print no game name ("PL €0,50/€1"): the game is then told by the number of hole cards.
constexpr std::array kGames = {
    header::GameName{"7 Card Stud Hi-Lo", games::kSevenCardStudHiLo},
    header::GameName{"7 Card Stud HiLow", games::kSevenCardStudHiLo},
    header::GameName{"7 Card Stud", games::kSevenCardStud},
    header::GameName{"5 Card Stud", games::kFiveCardStud},
    header::GameName{"Omaha Hi-Lo", games::kOmahaHiLo},
    header::GameName{"Omaha HiLow", games::kOmahaHiLo},
    header::GameName{"Omaha", games::kOmaha},
    header::GameName{"Holdem", games::kHoldem},
    header::GameName{"Hold'em", games::kHoldem},
};

// The limit word after the game. "SL" and "LZ" are no limit as fpdb reads them; "БЛ" is the
// Russian client's "безлимитный" (no limit), "LP" the Italian "limite pot".
constexpr std::array kLimits = {
    header::LimitName{"NL", Structure::NoLimit, header::Match::Exact},
    header::LimitName{"SL", Structure::NoLimit, header::Match::Exact},
    header::LimitName{"LZ", Structure::NoLimit, header::Match::Exact},
    header::LimitName{"\xD0\x91\xD0\x9B", Structure::NoLimit, header::Match::Exact},
    header::LimitName{"No limit", Structure::NoLimit, header::Match::Exact},
    header::LimitName{"PL", Structure::PotLimit, header::Match::Exact},
    header::LimitName{"LP", Structure::PotLimit, header::Match::Exact},
    header::LimitName{"Pot limit", Structure::PotLimit, header::Match::Exact},
    header::LimitName{"L", Structure::FixedLimit, header::Match::Exact},
    header::LimitName{"Limit", Structure::FixedLimit, header::Match::Exact},
};

using xml::find_tag;
using xml::Lines;

// What a session's <general> header says, for every game of it.
struct Session {
  std::uint32_t line{0};  // of its "<session" tag
  bool read{false};
  ParseIssue problem;  // why it could not be read
  std::string gametype, table, currency;
  bool tournament{false};
  std::string tournament_id;
  // Clients that print their version (2018 on) return an uncalled part outside `win`; older
  // exports pay it inside the bettor's `win` (docs/sites/ipoker.md, "Uncalled bets").
  bool uncalled_outside_win{false};
  // A tournament's amounts carry hundredths of a chip somewhere in the session ("3,252.50"):
  // its unit is 100, for every game of it (never decided game by game).
  bool hundredths{false};
};

// Whether any amount of a session (a player's chips, bet, win, an action's sum) ends in a
// decimal part of one or two digits: the unit of the whole session, as the table fixes it.
bool amounts_with_hundredths(std::string_view text) {
  for (std::string_view attr : {" chips=\"", " sum=\"", " bet=\"", " win=\""}) {
    for (std::size_t at = text.find(attr); at != std::string_view::npos;
         at = text.find(attr, at + 1)) {
      const std::size_t from = at + attr.size();
      const std::size_t end = text.find('"', from);
      if (end == std::string_view::npos) break;
      const std::string_view v = text.substr(from, end - from);
      const std::size_t sep = v.find_last_of(".,");
      if (sep == std::string_view::npos || sep == 0 || !is_digit(v[sep - 1])) continue;
      const std::string_view decimals = v.substr(sep + 1);
      if ((decimals.size() == 1 || decimals.size() == 2) &&
          std::all_of(decimals.begin(), decimals.end(), is_digit))
        return true;
    }
  }
  return false;
}

std::string text_of(const pugi::xml_node& parent, const char* child) {
  return std::string(trim(parent.child(child).text().as_string()));
}

Session read_session(std::string_view header, std::size_t offset, const Lines& lines) {
  Session s;
  s.line = lines.at(offset);
  // The header is "<session ...>" then "<general>...</general>": the session is closed only after
  // its games, so the <general> element is read on its own.
  std::size_t g = find_tag(header, "general", 0);
  std::size_t end = header.find("</general>");
  if (g == std::string_view::npos || end == std::string_view::npos || end < g) {
    s.problem = {s.line, "the session's <general>...</general> header", "",
                 0};  // no game can be read without it
    return s;
  }
  end += std::string_view("</general>").size();
  pugi::xml_document doc;
  pugi::xml_parse_result r = xml::parse(doc, header.substr(g, end - g));
  if (!r) {
    s.problem = {lines.at(offset + g + static_cast<std::size_t>(r.offset)),
                 "a well-formed session header", r.description(), 0};
    return s;
  }
  pugi::xml_node general = doc.child("general");
  s.gametype = text_of(general, "gametype");
  s.table = text_of(general, "tablename");
  s.currency = text_of(general, "currency");
  if (s.currency.empty()) s.currency = text_of(general, "tablecurrency");
  // Tournaments name themselves in the header; their amounts are chips.
  s.tournament_id = text_of(general, "tournamentcode");
  const std::string name = text_of(general, "tournamentname");
  s.tournament = !s.tournament_id.empty() || !name.empty() || general.child("buyin");
  if (s.tournament && s.tournament_id.empty()) s.tournament_id = name;
  s.uncalled_outside_win = general.child("client_version") || general.child("uncalled_bet_enabled");
  if (s.gametype.empty()) {
    s.problem = {s.line, "the session's <gametype>", "", 0};
    return s;
  }
  s.read = true;
  return s;
}

// "2013-07-30 18:26:02", "2017/01/23 22:27:48", "30/01/2012 02:30", "23-Apr-2011 15:48:30" as
// "YYYY/MM/DD" and the time; empty when the form is not one of these.
std::pair<std::string, std::string> date_and_time(std::string_view s) {
  s = trim(s);
  std::size_t sp = s.find(' ');
  if (sp == std::string_view::npos) return {};
  std::string_view d = s.substr(0, sp);
  std::string_view t = trim(s.substr(sp + 1));
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  auto part = [](std::string_view v, std::size_t& at, char sep) {
    std::size_t e = v.find(sep, at);
    std::string_view p = v.substr(at, e == std::string_view::npos ? v.npos : e - at);
    at = e == std::string_view::npos ? v.size() : e + 1;
    return p;
  };
  const char sep = d.find('-') != std::string_view::npos ? '-' : '/';
  std::size_t at = 0;
  std::string_view a = part(d, at, sep), b = part(d, at, sep), c = part(d, at, sep);
  if (a.empty() || b.empty() || c.empty()) return {};
  std::string month(b);
  for (std::size_t i = 0; i < kMonths.size(); ++i)
    if (b == kMonths[i]) month = std::to_string(i + 1);
  const std::string date = a.size() == 4 ? std::string(a) + "/" + month + "/" + std::string(c)
                                         : std::string(c) + "/" + month + "/" + std::string(a);
  return {date, std::string(t)};
}

// Action codes (the `type` attribute), as the exports use them and fpdb reads them.
enum ActionType : int {
  kFold = 0,
  kSmallBlind = 1,
  kBigBlind = 2,  // more than the big blind: both blinds, the small one dead
  kCall = 3,
  kCheck = 4,
  kBet = 5,
  kAllIn = 7,    // the chips put in by an all-in bet, call or raise
  kNoBlind = 8,  // a seat that waits for the big blind: nothing put in
  kSitsOut = 9,  // sitting out: nothing put in
  kAnte = 15,
  kBringIn = 16,  // stud: the lowest up card's forced bet on the first round
  kRaiseTo = 23,  // `sum` is the player's street total after the raise
};

// One <action> or <cards> element, in the order the hand is replayed: by round, the round's
// cards first, then the actions by their `no` (the exports list them grouped by player).
struct Item {
  int round{0};
  int order{0};  // 0 board cards, 1 hole cards, 2 actions
  long long no{0};
  pugi::xml_node node;
};

// Stud's rounds: 0 the antes, then one round per card dealt, named by the <cards type=".."> of the
// street; seven card stud deals 3rd street in round 2 and its last card ("River") in round 6.
constexpr std::array<std::pair<std::string_view, int>, 7> kStudStreets = {{
    {"Second Street", 0},  // five card stud's first round
    {"Third Street", 1},
    {"Fourth Street", 2},
    {"Fifth Street", 3},
    {"Sixth Street", 4},
    {"Seventh Street", 5},
    {"River", 5},  // seven card stud's 7th street
}};

// The ordinal (0 = 2nd street) of a stud card type, -1 when it is none.
int stud_card_ordinal(std::string_view type) {
  for (const auto& [name, ordinal] : kStudStreets)
    if (type == name) return ordinal;
  return -1;
}

Street street_of_round(int round) {
  switch (round) {
    case 0:
      return Street::Setup;
    case 1:
      return Street::Preflop;
    case 2:
      return Street::Flop;
    case 3:
      return Street::Turn;
    default:
      return Street::River;
  }
}

class GameReader : xml::HandReader {
 public:
  GameReader(std::string_view raw, std::size_t offset, const HandText& ht, const Lines& lines,
             const std::string& file)
      : HandReader("ipoker", raw, offset, ht, lines, file) {}

  Hand read(const Session& session, bool closed) {
    pugi::xml_document doc;
    pugi::xml_parse_result r = xml::parse(doc, raw_);
    // A document cut short inside the game (no </game>) is read as far as it goes: the totals in
    // the players' header still check what the actions give.
    // (pugixml reports it at the last character.)
    const bool cut_short = !r && !closed && r.status == pugi::status_end_element_mismatch &&
                           static_cast<std::size_t>(r.offset) + 1 >= raw_.size();
    if (!r && !cut_short) {
      issue(line_at(static_cast<std::size_t>(r.offset)), "well-formed XML", r.description());
      return std::move(h_);
    }
    if (cut_short)
      issue(line_at(raw_.size()), "</game>: the document ends inside the game",
            raw_.substr(raw_.rfind('\n') == std::string_view::npos ? 0 : raw_.rfind('\n') + 1));
    if (!session.read) {
      h_.issues.push_back(session.problem);
      return std::move(h_);
    }
    pugi::xml_node game = doc.child("game");
    h_.site_hand_id = game.attribute("gamecode").as_string();
    if (h_.site_hand_id.empty() || !std::all_of(h_.site_hand_id.begin(), h_.site_hand_id.end(),
                                                [](char c) { return is_digit(c); })) {
      issue(line_of(game), "<game gamecode=\"DIGITS\">", h_.site_hand_id);
      return std::move(h_);
    }
    if (!read_header(session, game)) return std::move(h_);
    h_.uncalled_style =
        session.uncalled_outside_win ? UncalledStyle::Silent : UncalledStyle::InCollection;
    if (!read_players(game.child("general").child("players"))) return std::move(h_);
    read_rounds(game);
    finish_money();
    ante_from_events();
    totals_wait_for_the_play();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  std::optional<Money> money(const pugi::xml_node& n, const char* attr) {
    pugi::xml_attribute a = n.attribute(attr);
    if (!a) return std::nullopt;
    auto m = read_amount(a.value(), h_.unit);
    if (!m) issue(line_of(n), std::string("an amount in ") + attr + "=\"...\"", a.value());
    return m;
  }

  // An attribute the export is not known to write on `n`, where money or play can be, is not
  // read: an issue, and false.
  bool known_attributes(const pugi::xml_node& n, std::initializer_list<std::string_view> known) {
    for (pugi::xml_attribute a : n.attributes()) {
      if (std::find(known.begin(), known.end(), std::string_view(a.name())) != known.end())
        continue;
      issue(line_of(n), std::string("an attribute of <") + n.name() + "> that iPoker writes",
            a.name());
      return false;
    }
    return true;
  }

  bool read_header(const Session& s, const pugi::xml_node& game) {
    std::string_view gametype = s.gametype;
    // "Holdem NL $0.02/$0.04", "Omaha PL €5/€10", "PL €0,50/€1", "Holdem NL" (tournaments).
    const header::GameFound found = header::first_game_in(gametype, kGames);
    std::string_view rest = gametype;
    if (found.name) {
      h_.game = found.name->game;
      rest = gametype.substr(found.end());
    }
    rest = trim(rest);
    const std::size_t sp = rest.find(' ');
    const std::string_view limit = rest.substr(0, sp);
    const std::string_view stakes = sp == std::string_view::npos ? "" : trim(rest.substr(sp + 1));
    h_.structure = header::structure_of(limit, kLimits);
    h_.limit_text = std::string(limit);
    if (h_.structure == Structure::Unknown) {
      issue(s.line, "a game and limit in <gametype> (Holdem NL, Omaha PL, L, ...)", gametype);
      return false;
    }
    h_.tournament = s.tournament;
    h_.tournament_id = s.tournament_id;
    h_.table_name = s.table;
    if (s.tournament) {
      // Chips, whatever currency the buy-in was paid in; in hundredths when the session's
      // amounts carry them.
      h_.unit = s.hundredths ? 100 : 1;
    } else {
      h_.currency = s.currency;
    }
    if (!stakes.empty()) {
      const std::size_t slash = stakes.find('/');
      auto sb = read_amount(stakes.substr(0, slash), h_.unit);
      auto bb = slash == std::string_view::npos ? std::nullopt
                                                : read_amount(stakes.substr(slash + 1), h_.unit);
      if (!sb || !bb) {
        issue(s.line, "stakes SMALL/BIG in <gametype>", stakes);
        return false;
      }
      h_.small_blind = *sb;
      h_.big_blind = *bb;
      stakes_from_header_ = true;
    }
    // The hand's own start; its time zone is not printed (stored as UTC, docs/sites/ipoker.md).
    auto [date, time] = date_and_time(game.child("general").child("startdate").text().as_string());
    if (!date.empty()) h_.started_at_utc = to_utc_iana(date, time, "UTC");
    return true;
  }

  bool read_players(const pugi::xml_node& players) {
    for (pugi::xml_node p : players.children()) {
      if (p.type() != pugi::node_element) continue;
      if (std::string_view(p.name()) != "player") {
        issue(line_of(p), "a <player> in <players>", p.name());
        continue;
      }
      if (h_.seats.size() >= kMaxSeats) {
        issue(line_of(p), max_seats_expected(), p.attribute("name").value());
        return false;
      }
      if (!known_attributes(
              p, {"seat", "name", "chips", "dealer", "win", "bet", "rebuy", "addon", "reg_code"}))
        continue;
      // An empty seat: name="" chips="$0" (player.sitting.out.xml). A seat with no name that
      // holds chips, or whose chips cannot be read, is a player the hand cannot name: an issue.
      if (p.attribute("name") && std::string_view(p.attribute("name").value()).empty()) {
        const std::optional<Money> chips = read_amount(p.attribute("chips").value(), h_.unit);
        if (!chips || *chips != 0)
          issue(line_of(p), "<player seat=\"N\" name=\"NAME\" chips=\"AMOUNT\" ...>",
                std::string("name=\"\" chips=\"") + p.attribute("chips").value() + "\"");
        continue;
      }
      Seat s;
      const auto seat = number_of(p, "seat", "<player seat=\"N\">");
      if (!seat) continue;
      s.seat = *seat > 0 && *seat < 100 ? static_cast<int>(*seat) : 0;
      s.player = p.attribute("name").as_string();
      const auto chips = money(p, "chips");
      if (s.seat <= 0 || s.player.empty() || !chips) {
        issue(line_of(p), "<player seat=\"N\" name=\"NAME\" chips=\"AMOUNT\" ...>", s.player);
        continue;
      }
      s.stack = *chips;
      if (seat_of(s.player) != 0 || h_.seat_of(s.seat)) {
        issue(line_of(p), "one <player> per seat and name", s.player);
        continue;
      }
      const std::string_view dealer = p.attribute("dealer").value();
      if (dealer == "1") {
        h_.button_seat = s.seat;
      } else if (p.attribute("dealer") && dealer != "0") {
        issue(line_of(p), "dealer=\"0|1\"", dealer);
      }
      Totals t;
      t.bet = money(p, "bet");
      t.win = money(p, "win");
      t.line = line_of(p);
      totals_[s.seat] = t;
      h_.seats.push_back(std::move(s));
    }
    if (h_.seats.empty()) {
      issue(line_of(players), "<players> with a <player> element per seat", "");
      return false;
    }
    return true;
  }

  // The action code of `n`, -1 when it is not a whole number.
  static int type_of(const pugi::xml_node& n) {
    const std::string_view v = n.attribute("type").value();
    if (v.empty() || v.size() > 3 || v.find_first_not_of("0123456789") != std::string_view::npos)
      return -1;
    return std::stoi(std::string(v));
  }

  int seat_of(std::string_view name) const {
    const Seat* s = h_.seat_by_player(name);
    return s ? s->seat : 0;
  }

  void read_rounds(const pugi::xml_node& game) {
    std::vector<Item> items;
    for (pugi::xml_node n : game.children()) {
      const std::string_view name = n.name();
      if (n.type() == pugi::node_element && name != "general" && name != "round")
        issue(line_of(n), "<general> or <round> in a <game>", name);
    }
    for (pugi::xml_node round : game.children("round")) {
      // Stud deals a round per street: 0..6 (the antes, then 3rd to 7th street).
      const int last = h_.game.is_stud() ? 6 : 4;
      const char* expected = h_.game.is_stud() ? "<round no=\"0..6\"> (a stud game's rounds)"
                                               : "<round no=\"0..4\"> (a flop game's rounds)";
      const auto number = number_of(round, "no", expected);
      if (!number) continue;
      const int no = *number <= last ? static_cast<int>(*number) : -1;
      if (no < 0 || no > last) {
        issue(line_of(round), expected, round.attribute("no").value());
        continue;
      }
      for (pugi::xml_node n : round.children()) {
        const std::string_view name = n.name();
        if (name == "cards") {
          const std::string_view type = n.attribute("type").value();
          const bool hole = type == "Pocket" || (h_.game.is_stud() && stud_ordinal(type) >= 0);
          items.push_back({no, hole ? 1 : 0, 0, n});
          // A stud street's cards name the betting round their <round> is.
          if (h_.game.is_stud() && stud_ordinal(type) >= 0) {
            const int first = h_.game.is_five_card_stud() ? 0 : 1;
            const int index = stud_ordinal(type) - first;
            if (index >= 0 && index <= 4)
              stud_rounds_[no] = static_cast<Street>(static_cast<int>(Street::Preflop) + index);
          }
        } else if (name == "action") {
          if (!known_attributes(n, {"no", "player", "type", "sum", "cards"})) continue;
          const auto order = number_of(n, "no", "<action no=\"N\">");
          if (!order) continue;
          items.push_back({no, 2, *order, n});
        } else if (n.type() == pugi::node_element) {
          issue(line_of(n), "<cards> or <action> in a round", name);
        }
      }
    }
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
      return std::tie(a.round, a.order, a.no) < std::tie(b.round, b.order, b.no);
    });
    // Tournaments (and some cash exports) print no stakes: the blinds posted give them.
    if (h_.big_blind == 0) {
      for (const Item& it : items) {
        const int type = type_of(it.node);
        auto sum = read_amount(it.node.attribute("sum").value(), h_.unit);
        if (it.order != 2 || !sum) continue;
        if (type == kSmallBlind && h_.small_blind == 0) h_.small_blind = *sum;
        if (type == kBigBlind && h_.big_blind == 0) h_.big_blind = *sum;
      }
    }
    if (h_.structure == Structure::FixedLimit) {
      // Fixed-limit stakes are the two bet sizes ("$5/$10": blinds of $2.50 and $5). Without
      // stakes, the big blind posted is the small bet.
      if (stakes_from_header_) {
        h_.small_bet = h_.small_blind;
        h_.big_bet = h_.big_blind;
      } else if (h_.game.is_stud()) {
        stud_bets_from_play(items);
      } else {
        h_.small_bet = h_.big_blind;
        h_.big_bet = 2 * h_.big_blind;
      }
    }
    for (const Item& it : items) {
      if (it.order == 2) {
        action(it);
      } else {
        cards(it);
      }
    }
    if (h_.game.is_stud()) stud_showdown();
  }

  // The street of round `round`: stud's rounds are named by the cards dealt in them.
  Street street_of(int round) const {
    if (!h_.game.is_stud() || round == 0) return street_of_round(round);
    if (auto it = stud_rounds_.find(round); it != stud_rounds_.end()) return it->second;
    return static_cast<Street>(static_cast<int>(Street::Preflop) + std::clamp(round - 2, 0, 4));
  }

  // The card type's place among stud's streets (0: 2nd street), -1 when it is none. Five card
  // stud's last card, if printed "River", is its 5th street.
  int stud_ordinal(std::string_view type) const {
    if (type == "River" && h_.game.is_five_card_stud()) return 3;
    return stud_card_ordinal(type);
  }

  // A tournament's <gametype> prints no stakes ("7 Card Stud L"): the bets give them. On the
  // first round a bet (type 5) by a player who did not bring in completes to the small bet; a
  // bet from 5th street on is a big bet. Nothing else is taken (a 4th-street bet may be doubled
  // by an open pair): without either, the bet sizes stay unknown and are not checked.
  void stud_bets_from_play(const std::vector<Item>& items) {
    std::set<std::string> brought_in;
    Money small = 0, big = 0;
    for (const Item& it : items) {
      if (it.order != 2) continue;
      const int type = type_of(it.node);
      const Street street = street_of(it.round);
      const std::string player = it.node.attribute("player").as_string();
      if (type == kBringIn) brought_in.insert(player);
      if (type != kBet) continue;
      auto sum = read_amount(it.node.attribute("sum").value(), h_.unit);
      if (!sum || *sum <= 0) continue;
      if (street == Street::Preflop && small == 0 && !brought_in.count(player)) small = *sum;
      if (street >= Street::Turn && street != Street::Showdown && big == 0) big = *sum;
    }
    if (small == 0 && big > 0 && big % 2 == 0) small = big / 2;
    if (small == 0) return;
    h_.small_bet = small;
    h_.big_bet = 2 * small;
  }

  // Stud prints no showdown: the players still in at the end whose every card is printed showed
  // them (the others' cards stay "X").
  void stud_showdown() {
    std::set<int> folded;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::Fold) folded.insert(e.seat);
    std::vector<int> live;
    for (int seat : dealt_)
      if (!folded.count(seat)) live.push_back(seat);
    if (live.size() < 2) return;
    for (int seat : live) {
      const StudCards& c = stud_cards_[seat];
      if (c.hidden > 0 || c.known.size() != static_cast<std::size_t>(h_.game.hole_cards)) continue;
      Event& e = add(EventKind::Shows, Street::Showdown, seat, c.line);
      e.cards = EventCards::read(fmt::format("{}", fmt::join(c.known, " ")));
    }
  }

  // One player's stud cards of one street: the first street two down and one up (five card
  // stud: one down, one up), every later street one card (7th street's down).
  void stud_deal(const Item& it, int count, const std::vector<std::string>& known, int hidden) {
    const pugi::xml_node& n = it.node;
    const int seat = seat_of(n.attribute("player").value());
    if (seat == 0) {
      issue(line_of(n), "the cards of a seated player", n.attribute("player").value());
      return;
    }
    const Street street = street_of(it.round);
    const int want = street != Street::Preflop ? 1 : h_.game.is_five_card_stud() ? 2 : 3;
    if (count != want) {
      issue(line_of(n), std::to_string(want) + " card(s) on " + street_name(street),
            trim(n.text().as_string()));
      return;
    }
    dealt_.insert(seat);
    StudCards& c = stud_cards_[seat];
    c.known.insert(c.known.end(), known.begin(), known.end());
    c.hidden += hidden;
    c.line = line_of(n);
    if (known.empty()) return;  // not seen: no event
    Event& e = add(EventKind::DealtHole, street, seat, line_of(n));
    e.cards = EventCards::read(fmt::format("{}", fmt::join(known, " ")));
  }

  void cards(const Item& it) {
    const pugi::xml_node& n = it.node;
    const std::string_view type = n.attribute("type").value();
    std::string cards;
    std::vector<std::string> known;
    int count = 0;  // cards dealt, hidden ones ("X") included
    bool hidden = false;
    int hidden_count = 0;
    const std::string_view printed = trim(n.text().as_string());
    for (std::size_t at = 0; at < printed.size();) {
      std::size_t sp = printed.find(' ', at);
      if (sp == std::string_view::npos) sp = printed.size();
      const std::string_view c = printed.substr(at, sp - at);
      at = sp + 1;
      if (c.empty()) continue;
      ++count;
      const std::string card = card_of(c);
      if (card.empty()) {
        if (c != "X") issue(line_of(n), "a card such as C10 or HA, or X", c);
        hidden = true;
        ++hidden_count;
        continue;
      }
      if (!cards.empty()) cards += ' ';
      cards += card;
      known.push_back(card);
    }
    if (h_.game.is_stud() && stud_ordinal(type) >= 0) {
      stud_deal(it, count, known, hidden_count);
      return;
    }
    if (type == "Pocket") {
      // How many hole cards tells the game where <gametype> names none ("PL €0,50/€1").
      if (!h_.game.known()) {
        if (count == 2) h_.game = games::kHoldem;
        if (count == 4) h_.game = games::kOmaha;
        if (count == 5) h_.game = games::kOmaha5;
      }
      const int seat = seat_of(n.attribute("player").value());
      if (seat == 0) {
        issue(line_of(n), "the cards of a seated player", n.attribute("player").value());
        return;
      }
      dealt_.insert(seat);
      if (hidden || cards.empty()) return;  // not seen: no event
      Event& e = add(EventKind::DealtHole, Street::Preflop, seat, line_of(n));
      e.cards = EventCards::read(cards);
      return;
    }
    Street street;
    if (type == "Flop") {
      street = Street::Flop;
    } else if (type == "Turn") {
      street = Street::Turn;
    } else if (type == "River") {
      street = Street::River;
    } else {
      issue(line_of(n),
            h_.game.is_stud() ? "<cards type=\"Third Street|...|River\"> (stud's streets)"
                              : "<cards type=\"Pocket|Flop|Turn|River\">",
            type);
      return;
    }
    Event& e = add(EventKind::Board, street, 0, line_of(n));
    e.cards = EventCards::read(cards);
  }

  void action(const Item& it) {
    const pugi::xml_node& n = it.node;
    const std::uint32_t ln = line_of(n);
    const int seat = seat_of(n.attribute("player").value());
    if (seat == 0) {
      issue(ln, "an action of a seated player", n.attribute("player").value());
      return;
    }
    const auto code = number_of(n, "type", "an action type of iPoker (0-5, 7, 8, 9, 15, 16, 23)");
    if (!code) return;
    const int type = type_of(n);
    Money sum = 0;
    if (type == kAllIn && std::string_view(n.attribute("sum").value()) == "DP") {
      // Disconnect protection: the player is treated as all-in for what they have in and puts
      // nothing more in: a site-declared all-in with chips behind (a SitsOut flagged all-in,
      // as WPN's "is disconnected and ALL IN"), which the audit models.
      Event& e = add(EventKind::SitsOut, street_of(it.round), seat, ln);
      e.all_in = true;
      e.text = "all-in by disconnect protection (sum=\"DP\")";
      return;
    }
    const bool moves_money =
        type != kFold && type != kCheck && type != kNoBlind && type != kSitsOut;
    if (moves_money && !n.attribute("sum")) {
      issue(ln, "an amount in sum=\"...\"", "");
      return;
    }
    if (n.attribute("sum")) {
      auto m = read_amount(n.attribute("sum").value(), h_.unit);
      if (!m) {
        issue(ln, "an amount in sum=\"...\"", n.attribute("sum").value());
        return;
      }
      sum = *m;
    }
    Event e;
    e.street = street_of(it.round);
    e.seat = seat;
    e.line = ln;
    if (action_event(n, type, sum, e)) push_bet(std::move(e));
  }

  // What the action of iPoker type `type` putting in `sum` is, into `e` (its street, seat and
  // line set); false, with the issue recorded, for an action not read.
  bool action_event(const pugi::xml_node& n, int type, Money sum, Event& e) {
    const Street street = e.street;
    const int seat = e.seat;
    const std::uint32_t ln = e.line;
    switch (type) {
      case kFold:
        e.kind = EventKind::Fold;
        break;
      case kCheck:
        e.kind = EventKind::Check;
        break;
      case kSmallBlind:
        e.kind = EventKind::PostSmallBlind;
        e.amount = sum;
        break;
      case kBigBlind:
        e.amount = sum;
        e.kind = EventKind::PostBigBlind;
        // A seat posting more than the big blind (entering the game out of turn) posts both: the
        // small blind's part is dead.
        if (h_.big_blind > 0 && sum > h_.live_big_blind()) {
          e.kind = EventKind::PostBothBlinds;
          e.dead = sum - h_.live_big_blind();
        }
        break;
      case kAnte:
        e.kind = EventKind::PostAnte;
        e.amount = sum;
        break;
      case kCall:
        e.kind = EventKind::Call;
        e.amount = sum;
        break;
      case kBet:
        // Stud's first bet over the bring-in (completing it) is printed as a bet of the chips
        // put in: a raise.
        e.kind = h_.game.is_stud() && street_max(street) > 0 ? EventKind::Raise : EventKind::Bet;
        e.amount = sum;
        break;
      case kBringIn:
        if (!h_.game.is_stud()) {
          issue(ln, "a bring-in (type 16) in a stud game only", n.attribute("type").value());
          return false;
        }
        e.kind = EventKind::BringIn;
        e.amount = sum;
        break;
      case kRaiseTo:
        e.kind = EventKind::Raise;
        e.to = sum;
        break;
      case kAllIn: {
        // The chips this all-in puts in: a bet, a call or a raise by what it reaches.
        e.all_in = true;
        e.amount = sum;
        e.kind = all_in_kind(e, bets_.committed(e) + sum);
        break;
      }
      case kNoBlind:
      case kSitsOut:
        if (sum != 0) issue(ln, "no amount on a sitting-out action", n.attribute("sum").value());
        // Sitting out once in the hand gives it up (an ante posted stays in the pot,
        // player.antes.then.sits.out.txt); before that it is only a note: before the deal, or
        // by a player dealt no cards who put nothing in (a big blind refused: the action's
        // number comes before the big blind's although it is printed in round 1,
        // LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml, hand 2855474281).
        e.kind = type == kSitsOut && street != Street::Setup && in_hand(seat) ? EventKind::Fold
                                                                              : EventKind::SitsOut;
        break;
      default:
        issue(ln, "an action type of iPoker (0-5, 7, 8, 9, 15, 16, 23)",
              n.attribute("type").value());
        return false;
    }
    return true;
  }

  // iPoker prints no pot, rake or uncalled line: each player's `bet` (what they put in over the
  // hand, an uncalled part included) and `win` (what they took, after rake). The wins are the
  // collections; both are the per-seat summary, which the audit checks against the actions. A
  // game with neither on any player is a partial export (only the blinds were kept).
  void finish_money() {
    bool any_total = false;
    for (const Seat& s : h_.seats) {
      const Totals& t = totals_[s.seat];
      if (!t.bet && !t.win) continue;
      any_total = true;
      SummarySeat sum;
      sum.seat = s.seat;
      sum.player = s.player;
      sum.won = t.win.value_or(0);
      sum.has_won = sum.won > 0;
      sum.put_in = t.bet;
      sum.line = t.line;
      h_.summary.push_back(std::move(sum));
      if (t.win.value_or(0) == 0) continue;
      Event& e = add(EventKind::Collected, Street::Showdown, s.seat, t.line);
      e.amount = *t.win;
    }
    if (!any_total) {
      // Nothing says how an uncalled part came back.
      h_.uncalled_style = UncalledStyle::Silent;
      issue(h_.source.line,
            "a whole game: bet=\"..\" and win=\"..\" on its players (this export kept only the "
            "blinds)",
            "");
    }
  }

  struct Totals {
    std::optional<Money> bet, win;
    std::uint32_t line{0};
  };

  // Dealt cards or put chips in already.
  bool in_hand(int seat) const {
    return dealt_.count(seat) > 0 ||
           std::any_of(h_.events.begin(), h_.events.end(),
                       [&](const Event& e) { return e.seat == seat && e.amount > 0; });
  }

  struct StudCards {
    std::vector<std::string> known;  // in the order dealt
    int hidden{0};                   // cards printed "X"
    std::uint32_t line{0};           // of the last street's <cards>
  };

  std::map<int, Totals> totals_;
  std::map<int, StudCards> stud_cards_;
  std::map<int, Street> stud_rounds_;  // the betting round of each <round no>, from its cards
  std::set<int> dealt_;                // seats given <cards type="Pocket"> (hidden "X X" included)
  bool stakes_from_header_{false};     // <gametype> printed the stakes (not the blinds posted)
};

}  // namespace

bool is_xml_declaration(std::string_view line) { return xml::is_xml_declaration(line); }

bool is_document_start(std::string_view line) {
  return is_xml_declaration(line) || find_tag(trim(line), "session", 0) == 0;
}

std::optional<Money> read_amount(std::string_view text, int unit) {
  text = trim(text);
  // One export tool wrote the cp1252 euro sign as the escape "\x80": its digits are no amount's.
  if (text.size() >= 4 && text[0] == '\\' && text[1] == 'x' && is_hex(text[2]) && is_hex(text[3]))
    text.remove_prefix(4);
  // A currency's code before the digits ("RSD1,110.25"): three capitals, then the amount.
  if (text.size() > 3 &&
      std::all_of(text.begin(), text.begin() + 3, [](char c) { return c >= 'A' && c <= 'Z'; }))
    text.remove_prefix(3);
  return parse_amount_either_decimal(text, unit);
}

std::string card_of(std::string_view printed) {
  if (printed.size() < 2 || printed.size() > 3) return "";
  const char suit = printed[0];
  if (suit != 'C' && suit != 'D' && suit != 'H' && suit != 'S') return "";
  std::string_view rank = printed.substr(1);
  char r;
  if (rank == "10") {
    r = 'T';
  } else if (rank.size() == 1 && ((rank[0] >= '2' && rank[0] <= '9') || rank[0] == 'J' ||
                                  rank[0] == 'Q' || rank[0] == 'K' || rank[0] == 'A')) {
    r = rank[0];
  } else {
    return "";
  }
  return std::string{r, static_cast<char>(suit - 'A' + 'a')};
}

std::vector<Hand> read_document(const HandText& ht, const std::string& file) {
  static constexpr xml::Shape kShape{"ipoker", "session", "game", "</session>",
                                     "an iPoker <session> with <game> elements"};
  Session session;
  session.problem = {ht.line, "a <session> header before the <game>", "", 0};
  const bool hundredths = amounts_with_hundredths(ht.text);
  const xml::Reader reader{
      [&](std::string_view header, std::size_t offset, const Lines& lines) {
        session = read_session(header, offset, lines);
        session.hundredths = hundredths;
      },
      [&](std::string_view game, std::size_t offset, bool closed, const Lines& lines) {
        return GameReader(game, offset, ht, lines, file).read(session, closed);
      }};
  return xml::read_hands(ht, file, kShape, reader);
}

}  // namespace hh::ipoker
