#include "parser/microgaming/builder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <utility>

#include "parser/text/decode.hpp"
#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/xml/document.hpp"
#include "parser/xml/hand_reader.hpp"

namespace hh::microgaming {

namespace {

using xml::Lines;

// gametype="..", XML-unescaped. "Multi Table Hold'em" is a tournament's Hold'em.
constexpr std::array<std::pair<std::string_view, Game>, 4> kGames = {{
    {"Hold'em", games::kHoldem},
    {"Multi Table Hold'em", games::kHoldem},
    {"Omaha", games::kOmaha},
    {"Omaha H/L", games::kOmahaHiLo},
}};

// betlimit="..". Fixed limit's stakes may be its blinds or its bets: the posts decide
// (fixed_limit_bets()).
constexpr std::array<std::pair<std::string_view, Structure>, 3> kLimits = {{
    {"NL", Structure::NoLimit},
    {"PL", Structure::PotLimit},
    {"FL", Structure::FixedLimit},
}};

// currencysymbol, decoded: "€" (rCA=) and " $" (IAAkAA==) in the corpus.
constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kCurrencies = {{
    {"\xE2\x82\xAC", "EUR"},
    {"$", "USD"},
    {"\xC2\xA3", "GBP"},
}};

class GameReader : xml::HandReader {
 public:
  GameReader(std::string_view raw, std::size_t offset, const HandText& ht, const Lines& lines,
             const std::string& file)
      : HandReader("microgaming", raw, offset, ht, lines, file) {}

  Hand read(bool closed) {
    pugi::xml_document doc;
    if (!parse_whole(doc, closed, "</Game>: the document ends inside the hand"))
      return std::move(h_);
    const pugi::xml_node game = doc.child("Game");
    h_.site_hand_id = game.attribute("id").as_string();
    if (h_.site_hand_id.empty()) {
      issue(line_of(game), "<Game id=\"N\">", "");
      return std::move(h_);
    }
    if (!read_header(game) || !read_seats(game.child("Seats"))) return std::move(h_);
    for (pugi::xml_node n : game.children()) {
      const std::string_view name = n.name();
      if (name == "Gameplay") {
        for (pugi::xml_node a : n.children()) {
          if (std::string_view(a.name()) == "Action") {
            action(a);
          } else if (a.type() == pugi::node_element) {
            issue(line_of(a), "<Action> in <Gameplay>", a.name());
          }
        }
      } else if (name != "Seats" && n.type() == pugi::node_element) {
        issue(line_of(n), "<Seats> or <Gameplay> in a <Game>", name);
      }
    }
    // What comes back of a bet nobody called is never printed: inside the Win when everyone
    // folds to it (4519644415: the river all-in of 3.60 nobody calls is in the Win of 17.28 =
    // 14.40 + 3.60 - the rake of 0.72), outside it when a shorter all-in calls (2979859578: the
    // Win of 35.44 is the pot of 37.30 less the rake of 1.86; the 25.95 no one matched is only
    // in the endbalance of 61.39).
    h_.uncalled_style = UncalledStyle::Silent;
    if (h_.structure == Structure::FixedLimit) fixed_limit_bets();
    stacks_changed_off_the_hand();
    totals_wait_for_the_play();
    h_.parsed = true;
    return std::move(h_);
  }

