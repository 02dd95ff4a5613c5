#include "parser/pokerstars/builder.hpp"

#include <algorithm>
#include <array>

#include "parser/pokerstars/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::pokerstars {

namespace {

constexpr std::array<std::string_view, 5> kRooms = {"PokerStars", "Run It Once Poker",
                                                    "PokerMaster", "Full Tilt", "PokerStars Zoom"};

std::string site_slug(std::string_view room) {
  if (starts_with(room, "Run It Once")) return "runitonce";
  if (starts_with(room, "PokerMaster")) return "pokermaster";
  if (starts_with(room, "Full Tilt")) return "fulltilt";
  return "pokerstars";
}

// Known game names, longest first at any position so that "5 Card Omaha Hi/Lo" beats "Omaha".
struct GameName {
  std::string_view printed;
  std::string_view game;
};
constexpr std::array<GameName, 20> kGames = {{
    {"5 Card Omaha Hi/Lo", "5 Card Omaha Hi/Lo"},
    {"5-Card Omaha High", "5 Card Omaha"},
    {"5 Card Omaha", "5 Card Omaha"},
    {"6 Card Omaha", "6 Card Omaha"},
    {"Omaha Hi/Lo", "Omaha Hi/Lo"},
    {"Omaha", "Omaha"},
    {"Courchevel Hi/Lo", "Courchevel Hi/Lo"},
    {"Courchevel", "Courchevel"},
    {"Split Hold'em", "Split Hold'em"},
    {"6+ Hold'em", "6+ Hold'em"},
    {"Hold'em", "Hold'em"},
    {"5 Card Draw", "5 Card Draw"},
    {"Single Draw 2-7 Lowball", "2-7 Single Draw"},
    {"Triple Draw 2-7 Lowball", "2-7 Triple Draw"},
    {"Triple Draw A-5 Lowball", "A-5 Triple Draw"},
    {"Badugi", "Badugi"},
    {"7 Card Stud Hi/Lo", "7 Card Stud Hi/Lo"},
    {"7 Card Stud", "7 Card Stud"},
    {"Razz", "Razz"},
    {"Stud", "7 Card Stud"},
}};

Structure structure_of(std::string_view limit) {
  limit = trim(limit);
  if (limit.find("Pre-Flop") != std::string_view::npos) return Structure::Mixed;
  if (starts_with(limit, "No Limit")) return Structure::NoLimit;
  if (starts_with(limit, "Pot Limit")) return Structure::PotLimit;
  if (starts_with(limit, "Cap")) return Structure::CapLimit;
  if (starts_with(limit, "Fixed Limit") || starts_with(limit, "Limit"))
    return Structure::FixedLimit;
  if (starts_with(limit, "Spread")) return Structure::SpreadLimit;
  return Structure::Unknown;
}

// Finds the game and limit in a header description such as "Split Hold'em No Limit ($1/$2 USD)",
// "$5.00+$0.50 Hold'em No Limit - Level XIX (10/20)" or "8-Game (Razz Limit, $400/$800 USD)".
void read_game(std::string_view desc, Hand& h) {
  std::size_t best_pos = std::string_view::npos;
  const GameName* best = nullptr;
  for (const GameName& g : kGames) {
    std::size_t pos = desc.find(g.printed);
    if (pos < best_pos || (pos == best_pos && best && g.printed.size() > best->printed.size())) {
      best_pos = pos;
      best = &g;
    }
  }
  if (!best) return;
  h.game = *game_from_name(best->game);
  std::string_view after = desc.substr(best_pos + best->printed.size());
  after = trim(after);
  // The limit ends at the stakes: ", " in mixed headers, " (" or " - Level" otherwise.
  std::size_t end = std::min(
      {after.find(", $"), after.find(" ("), after.find(" - "), after.find(")"), after.find(", ")});
  if (after.find("Pre-Flop, No Limit Post-Flop") != std::string_view::npos)
    end = after.find("Post-Flop") + 9;
  std::string_view limit =
      trim(after.substr(0, end == std::string_view::npos ? after.size() : end));
  h.limit_text = std::string(limit);
  h.structure = structure_of(limit);
}

std::string currency_of(std::string_view stakes) {
  static constexpr std::array<std::string_view, 8> codes = {"USD", "EUR", "GBP", "CAD",
                                                            "CNY", "INR", "SEK", "CHF"};
  for (std::string_view c : codes)
    if (stakes.find(c) != std::string_view::npos) return std::string(c);
  if (stakes.find('$') != std::string_view::npos) return "USD";
  if (stakes.find("€") != std::string_view::npos) return "EUR";
  if (stakes.find("£") != std::string_view::npos) return "GBP";
  if (stakes.find("₹") != std::string_view::npos) return "INR";
  return "";
}

// The stakes group: the last "(...)" of the description holding a '/'.
std::string_view stakes_of(std::string_view desc) {
  std::size_t close = desc.rfind(')');
  while (close != std::string_view::npos) {
    std::size_t open = desc.rfind('(', close);
    if (open == std::string_view::npos) break;
    std::string_view inner = desc.substr(open + 1, close - open - 1);
    if (inner.find('/') != std::string_view::npos ||
        inner.find("Button Blind") != std::string_view::npos) {
      std::size_t comma = inner.rfind(", ");
      return comma == std::string_view::npos ? inner : inner.substr(comma + 2);
    }
    if (open == 0) break;
    close = desc.rfind(')', open - 1);
  }
  return {};
}

struct NameMatch {
  int seat{0};
  std::string_view rest;
  bool colon{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  line = trim(line);
  // Called on every line of every file: reject on the first letter before comparing rooms.
  if (line.empty() || (line[0] != 'P' && line[0] != 'R' && line[0] != 'F')) return false;
  for (std::string_view room : kRooms) {
    if (starts_with(line, room)) {
      std::string_view after = line.substr(room.size());
      std::size_t pos = after.find(" Hand #");
      if (pos == std::string_view::npos) pos = after.find(" Game #");
      return pos != std::string_view::npos && pos <= 16;
    }
  }
  return false;
}

namespace {

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "pokerstars") {}

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    return cur.next(line) && read_header(trim(line), cur.line_number());
  }

