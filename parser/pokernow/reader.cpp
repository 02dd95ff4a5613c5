#include "parser/pokernow/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <set>

#include "parser/text/limits.hpp"
#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/unread_cards.hpp"

namespace hh::pokernow {

namespace {

struct Row {
  std::string entry;      // the first column, unquoted
  std::string at;         // "2022-03-16T00:00:27.056Z"
  long long order{0};     // sorts the rows oldest first
  std::uint32_t line{0};  // in the file
  std::size_t offset{0};  // of the line in the piece
  std::size_t length{0};
};

// One CSV line: "entry with ""quotes""",at,order. nullopt when the line is not one.
std::optional<Row> parse_row(std::string_view line) {
  Row r;
  std::size_t i = 0;
  if (line.empty()) return std::nullopt;
  if (line[0] == '"') {
    for (i = 1; i < line.size(); ++i) {
      if (line[i] != '"') {
        r.entry += line[i];
      } else if (i + 1 < line.size() && line[i + 1] == '"') {
        r.entry += '"';
        ++i;
      } else {
        break;
      }
    }
    if (i >= line.size()) return std::nullopt;
    ++i;
  } else {
    while (i < line.size() && line[i] != ',') r.entry += line[i++];
  }
  if (i >= line.size() || line[i] != ',') return std::nullopt;
  const std::size_t comma = line.find(',', i + 1);
  if (comma == std::string_view::npos) return std::nullopt;
  r.at = std::string(line.substr(i + 1, comma - i - 1));
  const std::string_view order = trim(line.substr(comma + 1));
  auto [p, ec] = std::from_chars(order.data(), order.data() + order.size(), r.order);
  if (ec != std::errc() || p != order.data() + order.size()) return std::nullopt;
  return r;
}

// `"NAME @ ID" rest`: the quoted player and the text after it.
std::optional<std::pair<std::string, std::string_view>> player_then(std::string_view s) {
  if (s.size() < 2 || s[0] != '"') return std::nullopt;
  const std::size_t end = s.find('"', 1);
  if (end == std::string_view::npos) return std::nullopt;
  std::string_view rest = s.substr(end + 1);
  if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return std::pair{std::string(s.substr(1, end - 1)), rest};
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (!starts_with(s, prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// "A♦, 10♣" or "[K♣, 3♥, 4♦]" -> "Ad Tc".
std::string cards_of(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() &&
           (s[i] == ' ' || s[i] == ',' || s[i] == '[' || s[i] == ']' || s[i] == '.'))
      ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ',' && s[j] != ' ' && s[j] != ']' && s[j] != '[' && s[j] != '.')
      ++j;
    if (j > i) {
      std::string c = card(s.substr(i, j - i));
      if (c.empty()) return {};
      if (!out.empty()) out += ' ';
      out += c;
    }
    i = j;
  }
  return out;
}

// The unit of a whole log (one table): 100 when any of its rows prints an amount with cents
// ("0.25"), else 1. Decided once for the log, never hand by hand from the amounts under audit: a
// hand of whole amounts in a log of cents is read in cents (an amount with more decimals than
// the unit is not read: a gap).
int log_unit(const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    const std::string_view e = r.entry;
    for (std::size_t p = e.find('.'); p != std::string_view::npos; p = e.find('.', p + 1))
      if (p > 0 && p + 1 < e.size() && std::isdigit(static_cast<unsigned char>(e[p - 1])) &&
          std::isdigit(static_cast<unsigned char>(e[p + 1])))
        return 100;
  }
  return 1;
}

class HandReader {
 public:
  HandReader(const std::vector<const Row*>& rows, std::string_view raw, std::uint64_t offset,
             const std::string& file, int unit)
      : rows_(rows) {
    h_.site = "pokernow";
    h_.raw = std::string(raw);
    std::uint32_t first = rows.front()->line;
    for (const Row* r : rows) first = std::min(first, r->line);
    h_.source = {file, offset, first};
    h_.uncalled_style = UncalledStyle::Printed;
    h_.unit = unit;
  }

  // The rows in the order they were played. Reading stops at the first row not read: a log is
  // written newest row first, so the rows played after a gap stand above it in the file, and
  // their checks could not be held back by its line (docs/sites/pokernow.md).
  Hand read() {
    for (const Row* r : rows_) {
      read_row(*r);
      if (!h_.issues.empty()) return stopped();
    }
    if (!header_seen_) issue(h_.source.line, "-- starting hand #N (GAME) (dealer: ...) --", "");
    if (!ended_) issue(h_.source.line, "-- ending hand #N --", "");
    h_.parsed = header_seen_ && !h_.seats.empty();
    return std::move(h_);
  }