 private:
  bool read_header(const pugi::xml_node& game) {
    // No hhversion is version 1 (2009-2011): calls and raises are street totals, from version 2
    // the chips added (see action()).
    version_ = game.attribute("hhversion").as_int(1);
    const std::string_view type = game.attribute("gametype").value();
    for (const auto& [name, g] : kGames)
      if (type == name) h_.game = g;
    const std::string_view limit = game.attribute("betlimit").value();
    for (const auto& [code, s] : kLimits)
      if (limit == code) h_.structure = s;
    h_.limit_text = std::string(limit);
    if (!h_.game.known() || h_.structure == Structure::Unknown) {
      issue(line_of(game), "gametype=\"Hold'em|Omaha|Omaha H/L\" and betlimit=\"NL|PL|FL\"",
            std::string(type) + " " + std::string(limit));
      return false;
    }
    h_.tournament = game.attribute("istournament").as_int(0) != 0;
    h_.unit = h_.tournament ? 1 : 100;
    h_.table_name = text_of_base64_utf16(game.attribute("unicodetablename").value());
    if (h_.table_name.empty()) h_.table_name = game.attribute("tablename").as_string();
    if (h_.tournament) {
      // "VIP €10,000 Quarterly Freeroll [4685921]:Table 1": the tournament's number in brackets.
      const std::string_view t = h_.table_name;
      const std::size_t open = t.rfind('[');
      const std::size_t close = t.find(']', open == std::string_view::npos ? 0 : open);
      if (open != std::string_view::npos && close != std::string_view::npos)
        h_.tournament_id = std::string(t.substr(open + 1, close - open - 1));
    } else {
      const std::string symbol = text_of_base64_utf16(game.attribute("currencysymbol").value());
      for (const auto& [sign, code] : kCurrencies)
        if (trim(symbol) == sign) h_.currency = std::string(code);
      if (h_.currency.empty()) {
        issue(line_of(game), "currencysymbol=\"..\" of a known currency (EUR, USD, GBP)", symbol);
        return false;
      }
    }
    const std::string_view stakes = game.attribute("stakes").value();
    const std::size_t bar = stakes.find('|');
    const auto sb = parse_amount(trim(stakes.substr(0, bar)), h_.unit);
    const auto bb = bar == std::string_view::npos
                        ? std::nullopt
                        : parse_amount(trim(stakes.substr(bar + 1)), h_.unit);
    if (!sb || !bb) {
      issue(line_of(game), "stakes=\"SMALL|BIG\"", stakes);
      return false;
    }
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    // rake is in cents, whatever the stakes (5959022064 at 10/20: rake="300", the Win of 1257.00
    // is the pot of 1260.00 less 3.00). Tournaments print none and take none from the pots.
    if (const auto rake = game.attribute("rake")) {
      // Whole cents, digits only: parse_amount at unit 1 reads them as they are.
      const std::string_view cents = rake.value();
      h_.rake = parse_amount(cents, 1);
      if (!h_.rake || cents.find_first_not_of("0123456789") != std::string_view::npos) {
        issue(line_of(game), "rake=\"CENTS\"", cents);
        h_.rake.reset();
      }
    } else if (h_.tournament) {
      h_.rake = 0;
    }
    // date: local time of a zone the export does not say; read as UTC.
    std::string date = game.attribute("date").as_string();  // "2012-08-10 23:28:15"
    std::replace(date.begin(), date.end(), '-', '/');       // as to_utc() reads dates
    const std::size_t space = date.find(' ');
    if (space != std::string::npos)
      h_.started_at_utc = to_utc(std::string_view(date).substr(0, space),
                                 std::string_view(date).substr(space + 1), "UTC");
    return true;
  }

  // Fixed limit (betlimit="FL"): the small bet is the big blind and the big bet twice it. The
  // stakes are the blinds, unless the big blind posted is their first number: then they are the
  // small and the big bet, and the blinds are the posts (half the small bet and the small bet).
  void fixed_limit_bets() {
    Money posted_big = 0, posted_small = 0;
    for (const Event& e : h_.events) {
      if (e.kind == EventKind::PostBigBlind && posted_big == 0) posted_big = e.amount;
      if (e.kind == EventKind::PostSmallBlind && posted_small == 0) posted_small = e.amount;
    }
    if (posted_big != 0 && posted_big != h_.big_blind && posted_big == h_.small_blind) {
      h_.small_bet = h_.small_blind;
      h_.big_bet = h_.big_blind;
      h_.big_blind = posted_big;
      h_.small_blind = posted_small != 0 ? posted_small : posted_big / 2;
      return;
    }
    h_.small_bet = h_.big_blind;
    h_.big_bet = 2 * h_.big_blind;
  }

