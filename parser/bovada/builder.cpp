#include "parser/bovada/builder.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "parser/bovada/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"

namespace hh::bovada {

namespace {

// What the grammar leaves in Action::text for "Posts chip X" (a live post of either blind).
constexpr std::string_view kPostsChip = "Posts chip";

// The rooms of Bovada's software, each printing its own name before " Hand #".
constexpr std::array<std::string_view, 6> kRooms = {
    "Bovada", "Ignition", "Bodog", "Bodog UK", "Bodog.com", "Bodog.eu",
};

// Longest first where one name starts another ("OMAHA HiLo" before "OMAHA").
constexpr std::array<header::GameName, 6> kGames = {{
    {"HOLDEMZonePoker", games::kHoldem},
    {"HOLDEM", games::kHoldem},
    {"OMAHA HiLo", games::kOmahaHiLo},
    {"OMAHA", games::kOmaha},
    {"7CARD HiLo", games::kSevenCardStudHiLo},
    {"7CARD", games::kSevenCardStud},
}};

using header::Match;
constexpr std::array<header::LimitName, 3> kLimits = {{
    {"No Limit", Structure::NoLimit, Match::Contains},
    {"Pot Limit", Structure::PotLimit, Match::Contains},
    {"Fixed Limit", Structure::FixedLimit, Match::Contains},
}};

// Street markers: flop games and stud ("*** RIVER ***" is seventh street in stud).
struct StreetName {
  std::string_view printed;
  Street street;
};
constexpr std::array<StreetName, 11> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"3RD STREET", Street::Preflop},
    {"3rd STREET", Street::Preflop},
    {"4TH STREET", Street::Flop},
    {"5TH STREET", Street::Turn},
    {"6TH STREET", Street::River},
    {"7TH STREET", Street::Seventh},
    {"SUMMARY", Street::Showdown},
}};

// The name a player is found by: the position as printed, less the hero's "[ME]" mark and the
// spaces around it ("Big Blind  [ME]" and "Big Blind [ME]" are "Big Blind").
std::string_view player_key(std::string_view printed) {
  printed = trim(printed);
  constexpr std::string_view kMe = "[ME]";
  if (printed.ends_with(kMe)) printed = trim(printed.substr(0, printed.size() - kMe.size()));
  return printed;
}

bool is_voluntary(EventKind k) {
  return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
         k == EventKind::Bet || k == EventKind::Raise;
}

Street next_street(Street s, bool stud) {
  switch (s) {
    case Street::Setup:
      return Street::Preflop;
    case Street::Preflop:
      return Street::Flop;
    case Street::Flop:
      return Street::Turn;
    case Street::Turn:
      return Street::River;
    case Street::River:
      return stud ? Street::Seventh : Street::River;
    default:
      return s;
  }
}

