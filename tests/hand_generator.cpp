#include "tests/hand_generator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>

#include "audit/hand_eval.hpp"

namespace hhtest {

using hh::Card;
using hh::EventKind;
using hh::Street;
using hh::Structure;

std::string dollars(Money cents) {
  if (cents % 100 == 0) return fmt::format("${}", cents / 100);
  return fmt::format("${}.{:02}", cents / 100, cents % 100);
}

std::string GeneratedHand::text() const {
  std::string out;
  for (const std::string& l : lines) {
    out += l;
    out += '\n';
  }
  out += "\n\n";
  return out;
}

namespace {

std::string cards_text(const std::vector<Card>& cards) {
  std::string out;
  for (const Card& c : cards) {
    if (!out.empty()) out += ' ';
    out += card_text(c);
  }
  return out;
}

const char* street_word(Street s) {
  switch (s) {
    case Street::Flop:
      return "Flop";
    case Street::Turn:
      return "Turn";
    default:
      return "River";
  }
}

struct Player {
  int seat{0};
  std::string name;
  Money stack{0};
  Money committed{0};  // chips put in this hand
  Money street_bet{0};
  bool folded{false};
  bool may_raise{true};  // no action since the last full bet or raise
  bool pending{false};   // still has to act in this round
  bool raised_on_street{false};
  Street folded_on{Street::Preflop};
  std::vector<Card> hole;
};

// One hand being played. Mirrors the rules hhaudit enforces; where a rule is ambiguous (a short
// all-in big blind) it stays inside what both readings allow.
class Play {
 public:
  Play(std::mt19937_64& rng, const GeneratorOptions& o, GeneratedHand& g, std::uint64_t id)
      : rng_(rng), o_(o), g_(g), id_(id) {}

  void run() {
    setup();
    post_forced_bets();
    deal_hole_cards();
    betting_round(Street::Preflop);
    const Street later[] = {Street::Flop, Street::Turn, Street::River};
    for (Street s : later) {
      if (in_hand() < 2) break;
      deal_board(s);
      betting_round(s);
    }
    finish();
  }

 private:
  Money uniform(Money lo, Money hi) {
    if (hi <= lo) return lo;
    return lo + static_cast<Money>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return static_cast<int>(rng_() % 100) < percent; }

  Player& at(int seat) {
    for (Player& p : players_)
      if (p.seat == seat) return p;
    throw std::logic_error("no such seat");
  }

  // The next seated player clockwise after `seat` satisfying `pred`, or nullptr.
  template <class Pred>
  Player* next_after(int seat, Pred pred) {
    const std::size_t n = players_.size();
    std::size_t start = 0;
    while (start < n && players_[start].seat <= seat) ++start;
    for (std::size_t k = 0; k < n; ++k) {
      Player& p = players_[(start + k) % n];
      if (pred(p)) return &p;
    }
    return nullptr;
  }

  int in_hand() const {
    int n = 0;
    for (const Player& p : players_) n += !p.folded;
    return n;
  }

  void line(std::string_view text) { g_.lines.emplace_back(text); }

