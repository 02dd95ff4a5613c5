// A Hand of any format written as PHH (docs/convert.md#phh): players in PHH's order (the first
// after the button first, the button last), forced bets as `antes` and `blinds_or_straddles`,
// the actions in PHH's notation, collections as `winnings`, amounts as decimal text in the
// hand's unit (never through a double). What PHH has no field for and the audit needs is kept in
// `_`-prefixed user fields, which the reader reads back: `_rake`, `_fee_names`/`_fee_amounts`,
// `_total_pot`, `_tournament`, `_tournament_id`.
#include "parser/phh/writer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>

#include "parser/card_codes.hpp"
#include "parser/phh/reader.hpp"
#include "parser/text/money.hpp"

namespace hh::phh {

namespace {

// A TOML basic string.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7F) {
      static const char* hex = "0123456789ABCDEF";
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

// Printed "Ah Kd", "[Ah Kd]", "10h" -> "AhKd", "Th"; "" when a card is not known.
std::string packed(const EventCards& cards) {
  std::string out;
  for (const std::string& c : card_codes(cards).value_or(std::vector<std::string>{})) out += c;
  return out;
}

// Whether packed cards ("AhKd") hold the card `code` ("Kd").
bool holds_card(std::string_view cards, std::string_view code) {
  for (std::size_t i = 0; i + 2 <= cards.size(); i += 2)
    if (cards.substr(i, 2) == code) return true;
  return false;
}

// A TOML array of already written values.
std::string toml_array(const std::vector<std::string>& items) {
  return fmt::format("[{}]", fmt::join(items, ", "));
}

bool is_power_of_ten(int unit) {
  while (unit > 1 && unit % 10 == 0) unit /= 10;
  return unit == 1;
}

class Writer {
 public:
  explicit Writer(const Hand& h) : h_(h) {}

  Format::WrittenHand write() {
    Format::WrittenHand out;
    if (!h_.parsed) return refuse("the hand could not be read");
    if (h_.cancelled) return refuse("the hand was cancelled");
    const std::string_view code = variant_code(h_.game, h_.structure);
    if (code.empty())
      return refuse(fmt::format("PHH has no variant for {} {}",
                                h_.game.name().empty() ? "an unknown game" : h_.game.name(),
                                structure_name(h_.structure)));
    if (!is_power_of_ten(h_.unit)) return refuse("a unit that is not a power of ten");
    if (h_.site_added != 0) return refuse("money the site added to the pot");
    for (const Event& e : h_.events) {
      if (!e.cards.empty() && !card_codes(e.cards))
        return refuse("cards PHH has no code for (" + e.cards.printed() + ")");
      // iPoker's disconnect protection, WPN's "is disconnected and ALL IN", Absolute's time-out
      // all-in: the seat is all-in with chips behind, which no PHH action says.
      if (e.kind == EventKind::SitsOut && e.all_in)
        return refuse(
            "an all-in with chips behind (disconnect protection): PHH has no action for it");
    }
    if (!order_players() || !fixed_limit_bets()) return refuse(reason_);
    std::string forced;
    if (!forced_bets(forced)) return refuse(reason_);
    std::vector<std::string> actions;
    if (!write_actions(actions)) return refuse(reason_);

    std::string& t = out.text;
    t += fmt::format("variant = {}\n", quoted(code));
    t += forced;
    if (h_.game.is_stud()) {
      t += fmt::format("bring_in = {}\n", amount(bring_in_));
    }
    if (h_.structure == Structure::FixedLimit) {
      t += fmt::format("small_bet = {}\nbig_bet = {}\n", amount(small_bet_), amount(big_bet_));
    } else {
      t += fmt::format("min_bet = {}\n", amount(min_bet()));
    }
    take_uncalled_out_of_collections();
    std::vector<std::string> stacks, seats, names, winnings;
    for (const Seat* s : order_) {
      stacks.push_back(s->stack_unknown ? std::string("inf") : amount(s->stack));
      seats.push_back(std::to_string(s->seat));
      names.push_back(quoted(s->player));
      winnings.push_back(amount(collected_[s->seat]));
    }
    t += fmt::format("starting_stacks = {}\nactions = [\n", toml_array(stacks));
    for (const std::string& a : actions) t += fmt::format("  {},\n", quoted(a));
    t += "]\n";
    t += fmt::format("seats = {}\n", toml_array(seats));
    if (h_.max_seats > 0) t += fmt::format("seat_count = {}\n", h_.max_seats);
    t += fmt::format("players = {}\n", toml_array(names));
    t += fmt::format("winnings = {}\n", toml_array(winnings));
    write_finishing_stacks(t);
    if (!h_.site_hand_id.empty()) t += fmt::format("hand = {}\n", quoted(h_.site_hand_id));
    if (!h_.table_name.empty()) t += fmt::format("table = {}\n", quoted(h_.table_name));
    if (!h_.currency.empty()) t += fmt::format("currency = {}\n", quoted(h_.currency));
    write_time(t);
    // What PHH has no field for, in user fields the reader reads back.
    if (h_.rake) t += fmt::format("_rake = {}\n", amount(*h_.rake));
    if (h_.total_pot)
      t += fmt::format("_total_pot = {}\n", amount(*h_.total_pot - excess_in_collection_));
    // The card room: its house rules (house-rules.toml) judge the hand read back. A hand read
    // from an interchange format that named its room (OHH's site_name) keeps that room.
    const std::string& room = h_.house_rules_site.empty() ? h_.site : h_.house_rules_site;
    if (!room.empty() && room != "phh") t += fmt::format("_site = {}\n", quoted(room));
    // The table's smallest chip: the odd chips of a split are counted in it.
    if (h_.chip > 0) t += fmt::format("_chip = {}\n", amount(h_.chip));
    if (!h_.fees.empty()) {
      std::vector<std::string> names, amounts;
      for (const Fee& f : h_.fees) {
        names.push_back(quoted(f.name));
        amounts.push_back(amount(f.amount));
      }
      t += fmt::format("_fee_names = {}\n_fee_amounts = {}\n", toml_array(names),
                       toml_array(amounts));
    }
    if (h_.tournament) {
      t += "_tournament = true\n";
      if (!h_.tournament_id.empty())
        t += fmt::format("_tournament_id = {}\n", quoted(h_.tournament_id));
    }
    if (!h_.reported_pots.empty()) out.lost.push_back("the pots as the site printed them");
    for (const SummarySeat& s : h_.summary)
      if (s.put_in) {
        out.lost.push_back("what the summary says each player put in");
        break;
      }
    out.written = true;
    return out;
  }