  // A seat marked sitting out that takes no part in the hand: its endbalance may include a
  // top-up or the player leaving the table, which is no money of the hand, so it is not checked.
  void stacks_changed_off_the_hand() {
    for (const Seat& s : h_.seats) {
      if (!s.sitting_out) continue;
      const bool plays = std::any_of(h_.events.begin(), h_.events.end(),
                                     [&](const Event& e) { return e.seat == s.seat; });
      const bool pays = std::any_of(h_.side_settlements.begin(), h_.side_settlements.end(),
                                    [&](const SideSettlement& p) { return p.seat == s.seat; });
      if (plays || pays) continue;
      for (SummarySeat& after : h_.summary)
        if (after.seat == s.seat) after.final_stack.reset();
    }
  }

  // <Seat num alias balance endbalance dealer sittingout/>: endbalance is the stack after the
  // hand, kept as the summary's final stack for the audit to check against the actions.
  bool read_seats(const pugi::xml_node& seats) {
    for (pugi::xml_node n : seats.children()) {
      if (n.type() != pugi::node_element) continue;
      if (std::string_view(n.name()) != "Seat") {
        issue(line_of(n), "a <Seat> in <Seats>", n.name());
        continue;
      }
      if (h_.seats.size() >= kMaxSeats) {
        issue(line_of(n), max_seats_expected(), n.attribute("alias").value());
        return false;
      }
      Seat s;
      const auto num = number_of(n, "num", "<Seat num=\"N\">");
      if (!num) continue;
      s.seat = *num < 100 ? static_cast<int>(*num) : 0;
      // alias is the name the player plays under; unicodealias the same in UTF-16 (it differs
      // only in the corpus, whose aliases are anonymised, as fpdb's .hp files name them).
      s.player = n.attribute("alias").as_string();
      const auto balance = amount_of(n, "balance");
      const auto end = amount_of(n, "endbalance");
      if (s.seat <= 0 || s.player.empty() || !balance || !end) {
        issue(line_of(n), "<Seat num=\"N\" alias=\"..\" balance=\"..\" endbalance=\"..\">",
              s.player);
        continue;
      }
      if (h_.seat_of(s.seat) || h_.seat_by_player(s.player)) {
        issue(line_of(n), "one <Seat> per seat and alias", s.player);
        continue;
      }
      s.stack = *balance;
      s.sitting_out = n.attribute("sittingout").as_bool(false);
      if (n.attribute("dealer").as_bool(false)) h_.button_seat = s.seat;
      SummarySeat after;
      after.seat = s.seat;
      after.player = s.player;
      after.final_stack = *end;
      after.line = line_of(n);
      h_.summary.push_back(std::move(after));
      h_.seats.push_back(std::move(s));
    }
    if (h_.seats.empty()) {
      issue(line_of(seats), "a <Seat> element per seat in <Seats>", "");
      return false;
    }
    return true;
  }

  // The <Card value=".." suit=".."/>s of an action: "Kh 10d" -> "Kh Td".
  std::string cards(const pugi::xml_node& n) {
    std::string out;
    for (pugi::xml_node c : n.children("Card")) {
      std::string_view value = c.attribute("value").value();
      const std::string_view suit = c.attribute("suit").value();
      if (value == "10") value = "T";
      if (value.size() != 1 ||
          std::string_view("23456789TJQKA").find(value[0]) == std::string_view::npos ||
          suit.size() != 1 || std::string_view("cdhs").find(suit[0]) == std::string_view::npos) {
        issue(line_of(c), "a <Card value=\"2..10|J|Q|K|A\" suit=\"c|d|h|s\">",
              std::string(value) + std::string(suit));
        continue;
      }
      if (!out.empty()) out += ' ';
      out += value;
      out += suit;
    }
    return out;
  }

