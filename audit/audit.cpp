#include "audit/audit.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "audit/hand_eval.hpp"
#include "parser/money.hpp"

namespace hh {

std::vector<BuiltPot> build_pots(const std::vector<PotInput>& players) {
  // Levels and layers are built on live bets; dead blinds go to the main pot at the end.
  auto live = [](const PotInput& p) { return p.contributed - p.dead; };
  std::set<Money> levels;
  Money top = 0;  // the largest live contribution of a player still in the hand
  Money total = 0, dead = 0;
  for (const PotInput& p : players) {
    total += live(p);
    dead += p.dead;
    if (!p.folded) top = std::max(top, live(p));
  }
  // A player all-in who is then folded for sitting out still closes a level (PokerStars
  // tournament hand 16652117062: main pot 1040 at the folded all-in big blind's 200).
  for (const PotInput& p : players)
    if (p.all_in && live(p) > 0 && live(p) < top) levels.insert(live(p));
  if (top > 0) levels.insert(top);

  std::vector<BuiltPot> pots;
  Money previous = 0;
  Money placed = 0;
  for (Money level : levels) {
    BuiltPot pot;
    for (const PotInput& p : players) {
      pot.amount += std::min(live(p), level) - std::min(live(p), previous);
      if (!p.folded && live(p) >= level) pot.eligible.push_back(p.seat);
    }
    previous = level;
    if (pot.amount == 0) continue;
    placed += pot.amount;
    // A layer nobody still in the hand reached (only folded chips) belongs to the pot below it.
    if (pot.eligible.empty() && !pots.empty()) {
      pots.back().amount += pot.amount;
      continue;
    }
    pot.index = static_cast<int>(pots.size());
    pots.push_back(std::move(pot));
  }
  // Chips folded players bet above what anyone still in the hand reached stay in the last pot;
  // dead blinds are main-pot money.
  if (pots.empty() && total + dead > 0) {
    BuiltPot pot;
    for (const PotInput& p : players)
      if (!p.folded) pot.eligible.push_back(p.seat);
    pots.push_back(std::move(pot));
  }
  if (!pots.empty()) {
    pots.back().amount += total - placed;
    pots.front().amount += dead;
  }
  return pots;
}

void attribute_rake(std::vector<BuiltPot>& pots, Money rake) {
  Money total = 0;
  for (const BuiltPot& p : pots) total += p.amount;
  if (pots.empty() || total <= 0) return;
  // In proportion to each pot, rounded to the nearest minor unit; the last pot takes what is left
  // so that the parts add up to the rake exactly.
  Money left = rake;
  for (std::size_t i = 0; i + 1 < pots.size(); ++i) {
    Money share = (2 * rake * pots[i].amount + total) / (2 * total);
    pots[i].rake = share;
    left -= share;
  }
  pots.back().rake = left;
}

namespace {

struct PlayerState {
  int seat{0};
  std::string player;
  Money start{0};
  Money stack{0};
  Money gross{0};     // chips put in, before uncalled bets came back
  Money returned{0};  // uncalled bets returned
  Money collected{0};
  Money cashed_out{0};
  Money street_bet{0};  // live bet on the current betting round
  Money dead{0};        // dead blinds: in the pot, never part of a bet to match nor returned
  Money excess_in_collection{0};  // uncalled part paid back inside a collection (InCollection)
  bool folded{false};
  bool cashed{false};
  bool may_raise{true};  // no action of this player's since the last full bet or raise
};

bool is_betting_round(Street s) { return s != Street::Showdown; }

class Auditor {
 public:
  explicit Auditor(const Hand& h) : h_(h) {}

  AuditResult run() {
    if (!h_.parsed) {
      for (const ParseIssue& i : h_.issues)
        add("PARSE_ERROR", Severity::Error, {}, 0, std::nullopt, std::nullopt,
            fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line, i.expected,
                        i.got),
            i.line);
      if (h_.issues.empty())
        add("PARSE_ERROR", Severity::Error, {}, 0, std::nullopt, std::nullopt,
            fmt::format("{}:{}: hand could not be read", h_.source.file, h_.source.line),
            h_.source.line);
      return std::move(r_);
    }
    for (const ParseIssue& i : h_.issues)
      add("UNRECOGNISED_LINE", Severity::Warning, {}, 0, std::nullopt, std::nullopt,
          fmt::format("{}:{}: expected {}; got \"{}\"", h_.source.file, i.line, i.expected, i.got),
          i.line);
    for (const Seat& s : h_.seats) {
      PlayerState p;
      p.seat = s.seat;
      p.player = s.player;
      p.start = p.stack = s.stack;
      players_.emplace(s.seat, std::move(p));
    }
    replay();
    if (h_.cancelled) {
      add("HAND_CANCELLED", Severity::Info, {}, 0, std::nullopt, std::nullopt,
          "the site cancelled this hand; money checks skipped", 0);
      fill_players();
      return std::move(r_);
    }
    check_uncalled();
    build();
    check_totals();
    // The house's take from the pots: the rake and the fees (jackpot, bingo, ...).
    attribute_rake(r_.pots, effective_rake() + h_.fee_total());
    check_pots_and_payouts();
    check_summary();
    check_showdown();
    fill_players();
    return std::move(r_);
  }

 private:
  std::string amt(Money m) const { return format_amount(m, h_.unit); }

  void add(std::string code, Severity sev, std::optional<Street> street, int seat,
           std::optional<Money> expected, std::optional<Money> actual, std::string message,
           std::uint32_t line) {
    Finding f;
    f.code = std::move(code);
    f.severity = sev;
    f.street = street;
    f.seat = seat;
    if (seat) {
      auto it = players_.find(seat);
      if (it != players_.end()) f.player = it->second.player;
    }
    f.expected = expected;
    f.actual = actual;
    f.message = std::move(message);
    f.line = line;
    r_.findings.push_back(std::move(f));
  }

  PlayerState* player(const Event& e) {
    auto it = players_.find(e.seat);
    if (it != players_.end()) return &it->second;
    add("UNKNOWN_SEAT", Severity::Error, e.street, e.seat, std::nullopt, std::nullopt,
        fmt::format("line {}: {} by seat {} which has no seat line", e.line,
                    event_kind_name(e.kind), e.seat),
        e.line);
    return nullptr;
  }

  // Moves chips from a stack into the pot; `live` is the part that counts as a bet this round.
  void put(PlayerState& p, const Event& e, Money chips, Money live) {
    if (chips > p.stack) {
      add("BET_EXCEEDS_STACK", Severity::Error, e.street, p.seat, p.stack, chips,
          fmt::format("line {}: {} puts in {} with only {} behind", e.line, p.player, amt(chips),
                      amt(p.stack)),
          e.line);
    }
    p.stack -= chips;
    p.gross += chips;
    p.street_bet += live;
    max_bet_ = std::max(max_bet_, p.street_bet);
    if (e.all_in && p.stack > 0) {
      add("ALL_IN_MISMATCH", Severity::Warning, e.street, p.seat, 0, p.stack,
          fmt::format("line {}: the site says {} is all-in, but {} is left behind", e.line,
                      p.player, amt(p.stack)),
          e.line);
    }
  }