 private:
  Format::WrittenHand refuse(std::string why) {
    Format::WrittenHand out;
    out.lost.push_back(std::move(why));
    return out;
  }

  std::string amount(Money m) const { return format_amount(m, h_.unit); }

  // PHH's players are those dealt in, the first after the button first; stud has no button and
  // keeps the seat order.
  bool order_players() {
    std::vector<const Seat*> seats;
    for (const Seat& s : h_.seats)
      if (dealt_in(s)) seats.push_back(&s);
    for (const Event& e : h_.events)
      if (e.seat != 0 && !h_.seat_of(e.seat)) {
        reason_ = "an action of a seat with no seat line";
        return false;
      }
    std::sort(seats.begin(), seats.end(),
              [](const Seat* a, const Seat* b) { return a->seat < b->seat; });
    if (seats.size() < 2) {
      reason_ = "fewer than two players";
      return false;
    }
    if (!h_.game.is_stud()) {
      if (h_.button_seat == 0 || !h_.seat_of(h_.button_seat)) {
        reason_ = "no button: PHH places the blinds by the button";
        return false;
      }
      // Rotate so that the button is last.
      auto after = std::find_if(seats.begin(), seats.end(),
                                [&](const Seat* s) { return s->seat > h_.button_seat; });
      std::rotate(seats.begin(), after, seats.end());
      if (seats.back()->seat != h_.button_seat) {
        reason_ = "the button is not dealt in";
        return false;
      }
    }
    order_ = seats;
    for (std::size_t i = 0; i < order_.size(); ++i) index_[order_[i]->seat] = i;
    return true;
  }

  // A seat is dealt in when it plays: a post, a card, a bet, a show or a collection; a fold
  // alone only when it is not sitting out (Bovada prints folds of seats sitting out). A seat
  // with nothing of its own was not dealt in, whatever its mark: PHH's engine would wait for
  // its action.
  bool dealt_in(const Seat& s) const {
    bool folds = false;
    for (const Event& e : h_.events) {
      if (e.seat != s.seat) continue;
      if (e.kind == EventKind::Fold)
        folds = true;
      else if (e.kind == EventKind::DealtHole && packed(e.cards).empty())
        continue;  // "Dealt to P []" (BetOnline): no card, no play
      else if (is_play(e.kind) || e.kind == EventKind::Shows || e.kind == EventKind::Mucks ||
               e.kind == EventKind::Collected)
        return true;
    }
    return folds && !s.sitting_out;
  }

  // The PHH array index that player `p` posts from (heads-up, reversed).
  std::size_t array_index(std::size_t p) const {
    return order_.size() == 2 ? order_.size() - 1 - p : p;
  }

  bool forced_bets(std::string& out) {
    const std::size_t n = order_.size();
    std::vector<Money> antes(n, 0), blinds(n, 0);
    for (const Event& e : h_.events) {
      auto it = index_.find(e.seat);
      if (it == index_.end()) continue;
      const std::size_t k = array_index(it->second);
      switch (e.kind) {
        case EventKind::PostAnte:
          // PHH states the ante due; a player short of it posts what they have (as the reader
          // makes them), so a short all-in ante keeps the antes uniform.
          antes[k] += e.amount < h_.ante && is_whole_stack(e) ? h_.ante : e.amount;
          break;
        case EventKind::PostDead:
          antes[k] += e.amount;
          break;
        case EventKind::PostSmallBlind:
          if (k != 0 || blinds[k] != 0)
            return fail("a small blind not on the first seat after the button");
          blinds[k] = e.amount;
          break;
        case EventKind::PostBigBlind:
          if (k != 1 || blinds[k] != 0)
            return fail("a big blind not on the second seat after the button");
          blinds[k] = e.amount;
          break;
        case EventKind::PostStraddle:
          if (k < 2 || blinds[k] != 0) return fail("a straddle PHH cannot place");
          blinds[k] = e.to;
          break;
        case EventKind::PostBothBlinds:
        case EventKind::PostButtonBlind:
        case EventKind::PostSleeper:
        case EventKind::PostKill:
          return fail(
              fmt::format("a forced bet PHH has no place for ({})", event_kind_name(e.kind)));
        case EventKind::BringIn:
          bring_in_ = std::max(bring_in_, e.amount);
          break;
        case EventKind::CashedOut:
          return fail("a cash-out of the hand");
        default:
          if (e.board_index > 0) return fail("a second board (run it twice)");
          break;
      }
    }
    auto list = [&](std::string_view key, const std::vector<Money>& v) {
      std::vector<std::string> items;
      for (Money m : v) items.push_back(amount(m));
      out += fmt::format("{} = {}\n", key, toml_array(items));
    };
    list("antes", antes);
    if (!h_.game.is_stud()) list("blinds_or_straddles", blinds);
    return true;
  }