  Hand stopped() {
    h_.parsed = header_seen_ && !h_.seats.empty();
    return std::move(h_);
  }

  // The stacks each player ends the hand with, by the replay of its rows.
  std::map<std::string, Money> final_stacks() const {
    std::map<std::string, Money> out;
    for (const Seat& s : h_.seats) out[s.player] = s.stack - put_in_.at(s.seat) + back_.at(s.seat);
    return out;
  }
  Hand& hand() { return h_; }

 private:
  void issue(std::uint32_t line, std::string expected, std::string_view got) {
    h_.issues.push_back({line, std::move(expected), std::string(got.substr(0, 120)), 0});
  }

  std::optional<Money> amount(std::string_view text, std::uint32_t line) {
    auto m = parse_amount(trim(text), h_.unit);
    if (!m) issue(line, "an amount", text);
    return m;
  }

  Event& add(EventKind kind, int seat, std::uint32_t line) {
    Event e;
    e.kind = kind;
    e.street = street_;
    e.seat = seat;
    e.line = line;
    h_.events.push_back(std::move(e));
    return h_.events.back();
  }

  int seat_of(const std::string& player, std::uint32_t line) {
    if (const Seat* s = h_.seat_by_player(player)) return s->seat;
    issue(line, "a player of the hand's \"Player stacks\"", player);
    return 0;
  }

  // The game of a header's rest: the last parentheses before the dealer's, an "(id: ...)" and a
  // "(dead button)" aside ("#240 (id: zwx3kwlh2saw) (No Limit Texas Hold'em) (dealer: ...)", the
  // newer header).
  static std::string_view game_of(std::string_view rest) {
    rest = rest.substr(0, rest.find("(dealer: "));
    std::string_view game;
    for (std::size_t open = rest.find('('); open != std::string_view::npos;
         open = rest.find('(', open + 1)) {
      const std::size_t close = rest.find(')', open);
      if (close == std::string_view::npos) break;
      const std::string_view inside = rest.substr(open + 1, close - open - 1);
      if (!starts_with(inside, "id: ") && inside != "dead button") game = inside;
    }
    return game;
  }

  void header(std::string_view e, std::uint32_t line) {
    header_seen_ = true;
    // "-- starting hand #1  (No Limit Texas Hold'em) (dealer: "P") --"
    std::string_view rest = e.substr(std::string_view("-- starting hand #").size());
    const std::size_t sp = rest.find(' ');
    h_.site_hand_id = std::string(rest.substr(0, sp));
    const std::string_view game = game_of(rest);
    h_.limit_text = std::string(game);
    if (game == "No Limit Texas Hold'em") {
      h_.game = games::kHoldem;
      h_.structure = Structure::NoLimit;
    } else if (game == "Pot Limit Omaha Hi") {
      h_.game = games::kOmaha;
      h_.structure = Structure::PotLimit;
    } else if (game == "Pot Limit Omaha Hi/Lo 8 or Better") {
      h_.game = games::kOmahaHiLo;
      h_.structure = Structure::PotLimit;
    } else {
      issue(
          line,
          "a game (No Limit Texas Hold'em, Pot Limit Omaha Hi, Pot Limit Omaha Hi/Lo 8 or Better)",
          game);
    }
    const std::size_t dealer = rest.find("(dealer: \"");
    if (dealer != std::string_view::npos) {
      const std::size_t from = dealer + 10;
      dealer_ = std::string(rest.substr(from, rest.find('"', from) - from));
    }
  }

