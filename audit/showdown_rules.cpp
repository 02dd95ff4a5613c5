// The showdown rules (see showdown_rules.hpp for each rule and its source): who should win each
// pot by the cards, and how a split pot is divided.
#include "audit/showdown_rules.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <boost/container/small_vector.hpp>
#include <iterator>
#include <numeric>
#include <span>

#include "audit/hand_eval.hpp"

namespace hh::detail {

namespace {

// Stud's odd chip (Robert's Rules of Poker, "Ties"): to the highest card by suit in a high hand,
// to the lowest card by suit in a low one, all the player's cards counted, not only the five of
// the hand. Suits rank spades, hearts, diamonds, clubs (rule text 004, "The Deal and the
// Betting"): the suit numbers of parse_card() (clubs 0 .. spades 3) are that order.
int high_card_by_suit(std::span<const Card> cards) {
  int best = 0;
  for (const Card& c : cards) best = std::max(best, c.rank * 4 + c.suit);
  return best;
}
int low_card_by_suit(std::span<const Card> cards) {
  int best = 15 * 4;
  for (const Card& c : cards) best = std::min(best, (c.rank == 14 ? 1 : c.rank) * 4 + c.suit);
  return best;
}

const char* board_name(int k) {
  static const char* const names[] = {"first", "second", "third", "fourth", "fifth"};
  return k < 5 ? names[k] : "next";
}

// The cards a showdown is judged on: the hands shown (or dealt, in flop games) by seat, and the
// boards (one a run, with run-it-twice; none in stud and draw).
struct ShowdownCards {
  int board_count{1};
  SmallMap<CardList> holes;
  boost::container::small_vector<CardList, 2> boards;
};

Money smallest_chip(const MoneyState& s, Money amount);
std::vector<int> from_button(const MoneyState& s, std::vector<int> seats);

}  // namespace

std::optional<ShowdownRules> showdown_rules_of(const Game& g) {
  const int hole = g.hole_cards;
  switch (g.variant) {
    case GameVariant::Holdem:
    case GameVariant::SplitHoldem:  // Split Hold'em: two boards from the flop
      return ShowdownRules{hole, true, false, true};
    case GameVariant::Omaha:
    case GameVariant::Courchevel:
      return ShowdownRules{hole, true, true, true, g.hi_lo};
    case GameVariant::SevenCardStud:
    case GameVariant::FiveCardStud:  // the five cards are the hand
      return ShowdownRules{hole, false, false, true, g.hi_lo};
    case GameVariant::Razz:
      return ShowdownRules{hole, false, false, false, false, true};
    case GameVariant::FiveCardDraw:
      return ShowdownRules{hole, false, false, true};
    case GameVariant::Lowball27:
      return ShowdownRules{hole, false, false, false, false, false, true};
    case GameVariant::Badugi:
      return ShowdownRules{hole, false, false, false, false, false, false, true};
    case GameVariant::ShortDeckHoldem: {
      ShowdownRules r{hole, true, false, true};
      r.short_deck = true;
      return r;
    }
    case GameVariant::LowballA5:   // ace-to-five without a qualifier: not ranked yet
    case GameVariant::Badeucey:    // badugi + 2-7 split: not ranked yet
    case GameVariant::Razz27:      // 2-7 low at stud: not ranked yet
    case GameVariant::Drawmaha27:  // Omaha high + 2-7 draw split: not ranked yet
    case GameVariant::Unknown:
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {

// The hands and boards of the showdown, read from the events; nullopt when it cannot be judged
// (a card not read, a board short of five cards, a cash-out, a stud or draw hand run more than
// once, which is reported SHOWDOWN_NOT_EVALUATED).
std::optional<ShowdownCards> read_showdown_cards(const MoneyState& s, const ShowdownRules& rules,
                                                 Breaches& out) {
  // The community cards, per board and street. A run-it-twice board shares the streets dealt
  // before the split with the first board: PokerStars prints "*** FLOP ***", "*** TURN ***",
  // then "*** FIRST RIVER ***" and "*** SECOND RIVER ***".
  // Small containers held in place: a showdown is judged in most hands of some games, and
  // std::map and std::vector allocated a node or a buffer for every street and every hand.
  struct Dealt {
    int board;
    Street street;
    CardList cards;
  };
  boost::container::small_vector<Dealt, 6> dealt;
  auto dealt_on = [&](int board, Street street) -> Dealt* {
    for (Dealt& d : dealt)
      if (d.board == board && d.street == street) return &d;
    return nullptr;
  };
  ShowdownCards read;
  int& board_count = read.board_count;
  SmallMap<CardList>& holes = read.holes;
  for (const Event& e : s.hand.events) {
    if (e.kind == EventKind::Board) {
      if (!e.cards.all_known()) return std::nullopt;
      Dealt* to = dealt_on(e.board_index, e.street);
      if (!to) to = &dealt.emplace_back(Dealt{e.board_index, e.street, {}});
      to->cards.insert(to->cards.end(), e.cards.cards().begin(), e.cards.cards().end());
      board_count = std::max(board_count, e.board_index + 1);
    } else if ((e.kind == EventKind::Shows || (e.kind == EventKind::Mucks && !e.cards.empty()) ||
                (rules.board && e.kind == EventKind::DealtHole)) &&
               e.seat) {
      // Cards revealed when mucking (the summary's "mucked [8s Qs]") are shown cards too.
      // Flop games: the hole cards, dealt or shown. Stud and draw: only what is shown at the
      // end is the whole hand.
      if (e.cards.all_known() && static_cast<int>(e.cards.cards().size()) == rules.hole)
        holes[e.seat] = CardList(e.cards.cards().begin(), e.cards.cards().end());
    } else if (e.kind == EventKind::CashedOut) {
      return std::nullopt;  // the pot went to the site, not to a hand
    }
  }
  if (!rules.board) {
    // A draw or stud hand run more than once shows one hand per run ("Run 2: NAME shows"): each
    // run is a showdown of its own, which the judge below does not make. A hand whose later run
    // shows only in a player's draw (no hand shown for it) cannot be judged at all.
    const auto later_run = [](const Event& e) { return e.board_index > 0; };
    const auto shown_later = [](const Event& e) {
      return e.kind == EventKind::Shows && e.board_index > 0;
    };
    if (std::any_of(s.hand.events.begin(), s.hand.events.end(), later_run)) {
      const bool shown = std::any_of(s.hand.events.begin(), s.hand.events.end(), shown_later);
      out.push_back(
          {FindingCode::ShowdownNotEvaluated,
           {.street = Street::Showdown,
            .message = shown ? "the hand was run more than once with hands shown per run; the "
                               "winners of each run are not judged"
                             : "the hand was run more than once and the hands of the later run "
                               "are not shown (only a player's draw for it); the winners of each "
                               "run are not judged"}});
      return std::nullopt;
    }
    board_count = 1;
  }
  auto& boards = read.boards;
  boards.resize(static_cast<std::size_t>(board_count));
  if (rules.board) {
    for (int k = 0; k < board_count; ++k) {
      for (Street street : {Street::Flop, Street::Turn, Street::River}) {
        const Dealt* d = dealt_on(k, street);
        if (!d) d = dealt_on(0, street);
        if (d) boards[k].insert(boards[k].end(), d->cards.begin(), d->cards.end());
      }
      if (boards[k].size() != 5) return std::nullopt;
    }
  }
  return read;
}

// The best hands among `seats` on `board`, each list in the order odd chips go.
BoardResult judge_board(const MoneyState& s, const ShowdownRules& rules,
                        const SmallMap<CardList>& holes, const std::vector<int>& seats,
                        const CardList& board) {
  const bool stud = s.hand.game.is_stud();
  // Omaha's low of eight or better takes three board cards of distinct ranks, ace to eight: on
  // a board without them no hand qualifies, and none is evaluated for low.
  auto board_has_low = [](const CardList& board) {
    unsigned low_ranks = 0;
    for (const Card& c : board)
      if (c.rank == 14 || c.rank <= 8) low_ranks |= 1u << (c.rank == 14 ? 1 : c.rank);
    return std::popcount(low_ranks) >= 3;
  };
  const bool low_possible = !rules.omaha || board_has_low(board);
  SmallMap<HandValue> high, low;
  for (int seat : seats) {
    const CardList& cards = holes.at(seat);
    if (rules.high) {
      if (rules.omaha) {
        high[seat] = best_omaha(cards_of(cards), cards_of(board));
      } else {
        CardList all = cards;
        all.insert(all.end(), board.begin(), board.end());
        high[seat] = rules.short_deck
                         ? best_of_short_deck(cards_of(all), s.rules.short_deck_trips_beat_straight)
                         : best_of(cards_of(all));
      }
    }
    if (rules.low_a5_8 && low_possible) {
      HandValue v = rules.omaha ? best_omaha_low_a5(cards_of(cards), cards_of(board))
                                : best_low_a5(cards_of(cards));
      if (qualifies_8(v)) low[seat] = v;
    }
    if (rules.razz) low[seat] = best_low_a5(cards_of(cards));
    if (rules.deuce_seven) low[seat] = low_27(cards.data());
    if (rules.badugi) low[seat] = badugi(cards.data());
  }
  auto best_of_map = [](const SmallMap<HandValue>& m) {
    HandValue best = 0;
    for (const auto& [seat, v] : m) best = std::max(best, v);
    std::vector<int> out;
    for (const auto& [seat, v] : m)
      if (v == best) out.push_back(seat);
    return out;
  };
  BoardResult r;
  r.high = from_button(s, best_of_map(high));
  r.low = from_button(s, best_of_map(low));
  if (stud) {
    // The first in the order gets the first odd chip: the highest card by suit for high, the
    // lowest card by suit for low (aces low).
    std::stable_sort(r.high.begin(), r.high.end(), [&](int a, int b) {
      return high_card_by_suit(cards_of(holes.at(a))) > high_card_by_suit(cards_of(holes.at(b)));
    });
    std::stable_sort(r.low.begin(), r.low.end(), [&](int a, int b) {
      return low_card_by_suit(cards_of(holes.at(a))) < low_card_by_suit(cards_of(holes.at(b)));
    });
  }
  if (!high.empty()) r.what = category_name(category_of(high.at(r.high.front())));
  if (!low.empty()) {
    std::string low_name =
        rules.badugi ? badugi_name(low.at(r.low.front())) : std::string("the best low");
    r.what = r.what.empty() ? low_name : fmt::format("{} and {}", r.what, low_name);
  } else if (rules.low_a5_8) {
    r.what += ", no low of eight or better";
  }
  return r;
}

// The pot's eligible seats less those who conceded it (Hand::mucked_hands_concede: mucked and
// collected nothing).
std::vector<int> contenders_for(const MoneyState& s, const BuiltPot& bp);

// A pot some contenders did not show: among those who did (the summary's "mucked [8s Qs]"
// counts), a collector whose shown hand another shown hand beats is WRONG_WINNER; a hand not
// shown cannot win. `judge` gives the best of the shown hands on the board. Single-board, not
// hi/lo: there a half may belong to a hand not shown.
template <typename Judge>
void check_best_shown_hand_wins(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<int>& contenders, const std::vector<int>& unknown,
                                Judge judge, Breaches& out);

// One pot contested by two or more: the winners the cards name against those who collected.
void check_pot_winners(const MoneyState& s, const BuiltPot& bp, const ShowdownRules& rules,
                       const ShowdownCards& cards, Breaches& out) {
  const std::vector<int> contenders = contenders_for(s, bp);
  if (contenders.size() < 2) return;
  std::vector<int> unknown;
  for (int seat : contenders)
    if (!cards.holes.count(seat)) unknown.push_back(seat);
  if (!unknown.empty()) {
    out.push_back({FindingCode::ShowdownNotEvaluated,
                   {.street = Street::Showdown,
                    .message = fmt::format(
                        "{}: {} of {} contenders' cards were not shown; the winner is not judged",
                        pot_name(bp.index), unknown.size(), contenders.size())}});
    if (cards.board_count == 1)
      check_best_shown_hand_wins(
          s, bp, contenders, unknown,
          [&](const std::vector<int>& shown) {
            return judge_board(s, rules, cards.holes, shown, cards.boards.front());
          },
          out);
    return;
  }
  if (!s.pots_attributable && s.result.pots.size() > 1) return;  // who won which pot is not said
  std::vector<BoardResult> results;
  std::vector<int> expected;
  std::string what;
  for (int k = 0; k < cards.board_count; ++k) {
    results.push_back(judge_board(s, rules, cards.holes, contenders, cards.boards[k]));
    for (const std::vector<int>* side : {&results.back().high, &results.back().low})
      for (int seat : *side)
        if (std::find(expected.begin(), expected.end(), seat) == expected.end())
          expected.push_back(seat);
    if (cards.board_count > 1) {
      std::vector<int> best = results.back().high;
      for (int seat : results.back().low)
        if (std::find(best.begin(), best.end(), seat) == best.end()) best.push_back(seat);
      std::sort(best.begin(), best.end());
      what += fmt::format("{}the {} board to seat(s) {} ({})", what.empty() ? "" : "; ",
                          board_name(k), fmt::join(best, ", "), results.back().what);
    } else {
      what = results.back().what;
    }
  }
  std::sort(expected.begin(), expected.end());
  std::vector<int> actual = bp.winners;
  std::sort(actual.begin(), actual.end());
  if (actual.empty()) return;  // nobody collected: PAYOUT_MISMATCH says so
  // A pot (or half pot) of fewer chips than its winners cannot pay them all: the odd chips go
  // one each to the first winners, and the others rightly collect nothing (found by the
  // Omaha Hi/Lo property test: a 2-cent pot, a tie for the 1-cent low half).
  const SmallMap<Money> shares = expected_shares(s, bp, results);
  bool winner_without_chip = false;
  for (const auto& [seat, want] : shares) winner_without_chip |= want == 0;
  const bool only_winners_paid =
      std::includes(expected.begin(), expected.end(), actual.begin(), actual.end());
  if (actual == expected || cards.board_count > 1 || (winner_without_chip && only_winners_paid)) {
    // Several boards: who is owed what is told seat by seat, each seat's total over the boards.
    for (Breach& b : check_split_pot_shares(s, bp, results, shares, what))
      out.push_back(std::move(b));
    return;
  }
  // What the best hand(s) got from this pot, against the pot net of rake.
  Money got = 0;
  for (const Collection& c : s.collections) {
    int index = c.pot_index < 0 ? 0 : c.pot_index;
    if (index == bp.index && std::find(expected.begin(), expected.end(), c.seat) != expected.end())
      got += c.amount;
  }
  out.push_back(
      {FindingCode::WrongWinner,
       {.street = Street::Showdown,
        .seat = expected.front(),
        .expected = bp.amount - bp.rake,
        .actual = got,
        .message = fmt::format("{} went to seat(s) {} but seat(s) {} hold the best hand(s) ({})",
                               pot_name(bp.index), fmt::join(actual, ", "),
                               fmt::join(expected, ", "), what)}});
}

std::vector<int> contenders_for(const MoneyState& s, const BuiltPot& bp) {
  if (!s.hand.mucked_hands_concede) return bp.eligible;
  const auto conceded = [&](int seat) {
    const bool mucked =
        std::any_of(s.hand.events.begin(), s.hand.events.end(),
                    [&](const Event& e) { return e.kind == EventKind::Mucks && e.seat == seat; });
    const bool collected = std::any_of(s.collections.begin(), s.collections.end(),
                                       [&](const Collection& c) { return c.seat == seat; });
    return mucked && !collected;
  };
  std::vector<int> out;
  std::copy_if(bp.eligible.begin(), bp.eligible.end(), std::back_inserter(out),
               [&](int seat) { return !conceded(seat); });
  return out;
}

template <typename Judge>
void check_best_shown_hand_wins(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<int>& contenders, const std::vector<int>& unknown,
                                Judge judge, Breaches& out) {
  if (!s.pots_attributable && s.result.pots.size() > 1) return;  // who won which pot is not said
  std::vector<int> shown;
  for (int seat : contenders)
    if (std::find(unknown.begin(), unknown.end(), seat) == unknown.end()) shown.push_back(seat);
  if (shown.size() < 2) return;
  const BoardResult best = judge(shown);
  // Hi/lo halves may go to a hand not shown; one board decides (run-it-twice boards are judged
  // only with every hand known).
  if (!best.high.empty() && !best.low.empty()) return;
  const std::vector<int>& best_seats = best.high.empty() ? best.low : best.high;
  std::vector<int> beaten;
  for (int seat : bp.winners)
    if (std::find(shown.begin(), shown.end(), seat) != shown.end() &&
        std::find(best_seats.begin(), best_seats.end(), seat) == best_seats.end())
      beaten.push_back(seat);
  if (beaten.empty()) return;
  std::vector<int> better = best_seats;
  std::sort(better.begin(), better.end());
  std::sort(beaten.begin(), beaten.end());
  Money got = 0;
  for (const Collection& c : s.collections)
    if ((c.pot_index < 0 ? 0 : c.pot_index) == bp.index &&
        std::find(better.begin(), better.end(), c.seat) != better.end())
      got += c.amount;
  out.push_back(
      {FindingCode::WrongWinner,
       {.street = Street::Showdown,
        .seat = better.front(),
        .expected = bp.amount - bp.rake,
        .actual = got,
        .message = fmt::format("{} went to seat(s) {} whose hand seat(s) {} beat ({}); {} "
                               "contender(s) did not show",
                               pot_name(bp.index), fmt::join(beaten, ", "), fmt::join(better, ", "),
                               best.what, unknown.size())}});
}

// The smallest chip in play, fixed by the game and never by the amounts under audit: a whole
// chip in tournaments (Hand::unit minor units: Winamax prints tournament chips with cents), the
// site's cent (1 minor unit) at cash tables. Reduced to a divisor of `amount` should the pot
// not be a whole number of chips.
Money smallest_chip(const MoneyState& s, Money amount) {
  // Fixed by the game, never by the amounts under audit (a split paid in 5- or 25-chip steps
  // would set the unit that then excuses it): a tournament chip is one chip (Winamax prints
  // chips with cents: s.hand.unit minor units), a cash table's is the site's cent unless the format
  // knows the table played in a larger chip (Hand::chip).
  const Money chip = s.hand.chip > 0 ? s.hand.chip : s.hand.tournament ? s.hand.unit : 1;
  const Money g = std::gcd(amount, chip);
  return g > 0 ? g : 1;
}

// Seats in the order odd chips go: clockwise from the first seat left of the button (after the
// small blind's seat: Hand::odd_chips_whole_after_small_blind).
std::vector<int> from_button(const MoneyState& s, std::vector<int> seats) {
  int after = s.hand.button_seat;
  if (s.hand.odd_chips_whole_after_small_blind) {
    for (const Event& e : s.hand.events)
      if (e.kind == EventKind::PostSmallBlind) {
        after = e.seat;
        break;
      }
  }
  std::sort(seats.begin(), seats.end());
  auto first = std::upper_bound(seats.begin(), seats.end(), after);
  std::rotate(seats.begin(), first, seats.end());
  return seats;
}

// Shares `amount` equally between `seats`; the chips left over go one each to the first of
// `seats` (which are in the order odd chips go).
void share(const MoneyState& s, Money amount, const std::vector<int>& seats,
           SmallMap<Money>& shares) {
  if (seats.empty()) return;
  const Money unit = smallest_chip(s, amount);
  const Money each = amount / static_cast<Money>(seats.size()) / unit * unit;
  Money left = amount - each * static_cast<Money>(seats.size());
  // The house rule of the Hand: the whole remainder to the first winner (not one chip each).
  const Money step =
      s.hand.odd_chips_whole_after_small_blind && !s.hand.game.is_stud() ? left : unit;
  for (int seat : seats) {
    shares[seat] += each + (left > 0 ? step : 0);
    if (left > 0) left -= step;
  }
}

}  // namespace

SmallMap<Money> expected_shares(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<BoardResult>& boards) {
  const Money net = bp.amount - bp.rake;
  const Money unit = smallest_chip(s, net);
  const Money board_count = static_cast<Money>(boards.size());
  // The pot is divided equally between the boards, the odd chips to the first boards (PokerStars
  // and GGPoker: $0.01 more on the first board in hands 184487904738 and OM232657303).
  const Money per_board = net / board_count / unit * unit;
  Money left_over = net - per_board * board_count;
  SmallMap<Money> expected;
  for (const BoardResult& r : boards) {
    const Money amount = per_board + (left_over > 0 ? unit : 0);
    if (left_over > 0) left_over -= unit;
    if (!r.high.empty() && !r.low.empty()) {
      // Hi/lo: the odd chip between the halves goes to the high half; what the low half cannot
      // divide among its winners too where the house rule says so.
      Money low_half = amount / unit / 2 * unit;
      if (s.rules.hilo_low_remainder_to_high) {
        const Money low_winners = static_cast<Money>(r.low.size());
        low_half = low_half / unit / low_winners * low_winners * unit;
      }
      share(s, amount - low_half, r.high, expected);
      share(s, low_half, r.low, expected);
    } else {
      share(s, amount, r.high.empty() ? r.low : r.high, expected);
    }
  }
  return expected;
}

Breaches check_split_pot_shares(const MoneyState& s, const BuiltPot& bp,
                                const std::vector<BoardResult>& boards,
                                const SmallMap<Money>& expected, const std::string& what) {
  Breaches out;
  const Money net = bp.amount - bp.rake;
  const Money unit = smallest_chip(s, net);
  SmallMap<Money> paid;
  // How far odd chips can move a seat's total: one per board and one per winner of each board.
  Money odd_chip_room = static_cast<Money>(boards.size() - 1) * unit;
  for (const BoardResult& r : boards) {
    std::vector<int> winners = r.high;
    for (int seat : r.low)
      if (std::find(winners.begin(), winners.end(), seat) == winners.end()) winners.push_back(seat);
    odd_chip_room += static_cast<Money>(winners.size()) * unit;
  }
  for (const Collection& c : s.collections) {
    int index = c.pot_index < 0 ? 0 : c.pot_index;
    if (index == bp.index) paid[c.seat] += c.amount;
  }
  Money total_paid = 0;
  for (const auto& [seat, m] : paid) total_paid += m;
  if (total_paid != net) return out;  // PAYOUT_MISMATCH already says the pot was not paid in full
  SmallMap<Money> seats = expected;
  for (const auto& [seat, m] : paid) seats.emplace(seat, 0);
  std::string odd_rule = s.hand.game.is_stud()
                             ? "the odd chips going by suit (to the highest card in a high "
                               "hand, to the lowest in a low)"
                         : s.hand.odd_chips_whole_after_small_blind
                             ? "the odd chips all going to the first winner after the small blind"
                             : "the odd chips going left of the button";
  if (boards.size() > 1)
    odd_rule = fmt::format("the pot divided between the boards (the odd chip to the first) and {}",
                           odd_rule);
  for (const auto& [seat, ignored] : seats) {
    const Money want = expected.count(seat) ? expected.at(seat) : 0;
    const Money got = paid.count(seat) ? paid.at(seat) : 0;
    if (got == want) continue;
    const Money off = got > want ? got - want : want - got;
    // A winner owed nothing (fewer chips than winners) is still a winner: an odd chip off.
    if (expected.count(seat) && off < odd_chip_room) {
      out.push_back(
          {FindingCode::OddChipMismatch,
           {.street = Street::Showdown,
            .seat = seat,
            .expected = want,
            .actual = got,
            .message = fmt::format("{}: {} gets {} of the split, {} with {}", pot_name(bp.index),
                                   s.players.at(seat).player, s.amt(got), s.amt(want), odd_rule)}});
    } else {
      out.push_back({FindingCode::WrongWinner,
                     {.street = Street::Showdown,
                      .seat = seat,
                      .expected = want,
                      .actual = got,
                      .message = fmt::format(
                          "{}: {} gets {} of a split that gives them {}{}", pot_name(bp.index),
                          s.players.at(seat).player, s.amt(got), s.amt(want),
                          boards.size() > 1 ? fmt::format(" ({})", what) : std::string())}});
    }
  }
  return out;
}

Breaches check_best_hand_wins(const MoneyState& s) {
  Breaches out;
  const auto rules = showdown_rules_of(s.hand.game);
  // Most hands end without a showdown: no pot with two contenders, nothing to judge. (Stud and
  // draw go on: a hand run more than once is reported below whatever its pots.)
  const bool contested = std::any_of(s.result.pots.begin(), s.result.pots.end(),
                                     [](const BuiltPot& bp) { return bp.eligible.size() >= 2; });
  if (!rules) {
    // A game the model names but no evaluator ranks (Badeucey, 2-7 razz, A-5 lowball, 2-7
    // Drawmaha): its money is audited, its showdown said not judged.
    if (contested && s.hand.game.known())
      out.push_back(
          {FindingCode::ShowdownNotEvaluated,
           {.street = Street::Showdown,
            .message = fmt::format("no evaluator ranks {} hands: the winner is not judged",
                                   s.hand.game.name())}});
    return out;
  }
  if (!contested && rules->board) return out;
  const std::optional<ShowdownCards> cards = read_showdown_cards(s, *rules, out);
  if (!cards) return out;
  for (const BuiltPot& bp : s.result.pots)
    if (bp.eligible.size() >= 2) check_pot_winners(s, bp, *rules, *cards, out);
  return out;
}

}  // namespace hh::detail