  void action(const pugi::xml_node& n) {
    const std::string_view type = n.attribute("type").value();
    const std::uint32_t ln = line_of(n);
    if (type == "DealFlop" || type == "DealTurn" || type == "DealRiver") {
      street_ = type == "DealFlop"   ? Street::Flop
                : type == "DealTurn" ? Street::Turn
                                     : Street::River;
      Event& e = add(EventKind::Board, street_, 0, ln);
      e.cards = EventCards::read(cards(n));
      return;
    }
    if (type == "Win") {
      win(n);
      return;
    }
    const auto number = number_of(n, "seat", "seat=\"N\" of a seated player");
    if (!number) return;
    const int seat = *number < 100 ? static_cast<int>(*number) : 0;
    if (!h_.seat_of(seat)) {
      issue(ln, "seat=\"N\" of a seated player", n.attribute("seat").value());
      return;
    }
    if (type == "DealCards" || type == "ShowCards" || type == "MuckCards") {
      const std::string c = cards(n);
      // A MuckCards without cards is a winner nobody called, who shows nothing.
      if (c.empty()) return;
      Event& e = add(type == "DealCards"   ? EventKind::DealtHole
                     : type == "ShowCards" ? EventKind::Shows
                                           : EventKind::Mucks,
                     type == "DealCards" ? Street::Preflop : Street::Showdown, seat, ln);
      e.cards = EventCards::read(c);
      return;
    }
    if (type == "Disconnect" || type == "Reconnect") {
      add(type == "Disconnect" ? EventKind::SitsOut : EventKind::Returns, street_, seat, ln);
      return;
    }
    if (type == "BadBeatContribution") {
      // The bad beat jackpot's fee, taken from the player's stack and not from the pot: paid
      // beside it (the endbalance is less by it).
      if (const auto value = amount_of(n, "value"))
        h_.side_settlements.push_back({seat, -*value, ln});
      return;
    }
    Event e;
    e.street = street_;
    e.seat = seat;
    e.line = ln;
    if (type == "Fold") {
      e.kind = EventKind::Fold;
    } else if (type == "Check") {
      e.kind = EventKind::Check;
    } else {
      const auto value = amount_of(n, "value");
      if (!value) return;
      if (!money_action(e, type, *value)) {
        issue(ln, "an Action type of Microgaming (SmallBlind, Call, Raise, AllIn, ...)", type);
        return;
      }
    }
    push_bet(std::move(e));
  }

  bool money_action(Event& e, std::string_view type, Money v) {
    e.amount = v;
    if (type == "SmallBlind" || type == "BigBlind") {
      e.street = Street::Setup;
      e.kind = type == "SmallBlind" ? EventKind::PostSmallBlind : EventKind::PostBigBlind;
    } else if (type == "PostedToPlay") {
      // A player who joins or comes back posts to be dealt in: a big blind (4155596174: Player1's
      // 0.20 at 0.10/0.20, who then checks his option; endbalance 20.30 after the Win of 0.50),
      // or a small blind, dead (4519810163: Hero's 0.10 at 0.10/0.20 is in the Win of 0.40 with
      // both blinds), or both.
      e.street = Street::Setup;
      if (v == h_.small_blind) {
        e.kind = EventKind::PostDead;
      } else if (v == h_.big_blind) {
        e.kind = EventKind::PostBigBlind;
      } else if (v == h_.small_blind + h_.big_blind) {
        e.kind = EventKind::PostBothBlinds;
        e.dead = h_.small_blind;
      } else {
        return false;
      }
    } else if (type == "Call") {
      // Version 1 prints the street total (4152594215: the big blind's Call of 0.20 to a raise
      // to 0.20; the endbalance counts 0.10 more), later versions the chips added (4519644415:
      // the small blind's Call of 0.05 to the big blind of 0.10).
      e.kind = EventKind::Call;
      if (version_ == 1) e.amount = v - bets_.committed(e);
    } else if (type == "Raise" || type == "Bet") {
      // Version 1: the street total (4152594215: Hero's Raise of 4.80 over his own bet of 0.80
      // on the turn, then all-in for 5.46, is his stack of 10.76 with 0.50 before); later
      // versions the chips added (5959022064: a Raise of 280.00 from the big blind of 20.00 is
      // called with 210.00 by the raise of 90.00). A Bet before the flop is a raise of the
      // blinds (4519644415: Hero's Bet of 0.30 from the big blind, who loses 1.60 with 1.20 on
      // the flop).
      e.kind = street_max() == 0 ? EventKind::Bet : EventKind::Raise;
      if (version_ == 1 && e.kind == EventKind::Raise) {
        e.amount = 0;
        e.to = v;
      }
    } else if (type == "AllIn") {
      // The chips added, in every version (4152594215: Player4's AllIn of 14.47 after 2.10 in is
      // the stack of 16.57): a bet, a call or a raise by what it reaches.
      e.all_in = true;
      e.kind = all_in_kind(e, bets_.committed(e) + v);
    } else {
      return false;
    }
    return true;
  }