  // Fixed limit's bet sizes: the header's. Where the site printed none (tournament levels
  // printed "(0/0)": Bovada, iPoker, Merge), the hand's own bets say them: a bet of a small-bet
  // street (stud's completion on third street; a flop game's bet on the flop) is the small bet, a
  // bet of a big-bet street (stud's fifth to seventh, the turn and river) the big bet; with one
  // of them known, the other is its double or half (fixed limit's big bet is twice the small).
  bool fixed_limit_bets() {
    small_bet_ = h_.small_bet;
    big_bet_ = h_.big_bet;
    if (h_.structure != Structure::FixedLimit || (small_bet_ > 0 && big_bet_ > 0)) return true;
    const Street small_street = h_.game.is_stud() ? Street::Preflop : Street::Flop;
    std::set<Street> opened;  // the streets whose first bet was seen
    for (const Event& e : h_.events) {
      // An all-in for less than the bet says nothing of its size.
      if ((e.kind != EventKind::Bet && e.kind != EventKind::Raise) || e.all_in ||
          !opened.insert(e.street).second)
        continue;
      if (e.street == small_street && small_bet_ == 0) small_bet_ = e.to;
      if (e.street >= Street::Turn && e.street < Street::Showdown && big_bet_ == 0) big_bet_ = e.to;
    }
    if (small_bet_ == 0 && big_bet_ == 0)
      return fail(
          "fixed-limit bet sizes the site did not print, and no bet of the hand shows them: PHH "
          "needs them");
    if (small_bet_ == 0) small_bet_ = big_bet_ / 2;
    if (big_bet_ == 0) big_bet_ = small_bet_ * 2;
    return true;
  }

  // No and pot limit: the big blind; where the header states none (a big blind all-in for
  // less, antes only), the largest blind posted, else the ante, else the smallest unit.
  Money min_bet() const {
    if (h_.big_blind > 0) return h_.big_blind;
    Money blind = 0;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::PostSmallBlind || e.kind == EventKind::PostBigBlind)
        blind = std::max(blind, e.amount);
    return blind > 0 ? blind : h_.ante > 0 ? h_.ante : 1;
  }

  bool is_whole_stack(const Event& e) const {
    const Seat* s = h_.seat_of(e.seat);
    return e.all_in || (s && !s->stack_unknown && s->stack == e.amount);
  }

  bool fail(std::string why) {
    reason_ = std::move(why);
    return false;
  }

  std::string actor(int seat) const { return fmt::format("p{}", index_.at(seat) + 1); }

  std::string unknown_cards(int count) const {
    return std::string(static_cast<std::size_t>(count) * 2, '?');
  }

  bool discards_unknown(int seat) const {
    return std::any_of(h_.events.begin(), h_.events.end(), [&](const Event& e) {
      return e.kind == EventKind::Discards && e.seat == seat && packed(e.cards).empty();
    });
  }

  // The hole cards of the first deal: what the hand shows of them, else unknown.
  void deal_first(std::vector<std::string>& out) {
    const int count = h_.game.is_stud() ? 3 : h_.game.hole_cards;
    for (const Seat* s : order_) {
      std::string cards;
      for (const Event& e : h_.events)
        if (e.kind == EventKind::DealtHole && e.seat == s->seat && e.street <= Street::Preflop)
          cards += packed(e.cards);
      // A hand whose discards the site printed as a count only cannot say which cards went:
      // its first cards are unknown too (PHH's engine checks a discard against them).
      if (h_.game.is_stud())
        cards = stud_cards(s->seat, Street::Preflop);
      else if (cards.size() != static_cast<std::size_t>(count) * 2 || discards_unknown(s->seat))
        cards = unknown_cards(count);
      else
        known_hand_[s->seat] = cards;
      out.push_back(fmt::format("d dh {} {}", actor(s->seat), cards));
    }
  }

  // The cards a stud street deals a seat, in the order PHH's `d dh` deals them; the game's rule
  // says which are up (third street two down then one up, fourth to sixth up, seventh down) and
  // PokerKit places the bring-in and the first to act from the up cards. A reader prints a seat's
  // cards of a street with those it already holds (PokerStars' `[9s 6h] [7s]`): the street's
  // cards are the printed ones the seat did not hold, nor show before (an all-in's cards, shown
  // and then printed with the next street's). Third street with only its up card printed
  // (another player's) deals two unknown down cards first; a card not printed is unknown.
  std::string stud_cards(int seat, Street street) {
    std::string& held = stud_held_[seat];
    std::string seen = held;
    std::string fresh;
    const bool third = street <= Street::Preflop;
    for (const Event& e : h_.events) {
      if (e.seat != seat) continue;
      const bool shows = e.kind == EventKind::Shows;
      if (!shows && (e.kind != EventKind::DealtHole ||
                     (third ? e.street > Street::Preflop : e.street != street)))
        continue;
      for (const std::string& c : card_codes(e.cards).value_or(std::vector<std::string>{}))
        if (!holds_card(seen, c) && !holds_card(fresh, c)) (shows ? seen : fresh) += c;
    }
    const std::size_t count = third ? 3 : 1;
    stud_dealt_[seat] += count;
    if (fresh.size() == count * 2 || (count == 3 && fresh.size() == 2)) {
      held += fresh;
      return unknown_cards(static_cast<int>(count - fresh.size() / 2)) + fresh;
    }
    return unknown_cards(static_cast<int>(count));
  }