  // The street total a call must reach. After a big blind all-in for less than the full blind,
  // callers still owe the full blind while someone else could still match it; once every other
  // player in the hand is all-in, matching the largest bet made is enough (PokerStars tournament
  // hands 75726253875 and 25234313412).
  Money to_call(const PlayerState& caller) const {
    if (blind_floor_ <= max_bet_) return max_bet_;
    if (h_.full_big_blind_always_owed) return blind_floor_;
    for (const auto& [seat, p] : players_)
      if (seat != caller.seat && !p.folded && p.stack > 0) return blind_floor_;
    return max_bet_;
  }

  void new_round(Street s) {
    Street round = s == Street::Setup ? Street::Preflop : s;
    if (round == round_) return;
    check_round_closed(s);
    round_ = round;
    max_bet_ = 0;
    blind_floor_ = 0;
    last_full_raise_ = h_.big_blind;
    raise_base_ = 0;
    bets_this_round_ = 0;
    contenders_at_start_ = 0;
    for (const auto& [seat, p] : players_)
      if (!p.folded && p.stack > 0 && dealt_in_.count(seat)) ++contenders_at_start_;
    for (auto& [seat, p] : players_) {
      p.street_bet = 0;
      p.may_raise = true;
    }
  }

  // A betting round ends only when every player still able to bet has matched the largest bet
  // (rule text 000: the round ends when all have put in the same amount or folded). Checked
  // when the next round's first action comes; players all-in or folded are done already.
  void check_round_closed(Street next) {
    if (round_ == Street::Setup || !order_checked()) return;
    int able = 0;
    for (int seat : dealt_in_) {
      auto it = players_.find(seat);
      if (it != players_.end() && !it->second.folded && it->second.stack > 0) ++able;
    }
    for (int seat : dealt_in_) {
      auto it = players_.find(seat);
      if (it == players_.end()) continue;
      const PlayerState& p = it->second;
      if (p.folded || p.stack == 0) continue;
      const Money owed = to_call(p) - p.street_bet;
      // Alone with chips against all-in players, a player need not match a bet nobody made.
      if (owed > 0 && (able > 1 || p.street_bet < max_bet_)) {
        add("ROUND_NOT_CLOSED", Severity::Warning, next, p.seat, to_call(p), p.street_bet,
            fmt::format("the {} round ended with {} {} short of the bet, yet {} was dealt",
                        street_name(round_), p.player, amt(owed), street_name(next)),
            0);
      }
    }
  }

  void replay() {
    find_dealt_in();
    for (const Event& e : h_.events) {
      switch (e.kind) {
        case EventKind::PostAnte:
        case EventKind::PostDead:
        case EventKind::PostSmallBlind:
        case EventKind::PostBigBlind:
        case EventKind::PostBothBlinds:
        case EventKind::PostStraddle:
        case EventKind::PostButtonBlind:
        case EventKind::BringIn:
        case EventKind::Call:
        case EventKind::Bet:
        case EventKind::Raise:
        case EventKind::Fold:
        case EventKind::Check:
          if (is_betting_round(e.street)) new_round(e.street);
          break;
        default:
          break;
      }
      PlayerState* p = nullptr;
      const Money max_before = max_bet_;
      if (is_action(e.kind) && is_betting_round(e.street)) {
        PlayerState* actor = player(e);
        if (actor) check_turn(e, *actor);
        if (actor && !check_legality(e, *actor)) continue;
      }
      note_blind(e);
      check_forced_bet(e);
      switch (e.kind) {
        case EventKind::PostAnte:
          if ((p = player(e))) put(*p, e, e.amount, 0);
          break;
        case EventKind::PostDead:
          if ((p = player(e))) {
            put(*p, e, e.amount, 0);
            p->dead += e.amount;
          }
          break;
        case EventKind::PostBigBlind:
          if ((p = player(e))) {
            put(*p, e, e.amount, e.amount);
            // A big blind all-in for less still sets the full big blind to call. (In fixed-limit
            // headers the stakes are the bet sizes, not the blinds, so this is for big-bet games.)
            // (888 never prints "all-in": an empty stack says it.)
            if ((e.all_in || p->stack == 0) && h_.structure != Structure::FixedLimit)
              blind_floor_ = std::max(blind_floor_, h_.big_blind);
          }
          break;
        case EventKind::PostSmallBlind:
        case EventKind::PostStraddle:
        case EventKind::PostButtonBlind:
        case EventKind::BringIn:
        case EventKind::Bet:
          if ((p = player(e))) put(*p, e, e.amount, e.amount);
          break;
        case EventKind::PostBothBlinds:
          if ((p = player(e))) {
            put(*p, e, e.amount, e.amount - e.dead);
            p->dead += e.dead;
          }
          break;
        case EventKind::Call:
          if ((p = player(e))) {
            Money owed = std::min(to_call(*p) - p->street_bet, p->stack);
            if (e.amount != owed) {
              add("WRONG_CALL_AMOUNT", Severity::Error, e.street, p->seat, owed, e.amount,
                  fmt::format("line {}: {} calls {} but the call is {}", e.line, p->player,
                              amt(e.amount), amt(owed)),
                  e.line);
            }
            put(*p, e, e.amount, e.amount);
          }
          break;
        case EventKind::Raise:
          if ((p = player(e))) {
            Money chips = e.to - p->street_bet;
            // PokerStars counts the increment from the largest bet made, even when a short
            // all-in big blind means callers owe more (tournament hand 16652117062).
            const Money facing = max_bet_;
            if (e.raise_by != 0 && e.raise_by != e.to - facing) {
              add("RAISE_INCREMENT_MISMATCH", Severity::Warning, e.street, p->seat, e.to - facing,
                  e.raise_by,
                  fmt::format("line {}: {} raises {} to {} but the bet to beat was {}", e.line,
                              p->player, amt(e.raise_by), amt(e.to), amt(facing)),
                  e.line);
            }
            put(*p, e, chips, chips);
          }
          break;
        case EventKind::Fold:
          if ((p = player(e))) p->folded = true;
          break;
        case EventKind::UncalledReturned:
          if ((p = player(e))) {
            p->returned += e.amount;
            p->stack += e.amount;
            returned_lines_[p->seat] = e.line;
          }
          break;
        case EventKind::Collected:
          if ((p = player(e))) {
            p->collected += e.amount;
            collections_.push_back({p->seat, e.pot_index, e.amount, e.line, false});
          }
          break;
        case EventKind::CashedOut:
          if ((p = player(e))) {
            p->cashed = true;
            p->cashed_out += e.amount;
          }
          break;
        default:
          break;
      }
      if (p && is_betting_round(e.street)) after_action(e, *p, max_before);
    }
  }

