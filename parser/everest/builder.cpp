#include "parser/everest/builder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <utility>

#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/xml/document.hpp"
#include "parser/xml/hand_reader.hpp"

namespace hh::everest {

namespace {

using xml::Lines;

// game="..": the corpus holds hold-em and omaha-hi.
constexpr std::array<std::pair<std::string_view, Game>, 2> kGames = {{
    {"hold-em", games::kHoldem},
    {"omaha-hi", games::kOmaha},
}};

constexpr std::array<std::pair<std::string_view, Structure>, 3> kLimits = {{
    {"no-limit", Structure::NoLimit},
    {"pot-limit", Structure::PotLimit},
    {"fixed-limit", Structure::FixedLimit},
}};

constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kCurrencies = {{
    {"$", "USD"},
    {"\xE2\x82\xAC", "EUR"},
    {"\xC2\xA3", "GBP"},
}};

// The <SESSION .../> a piece opens with: what every hand of the session shares.
struct Session {
  bool read{false};
  ParseIssue problem;
  std::string table, tournament_id, currency, limit_text;
  Game game;
  Structure structure{Structure::Unknown};
  bool tournament{false};
};

Session read_session(std::string_view text, std::size_t offset, const Lines& lines) {
  Session s;
  const std::uint32_t line = lines.at(offset);
  const std::size_t end = text.find('>');
  pugi::xml_document doc;
  const pugi::xml_parse_result r = end == std::string_view::npos
                                       ? pugi::xml_parse_result{}
                                       : xml::parse(doc, text.substr(0, end + 1));
  const pugi::xml_node n = doc.child("SESSION");
  const std::string_view type = n.attribute("type").value();
  const std::string_view game = n.attribute("game").value();
  const std::string_view limit = n.attribute("gametype").value();
  for (const auto& [name, g] : kGames)
    if (game == name) s.game = g;
  for (const auto& [name, st] : kLimits)
    if (limit == name) s.structure = st;
  s.limit_text = std::string(limit);
  s.tournament = type == "tournament";
  s.table = n.attribute("tableName").as_string();
  if (s.tournament) {
    s.tournament_id = n.attribute("id").as_string();
  } else {
    const std::string_view money = n.attribute("money").value();
    for (const auto& [sign, code] : kCurrencies)
      if (money == sign) s.currency = std::string(code);
  }
  if (!r || !s.game.known() || s.structure == Structure::Unknown ||
      (type != "ring" && !s.tournament) || (!s.tournament && s.currency.empty())) {
    s.problem = {line,
                 "<SESSION type=\"ring|tournament\" money=\"$|€\" game=\"hold-em|omaha-hi\" "
                 "gametype=\"no-limit|pot-limit|fixed-limit\">",
                 std::string(text.substr(0, std::min<std::size_t>(text.find('\n'), 120))), 0};
    return s;
  }
  s.read = true;
  return s;
}

// Every amount of the export: digits only, a whole number of hundredths (parse_amount's bound
// keeps the sums far from overflow).
std::optional<Money> whole_number(std::string_view text) {
  if (text.empty() ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return parse_amount(text, 1);
}

// "$0.50/$1", "5 €/10 €", "1 750/3 500" (a space between thousands): the two amounts, in
// hundredths as every other amount of the export.
std::optional<std::pair<Money, Money>> pair_of(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  // The currency signs and the spaces go; anything else but digits and the point is no amount
  // ("$0O02" is none, never 0.02 nor 2).
  auto one = [](std::string_view part) -> std::optional<Money> {
    std::string digits;
    for (std::size_t i = 0; i < part.size(); ++i) {
      const char c = part[i];
      if ((c >= '0' && c <= '9') || c == '.') {
        digits += c;
      } else if (c == ' ' || c == '$') {
      } else if (part.substr(i).starts_with("\xE2\x82\xAC")) {
        i += 2;
      } else if (part.substr(i).starts_with("\xC2\xA3")) {
        i += 1;
      } else {
        return std::nullopt;
      }
    }
    return parse_amount(digits, 100);
  };
  const auto a = one(text.substr(0, slash));
  const auto b = one(text.substr(slash + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

class HandElementReader : xml::HandReader {
 public:
  HandElementReader(std::string_view raw, std::size_t offset, const HandText& ht,
                    const Lines& lines, const std::string& file)
      : xml::HandReader("everest", raw, offset, ht, lines, file) {}

  Hand read(const Session& session, bool closed) {
    pugi::xml_document doc;
    if (!parse_whole(doc, closed, "</HAND>: the document ends inside the hand"))
      return std::move(h_);
    if (!session.read) {
      h_.issues.push_back(session.problem);
      return std::move(h_);
    }
    const pugi::xml_node hand = doc.child("HAND");
    h_.site_hand_id = hand.attribute("id").as_string();
    if (h_.site_hand_id.empty()) {
      issue(line_of(hand), "<HAND id=\"N\">", "");
      return std::move(h_);
    }
    if (!read_header(session, hand)) return std::move(h_);
    Money smallest = 0;
    for (pugi::xml_node b : hand.children("BLIND")) {
      // A blind whose amount is not read is an issue where it is read in order (element()).
      const auto read = whole_number(b.attribute("amount").value());
      if (!read) continue;
      const Money a = *read;
      posted_big_blind_ = std::max(posted_big_blind_, a);
      smallest = smallest == 0 ? a : std::min(smallest, a);
    }
    if (smallest == posted_big_blind_) posted_big_blind_ = h_.live_big_blind();
    for (pugi::xml_node n : hand.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string_view name = n.name();
      if (name != "HOLE") deal_hole_cards();
      element(name, n);
    }
    if (h_.seats.empty()) {
      issue(line_of(hand), "a <SEAT> element per player", "");
      return std::move(h_);
    }
    // The last SWEEP holds the pot after rake and tax, and the rake and tax of the whole hand
    // (6351562000: 17750 = the 18000 put in less rake 150 and tax 100).
    if (sweep_) {
      h_.total_pot = sweep_->pot + sweep_->rake + sweep_->tax;
      h_.rake = sweep_->rake;
      if (sweep_->tax > 0) h_.fees.push_back({"tax", sweep_->tax});
      h_.totals_line = sweep_->line;
    }
    if (h_.tournament) h_.rake = 0;
    ante_from_events();
    totals_wait_for_the_play();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  // Every amount is a whole number of hundredths: cents, or hundredths of a tournament chip.
  std::optional<Money> hundredths(const pugi::xml_node& n, const char* attr) {
    const std::string_view v = n.attribute(attr).value();
    const auto m = whole_number(v);
    if (!m) issue(line_of(n), std::string("a number of hundredths in ") + attr + "=\"...\"", v);
    return m;
  }

  bool read_header(const Session& session, const pugi::xml_node& hand) {
    h_.game = session.game;
    h_.structure = session.structure;
    h_.limit_text = session.limit_text;
    h_.tournament = session.tournament;
    h_.tournament_id = session.tournament_id;
    h_.currency = session.currency;
    h_.table_name = session.table;
    h_.unit = 100;  // hundredths, of a tournament chip too (docs/sites/everest.md)
    const auto blinds = pair_of(hand.attribute("blinds").value());
    if (!blinds) {
      issue(line_of(hand), "blinds=\"SMALL/BIG\"", hand.attribute("blinds").value());
      return false;
    }
    h_.small_blind = blinds->first;
    h_.big_blind = blinds->second;
    if (h_.structure == Structure::FixedLimit) {
      // stakes="$0.02/$0.04": the two bet sizes (7526266449: the big blind of 0.02 is the small
      // bet, a raise makes 0.04).
      const auto stakes = pair_of(hand.attribute("stakes").value());
      if (!stakes) {
        issue(line_of(hand), "stakes=\"SMALL/BIG\" (the bets)", hand.attribute("stakes").value());
        return false;
      }
      h_.small_bet = stakes->first;
      h_.big_bet = stakes->second;
    }
    const long long time = hand.attribute("time").as_llong(0);
    if (time > 0) h_.started_at_utc = xml::utc_of_epoch(time);
    return true;
  }

  // position="N", from 0: seat N + 1 (the model's seat 0 is "no seat").
  int seat_of(const pugi::xml_node& n) {
    const pugi::xml_attribute p = n.attribute("position");
    const int seat = xml::seat_from_position(p);
    if (seat <= 0 || !h_.seat_of(seat)) {
      issue(line_of(n), "position=\"N\" of a seated player", p.value());
      return 0;
    }
    return seat;
  }

  void element(std::string_view name, const pugi::xml_node& n) {
    const std::uint32_t ln = line_of(n);
    if (name == "SEAT") {
      seat_element(n, ln);
    } else if (name == "COMMUNITY") {
      community(n);
    } else if (name == "SWEEP") {
      sweep(n, ln);
    } else if (const int seat = seat_of(n); seat != 0) {
      player_element(name, n, seat, ln);
    }
  }

  void seat_element(const pugi::xml_node& n, std::uint32_t ln) {
    Seat s;
    s.seat = xml::seat_from_position(n.attribute("position"));
    s.player = n.attribute("name").as_string();
    const auto balance = hundredths(n, "balance");
    if (s.seat <= 0 || s.player.empty() || !balance || h_.seat_of(s.seat) ||
        h_.seat_by_player(s.player)) {
      issue(ln, "one <SEAT position=\"N\" name=\"..\" balance=\"..\"> per seat and name", s.player);
      return;
    }
    s.stack = *balance;
    h_.seats.push_back(std::move(s));
  }

  // The pot after the round, net of the rake and tax taken so far: read at the end.
  void sweep(const pugi::xml_node& n, std::uint32_t ln) {
    const auto rake = hundredths(n, "rake");
    const auto tax = hundredths(n, "tax");
    const std::string_view text = trim(n.text().get());
    const auto pot = whole_number(text);
    if (!rake || !tax || !pot) {
      issue(ln, "<SWEEP rake=\"N\" tax=\"N\">POT</SWEEP>", text);
      return;
    }
    sweep_ = Sweep{*pot, *rake, *tax, ln};
  }

  // An element of one seated player's play (position="N").
  void player_element(std::string_view name, const pugi::xml_node& n, int seat, std::uint32_t ln) {
    if (name == "DEALER") {
      h_.button_seat = seat;
    } else if (name == "HOLE") {
      // One card per element, round after round; "--" a card not seen.
      const std::string card = card_of(trim(n.text().get()));
      if (!card.empty()) {
        std::string& cards = hole_[seat];
        if (!cards.empty()) cards += ' ';
        cards += card;
      }
      hole_seen_ = true;
    } else if (name == "SHOW") {
      std::string cards;
      for (const std::string& card : cards_of(n)) cards += (cards.empty() ? "" : " ") + card;
      if (cards.empty()) return;
      // A player all-in before the board shows before it and again after (7653077769).
      if (shown_.count(seat) && shown_[seat] == cards) return;
      shown_[seat] = cards;
      Event& e = add(EventKind::Shows, Street::Showdown, seat, ln);
      e.cards = EventCards::read(cards);
    } else if (name == "XSHOW") {
      // A winner nobody called, who shows nothing.
    } else if (name == "WIN") {
      const auto amount = hundredths(n, "amount");
      if (!amount || *amount == 0) return;
      Event& e = add(EventKind::Collected, Street::Showdown, seat, ln);
      e.amount = *amount;
    } else if (name == "PUSH") {
      // A bet nobody called, back to its bettor (7456671620: 5.00 of the raise to 7.50).
      const auto amount = hundredths(n, "amount");
      if (!amount) return;
      Event& e = add(EventKind::UncalledReturned, street_, seat, ln);
      e.amount = *amount;
    } else if (name == "FOLD") {
      Event e;
      e.kind = EventKind::Fold;
      e.street = street_;
      e.seat = seat;
      e.line = ln;
      push_bet(std::move(e));
    } else if (name == "ANTE" || name == "BLIND" || name == "BET") {
      const auto amount = hundredths(n, "amount");
      if (!amount) return;
      money_action(name, n, seat, *amount, ln);
    } else {
      issue(ln, "an Everest element (SEAT, BLIND, HOLE, BET, FOLD, SWEEP, WIN, ...)", name);
    }
  }

  void money_action(std::string_view name, const pugi::xml_node& n, int seat, Money amount,
                    std::uint32_t ln) {
    Event e;
    e.street = street_;
    e.seat = seat;
    e.line = ln;
    e.amount = amount;
    if (name == "ANTE") {
      e.kind = EventKind::PostAnte;
      e.street = Street::Setup;
    } else if (name == "BLIND") {
      // A blind smaller than the hand's big blind is the small blind, the others big blinds; the
      // big blind is the largest BLIND posted when two differ (7144066651 posts 10 and 20
      // under a header of the level before, blinds="5/10"), else the header's (7526266449: the
      // one blind posted, 0.02 at $0.01/$0.02, is the big blind: the next seat acts first).
      // penalty="0" in every hand of the corpus; another value is not known.
      if (std::string_view(n.attribute("penalty").value()) != "0") {
        issue(ln, "penalty=\"0\"", n.attribute("penalty").value());
        return;
      }
      e.street = Street::Setup;
      e.kind = amount < posted_big_blind_ ? EventKind::PostSmallBlind : EventKind::PostBigBlind;
    } else {
      // BET: the chips added (7456671620: 7.50 from nothing after a bet of 2.50, then 5.00 of it
      // comes back); 0 is a check; a bet, call or raise by the street total it reaches.
      e.all_in = n.attribute("allin").as_int(0) == 1;
      if (amount == 0) {
        e.kind = EventKind::Check;
      } else {
        const Money reaches = bets_.committed(e) + amount;
        e.kind = all_in_kind(e, reaches);
      }
    }
    push_bet(std::move(e));
  }

  void community(const pugi::xml_node& n) {
    // "10d, 10s, Kd": the cards dealt now, split over the streets they open (an all-in before the
    // flop is dealt five at once: 7653077769).
    for (const std::string& card : cards_of(n)) {
      const Street s = board_ < 3 ? Street::Flop : board_ == 3 ? Street::Turn : Street::River;
      if (board_ == 0 || board_ >= 3) {
        street_ = s;
        add(EventKind::Board, s, 0, line_of(n));
      }
      Event& e = h_.events.back();
      e.cards = EventCards::read(e.cards.empty() ? card : e.cards.printed() + ' ' + card);
      ++board_;
    }
  }

  // The cards of "5c, Ah" as the model writes them; none, with an issue, when one is unknown.
  std::vector<std::string> cards_of(const pugi::xml_node& n) {
    std::vector<std::string> out;
    std::string_view text = n.text().get();
    while (!text.empty()) {
      const std::size_t comma = text.find(',');
      out.push_back(card_of(trim(text.substr(0, comma))));
      if (out.back().empty()) {
        issue(line_of(n), "cards \"5c, Ah\"", n.text().get());
        return {};
      }
      text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    }
    return out;
  }

  // The hole cards seen, once all are dealt.
  void deal_hole_cards() {
    if (!hole_seen_) return;
    hole_seen_ = false;
    for (const auto& [seat, cards] : hole_) {
      Event& e = add(EventKind::DealtHole, Street::Preflop, seat, h_.source.line);
      e.cards = EventCards::read(cards);
    }
    hole_.clear();
  }

  struct Sweep {
    Money pot, rake, tax;
    std::uint32_t line;
  };
  std::optional<Sweep> sweep_;
  Money posted_big_blind_{0};  // the amount of a big blind in this hand's BLINDs
  Street street_{Street::Preflop};
  int board_{0};
  bool hole_seen_{false};
  std::map<int, std::string> hole_;
  std::map<int, std::string> shown_;
};

}  // namespace

bool is_document_start(std::string_view line) {
  return xml::find_tag(trim(line), "SESSION", 0) == 0;
}

std::string card_of(std::string_view text) {
  if (text.size() < 2) return "";
  std::string_view rank = text.substr(0, text.size() - 1);
  const char suit = text.back();
  if (rank == "10") rank = "T";
  if (rank.size() != 1 ||
      std::string_view("23456789TJQKA").find(rank[0]) == std::string_view::npos ||
      std::string_view("cdhs").find(suit) == std::string_view::npos)
    return "";
  return std::string{rank[0], suit};
}

std::vector<Hand> read_document(const HandText& ht, const std::string& file) {
  static constexpr xml::Shape kShape{
      "everest", "SESSION", "HAND", "", "an Everest <SESSION> with <HAND> elements", "<PRIZE "};
  Session session;
  session.problem = {ht.line, "a <SESSION> header before the <HAND>", "", 0};
  const xml::Reader reader{
      [&](std::string_view text, std::size_t offset, const Lines& lines) {
        session = read_session(text, offset, lines);
      },
      [&](std::string_view hand, std::size_t offset, bool closed, const Lines& lines) {
        return HandElementReader(hand, offset, ht, lines, file).read(session, closed);
      }};
  return xml::read_hands(ht, file, kShape, reader);
}

}  // namespace hh::everest
