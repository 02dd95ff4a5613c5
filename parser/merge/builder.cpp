#include "parser/merge/builder.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <pugixml.hpp>
#include <utility>

#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/xml/document.hpp"
#include "parser/xml/hand_reader.hpp"

namespace hh::merge {

namespace {

using xml::Lines;

// The game of a <game gametype="N">: fpdb's table of Merge's codes, each read off the corpus's
// <description type=".."> (cash) or "..Tournament" (the odd codes).
struct GameCode {
  int code;
  Game game;
};
constexpr std::array kGameCodes = {
    GameCode{2, games::kHoldem},
    GameCode{23, games::kHoldem},
    GameCode{9, games::kOmaha},
    GameCode{25, games::kOmaha},  // Omaha tournaments (pot limit: the description's limit)
    GameCode{35, games::kOmahaHiLo},
    GameCode{37, games::kOmahaHiLo},
    GameCode{39, games::kSevenCardStud},
    GameCode{41, games::kSevenCardStud},
    GameCode{43, games::kSevenCardStudHiLo},
    GameCode{45, games::kSevenCardStudHiLo},
    GameCode{47, games::kRazz},
    GameCode{49, games::kRazz},
    GameCode{55, games::kFiveCardDraw},
    GameCode{63, games::kTripleDrawA5},
    GameCode{67, games::kTripleDraw27},
    GameCode{71, games::kBadugi},
};

// The limit the stakes start with, longest first ("Half Pot Limit" before "Pot Limit" before
// "Limit"). Half pot limit is read as pot limit: its bets are within the pot-limit bounds the
// audit checks (docs/sites/merge.md).
struct LimitWord {
  std::string_view text;
  Structure structure;
};
constexpr std::array kLimits = {
    LimitWord{"Half Pot Limit", Structure::PotLimit},
    LimitWord{"Pot Limit", Structure::PotLimit},
    LimitWord{"No Limit", Structure::NoLimit},
    LimitWord{"Limit", Structure::FixedLimit},
};

// What a <description> says, for every game after it.
struct Description {
  std::uint32_t line{0};
  bool read{false};
  ParseIssue problem;
  Structure structure{Structure::Unknown};
  std::string limit_text;
  bool tournament{false};
  std::vector<Money> stakes;  // the numbers of the stakes, in the description's unit
  std::string currency;
  bool versioned{false};  // version="1", "2", "2.1": newer exports (see finish())

