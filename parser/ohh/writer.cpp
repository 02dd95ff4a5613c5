// Writing a Hand of any format as one OHH object. Amounts are formatted from minor units
// (format_amount), never through floating point. OHH states every pot with its rake, so the pots
// are built from the bets as the audit builds them (model/pots.hpp), with the site's own split of
// the rake where it printed one; the uncalled part of a bet is not written (OHH has no action
// for it: a reader derives it). docs/convert.md lists what maps to what and what is lost.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/json_text.hpp"
#include "model/pots.hpp"
#include "parser/card_codes.hpp"
#include "parser/ohh/ohh.hpp"
#include "parser/text/money.hpp"

namespace hh::ohh {

namespace {

// A small pretty-printing JSON writer: one value per line, four spaces a level, as the samples
// PokerTracker writes; the first line of a hand is "{" alone (is_hand_start).
class Json {
 public:
  void open(std::string_view key, char bracket) {
    item(key);
    out_ += bracket;
    ++depth_;
    first_ = true;
  }
  void close(char bracket) {
    --depth_;
    out_ += '\n';
    indent();
    out_ += bracket;
    first_ = false;
  }
  void string(std::string_view key, std::string_view value) {
    item(key);
    append_json_string(out_, value);
  }
  void raw(std::string_view key, std::string_view value) {
    item(key);
    out_ += value;
  }
  void integer(std::string_view key, long long value) { raw(key, std::to_string(value)); }
  void boolean(std::string_view key, bool value) { raw(key, value ? "true" : "false"); }
  std::string text() && { return std::move(out_) + "\n"; }

 private:
  void item(std::string_view key) {
    if (depth_ > 0) {
      if (!first_) out_ += ',';
      out_ += '\n';
      indent();
    }
    first_ = false;
    if (!key.empty()) {
      append_json_string(out_, key);
      out_ += ": ";
    }
  }
  void indent() { out_.append(static_cast<std::size_t>(depth_) * 4, ' '); }

