#include "parser/boss/builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <pugixml.hpp>
#include <string_view>
#include <system_error>
#include <utility>

#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/xml/document.hpp"
#include "parser/xml/hand_reader.hpp"

namespace hh::boss {

namespace {

// SEAT="N": the whole token, a seat number a table can have (1 to kMaxSeats), else 0 (unread:
// pugixml's as_int would read "666666666661" as INT_MAX, a seat the file does not name).
int seat_number(const pugi::xml_node& player) {
  const std::string_view v = player.attribute("SEAT").value();
  int n = 0;
  const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (error != std::errc() || end != v.data() + v.size() || n < 1 ||
      static_cast<std::size_t>(n) > kMaxSeats)
    return 0;
  return n;
}

using xml::Lines;

// GAME="..": Boss's game codes. GAME_OMATU (a 2009 Omaha table) deals four cards as GAME_OMA.
constexpr std::array<std::pair<std::string_view, Game>, 5> kGames = {{
    {"GAME_THM", games::kHoldem},
    {"GAME_OMA", games::kOmaha},
    {"GAME_OMATU", games::kOmaha},
    {"GAME_OMAHL", games::kOmahaHiLo},
    {"GAME_FCD", games::kFiveCardDraw},
}};

constexpr std::array<std::pair<std::string_view, Structure>, 3> kLimits = {{
    {"NL", Structure::NoLimit},
    {"PL", Structure::PotLimit},
    {"FL", Structure::FixedLimit},
}};

class HistoryReader : xml::HandReader {
 public:
  HistoryReader(std::string_view raw, std::size_t offset, const HandText& ht, const Lines& lines,
                const std::string& file)
      : HandReader("boss", raw, offset, ht, lines, file) {}

