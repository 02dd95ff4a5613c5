#include "parser/kingsclub/builder.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "parser/kingsclub/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/street_names.hpp"
#include "parser/text/text_util.hpp"

namespace hh::kingsclub {

namespace {

// The games as the header names them, after the limit ("Pot Limit Omaha 5 Card").
constexpr std::array<header::GameName, 16> kGames = {{
    {"Omaha 5 Card", games::kOmaha5},
    {"Big O", games::kOmaha5HiLo},  // five-card Omaha hi/lo
    {"Omaha Hi-Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Holdem", games::kHoldem},
    {"2-7 Triple Draw", games::kTripleDraw27},
    // Omaha with five hole cards and one draw after the flop's betting (docs/sites/kingsclub.md).
    {"2-7 Drawmaha", games::kDrawmaha27},
    {"A-5 Triple Draw", games::kTripleDrawA5},
    {"2-7 Single Draw", games::kSingleDraw27},
    {"A-5 Single Draw", games::kSingleDrawA5},
    {"Badacey", games::kBadeucey},  // the site's spelling
    {"Badeucey", games::kBadeucey},
    {"Badugi", games::kBadugi},
    {"Seven Card Stud", games::kSevenCardStud},
    {"2-7 Razz", games::kRazz27},
    {"Razz", games::kRazz},
}};

constexpr std::array<header::LimitName, 3> kLimits = {{
    {"No Limit ", Structure::NoLimit},
    {"Pot Limit ", Structure::PotLimit},
    {"Limit ", Structure::FixedLimit},
}};

// Stud's markers come one street late: "*** 3RD STREET ***" deals the fourth card (the first
// "Dealt to" lines deal the first three).
constexpr std::array<std::pair<std::string_view, Street>, 4> kStudStreets = {{
    {"3RD STREET", Street::Flop},
    {"4TH STREET", Street::Turn},
    {"5TH STREET", Street::River},
    {"6TH STREET", Street::Seventh},
}};

// Draw games: "*** 1ST DRAW ***" opens the second betting round.
constexpr std::array<std::pair<std::string_view, Street>, 3> kDraws = {{
    {"1ST DRAW", Street::Flop},
    {"2ND DRAW", Street::Turn},
    {"3RD DRAW", Street::River},
}};

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "kingsclub") {
    // No uncalled-bet line: the part nobody called goes back silently (the money tells).
    h_.uncalled_style = UncalledStyle::Silent;
    h_.unit = 100;  // cents are printed ("644.29"); no currency is named in the hand
  }

  using HandBuilder::build;