  // --- order of action ---------------------------------------------------------------------
  // Flop and draw games: pre-flop the action starts left of the big blind (or of the last
  // straddle, or of the button blind), on later rounds left of the button, and goes round
  // clockwise (rising seat numbers) past players who folded, are all-in or were not dealt in.
  // Heads-up this makes the button act first pre-flop and last after, as the rules say. Stud
  // (the bring-in and the best hand showing decide) is not checked yet.
  bool order_checked() const { return !h_.game.empty() && !is_stud(); }

  void find_dealt_in() {
    for (const Event& e : h_.events) {
      if (e.seat == 0) continue;
      switch (e.kind) {
        case EventKind::PostSmallBlind:
        case EventKind::PostBigBlind:
        case EventKind::PostBothBlinds:
        case EventKind::PostStraddle:
        case EventKind::PostButtonBlind:
        case EventKind::PostDead:
        case EventKind::PostAnte:
        case EventKind::Fold:
        case EventKind::Check:
        case EventKind::Call:
        case EventKind::Bet:
        case EventKind::Raise:
          dealt_in_.insert(e.seat);
          break;
        default:
          break;
      }
    }
  }

  // Big-bet games: blinds are the sizes of the stakes (fixed-limit stakes are bet sizes, whose
  // blinds differ per site: not checked). A player short of the blind posts all they have.
  void check_forced_bet(const Event& e) {
    if (h_.structure != Structure::NoLimit && h_.structure != Structure::PotLimit) return;
    Money expected = 0;
    const char* what = "";
    switch (e.kind) {
      case EventKind::PostSmallBlind:
        expected = h_.small_blind, what = "small blind";
        break;
      case EventKind::PostBigBlind:
        expected = h_.big_blind, what = "big blind";
        break;
      case EventKind::PostBothBlinds:
        expected = h_.small_blind + h_.big_blind, what = "small and big blind";
        break;
      default:
        return;
    }
    if (expected <= 0 || e.amount == expected) return;
    auto it = players_.find(e.seat);
    // All-in for less: the post takes the whole stack (checked before the replay applies it).
    if (e.amount < expected && it != players_.end() && it->second.stack <= e.amount) return;
    add("WRONG_FORCED_BET", Severity::Warning, Street::Setup, e.seat, expected, e.amount,
        fmt::format("line {}: {} posts {} as {}; the stakes say {}", e.line,
                    it == players_.end() ? std::string("seat") : it->second.player, amt(e.amount),
                    what, amt(expected)),
        e.line);
  }

  void note_blind(const Event& e) {
    Street round = e.street == Street::Setup ? Street::Preflop : e.street;
    if (round != Street::Preflop) return;
    if (e.kind == EventKind::PostBigBlind && preflop_anchor_ == 0) preflop_anchor_ = e.seat;
    if (e.kind == EventKind::PostStraddle || e.kind == EventKind::PostButtonBlind)
      preflop_anchor_ = e.seat;
  }

  // The next seat clockwise after `from` that still has a decision to make.
  int next_to_act(int from) const {
    int best = 0, first = 0;
    for (int seat : dealt_in_) {
      auto it = players_.find(seat);
      if (it == players_.end() || it->second.folded || it->second.stack == 0) continue;
      if (first == 0) first = seat;
      if (seat > from && best == 0) best = seat;
    }
    return best ? best : first;
  }

  void check_turn(const Event& e, const PlayerState& p) {
    if (!order_checked() || e.street == Street::Setup) return;
    if (e.street != turn_round_) {
      turn_round_ = e.street;
      const bool preflop = e.street == Street::Preflop || e.street == Street::Setup;
      last_actor_ = preflop ? preflop_anchor_ : h_.button_seat;
      if (last_actor_ == 0) return;  // no big blind or no button: the start is unknown
    }
    if (last_actor_ == 0) return;
    const int expected = next_to_act(last_actor_);
    // Folding ahead of one's turn is how sites print players sitting out or timing out (888
    // prints them before the deal): not reported, and the turn stays where it was.
    if (e.kind == EventKind::Fold && expected != p.seat) return;
    if (expected != 0 && expected != p.seat && !p.folded && p.stack > 0) {
      add("OUT_OF_TURN", Severity::Warning, e.street, p.seat, expected, p.seat,
          fmt::format("line {}: {} acts in seat {}, but it is seat {}'s turn", e.line, p.player,
                      p.seat, expected),
          e.line);
    }
    last_actor_ = p.seat;
  }

  // --- fixed limit ---------------------------------------------------------------------------
  bool is_stud() const { return h_.game.find("Stud") != std::string::npos || h_.game == "Razz"; }

  // The bet of a round: the small bet early, the big bet late (rule text 003: "20/40" hold'em;
  // stud from 5th street; single draw after the draw; triple draw after the second draw).
  Money bet_unit(Street street) const {
    const bool single_draw = h_.game == "5 Card Draw" || h_.game == "2-7 Single Draw";
    bool late = false;
    switch (street) {
      case Street::Setup:
      case Street::Preflop:
        late = false;
        break;
      case Street::Flop:
        late = single_draw;
        break;
      default:
        late = true;
        break;
    }
    return late ? h_.big_bet : h_.small_bet;
  }

  // Fixed limit: every bet and raise is exactly one bet of the round (all-in for less excepted;
  // in stud the first bet completes the bring-in to a small bet, and on 4th street an open pair
  // allows the big bet), and a round allows a bet and three raises unless only two players are in.
  void check_fixed_limit(const Event& e, const PlayerState& p) {
    const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
    const bool all_in = chips >= p.stack;
    auto expected_with = [&](Money unit) { return max_bet_ < unit ? unit : max_bet_ + unit; };
    const Money unit = bet_unit(e.street);
    Money expected = expected_with(unit);
    if (is_stud() && e.street == Street::Flop && e.to == expected_with(h_.big_bet))
      expected = e.to;  // a double bet on 4th street (legal with an open pair)
    if (!all_in && e.to != expected) {
      const bool over = e.to > expected;
      add(over ? "BET_ABOVE_LIMIT"
               : (e.kind == EventKind::Bet ? "BET_BELOW_MINIMUM" : "RAISE_BELOW_MINIMUM"),
          Severity::Warning, e.street, p.seat, expected, e.to,
          fmt::format("line {}: {} goes to {}; the fixed limit is {}", e.line, p.player, amt(e.to),
                      amt(expected)),
          e.line);
    }
    if (bets_this_round_ >= 4 && contenders_at_start_ > 2) {
      add("RAISE_CAP_EXCEEDED", Severity::Warning, e.street, p.seat, 4, bets_this_round_ + 1,
          fmt::format("line {}: {} raises after a bet and three raises (the cap)", e.line,
                      p.player),
          e.line);
    }
  }

  static bool is_action(EventKind k) {
    return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
           k == EventKind::Bet || k == EventKind::Raise;
  }

  bool big_bet_game() const {
    return h_.structure == Structure::NoLimit || h_.structure == Structure::PotLimit ||
           h_.structure == Structure::Mixed;
  }