  // Stud players all-in before the seventh street: PHH's engine shows their cards first (those
  // known so far: the up cards, the hero's), then deals the streets left, and after each street
  // asks again whoever holds a card not shown; the showdown after it shows what the site printed.
  void stud_run_out(std::vector<std::string>& out) {
    std::vector<int> in;
    for (const Seat* s : order_)
      if (!folded_.count(s->seat)) in.push_back(s->seat);
    for (int seat : in) out.push_back(fmt::format("{} sm {}", actor(seat), stud_held_[seat]));
    for (Street st = after(street_); st <= Street::Seventh; st = after(st)) {
      for (int seat : in)
        out.push_back(fmt::format("d dh {} {}", actor(seat), stud_cards(seat, st)));
      for (int seat : in)
        if (st < Street::Seventh && stud_held_[seat].size() < stud_dealt_[seat] * 2)
          out.push_back(fmt::format("{} sm {}", actor(seat), stud_held_[seat]));
    }
  }

  static Street after(Street s) { return static_cast<Street>(static_cast<int>(s) + 1); }

  bool write_actions(std::vector<std::string>& out) {
    deal_first(out);
    for (const Seat* s : order_) remaining_[s->seat] = s->stack_unknown ? -1 : s->stack;
    const std::size_t last_bet = last_betting_action();
    // The board cards open their street, wherever the site printed them.
    for (const Event& e : h_.events)
      if (e.kind == EventKind::Board) {
        if (e.board_index > 0) return fail("a second board (run it twice)");
        if (h_.game.is_stud())
          return fail(
              "a card shared on seventh street (the deck ran out): PHH deals stud's cards to "
              "the players only");
        boards_[e.street].push_back(&e);
      }
    for (std::size_t i = 0; i < h_.events.size(); ++i) {
      const Event& e = h_.events[i];
      if (i > last_bet) {
        // After the last bet: the showdown, then the board still to come (PHH's engine shows
        // the cards of an all-in before the run-out).
        if (e.kind == EventKind::Collected) collected_[e.seat] += e.amount;
        continue;
      }
      if (asked_nothing(e)) continue;  // nor does it open its street
      if (e.kind != EventKind::Board && e.kind != EventKind::Shows && e.kind != EventKind::Mucks &&
          e.street > Street::Preflop)
        deal_boards_to(e.street, out);
      write_play(e, out);
    }
    if (!out_of_turn_.empty()) return fail(out_of_turn_);
    if (!over_cap_.empty()) return fail(over_cap_);
    deal_replacements(out);
    fold_who_did_not_match(out);
    check_who_did_not_act(out);
    if (ended_by_folds()) {
      // No showdown: PHH lets the last player show every card, and there is no muck to write
      // nor board to deal (the hand is over).
      write_voluntary_shows(out);
      return true;
    }
    if (h_.game.is_stud() && street_ < Street::Seventh) stud_run_out(out);
    const int kept = write_showdown(out);
    if (kept > 1 && !h_.game.is_stud() && !h_.game.is_draw() && board_cards() < 5)
      return fail("a showdown without the whole board (the site printed " +
                  std::to_string(board_cards()) + " cards)");
    // When the others mucked at an all-in showdown, PokerKit deals the next street's cards and
    // ends the hand: the rest of the board the site dealt moves no money and is not written.
    // Unless the one keeping cards has chips behind: PokerKit then opens a betting round for
    // one player and stops (an assertion), so the hand cannot be replayed as the site played it.
    if (kept <= 1 && !boards_.empty() && keeper_has_chips())
      return fail(
          "an all-in showdown before the whole board where the others muck and the one keeping "
          "cards has chips behind: PokerKit cannot deal the rest of the board to one player");
    if (kept <= 1 && !boards_.empty()) boards_.erase(std::next(boards_.begin()), boards_.end());
    deal_boards_to(Street::Showdown, out);
    return true;
  }

  // Whether a player keeping cards at the showdown has chips behind, the part of their bet
  // nobody called included (the engine returns it before the showdown).
  bool keeper_has_chips() const {
    auto put_in_hand = [&](const Seat* s) {
      auto left = remaining_.find(s->seat);
      return left == remaining_.end() || left->second < 0 ? Money{-1} : s->stack - left->second;
    };
    return std::any_of(keepers_.begin(), keepers_.end(), [&](int seat) {
      auto left = remaining_.find(seat);
      if (left == remaining_.end() || left->second != 0) return true;
      const Money mine = put_in_hand(h_.seat_of(seat));
      return std::all_of(order_.begin(), order_.end(), [&](const Seat* s) {
        return s->seat == seat || (put_in_hand(s) >= 0 && put_in_hand(s) < mine);
      });
    });
  }

  int board_cards() const {
    std::size_t n = 0;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::Board)
        n += card_codes(e.cards).value_or(std::vector<std::string>{}).size();
    return static_cast<int>(n);
  }