  void setup() {
    g_.structure = o_.structure;
    g_.omaha = o_.omaha || o_.hilo;
    g_.hilo = o_.hilo;
    const bool fixed = o_.structure == Structure::FixedLimit;
    if (fixed) {
      static const Money bets[] = {10, 20, 50, 100, 200, 400};
      g_.small_bet = bets[uniform(0, 5)];
      g_.big_bet = 2 * g_.small_bet;
      g_.small_blind = g_.small_bet / 2;
      g_.big_blind = g_.small_bet;
    } else {
      static const Money blinds[][2] = {{1, 2}, {2, 5}, {5, 10}, {10, 25}, {25, 50}, {50, 100}};
      const auto& b = blinds[o_.blinds ? *o_.blinds : uniform(0, 5)];
      g_.small_blind = b[0];
      g_.big_blind = b[1];
    }
    if (chance(25)) g_.ante = std::max<Money>(1, g_.big_blind / 10);
    // Seats: 2 to 9 of a 9-max table, the button on any of them.
    std::vector<int> all{1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int i = 8; i > 0; --i) std::swap(all[i], all[uniform(0, i)]);
    const int n = static_cast<int>(uniform(2, o_.max_players));
    std::vector<int> seats(all.begin(), all.begin() + n);
    std::sort(seats.begin(), seats.end());
    g_.seats = seats;
    g_.button = seats[uniform(0, n - 1)];
    // Stacks: many short ones, so that all-ins and side pots are common. Fixed limit keeps the
    // blinds complete (how a short fixed-limit big blind is called differs between houses).
    const Money unit = fixed ? g_.big_bet : g_.big_blind;
    const Money floor = g_.ante + 1 + (fixed ? g_.big_blind : 0);
    for (int seat : seats) {
      Player p;
      p.seat = seat;
      p.name = fmt::format("Player{}", seat);
      const int kind = static_cast<int>(uniform(0, 99));
      if (kind < 25)
        p.stack = uniform(floor, std::max(floor, (fixed ? 8 : 5) * unit));
      else if (kind < 65)
        p.stack = uniform(10 * unit, 60 * unit);
      else
        p.stack = uniform(60 * unit, 200 * unit);
      g_.names[seat] = p.name;
      g_.start_stack[seat] = p.stack;
      players_.push_back(std::move(p));
    }
    const char* game = o_.hilo ? "Omaha Hi/Lo" : o_.omaha ? "Omaha" : "Hold'em";
    const char* limit = o_.structure == Structure::NoLimit    ? "No Limit"
                        : o_.structure == Structure::PotLimit ? "Pot Limit"
                                                              : "Limit";
    line(fmt::format("PokerStars Hand #{}:  {} {} ({}/{} USD) - 2020/06/01 12:00:00 ET", id_, game,
                     limit, dollars(fixed ? g_.small_bet : g_.small_blind),
                     dollars(fixed ? g_.big_bet : g_.big_blind)));
    line(fmt::format("Table 'Generated' 9-max Seat #{} is the button", g_.button));
    for (const Player& p : players_)
      line(fmt::format("Seat {}: {} ({} in chips)", p.seat, p.name, dollars(p.stack)));
  }

  // Puts `chips` of p's stack in; `live` of them count as a bet of this round.
  void put(Player& p, Money chips, bool live) {
    p.stack -= chips;
    p.committed += chips;
    if (live) {
      p.street_bet += chips;
      max_bet_ = std::max(max_bet_, p.street_bet);
    }
  }

  std::string all_in_suffix(const Player& p) const { return p.stack == 0 ? " and is all-in" : ""; }

  void post_forced_bets() {
    const int n = static_cast<int>(players_.size());
    sb_seat_ = n == 2 ? g_.button : next_after(g_.button, [](Player&) { return true; })->seat;
    bb_seat_ = next_after(sb_seat_, [](Player&) { return true; })->seat;
    contenders_ = n;
    if (g_.ante > 0)
      for (Player& p : players_) {
        put(p, std::min(g_.ante, p.stack), false);
        line(fmt::format("{}: posts the ante {}{}", p.name, dollars(g_.ante), all_in_suffix(p)));
      }
    Player& sb = at(sb_seat_);
    const Money sb_amount = std::min(g_.small_blind, sb.stack);
    put(sb, sb_amount, true);
    line(fmt::format("{}: posts small blind {}{}", sb.name, dollars(sb_amount), all_in_suffix(sb)));
    Player& bb = at(bb_seat_);
    const Money bb_amount = std::min(g_.big_blind, bb.stack);
    put(bb, bb_amount, true);
    line(fmt::format("{}: posts big blind {}{}", bb.name, dollars(bb_amount), all_in_suffix(bb)));
    // A big blind all-in for less: callers still owe the full blind (see to_call()).
    if (bb.stack == 0 && bb_amount < g_.big_blind) floor_ = g_.big_blind;
    last_full_raise_ = g_.structure == Structure::FixedLimit ? g_.small_bet : g_.big_blind;
    raise_base_ = max_bet_;
    bets_ = 1;
  }