  int unit() const { return tournament ? 1 : 100; }
};

// The amounts of "($0.02/$0.04)", "$0.25/$0.50", "Level 4 Blinds 40/80", "($0.01/$0.02/$0.10)".
std::optional<std::vector<Money>> stake_numbers(std::string_view s, int unit) {
  s = trim(s);
  if (starts_with(s, "Level ")) {
    const std::size_t b = s.find("Blinds ");
    if (b == std::string_view::npos) return std::nullopt;
    s = s.substr(b + 7);
  }
  if (starts_with(s, "(") && s.ends_with(")")) s = s.substr(1, s.size() - 2);
  std::vector<Money> out;
  if (s.empty()) return out;
  for (std::size_t at = 0; at <= s.size();) {
    std::size_t slash = s.find('/', at);
    if (slash == std::string_view::npos) slash = s.size();
    auto m = read_amount(s.substr(at, slash - at), unit);
    if (!m) return std::nullopt;
    out.push_back(*m);
    at = slash + 1;
  }
  return out;
}

// "No Limit ($0.02/$0.04)", "Limit $1/$2", "No Limit Level 5 Ante 10, Blinds 50/100": the
// structure, the stakes and their currency into `d`; false when they are none of these.
bool read_stakes(std::string_view stakes, int unit, Description& d) {
  stakes = trim(stakes);
  d.structure = Structure::Unknown;
  for (const LimitWord& l : kLimits) {
    if (!starts_with(stakes, l.text)) continue;
    d.structure = l.structure;
    d.limit_text = std::string(l.text);
    stakes.remove_prefix(l.text.size());
    break;
  }
  auto numbers = stake_numbers(stakes, unit);
  if (d.structure == Structure::Unknown || !numbers) return false;
  d.stakes = *numbers;
  if (stakes.find('$') != std::string_view::npos) d.currency = "USD";
  if (stakes.find("\xE2\x82\xAC") != std::string_view::npos) d.currency = "EUR";
  return true;
}

Description read_description(std::string_view text, std::size_t offset, const Lines& lines) {
  Description d;
  d.line = lines.at(offset);
  const std::size_t end = text.find('>');
  pugi::xml_document doc;
  pugi::xml_parse_result r = end == std::string_view::npos
                                 ? pugi::xml_parse_result{}
                                 : xml::parse(doc, text.substr(0, end + 1));
  if (end == std::string_view::npos || !r) {
    d.problem = {d.line, "a <description type=\"..\" stakes=\"..\"/> header",
                 std::string(text.substr(0, std::min<std::size_t>(text.find('\n'), 120))), 0};
    return d;
  }
  // "<description ...>" (not self-closed) leaves pugixml wanting its end: the attributes are read.
  pugi::xml_node n = doc.child("description");
  const std::string_view type = trim(n.attribute("type").value());
  const std::string_view stakes = n.attribute("stakes").value();
  d.tournament = type.ends_with(" Tournament");
  d.versioned = static_cast<bool>(n.attribute("version"));
  if (!read_stakes(stakes, d.tournament ? 1 : 100, d) || type.empty()) {
    d.problem = {d.line,
                 "a game and stakes in <description type=\"..\" stakes=\"No Limit ($0.02/$0.04)\">",
                 std::string(type) + " " + std::string(stakes), 0};
    return d;
  }
  d.read = true;
  return d;
}

// "20110517172454" (14 digits) or "2012/08/23 02:10:05" as seconds since the epoch, or nullopt.
std::optional<std::int64_t> epoch_seconds(std::string_view s) {
  std::string digits;
  for (char c : s)
    if (c >= '0' && c <= '9') digits += c;
  const bool plain = s.size() == 14 && digits.size() == 14;
  const bool spelled = s.size() == 19 && digits.size() == 14 && s[4] == '/' && s[7] == '/' &&
                       s[10] == ' ' && s[13] == ':' && s[16] == ':';
  if (!plain && !spelled) return std::nullopt;
  auto num = [&](std::size_t at, std::size_t n) { return std::stoi(digits.substr(at, n)); };
  using namespace std::chrono;
  const year_month_day ymd{year{num(0, 4)}, month{static_cast<unsigned>(num(4, 2))},
                           day{static_cast<unsigned>(num(6, 2))}};
  if (!ymd.ok()) return std::nullopt;
  const std::int64_t days = sys_days{ymd}.time_since_epoch().count();
  return days * 86400 + num(8, 2) * 3600 + num(10, 2) * 60 + num(12, 2);
}

// The hand's start in UTC: starttime is the site's local time; since 2012 it prints its offset
// ("2012/08/23 02:10:05 -0300"), before that not. Each event's timestamp is epoch milliseconds:
// the difference to the first, to the nearest quarter hour, is then the offset. "" if unknown.
std::string start_utc(std::string_view starttime, long long first_event_ms);

// The betting round a <round id=".."> is, for each family's names; Setup for the forced bets.
std::optional<Street> street_of_round(std::string_view id) {
  static constexpr std::array<std::pair<std::string_view, Street>, 20> kRounds = {{
      {"BLINDS", Street::Setup},           {"BRING_IN", Street::Preflop},
      {"PREFLOP", Street::Preflop},        {"POSTFLOP", Street::Flop},
      {"POSTTURN", Street::Turn},          {"POSTRIVER", Street::River},
      {"THIRD_STREET", Street::Preflop},   {"FOURTH_STREET", Street::Flop},
      {"FIFTH_STREET", Street::Turn},      {"SIXTH_STREET", Street::River},
      {"SEVENTH_STREET", Street::Seventh}, {"PRE_FIRST_DRAW", Street::Preflop},
      {"FIRST_DRAW", Street::Flop},        {"POST_FIRST_DRAW", Street::Flop},
      {"SECOND_DRAW", Street::Turn},       {"POST_SECOND_DRAW", Street::Turn},
      {"THIRD_DRAW", Street::River},       {"POST_THIRD_DRAW", Street::River},
      {"SHOWDOWN", Street::Showdown},      {"END_OF_GAME", Street::Showdown},
  }};
  if (id == "END_OF_FOLDED_GAME") return Street::Showdown;
  for (const auto& [name, street] : kRounds)
    if (id == name) return street;
  return std::nullopt;
}

// "Td,8h", "null,null,7s": the cards as hhaudit writes them, hidden ones ("null") left out.
std::string cards_of(std::string_view printed, bool& bad) {
  std::string out;
  for (std::size_t at = 0; at <= printed.size();) {
    std::size_t comma = printed.find(',', at);
    if (comma == std::string_view::npos) comma = printed.size();
    const std::string_view c = trim(printed.substr(at, comma - at));
    at = comma + 1;
    if (c.empty() || c == "null") continue;
    if (c.size() != 2 || std::string_view("23456789TJQKA").find(c[0]) == std::string_view::npos ||
        std::string_view("cdhs").find(c[1]) == std::string_view::npos) {
      bad = true;
      continue;
    }
    if (!out.empty()) out += ' ';
    out += c;
  }
  return out;
}

class GameReader : xml::HandReader {
 public:
  GameReader(std::string_view raw, std::size_t offset, const HandText& ht, const Lines& lines,
             const std::string& file)
      : HandReader("merge", raw, offset, ht, lines, file) {}