  // The board of each street up to `upto`, once: a street the site printed twice (OnGame) deals
  // no card already dealt.
  void deal_boards_to(Street upto, std::vector<std::string>& out) {
    for (auto it = boards_.begin(); it != boards_.end() && it->first <= upto;) {
      for (const Event* b : it->second) {
        const std::string cards = packed(b->cards);
        bool dealt = !cards.empty();
        for (std::size_t i = 0; i + 2 <= cards.size(); i += 2)
          dealt = dealt && holds_card(dealt_board_, std::string_view(cards).substr(i, 2));
        if (dealt) continue;
        dealt_board_ += cards;
        out.push_back(fmt::format("d db {}", cards));
      }
      it = boards_.erase(it);
    }
  }

  // One event of the play, in PHH's notation; the chips it moves are tracked (what each player
  // has behind, what each put in on the betting street).
  void write_play(const Event& e, std::vector<std::string>& out) {
    if (e.seat != 0 && !index_.count(e.seat)) return;  // a seat not dealt in
    check_turn(e);
    if (is_bet_action(e.kind) || e.kind == EventKind::BringIn) deal_replacements(out);
    if (e.street > Street::Preflop && e.street < Street::Showdown && e.street != street_ &&
        is_bet_action(e.kind)) {
      street_ = e.street;
      street_bet_.clear();
      acted_.clear();
      // Stud: each later street opens with a card for every player still in.
      if (h_.game.is_stud())
        for (const Seat* s : order_)
          if (!folded_.count(s->seat))
            out.push_back(fmt::format("d dh {} {}", actor(s->seat), stud_cards(s->seat, street_)));
    }
    note_fourth_street_big_bet(e);
    put_in(e);
    if (is_bet_action(e.kind)) acted_.insert(e.seat);
    switch (e.kind) {
      case EventKind::Fold:
        folded_.insert(e.seat);
        out.push_back(fmt::format("{} f", actor(e.seat)));
        break;
      case EventKind::Check:
      case EventKind::Call:
        out.push_back(fmt::format("{} cc", actor(e.seat)));
        break;
      case EventKind::Bet:
      case EventKind::Raise:
        // A raise no one left can call (every other player is all-in) is a call in PHH: the
        // part above the others is returned, as the site returned it.
        if (nobody_can_call(e.seat)) {
          out.push_back(fmt::format("{} cc", actor(e.seat)));
          break;
        }
        out.push_back(fmt::format("{} cbr {}", actor(e.seat), amount(e.to)));
        count_raise(e);
        break;
      case EventKind::BringIn:
        out.push_back(fmt::format("{} pb", actor(e.seat)));
        break;
      case EventKind::DealtHole:
        if (e.street > Street::Preflop && !h_.game.is_stud()) note_drawn(e);
        break;
      case EventKind::Discards: {
        const std::string cards = packed(e.cards);
        discard_known(e.seat, cards);
        out.push_back(
            fmt::format("{} sd {}", actor(e.seat), cards.empty() ? unknown_cards(e.count) : cards));
        replacements_.emplace_back(e.seat, cards.empty() ? e.count : cards.size() / 2);
        break;
      }
      case EventKind::StandsPat:
        out.push_back(fmt::format("{} sd", actor(e.seat)));
        break;
      case EventKind::Collected:
        collected_[e.seat] += e.amount;
        break;
      default:
        break;  // Shows and Mucks: the showdown, written after the last bet
    }
  }

  // A fold or check PHH's engine does not ask for, which moves no chips and is not written: a
  // player all-in (a site printing a fold for the big blind all-in for less, or checks: they
  // stay in and show down), or a check of the one player with chips when every other player
  // still in is all-in (PokerStars' Run It Once prints their checks).
  bool asked_nothing(const Event& e) const {
    if (e.kind != EventKind::Fold && e.kind != EventKind::Check) return false;
    auto all_in = [&](int seat) {
      auto left = remaining_.find(seat);
      return left != remaining_.end() && left->second == 0;
    };
    if (all_in(e.seat)) return true;
    return e.kind == EventKind::Check &&
           std::all_of(order_.begin(), order_.end(), [&](const Seat* s) {
             return s->seat == e.seat || folded_.count(s->seat) || all_in(s->seat);
           });
  }

  // PHH's actions are in the order of play, and the engine asks each player in turn: the next
  // player after the last to act (PHH's order, round the table) who is still in and, when
  // betting, has chips behind (a draw asks an all-in player too); a street's first bet or draw
  // is the first such player after the button (the first bet before the flop follows the
  // blinds, and stud's the cards: not checked). A hand whose site printed an action out of that
  // order cannot be written without reordering its actions: the first one is noted.
  void check_turn(const Event& e) {
    const bool draw = e.kind == EventKind::Discards || e.kind == EventKind::StandsPat;
    if (!draw && !is_bet_action(e.kind)) return;
    const std::pair<Street, bool> phase{e.street, draw};
    const bool first = !turn_phase_ || phase != *turn_phase_;
    turn_phase_ = phase;
    const std::size_t me = index_.at(e.seat);
    const std::size_t n = order_.size();
    std::size_t from = first ? n - 1 : last_to_act_;
    last_to_act_ = me;
    if (first && (h_.game.is_stud() || e.street <= Street::Preflop)) return;
    for (std::size_t k = 1; k <= n; ++k) {
      const Seat* s = order_[(from + k) % n];
      auto left = remaining_.find(s->seat);
      if (folded_.count(s->seat) || (!draw && left != remaining_.end() && left->second == 0))
        continue;
      if (s->seat != e.seat && out_of_turn_.empty())
        out_of_turn_ = fmt::format(
            "an action the site printed out of turn (line {}: seat {} acts where seat {} is to "
            "act): PHH's actions are in the order of play",
            e.line, e.seat, s->seat);
      return;
    }
  }