  Hand read(bool closed) {
    pugi::xml_document doc;
    if (!parse_whole(doc, closed, "</HISTORY>: the document ends inside the hand"))
      return std::move(h_);
    pugi::xml_node history = doc.child("HISTORY");
    h_.site_hand_id = history.attribute("ID").as_string();
    if (h_.site_hand_id.empty()) {
      issue(line_of(history), "<HISTORY ID=\"N\">", "");
      return std::move(h_);
    }
    if (!read_header(history) || !read_players(history)) return std::move(h_);
    for (pugi::xml_node n : history.children()) {
      const std::string_view name = n.name();
      if (name == "ACTION") {
        action(n);
      } else if (name == "SHOWDOWN") {
        showdown(n);
      } else if (name != "PLAYER" && n.type() == pugi::node_element) {
        issue(line_of(n), "<PLAYER>, <ACTION> or <SHOWDOWN> in a <HISTORY>", name);
      }
    }
    // Boss never prints what comes back of a bet nobody called (hand 1978259345: the 57.00 bet
    // everyone folds to is not in the POT of 74.11 nor in the WIN).
    h_.uncalled_style = UncalledStyle::Silent;
    ante_from_events();
    totals_wait_for_the_play();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  bool read_header(const pugi::xml_node& history) {
    const std::string_view game = history.attribute("GAME").value();
    for (const auto& [code, g] : kGames)
      if (game == code) h_.game = g;
    const std::string_view limit = history.attribute("LIMIT").value();
    for (const auto& [code, s] : kLimits)
      if (limit == code) h_.structure = s;
    h_.limit_text = std::string(limit);
    if (!h_.game.known() || h_.structure == Structure::Unknown) {
      issue(line_of(history), "GAME=\"GAME_THM|GAME_OMA|GAME_OMAHL|GAME_FCD\" and LIMIT=\"NL|PL\"",
            std::string(game) + " " + std::string(limit));
      return false;
    }
    h_.tournament =
        std::string_view(history.attribute("GAMEKIND").value()) == "GAMEKIND_TOURNAMENT";
    h_.unit = h_.tournament ? 1 : 100;
    if (h_.tournament) {
      h_.tournament_id = history.attribute("TABLETOURNEYID").as_string();
    } else {
      h_.currency = history.attribute("TABLECURRENCY").as_string();
    }
    h_.table_name = history.attribute("TABLE").as_string();
    const std::string_view stakes = history.attribute("STAKES").value();
    const std::size_t slash = stakes.find('/');
    const auto sb = parse_amount(trim(stakes.substr(0, slash)), h_.unit);
    const auto bb = slash == std::string_view::npos
                        ? std::nullopt
                        : parse_amount(trim(stakes.substr(slash + 1)), h_.unit);
    if (!sb || !bb) {
      issue(line_of(history), "STAKES=\"SMALL/BIG\"", stakes);
      return false;
    }
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    // DATE is the hand's start in seconds since the epoch (UTC).
    const long long date = history.attribute("DATE").as_llong(0);
    if (date > 0) h_.started_at_utc = xml::utc_of_epoch(date);
    return true;
  }

  bool read_players(const pugi::xml_node& history) {
    for (pugi::xml_node p : history.children("PLAYER")) {
      if (h_.seats.size() >= kMaxSeats) {
        issue(line_of(p), max_seats_expected(), p.attribute("NAME").value());
        return false;
      }
      const std::string_view state = p.attribute("STATE").value();
      // An empty or reserved seat: NAME="" or "UNKNOWN", AMOUNT="0.00".
      if (std::string_view(p.attribute("NAME").value()).empty() || state == "STATE_EMPTY" ||
          state == "STATE_RESERVED")
        continue;
      Seat s;
      s.seat = seat_number(p);
      s.player = p.attribute("NAME").as_string();
      const auto amount = amount_of(p, "AMOUNT");
      if (s.seat <= 0 || !amount) {
        issue(line_of(p), "<PLAYER NAME=\"..\" SEAT=\"N\" AMOUNT=\"..\">", s.player);
        continue;
      }
      s.stack = *amount;
      s.sitting_out = state == "STATE_SITOUT";
      if (h_.seat_of(s.seat) || h_.seat_by_player(s.player)) {
        issue(line_of(p), "one <PLAYER> per seat and name", s.player);
        continue;
      }
      if (std::string_view(p.attribute("DEALER").value()) == "Y") h_.button_seat = s.seat;
      h_.seats.push_back(std::move(s));
    }
    if (h_.seats.empty()) {
      issue(line_of(history), "a <PLAYER> element per seat", "");
      return false;
    }
    return true;
  }

  int seat_of(const pugi::xml_node& n) {
    const Seat* s = h_.seat_by_player(n.attribute("PLAYER").value());
    if (!s) {
      issue(line_of(n), "PLAYER=\"NAME\" of a seated player", n.attribute("PLAYER").value());
      return 0;
    }
    return s->seat;
  }

  // The <CARD LINK=".."/>s of an element: the cards seen, how many there are.
  std::string cards(const pugi::xml_node& n, int& count) {
    std::string out;
    count = 0;
    for (pugi::xml_node c : n.children("CARD")) {
      ++count;
      const std::string_view link = c.attribute("LINK").value();
      const std::string card = card_of(link);
      if (card.empty()) {
        if (link != "b") issue(line_of(c), "a card LINK=\"0..51\" or \"b\"", link);
        continue;
      }
      if (!out.empty()) out += ' ';
      out += card;
    }
    return out;
  }

  void action(const pugi::xml_node& n) {
    const std::string_view type = n.attribute("TYPE").value();
    const std::uint32_t ln = line_of(n);
    if (type == "HAND_BOARD") {
      unprinted_antes(n);
      // A new betting round: the board so far (all of it, again) in flop games; a draw's round
      // in draw games, without cards.
      street_ = street_ == Street::Preflop ? Street::Flop
                : street_ == Street::Flop  ? Street::Turn
                                           : Street::River;
      int count = 0;
      const std::string all = cards(n, count);
      const std::size_t seen = all.empty() ? 0 : (all.size() + 1) / 3;
      if (seen > board_cards_) {
        Event& e = add(EventKind::Board, street_, 0, ln);
        e.cards = EventCards::read(all.substr(board_cards_ * 3));
        board_cards_ = seen;
      }
      return;
    }
    const int seat = seat_of(n);
    if (seat == 0) return;
    if (type == "HAND_DEAL") {
      // A seat without chips is dealt no ante to pay (hand 5855055: "Unknown", AMOUNT 0).
      if (h_.seat_of(seat)->stack > 0) dealt_.push_back(seat);
      int count = 0;
      const std::string c = cards(n, count);
      if (c.empty()) return;
      Event& e = add(EventKind::DealtHole, Street::Preflop, seat, ln);
      e.cards = EventCards::read(c);
      return;
    }
    if (type == "CHANGECARD") {
      const int count = n.attribute("COUNT").as_int(-1);
      if (count < 0) {
        issue(ln, "a draw of COUNT=\"N\" cards", n.attribute("COUNT").value());
        return;
      }
      Event& e = add(count == 0 ? EventKind::StandsPat : EventKind::Discards, street_, seat, ln);
      e.count = count;
      return;
    }
    Event e;
    e.street = type == "HAND_BLINDS" ? Street::Setup : street_;
    e.seat = seat;
    e.line = ln;
    if (type == "ACTION_FOLD") {
      e.kind = EventKind::Fold;
    } else if (type == "ACTION_CHECK") {
      e.kind = EventKind::Check;
    } else {
      const auto value = amount_of(n, "VALUE");
      if (!value) return;
      if (!money_action(e, type, n.attribute("KIND").value(), *value)) {
        issue(ln, "an ACTION TYPE of Boss (HAND_BLINDS, ACTION_CALL, ACTION_RAISE, ...)", type);
        return;
      }
    }
    push_bet(std::move(e));
  }

  bool money_action(Event& e, std::string_view type, std::string_view kind, Money v) {
    e.amount = v;
    if (type == "HAND_BLINDS") {
      // A blind larger than the stack is printed whole but posted all-in for the stack: in
      // hand 5858355 the big blind of 600 from AMOUNT 424 makes the flop's POT of 3274 = 2824
      // put in + 9 antes of 50.
      const Seat* s = h_.seat_of(e.seat);
      if (s && v > s->stack && s->stack > 0) {
        e.amount = v = s->stack;
        e.all_in = true;
      }
      if (kind == "HAND_SB") {
        // A second small blind is a new player's, posted dead (hand 1797085457: SD's 5.00 and
        // raise to 32.50 everyone folds to win a POT of 30.00 = both small blinds + the 10.00
        // big blind + the 10.00 of SD's raise it called).
        e.kind = small_blind_posted_ ? EventKind::PostDead : EventKind::PostSmallBlind;
        small_blind_posted_ = true;
      } else if (kind == "HAND_BB") {
        e.kind = EventKind::PostBigBlind;
      } else if (kind == "HAND_DSB") {
        e.kind = EventKind::PostDead;  // a missed small blind, posted dead
      } else if (kind == "HAND_ANTE") {
        e.kind = EventKind::PostAnte;
      } else {
        return false;
      }
    } else if (type == "ACTION_CALL") {
      // The chips added (hand 1978259345: 7.00 from the 2.00 small blind to a raise to 9.00);
      // five card draw hand 3042344309 prints the street total instead (2.00 from the 1.00 big
      // blind to a raise to 2.00, the POT then 4.00): a value that is the bet to match and not
      // what is missing to it is that total.
      e.kind = EventKind::Call;
      const Money in = bets_.committed(e);
      if (in > 0 && v == street_max()) e.amount = v - in;
    } else if (type == "ACTION_BET") {
      e.kind = street_max() == 0 ? EventKind::Bet : EventKind::Raise;
    } else if (type == "ACTION_RAISE") {
      e.kind = EventKind::Raise;  // to the street total
      e.amount = 0;
      e.to = v;
    } else if (type == "ACTION_ALLIN") {
      // The street total the all-in reaches (hand 2907049756: 3.31 after 1.15 preflop is the
      // whole 4.46 stack): a bet, a call or a raise by what it reaches.
      e.all_in = true;
      e.amount = 0;
      e.to = v;
      e.kind = all_in_kind(e, v);
      if (e.kind != EventKind::Raise) {
        e.amount = v - bets_.committed(e);
        e.to = 0;
      }
    } else {
      return false;
    }
    return true;
  }

  // POT is the pot after rake, RAKE the rake: the gross pot is their sum. A RESULT's WIN is what
  // the player collected.
  // Tournament exports print no antes (NLHE-CAD-MTT-201101: from the 100/200 level the first
  // POT printed holds 25 more for each player dealt than the blinds and bets, 250 at a table of
  // 10): the first POT printed, less what was put in so far, split evenly over the players dealt,
  // is each one's ante, posted before the blinds. Only when it splits evenly; else the audit
  // sees the difference.
  void unprinted_antes(const pugi::xml_node& n) {
    if (pot_seen_ || !n.attribute("POT")) return;
    pot_seen_ = true;
    if (!h_.tournament) return;
    const auto pot = parse_amount(trim(n.attribute("POT").value()), h_.unit);
    if (!pot) return;
    // What was put in so far, the part of the largest bet nobody matched left out (the POT
    // leaves it out).
    std::map<int, Money> put_in;
    for (const Event& e : h_.events) {
      if (e.kind == EventKind::PostAnte) return;  // printed
      if (e.seat != 0) put_in[e.seat] += e.amount;
    }
    Money in = 0, top = 0, second = 0;
    for (const auto& [seat, m] : put_in) {
      in += m;
      if (m > top) {
        second = top;
        top = m;
      } else {
        second = std::max(second, m);
      }
    }
    in -= top - second;
    const std::vector<int>& dealt = dealt_;
    // AMOUNT is the stack after the ante was taken (the all-ins of these hands put in AMOUNT).
    const Money extra = *pot - in;
    if (extra <= 0 || dealt.empty() || extra % static_cast<Money>(dealt.size()) != 0) return;
    std::vector<Event> antes;
    for (int seat : dealt) {
      Event a;
      a.kind = EventKind::PostAnte;
      a.street = Street::Setup;
      a.seat = seat;
      a.amount = extra / static_cast<Money>(dealt.size());
      a.line = h_.source.line;
      a.text = "ante not printed: derived from the POT";
      antes.push_back(std::move(a));
    }
    for (Seat& s : h_.seats)
      if (std::find(dealt.begin(), dealt.end(), s.seat) != dealt.end())
        s.stack += extra / static_cast<Money>(dealt.size());
    h_.events.insert(h_.events.begin(), antes.begin(), antes.end());
  }

  // An attribute Boss is not known to write on `n` (a showdown, a result: the pot, the rake,
  // the wins) is not read: an issue, and false.
  bool known_attributes(const pugi::xml_node& n, std::initializer_list<std::string_view> known) {
    for (pugi::xml_attribute a : n.attributes()) {
      if (std::find(known.begin(), known.end(), std::string_view(a.name())) != known.end())
        continue;
      issue(line_of(n), std::string("an attribute of <") + n.name() + "> that Boss writes",
            a.name());
      return false;
    }
    return true;
  }

  void showdown(const pugi::xml_node& n) {
    if (!known_attributes(n, {"NAME", "POT", "RAKE", "MAINPOT", "LEFTPOT", "RIGHTPOT", "STARTING"}))
      return;
    unprinted_antes(n);
    const auto pot = amount_of(n, "POT");
    std::optional<Money> rake;
    if (n.attribute("RAKE")) rake = amount_of(n, "RAKE");
    if (pot) {
      h_.total_pot = *pot + rake.value_or(0);
      h_.totals_line = line_of(n);
    }
    h_.rake = rake;
    if (!rake && h_.tournament) h_.rake = 0;  // tournaments take no rake from the pots
    for (pugi::xml_node r : n.children()) {
      if (r.type() != pugi::node_element) continue;
      if (std::string_view(r.name()) != "RESULT") {
        issue(line_of(r), "a <RESULT> in a <SHOWDOWN>", r.name());
        continue;
      }
      if (!known_attributes(r, {"PLAYER", "WIN", "HAND", "WINCARDS", "HANDEXT", "WINTYPE"}))
        continue;
      const int seat = seat_of(r);
      const auto win = amount_of(r, "WIN");
      if (seat == 0 || !win || *win == 0) continue;
      Event& e = add(EventKind::Collected, Street::Showdown, seat, line_of(r));
      e.amount = *win;
    }
  }

  Money street_max() const { return HandReader::street_max(street_); }

  Street street_{Street::Preflop};
  std::size_t board_cards_{0};
  bool small_blind_posted_{false};
  std::vector<int> dealt_;  // seats dealt in (a HAND_DEAL, its cards seen or not)
  bool pot_seen_{false};    // a POT was printed: the antes, if any, are known (unprinted_antes)
};

}  // namespace

bool is_hand_start(std::string_view line) {
  return announces_hand(line) || xml::find_tag(trim(line), "HISTORY", 0) == 0;
}

bool announces_hand(std::string_view line) {
  line = trim(line);
  return xml::is_xml_declaration(line) || line == "<ROOT>";
}

std::string card_of(std::string_view link) {
  if (link.empty() || link.size() > 2 ||
      !std::all_of(link.begin(), link.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return "";
  const int n = std::stoi(std::string(link));
  if (n > 51) return "";
  static constexpr std::string_view kRanks = "A23456789TJQK";
  static constexpr std::string_view kSuits = "dchs";
  return std::string{kRanks[static_cast<std::size_t>(n % 13)],
                     kSuits[static_cast<std::size_t>(n / 13)]};
}

std::vector<Hand> read_document(const HandText& ht, const std::string& file) {
  static constexpr xml::Shape kShape{"boss", "ROOT", "HISTORY", "</ROOT>",
                                     "a Boss Media <HISTORY> element"};
  const xml::Reader reader{
      [](std::string_view, std::size_t, const Lines&) {},  // <ROOT> holds nothing of the hands
      [&](std::string_view history, std::size_t offset, bool closed, const Lines& lines) {
        return HistoryReader(history, offset, ht, lines, file).read(closed);
      }};
  return xml::read_hands(ht, file, kShape, reader);
}

}  // namespace hh::boss