  void stacks(std::string_view e, std::uint32_t line) {
    // Player stacks: #1 "P" (10000) | #2 "Q" (10000)
    e.remove_prefix(std::string_view("Player stacks: ").size());
    while (!e.empty()) {
      const std::size_t bar = e.find(" | ");
      std::string_view one = e.substr(0, bar);
      e = bar == std::string_view::npos ? std::string_view{} : e.substr(bar + 3);
      if (h_.seats.size() >= kMaxSeats) return issue(line, max_seats_expected(), one);
      int seat = 0;
      if (!consume(one, "#")) return issue(line, "#SEAT \"PLAYER\" (STACK)", one);
      auto [p, ec] = std::from_chars(one.data(), one.data() + one.size(), seat);
      one.remove_prefix(static_cast<std::size_t>(p - one.data()));
      if (ec != std::errc() || !consume(one, " "))
        return issue(line, "#SEAT \"PLAYER\" (STACK)", one);
      auto who = player_then(one);
      if (!who || !starts_with(who->second, "(") || !who->second.ends_with(")"))
        return issue(line, "#SEAT \"PLAYER\" (STACK)", one);
      Seat s;
      s.seat = seat;
      s.player = who->first;
      if (auto m = amount(who->second.substr(1, who->second.size() - 2), line)) s.stack = *m;
      put_in_[seat] = 0;
      back_[seat] = 0;
      h_.seats.push_back(std::move(s));
    }
    if (const Seat* b = h_.seat_by_player(dealer_)) h_.button_seat = b->seat;
    h_.max_seats = 0;
    for (const Seat& s : h_.seats) h_.max_seats = std::max(h_.max_seats, s.seat);
  }

  void next_street(Street s) {
    street_ = s;
    committed_.clear();
  }

  // "and go all in" marks a bet that puts someone all-in, the bettor or the player it covers
  // (K Godel "bets 1850 and go all in" with 18150 behind, covering Deckhole's 1850): the mark is
  // dropped and the model's all-in is what the player's stack leaves.
  static std::string_view without_all_in_mark(std::string_view n) {
    if (n.ends_with(" and go all in")) n.remove_suffix(std::string_view(" and go all in").size());
    return n;
  }
  static bool is_run_it_twice_note(std::string_view e) {
    return e == "All players in hand choose to run it twice." ||
           e == "Some players choose to not run it twice." ||
           e == "Remaining players decide whether to run it twice.";
  }
  bool all_in(int seat) const {
    const Seat* s = h_.seat_of(seat);
    return s && s->stack - put_in_.at(seat) == 0;
  }

  // A chip-moving action whose number is the player's street total (calls, bets, raises).
  void to_total(EventKind kind, int seat, std::string_view n, std::uint32_t line) {
    n = without_all_in_mark(n);
    auto to = amount(n, line);
    if (!to) return;
    Event& e = add(kind, seat, line);
    e.to = *to;
    e.amount = *to - committed_[seat];
    committed_[seat] = *to;
    put_in_[seat] += e.amount;
    e.all_in = all_in(seat);
  }

  void forced(EventKind kind, int seat, std::string_view n, std::uint32_t line) {
    n = without_all_in_mark(n);
    auto m = amount(n, line);
    if (!m) return;
    Event& e = add(kind, seat, line);
    e.amount = *m;
    if (kind != EventKind::PostAnte && kind != EventKind::PostDead) {
      committed_[seat] += *m;
      e.to = committed_[seat];
    }
    put_in_[seat] += *m;
    e.all_in = all_in(seat);
    if (kind == EventKind::PostSmallBlind) h_.small_blind = std::max(h_.small_blind, *m);
    if (kind == EventKind::PostBigBlind) h_.big_blind = std::max(h_.big_blind, *m);
    if (kind == EventKind::PostAnte) h_.ante = std::max(h_.ante, *m);
  }

  void read_row(const Row& r) {
    std::string_view e = r.entry;
    const std::uint32_t ln = r.line;
    if (starts_with(e, "-- starting hand #")) {
      header(e, ln);
      // Hand numbers start again in every log: the start row's order (a time) makes it unique.
      h_.site_hand_id += fmt::format("-{}", r.order);
      h_.started_at_utc = r.at.size() >= 19 ? r.at.substr(0, 19) + "Z" : "";
      return;
    }
    if (starts_with(e, "-- ending hand #")) {
      ended_ = true;
      return;
    }
    if (starts_with(e, "Player stacks: ")) return stacks(e, ln);
    if (starts_with(e, "Your hand is ")) return;  // the log owner's cards: the owner is not named
    // "Flop (second run):  [4♦, 5♦, 6♦]", "Turn (second run): 4♦, 5♦, 6♦ [8♥]": run it twice,
    // the second board's new cards (the audit shares the streets dealt before the split).
    if (board_row(e, ln)) return;
    if (consume(e, "Uncalled bet of ")) return uncalled_row(e, r.entry, ln);
    // Table management and run-it-twice choices inside the hand: no money moves ("WARNING: the
    // admin queued the stack change ... in the next hand" changes the next hand's stack).
    if (starts_with(e, "The player ") || starts_with(e, "The admin ") ||
        starts_with(e, "The game's ") || starts_with(e, "WARNING: ") ||
        starts_with(e, "Undealt cards: ") || is_run_it_twice_note(e)) {
      Event& o = add(EventKind::Other, 0, ln);  // table management inside the hand
      o.text = r.entry;
      return;
    }
    auto who = player_then(e);
    if (!who) return issue(ln, "a row of a PokerNow hand", r.entry);
    const int seat = seat_of(who->first, ln);
    if (seat == 0) return;
    player_row(seat, who->second, r.entry, ln);
  }