  void deal_hole_cards() {
    for (int r = 0; r < 4; ++r)
      for (int s = 0; s < 13; ++s)
        deck_.push_back(Card{static_cast<std::uint8_t>(s + 2), static_cast<std::uint8_t>(r)});
    for (std::size_t i = deck_.size() - 1; i > 0; --i)
      std::swap(deck_[i], deck_[static_cast<std::size_t>(uniform(0, static_cast<Money>(i)))]);
    const int count = g_.omaha ? 4 : 2;
    for (Player& p : players_) {
      for (int k = 0; k < count; ++k) {
        p.hole.push_back(deck_.back());
        deck_.pop_back();
      }
      g_.hole[p.seat] = p.hole;
    }
    line("*** HOLE CARDS ***");
    const Player& hero = players_.front();
    line(fmt::format("Dealt to {} [{}]", hero.name, cards_text(hero.hole)));
  }

  void deal_board(Street s) {
    const std::vector<Card> before = g_.board;
    const int count = s == Street::Flop ? 3 : 1;
    std::vector<Card> fresh;
    for (int k = 0; k < count; ++k) {
      fresh.push_back(deck_.back());
      deck_.pop_back();
    }
    g_.board.insert(g_.board.end(), fresh.begin(), fresh.end());
    if (s == Street::Flop)
      line(fmt::format("*** FLOP *** [{}]", cards_text(fresh)));
    else
      line(fmt::format("*** {} *** [{}] [{}]", s == Street::Turn ? "TURN" : "RIVER",
                       cards_text(before), cards_text(fresh)));
  }

  // What p's street total must reach to call: the largest bet, or the full big blind after a
  // big blind all-in for less while another player could still match it.
  Money to_call(const Player& p) const {
    if (floor_ <= max_bet_) return max_bet_;
    for (const Player& q : players_)
      if (q.seat != p.seat && !q.folded && q.stack > 0) return floor_;
    return max_bet_;
  }

  Money pot() const {
    Money total = 0;
    for (const Player& p : players_) total += p.committed;
    return total;
  }

  Money fixed_unit(Street s) const {
    return s == Street::Preflop || s == Street::Flop ? g_.small_bet : g_.big_bet;
  }

  void betting_round(Street s) {
    const bool fixed = g_.structure == Structure::FixedLimit;
    if (s != Street::Preflop) {
      for (Player& p : players_) p.street_bet = 0;
      max_bet_ = 0;
      floor_ = 0;
      last_full_raise_ = fixed ? fixed_unit(s) : g_.big_blind;
      raise_base_ = 0;
      bets_ = 0;
      contenders_ = 0;
      for (const Player& p : players_) contenders_ += !p.folded && p.stack > 0;
    }
    for (Player& p : players_) {
      p.may_raise = true;
      p.pending = !p.folded && p.stack > 0;
      p.raised_on_street = false;
    }
    int last = s == Street::Preflop ? bb_seat_ : g_.button;
    while (in_hand() > 1) {
      Player* p = next_after(last, [](Player& q) { return !q.folded && q.stack > 0; });
      if (!p || !p->pending) break;
      last = p->seat;
      bool others_with_chips = false;
      for (const Player& q : players_)
        others_with_chips |= q.seat != p->seat && !q.folded && q.stack > 0;
      const Money call_to = to_call(*p);
      const Money owed = std::max<Money>(0, call_to - p->street_bet);
      if (!others_with_chips && owed == 0) {
        p->pending = false;  // nobody left to bet against
        continue;
      }
      act(*p, s, owed, call_to, others_with_chips);
    }
    // A bet nobody matched (everyone else folded or is all-in for less) goes back now; no
    // betting can follow it.
    Player* top = nullptr;
    Money second = 0;
    for (Player& p : players_) {
      if (!top || p.committed > top->committed) {
        if (top) second = std::max(second, top->committed);
        top = &p;
      } else {
        second = std::max(second, p.committed);
      }
    }
    if (top && top->committed > second) {
      const Money back = top->committed - second;
      top->committed -= back;
      top->stack += back;
      g_.uncalled_line = g_.lines.size();
      g_.uncalled_seat = top->seat;
      g_.uncalled = back;
      line(fmt::format("Uncalled bet ({}) returned to {}", dollars(back), top->name));
    }
  }

  // Only the first two seated are left in the hand.
  bool soft_pair_alone() const {
    int left = 0;
    for (const Player& q : players_) left += !q.folded;
    return left == 2 && !players_[0].folded && !players_[1].folded;
  }