  // <Action type="Win"><Seat num amount pot type lowhandwin/></Action>: what each winner
  // collected.
  void win(const pugi::xml_node& n) {
    h_.totals_line = line_of(n);
    for (pugi::xml_node s : n.children()) {
      if (s.type() != pugi::node_element) continue;
      if (std::string_view(s.name()) != "Seat") {
        issue(line_of(s), "a <Seat> in a Win", s.name());
        continue;
      }
      const auto num = number_of(s, "num", "num=\"N\" of a seated player");
      if (!num) continue;
      const int seat = *num < 100 ? static_cast<int>(*num) : 0;
      const auto amount = amount_of(s, "amount");
      if (!amount) continue;
      if (!h_.seat_of(seat)) {
        issue(line_of(s), "num=\"N\" of a seated player", s.attribute("num").value());
        continue;
      }
      if (*amount == 0) continue;
      Event& e = add(EventKind::Collected, Street::Showdown, seat, line_of(s));
      e.amount = *amount;
      for (SummarySeat& after : h_.summary)
        if (after.seat == seat) {
          after.won += *amount;
          after.has_won = true;
        }
    }
  }

  Money street_max() const { return HandReader::street_max(street_); }

  int version_{1};
  Street street_{Street::Preflop};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  // "<Game Information>" opens WPN's SNG 2.0 head, text and not a <Game> element
  // (winning::is_preamble).
  if (trim(line) == "<Game Information>") return false;
  return announces_hand(line) || xml::find_tag(trim(line), "Game", 0) == 0;
}

bool announces_hand(std::string_view line) { return trim(line) == "----PRIMA.DAT----"; }

std::string text_of_base64_utf16(std::string_view base64) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  std::uint32_t bits = 0;
  int count = 0;
  std::size_t i = 0;
  for (; i < base64.size() && base64[i] != '='; ++i) {
    const std::size_t v = kAlphabet.find(base64[i]);
    if (v == std::string_view::npos) return "";
    bits = (bits << 6) | static_cast<std::uint32_t>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  for (; i < base64.size(); ++i)
    if (base64[i] != '=') return "";
  if (bytes.size() % 2 != 0) return "";
  return utf8_of_utf16le(bytes);
}

std::vector<Hand> read_document(const HandText& ht, const std::string& file) {
  static constexpr xml::Shape kShape{
      "microgaming", "", "Game", "", "a Microgaming <Game> element", "ExtendedTableName: "};
  const xml::Reader reader{
      [](std::string_view, std::size_t, const Lines&) {},  // no header element
      [&](std::string_view game, std::size_t offset, bool closed, const Lines& lines) {
        return GameReader(game, offset, ht, lines, file).read(closed);
      }};
  return xml::read_hands(ht, file, kShape, reader);
}

}  // namespace hh::microgaming