  // A street's board: "Flop:  [4♦, 5♦, 6♦]", "Turn: 4♦, 5♦, 6♦ [8♥]"; with run it twice, "Flop
  // (second run): ..." gives the second board's new cards (the audit shares the streets dealt
  // before the split). False for another row.
  bool board_row(std::string_view e, std::uint32_t ln) {
    const bool second_run = starts_with(e, "Flop (second run):") ||
                            starts_with(e, "Turn (second run):") ||
                            starts_with(e, "River (second run):");
    if (!second_run && !starts_with(e, "Flop:") && !starts_with(e, "Turn:") &&
        !starts_with(e, "River:"))
      return false;
    const Street s = e[0] == 'F' ? Street::Flop : e[0] == 'T' ? Street::Turn : Street::River;
    if (second_run)
      street_ = s;  // no betting after the hand is run twice
    else
      next_street(s);
    const std::size_t open = e.rfind('[');
    Event b;
    b.kind = EventKind::Board;
    b.street = street_;
    b.board_index = second_run ? 1 : 0;
    b.cards = EventCards::read(open == std::string_view::npos ? "" : cards_of(e.substr(open)));
    b.line = ln;
    if (b.cards.empty()) issue(ln, "board cards", e);
    h_.events.push_back(std::move(b));
    return true;
  }

  // "X returned to \"PLAYER\"" after "Uncalled bet of " (`entry`: the whole row).
  void uncalled_row(std::string_view e, const std::string& entry, std::uint32_t ln) {
    const std::size_t to = e.find(" returned to ");
    auto who = to == std::string_view::npos ? std::nullopt : player_then(e.substr(to + 13));
    auto m = to == std::string_view::npos ? std::nullopt : amount(e.substr(0, to), ln);
    if (!who || !m) return issue(ln, "Uncalled bet of X returned to \"PLAYER\"", entry);
    const int seat = seat_of(who->first, ln);
    add(EventKind::UncalledReturned, seat, ln).amount = *m;
    back_[seat] += *m;
  }

  // A seated player's row: `rest` after the name (`entry`: the whole row).
  void player_row(int seat, std::string_view rest, const std::string& entry, std::uint32_t ln) {
    if (consume(rest, "chooses to ")) {  // "chooses to  run it twice." (two spaces), "to not"
      add(EventKind::Other, seat, ln).text = entry;
    } else if (rest == "folds") {
      add(EventKind::Fold, seat, ln);
    } else if (rest == "checks") {
      add(EventKind::Check, seat, ln);
    } else if (consume(rest, "calls ")) {
      to_total(EventKind::Call, seat, rest, ln);
    } else if (consume(rest, "bets ")) {
      to_total(EventKind::Bet, seat, rest, ln);
    } else if (consume(rest, "raises to ")) {
      to_total(EventKind::Raise, seat, rest, ln);
    } else if (consume(rest, "posts a small blind of ")) {
      forced(EventKind::PostSmallBlind, seat, rest, ln);
    } else if (consume(rest, "posts a big blind of ")) {
      forced(EventKind::PostBigBlind, seat, rest, ln);
    } else if (consume(rest, "posts a straddle of ")) {
      // A player who posted the small blind (heads-up, on the button) and straddles: the number
      // is his total, the blind included ("posts a straddle of 40" over a small blind of 10).
      if (committed_[seat] > 0)
        to_total(EventKind::PostStraddle, seat, rest, ln);
      else
        forced(EventKind::PostStraddle, seat, rest, ln);
    } else if (consume(rest, "posts a missed big blind of ")) {
      // A player back from sitting out posts the big blind missed: live, as a big blind out of
      // position; the small blind missed is dead money.
      forced(EventKind::PostBigBlind, seat, rest, ln);
    } else if (consume(rest, "posts a missing small blind of ")) {
      forced(EventKind::PostDead, seat, rest, ln);
    } else if (consume(rest, "posts an ante of ")) {
      forced(EventKind::PostAnte, seat, rest, ln);
    } else if (consume(rest, "shows a ")) {
      const std::string cards = cards_of(rest);
      if (cards.empty()) return issue(ln, "shows a CARD, CARD.", entry);
      street_ = Street::Showdown;
      add(EventKind::Shows, seat, ln).cards = EventCards::read(cards);
    } else if (consume(rest, "collected ")) {
      const std::size_t from = rest.find(" from pot");
      auto m = from == std::string_view::npos ? std::nullopt : amount(rest.substr(0, from), ln);
      if (!m) return issue(ln, "collected X from pot", entry);
      street_ = Street::Showdown;
      Event& c = add(EventKind::Collected, seat, ln);
      c.amount = *m;
    } else {
      issue(ln,
            "a PokerNow action (folds, checks, calls X, bets X, raises to X, posts, shows, "
            "collected)",
            entry);
    }
  }