  // Seven card stud's fourth street is bet in small bets, but an open pair gives the option of
  // the big bet (taken at PokerStars, Full Tilt, Bovada, iPoker, Everleaf, KingsClub,
  // PartyPoker); PHH's stud variants bet the
  // small bet there (PokerKit's fourth street) and have no field for the option.
  void note_fourth_street_big_bet(const Event& e) {
    if (!h_.game.is_stud() || e.street != Street::Flop || !over_cap_.empty() ||
        (e.kind != EventKind::Bet && e.kind != EventKind::Raise))
      return;
    Money top = 0;
    for (const auto& [seat, bet] : street_bet_) top = std::max(top, bet);
    if (e.to - top <= small_bet_) return;
    over_cap_ = fmt::format(
        "a big bet on fourth street (line {}): PHH's stud variants bet the small bet there and "
        "have no field for an open pair's option of the big bet",
        e.line);
  }

  // PHH's fixed-limit games allow four bets or raises a round (a bet and three raises; the
  // bring-in and blinds not counted: PokerKit's max_completion_betting_or_raising_count), and
  // PHH has no field to lift the cap: a round where the site allowed more (heads-up, where
  // rooms lift it) cannot be written.
  void count_raise(const Event& e) {
    if (h_.structure != Structure::FixedLimit || ++raises_[e.street] <= 4 || !over_cap_.empty())
      return;
    over_cap_ = fmt::format(
        "a fifth bet or raise in a fixed-limit round (line {}): PHH's fixed-limit games allow "
        "four and have no field to lift the cap",
        e.line);
  }

  // The chips an event moves from a stack (a stack not known stays unknown: -1).
  void put_in(const Event& e) {
    switch (e.kind) {
      case EventKind::PostAnte:
      case EventKind::PostDead:
        break;
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostStraddle:
      case EventKind::BringIn:
      case EventKind::Call:
      case EventKind::Bet:
      case EventKind::Raise:
        street_bet_[e.seat] += e.amount;
        break;
      default:
        return;
    }
    auto it = remaining_.find(e.seat);
    if (it != remaining_.end() && it->second >= 0)
      it->second = std::max<Money>(0, it->second - e.amount);
  }

  // A player still in with chips behind who has the street's bet and was asked nothing (the big
  // blind when the others folded or went all-in for less): PHH's engine gives them the option,
  // which changes no money: a check.
  void check_who_did_not_act(std::vector<std::string>& out) {
    if (ended_by_folds() || h_.game.is_draw()) return;
    Money top = 0;
    for (const auto& [seat, bet] : street_bet_) top = std::max(top, bet);
    // Only facing an all-in for less: the engine asks nothing when the bets are level.
    const bool short_all_in = std::any_of(order_.begin(), order_.end(), [&](const Seat* s) {
      auto bet = street_bet_.find(s->seat);
      return !folded_.count(s->seat) && (bet == street_bet_.end() || bet->second < top);
    });
    if (!short_all_in) return;
    for (const Seat* s : order_) {
      auto left = remaining_.find(s->seat);
      if (folded_.count(s->seat) || acted_.count(s->seat) || left == remaining_.end() ||
          left->second <= 0 || top == 0 || street_bet_[s->seat] != top)
        continue;
      acted_.insert(s->seat);
      out.push_back(fmt::format("{} cc", actor(s->seat)));
    }
  }

  // Whether no other player still in can meet a raise: each is all-in or has no more than the
  // bet already made (the seat's own action already counted in street_bet_).
  bool nobody_can_call(int seat) const {
    Money top = 0;
    for (const auto& [other, bet] : street_bet_)
      if (other != seat) top = std::max(top, bet);
    for (const Seat* s : order_) {
      if (s->seat == seat || folded_.count(s->seat)) continue;
      auto left = remaining_.find(s->seat);
      if (left == remaining_.end() || left->second < 0) return false;
      auto bet = street_bet_.find(s->seat);
      if ((bet == street_bet_.end() ? 0 : bet->second) + left->second > top) return false;
    }
    return true;
  }

  // After a draw, PHH deals each player who discarded as many cards: the ones the site showed
  // (the hero's), else unknown ones.
  void deal_replacements(std::vector<std::string>& out) {
    for (const auto& [seat, count] : replacements_) {
      if (count == 0) continue;
      std::string cards = drawn_[seat];
      if (cards.size() != count * 2) {
        cards = unknown_cards(static_cast<int>(count));
        known_hand_.erase(seat);
      } else if (known_hand_.count(seat)) {
        known_hand_[seat] += cards;
      }
      out.push_back(fmt::format("d dh {} {}", actor(seat), cards));
    }
    replacements_.clear();
    drawn_.clear();
  }

  // The hand a seat holds after a draw, as the site printed it: the cards it did not hold
  // before are the ones drawn.
  void note_drawn(const Event& e) {
    auto known = known_hand_.find(e.seat);
    if (known == known_hand_.end()) return;
    std::string drawn;
    for (const std::string& c : card_codes(e.cards).value_or(std::vector<std::string>{}))
      if (!holds_card(known->second, c)) drawn += c;
    drawn_[e.seat] = drawn;
  }