  // `p` is one of the first two seated, both still in the hand with at least one other player.
  bool squeeze_pair_with_third(const Player& p) const {
    int left = 0;
    for (const Player& q : players_) left += !q.folded;
    return left >= 3 && !players_[0].folded && !players_[1].folded &&
           (p.seat == players_[0].seat || p.seat == players_[1].seat);
  }

  void act(Player& p, Street s, Money owed, Money call_to, bool others_with_chips) {
    const bool fixed = g_.structure == Structure::FixedLimit;
    ActionRecord r;
    r.street = s;
    r.seat = p.seat;
    r.stack_before = p.stack;
    r.street_bet_before = p.street_bet;
    r.owed = owed;
    r.max_bet = max_bet_;
    r.min_raise_to = max_bet_ == 0 ? g_.big_blind : max_bet_ + last_full_raise_;
    r.bets_before = bets_;
    r.contenders_at_start = contenders_;
    r.after_short_all_in = fixed && max_bet_ > raise_base_;
    const Money all_in_to = p.street_bet + p.stack;
    // The legal range of a full bet or raise.
    Money min_to = 0, max_to = all_in_to;
    if (fixed) {
      r.fixed_unit = fixed_unit(s);
      min_to = max_to = max_bet_ < r.fixed_unit ? r.fixed_unit : max_bet_ + r.fixed_unit;
    } else {
      min_to = max_bet_ == 0 ? g_.big_blind : call_to + last_full_raise_;
      if (g_.structure == Structure::PotLimit) {
        r.pot_limit_to = max_bet_ + pot() + (max_bet_ - p.street_bet);
        max_to = r.pot_limit_to;
      }
    }
    bool can_raise = others_with_chips && p.may_raise && all_in_to > call_to && max_to >= min_to;
    if (fixed && bets_ >= 4 && contenders_ > 2) can_raise = false;  // a bet and three raises
    if (r.after_short_all_in) can_raise = false;
    if (o_.soft_first_two && s != Street::Preflop && soft_pair_alone()) can_raise = false;
    int roll = static_cast<int>(uniform(0, 99));
    if (o_.squeeze_first_two && can_raise && !p.raised_on_street && squeeze_pair_with_third(p))
      roll = 0;  // the planted pair bets or raises once a street while a third is in
    if (can_raise && roll < o_.aggression) {
      Money to = 0;
      if (all_in_to <= min_to) {
        to = all_in_to;  // all-in for a full raise or less
      } else {
        const Money hi = std::min(max_to, all_in_to);
        if (!fixed && g_.structure == Structure::NoLimit && chance(15))
          to = all_in_to;
        else if (chance(20))
          to = hi;
        else
          to = min_to + std::min(uniform(0, hi - min_to), uniform(0, hi - min_to));
      }
      const Money chips = to - p.street_bet;
      const Money increment = to - max_bet_;
      r.line = g_.lines.size();
      r.to = to;
      r.amount = chips;
      if (max_bet_ == 0) {
        r.kind = EventKind::Bet;
        put(p, chips, true);
        line(fmt::format("{}: bets {}{}", p.name, dollars(chips), all_in_suffix(p)));
      } else {
        r.kind = EventKind::Raise;
        put(p, chips, true);
        line(fmt::format("{}: raises {} to {}{}", p.name, dollars(increment), dollars(to),
                         all_in_suffix(p)));
      }
      r.all_in = p.stack == 0;
      // A full bet or raise reopens the betting for everyone; a short all-in only for those who
      // have not acted, unless short all-ins together make a full raise.
      if (increment >= last_full_raise_ || to - raise_base_ >= last_full_raise_) {
        if (increment >= last_full_raise_ && !fixed) last_full_raise_ = increment;
        raise_base_ = to;
        for (Player& q : players_) q.may_raise = true;
      }
      ++bets_;
      p.may_raise = false;
      p.raised_on_street = true;
      for (Player& q : players_) q.pending = q.seat != p.seat && !q.folded && q.stack > 0;
    } else if (owed == 0) {
      r.kind = EventKind::Check;
      r.line = g_.lines.size();
      line(fmt::format("{}: checks", p.name));
      p.pending = false;
      p.may_raise = false;
    } else if (roll < 75) {
      const Money chips = std::min(owed, p.stack);
      r.kind = EventKind::Call;
      r.line = g_.lines.size();
      r.amount = chips;
      put(p, chips, true);
      r.all_in = p.stack == 0;
      line(fmt::format("{}: calls {}{}", p.name, dollars(chips), all_in_suffix(p)));
      p.pending = false;
      p.may_raise = false;
    } else {
      r.kind = EventKind::Fold;
      r.line = g_.lines.size();
      line(fmt::format("{}: folds", p.name));
      p.folded = true;
      p.folded_on = s;
      p.pending = false;
    }
    g_.actions.push_back(r);
  }