  const std::vector<const Row*>& rows_;
  Hand h_;
  Street street_{Street::Preflop};
  std::map<int, Money> committed_;
  std::map<int, Money> put_in_, back_;
  std::string dealer_;
  bool header_seen_{false};
  bool ended_{false};
};

// The players a row names: every "NAME @ ID" in quotes.
std::vector<std::string> quoted_names(std::string_view entry) {
  std::vector<std::string> out;
  for (std::size_t open = entry.find('"'); open != std::string_view::npos;) {
    const std::size_t close = entry.find('"', open + 1);
    if (close == std::string_view::npos) break;
    const std::string_view name = entry.substr(open + 1, close - open - 1);
    if (name.find(" @ ") != std::string_view::npos) out.emplace_back(name);
    open = entry.find('"', close + 1);
  }
  return out;
}

}  // namespace

bool is_log_start(std::string_view line) { return trim(line) == "entry,at,order"; }

std::string card(std::string_view t) {
  static const std::pair<std::string_view, char> kSuits[] = {
      {"\u2660", 's'}, {"\u2665", 'h'}, {"\u2666", 'd'}, {"\u2663", 'c'}};
  for (const auto& [suit, letter] : kSuits) {
    if (!t.ends_with(suit)) continue;
    std::string_view rank = t.substr(0, t.size() - suit.size());
    if (rank == "10") return std::string{'T', letter};
    if (rank.size() == 1 &&
        std::string_view("23456789TJQKA").find(rank[0]) != std::string_view::npos)
      return std::string{rank[0], letter};
    return {};
  }
  return {};
}