 private:
  // "#N: GAME - SMALL/BIG", "YYYY-MM-DD HH:MM:SS", "Table 'NAME' Seat N is the button" (stud:
  // no button).
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!cur.next(line)) return false;
    line = trim(line);
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(cur.line_number(), why, "#N: GAME - SMALL/BIG", line);
      return false;
    }
    const std::uint32_t ln = cur.line_number();
    h_.site_hand_id = std::string(hd.hand_id);
    h_.structure = header::structure_of(hd.game, kLimits);
    const header::GameFound game = header::first_game_in(hd.game, kGames);
    if (!game.name || h_.structure == Structure::Unknown) {
      issue(ln, "a limit and a game (Pot Limit Omaha, Limit Razz, ...)", hd.game);
      return false;
    }
    h_.game = game.name->game;
    h_.limit_text = std::string(trim(hd.game.substr(0, game.pos)));
    auto small = money(hd.small, ln), big = money(hd.big, ln);
    if (!small || !big) return false;
    h_.small_blind = *small;
    h_.big_blind = *big;
    if (h_.structure == Structure::FixedLimit) {
      // Fixed-limit stakes are the two bet sizes ("40/80": blinds of 20 and 40).
      h_.small_bet = *small;
      h_.big_bet = *big;
    }
    if (!cur.next(line) || !read_date(trim(line))) {
      issue(cur.line_number(), "the date (YYYY-MM-DD HH:MM:SS)", line);
      return false;
    }
    if (!cur.next(line) || !read_table(trim(line))) {
      issue(cur.line_number(), "Table 'NAME' Seat N is the button", line);
      return false;
    }
    return true;
  }

  // No zone is printed: the time is stored as UTC (docs/sites/kingsclub.md).
  bool read_date(std::string_view line) {
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos) return false;
    std::string date(line.substr(0, space));
    std::replace(date.begin(), date.end(), '-', '/');
    h_.started_at_utc = to_utc(date, line.substr(space + 1), "UTC");
    return !h_.started_at_utc.empty();
  }

  bool read_table(std::string_view line) {
    if (!starts_with(line, "Table '")) return false;
    line.remove_prefix(7);
    const std::size_t quote = line.rfind('\'');
    if (quote == std::string_view::npos) return false;
    h_.table_name = std::string(line.substr(0, quote));
    std::string_view rest = trim(line.substr(quote + 1));
    if (rest.empty()) return true;  // stud: no button
    if (!starts_with(rest, "Seat ") || !rest.ends_with(" is the button")) return false;
    rest = rest.substr(5, rest.size() - 5 - 14);
    int seat = 0;
    for (char c : rest) {
      if (c < '0' || c > '9' || seat > 1000) return false;
      seat = seat * 10 + (c - '0');
    }
    h_.button_seat = seat;
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::string_view line, std::uint32_t ln) {
    std::string_view n = sl.name;
    if (n == "SUMMARY") {
      in_summary_ = true;
      return;
    }
    if (n == "HOLE CARDS" || n == "1ST BETTING ROUND") return;
    // "2ND BETTING ROUND" follows the draw that opened it ("*** 1ST DRAW ***").
    if (n.ends_with("BETTING ROUND")) return;
    int board = 0;
    if (starts_with(n, "BOARD ") && n.size() > 8 && n.substr(7, 3) == " - ") {
      board = n[6] - '1';
      n.remove_prefix(10);
    }
    std::optional<Street> next;
    if (h_.game.is_stud()) {
      next = street_in(n, kStudStreets);
    } else if (h_.game.is_draw()) {
      next = street_in(n, kDraws);
      if (next) draw_marker_seen_ = true;
    } else if (n == "FLOP") {
      next = Street::Flop;
    } else if (n == "TURN") {
      next = Street::Turn;
    } else if (n == "RIVER") {
      next = Street::River;
    }
    if (!next || board < 0 || board > 4) {
      issue(ln, "a street marker (*** FLOP ***, *** 3RD STREET ***, *** 1ST DRAW ***, ...)",
            sl.name);
      return;
    }
    street_ = *next;
    if (sl.cards.empty()) return;
    if (starts_with(sl.name, "BOARD ")) {
      // "*** BOARD 2 - RIVER *** [- - - Kh] [Ac]": each run's turn is the last card of the first
      // bracket, its river the second bracket.
      const std::string_view turn = last_card(first_bracket(line));
      if (!turn.empty() && turn != "-") board_event(Street::Turn, board, turn, ln);
    }
    board_event(street_, board, trim(sl.cards), ln);
  }

  void board_event(Street street, int board, std::string_view cards, std::uint32_t ln) {
    Event& e = add_event(EventKind::Board, ln);
    e.street = street;
    e.board_index = board;
    e.cards = EventCards::read(cards);
  }

  static std::string_view first_bracket(std::string_view line) {
    const std::size_t open = line.find('[');
    const std::size_t close = line.find(']', open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || close == std::string_view::npos) return {};
    return line.substr(open + 1, close - open - 1);
  }

  static std::string_view last_card(std::string_view cards) {
    cards = trim(cards);
    const std::size_t sp = cards.rfind(' ');
    return sp == std::string_view::npos ? cards : cards.substr(sp + 1);
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Rake ")) {
      h_.rake = money(trim(line.substr(5)), ln);
      h_.totals_line = ln;
      return;
    }
    if (starts_with(line, "Seat ")) {
      ast::SeatLine s;
      if (parse_all(line, summary_seat(), s)) {
        SummarySeat out;
        out.seat = static_cast<int>(s.seat);
        out.player = std::string(s.player);
        out.line = ln;
        out.final_stack = money(s.stack, ln);
        h_.summary.push_back(std::move(out));
        if (auto net = signed_amount(s.net, ln)) nets_[static_cast<int>(s.seat)] = *net;
        return;
      }
    }
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, action(), a) && a.verb == ast::Verb::Collected) {
        Event e = action_event(a, m->first, m->second, ln);
        e.street = Street::Showdown;
        if (auto* s = summary_of(m->first)) {
          s->won += e.amount;
          s->has_won = true;
        }
        h_.events.push_back(std::move(e));
        return;
      }
    }
    issue(ln, "a summary line (Seat N: NAME (STACK) NET, Rake X, NAME wins pot (X), ...)", line);
  }

  std::optional<Money> signed_amount(std::string_view text, std::uint32_t ln) {
    const bool negative = starts_with(text, "-");
    if (negative || starts_with(text, "+")) text.remove_prefix(1);
    auto m = money(text, ln);
    if (m && negative) *m = -*m;
    return m;
  }

  SummarySeat* summary_of(int seat) {
    for (SummarySeat& s : h_.summary)
      if (s.seat == seat) return &s;
    return nullptr;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, line, ln);
        return;
      }
    }
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        add_seat({.seat = static_cast<int>(sl.seat),
                  .player = std::string(sl.player),
                  .stack = money(sl.stack, ln).value_or(0)},
                 ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ")) {
      dealt(line.substr(9), ln);
      return;
    }
    // "Run 2: NAME shows [..]": the cards a draw player shows on the second run.
    int board = 0;
    if (starts_with(line, "Run ") && line.size() > 7 && line.substr(5, 2) == ": ") {
      board = line[4] - '1';
      line.remove_prefix(7);
    }
    // Posts are "NAME: posts ..."; every other action "NAME calls ...".
    auto m = player_then(line, ": ");
    if (!m || !starts_with(m->second, "posts ")) m = player_then(line, " ");
    if (m) {
      ast::Action a;
      if (parse_all(m->second, action(), a) && a.verb != ast::Verb::Collected && board >= 0 &&
          board < 5) {
        apply_action(a, m->first, m->second, board, ln);
        return;
      }
    }
    issue(ln, "a line of a KingsClub hand", line);
  }

  // "Dealt to NAME: [Ts 9h]", "Dealt to NAME: [X X 2s]" (stud: the down cards hidden), "Dealt to
  // NAME: [Jd]" (stud: one card per street).
  void dealt(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, ": ");
    if (!m || !starts_with(m->second, "[") || !m->second.ends_with("]")) {
      issue(ln, "Dealt to NAME: [cards]", rest);
      return;
    }
    // The first deal opens the first betting round (stud's third street).
    if (street_ == Street::Setup) street_ = Street::Preflop;
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    // Hidden cards ("X") are not cards: only the known ones are kept, in order.
    std::string_view cards = m->second.substr(1, m->second.size() - 2);
    std::string known;
    while (!cards.empty()) {
      const std::size_t sp = cards.find(' ');
      std::string_view card = cards.substr(0, sp);
      if (card != "X" && !card.empty()) {
        if (!known.empty()) known += ' ';
        known += card;
      }
      if (sp == std::string_view::npos) break;
      cards.remove_prefix(sp + 1);
    }
    e.cards = EventCards::read(known);
  }

  void apply_action(const ast::Action& a, int seat, std::string_view rest, int board,
                    std::uint32_t ln) {
    using V = ast::Verb;
    // Single-draw hands without a "*** 1ST DRAW ***" marker: the first draw opens the next round.
    if ((a.verb == V::Discard || a.verb == V::StandPat) && !draw_marker_seen_ &&
        street_ == Street::Preflop)
      street_ = Street::Flop;
    Event e = action_event(a, seat, rest, ln);
    e.board_index = board;
    if (a.verb == V::Discard && !a.cards.empty()) e.count = card_count(a.cards);
    if (a.verb == V::BothBlinds) {
      // "posts blind 44" at 22/44: a missed blind, the big blind live and the small blind dead on
      // top of it (the summary's net counts both: docs/sites/kingsclub.md).
      e.dead = h_.structure == Structure::FixedLimit ? h_.small_bet / 2 : h_.small_blind;
      e.amount += e.dead;
    }
    // Calls and bets print the player's street total, as raises do.
    if (e.kind == EventKind::Call || e.kind == EventKind::Bet) {
      const Money to = e.amount;
      e.amount = to - bets_.committed(e);
    }
    bets_.apply(e);
    const bool drawn_per_run = a.verb == V::Discard && board == 0 && draws_per_run(rest);
    h_.events.push_back(std::move(e));
    // "discards [Th] draws [8c] [Qs]": the hand is run twice, the second run's draw [Qs]. Hands
    // that print no "Run 2:" lines show that run only here: it is marked (board 1, no money).
    if (drawn_per_run) {
      Event& second = add_event(EventKind::Other, ln);
      second.seat = seat;
      second.board_index = 1;
      second.text = "the second run's draw";
    }
  }

  // Whether a draw line prints one set of drawn cards per run ("draws [8c] [Qs]").
  static bool draws_per_run(std::string_view rest) {
    const std::size_t draws = rest.find(" draws ");
    return draws != std::string_view::npos &&
           std::count(rest.begin() + static_cast<std::ptrdiff_t>(draws), rest.end(), '[') > 1;
  }

  static int card_count(std::string_view cards) {
    return static_cast<int>(std::count(cards.begin(), cards.end(), ' ')) + 1;
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK)", "*** SUMMARY ***", in_summary_)) return;
    // A summary without a "Rake" line took none: in every such corpus hand the nets sum to 0,
    // where with a "Rake X" line they sum to -X (docs/sites/kingsclub.md).
    if (in_summary_ && !h_.rake) h_.rake = 0;
    add_unprinted_side_pot();
  }

  // With a player all-in for less than the others, the "wins" lines name only the pots that went
  // to a showdown: a side pot won because the other side-pot players folded is not printed, though
  // the summary's final stack and net count it (hands 3264632, 3703449: docs/sites/kingsclub.md).
  // Its winner is the seat whose net is more than its printed wins minus what it put in (and got
  // back uncalled). That difference is added as a collection from the side pot only when it is
  // exactly the amount of a side pot built from the bets (or of all of them together); anything
  // else is left as printed, so a wrong "wins" line stays a finding.
  void add_unprinted_side_pot() {
    std::map<int, Money> put_in;
    for (const Event& e : h_.events)
      if (puts_chips_in(e.kind)) put_in[e.seat] += e.amount;
    Money top = 0, second = 0;
    int top_seat = 0;
    for (const auto& [seat, chips] : put_in) {
      if (chips > top) {
        second = top;
        top = chips;
        top_seat = seat;
      } else if (chips > second) {
        second = chips;
      }
    }
    if (top_seat) put_in[top_seat] = second;  // the part nobody called went back
    // The pots: one level per short all-in, then the rest.
    std::vector<Money> levels;
    for (const Event& e : h_.events)
      if (e.all_in && puts_chips_in(e.kind) && put_in[e.seat] < second)
        levels.push_back(put_in[e.seat]);
    if (levels.empty()) return;
    levels.push_back(second);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    std::vector<Money> side_pots;  // side pot k at index k - 1
    Money below = levels.front(), all_sides = 0;
    for (std::size_t k = 1; k < levels.size(); ++k) {
      Money pot = 0;
      for (const auto& [seat, chips] : put_in)
        pot += std::max<Money>(0, std::min(chips, levels[k]) - below);
      side_pots.push_back(pot);
      all_sides += pot;
      below = levels[k];
    }
    for (SummarySeat& s : h_.summary) {
      auto net = nets_.find(s.seat);
      if (net == nets_.end()) continue;
      const Money missing = net->second + put_in[s.seat] - s.won;
      if (missing <= 0) continue;
      auto pot = std::find(side_pots.begin(), side_pots.end(), missing);
      if (pot == side_pots.end() && missing != all_sides) continue;
      Event e;
      e.kind = EventKind::Collected;
      e.street = Street::Showdown;
      e.seat = s.seat;
      e.amount = missing;
      e.pot_index = pot == side_pots.end() ? 1 : static_cast<int>(pot - side_pots.begin()) + 1;
      e.line = s.line;
      e.text = "side pot not printed: from the summary's net";
      h_.events.push_back(std::move(e));
      s.won += missing;
      s.has_won = true;
    }
  }

  StreetBets bets_;
  bool in_summary_{false};
  bool draw_marker_seen_{false};
  std::map<int, Money> nets_;  // the summary's net by seat
};

}  // namespace

bool is_hand_start(std::string_view line) {
  // "#3583643: Pot Limit Omaha - 125/250": digits, ": ", the game, " - SMALL/BIG".
  if (line.size() < 3 || line[0] != '#') return false;
  std::size_t i = 1;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  if (i == 1 || line.substr(i, 2) != ": ") return false;
  const std::size_t dash = line.rfind(" - ");
  if (dash == std::string_view::npos || dash < i) return false;
  const std::string_view stakes = trim(line.substr(dash + 3));
  if (stakes.empty() || std::count(stakes.begin(), stakes.end(), '/') != 1) return false;
  return std::all_of(stakes.begin(), stakes.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == ',' || c == '.' || c == '/';
  });
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::kingsclub
