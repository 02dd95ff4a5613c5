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
      return "cards OHH has no code for (" + e.cards.printed() + ")";
  }
  return {};
}

// OHH's card codes of printed cards (cannot_express() has refused a hand with any other).
std::vector<std::string> split_cards(const EventCards& cards) {
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

// The Hand as one OHH object, piece by piece: the header, the players, the rounds of actions,
// then the pots built from the bets with each pot's rake and wins.
class HandWriter {
 public:
  explicit HandWriter(const Hand& h) : h_(h), chips_(chips_put_in(h)) {
    for (const Seat& s : h.seats) id_of_seat_[s.seat] = static_cast<int>(id_of_seat_.size());
  }

  Format::WrittenHand write() {
    Format::WrittenHand w;
    if (std::string why = cannot_express(h_); !why.empty()) {
      w.lost.push_back(std::move(why));
      return w;
    }
    j_.open("", '{');
    j_.open("ohh", '{');
    write_header();
    write_players();
    write_rounds(w.lost);
    PotsToWrite pots = pots_to_write(w.lost);
    if (std::string why = pot_paying_more(pots); !why.empty()) {
      Format::WrittenHand refused;
      refused.lost.push_back(std::move(why));
      return refused;
    }
    write_pots(pots);
    j_.close('}');
    j_.close('}');
    w.written = true;
    w.text = std::move(j_).text();
    return w;
  }

 private:
  // The pots as written: built from the bets, with each pot's rake and what it paid whom.
  struct PotsToWrite {
    std::vector<BuiltPot> pots;
    std::map<int, std::map<int, Win>> wins;  // pot -> seat -> what it paid
    bool rake_written{false};  // a printed rake, or the site's own split of it over the pots
    int count{0};              // the built pots, and a pot beyond them that a win names
  };

  std::string amount(Money m) const { return format_amount(m, h_.unit); }

  void write_header() {
    j_.string("spec_version", "1.4.7");
    // The card room: its house rules judge the hand read back. A hand read from OHH keeps the
    // site, network and game number that identify it.
    const Format* source =
        format_by_name(h_.house_rules_site.empty() ? h_.site : h_.house_rules_site);
    const std::string site = source ? std::string(source->display_name()) : h_.site;
    KeyParts key = h_.site == "ohh" ? key_parts(h_.site_hand_id) : KeyParts{};
    if (key.site.empty() && key.network.empty()) key = {site, site, h_.site_hand_id};
    j_.string("site_name", key.site);
    j_.string("network_name", key.network);
    j_.string("internal_version", "hhaudit 0.1.0");
    j_.boolean("tournament", h_.tournament);
    if (h_.tournament) {
      j_.open("tournament_info", '{');
      j_.string("tournament_number", h_.tournament_id);
      j_.close('}');
    }
    j_.string("game_number", key.number);
    j_.string("start_date_utc", h_.started_at_utc);
    j_.string("table_name", h_.table_name);
    int table_size = h_.max_seats;
    for (const Seat& s : h_.seats) table_size = std::max(table_size, s.seat);
    j_.integer("table_size", table_size);
    j_.string("game_type", game_type(h_.game));
    j_.open("bet_limit", '{');
    j_.string("bet_type", bet_type(h_.structure));
    j_.raw("bet_cap", amount(h_.cap));
    j_.close('}');
    j_.string("currency", h_.currency.empty() ? "Chips" : h_.currency);
    j_.raw("small_blind_amount", amount(h_.small_blind));
    j_.raw("big_blind_amount", amount(h_.live_big_blind()));
    j_.raw("ante_amount", amount(h_.ante));
    j_.integer("dealer_seat", h_.button_seat);
    j_.open("flags", '[');
    j_.close(']');
  }

  void write_players() {
    j_.open("players", '[');
    for (const Seat& s : h_.seats) {
      j_.open("", '{');
      j_.integer("id", id_of_seat_.at(s.seat));
      j_.integer("seat", s.seat);
      j_.string("name", s.player);
      j_.raw("starting_stack", amount(s.stack));
      if (s.bounty != 0) j_.raw("player_bounty", amount(s.bounty));
      if (s.sitting_out) j_.boolean("is_sitting_out", true);
      j_.close('}');
    }
    j_.close(']');
  }

  // The events of each round (the forced bets open the preflop round) and each round's board;
  // what has no OHH action is named in `lost`.
  void sort_into_rounds(std::vector<std::string>& lost) {
    std::set<std::string> dropped;
    for (std::size_t i = 0; i < h_.events.size(); ++i) {
      const Event& e = h_.events[i];
      if (e.kind == EventKind::Board) {
        std::vector<std::string>& b = boards_[round_of(e.street)];
        for (std::string& c : split_cards(e.cards)) b.push_back(std::move(c));
        continue;
      }
      if (e.kind == EventKind::Collected || e.kind == EventKind::CashedOut ||
          e.kind == EventKind::UncalledReturned)
        continue;  // the pots state them; a reader derives the uncalled part
      const bool neutral = e.kind == EventKind::Other || e.kind == EventKind::Chat;
      if (e.seat == 0 || !id_of_seat_.count(e.seat)) {
        if (!neutral) dropped.insert(event_kind_name(e.kind));
        continue;
      }
      if (e.kind == EventKind::PostBothBlinds || action_name(e.kind))
        actions_[round_of(e.street)].push_back(i);
      else if (!neutral)
        dropped.insert(event_kind_name(e.kind));
    }
    for (const std::string& d : dropped) lost.push_back(d + " (no OHH action)");
  }

  static const char* street_name(Street s) {
    return s == Street::Preflop ? "Preflop"
           : s == Street::Flop  ? "Flop"
           : s == Street::Turn  ? "Turn"
           : s == Street::River ? "River"
                                : "Showdown";
  }

  // A round for every street with cards or actions, in the order of the streets.
  void write_rounds(std::vector<std::string>& lost) {
    sort_into_rounds(lost);
    j_.open("rounds", '[');
    int round_id = 0;
    for (Street s :
         {Street::Preflop, Street::Flop, Street::Turn, Street::River, Street::Showdown}) {
      if (!actions_.count(s) && !boards_.count(s)) continue;
      j_.open("", '{');
      j_.integer("id", round_id++);
      j_.string("street", street_name(s));
      j_.open("cards", '[');
      for (const std::string& c : boards_[s]) j_.string("", c);
      j_.close(']');
      j_.open("actions", '[');
      for (std::size_t i : actions_[s]) {
        const Event& e = h_.events[i];
        if (e.kind == EventKind::PostBothBlinds) {
          // OHH has no action for both blinds at once: the live part and the dead part.
          write_action(e, "Post BB", e.amount - e.dead);
          if (e.dead != 0) write_action(e, "Post Dead", e.dead);
          continue;
        }
        write_action(e, action_name(e.kind), chips_[i]);
      }
      j_.close(']');
      j_.close('}');
    }
    j_.close(']');
  }

  void write_action(const Event& e, const char* name, Money chips) {
    j_.open("", '{');
    j_.integer("action_number", ++action_number_);
    j_.integer("player_id", id_of_seat_.at(e.seat));
    j_.string("action", name);
    j_.raw("amount", amount(chips));
    j_.boolean("is_allin", e.all_in);
    if (!e.cards.empty()) {
      j_.open("cards", '[');
      for (const std::string& c : split_cards(e.cards)) j_.string("", c);
      j_.close(']');
    }
    j_.close('}');
  }

  // Each player's collections and cash-outs by the pot they name; a collection "from the pot"
  // when there are several pots goes to `unlabelled`.
  void sort_wins(const std::vector<BuiltPot>& pots, PotsToWrite& out) {
    for (const Event& e : h_.events) {
      if (!id_of_seat_.count(e.seat)) continue;
      if (e.kind == EventKind::Collected) {
        if (e.pot_index < 0 && pots.size() > 1) {
          unlabelled_[e.seat] += e.amount;
          continue;
        }
        Win& win = out.wins[std::max(e.pot_index, 0)][e.seat];
        win.won += e.amount;
        win.has_won = true;
      } else if (e.kind == EventKind::CashedOut) {
        Win& win = out.wins[0][e.seat];
        win.cashout += e.amount;
        win.cashout_fee += e.fee;
        win.cashed = true;
      }
    }
  }

  // What the wins pay in all (`with_cashouts`: cash-outs too).
  Money wins_total(const PotsToWrite& p, bool with_cashouts) const {
    Money total = 0;
    for (const auto& [pot, seats] : p.wins)
      for (const auto& [seat, win] : seats) total += win.won + (with_cashouts ? win.cashout : 0);
    for (const auto& [seat, won] : unlabelled_) total += won;
    return total;
  }

  // Where the site paid the uncalled part inside the bettor's collection (Winamax, Unibet; the
  // money tells, as the audit judges it), OHH's win is the collection less that part.
  void take_uncalled_out(const Pots& built, PotsToWrite& p) {
    Money pot_total = 0;
    for (const BuiltPot& pot : p.pots) pot_total += pot.amount;
    // A site that prints its uncalled returns and printed none here (PokerStars' walks,
    // pre-2008 exports) is read as a silent one: the money tells.
    const bool none_printed = std::none_of(h_.events.begin(), h_.events.end(), [](const Event& e) {
      return e.kind == EventKind::UncalledReturned;
    });
    const bool in_collection = h_.uncalled_style == UncalledStyle::InCollection ||
                               ((h_.uncalled_style == UncalledStyle::Silent ||
                                 (h_.uncalled_style == UncalledStyle::Printed && none_printed)) &&
                                wins_total(p, false) > pot_total);
    if (built.uncalled <= 0 || !in_collection) return;
    auto own = unlabelled_.find(built.uncalled_seat);
    if (own != unlabelled_.end() && own->second >= built.uncalled) {
      own->second -= built.uncalled;
      return;
    }
    for (auto it = p.wins.rbegin(); it != p.wins.rend(); ++it) {
      auto in_pot = it->second.find(built.uncalled_seat);
      if (in_pot == it->second.end() || in_pot->second.won < built.uncalled) continue;
      in_pot->second.won -= built.uncalled;
      // A collection that was only the uncalled part is no win.
      if (in_pot->second.won == 0 && !in_pot->second.cashed) it->second.erase(in_pot);
      break;
    }
  }

  // The pots built from the bets, the wins in them, the rake over them.
  PotsToWrite pots_to_write(std::vector<std::string>& lost) {
    Pots built = pots_of(h_, chips_);
    PotsToWrite p;
    p.pots = built.pots;
    sort_wins(p.pots, p);
    take_uncalled_out(built, p);
    Money pot_total = 0;
    for (const BuiltPot& pot : p.pots) pot_total += pot.amount;
    // The rake and fees over the pots; where the site prints no rake, the rake the audit
    // derives (what the pots held less what was paid), so that a collection is spread over what
    // each pot paid. Written: a printed rake, or the rake of each pot the site printed net of it
    // (BetOnline prints "Total pot 1.26" per pot and no rake: the read-back audit takes the same
    // split, not one in proportion).
    const Money fees = h_.fee_total();
    const bool site_split =
        split_rake(h_, p.pots,
                   h_.rake ? *h_.rake + fees : std::max<Money>(0, pot_total - wins_total(p, true)));
    p.rake_written = h_.rake || site_split;
    spread_unlabelled(p.pots, unlabelled_, p.wins);
    if (h_.total_pot && *h_.total_pot != pot_total + built.uncalled && *h_.total_pot != pot_total)
      lost.push_back("a total pot the bets do not add up to (the pots are written as bet)");
    std::set<std::string> fee_names;
    for (const Fee& f : h_.fees) fee_names.insert(f.name);
    if (!fee_names.empty() && !(fee_names.size() == 1 && *fee_names.begin() == "jackpot"))
      lost.push_back("the names of the fees (written as the jackpot)");
    // A pot beyond the built ones only where a win names it (a collection that was only the
    // uncalled part, "side pot #1" in PartyPoker 2621679197, names no pot once taken out).
    p.count = static_cast<int>(p.pots.size());
    for (const auto& [pot, seats] : p.wins)
      if (!seats.empty()) p.count = std::max(p.count, pot + 1);
    return p;
  }

  // A pot paying more than it holds is the site's own error (the audit reports it): OHH states
  // each pot's amount and what it paid, and no reader accepts the one above the other. The
  // reason the hand is refused, or "".
  std::string pot_paying_more(PotsToWrite& p) const {
    for (int i = 0; i < p.count; ++i) {
      const bool built = i < static_cast<int>(p.pots.size());
      Money paid_out = built && p.rake_written ? p.pots[i].rake : 0;
      for (const auto& [seat, win] : p.wins[i]) paid_out += win.won;
      const Money held = built ? p.pots[i].amount : 0;
      if (paid_out > held)
        return "pot " + std::to_string(i) + " pays " + amount(paid_out) + " of " + amount(held) +
               ": the collections are more than the bets put in";
    }
    return {};
  }

  void write_pots(PotsToWrite& p) {
    Money jackpot_left = h_.fee_total();
    j_.open("pots", '[');
    for (int i = 0; i < p.count; ++i) {
      const BuiltPot* bp = i < static_cast<int>(p.pots.size()) ? &p.pots[i] : nullptr;
      const Money taken = bp ? bp->rake : 0;
      const Money jackpot = std::min(jackpot_left, taken);
      jackpot_left -= jackpot;
      j_.open("", '{');
      j_.integer("number", i);
      j_.raw("amount", amount(bp ? bp->amount : 0));
      if (p.rake_written) j_.raw("rake", amount(taken - jackpot));
      if (jackpot != 0) j_.raw("jackpot", amount(jackpot));
      j_.open("player_wins", '[');
      for (const auto& [seat, win] : p.wins[i]) write_win(seat, win);
      j_.close(']');
      j_.close('}');
    }
    j_.close(']');
  }

  void write_win(int seat, const Win& win) {
    j_.open("", '{');
    j_.integer("player_id", id_of_seat_.at(seat));
    if (win.has_won || !win.cashed) j_.raw("win_amount", amount(win.won));
    if (win.cashed) {
      j_.raw("cashout_amount", amount(win.cashout));
      j_.raw("cashout_fee", amount(win.cashout_fee));
    }
    j_.close('}');
  }

  const Hand& h_;
  const std::vector<Money> chips_;  // the chips each event puts in (chips_put_in)
  std::map<int, int> id_of_seat_;   // seat -> OHH player id
  Json j_;
  std::map<Street, std::vector<std::size_t>> actions_;  // event indices by round
  std::map<Street, std::vector<std::string>> boards_;   // each round's board, as card codes
  int action_number_{0};
  std::map<int, Money> unlabelled_;  // seat -> collected "from the pot" of several
};

}  // namespace

Format::WrittenHand write_hand(const Hand& h) { return HandWriter(h).write(); }

}  // namespace hh::ohh