namespace {

// The log's CSV rows after its header line ("entry,at,order"), in the file's order; a line that
// is not a row goes to `bad`.
std::vector<Row> read_rows(const HandText& text, std::vector<ParseIssue>& bad) {
  std::vector<Row> rows;
  LineCursor cur(text.text, text.line);
  std::string_view line;
  bool header = true;
  while (cur.next(line)) {
    if (header) {  // "entry,at,order"
      header = false;
      continue;
    }
    if (is_blank_line(line)) continue;
    auto r = parse_row(line);
    if (!r) {
      bad.push_back({cur.line_number(), "a CSV row: \"ENTRY\",AT,ORDER",
                     std::string(line.substr(0, 120)), 0});
      continue;
    }
    r->line = cur.line_number();
    r->offset = cur.offset();
    r->length = line.size();
    rows.push_back(std::move(*r));
  }
  return rows;
}

// The rows of each hand, from "-- starting hand #" to "-- ending hand #", in play order.
std::vector<std::vector<const Row*>> rows_by_hand(const std::vector<const Row*>& by_order) {
  std::vector<std::vector<const Row*>> groups;
  bool in_hand = false;
  for (const Row* r : by_order) {
    if (starts_with(r->entry, "-- starting hand #")) {
      groups.emplace_back();
      in_hand = true;
    }
    if (in_hand) groups.back().push_back(r);
    if (starts_with(r->entry, "-- ending hand #")) in_hand = false;
  }
  return groups;
}

// A row that is not a CSV row of three fields has no order: where it was played is not known, so
// the hand whose rows (`g`) stand around it in the file is not read. Moves such rows of `bad`
// into `h`'s issues.
void take_bad_rows_within(Hand& h, const std::vector<const Row*>& g, std::vector<ParseIssue>& bad) {
  for (auto it = bad.begin(); it != bad.end();) {
    const std::uint32_t first = g.front()->line;
    std::uint32_t lo = first, hi = first;
    for (const Row* r : g) {
      lo = std::min(lo, r->line);
      hi = std::max(hi, r->line);
    }
    if (it->line > lo && it->line < hi) {
      h.issues.push_back(std::move(*it));
      h.parsed = false;
      it = bad.erase(it);
    } else {
      ++it;
    }
  }
}

// The next hand's "Player stacks" states each player's stack after this one, unless the table
// changed it in between: checked like a summary's final stacks for every player no row between
// the hands names (joining, leaving, an admin's stack change), nor a stack change the admin
// queued during the hand ("WARNING: the admin queued the stack change for the player "P" adding
// 500 chips in the next hand."). Writes the summary of each hand `k` with a next one.
void summarise_from_next_hand(std::vector<Hand>& hands,
                              const std::vector<std::vector<const Row*>>& groups,
                              const std::vector<const Row*>& by_order) {
  for (std::size_t k = 0; k + 1 < groups.size(); ++k) {
    Hand& h = hands[k];
    const Hand& next = hands[k + 1];
    // A hand with a row not read has no stacks after it to check: its replay stopped at the gap;
    // nor has one whose next hand has a row not read (its "Player stacks" may be that row).
    if (!h.parsed || !next.parsed || !h.issues.empty() || !next.issues.empty()) continue;
    const long long from = groups[k].back()->order, to = groups[k + 1].front()->order;
    std::set<std::string> changed;
    for (const Row* r : by_order)
      if ((r->order > from && r->order < to) ||
          (r->order >= groups[k].front()->order && r->order <= from &&
           starts_with(r->entry, "WARNING: ")))
        for (std::string& name : quoted_names(r->entry)) changed.insert(std::move(name));
    std::map<int, Money> collected;
    for (const Event& e : h.events)
      if (e.kind == EventKind::Collected) collected[e.seat] += e.amount;
    // A player who leaves between the hands ("The player "P" quits the game with a stack of
    // 950.") has what he won and no stack in the next hand: his line says what he collected, so
    // a winner who quits is not read as one the summary pays 0.
    for (const Seat& s : h.seats) {
      const Seat* after = next.seat_by_player(s.player);
      SummarySeat ss;
      ss.seat = s.seat;
      ss.player = s.player;
      ss.won = collected[s.seat];
      ss.has_won = ss.won > 0;
      if (after && !changed.count(s.player)) ss.final_stack = after->stack;
      ss.line = next.source.line;
      h.summary.push_back(std::move(ss));
    }
  }
}

}  // namespace

std::vector<Hand> read_log(const HandText& text, const std::string& file) {
  std::vector<Hand> hands;
  std::vector<ParseIssue> bad;
  const std::vector<Row> rows = read_rows(text, bad);
  std::vector<const Row*> by_order;
  for (const Row& r : rows) by_order.push_back(&r);
  std::stable_sort(by_order.begin(), by_order.end(),
                   [](const Row* a, const Row* b) { return a->order < b->order; });
  const std::vector<std::vector<const Row*>> groups = rows_by_hand(by_order);
  std::vector<HandReader> readers;
  readers.reserve(groups.size());
  const int unit = log_unit(rows);
  for (const auto& g : groups) {
    std::size_t begin = g.front()->offset, end = g.front()->offset + g.front()->length;
    for (const Row* r : g) {
      begin = std::min(begin, r->offset);
      end = std::max(end, r->offset + r->length);
    }
    readers.emplace_back(g, text.text.substr(begin, end - begin), text.byte_offset + begin, file,
                         unit);
    Hand h = readers.back().read();
    take_bad_rows_within(h, g, bad);
    report_unread_cards(h);
    hands.push_back(std::move(h));
  }
  summarise_from_next_hand(hands, groups, by_order);
  if (!bad.empty()) {
    Hand h;
    h.site = "pokernow";
    h.source = {file, text.byte_offset, text.line};
    h.raw = std::string(text.text.substr(0, text.text.find('\n')));
    h.issues = std::move(bad);
    hands.push_back(std::move(h));
  }
  return hands;
}

}  // namespace hh::pokernow