  std::string out_;
  int depth_{0};
  bool first_{true};
};

const char* game_type(const Game& g) {
  if (g.variant == GameVariant::Holdem) return "Holdem";
  if (g.variant == GameVariant::Omaha && g.hole_cards == 4) return g.hi_lo ? "OmahaHiLo" : "Omaha";
  return nullptr;
}

const char* bet_type(Structure s) {
  switch (s) {
    case Structure::NoLimit:
      return "NL";
    case Structure::PotLimit:
      return "PL";
    case Structure::FixedLimit:
      return "FL";
    default:
      return nullptr;
  }
}

// The OHH action of an event that is one, nullptr for an event OHH has no action for.
const char* action_name(EventKind k) {
  switch (k) {
    case EventKind::DealtHole:
      return "Dealt Cards";
    case EventKind::Mucks:
      return "Mucks Cards";
    case EventKind::Shows:
      return "Shows Cards";
    case EventKind::PostAnte:
      return "Post Ante";
    case EventKind::PostSmallBlind:
      return "Post SB";
    case EventKind::PostBigBlind:
      return "Post BB";
    case EventKind::PostStraddle:
      return "Straddle";
    case EventKind::PostDead:
      return "Post Dead";
    case EventKind::PostSleeper:
      return "Post Extra Blind";
    case EventKind::Fold:
      return "Fold";
    case EventKind::Check:
      return "Check";
    case EventKind::Bet:
      return "Bet";
    case EventKind::Raise:
      return "Raise";
    case EventKind::Call:
      return "Call";
    default:
      return nullptr;
  }
}

bool is_live_bet(EventKind k) {
  return k == EventKind::PostSmallBlind || k == EventKind::PostBigBlind ||
         k == EventKind::PostStraddle || k == EventKind::PostSleeper || k == EventKind::Bet ||
         k == EventKind::Raise || k == EventKind::Call || k == EventKind::PostBothBlinds;
}

// Why OHH cannot hold this hand, or "" when it can.
std::string cannot_express(const Hand& h) {
  if (!h.parsed) return "the hand could not be read";
  if (!game_type(h.game))
    // OHH 1.4 names Stud, StudHiLo and Draw games, but has no bring-in, no draw and no
    // street past the river to write them with; Razz and Badugi it does not name.
    return std::string(h.game.is_stud() || h.game.is_draw()
                           ? "OHH has no bring-in, draw or stud street for "
                           : "OHH has no game type for ") +
           (h.game.name().empty() ? std::string("an unknown game") : std::string(h.game.name()));
  if (!bet_type(h.structure))
    return std::string("OHH has no bet type for ") + structure_name(h.structure);
  if (h.currency.empty() ? h.unit != 1 : h.unit != 100)
    return "amounts in 1/" + std::to_string(h.unit) + " units of " +
           (h.currency.empty() ? std::string("chips") : h.currency);
  if (h.cancelled) return "the hand was cancelled (OHH has no flag for a hand called off)";
  if (h.started_at_utc.empty()) return "the hand's start time is not known (OHH requires one)";
  if (h.site_added != 0) return "money the site added to the pot (OHH has no field for it)";
  for (const Seat& s : h.seats)
    if (s.stack_unknown) return "seat " + std::to_string(s.seat) + "'s stack is not known";
  for (const Event& e : h.events) {
    if (e.kind == EventKind::Board && e.board_index > 0) return "a second board (run it twice)";
    if (e.kind == EventKind::PostButtonBlind || e.kind == EventKind::PostKill ||
        e.kind == EventKind::BringIn || e.kind == EventKind::Discards ||
        e.kind == EventKind::StandsPat)
      return std::string("OHH has no action for ") + event_kind_name(e.kind);
    // iPoker's disconnect protection (sum="DP"), WPN's "is disconnected and ALL IN": the seat is
    // all-in with chips behind. OHH's is_allin marks an action that puts the stack in.
    if (e.kind == EventKind::SitsOut && e.all_in)
      return "an all-in with chips behind (disconnect protection): OHH has no action for it";
    if (!e.cards.empty() && !card_codes(e.cards))
      return "cards OHH has no code for (" + e.cards + ")";
  }
  return {};
}

// OHH's card codes of printed cards (cannot_express() has refused a hand with any other).
std::vector<std::string> split_cards(std::string_view cards) {
  return card_codes(cards).value_or(std::vector<std::string>{});
}

Street round_of(Street s) { return s == Street::Setup ? Street::Preflop : s; }

// The chips each event puts in, by event: a raise's is its "to" less the player's street bet
// (what the audit counts), every other event's its amount.
std::vector<Money> chips_put_in(const Hand& h) {
  std::vector<Money> chips(h.events.size(), 0);
  std::map<int, Money> street_bet;
  Street current = Street::Setup;
  for (std::size_t i = 0; i < h.events.size(); ++i) {
    const Event& e = h.events[i];
    if (round_of(e.street) != round_of(current)) street_bet.clear();
    current = e.street;
    chips[i] = e.kind == EventKind::Raise && e.to > 0 ? e.to - street_bet[e.seat] : e.amount;
    if (is_live_bet(e.kind)) street_bet[e.seat] += chips[i] - e.dead;
  }
  return chips;
}

struct Pots {
  std::vector<BuiltPot> pots;
  // The part of the largest bet nobody called, where the hand prints no return of it: it is in
  // no pot (OHH writes no uncalled bets; a reader derives them the same way).
  int uncalled_seat{0};
  Money uncalled{0};
};

// What each seat put in, as the audit replays it, for the pots.
Pots pots_of(const Hand& h, const std::vector<Money>& chips) {
  struct Put {
    Money gross{0}, returned{0}, dead{0};
    bool folded{false}, all_in{false};
  };
  std::map<int, Put> put;
  for (std::size_t i = 0; i < h.events.size(); ++i) {
    const Event& e = h.events[i];
    if (e.seat == 0) continue;
    Put& p = put[e.seat];
    switch (e.kind) {
      case EventKind::PostAnte:
      case EventKind::PostSmallBlind:
      case EventKind::PostBigBlind:
      case EventKind::PostStraddle:
      case EventKind::PostSleeper:
      case EventKind::Bet:
      case EventKind::Raise:
      case EventKind::Call:
        p.gross += chips[i];
        break;
      case EventKind::PostDead:
        p.gross += e.amount;
        p.dead += e.amount;
        break;
      case EventKind::PostBothBlinds:
        p.gross += e.amount;
        p.dead += e.dead;
        break;
      case EventKind::UncalledReturned:
        p.returned += e.amount;
        break;
      case EventKind::Fold:
        p.folded = true;
        break;
      default:
        break;
    }
    p.all_in |= e.all_in;
  }
  Pots out;
  Money top = 0, second = 0;
  for (const auto& [seat, p] : put) {
    const Money live = p.gross - p.returned - p.dead;
    if (live > top) {
      second = top;
      top = live;
      out.uncalled_seat = seat;
    } else {
      second = std::max(second, live);
    }
  }
  out.uncalled = top - second;
  std::vector<PotInput> in;
  for (const auto& [seat, p] : put) {
    const Money net = p.gross - p.returned - (seat == out.uncalled_seat ? out.uncalled : 0);
    const Seat* s = h.seat_of(seat);
    const bool empty = s && s->stack == p.gross;
    in.push_back({seat, net, p.folded, (p.all_in || empty) && net > 0, std::min(p.dead, net)});
  }
  out.pots = build_pots(in);
  return out;
}

// The rake (and fees) of each pot: the site's own split where it printed each pot net of rake
// and the parts add up (true), else in proportion (or all on the main pot,
// Hand::rake_from_main_pot).
bool split_rake(const Hand& h, std::vector<BuiltPot>& pots, Money taken) {
  if (h.reported_pots_net_of_rake && h.reported_pots.size() == pots.size()) {
    Money sum = 0;
    bool plausible = true;
    for (const ReportedPot& rp : h.reported_pots) {
      if (rp.index < 0 || rp.index >= static_cast<int>(pots.size())) {
        plausible = false;
        break;
      }
      const Money part = pots[rp.index].amount - rp.amount;
      plausible = plausible && part >= 0;
      sum += part;
    }
    if (plausible && sum == taken) {
      for (const ReportedPot& rp : h.reported_pots)
        pots[rp.index].rake = pots[rp.index].amount - rp.amount;
      return true;
    }
  }
  attribute_rake(pots, taken, h.rake_from_main_pot, h.rake_from_side_pot);
  return false;
}

struct Win {
  Money won{0};
  bool has_won{false};
  Money cashout{0}, cashout_fee{0};
  bool cashed{false};
};

// A collection "from the pot" when the bets make several pots (the site names none): OHH names a
// pot for every win, so it is spread over the pots its winner could win, the last side pot first
// (a winner of a side pot wins the pots below it too), each pot taking what is left of it after
// its rake and the wins the site did name; winners sharing a pot share it evenly. What no pot
// takes stays in the main pot's win, where the audit shows the excess.
void spread_unlabelled(const std::vector<BuiltPot>& pots, std::map<int, Money>& unlabelled,
                       std::map<int, std::map<int, Win>>& wins) {
  auto pay = [&](int pot, int seat, Money amount) {
    if (amount <= 0) return;
    Win& win = wins[pot][seat];
    win.won += amount;
    win.has_won = true;
    unlabelled[seat] -= amount;
  };
  for (auto pot = pots.rbegin(); pot != pots.rend(); ++pot) {
    Money left = pot->amount - pot->rake;
    for (const auto& [seat, win] : wins[pot->index]) left -= win.won;
    std::vector<int> sharing;
    for (int seat : pot->eligible)
      if (unlabelled.count(seat) && unlabelled[seat] > 0) sharing.push_back(seat);
    if (sharing.empty() || left <= 0) continue;
    const Money share = left / static_cast<Money>(sharing.size());
    for (int seat : sharing) {
      const Money part = std::min(unlabelled[seat], share);
      pay(pot->index, seat, part);
      left -= part;
    }
    // The odd chips first to the seats with least of their collection left: a crumb of a
    // collection belongs with the rest of it, not in a lower pot its winner may not have won
    // (Bovada 2902253333: 0.01 of a side-pot win put in the main pot made a wrong winner).
    std::stable_sort(sharing.begin(), sharing.end(),
                     [&](int a, int b) { return unlabelled[a] < unlabelled[b]; });
    for (int seat : sharing) {  // the odd chips
      const Money part = std::min(unlabelled[seat], left);
      pay(pot->index, seat, part);
      left -= part;
    }
  }
  for (const auto& [seat, rest] : std::map<int, Money>(unlabelled)) pay(0, seat, rest);
}

}  // namespace

Format::WrittenHand write_hand(const Hand& h) {
  Format::WrittenHand w;
  if (std::string why = cannot_express(h); !why.empty()) {
    w.lost.push_back(std::move(why));
    return w;
  }
  auto amount = [&](Money m) { return format_amount(m, h.unit); };
  std::map<int, int> id_of_seat;
  for (const Seat& s : h.seats) id_of_seat[s.seat] = static_cast<int>(id_of_seat.size());

  Json j;
  j.open("", '{');
  j.open("ohh", '{');
  j.string("spec_version", "1.4.7");
  // The card room: its house rules judge the hand read back (an OHH hand keeps the room its own
  // site_name named).
  const Format* source = format_by_name(h.house_rules_site.empty() ? h.site : h.house_rules_site);
  const std::string site = source ? std::string(source->display_name()) : h.site;
  j.string("site_name", site);
  j.string("network_name", site);
  j.string("internal_version", "hhaudit 0.1.0");
  j.boolean("tournament", h.tournament);
  if (h.tournament) {
    j.open("tournament_info", '{');
    j.string("tournament_number", h.tournament_id);
    j.close('}');
  }
  j.string("game_number", h.site_hand_id);
  j.string("start_date_utc", h.started_at_utc);
  j.string("table_name", h.table_name);
  int table_size = h.max_seats;
  for (const Seat& s : h.seats) table_size = std::max(table_size, s.seat);
  j.integer("table_size", table_size);
  j.string("game_type", game_type(h.game));
  j.open("bet_limit", '{');
  j.string("bet_type", bet_type(h.structure));
  j.raw("bet_cap", amount(h.cap));
  j.close('}');
  j.string("currency", h.currency.empty() ? "Chips" : h.currency);
  j.raw("small_blind_amount", amount(h.small_blind));
  j.raw("big_blind_amount", amount(h.live_big_blind()));
  j.raw("ante_amount", amount(h.ante));
  j.integer("dealer_seat", h.button_seat);
  j.open("flags", '[');
  j.close(']');

  j.open("players", '[');
  for (const Seat& s : h.seats) {
    j.open("", '{');
    j.integer("id", id_of_seat.at(s.seat));
    j.integer("seat", s.seat);
    j.string("name", s.player);
    j.raw("starting_stack", amount(s.stack));
    if (s.bounty != 0) j.raw("player_bounty", amount(s.bounty));
    if (s.sitting_out) j.boolean("is_sitting_out", true);
    j.close('}');
  }
  j.close(']');

  // Rounds: the forced bets open the preflop round; a round for every street with cards or
  // actions, in the order of the streets.
  const std::vector<Money> chips = chips_put_in(h);
  std::map<Street, std::vector<std::size_t>> actions;  // event indices by round
  std::map<Street, std::string> boards;
  std::set<std::string> dropped;
  for (std::size_t i = 0; i < h.events.size(); ++i) {
    const Event& e = h.events[i];
    if (e.kind == EventKind::Board) {
      std::string& b = boards[round_of(e.street)];
      if (!b.empty()) b += ' ';
      b += e.cards;
      continue;
    }
    if (e.kind == EventKind::Collected || e.kind == EventKind::CashedOut ||
        e.kind == EventKind::UncalledReturned)
      continue;  // the pots state them; a reader derives the uncalled part
    if (e.seat == 0 || !id_of_seat.count(e.seat)) {
      if (e.kind != EventKind::Other && e.kind != EventKind::Chat)
        dropped.insert(event_kind_name(e.kind));
      continue;
    }
    if (e.kind == EventKind::PostBothBlinds || action_name(e.kind))
      actions[round_of(e.street)].push_back(i);
    else if (e.kind != EventKind::Other && e.kind != EventKind::Chat)
      dropped.insert(event_kind_name(e.kind));
  }
  for (const std::string& d : dropped) w.lost.push_back(d + " (no OHH action)");

  j.open("rounds", '[');
  int round_id = 0, action_number = 0;
  for (Street s : {Street::Preflop, Street::Flop, Street::Turn, Street::River, Street::Showdown}) {
    if (!actions.count(s) && !boards.count(s)) continue;
    j.open("", '{');
    j.integer("id", round_id++);
    j.string("street", s == Street::Preflop ? "Preflop"
                       : s == Street::Flop  ? "Flop"
                       : s == Street::Turn  ? "Turn"
                       : s == Street::River ? "River"
                                            : "Showdown");
    j.open("cards", '[');
    for (const std::string& c : split_cards(boards[s])) j.string("", c);
    j.close(']');
    j.open("actions", '[');
    auto action = [&](const Event& e, const char* name, Money chips) {
      j.open("", '{');
      j.integer("action_number", ++action_number);
      j.integer("player_id", id_of_seat.at(e.seat));
      j.string("action", name);
      j.raw("amount", amount(chips));
      j.boolean("is_allin", e.all_in);
      if (!e.cards.empty()) {
        j.open("cards", '[');
        for (const std::string& c : split_cards(e.cards)) j.string("", c);
        j.close(']');
      }
      j.close('}');
    };
    for (std::size_t i : actions[s]) {
      const Event& e = h.events[i];
      if (e.kind == EventKind::PostBothBlinds) {
        // OHH has no action for both blinds at once: the live part and the dead part.
        action(e, "Post BB", e.amount - e.dead);
        if (e.dead != 0) action(e, "Post Dead", e.dead);
        continue;
      }
      action(e, action_name(e.kind), chips[i]);
    }
    j.close(']');
    j.close('}');
  }
  j.close(']');

  // Pots: built from the bets; each player's collections and cash-outs by pot.
  Pots built = pots_of(h, chips);
  std::vector<BuiltPot>& pots = built.pots;
  const Money fees = h.fee_total();
  std::map<int, std::map<int, Win>> wins;  // pot -> seat -> what it paid
  std::map<int, Money> unlabelled;         // seat -> collected "from the pot" of several
  for (const Event& e : h.events) {
    if (!id_of_seat.count(e.seat)) continue;
    if (e.kind == EventKind::Collected) {
      if (e.pot_index < 0 && pots.size() > 1) {
        unlabelled[e.seat] += e.amount;
        continue;
      }
      Win& win = wins[std::max(e.pot_index, 0)][e.seat];
      win.won += e.amount;
      win.has_won = true;
    } else if (e.kind == EventKind::CashedOut) {
      Win& win = wins[0][e.seat];
      win.cashout += e.amount;
      win.cashout_fee += e.fee;
      win.cashed = true;
    }
  }
  // Where the site paid the uncalled part inside the bettor's collection (Winamax, Unibet; the
  // money tells, as the audit judges it), OHH's win is the collection less that part.
  Money pot_total = 0, collected = 0;
  for (const BuiltPot& p : pots) pot_total += p.amount;
  for (const auto& [pot, seats] : wins)
    for (const auto& [seat, win] : seats) collected += win.won;
  for (const auto& [seat, won] : unlabelled) collected += won;
  // A site that prints its uncalled returns and printed none here (PokerStars' walks, pre-2008
  // exports) is read as a silent one: the money tells.
  const bool none_printed = std::none_of(h.events.begin(), h.events.end(), [](const Event& e) {
    return e.kind == EventKind::UncalledReturned;
  });
  const bool in_collection = h.uncalled_style == UncalledStyle::InCollection ||
                             ((h.uncalled_style == UncalledStyle::Silent ||
                               (h.uncalled_style == UncalledStyle::Printed && none_printed)) &&
                              collected > pot_total);
  if (built.uncalled > 0 && in_collection) {
    auto own = unlabelled.find(built.uncalled_seat);
    if (own != unlabelled.end() && own->second >= built.uncalled) {
      own->second -= built.uncalled;
    } else {
      for (auto it = wins.rbegin(); it != wins.rend(); ++it) {
        auto in_pot = it->second.find(built.uncalled_seat);
        if (in_pot == it->second.end() || in_pot->second.won < built.uncalled) continue;
        in_pot->second.won -= built.uncalled;
        // A collection that was only the uncalled part is no win.
        if (in_pot->second.won == 0 && !in_pot->second.cashed) it->second.erase(in_pot);
        break;
      }
    }
  }
  // The rake and fees over the pots; where the site prints no rake, the rake the audit derives
  // (what the pots held less what was paid), so that a collection is spread over what each pot
  // paid. Written: a printed rake, or the rake of each pot the site printed net of it (BetOnline
  // prints "Total pot 1.26" per pot and no rake: the read-back audit takes the same split, not
  // one in proportion).
  Money paid = 0;
  for (const auto& [pot, seats] : wins)
    for (const auto& [seat, win] : seats) paid += win.won + win.cashout;
  for (const auto& [seat, won] : unlabelled) paid += won;
  const bool site_split =
      split_rake(h, pots, h.rake ? *h.rake + fees : std::max<Money>(0, pot_total - paid));
  spread_unlabelled(pots, unlabelled, wins);
  if (h.total_pot && *h.total_pot != pot_total + built.uncalled && *h.total_pot != pot_total)
    w.lost.push_back("a total pot the bets do not add up to (the pots are written as bet)");
  std::set<std::string> fee_names;
  for (const Fee& f : h.fees) fee_names.insert(f.name);
  if (!fee_names.empty() && !(fee_names.size() == 1 && *fee_names.begin() == "jackpot"))
    w.lost.push_back("the names of the fees (written as the jackpot)");
  // A pot beyond the built ones only where a win names it (a collection that was only the
  // uncalled part, "side pot #1" in PartyPoker 2621679197, names no pot once taken out).
  int pot_count = static_cast<int>(pots.size());
  for (const auto& [pot, seats] : wins)
    if (!seats.empty()) pot_count = std::max(pot_count, pot + 1);
  // A pot paying more than it holds is the site's own error (the audit reports it): OHH states
  // each pot's amount and what it paid, and no reader accepts the one above the other.
  for (int i = 0; i < pot_count; ++i) {
    Money paid_out = i < static_cast<int>(pots.size()) && (h.rake || site_split) ? pots[i].rake : 0;
    for (const auto& [seat, win] : wins[i]) paid_out += win.won;
    const Money held = i < static_cast<int>(pots.size()) ? pots[i].amount : 0;
    if (paid_out > held) {
      Format::WrittenHand refused;
      refused.lost.push_back("pot " + std::to_string(i) + " pays " + amount(paid_out) + " of " +
                             amount(held) + ": the collections are more than the bets put in");
      return refused;
    }
  }
  Money jackpot_left = fees;
  j.open("pots", '[');
  for (int i = 0; i < pot_count; ++i) {
    const BuiltPot* bp = i < static_cast<int>(pots.size()) ? &pots[i] : nullptr;
    const Money taken = bp ? bp->rake : 0;
    const Money jackpot = std::min(jackpot_left, taken);
    jackpot_left -= jackpot;
    j.open("", '{');
    j.integer("number", i);
    j.raw("amount", amount(bp ? bp->amount : 0));
    if (h.rake || site_split) j.raw("rake", amount(taken - jackpot));
    if (jackpot != 0) j.raw("jackpot", amount(jackpot));
    j.open("player_wins", '[');
    for (const auto& [seat, win] : wins[i]) {
      j.open("", '{');
      j.integer("player_id", id_of_seat.at(seat));
      if (win.has_won || !win.cashed) j.raw("win_amount", amount(win.won));
      if (win.cashed) {
        j.raw("cashout_amount", amount(win.cashout));
        j.raw("cashout_fee", amount(win.cashout_fee));
      }
      j.close('}');
    }
    j.close(']');
    j.close('}');
  }
  j.close(']');
  j.close('}');
  j.close('}');
  w.written = true;
  w.text = std::move(j).text();
  return w;
}

}  // namespace hh::ohh