  hh::HandValue value_of(const Player& p) const {
    if (g_.omaha) return hh::best_omaha(p.hole, g_.board);
    std::vector<Card> all = p.hole;
    all.insert(all.end(), g_.board.begin(), g_.board.end());
    return hh::best_of(all);
  }

  // The best ace-to-five low of eight or better, if the player has one.
  std::optional<hh::HandValue> low_of(const Player& p) const {
    const hh::HandValue v = hh::best_omaha_low_a5(p.hole, g_.board);
    if (!hh::qualifies_8(v)) return std::nullopt;
    return v;
  }

  // Equal shares of `amount`; the cents left over one each to the first seats left of the
  // button.
  void share(Money amount, const std::vector<int>& seats, std::map<int, Money>& out) const {
    const Money k = static_cast<Money>(seats.size());
    Money odd = amount % k;
    for (int seat : from_button(seats)) {
      out[seat] += amount / k + (odd > 0 ? 1 : 0);
      if (odd > 0) --odd;
    }
  }

  std::string describe(const Player& p) const {
    return hh::category_name(hh::category_of(value_of(p)));
  }

  // Seats in the order odd chips go: clockwise from the first seat left of the button.
  std::vector<int> from_button(std::vector<int> seats) const {
    std::sort(seats.begin(), seats.end());
    auto first = std::upper_bound(seats.begin(), seats.end(), g_.button);
    std::rotate(seats.begin(), first, seats.end());
    return seats;
  }

  void build_pots() {
    std::vector<Money> levels;
    Money top = 0;
    for (const Player& p : players_)
      if (!p.folded) {
        top = std::max(top, p.committed);
        if (p.stack == 0 && p.committed > 0) levels.push_back(p.committed);
      }
    levels.push_back(top);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    Money previous = 0;
    for (Money level : levels) {
      if (level > top) break;
      GeneratedPot pot;
      for (const Player& p : players_) {
        pot.amount += std::min(p.committed, level) - std::min(p.committed, previous);
        if (!p.folded && p.committed >= level) pot.eligible.push_back(p.seat);
      }
      previous = level;
      if (pot.amount > 0) g_.pots.push_back(std::move(pot));
    }
    // Folded chips above the last level stay in the last pot.
    for (const Player& p : players_)
      if (p.committed > top) g_.pots.back().amount += p.committed - top;
  }