  // The betting rules an action must follow, checked before it changes anything (rule texts
  // 000: procedure, 002: no-limit and pot-limit). Returns false when the action is not
  // replayed (a folded player calling or raising has no chips in play). Never repairs: every
  // other action is replayed as printed.
  bool check_legality(const Event& e, const PlayerState& p) {
    if (p.folded) {
      add("ACTION_AFTER_FOLD", Severity::Warning, e.street, p.seat, std::nullopt, std::nullopt,
          fmt::format("line {}: {} {} after folding", e.line, p.player, event_kind_name(e.kind)),
          e.line);
      return e.kind != EventKind::Fold;
    }
    // A player all-in has no decisions left; PokerStars does print a fold for one sitting out.
    if (p.stack == 0 && p.gross > 0 && e.kind != EventKind::Fold) {
      add("ACTION_AFTER_ALL_IN", Severity::Warning, e.street, p.seat, std::nullopt, std::nullopt,
          fmt::format("line {}: {} {} while all-in", e.line, p.player, event_kind_name(e.kind)),
          e.line);
      return true;
    }
    if (e.kind == EventKind::Check && p.street_bet < to_call(p)) {
      add("ILLEGAL_CHECK", Severity::Warning, e.street, p.seat, to_call(p) - p.street_bet, 0,
          fmt::format("line {}: {} checks facing a bet of {}", e.line, p.player, amt(to_call(p))),
          e.line);
    }
    if (h_.structure == Structure::FixedLimit && h_.small_bet > 0 &&
        (e.kind == EventKind::Bet || e.kind == EventKind::Raise)) {
      check_fixed_limit(e, p);
      return true;
    }
    if (!big_bet_game() || (e.kind != EventKind::Bet && e.kind != EventKind::Raise)) return true;
    const Money chips = e.kind == EventKind::Bet ? e.amount : e.to - p.street_bet;
    const bool all_in = chips >= p.stack;
    if (e.kind == EventKind::Bet && max_bet_ == 0) {
      if (!all_in && e.amount < h_.big_blind) {
        add("BET_BELOW_MINIMUM", Severity::Warning, e.street, p.seat, h_.big_blind, e.amount,
            fmt::format("line {}: {} bets {}, less than the big blind {}", e.line, p.player,
                        amt(e.amount), amt(h_.big_blind)),
            e.line);
      }
    } else {
      const Money min_to = max_bet_ + last_full_raise_;
      if (!all_in && e.to < min_to) {
        add("RAISE_BELOW_MINIMUM", Severity::Warning, e.street, p.seat, min_to, e.to,
            fmt::format("line {}: {} raises to {}; the smallest raise is to {}", e.line, p.player,
                        amt(e.to), amt(min_to)),
            e.line);
      }
      if (!p.may_raise) {
        add("RAISE_NOT_REOPENED", Severity::Warning, e.street, p.seat, std::nullopt, e.to,
            fmt::format("line {}: {} re-raises though only a short all-in raised since their "
                        "last action",
                        e.line, p.player),
            e.line);
      }
    }
    if (h_.structure == Structure::PotLimit) {
      // Pot limit: at most the pot after calling ("(3L + T) + S" in the rule text).
      Money pot = 0;
      for (const auto& [seat, q] : players_) pot += q.gross;
      const Money call = max_bet_ - p.street_bet;
      const Money max_to = max_bet_ + pot + call;
      if (e.to > max_to) {
        add("BET_ABOVE_LIMIT", Severity::Warning, e.street, p.seat, max_to, e.to,
            fmt::format("line {}: {} goes to {}; pot limit allows {}", e.line, p.player, amt(e.to),
                        amt(max_to)),
            e.line);
      }
    }
    return true;
  }

  // Who may still raise after an action: a full bet or raise reopens the betting for everyone
  // else; a short all-in does not, unless short all-ins together reach a full raise.
  void after_action(const Event& e, PlayerState& p, Money max_before) {
    switch (e.kind) {
      case EventKind::PostBigBlind:
        last_full_raise_ = std::max(last_full_raise_, h_.big_blind);
        raise_base_ = max_bet_;
        bets_this_round_ = 1;  // the big blind is the round's first bet
        return;
      case EventKind::PostStraddle:
        // A straddle sets the minimum raise but is not a raise: everyone keeps the option.
        last_full_raise_ = std::max(last_full_raise_, e.to);
        raise_base_ = max_bet_;
        return;
      case EventKind::Bet:
      case EventKind::Raise: {
        ++bets_this_round_;
        const Money increment = e.to - max_before;
        if (increment >= last_full_raise_ || e.to - raise_base_ >= last_full_raise_) {
          if (increment >= last_full_raise_) last_full_raise_ = increment;
          raise_base_ = e.to;
          for (auto& [seat, q] : players_) q.may_raise = true;
        }
        p.may_raise = false;
        return;
      }
      case EventKind::Call:
      case EventKind::Check:
      case EventKind::Fold:
        p.may_raise = false;
        return;
      default:
        return;
    }
  }

  void check_uncalled() {
    // The uncalled part of the largest contribution is what exceeds the second largest. Dead
    // blinds are left out on both sides: they are in the pot whatever happens. Antes are not: a
    // player all-in for less than the ante leaves the rest of the others' antes uncalled
    // (PokerStars tournament hand 71348201941 returns 124 = 24 of ante + the 100 big blind).
    const PlayerState* top = nullptr;
    Money second = 0;
    auto live = [](const PlayerState& p) { return p.gross - p.dead; };
    for (const auto& [seat, p] : players_) {
      if (!top || live(p) > live(*top)) {
        if (top) second = std::max(second, live(*top));
        top = &p;
      } else {
        second = std::max(second, live(p));
      }
    }
    if (!top) return;
    Money expected_top = std::max<Money>(0, live(*top) - second);
    bool any_printed = false;
    for (const auto& [seat, p] : players_) any_printed |= p.returned != 0;
    Money gross_total = 0;
    for (const auto& [seat, p] : players_) gross_total += p.gross;
    if (h_.uncalled_style == UncalledStyle::InCollection) {
      returned_in_collection(players_.at(top->seat), expected_top);
      return;
    }
    if (h_.uncalled_style == UncalledStyle::Silent && expected_top > 0) {
      // The money tells which way it came back: if the collections hold more than the pots
      // can pay without the excess, it is inside the bettor's collection; otherwise it went
      // back to the stack unprinted.
      PlayerState& p = players_.at(top->seat);
      Money collected = 0;
      for (const Collection& c : collections_) collected += c.amount;
      const Money last = last_collection_of(p.seat);
      if (collected > gross_total - expected_top && last >= expected_top) {
        returned_in_collection(p, expected_top);
      } else {
        p.returned = expected_top;
        p.stack += expected_top;
        add("UNCALLED_BET_NOT_PRINTED", Severity::Info, std::nullopt, p.seat, expected_top, 0,
            fmt::format("the site prints no uncalled bets; {} went back to {}", amt(expected_top),
                        p.player),
            0);
      }
      return;
    }
    // Old PokerStars exports (up to 2007 in the corpus) print no "Uncalled bet" line: the excess
    // goes back silently and the total pot leaves it out. Accept that only for hands before 2008
    // and only when the printed total agrees; later a missing line is an error.
    const bool old_export = !h_.started_at_utc.empty() && h_.started_at_utc < "2008";
    if (!any_printed && old_export && expected_top > 0 && h_.total_pot &&
        *h_.total_pot == gross_total - expected_top + h_.site_added) {
      PlayerState& p = players_.at(top->seat);
      p.returned = expected_top;
      p.stack += expected_top;
      add("UNCALLED_BET_NOT_PRINTED", Severity::Info, std::nullopt, p.seat, expected_top, 0,
          fmt::format("no \"Uncalled bet\" line; the total pot shows {} went back to {}",
                      amt(expected_top), p.player),
          0);
      return;
    }
    for (const auto& [seat, p] : players_) {
      Money expected = &p == top ? expected_top : 0;
      if (p.returned == expected) continue;
      auto line_it = returned_lines_.find(seat);
      add("UNCALLED_BET_MISMATCH", Severity::Error, std::nullopt, seat, expected, p.returned,
          fmt::format("{} should get {} back uncalled; the site returned {}", p.player,
                      amt(expected), amt(p.returned)),
          line_it == returned_lines_.end() ? 0 : line_it->second);
    }
  }