  bool read_header(std::string_view line, std::uint32_t ln) {
    h_.site = "pokerstars";
    ast::Header hd;
    if (!parse_all(line, header(), hd)) {
      issue(ln, "a PokerStars header: ROOM Hand #ID: GAME LIMIT (SB/BB) - YYYY/MM/DD HH:MM:SS ZONE",
            line);
      return false;
    }
    h_.site = site_slug(hd.room);
    h_.reported_pots_net_of_rake = h_.site != "runitonce";
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    read_game(hd.description, h_);
    if (!h_.game.known())
      issue(ln, "a known game name (Hold'em, Omaha, 7 Card Stud, ...)", hd.description);
    std::string_view stakes = stakes_of(hd.description);
    h_.currency = h_.tournament ? std::string() : currency_of(stakes);
    h_.unit = h_.currency.empty() ? 1 : 100;
    if (std::size_t bb_pos = stakes.find("Button Blind "); bb_pos != std::string_view::npos) {
      // 6+ Hold'em: everyone antes and the button posts one blind; there is no small blind.
      std::string_view rest = stakes.substr(bb_pos + 13);
      auto bbm = money(rest.substr(0, rest.find(' ')), ln);
      if (!bbm) return false;
      h_.big_blind = *bbm;
      if (std::size_t ante_pos = stakes.find("Ante "); ante_pos != std::string_view::npos) {
        std::string_view a = stakes.substr(ante_pos + 5);
        if (auto am = money(a.substr(0, a.find(' ')), ln)) h_.ante = *am;
      }
      stud_ = false;
      set_time(hd);
      return true;
    }
    std::size_t slash = stakes.find('/');
    if (slash == std::string_view::npos) {
      issue(ln, "stakes as (SMALL/BIG)", hd.description);
      return false;
    }
    std::string_view sb = stakes.substr(0, slash);
    std::string_view bb = stakes.substr(slash + 1);
    bb = bb.substr(0, bb.find(' '));
    auto sbm = money(sb, ln), bbm = money(bb, ln);
    if (!sbm || !bbm) return false;
    h_.small_blind = *sbm;
    h_.big_blind = *bbm;
    if (h_.structure == Structure::FixedLimit) {
      // Fixed-limit stakes are the two bet sizes ("$1/$2": blinds of $0.50 and $1).
      h_.small_bet = *sbm;
      h_.big_bet = *bbm;
    }
    std::size_t ante_pos = stakes.find("Ante ");
    if (ante_pos != std::string_view::npos) {
      if (auto a = money(stakes.substr(ante_pos + 5), ln)) h_.ante = *a;
    }
    stud_ = h_.game.is_stud();
    set_time(hd);
    return true;
  }

  // PokerStars prints local time, then ET in brackets when the two differ; ET is the reference.
  void set_time(const ast::Header& hd) {
    if (!hd.et_date.empty())
      h_.started_at_utc = to_utc(hd.et_date, hd.et_time, hd.et_zone.empty() ? "ET" : hd.et_zone);
    if (h_.started_at_utc.empty() && !hd.date.empty())
      h_.started_at_utc = to_utc(hd.date, hd.time, hd.zone.empty() ? "ET" : hd.zone);
  }