  void discard_known(int seat, const std::string& cards) {
    auto known = known_hand_.find(seat);
    if (known == known_hand_.end()) return;
    if (cards.empty()) {
      known_hand_.erase(known);
      return;
    }
    std::string kept;
    for (std::size_t i = 0; i + 2 <= known->second.size(); i += 2)
      if (!holds_card(cards, std::string_view(known->second).substr(i, 2)))
        kept += known->second.substr(i, 2);
    known->second = kept;
  }

  // A player still in who put chips in on the last street, less than its bet, and has chips
  // behind, and collected nothing folded, though the site printed no fold (a player timed out:
  // Full Tilt's blinds):
  // PHH needs the fold. One who put nothing in is left as the source has it (a source hand
  // missing a fold, the WSOP 2019 #42 hand of the corpus).
  void fold_who_did_not_match(std::vector<std::string>& out) {
    Money top = 0;
    for (const auto& [seat, bet] : street_bet_) top = std::max(top, bet);
    for (const Seat* s : order_) {
      if (folded_.count(s->seat)) continue;
      auto it = remaining_.find(s->seat);
      const Money in = street_bet_[s->seat];
      if (it == remaining_.end() || it->second <= 0 || in == 0 || in >= top ||
          collected_[s->seat] > 0)
        continue;
      folded_.insert(s->seat);
      out.push_back(fmt::format("{} f", actor(s->seat)));
    }
  }

  // The index of the hand's last play: a forced bet, a card dealt to a player, a draw or a
  // betting action (what follows is the showdown, the run-out and the collections).
  std::size_t last_betting_action() const {
    std::size_t last = 0;
    for (std::size_t i = 0; i < h_.events.size(); ++i)
      if (is_play(h_.events[i].kind)) last = i;
    return last;
  }

  static bool is_play(EventKind k) {
    switch (k) {
      case EventKind::PostAnte:
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostStraddle:
      case EventKind::PostDead:
      case EventKind::BringIn:
      case EventKind::DealtHole:
      case EventKind::Discards:
      case EventKind::StandsPat:
        return true;
      default:
        return is_bet_action(k);
    }
  }

  bool ended_by_folds() const {
    return std::count_if(order_.begin(), order_.end(),
                         [&](const Seat* s) { return !folded_.count(s->seat); }) <= 1;
  }