  void finish() {
    g_.total_pot = pot();
    build_pots();
    // Rake: 5% rounded down, capped, only once a flop is dealt. PokerStars prints each pot net of
    // rake without saying how it split the rake; the audit accepts any split that leaves each
    // pot between its amount less the rake and its amount. Here: in proportion, never emptying
    // a pot.
    if (!g_.board.empty() && chance(60)) {
      static const Money caps[] = {50, 100, 300, 1000};
      g_.rake = std::min(g_.total_pot * 5 / 100, o_.rake_cap ? *o_.rake_cap : caps[uniform(0, 3)]);
    }
    // Each pot gives its share of the rake, rounded down; the largest pot gives the cents left.
    Money rake_left = g_.rake;
    std::size_t largest = 0;
    for (std::size_t i = 0; i < g_.pots.size(); ++i) {
      GeneratedPot& pot = g_.pots[i];
      pot.rake = g_.rake * pot.amount / g_.total_pot;
      rake_left -= pot.rake;
      if (pot.amount > g_.pots[largest].amount) largest = i;
    }
    g_.pots[largest].rake += rake_left;
    g_.showdown = in_hand() > 1;
    if (g_.showdown) {
      line("*** SHOW DOWN ***");
      for (int seat : from_button(g_.seats)) {
        const Player& p = at(seat);
        if (!p.folded)
          line(fmt::format("{}: shows [{}] ({})", p.name, cards_text(p.hole), describe(p)));
      }
    }
    for (std::size_t i = g_.pots.size(); i-- > 0;) {
      GeneratedPot& pot = g_.pots[i];
      const Money net = pot.amount - pot.rake;
      std::vector<int> high = pot.eligible, low;
      if (pot.eligible.size() > 1) {
        hh::HandValue best = 0, best_low = 0;
        for (int seat : pot.eligible) best = std::max(best, value_of(at(seat)));
        high.clear();
        for (int seat : pot.eligible)
          if (value_of(at(seat)) == best) high.push_back(seat);
        // Eight or better: half the pot to the best qualifying low, if any (the odd chip to
        // the high half).
        if (o_.hilo) {
          for (int seat : pot.eligible)
            if (auto v = low_of(at(seat))) best_low = std::max(best_low, *v);
          for (int seat : pot.eligible)
            if (auto v = low_of(at(seat)); v && *v == best_low) low.push_back(seat);
        }
      }
      if (low.empty()) {
        share(net, high, pot.shares);
      } else {
        share(net - net / 2, high, pot.shares);
        share(net / 2, low, pot.shares);
      }
      for (const auto& [seat, m] : pot.shares)
        if (m > 0) pot.winners.push_back(seat);
      if (net == 0) continue;
      const std::string from = g_.pots.size() == 1 ? "pot"
                               : i == 0            ? "main pot"
                                                   : fmt::format("side pot-{}", i);
      for (int seat : from_button(pot.winners)) {
        g_.collections.push_back({g_.lines.size(), seat, static_cast<int>(i), pot.shares[seat]});
        g_.collected[seat] += pot.shares[seat];
        line(
            fmt::format("{} collected {} from {}", at(seat).name, dollars(pot.shares[seat]), from));
      }
    }
    line("*** SUMMARY ***");
    std::string total = fmt::format("Total pot {}", dollars(g_.total_pot));
    if (g_.pots.size() > 1)
      for (std::size_t i = 0; i < g_.pots.size(); ++i)
        total += i == 0 ? fmt::format(" Main pot {}.", dollars(g_.pots[i].amount - g_.pots[i].rake))
                        : fmt::format(" Side pot-{} {}.", i,
                                      dollars(g_.pots[i].amount - g_.pots[i].rake));
    total += fmt::format(" | Rake {}", dollars(g_.rake));
    g_.total_line = g_.lines.size();
    line(total);
    if (!g_.board.empty()) line(fmt::format("Board [{}]", cards_text(g_.board)));
    for (const Player& p : players_) {
      std::string text = fmt::format("Seat {}: {}", p.seat, p.name);
      if (p.seat == g_.button) text += " (button)";
      if (p.seat == sb_seat_ && p.seat != g_.button) text += " (small blind)";
      if (p.seat == bb_seat_) text += " (big blind)";
      const Money won = g_.collected.count(p.seat) ? g_.collected[p.seat] : 0;
      if (p.folded)
        text += p.folded_on == Street::Preflop
                    ? std::string(" folded before Flop")
                    : fmt::format(" folded on the {}", street_word(p.folded_on));
      else if (g_.showdown && won > 0)
        text += fmt::format(" showed [{}] and won ({}) with {}", cards_text(p.hole), dollars(won),
                            describe(p));
      else if (g_.showdown)
        text += fmt::format(" showed [{}] and lost with {}", cards_text(p.hole), describe(p));
      else
        text += fmt::format(" collected ({})", dollars(won));
      g_.summary_lines[p.seat] = g_.lines.size();
      line(text);
      g_.contributed[p.seat] = p.committed;
      g_.folded[p.seat] = p.folded;
    }
  }

  std::mt19937_64& rng_;
  const GeneratorOptions& o_;
  GeneratedHand& g_;
  std::uint64_t id_;
  std::vector<Player> players_;
  std::vector<Card> deck_;
  int sb_seat_{0}, bb_seat_{0};
  Money max_bet_{0};
  Money floor_{0};
  Money last_full_raise_{0};
  Money raise_base_{0};
  int bets_{0};
  int contenders_{0};
};

}  // namespace

GeneratedHand HandGenerator::next() {
  GeneratedHand g;
  Play(rng_, options_, g, ++hand_id_).run();
  return g;
}

}  // namespace hhtest