// "2012-04-03" -> "2012/04/03", the form to_utc() reads.
std::string slashed(std::string_view iso_date) {
  std::string out(iso_date);
  std::replace(out.begin(), out.end(), '-', '/');
  return out;
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "bovada") {
    // Uncalled bets are printed ("Return uncalled portion of bet"); the total pot is gross.
    h_.uncalled_style = UncalledStyle::Printed;
    // A split's odd chips all go to the first winner after the small blind (issue 33, point 14).
    h_.odd_chips_whole_after_small_blind = true;
  }

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why, "ROOM Hand #N ... - YYYY-MM-DD HH:MM:SS", line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    const std::string_view desc = trim(hd.description);
    if (const std::size_t t = desc.find("Tournament #"); t != std::string_view::npos) {
      h_.tournament = true;
      std::string_view id = desc.substr(t + 12);
      h_.tournament_id = std::string(id.substr(0, id.find_first_of(" ,")));
    }
    if (const std::size_t t = desc.find("TBL#"); t != std::string_view::npos) {
      std::string_view table = desc.substr(t + 4);
      h_.table_name = std::string(table.substr(0, table.find_first_of(" ,")));
    } else if (const std::size_t z = desc.find("Zone Poker ID#"); z != std::string_view::npos) {
      std::string_view id = desc.substr(z + 14);
      h_.table_name = "Zone Poker " + std::string(id.substr(0, id.find(' ')));
      h_.fast_fold = true;
    }
    // Every Bovada/Ignition table is anonymous: seats are named "Dealer", "Big Blind", "UTG+1".
    h_.players_named_by_position = true;
    const header::GameFound g = header::first_game_in(desc, kGames);
    if (g.name) h_.game = g.name->game;
    h_.structure = header::structure_of(desc, kLimits);
    if (h_.structure != Structure::Unknown) {
      for (const header::LimitName& l : kLimits)
        if (l.structure == h_.structure) h_.limit_text = std::string(l.printed);
    } else if (h_.tournament && h_.game.variant == GameVariant::Holdem) {
      // Tournament headers of 2012-2013 print the speed ("Normal-", "Turbo-") where the limit
      // goes; those tournaments are no limit hold'em (every bet in them is unrestricted).
      h_.structure = Structure::NoLimit;
      h_.limit_text = "No Limit";
    }
    if (!g.name || h_.structure == Structure::Unknown)
      issue(ln, "a game (HOLDEM, OMAHA [HiLo], 7CARD [HiLo]) and a limit", desc);
    stud_ = h_.game.is_stud();
    // Tournament amounts are chips; cash tables play in US dollars.
    h_.unit = h_.tournament ? 1 : 100;
    h_.currency = h_.tournament ? "" : "USD";
    if (h_.tournament) {
      ast::Blinds b;
      if (parse_all(desc, level(), b)) set_blinds(b, ln);
    }
    // Exports since 2021 say UTC; older ones print no zone and are taken as Eastern time, the
    // zone of the site's servers' clock as fpdb reads it (docs/sites/bovada.md).
    set_start_time(slashed(hd.date), hd.time, hd.zone.empty() ? "ET" : hd.zone, ln);
    return true;
  }

  // Stakes printed by the hand itself (tournament level, MVS table info) win over those read from
  // the blinds posted.
  void set_blinds(const ast::Blinds& b, std::uint32_t ln) {
    auto sb = money(b.small, ln), bb = money(b.big, ln);
    if (!sb || !bb) return;
    stakes_printed_ = true;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit && *bb > 0) {
      h_.small_bet = *bb;
      h_.big_bet = 2 * *bb;
    }
  }

  // Cash headers print no stakes: the blinds posted tell them. In fixed limit the big blind is
  // the small bet and the big bet twice that (Hand::big_blind then holds the big bet, as the
  // stakes of other sites' fixed-limit headers do).
  // A blind posted all-in may be short: only full posts say the stakes.
  void note_blind(const Event& e) {
    if (stakes_printed_ || stud_ || all_in_.count(e.seat)) return;
    if (e.kind == EventKind::PostSmallBlind) {
      posted_small_ = std::max(posted_small_, e.amount);
    } else if (e.kind == EventKind::PostBigBlind) {
      posted_big_ = std::max(posted_big_, e.amount);
    } else if (e.kind == EventKind::PostBothBlinds && posted_small_ == 0 && posted_big_ > 0) {
      // "Posts dead chip $0.35" under a $0.25 big blind: a dead small blind of $0.10.
      posted_small_ = e.amount - posted_big_;
    } else {
      return;
    }
    // Without a full big blind, the small blind is half of it (Bovada's blinds are half and
    // whole of the small bet in fixed limit, 0.25/0.50 ... 5/10 in big-bet games).
    const Money big = posted_big_ > 0 ? posted_big_ : 2 * posted_small_;
    h_.small_blind = posted_small_ > 0 ? posted_small_ : big / 2;
    if (h_.structure == Structure::FixedLimit) {
      h_.small_bet = big;
      h_.big_bet = 2 * big;
      h_.big_blind = h_.big_bet;
    } else {
      h_.big_blind = big;
    }
  }

  void read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
    Seat s;
    s.seat = static_cast<int>(sl.seat);
    std::string key =
        sl.stud_style ? "Seat+" + std::to_string(sl.seat) : std::string(player_key(sl.name));
    const bool hero = sl.marker.find("[ME]") != std::string_view::npos ||
                      sl.name.find("[ME]") != std::string_view::npos;
    s.player = hero ? key + " [ME]" : key;
    if (auto m = money(sl.stack, ln)) s.stack = *m;
    stacks_[s.seat] = s.stack;
    if (add_seat(std::move(s), ln)) seat_by_key_.emplace(std::move(key), static_cast<int>(sl.seat));
  }

  // MVS tournaments number the seat lines by player ("Seat 65: UTG+2") and list those numbers in
  // table order on a "Seating Info" line: the k-th is table seat k, as the dealer line and the
  // summary number them.
  void seat_in_table_order(const std::vector<unsigned>& order, std::uint32_t ln) {
    std::map<int, int> table_seat;
    for (std::size_t k = 0; k < order.size(); ++k)
      table_seat[static_cast<int>(order[k])] = static_cast<int>(k + 1);
    bool complete = table_seat.size() == h_.seats.size();
    for (const Seat& s : h_.seats) complete = complete && table_seat.count(s.seat);
    if (!complete) {
      issue(ln, "Seating Info listing every seat line once", "");
      return;
    }
    renumber(table_seat);
  }

  // Other tournament exports number seat lines by player too ("Seat 1243: UTG+3"), or print
  // numbers that are not the table's ("Seat 3: Dealer" under "Set dealer [4]"), in an order that
  // is not always the table's. The positions are: clockwise from the button they are Dealer,
  // Small Blind, Big Blind, UTG, UTG+1, ... So the seats are numbered in that order, the Dealer
  // first (the button), and the summary, which prints the same numbers as the seat lines, is
  // read through the same renumbering.
  void seat_by_position() {
    std::vector<std::pair<int, int>> ranked;  // (position rank, printed seat)
    for (const auto& [key, seat] : seat_by_key_) {
      int rank = -1;
      if (key == "Dealer")
        rank = 0;
      else if (key == "Small Blind")
        rank = 1;
      else if (key == "Big Blind")
        rank = 2;
      else if (key == "UTG")
        rank = 3;
      else if (key.starts_with("UTG+") && key.size() == 5 && key[4] >= '1' && key[4] <= '9')
        rank = 3 + (key[4] - '0');
      if (rank < 0) return;  // not a position (stud's "Seat+N"): nothing to go by
      ranked.emplace_back(rank, seat);
    }
    std::sort(ranked.begin(), ranked.end());
    std::map<int, int> table_seat;
    for (std::size_t k = 0; k < ranked.size(); ++k)
      table_seat[ranked[k].second] = static_cast<int>(k + 1);
    renumber(table_seat);
    summary_seat_ = table_seat;
    h_.button_seat = ranked.front().first == 0 ? 1 : 0;
    numbered_by_position_ = true;
  }

  void renumber(const std::map<int, int>& table_seat) {
    auto to = [&](int seat) {
      auto it = table_seat.find(seat);
      return it == table_seat.end() ? seat : it->second;
    };
    for (Seat& s : h_.seats) s.seat = to(s.seat);
    std::sort(h_.seats.begin(), h_.seats.end(),
              [](const Seat& a, const Seat& b) { return a.seat < b.seat; });
    for (Event& e : h_.events)
      if (e.seat) e.seat = to(e.seat);
    std::map<int, Money> stacks;
    for (const auto& [seat, chips] : stacks_) stacks[to(seat)] = chips;
    stacks_ = std::move(stacks);
    for (auto& [key, seat] : seat_by_key_) seat = to(seat);
    renumbered_ = true;
  }

  // Called on each line after the seat lines. No table has more than ten seats: larger numbers
  // are players' numbers (unless "Seating Info" says which seat each one is).
  void seats_read(std::string_view line) {
    if (seats_done_ || h_.seats.empty()) return;
    if (line.starts_with("Table Info:") || line.starts_with("Seating Info:")) return;
    seats_done_ = true;
    if (renumbered_) return;
    if (std::any_of(h_.seats.begin(), h_.seats.end(), [](const Seat& s) { return s.seat > 10; }))
      seat_by_position();
  }

  void read_button(unsigned button) {
    if (numbered_by_position_) return;  // the Dealer's seat is the button
    h_.button_seat = static_cast<int>(button);
    auto dealer = seat_by_key_.find(std::string_view("Dealer"));
    if (!renumbered_ && dealer != seat_by_key_.end() && dealer->second != h_.button_seat)
      seat_by_position();
  }

  int seat_of_key(std::string_view printed) const {
    auto it = seat_by_key_.find(player_key(printed));
    return it == seat_by_key_.end() ? 0 : it->second;
  }

  void start_street(Street s) {
    // The blinds posted before the deal are bets of the first round.
    const bool same_round = s == street_ || (street_ == Street::Setup && s == Street::Preflop);
    street_ = s;
    if (same_round) return;
    acted_.clear();
    street_bet_.clear();
    max_bet_ = 0;
    actions_on_street_ = 0;
  }

  void add_board(Street s, std::string_view cards, std::uint32_t ln) {
    Event& e = add_event(EventKind::Board, ln);
    e.street = s;
    e.cards = EventCards::read(trim(cards));
    board_cards_ += static_cast<int>(std::ranges::count(e.cards.printed(), ' ') + 1);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) {
    for (const StreetName& sn : kStreets) {
      if (sn.printed != sl.name) continue;
      if (sn.street == Street::Showdown) {
        in_summary_ = true;
        street_ = Street::Showdown;
        return;
      }
      Street s = sn.street;
      if (stud_ && s == Street::River && sl.name == "RIVER") s = Street::Seventh;
      start_street(s);
      // "*** TURN *** [7d Kh 9h] [Qd]": the last group holds the new cards.
      if (!stud_ && s != Street::Preflop && !sl.cards.empty()) add_board(s, sl.cards.back(), ln);
      return;
    }
    issue(ln, "a street marker (*** HOLE CARDS ***, *** FLOP *** [..], *** SUMMARY ***, ...)",
          sl.name);
  }

  // Old exports mark no street: "Card dealt to table [Ks 7c 9s]" deals the next one.
  void deal_table_cards(std::string_view cards, std::uint32_t ln) {
    const Street s = board_cards_ == 0  ? Street::Flop
                     : board_cards_ < 4 ? Street::Turn
                                        : Street::River;
    start_street(s);
    add_board(s, cards, ln);
  }

  // True when every player who can still act has acted on this round and matched its largest
  // bet: the round is over. Used only where the export marks no street (see action_line).
  bool round_complete() const {
    if (actions_on_street_ == 0) return false;
    for (int seat : in_hand_) {
      if (folded_.count(seat) || all_in_.count(seat)) continue;
      auto bet = street_bet_.find(seat);
      const Money mine = bet == street_bet_.end() ? 0 : bet->second;
      if (!acted_.count(seat) || mine != max_bet_) return false;
    }
    return true;
  }

  // Stud deals one card a round ("Card dealt to a spot [8s]"): the number of cards a seat holds
  // says the street, whether or not a marker was printed.
  void stud_card(int seat, std::uint32_t ln) {
    const std::string& cards = dealt_[seat];
    const int held =
        cards.empty() ? 0 : static_cast<int>(std::count(cards.begin(), cards.end(), ' ') + 1);
    Street s = street_;
    if (held == 4)
      s = Street::Flop;
    else if (held == 5)
      s = Street::Turn;
    else if (held == 6)
      s = Street::River;
    else if (held == 7)
      s = Street::Seventh;
    if (s != street_ && held > 3) start_street(s);
    (void)ln;
  }

  void dealt_cards(int seat, std::string_view cards, std::uint32_t ln) {
    std::string& held = dealt_[seat];
    if (!held.empty()) held += ' ';
    held += trim(cards);
    in_hand_.insert(seat);
    if (stud_) stud_card(seat, ln);
    if (street_ == Street::Setup) street_ = Street::Preflop;
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = seat;
    e.cards = EventCards::read(trim(cards));
  }

  // "All-in X" before the deal is a forced bet that takes the whole stack: the ante of a player
  // who posted none while others did, else the blind of the position ("Big Blind", "Small
  // Blind", the dealer heads-up).
  EventKind forced_all_in(int seat) const {
    bool antes = false, own_ante = false;
    for (const Event& e : h_.events) {
      if (e.kind != EventKind::PostAnte) continue;
      antes = true;
      own_ante |= e.seat == seat;
    }
    if (antes && !own_ante) return EventKind::PostAnte;
    const Seat* s = h_.seat_of(seat);
    const std::string_view key = s ? player_key(s->player) : std::string_view{};
    if (key == "Big Blind") return EventKind::PostBigBlind;
    if (key == "Small Blind" || (key == "Dealer" && h_.seats.size() == 2))
      return EventKind::PostSmallBlind;
    return EventKind::PostAnte;
  }

  // Resolves what Bovada's verbs leave open, then applies the bet to the street.
  void play(Event& e, const ast::Action& a) {
    const int seat = e.seat;
    Money& mine = street_bet_[seat];
    if (e.kind == EventKind::Call && a.all_in) {
      // "All-in X" puts in X: a call when it reaches no further than the largest bet.
      if (mine + e.amount > max_bet_) e.kind = max_bet_ == 0 ? EventKind::Bet : EventKind::Raise;
    }
    if (e.kind == EventKind::PostBigBlind && stud_) e.kind = EventKind::BringIn;
    // "Posts chip X": a live post by a player joining or returning, of the big blind or, below
    // it, of the small blind (the poster later calls the rest: "Posts chip $5", "Calls $5").
    if (e.kind == EventKind::PostBigBlind && a.text == kPostsChip && h_.big_blind > 0 &&
        e.amount < h_.live_big_blind())
      e.kind = EventKind::PostSmallBlind;
    bets_.apply(e);
    switch (e.kind) {
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostBothBlinds:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
        mine = e.to;
        max_bet_ = std::max(max_bet_, mine);
        break;
      default:
        break;
    }
    switch (e.kind) {
      case EventKind::PostAnte:
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostBothBlinds:
      case EventKind::PostDead:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
        in_hand_.insert(seat);
        // Kept between 0 and the stack (no overflow on hostile amounts).
        stacks_[seat] = e.amount >= stacks_[seat] ? 0 : stacks_[seat] - e.amount;
        if (stacks_[seat] == 0 || e.all_in) all_in_.insert(seat);
        break;
      case EventKind::Fold:
        folded_.insert(seat);
        break;
      default:
        break;
    }
    if (is_voluntary(e.kind)) {
      if (e.kind == EventKind::Bet || e.kind == EventKind::Raise) acted_.clear();
      acted_.insert(seat);
      ++actions_on_street_;
    }
    note_blind(e);
  }

  void action_line(int seat, std::string_view rest, bool repeat, std::uint32_t ln) {
    std::string_view cards;
    if (parse_all(rest, dealt(), cards)) {
      dealt_cards(seat, cards, ln);
      return;
    }
    std::string_view returned;
    if (parse_all(rest, uncalled(), returned)) {
      if (repeat) return repeated(rest, ln);
      Event& e = add_event(EventKind::UncalledReturned, ln);
      e.seat = seat;
      e.amount = money(returned, ln).value_or(0);
      // Amounts are below 2^62 (parse_amount): the sum cannot overflow, and is kept below 2^62.
      stacks_[seat] = std::min<Money>(stacks_[seat] + e.amount, Money{1} << 62);
      return;
    }
    ast::Action a;
    if (!parse_all(rest, action(), a)) {
      issue(ln, "an action (Folds, Checks, Calls X, Bets X, Raises X to Y, All-in X, ...)", rest);
      return;
    }
    if (a.verb == ast::Verb::Raise) {
      // "Raises X to Y": X is what the player puts in, not the increment over the bet faced, so
      // only Y (the street total) is kept; "Raises Y" and "All-in(raise) Y" print Y alone.
      a.amount2 = a.amount2.empty() ? a.amount : a.amount2;
      a.amount = {};
    }
    Event e = action_event(a, seat, rest, ln);
    if (e.kind == EventKind::Call && a.all_in && street_ == Street::Setup)
      e.kind = forced_all_in(seat);
    if (is_voluntary(e.kind) && street_ != Street::Showdown) {
      if (street_ == Street::Setup) start_street(Street::Preflop);
      // A repeated action ("UTG+3 : All-in 1450" four times) is not replayed. Only a check may
      // be printed twice in a row for real: the last of a complete round and the first of the
      // next one in an export without street markers ("Big Blind : Checks" closing preflop,
      // then opening the flop).
      if (repeat && (e.kind != EventKind::Check || !round_complete())) return repeated(rest, ln);
      // An export without street markers: a new round starts once the last one is complete.
      if (round_complete()) start_street(next_street(street_, stud_));
    } else if (repeat &&
               (e.kind == EventKind::Collected || e.kind == EventKind::PostAnte ||
                e.kind == EventKind::PostSmallBlind || e.kind == EventKind::PostBigBlind ||
                e.kind == EventKind::PostBothBlinds || e.kind == EventKind::BringIn)) {
      return repeated(rest, ln);
    }
    e.street = street_;
    if (e.kind == EventKind::Shows || (e.kind == EventKind::Mucks && !a.cards.empty())) {
      // "Showdown [best five]" prints the hand made, not the cards held: those are the dealt ones.
      e.cards = EventCards::read(dealt_[seat]);
    } else {
      e.cards = {};
    }
    play(e, a);
    h_.events.push_back(std::move(e));
  }

  // What follows the name on a summary seat line starts with what the seat won (an amount, "HI
  // X"), its cards, "with ..", "lost"/"lose with ..", or "Folded ..."; every amount after "HI" or
  // "LO" is read whole. Returns what is not read, or an empty view.
  std::string_view unread_result(std::string_view rest) const {
    auto word_at = [&](std::size_t at) {
      const std::size_t end = std::min(rest.find(' ', at), rest.size());
      return rest.substr(at, end - at);
    };
    for (std::size_t lo = rest.find(" LO"); lo != std::string_view::npos;
         lo = rest.find(" LO", lo + 3)) {
      std::size_t at = lo + 3;
      if (at < rest.size() && rest[at] == 'W') ++at;
      if (at >= rest.size() || rest[at] != ' ') continue;
      if (const std::string_view amount = word_at(at + 1); !is_amount(amount)) return amount;
    }
    if (rest.empty() || starts_with(rest, "Folded") || starts_with(rest, "with ") ||
        starts_with(rest, "lost ") || starts_with(rest, "lose ") || starts_with(rest, "["))
      return {};
    const std::string_view won = starts_with(rest, "HI ") ? word_at(3) : word_at(0);
    return is_amount(won) ? std::string_view{} : won;
  }

  void summary_seat(const ast::SummarySeatLine& ss, std::uint32_t ln) {
    int number = static_cast<int>(ss.seat);
    if (auto it = summary_seat_.find(number); it != summary_seat_.end()) number = it->second;
    const Seat* seat = h_.seat_of(number);
    if (!seat) {
      issue(ln, "a summary line of a seated player", ss.rest);
      return;
    }
    SummarySeat out;
    out.seat = seat->seat;
    out.player = seat->player;
    out.line = ln;
    // The name is printed as in the seat lines, with or without "[ME]", or not at all (stud).
    std::string_view rest = trim(ss.rest);
    const std::string_view key = player_key(seat->player);
    if (!key.starts_with("Seat+") && rest.starts_with(key)) rest = rest.substr(key.size());
    rest = trim(rest);
    if (rest.starts_with("[ME]")) rest = rest.substr(4);
    if (std::string_view bad = unread_result(rest); !bad.empty()) {
      issue(ln,
            "a summary seat's result (the name, then X [..], HI X, LO X, with .., lost, Folded)",
            bad);
      return;
    }
    out.folded = rest.find("Folded") != std::string_view::npos;
    ast::SummaryMoney won;
    if (parse_all(rest, summary_money(), won)) add_won(out, won.amounts, ln);
    h_.summary.push_back(std::move(out));
  }

  void summary_line(std::string_view line, std::uint32_t ln) {
    ast::TotalLine t;
    if (parse_all(line, total_line(), t)) {
      h_.totals_line = ln;
      h_.total_pot = money(t.total, ln);
      if (!t.rake.empty()) h_.rake = money(t.rake, ln);
      return;
    }
    std::string_view cards;
    if (parse_all(line, board(), cards)) {
      summary_board_ = trim(cards);
      return;
    }
    ast::SummarySeatLine ss;
    if (parse_all(line, summary_seat_line(), ss)) {
      summary_seat(ss, ln);
      return;
    }
    issue(ln, "a summary line (Total Pot(X) [| Rake (R)], Board [..], Seat N: ...)", line);
  }

  // Some exports write a line twice or more in a row ("Small Blind : Ante/Small blind 125" four
  // times, "UTG+2 : Hand Result 1575" three times). Nobody posts, collects or gets a bet back
  // twice in a row, so such a repeat is an issue and is not replayed.
  void repeated(std::string_view rest, std::uint32_t ln) {
    issue(ln, "one line per action (Bovada repeated this line: the repeat is not replayed)", rest);
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    const bool repeat = line == previous_line_;
    previous_line_ = line;
    if (line.starts_with("*** ")) {
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
    if (line.starts_with("Seat") && h_.events.empty()) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return;
      }
    }
    seats_read(line);
    if (const std::size_t colon = line.find(" : "); colon != std::string_view::npos) {
      const std::string_view rest = trim(line.substr(colon + 3));
      // "Dealer : Set dealer [5]", also when the button seat is empty (no "Dealer" seated).
      unsigned button = 0;
      if (parse_all(rest, dealer(), button)) {
        read_button(button);
        return;
      }
      if (const int seat = seat_of_key(line.substr(0, colon))) {
        action_line(seat, rest, repeat, ln);
        return;
      }
    }
    std::string_view cards;
    if (parse_all(line, table_cards(), cards)) {
      deal_table_cards(cards, ln);
      return;
    }
    std::vector<unsigned> order;
    if (parse_all(line, seating(), order)) {
      seat_in_table_order(order, ln);
      return;
    }
    ast::Blinds b;
    if (parse_all(line, stakes(), b)) {
      set_blinds(b, ln);
      return;
    }
    std::string_view text;
    if (parse_all(line, notice(), text)) {
      other(line, ln);
      return;
    }
    issue(ln, "a line of a Bovada hand (POSITION : ACTION, Seat N: ..., ***, ...)", line);
  }

  // Hands whose streets were not marked print the board only in the summary: its cards are
  // dealt here, three on the flop, then one on the turn and one on the river.
  void board_from_summary() {
    if (stud_ || board_cards_ > 0 || summary_board_.empty()) return;
    std::vector<std::string_view> cards;
    std::string_view rest = summary_board_;
    while (!rest.empty()) {
      const std::size_t sp = rest.find(' ');
      std::string_view card = rest.substr(0, sp);
      if (!card.empty()) cards.push_back(card);
      if (sp == std::string_view::npos) break;
      rest = rest.substr(sp + 1);
    }
    auto deal = [&](Street s, std::size_t from, std::size_t count) {
      if (cards.size() < from + count) return;
      std::string text;
      for (std::size_t i = from; i < from + count; ++i) {
        if (!text.empty()) text += ' ';
        text += cards[i];
      }
      add_board(s, text, h_.totals_line);
    };
    deal(Street::Flop, 0, 3);
    deal(Street::Turn, 3, 1);
    deal(Street::River, 4, 1);
  }

  void finish() override {
    if (!finish_hand("Seat N: POSITION ($X in chips)", "*** SUMMARY ***", in_summary_)) return;
    board_from_summary();
    // Bovada prints the return of a bet or raise nobody called, but not of a big blind nobody
    // called (a walk): that stays in the total pot and in the winner's "Hand result". Without a
    // return line the audit lets the money tell where the excess went (docs/sites/bovada.md).
    const bool return_printed = std::any_of(h_.events.begin(), h_.events.end(), [](const Event& e) {
      return e.kind == EventKind::UncalledReturned;
    });
    if (!return_printed) h_.uncalled_style = UncalledStyle::Silent;
  }

  StreetBets bets_;
  bool stud_{false};
  bool in_summary_{false};
  bool stakes_printed_{false};
  Money posted_small_{0}, posted_big_{0};                // the largest full blinds posted
  std::map<std::string, int, std::less<>> seat_by_key_;  // position (less "[ME]") -> seat
  std::map<int, Money> stacks_;                          // chips behind, as the hand goes
  std::map<int, std::string> dealt_;                     // every card dealt to a seat
  std::set<int> in_hand_, folded_, all_in_;
  // The current betting round: who acted since the last bet or raise, each seat's bet.
  std::set<int> acted_;
  std::map<int, Money> street_bet_;
  Money max_bet_{0};
  int actions_on_street_{0};
  int board_cards_{0};
  std::string_view summary_board_;
  std::string_view previous_line_;   // the line read before the current one
  std::map<int, int> summary_seat_;  // a summary line's seat number -> table seat
  bool seats_done_{false}, renumbered_{false}, numbered_by_position_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  line = trim(line);
  const std::size_t at = line.find(" Hand #");
  if (at == std::string_view::npos || at + 7 >= line.size()) return false;
  const char c = line[at + 7];
  if (c < '0' || c > '9') return false;
  const std::string_view room = line.substr(0, at);
  return std::find(kRooms.begin(), kRooms.end(), room) != kRooms.end();
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::bovada