  // What a seat showed (every Shows event of the hand, in order, each card once), packed.
  std::string shown_cards(int seat) const {
    std::string cards;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::Shows && e.seat == seat)
        for (const std::string& c : card_codes(e.cards).value_or(std::vector<std::string>{}))
          if (!holds_card(cards, c)) cards += c;
    return cards;
  }

  // The hole cards the hand dealt a seat (packed), or "" when not all are known.
  std::string dealt_cards(int seat) const {
    std::string cards;
    for (const Event& e : h_.events)
      if (e.kind == EventKind::DealtHole && e.seat == seat) cards += packed(e.cards);
    return cards.size() == static_cast<std::size_t>(h_.game.hole_cards) * 2 ? cards : "";
  }

  void write_voluntary_shows(std::vector<std::string>& out) const {
    for (const Seat* s : order_) {
      const std::string cards = shown_cards(s->seat);
      if (!folded_.count(s->seat) &&
          cards.size() == static_cast<std::size_t>(h_.game.hole_cards) * 2)
        out.push_back(fmt::format("{} sm {}", actor(s->seat), cards));
    }
  }

  // Every player still in shows or mucks, in the order the site printed them: one who showed
  // shows those cards; one who collected without showing keeps the hand (their dealt cards, or
  // unknown ones); the others muck. A folded player's shown cards have no place in PHH.
  // Returns how many players keep their cards.
  int write_showdown(std::vector<std::string>& out) {
    std::vector<int> order;
    int kept = 0;
    for (const Event& e : h_.events)
      if ((e.kind == EventKind::Shows || e.kind == EventKind::Mucks) && index_.count(e.seat) &&
          !folded_.count(e.seat) && std::find(order.begin(), order.end(), e.seat) == order.end())
        order.push_back(e.seat);
    for (const Seat* s : order_)
      if (!folded_.count(s->seat) && std::find(order.begin(), order.end(), s->seat) == order.end())
        order.push_back(s->seat);
    // Those who keep their cards first, then those who muck: PokerKit's engine cannot go on
    // from an all-in showdown where the all-in player mucked before the one left showed.
    std::vector<std::string> mucks;
    for (int seat : order) {
      std::string cards = shown_cards(seat);
      // Stud: a show at the last street is the whole hand in PokerKit; the cards known to be held
      // that the show left out (dealt after an all-in's show) stay in it.
      if (h_.game.is_stud() && !cards.empty())
        for (std::size_t i = 0; i + 2 <= stud_held_[seat].size(); i += 2)
          if (!holds_card(cards, std::string_view(stud_held_[seat]).substr(i, 2)))
            cards += stud_held_[seat].substr(i, 2);
      if (cards.empty() && collected_[seat] > 0) {
        // Stud: the cards it holds that are known (PokerKit's engine shows no unknown card).
        cards = h_.game.is_stud() ? stud_held_[seat] : dealt_cards(seat);
        if (cards.empty()) cards = unknown_cards(h_.game.hole_cards);
      }
      if (cards.empty()) {
        mucks.push_back(fmt::format("{} sm", actor(seat)));
        continue;
      }
      out.push_back(fmt::format("{} sm {}", actor(seat), cards));
      keepers_.push_back(seat);
      ++kept;
    }
    out.insert(out.end(), mucks.begin(), mucks.end());
    return kept;
  }

  // PHH's winnings are what the pots paid: where the site paid the uncalled part of a bet inside
  // a collection (never printing its return), it comes out of that collection, as the audit
  // takes it out (the largest live contribution less the next; for a site that may do either,
  // only when the collections hold more than the pots without it).
  void take_uncalled_out_of_collections() {
    std::map<int, Money> live;
    Money gross = 0, collected = 0;
    for (const Event& e : h_.events) {
      switch (e.kind) {
        case EventKind::UncalledReturned:
          return;  // returned on its own line: no collection holds it
        case EventKind::PostDead:
          gross += e.amount;
          break;
        case EventKind::PostAnte:
        case EventKind::PostSmallBlind:
        case EventKind::PostBigBlind:
        case EventKind::PostStraddle:
        case EventKind::BringIn:
        case EventKind::Call:
        case EventKind::Bet:
        case EventKind::Raise:
          live[e.seat] += e.amount;
          gross += e.amount;
          break;
        case EventKind::Collected:
          collected += e.amount;
          break;
        default:
          break;
      }
    }
    // ToStack: the uncalled part is never inside a collection. Printed, with no line printed
    // (PokerStars' walks, pre-2008 exports): the money tells, as for a silent site.
    if (h_.uncalled_style == UncalledStyle::ToStack || live.empty()) return;
    auto top = live.begin();
    for (auto it = live.begin(); it != live.end(); ++it)
      if (it->second > top->second) top = it;
    Money second = 0;
    for (auto it = live.begin(); it != live.end(); ++it)
      if (it != top) second = std::max(second, it->second);
    const Money excess = top->second - second;
    Money& mine = collected_[top->first];
    if (excess <= 0 || mine < excess) return;
    if (h_.uncalled_style != UncalledStyle::InCollection && collected <= gross - excess) return;
    mine -= excess;
    excess_in_collection_ = excess;  // the site's total pot counted it too
  }

  static bool is_bet_action(EventKind k) {
    return k == EventKind::Fold || k == EventKind::Check || k == EventKind::Call ||
           k == EventKind::Bet || k == EventKind::Raise;
  }

  // Where the site printed every player's stack after the hand (KingsClub).
  void write_finishing_stacks(std::string& t) const {
    std::map<int, Money> after;
    for (const SummarySeat& s : h_.summary)
      if (s.final_stack) after[s.seat] = *s.final_stack;
    for (const Seat* s : order_)
      if (!after.count(s->seat)) return;
    std::vector<std::string> items;
    for (const Seat* s : order_) items.push_back(amount(after.at(s->seat)));
    t += fmt::format("finishing_stacks = {}\n", toml_array(items));
  }

  // PHH's local time with its IANA zone: the model's time is UTC.
  void write_time(std::string& t) const {
    const std::string& u = h_.started_at_utc;  // "YYYY-MM-DDTHH:MM:SSZ"
    if (u.size() != 20) return;
    t += fmt::format("time = {}\ntime_zone = \"UTC\"\nday = {}\nmonth = {}\nyear = {}\n",
                     u.substr(11, 8), std::stoi(u.substr(8, 2)), std::stoi(u.substr(5, 2)),
                     std::stoi(u.substr(0, 4)));
  }

  const Hand& h_;
  std::vector<const Seat*> order_;
  std::map<int, std::size_t> index_;  // seat -> PHH player index (0-based)
  std::map<int, Money> collected_;
  std::set<int> folded_;
  std::set<int> acted_;              // seats that acted on the betting street
  std::map<int, Money> remaining_;   // seat -> chips behind (-1: not known)
  std::map<int, Money> street_bet_;  // seat -> chips put in on the betting street
  Street street_{Street::Preflop};
  std::map<Street, std::vector<const Event*>> boards_;
  std::string dealt_board_;                                // the board cards written, packed
  std::vector<std::pair<int, std::size_t>> replacements_;  // seat, cards drawn
  std::map<int, std::string> known_hand_;  // seat -> the cards it holds, where all are known
  std::map<int, std::string> drawn_;       // seat -> the cards it drew, as the site showed them
  std::map<int, std::string> stud_held_;   // seat -> the known stud cards written for it, packed
  std::map<int, std::size_t> stud_dealt_;  // seat -> the stud cards dealt to it, known or not
  Money bring_in_{0};
  Money small_bet_{0}, big_bet_{0};  // fixed limit: fixed_limit_bets()
  Money excess_in_collection_{0};
  std::optional<std::pair<Street, bool>> turn_phase_;  // street, a draw: check_turn()
  std::size_t last_to_act_{0};
  std::string out_of_turn_;
  std::map<Street, int> raises_;  // the bets and raises written in each round
  std::string over_cap_;
  std::vector<int> keepers_;  // the seats that keep their cards at the showdown
  std::string reason_;
};

}  // namespace

Format::WrittenHand write_hand(const Hand& h) { return Writer(h).write(); }

std::string join_written(const std::vector<std::string>& hands) {
  std::string out;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    if (i) out += "\n";
    out += fmt::format("[{}]\n{}", i + 1, hands[i]);
  }
  return out;
}

}  // namespace hh::phh