  Hand read(const Description& d, bool closed) {
    pugi::xml_document doc;
    if (!parse_whole(doc, closed, "</game>: the document ends inside the game"))
      return std::move(h_);
    if (!d.read) {
      h_.issues.push_back(d.problem);
      return std::move(h_);
    }
    pugi::xml_node game = doc.child("game");
    h_.site_hand_id = game.attribute("id").as_string();
    if (h_.site_hand_id.empty()) {
      issue(line_of(game), "<game id=\"N-N\">", "");
      return std::move(h_);
    }
    if (!read_header(d, game)) return std::move(h_);
    if (!read_players(game.child("players"))) return std::move(h_);
    for (pugi::xml_node round : game.children("round")) read_round(round);
    finish();
    totals_wait_for_the_play();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  std::optional<Money> money(const pugi::xml_node& n, const char* attr) {
    auto m = read_amount(n.attribute(attr).value(), h_.unit);
    if (!m)
      issue(line_of(n), std::string("an amount in ") + attr + "=\"...\"",
            n.attribute(attr).value());
    return m;
  }

  bool read_header(const Description& description, const pugi::xml_node& game) {
    // A tournament's games print their own level's stakes (version 2.1): the description's are
    // the first game's.
    Description d = description;
    if (game.attribute("stakes") && !read_stakes(game.attribute("stakes").value(), d.unit(), d)) {
      issue(line_of(game), "stakes=\"No Limit Level N Blinds SMALL/BIG\"",
            game.attribute("stakes").value());
      return false;
    }
    // Until 2010 a RAISE is the chips it adds, the call included: in hand 15245216-1000 (2008) the
    // big blind's RAISE of 5.00 over its 0.50 is called with 4.50 from 1.00, and in 27626183-2
    // (2010) the small blind's RAISE of 5.00 wins a pot of 8.00 with the 2.00 big blind. Since
    // 2011 it is the street total: in 33423082-14 the small blind's RAISE of 2.00 over its 0.50
    // is called with 1.00 by the 1.00 big blind.
    const std::string_view start = game.attribute("starttime").value();
    // The year tells what a RAISE's amount is: a start that is no date is not read.
    if (start.size() < 4 || start.substr(0, 4).find_first_not_of("0123456789") != start.npos) {
      issue(line_of(game), "starttime=\"YYYY...\" (20081013150000, 2012/08/23 02:10:05 -0300)",
            start);
      return false;
    }
    raise_by_ = start.size() >= 4 && start.substr(0, 4) < "2011";
    versioned_ = d.versioned || static_cast<bool>(game.attribute("version"));
    // A mixed game (HORSE: gametype 75 cash, 77 tournament) names the hand's own game in
    // multigametype="..".
    const pugi::xml_attribute code = game.attribute("multigametype")
                                         ? game.attribute("multigametype")
                                         : game.attribute("gametype");
    for (const GameCode& g : kGameCodes)
      if (g.code == code.as_int(-1)) h_.game = g.game;
    if (!h_.game.known()) {
      issue(line_of(game), "a gametype=\"N\" of a game Merge deals",
            game.attribute("gametype").value());
      return false;
    }
    h_.structure = d.structure;
    h_.limit_text = d.limit_text;
    h_.tournament = d.tournament;
    h_.unit = d.tournament ? 1 : 100;
    h_.currency = d.tournament ? "" : d.currency;
    // data="20110517|Santiago (34717229)|34717229|34717229-304|false": the table, and for a
    // tournament its id.
    const std::string_view data = game.attribute("data").value();
    // 2010 exports separate the fields with ':' ("20100907:Statue of Liberty (27626183):...").
    const char separator = data.size() > 8 && data[8] == ':' ? ':' : '|';
    std::vector<std::string_view> fields;
    for (std::size_t at = 0; at <= data.size();) {
      std::size_t bar = data.find(separator, at);
      if (bar == std::string_view::npos) bar = data.size();
      fields.push_back(data.substr(at, bar - at));
      at = bar + 1;
    }
    if (fields.size() > 1) h_.table_name = std::string(fields[1]);
    if (d.tournament && fields.size() > 2) h_.tournament_id = std::string(fields[2]);
    h_.max_seats = game.attribute("seats").as_int(0);
    const std::vector<Money>& s = d.stakes;
    if (h_.game.is_stud() && s.size() == 3) {
      // No-limit stud: "($0.01/$0.02/$0.10)" is the ante, the bring-in and the smallest bet.
      h_.ante = s[0];
      h_.small_blind = s[1];
      h_.big_blind = s[2];
    } else if (s.size() == 2) {
      h_.small_blind = s[0];
      h_.big_blind = s[1];
      if (h_.structure == Structure::FixedLimit) {
        // Fixed-limit stakes are the two bet sizes ("Limit $1/$2": blinds of $0.50 and $1).
        h_.small_bet = s[0];
        h_.big_bet = s[1];
      }
    } else if (!s.empty()) {
      issue(d.line, "two stakes SMALL/BIG", std::to_string(s.size()) + " amounts");
      return false;
    }
    h_.started_at_utc = start_utc(
        game.attribute("starttime").value(),
        game.select_node("round/event[@timestamp]").node().attribute("timestamp").as_llong(0));
    return true;
  }

  bool read_players(const pugi::xml_node& players) {
    h_.button_seat = xml::seat_from_position(players.attribute("dealer"));
    if (players.attribute("dealer") && h_.button_seat == 0)
      issue(line_of(players), "<players dealer=\"N\">", players.attribute("dealer").value());
    for (pugi::xml_node p : players.children()) {
      if (p.type() != pugi::node_element) continue;
      if (std::string_view(p.name()) != "player") {
        issue(line_of(p), "a <player> in <players>", p.name());
        continue;
      }
      Seat s;
      // Merge numbers seats from 0: hhaudit's seats are 1-based.
      s.seat = xml::seat_from_position(p.attribute("seat"));
      s.player = p.attribute("nickname").as_string();
      const auto balance = money(p, "balance");
      if (s.seat <= 0 || !balance) {
        issue(line_of(p), "<player seat=\"N\" nickname=\"NAME\" balance=\"AMOUNT\">", s.player);
        continue;
      }
      s.stack = *balance;
      if (h_.seat_of(s.seat)) {
        issue(line_of(p), "one <player> per seat", s.player);
        continue;
      }
      h_.seats.push_back(std::move(s));
    }
    if (h_.seats.empty()) {
      issue(line_of(players), "<players> with a <player> element per seat", "");
      return false;
    }
    return true;
  }

  // The seat of a player="N" (Merge's 0-based seat), or 0 with an issue. A seat missing from
  // <players> that acts (hand 34205042-1: the big blind) is seated with its stack unknown.
  int seat_of(const pugi::xml_node& n) {
    const pugi::xml_attribute a = n.attribute("player");
    const int seat = xml::seat_from_position(a);
    if (seat > 0 && !h_.seat_of(seat) && std::string_view(n.name()) == "event" &&
        std::all_of(a.value(), a.value() + std::strlen(a.value()),
                    [](char c) { return c >= '0' && c <= '9'; })) {
      Seat s;
      s.seat = seat;
      s.player = "seat " + std::to_string(seat);
      s.stack_unknown = true;
      h_.seats.push_back(std::move(s));
    }
    if (seat <= 0 || !h_.seat_of(seat)) {
      issue(line_of(n), "player=\"N\": the seat of a seated player", a.value());
      return 0;
    }
    return seat;
  }

  // A round: its community cards first (a round's board is dealt before its betting, though
  // printed after it), the hole cards, the events in order, the cards shown and the winners.
  void read_round(const pugi::xml_node& round) {
    const auto street = street_of_round(round.attribute("id").value());
    if (!street) {
      issue(line_of(round), "a <round id=\"..\"> of Merge (BLINDS, PREFLOP, THIRD_STREET, ...)",
            round.attribute("id").value());
      return;
    }
    for (pugi::xml_node c : round.children("cards"))
      if (std::string_view(c.attribute("type").value()) == "COMMUNITY") board(c);
    for (pugi::xml_node c : round.children("cards")) {
      const std::string_view type = c.attribute("type").value();
      if (h_.game.is_stud() && (type == "HOLE" || type == "DRAW_DRAWN_CARDS"))
        stud_dealt(c, std::max(*street, Street::Preflop));
      else if (type == "HOLE")
        hole(c);
    }
    for (pugi::xml_node n : round.children()) {
      const std::string_view name = n.name();
      if (name == "event") {
        event(n, *street);
      } else if (name == "cards") {
        shown(n);
      } else if (name == "winner") {
        winner(n);
      } else if (n.type() == pugi::node_element) {
        issue(line_of(n), "<event>, <cards> or <winner> in a round", name);
      }
    }
  }

  std::string cards(const pugi::xml_node& n) {
    bool bad = false;
    std::string c = cards_of(n.attribute("cards").value(), bad);
    if (bad) issue(line_of(n), "cards such as \"Td,8h\" (or null)", n.attribute("cards").value());
    return c;
  }

  // COMMUNITY cards are the whole board so far: the new ones are dealt.
  void board(const pugi::xml_node& n) {
    const std::string all = cards(n);
    const std::size_t count = all.empty() ? 0 : (all.size() + 1) / 3;
    if (count <= board_cards_) return;
    Event& e = add(EventKind::Board,
                   count <= 3   ? Street::Flop
                   : count == 4 ? Street::Turn
                                : Street::River,
                   0, line_of(n));
    e.cards = EventCards::read(all.substr(board_cards_ * 3));
    board_cards_ = count;
  }

  // A player's own cards, printed again every round: the first printing is the deal.
  void hole(const pugi::xml_node& n) {
    const int seat = seat_of(n);
    if (seat == 0 || dealt_.count(seat)) return;
    dealt_.insert({seat, true});
    const std::string c = cards(n);
    if (c.empty()) return;
    Event& e = add(EventKind::DealtHole, Street::Preflop, seat, line_of(n));
    e.cards = EventCards::read(c);
  }

  // Stud: a player's cards are printed again every round (DRAW_DRAWN_CARDS, the down cards
  // hidden: ",,2h,8s"; the hero's HOLE): the cards not printed before are the round's deal.
  void stud_dealt(const pugi::xml_node& n, Street street) {
    const int seat = seat_of(n);
    if (seat == 0) return;
    std::string& printed = stud_printed_[seat];
    std::string fresh;
    const std::string all = cards(n);
    for (std::size_t at = 0; at + 2 <= all.size(); at += 3) {
      const std::string card = all.substr(at, 2);
      if (printed.find(card) != std::string::npos) continue;
      printed += card;
      fresh += (fresh.empty() ? "" : " ") + card;
    }
    if (fresh.empty()) return;
    Event& e = add(EventKind::DealtHole, street, seat, line_of(n));
    e.cards = EventCards::read(fresh);
  }

  // SHOWN and MUCKED cards at the showdown; DRAW_DRAWN_CARDS (a draw's new hand, stud's up
  // cards) and HOLE are no showdown.
  void shown(const pugi::xml_node& n) {
    const std::string_view type = n.attribute("type").value();
    if (type != "SHOWN" && type != "MUCKED") return;
    const int seat = seat_of(n);
    if (seat == 0) return;
    Event& e = add(type == "SHOWN" ? EventKind::Shows : EventKind::Mucks, Street::Showdown, seat,
                   line_of(n));
    e.cards = EventCards::read(cards(n));
    // An all-in's cards shown before the last street are no later street's deal.
    if (h_.game.is_stud()) stud_printed_[seat] += e.cards.printed();
  }

  void winner(const pugi::xml_node& n) {
    const int seat = seat_of(n);
    const auto amount = money(n, "amount");
    if (seat == 0 || !amount) return;
    const std::string_view uncalled = n.attribute("uncalled").value();
    if (n.attribute("uncalled") && uncalled != "true" && uncalled != "false") {
      issue(line_of(n), "uncalled=\"true|false\"", uncalled);
      return;
    }
    const std::string_view potnumber = n.attribute("potnumber").value();
    if (n.attribute("potnumber") && (potnumber.empty() || potnumber.size() > 3 ||
                                     potnumber.find_first_not_of("0123456789") != potnumber.npos)) {
      issue(line_of(n), "potnumber=\"N\"", potnumber);
      return;
    }
    // The part of a bet nobody called comes back as a "pot" of its own, uncalled="true".
    if (uncalled == "true") {
      Event& e = add(EventKind::UncalledReturned, Street::Showdown, seat, line_of(n));
      e.amount = *amount;
      uncalled_printed_ = true;
      return;
    }
    Event& e = add(EventKind::Collected, Street::Showdown, seat, line_of(n));
    e.amount = *amount;
    // potnumber="N" from 1; read wide and bounded (a fuzzed number must not overflow).
    e.pot_index = static_cast<int>(
        std::clamp(n.attribute("potnumber").as_llong(1) - 1, 0LL, static_cast<long long>(100)));
  }

  void event(const pugi::xml_node& n, Street street) {
    const std::string_view type = n.attribute("type").value();
    const std::uint32_t ln = line_of(n);
    if (type == "CHAT") {  // player="NAME", not a seat
      Event& e = add(EventKind::Chat, street, 0, ln);
      e.text = n.attribute("text").as_string();
      return;
    }
    // An attribute Merge does not write (a renamed "amount") is not read: the event would be
    // taken for one without chips.
    for (pugi::xml_attribute a : n.attributes()) {
      const std::string_view name = a.name();
      if (name == "sequence" || name == "type" || name == "player" || name == "amount" ||
          name == "text" || name == "timestamp")
        continue;
      issue(ln,
            "an attribute of <event> that Merge writes (sequence, type, player, amount, "
            "text, timestamp)",
            name);
      return;
    }
    const int seat = seat_of(n);
    if (seat == 0) return;
    Event e;
    e.street = street;
    e.seat = seat;
    e.line = ln;
    auto amount = [&]() -> std::optional<Money> { return money(n, "amount"); };
    // An all-in noted without chips: no amount, or an amount of 0. An amount not read is a gap.
    const auto all_in_without_chips = [&] {
      const pugi::xml_attribute a = n.attribute("amount");
      if (!a) return true;
      const std::optional<Money> m = read_amount(a.value(), h_.unit);
      return m && *m == 0;
    };
    if (type == "FOLD") {
      e.kind = EventKind::Fold;
    } else if (type == "CHECK") {
      e.kind = EventKind::Check;
    } else if (type == "SHOW" || type == "MUCK") {
      return;  // the cards follow as <cards type="SHOWN|MUCKED">
    } else if (type == "DRAW") {
      // text="N": the cards thrown, 0 standing pat.
      const int count = n.attribute("text").as_int(-1);
      if (count < 0) {
        issue(ln, "a draw of text=\"N\" cards", n.attribute("text").value());
        return;
      }
      e.kind = count == 0 ? EventKind::StandsPat : EventKind::Discards;
      e.count = count;
    } else if (type == "DISCONNECTED") {
      e.kind = EventKind::SitsOut;
    } else if (type == "RECONNECTED") {
      e.kind = EventKind::Returns;
    } else if (type == "LEAVE" || type == "PLAYER_OUT" ||
               (type == "ALL_IN" && all_in_without_chips())) {
      // Leaving the table, out of a tournament, or an all-in noted without chips (again, after
      // the chips, or by a player whose forced bets took the whole stack).
      e.kind = EventKind::Other;
      e.text = std::string(type);
    } else {
      const auto a = amount();
      if (!a) return;
      if (!money_event(e, type, *a)) {
        issue(ln, "an event type of Merge (SMALL_BLIND, CALL, RAISE, ALL_IN, ...)", type);
        return;
      }
    }
    push_bet(std::move(e));
  }

  // The events that move chips; false for a type that is none of them.
  bool money_event(Event& e, std::string_view type, Money a) {
    e.amount = a;
    if (type == "SMALL_BLIND") {
      e.kind = EventKind::PostSmallBlind;
    } else if (type == "BIG_BLIND" || type == "INITIAL_BLIND") {
      // INITIAL_BLIND: a player new to the table posts the big blind to be dealt in.
      e.kind = EventKind::PostBigBlind;
    } else if (type == "RETURN_BLIND") {
      // A returning player posts both blinds: the small blind's part is dead.
      e.kind = EventKind::PostBothBlinds;
      e.dead = std::max<Money>(0, a - h_.live_big_blind());
    } else if (type == "ANTE") {
      e.kind = EventKind::PostAnte;
    } else if (type == "BRING_IN") {
      e.kind = EventKind::BringIn;
    } else if (type == "CALL") {
      e.kind = EventKind::Call;
    } else if (type == "BET") {
      // Stud's first bet after the bring-in is printed as a BET of the chips put in.
      e.kind = street_max(e.street) == 0 ? EventKind::Bet : EventKind::Raise;
    } else if (type == "RAISE" && raise_by_) {
      e.kind = EventKind::Raise;
    } else if (type == "RAISE" || type == "COMPLETE") {
      // The street total after it (COMPLETE: stud's bring-in completed to the small bet).
      e.kind = EventKind::Raise;
      e.amount = 0;
      e.to = a;
    } else if (type == "ALL_IN") {
      // The chips the all-in puts in: a bet, a call or a raise by what it reaches.
      e.all_in = true;
      e.kind = all_in_kind(e, bets_.committed(e) + a);
    } else {
      return false;
    }
    return true;
  }

  // Merge prints no pot, rake or summary: the winners are the collections (after rake). The
  // part of a bet nobody called is a winner of its own, uncalled="true", in showdowns; when
  // everyone folds to a bet it is inside the bettor's win (docs/sites/merge.md).
  void finish() {
    if (h_.tournament && !versioned_) {
      // An unversioned tournament export's balance is the stack after its forced bets: in hand
      // 46634335-1 the small blind's 10 and the big blind's 20 leave 1490 and 1480 of the 1500
      // every seat starts with, and the all-ins put in exactly balance + forced bets. Versioned
      // exports print it before them: in hand 60139095-22 the small blind's 180 and all-in of 955
      // are its balance of 1135 (docs/sites/merge.md).
      for (const Event& e : h_.events) {
        if (e.street != Street::Setup || e.seat == 0) continue;
        Seat* seat = nullptr;
        for (Seat& s : h_.seats)
          if (s.seat == e.seat) seat = &s;
        if (seat) seat->stack += e.amount;
      }
    }
    h_.uncalled_style = uncalled_printed_ ? UncalledStyle::Printed : UncalledStyle::InCollection;
    ante_from_events();
    if (h_.big_blind == 0) {
      // Tournaments print no stakes: the blinds posted give them.
      for (const Event& e : h_.events) {
        if (e.kind == EventKind::PostSmallBlind && h_.small_blind == 0) h_.small_blind = e.amount;
        if (e.kind == EventKind::PostBigBlind && h_.big_blind == 0) h_.big_blind = e.amount;
      }
      if (h_.structure == Structure::FixedLimit && h_.big_blind > 0) {
        h_.small_bet = h_.big_blind;
        h_.big_bet = 2 * h_.big_blind;
      }
    }
  }

  std::map<int, bool> dealt_;                // seats whose hole cards were read
  std::map<int, std::string> stud_printed_;  // seat -> its stud cards printed so far, packed
  std::size_t board_cards_{0};
  bool uncalled_printed_{false};
  bool raise_by_{false};   // RAISE amount="..": the chips added (until 2010), not the total
  bool versioned_{false};  // the description or the game prints a version="..": see finish()
};

std::string start_utc(std::string_view starttime, long long first_event_ms) {
  starttime = trim(starttime);
  std::optional<std::int64_t> offset;
  if (starttime.size() == 25 && (starttime[20] == '+' || starttime[20] == '-')) {
    const std::string_view z = starttime.substr(21);
    if (!std::all_of(z.begin(), z.end(), [](char c) { return c >= '0' && c <= '9'; })) return "";
    const std::int64_t minutes =
        std::stoi(std::string(z.substr(0, 2))) * 60 + std::stoi(std::string(z.substr(2)));
    offset = (starttime[20] == '-' ? 1 : -1) * minutes * 60;
    starttime = starttime.substr(0, 19);
  }
  const auto local = epoch_seconds(starttime);
  if (!local) return "";
  if (!offset && first_event_ms > 0) {
    const std::int64_t diff = first_event_ms / 1000 - *local;
    offset = (diff >= 0 ? diff + 450 : diff - 450) / 900 * 900;
  }
  return xml::utc_of_epoch(*local + offset.value_or(0));
}

}  // namespace

bool is_document_start(std::string_view line) {
  return xml::find_tag(trim(line), "description", 0) == 0;
}

std::optional<Money> read_amount(std::string_view text, int unit) {
  return parse_amount(trim(text), unit);
}

std::vector<Hand> read_document(const HandText& ht, const std::string& file) {
  static constexpr xml::Shape kShape{"merge", "description", "game", "",
                                     "a Merge <description> with <game> elements"};
  Description description;
  description.problem = {ht.line, "a <description> header before the <game>", "", 0};
  const xml::Reader reader{
      [&](std::string_view text, std::size_t offset, const Lines& lines) {
        description = read_description(text, offset, lines);
      },
      [&](std::string_view game, std::size_t offset, bool closed, const Lines& lines) {
        return GameReader(game, offset, ht, lines, file).read(description, closed);
      }};
  return xml::read_hands(ht, file, kShape, reader);
}

}  // namespace hh::merge