  Money last_collection_of(int seat) const {
    const Collection* last = nullptr;
    for (const Collection& c : collections_)
      if (c.seat == seat && (!last || c.pot_index >= last->pot_index)) last = &c;
    return last ? last->amount : 0;
  }

  // Sites that never print the uncalled part pay it back inside the bettor's collection (from
  // the last pot they won): take it out of that collection so the pots are checked on what they
  // hold. If the bettor collected less than the excess, the site kept money that was theirs.
  void returned_in_collection(PlayerState& p, Money excess) {
    if (excess <= 0) return;
    Collection* last = nullptr;
    for (Collection& c : collections_)
      if (c.seat == p.seat && (!last || c.pot_index >= last->pot_index)) last = &c;
    if (!last || last->amount < excess) {
      add("UNCALLED_BET_MISMATCH", Severity::Error, std::nullopt, p.seat, excess,
          last ? last->amount : 0,
          fmt::format("{} should get {} back uncalled inside a collection, but collected {}",
                      p.player, amt(excess), amt(last ? last->amount : 0)),
          last ? last->line : 0);
      return;
    }
    last->amount -= excess;
    last->moved_excess = true;
    p.collected -= excess;
    p.returned += excess;
    p.stack += excess;
    p.excess_in_collection += excess;
    excess_in_collection_ += excess;
    add("UNCALLED_BET_IN_COLLECTION", Severity::Info, std::nullopt, p.seat, excess, excess,
        fmt::format("line {}: {} of {}'s collection is the uncalled part of the bet, not a pot",
                    last->line, amt(excess), p.player),
        last->line);
  }

  void build() {
    std::vector<PotInput> in;
    for (const auto& [seat, p] : players_) {
      Money net = p.gross - p.returned;
      in.push_back({seat, net, p.folded, p.stack == 0 && net > 0, std::min(p.dead, net)});
      r_.total_contributed += net;
    }
    r_.pots = build_pots(in);
    // Money the site itself adds (Splash the Pot, Cash Drop) goes to the main pot.
    const Money extra = h_.site_added;
    if (r_.pots.empty() && extra > 0) {
      BuiltPot pot;
      for (const auto& [seat, p] : players_)
        if (!p.folded) pot.eligible.push_back(seat);
      r_.pots.push_back(std::move(pot));
    }
    if (!r_.pots.empty()) r_.pots.front().amount += extra;
    for (const auto& c : collections_) r_.total_collected += c.amount;
  }

  void check_totals() {
    const Money pot = r_.total_contributed + h_.site_added;
    const Money fees = h_.fee_total();
    // Where the uncalled part is paid inside a collection, the site counts it in its total pot.
    const Money printed_pot = pot + excess_in_collection_;
    if (!h_.total_pot) {
      r_.derived_total_pot = pot;
      add("TOTAL_POT_NOT_PRINTED", Severity::Info, std::nullopt, 0, pot, std::nullopt,
          fmt::format("the site prints no total pot; derived {} from what was put in: "
                      "TOTAL_POT_MISMATCH could not run",
                      amt(pot)),
          0);
    } else if (*h_.total_pot != printed_pot) {
      add("TOTAL_POT_MISMATCH", Severity::Error, std::nullopt, 0, printed_pot, *h_.total_pot,
          fmt::format("players put in {} but the summary says Total pot {}", amt(printed_pot),
                      amt(*h_.total_pot)),
          summary_line());
    }
    const Money paid = r_.total_collected + cashed_pot_total();
    if (!h_.rake) {
      const Money derived =
          (h_.total_pot ? *h_.total_pot - excess_in_collection_ : pot) - paid - fees;
      r_.derived_rake = derived;
      if (derived != 0 && h_.tournament) {
        // Tournaments take their fee with the buy-in, never from a pot: every chip put in must
        // be paid out.
        add("RAKE_MISMATCH", Severity::Error, std::nullopt, 0, 0, derived,
            fmt::format("tournament pot of {} paid out {}: {} unaccounted for", amt(pot),
                        amt(paid + fees), amt(derived)),
            0);
      } else if (derived < 0) {
        add("RAKE_MISMATCH", Severity::Error, std::nullopt, 0, 0, derived,
            fmt::format("{} was paid out of a pot of {}: the derived rake is negative",
                        amt(paid + fees), amt(h_.total_pot.value_or(pot))),
            0);
      } else {
        add("RAKE_NOT_PRINTED", Severity::Info, std::nullopt, 0, derived, std::nullopt,
            fmt::format("the site prints no rake; derived {} (pot less collected and fees): "
                        "CHIPS_NOT_CONSERVED could not run",
                        amt(derived)),
            0);
      }
      return;
    }
    if (*h_.rake < 0) {
      add("RAKE_MISMATCH", Severity::Error, std::nullopt, 0, 0, *h_.rake, "negative rake", 0);
    }
    if (h_.total_pot) {
      const Money derived = *h_.total_pot - excess_in_collection_ - paid - fees;
      if (derived != *h_.rake) {
        add("RAKE_MISMATCH", Severity::Error, std::nullopt, 0, derived, *h_.rake,
            fmt::format("Total pot {} minus {} paid out is {}, but the summary says Rake {}",
                        amt(*h_.total_pot), amt(paid + fees), amt(derived), amt(*h_.rake)),
            summary_line());
      }
    }
    const Money leaves = paid + *h_.rake + fees;
    if (leaves != pot) {
      add("CHIPS_NOT_CONSERVED", Severity::Error, std::nullopt, 0, pot, leaves,
          fmt::format("{} went into the pot but {} came out (collected {}, rake {}, fees {})",
                      amt(pot), amt(leaves), amt(paid), amt(*h_.rake), amt(fees)),
          0);
    }
  }