  // Matches a seated player's name at the start of the line, longest name first, followed by
  // ": " (an action) or " " (a note such as "collected").
  std::optional<NameMatch> match_player(std::string_view line) const {
    if (auto m = player_then(line, ": ")) return NameMatch{m->first, m->second, true};
    if (auto m = player_then(line, " ")) return NameMatch{m->first, m->second, false};
    return std::nullopt;
  }

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    s.player = std::string(sl.player);
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    if (!sl.bounty.empty()) {
      // Bounties are printed in the buy-in currency even in chip tournaments: keep cents.
      if (auto b = parse_amount(sl.bounty, 100)) s.bounty = *b;
    }
    s.sitting_out = sl.sitting_out;
    add_seat(std::move(s), ln);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    std::string_view name = sl.name;
    int board = 0;
    const bool draw_round = name.ends_with("DRAW");  // "FIRST DRAW" is a draw, not a board
    if (!draw_round && starts_with(name, "FIRST ")) name.remove_prefix(6);
    if (!draw_round && starts_with(name, "SECOND ")) {
      name.remove_prefix(7);
      board = 1;
    }
    if (name == "SUMMARY") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return;
    }
    Street next = street_;
    if (name.find("DRAW") != std::string_view::npos) draw_marker_seen_ = true;
    if (name == "HOLE CARDS" || name == "DEALING HANDS" || name == "3rd STREET") {
      next = Street::Preflop;
    } else if (name == "FLOP" || name == "FIRST DRAW" || name == "DRAW" || name == "4th STREET") {
      next = Street::Flop;
    } else if (name == "TURN" || name == "SECOND DRAW" || name == "5th STREET") {
      next = Street::Turn;
    } else if (name == "RIVER" && stud_) {
      next = Street::Seventh;
    } else if (name == "RIVER" || name == "THIRD DRAW" || name == "6th STREET") {
      next = Street::River;
    } else if (name == "7th STREET") {
      next = Street::Seventh;
    } else if (name == "SHOW DOWN" || name == "SHOWDOWN") {
      next = Street::Showdown;
    } else {
      issue(ln, "a street marker (*** HOLE CARDS ***, *** FLOP ***, ... *** SUMMARY ***)", sl.name);
      return;
    }
    street_ = next;
    if (next == Street::Showdown) showdown_board_ = board;  // "*** SECOND SHOW DOWN ***"
    if (!sl.cards.empty() && next != Street::Preflop) {
      Event e;
      e.kind = EventKind::Board;
      e.street = next;
      e.cards = std::string(sl.cards.back());
      e.board_index = board;
      e.line = ln;
      h_.events.push_back(std::move(e));
    }
  }

  void action_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln, "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., shows [..])",
            rest);
      return;
    }
    // Old single-draw exports print no "*** DRAW ***" marker: the first discard opens the round
    // after the draw.
    if ((a.verb == ast::Verb::Discard || a.verb == ast::Verb::StandPat) && !draw_marker_seen_ &&
        street_ == Street::Preflop)
      street_ = Street::Flop;
    Event e = action_event(a, seat, rest, ln);
    bets_.apply(e);  // "raises BY to TO": TO is the street total
    h_.events.push_back(std::move(e));
  }

  void note_line(int seat, std::string_view rest, std::uint32_t ln) {
    ast::Action a;
    if (!parse_all(rest, note(), a)) {
      issue(ln, "a note (collected X from pot, cashed out, said, has timed out, ...)", rest);
      return;
    }
    Event e = action_event(a, seat, rest, ln);
    h_.events.push_back(std::move(e));
  }

  // Lines that name no seated player: observers chatting, players joining, dealer notes.
  bool neutral_line(std::string_view line, std::uint32_t ln) {
    static constexpr std::array<std::string_view, 14> phrases = {
        " joins the table at seat #",
        " leaves the table",
        " is connected",
        " has returned",
        " is disconnected",
        " will be allowed to play after the button",
        " was removed from the table",
        " finished the tournament",
        " wins the tournament",
        " re-buys and receives",
        " bounty for eliminating",
        " for eliminating ",
        " is sitting out",
        " has timed out"};
    static constexpr std::array<std::string_view, 10> whole = {
        "Betting is capped",
        "No low hand qualified",
        "Hand cancelled",
        "Progressive KO",
        "The hand was run twice",
        "Hand was run twice",
        "Pair on board - a double bet is allowed",
        "Title: ",
        "STP added: ",
        "Table leave user"};
    for (std::string_view w : whole)
      if (starts_with(line, w)) {
        if (w == "Hand cancelled") h_.cancelled = true;
        other(line, ln);
        return true;
      }
    if (line.find(" said, \"") != std::string_view::npos) {
      Event e;
      e.kind = EventKind::Chat;
      e.street = street_;
      e.text = std::string(line);
      e.line = ln;
      h_.events.push_back(std::move(e));
      return true;
    }
    if (line.ends_with(": sits out")) {  // players not dealt in
      other(line, ln);
      return true;
    }
    for (std::string_view p : phrases)
      if (line.find(p) != std::string_view::npos) {
        other(line, ln);
        return true;
      }
    // PokerMaster appends its own metadata as a "# {json}" comment line.
    if (starts_with(line, "# {")) {
      other(line, ln);
      return true;
    }
    // Export banners and separators some tools put between hands: "*********** # 1 ****".
    if (line.find_first_not_of("*# 0123456789") == std::string_view::npos) return true;
    return false;
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Total pot")) {
      ast::TotalLine t;
      if (!parse_all(line, total_line(), t)) {
        issue(ln, "Total pot X [Main pot Y. Side pot-N Z.] | Rake R", line);
        return;
      }
      h_.total_pot = money(t.total, ln);
      h_.totals_line = ln;
      for (const ast::PotPart& p : t.pots)
        if (auto m = money(p.amount, ln)) h_.reported_pots.push_back({p.index, *m});
      for (std::string_view o : t.others) {
        // Promotional money the site adds to the pot ("STP" = Splash the Pot).
        std::size_t sp = o.rfind(' ');
        if (auto m = money(o.substr(sp + 1), ln)) site_added_ += *m;
      }
      if (!t.rake.empty()) h_.rake = money(t.rake, ln);
      return;
    }
    if (starts_with(line, "Board [") || starts_with(line, "FIRST Board [") ||
        starts_with(line, "SECOND Board [") || starts_with(line, "THIRD Board ["))
      return;
    if (starts_with(line, "Seat ")) {
      ast::SummarySeatLine s;
      if (!parse_all(line, summary_seat_line(), s)) {
        issue(ln, "Seat N: PLAYER ...", line);
        return;
      }
      SummarySeat out;
      out.seat = static_cast<int>(s.seat);
      out.line = ln;
      std::string_view rest = s.rest;
      if (const Seat* seat = h_.seat_of(out.seat); seat && starts_with(rest, seat->player)) {
        out.player = seat->player;
        rest.remove_prefix(seat->player.size());
      } else {
        std::size_t paren = rest.find(" (");
        out.player = std::string(rest.substr(0, paren));
        if (paren != std::string_view::npos) rest.remove_prefix(paren);
      }
      ast::SummaryMoney sm;
      Iterator first = rest.data();
      x3::parse(first, rest.data() + rest.size(), summary_money(), sm);
      for (std::string_view a : sm.amounts) {
        if (auto m = money(a, ln)) {
          out.won += *m;
          out.has_won = true;
        }
      }
      out.folded = rest.find("folded") != std::string_view::npos;
      h_.summary.push_back(std::move(out));
      return;
    }
    if (neutral_line(line, ln)) return;
    issue(ln, "a summary line (Total pot, Board, Seat N: ...)", line);
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return;
      }
    }
    if (in_summary_) {
      summary_line(line, ln);
      return;
    }
    if (starts_with(line, "Table ") && h_.table_name.empty()) {
      ast::TableLine t;
      if (parse_all(line, table_line(), t)) {
        h_.table_name = std::string(t.name);
        h_.max_seats = static_cast<int>(t.max_seats);
        h_.button_seat = static_cast<int>(t.button);
        return;
      }
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ")) {
      if (auto m = player_then(line.substr(9), " "); m && starts_with(m->second, "[")) {
        Event e;
        e.kind = EventKind::DealtHole;
        e.seat = m->first;
        e.street = street_;
        e.cards = std::string(trim(m->second));
        e.line = ln;
        h_.events.push_back(std::move(e));
        return;
      }
    }
    if (starts_with(line, "Uncalled bet (")) {
      ast::UncalledLine u;
      if (parse_all(line, uncalled_line(), u)) {
        Event e;
        e.kind = EventKind::UncalledReturned;
        e.seat = seat_of_player(u.player);
        e.street = street_;
        e.amount = money(u.amount, ln).value_or(0);
        e.line = ln;
        if (e.seat == 0) issue(ln, "a seated player's name", u.player);
        h_.events.push_back(std::move(e));
        return;
      }
    }
    if (auto m = match_player(line)) {
      if (m->colon)
        action_line(m->seat, m->rest, ln);
      else
        note_line(m->seat, m->rest, ln);
      return;
    }
    if (neutral_line(line, ln)) return;
    issue(ln, "a line of a PokerStars hand", line);
  }

  void finish() override {
    if (!finish_hand("Seat N: PLAYER (STACK in chips)", "*** SUMMARY ***", in_summary_)) return;
    h_.site_added = site_added_;
  }

  StreetBets bets_;
  bool in_summary_{false};
  bool stud_{false};
  bool draw_marker_seen_{false};
  Money site_added_{0};
};

}  // namespace

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::pokerstars