  // The printed rake, or the derived one where the site prints none.
  Money effective_rake() const { return h_.rake ? *h_.rake : r_.derived_rake.value_or(0); }

  // A player who cashed out is not paid the pot: PokerStars keeps it and prints its amount only
  // on the summary line ("won ($X) ... (pot not awarded as player cashed out)").
  Money cashed_pot_total() const {
    Money total = 0;
    for (const auto& [seat, p] : players_)
      if (p.cashed && p.collected == 0) total += summary_won(seat);
    return total;
  }

  Money summary_won(int seat) const {
    for (const SummarySeat& s : h_.summary)
      if (s.seat == seat) return s.won;
    return 0;
  }

  // The line of the summary's totals, where pot-level findings point.
  std::uint32_t summary_line() const { return h_.totals_line; }

  void check_pots_and_payouts() {
    auto& pots = r_.pots;
    // Printed main and side pots. PokerStars prints them net of rake, but how it splits the rake
    // between pots is not published (real hands fit neither "main pot first" nor an exact
    // proportion): each printed pot must lie between its built amount less the whole rake and its
    // built amount, and together they must equal the built pots less the rake.
    const Money rake = effective_rake() + h_.fee_total();
    if (!h_.reported_pots.empty()) {
      if (h_.reported_pots.size() != pots.size()) {
        add("SIDE_POT_MISMATCH", Severity::Error, std::nullopt, 0, static_cast<Money>(pots.size()),
            static_cast<Money>(h_.reported_pots.size()),
            fmt::format("the rules build {} pots, the summary prints {}", pots.size(),
                        h_.reported_pots.size()),
            summary_line());
      }
      Money printed_sum = 0, built_sum = 0;
      for (const ReportedPot& rp : h_.reported_pots) {
        if (rp.index < 0 || rp.index >= static_cast<int>(pots.size())) continue;
        BuiltPot& bp = pots[rp.index];
        bp.reported_amount = rp.amount;
        printed_sum += rp.amount;
        built_sum += bp.amount;
        Money high = bp.amount;
        Money low = h_.reported_pots_net_of_rake ? bp.amount - rake : bp.amount;
        if (rp.amount > high || rp.amount < low) {
          Money expected = h_.reported_pots_net_of_rake ? bp.amount - bp.rake : bp.amount;
          add("SIDE_POT_MISMATCH", Severity::Error, std::nullopt, 0, expected, rp.amount,
              fmt::format("{} holds {}{}, the summary says {}", pot_name(rp.index), amt(bp.amount),
                          h_.reported_pots_net_of_rake
                              ? fmt::format(" before a rake of {}", amt(rake))
                              : std::string(),
                          amt(rp.amount)),
              summary_line());
        }
      }
      Money expected_sum = h_.reported_pots_net_of_rake ? built_sum - rake : built_sum;
      if (h_.reported_pots.size() == pots.size() && printed_sum != expected_sum) {
        add("SIDE_POT_MISMATCH", Severity::Error, std::nullopt, 0, expected_sum, printed_sum,
            fmt::format("the printed pots add up to {}, the built pots{} to {}", amt(printed_sum),
                        h_.reported_pots_net_of_rake ? " less rake" : "", amt(expected_sum)),
            summary_line());
      }
      // Where the site printed each pot net of rake and every one is plausible, that is the rake
      // split it used; otherwise keep the proportional one, which adds up to the rake.
      bool adopt = h_.reported_pots_net_of_rake && h_.reported_pots.size() == pots.size() &&
                   printed_sum == expected_sum;
      for (const BuiltPot& bp : pots)
        adopt = adopt && bp.reported_amount && *bp.reported_amount <= bp.amount;
      if (adopt)
        for (BuiltPot& bp : pots) bp.rake = bp.amount - *bp.reported_amount;
    }
    // Collections per pot. When any collection says only "from pot" while the rules build
    // several pots, or a cashed-out pot is involved, only the total can be compared.
    bool attributable = true;
    for (const auto& c : collections_)
      if (c.pot_index < 0 && pots.size() > 1) attributable = false;
    pots_attributable_ = attributable;
    std::map<int, Money> paid;
    for (const auto& c : collections_) {
      if (c.amount == 0 && c.moved_excess) continue;  // it was all the uncalled part
      int index = c.pot_index < 0 ? 0 : c.pot_index;
      paid[index] += c.amount;
      if (index >= static_cast<int>(pots.size())) {
        add("PAYOUT_MISMATCH", Severity::Error, Street::Showdown, c.seat, 0, c.amount,
            fmt::format("line {}: collected from {} which the rules do not build", c.line,
                        pot_name(index)),
            c.line);
        continue;
      }
      if (!attributable) {
        // Which pot is not said; the collector must at least be eligible for one of them.
        bool eligible_somewhere = false;
        for (const BuiltPot& bp : pots)
          eligible_somewhere |=
              std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) != bp.eligible.end();
        if (!eligible_somewhere) {
          add("PAYOUT_MISMATCH", Severity::Error, Street::Showdown, c.seat, 0, c.amount,
              fmt::format("line {}: {} collects {} but is eligible for no pot", c.line,
                          players_.at(c.seat).player, amt(c.amount)),
              c.line);
        }
        for (BuiltPot& bp : pots)
          if (std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) != bp.eligible.end() &&
              std::find(bp.winners.begin(), bp.winners.end(), c.seat) == bp.winners.end())
            bp.winners.push_back(c.seat);
        continue;
      }
      BuiltPot& bp = pots[index];
      if (std::find(bp.winners.begin(), bp.winners.end(), c.seat) == bp.winners.end())
        bp.winners.push_back(c.seat);
      if (std::find(bp.eligible.begin(), bp.eligible.end(), c.seat) == bp.eligible.end()) {
        add("PAYOUT_MISMATCH", Severity::Error, Street::Showdown, c.seat, 0, c.amount,
            fmt::format("line {}: {} collects {} from {} but is not eligible for it", c.line,
                        players_.at(c.seat).player, amt(c.amount), pot_name(index)),
            c.line);
      }
    }
    for (const auto& [seat, p] : players_) {
      if (p.cashed && p.collected == 0 && summary_won(seat) > 0 && !pots.empty()) {
        paid[0] += summary_won(seat);
        if (pots.size() > 1) attributable = false;
        pots[0].winners.push_back(seat);
      }
    }
    if (!attributable) {
      pots_attributable_ = false;
      Money total_paid = 0, total_net = 0;
      for (auto& [i, m] : paid) total_paid += m;
      for (const BuiltPot& bp : pots) total_net += bp.amount - bp.rake;
      if (total_paid != total_net)
        add("PAYOUT_MISMATCH", Severity::Error, Street::Showdown, 0, total_net, total_paid,
            fmt::format("pots net of rake hold {} but {} was collected", amt(total_net),
                        amt(total_paid)),
            0);
      return;
    }
    for (const BuiltPot& bp : pots) {
      Money expected = bp.amount - bp.rake;
      Money got = paid.count(bp.index) ? paid[bp.index] : 0;
      if (got != expected) {
        add("PAYOUT_MISMATCH", Severity::Error, Street::Showdown, 0, expected, got,
            fmt::format("{} holds {} after rake but {} was collected from it", pot_name(bp.index),
                        amt(expected), amt(got)),
            0);
      }
    }
  }

  // How a game's showdown is judged: which cards make a hand, and whether the pot goes to the
  // best high hand, the best low, or is split between them.
  struct ShowdownRules {
    int hole{0};           // cards a player shows (stud: all seven; draw: the final five)
    bool board{false};     // community cards
    bool omaha{false};     // exactly two hole cards and three board cards
    bool high{false};      // the best high hand wins (its half, in hi/lo)
    bool low_a5_8{false};  // half to the best ace-to-five low of eight or better
    bool razz{false};      // the best ace-to-five low wins, no qualifier
    bool deuce_seven{false};
  };

  std::optional<ShowdownRules> showdown_rules() const {
    const std::string& g = h_.game;
    ShowdownRules r;
    if (g == "Hold'em")
      r = {2, true, false, true};
    else if (g == "Omaha")
      r = {4, true, true, true};
    else if (g == "5 Card Omaha" || g == "Courchevel")
      r = {5, true, true, true};
    else if (g == "6 Card Omaha")
      r = {6, true, true, true};
    else if (g == "Omaha Hi/Lo")
      r = {4, true, true, true, true};
    else if (g == "5 Card Omaha Hi/Lo" || g == "Courchevel Hi/Lo")
      r = {5, true, true, true, true};
    else if (g == "7 Card Stud")
      r = {7, false, false, true};
    else if (g == "7 Card Stud Hi/Lo")
      r = {7, false, false, true, true};
    else if (g == "Razz")
      r = {7, false, false, false, false, true};
    else if (g == "5 Card Draw")
      r = {5, false, false, true};
    else if (g == "2-7 Single Draw" || g == "2-7 Triple Draw")
      r = {5, false, false, false, false, false, true};
    else
      return std::nullopt;  // badugi, short deck (a flush beats a full house), split hold'em
    return r;
  }

  // Who should have won each contested pot, where the cards say it: every contender showed and
  // the game's rules are known (rule text 004: hand ranking, split pots, eight-or-better).
  // Run-it-twice boards and cash-outs are not judged.
  void check_showdown() {
    const auto rules = showdown_rules();
    if (!rules) return;
    std::vector<Card> board;
    std::map<int, std::vector<Card>> holes;
    for (const Event& e : h_.events) {
      if (e.kind == EventKind::Board) {
        if (e.board_index != 0) return;  // run it twice: each board decides its share
        auto cards = parse_cards(e.cards);
        if (!cards) return;
        board.insert(board.end(), cards->begin(), cards->end());
      } else if ((e.kind == EventKind::Shows || (rules->board && e.kind == EventKind::DealtHole)) &&
                 e.seat) {
        // Flop games: the hole cards, dealt or shown. Stud and draw: only what is shown at the
        // end is the whole hand.
        auto cards = parse_cards(e.cards);
        if (cards && static_cast<int>(cards->size()) == rules->hole) holes[e.seat] = *cards;
      } else if (e.kind == EventKind::CashedOut) {
        return;  // the pot went to the site, not to a hand
      }
    }
    if (rules->board && board.size() != 5) return;
    for (const BuiltPot& bp : r_.pots) {
      if (bp.eligible.size() < 2) continue;
      std::vector<int> unknown;
      std::map<int, HandValue> high, low;
      for (int seat : bp.eligible) {
        auto it = holes.find(seat);
        if (it == holes.end()) {
          unknown.push_back(seat);
          continue;
        }
        const std::vector<Card>& cards = it->second;
        if (rules->high) {
          if (rules->omaha) {
            high[seat] = best_omaha(cards, board);
          } else {
            std::vector<Card> all = cards;
            all.insert(all.end(), board.begin(), board.end());
            high[seat] = best_of(all);
          }
        }
        if (rules->low_a5_8) {
          HandValue v = rules->omaha ? best_omaha_low_a5(cards, board) : best_low_a5(cards);
          if (qualifies_8(v)) low[seat] = v;
        }
        if (rules->razz) low[seat] = best_low_a5(cards);
        if (rules->deuce_seven) low[seat] = low_27(cards.data());
      }
      if (!unknown.empty()) {
        add("SHOWDOWN_NOT_EVALUATED", Severity::Info, Street::Showdown, 0, std::nullopt,
            std::nullopt,
            fmt::format("{}: {} of {} contenders' cards were not shown; the winner is not judged",
                        pot_name(bp.index), unknown.size(), bp.eligible.size()),
            0);
        continue;
      }
      if (!pots_attributable_ && r_.pots.size() > 1) continue;  // who won which pot is not said
      auto best_of_map = [](const std::map<int, HandValue>& m) {
        HandValue best = 0;
        for (const auto& [seat, v] : m) best = std::max(best, v);
        std::vector<int> seats;
        for (const auto& [seat, v] : m)
          if (v == best) seats.push_back(seat);
        return seats;
      };
      const std::vector<int> best_high = best_of_map(high), best_low = best_of_map(low);
      std::vector<int> expected = best_high;
      std::string what;
      if (!high.empty()) what = category_name(category_of(high.at(best_high.front())));
      if (!low.empty()) {
        for (int seat : best_low)
          if (std::find(expected.begin(), expected.end(), seat) == expected.end())
            expected.push_back(seat);
        what += what.empty() ? "the best low" : " and the best low";
      } else if (rules->low_a5_8) {
        what += ", no low of eight or better";
      }
      std::sort(expected.begin(), expected.end());
      std::vector<int> actual = bp.winners;
      std::sort(actual.begin(), actual.end());
      if (!actual.empty() && actual == expected) {
        check_split(bp, best_high, best_low);
        continue;
      }
      if (actual.empty()) continue;
      // What the best hand(s) got from this pot, against the pot net of rake.
      Money got = 0;
      for (const Collection& c : collections_) {
        int index = c.pot_index < 0 ? 0 : c.pot_index;
        if (index == bp.index &&
            std::find(expected.begin(), expected.end(), c.seat) != expected.end())
          got += c.amount;
      }
      add("WRONG_WINNER", Severity::Error, Street::Showdown, expected.front(), bp.amount - bp.rake,
          got,
          fmt::format("{} went to seat(s) {} but seat(s) {} hold the best hand(s) ({})",
                      pot_name(bp.index), fmt::join(actual, ", "), fmt::join(expected, ", "), what),
          0);
    }
  }

  // The smallest chip in play: the greatest common divisor of every stack and amount of the hand
  // and of the amount to share (a cent at most cash tables, a whole chip in Winamax tournaments
  // whose amounts are printed with cents).
  Money smallest_chip(Money amount) {
    if (!hand_chip_) {  // the hand's part, read once
      Money g = 0;
      for (const Seat& seat : h_.seats) g = std::gcd(g, seat.stack);
      for (const Event& e : h_.events) g = std::gcd(g, e.amount);
      hand_chip_ = g;
    }
    const Money g = std::gcd(amount, *hand_chip_);
    return g > 0 ? g : 1;
  }

  // Seats in the order odd chips go: clockwise from the first seat left of the button.
  std::vector<int> from_button(std::vector<int> seats) const {
    std::sort(seats.begin(), seats.end());
    auto first = std::upper_bound(seats.begin(), seats.end(), h_.button_seat);
    std::rotate(seats.begin(), first, seats.end());
    return seats;
  }

  // Shares `amount` equally between `seats`; the chips left over go one each to the first seats
  // left of the button.
  void share(Money amount, const std::vector<int>& seats, std::map<int, Money>& out) {
    if (seats.empty()) return;
    const Money unit = smallest_chip(amount);
    const Money each = amount / static_cast<Money>(seats.size()) / unit * unit;
    Money left = amount - each * static_cast<Money>(seats.size());
    for (int seat : from_button(seats)) {
      out[seat] += each + (left > 0 ? unit : 0);
      if (left > 0) left -= unit;
    }
  }

  // How a pot with the right winners is divided: equal shares, hi/lo halves (the odd chip to the
  // high half), odd chips to the first winners left of the button. Stud gives odd chips by suit,
  // which is not modelled: there only the shares, not who got the odd chip, are checked.
  void check_split(const BuiltPot& bp, const std::vector<int>& high, const std::vector<int>& low) {
    if (high.size() + low.size() < 2) return;  // one winner: nothing to split
    const Money net = bp.amount - bp.rake;
    std::map<int, Money> expected, paid;
    if (!high.empty() && !low.empty()) {
      const Money low_half = net / 2;
      share(net - low_half, high, expected);
      share(low_half, low, expected);
    } else {
      share(net, high.empty() ? low : high, expected);
    }
    for (const Collection& c : collections_) {
      int index = c.pot_index < 0 ? 0 : c.pot_index;
      if (index == bp.index) paid[c.seat] += c.amount;
    }
    Money total_paid = 0;
    for (const auto& [seat, m] : paid) total_paid += m;
    if (total_paid != net) return;  // PAYOUT_MISMATCH already says the pot was not paid in full
    const bool stud = is_stud();
    const Money odd_chips = static_cast<Money>(expected.size()) * smallest_chip(net);
    for (const auto& [seat, want] : expected) {
      const Money got = paid.count(seat) ? paid[seat] : 0;
      if (got == want) continue;
      const Money off = got > want ? got - want : want - got;
      if (off < odd_chips) {
        if (stud) continue;  // odd chips by suit: not modelled
        add("ODD_CHIP_MISMATCH", Severity::Error, Street::Showdown, seat, want, got,
            fmt::format("{}: {} gets {} of the split, {} with the odd chips going left of the "
                        "button",
                        pot_name(bp.index), players_.at(seat).player, amt(got), amt(want)),
            0);
      } else {
        add("WRONG_WINNER", Severity::Error, Street::Showdown, seat, want, got,
            fmt::format("{}: {} gets {} of a split that gives them {}", pot_name(bp.index),
                        players_.at(seat).player, amt(got), amt(want)),
            0);
      }
    }
  }

  static std::string pot_name(int index) {
    return index == 0 ? std::string("the main pot") : fmt::format("side pot {}", index);
  }

  void check_summary() {
    if (h_.summary.empty()) {
      add("SUMMARY_NOT_PRINTED", Severity::Info, std::nullopt, 0, std::nullopt, std::nullopt,
          "the site prints no per-seat summary: SUMMARY_MISMATCH could not run", 0);
      return;
    }
    std::map<int, const SummarySeat*> by_seat;
    for (const SummarySeat& s : h_.summary) {
      by_seat[s.seat] = &s;
      auto it = players_.find(s.seat);
      if (it == players_.end()) {
        add("SUMMARY_MISMATCH", Severity::Warning, std::nullopt, s.seat, std::nullopt, std::nullopt,
            fmt::format("line {}: summary names seat {} which has no seat line", s.line, s.seat),
            s.line);
        continue;
      }
      if (s.player != it->second.player) {
        add("SUMMARY_MISMATCH", Severity::Warning, std::nullopt, s.seat, std::nullopt, std::nullopt,
            fmt::format("line {}: summary seat {} is \"{}\" but the seat line says \"{}\"", s.line,
                        s.seat, s.player, it->second.player),
            s.line);
      }
    }
    for (const auto& [seat, p] : players_) {
      if (p.cashed && p.collected == 0) continue;  // see cashed_pot_total()
      auto it = by_seat.find(seat);
      Money said = it == by_seat.end() ? 0 : it->second->won;
      // The summary states what the player was paid, an uncalled part inside it included.
      const Money paid = p.collected + p.excess_in_collection;
      if (said != paid) {
        add("SUMMARY_MISMATCH", Severity::Error, std::nullopt, seat, paid, said,
            fmt::format("{} collected {} in the hand but the summary says {}", p.player, amt(paid),
                        amt(said)),
            it == by_seat.end() ? 0 : it->second->line);
      }
    }
  }

  void fill_players() {
    for (const auto& [seat, p] : players_) {
      PlayerResult pr;
      pr.seat = seat;
      pr.player = p.player;
      pr.start_stack = p.start;
      pr.contributed = p.gross - p.returned;
      pr.collected = p.cashed && p.collected == 0 ? p.cashed_out : p.collected;
      r_.players.push_back(std::move(pr));
    }
  }

  struct Collection {
    int seat;
    int pot_index;
    Money amount;
    std::uint32_t line;
    bool moved_excess{false};
  };

  const Hand& h_;
  AuditResult r_;
  std::map<int, PlayerState> players_;
  std::map<int, std::uint32_t> returned_lines_;
  std::vector<Collection> collections_;
  bool pots_attributable_{true};
  std::optional<Money> hand_chip_;  // gcd of the hand's stacks and amounts (smallest_chip)
  Street round_{Street::Setup};
  Money max_bet_{0};
  std::set<int> dealt_in_;  // seats with a forced bet or an action: in the hand
  int preflop_anchor_{0};   // the big blind, straddle or button blind the action starts after
  int last_actor_{0};
  Street turn_round_{Street::Setup};
  Money last_full_raise_{0};  // the minimum raise increment in this round
  int bets_this_round_{0};    // fixed limit: the bet and raises made in this round
  int contenders_at_start_{0};
  Money raise_base_{0};  // the street total of the last full bet or raise
  Money excess_in_collection_{0};
  Money blind_floor_{0};  // the full big blind, when the big blind was posted all-in for less
};

}  // namespace

AuditResult audit_hand(const Hand& hand) { return Auditor(hand).run(); }

}  // namespace hh
