#include "parser/betonline/builder.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <vector>

#include "parser/betonline/grammar.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"

namespace hh::betonline {

namespace {

// The rooms of the Chico software; the site is "betonline" for all of them.
constexpr std::array<std::string_view, 4> kRooms = {"BetOnline Poker", "PayNoRake", "Gear Poker",
                                                    "Sportsbetting.ag Poker"};

// The header names Hold'em for Omaha tables too (finish_site tells them apart by the cards).
constexpr std::array<header::GameName, 3> kGames = {{
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Hold'em", games::kHoldem},
}};

// Windows time zone names as printed, and the IANA zone each stands for. Windows prints the
// zone's name, not whether summer time applies ("GMT Standard Time" in June): the date decides.
const char* iana_zone_of(std::string_view windows_name) {
  static const std::map<std::string_view, const char*> zones = {
      {"Eastern Daylight Time", "America/New_York"},
      {"Eastern Standard Time", "America/New_York"},
      {"GMT Daylight Time", "Europe/London"},
      {"GMT Standard Time", "Europe/London"},
  };
  auto it = zones.find(windows_name);
  return it == zones.end() ? nullptr : it->second;
}

// Lines naming no seated player: observers joining or leaving.
constexpr std::array<std::string_view, 2> kNeutralPhrases = {" joins the table at seat #",
                                                             " has left the table"};
constexpr std::array<std::string_view, 0> kNeutralStarts = {};
constexpr std::array<std::string_view, 0> kSitsOut = {};

constexpr std::array<stars_family::StreetName, 5> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"FLOP", Street::Flop},
    {"TURN", Street::Turn},
    {"RIVER", Street::River},
    {"SHOW DOWN", Street::Showdown},
}};

// The number of cards in "[Jh 9d 7d Kh]" or "Jd 8s".
std::size_t card_count(std::string_view cards) {
  std::size_t n = 0;
  bool in_card = false;
  for (char c : cards) {
    const bool sep = c == ' ' || c == '[' || c == ']';
    if (!sep && !in_card) ++n;
    in_card = !sep;
  }
  return n;
}

// The seat the model stores for a printed one. The site numbers seats from 0 (the model's seat 0
// is "no seat"); BetOnline's numbers grow clockwise, Gear Poker's shrink (hand 1014850512: button
// 9, small blind 8, big blind 7, first to act 6), and the model's grow clockwise.
int stored_seat(unsigned printed, bool gear) {
  return gear ? 10 - static_cast<int>(printed) : static_cast<int>(printed) + 1;
}

// "Seat N: REST" with N's stored number.
std::optional<std::string> renumbered_seat_line(std::string_view line, bool gear) {
  std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon <= 5) return std::nullopt;
  unsigned seat = 0;
  auto [p, ec] = std::from_chars(line.data() + 5, line.data() + colon, seat);
  if (ec != std::errc() || p != line.data() + colon) return std::nullopt;
  return "Seat " + std::to_string(stored_seat(seat, gear)) + std::string(line.substr(colon));
}

class Builder : stars_family::StarsFamilyBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : StarsFamilyBuilder(text, file, "betonline", "BetOnline",
                           {kNeutralPhrases, kNeutralStarts, kSitsOut}) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why,
               "a BetOnline header: ROOM Game #N: GAME LIMIT ($SB/BB) - YYYY/MM/DD HH:MM:SS ZONE",
               line);
      return false;
    }
    gear_ = hd.room == "Gear Poker";
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    const header::GameFound game = header::first_game_in(hd.description, kGames);
    if (!game.name) {
      issue(ln, "a known game name (Hold'em, Omaha)", hd.description);
      return false;
    }
    h_.game = game.name->game;
    std::string_view after = trim(hd.description.substr(game.end()));
    std::string_view limit = trim(after.substr(0, after.find('(')));
    // The tournament's "Hold'em $10.00/$20.00" has amounts where the limit would be.
    if (limit.find_first_of("$0123456789") != std::string_view::npos) limit = {};
    std::string_view stakes;
    if (std::size_t open = after.find('('); open != std::string_view::npos)
      stakes = after.substr(open + 1, after.find(')', open) - open - 1);
    h_.limit_text = std::string(limit);
    // Tournament and Gear Poker headers print no limit: read as no limit (the corpus's Gear
    // Poker hand 1014850775 raises all-in for 50 big blinds preflop).
    h_.structure =
        limit.empty() ? Structure::NoLimit : header::structure_of(limit, stars_family::kLimits);
    if (h_.structure == Structure::Unknown) {
      issue(ln, "a limit (No Limit, Pot Limit, Limit)", hd.description);
      return false;
    }
    // Amounts have two decimals everywhere, tournament chips ("29513.42 in chips") included.
    h_.unit = 100;
    if (!stakes.empty() && !h_.tournament) {
      h_.currency = header::currency_of(stakes, stars_family::kCurrencies);
      std::size_t slash = stakes.find('/');
      auto sb = money(stakes.substr(0, slash), ln);
      auto bb =
          slash == std::string_view::npos ? std::nullopt : money(stakes.substr(slash + 1), ln);
      if (!sb || !bb) return false;
      h_.small_blind = *sb;
      h_.big_blind = *bb;
      if (h_.structure == Structure::FixedLimit) {
        h_.small_bet = *bb;
        h_.big_bet = 2 * *bb;
      }
    }
    // Otherwise (tournaments, whose header pair is not the blinds posted, and Gear Poker's play
    // money, which prints none) the blinds are those posted (apply_bet).
    std::string date(hd.date);
    for (char& c : date)
      if (c == '-') c = '/';
    if (hd.zone.empty()) {
      h_.started_at_utc = to_utc_iana(date, hd.time, "UTC");  // Gear Poker prints no zone
    } else if (const char* iana = iana_zone_of(hd.zone)) {
      h_.started_at_utc = to_utc_iana(date, hd.time, iana);
    } else {
      h_.started_at_utc = to_utc(date, hd.time, hd.zone);
    }
    if (h_.started_at_utc.empty()) issue(ln, "a known time zone and a valid date", hd.zone);
    return true;
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      ast::StreetLine sl;
      if (!parse_all(line, street_line(), sl)) {
        issue(ln, "a street marker (*** FLOP *** [..], ...)", line);
      } else if (sl.name == "SUMMARY") {
        in_summary_ = true;
        street_ = Street::Showdown;
      } else {
        street_marker(sl, ln);
      }
      return;
    }
    if (starts_with(line, "Total pot ") || starts_with(line, "Total Pot ")) {
      read_total_line(line, ln);
      return;
    }
    if (starts_with(line, "Seat ") && in_summary_) {
      if (auto renumbered = renumbered_seat_line(line, gear_)) {
        summary_seat(*renumbered, ln);
        return;
      }
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        Seat s;
        s.seat = stored_seat(sl.seat, gear_);
        s.player = std::string(sl.player);
        if (auto m = money(sl.stack, ln)) s.stack = *m;
        // "0.00 in chips" for a player who then bets (hand 1073060164: four of them): the stack of
        // a player just seated is not printed.
        s.stack_unknown = s.stack == 0;
        add_seat(std::move(s), ln);
        return;
      }
    }
    if (starts_with(line, "Table ") && h_.table_name.empty()) {
      ast::TableLine t;
      if (parse_all(line, table_line(), t)) {
        h_.table_name = std::string(t.name);
        h_.max_seats = static_cast<int>(t.max_seats);
        h_.button_seat = stored_seat(t.button, gear_);
        return;
      }
    }
    if (starts_with(line, "Dealt To ") && dealt_hole_cards(line.substr(9), ln)) return;  // Gear
    if (in_summary_ && starts_with(line, "Board [")) summary_board_seen_ = true;
    StarsFamilyBuilder::read_line(line, ln);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) override {
    std::optional<Street> next = street_named(sl.name, kStreets, sl, ln);
    if (!next) return;
    enter_street(*next, 0);
    if (!sl.cards.empty() && *next != Street::Preflop) board_event(*next, 0, sl.cards.back(), ln);
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, note(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., post now X, "
           "ante processed X)";
  }
  std::string note_form() const override {
    return "a note (shows CARDS, said \"..\", has left the table)";
  }

  // "Total pot X | Rake R": one line per pot as it is paid, net of rake, the side pots first
  // (before the summary or in it), the main pot last. 2011's hands print the summary's totals and
  // board twice: the copy, after a "Board" line, is not a pot (any line of the first block).
  void read_total_line(std::string_view line, std::uint32_t ln) override {
    ast::TotalLine t;
    if (!parse_all(line, total_line(), t)) {
      issue(ln, "Total pot X | Rake R", line);
      return;
    }
    const bool copied =
        std::find(summary_totals_.begin(), summary_totals_.end(), line) != summary_totals_.end();
    if (in_summary_ && summary_board_seen_ && copied) {
      other(line, ln);
      return;
    }
    if (in_summary_ && !summary_board_seen_) summary_totals_.push_back(line);
    // 2011's hands print a side pot's line twice in a row: one pot (issue 33, point 15).
    const bool repeated =
        ln == last_total_ln_ + 1 && line == last_total_ && h_.started_at_utc.substr(0, 4) <= "2011";
    last_total_ = line;
    last_total_ln_ = ln;
    if (repeated) {
      other(line, ln);
      return;
    }
    auto pot = money(t.pot, ln);
    if (!pot) return;
    pots_.push_back(*pot);
    last_rake_ = t.rake.empty() ? std::nullopt : money(t.rake, ln);
    h_.totals_line = ln;
  }

  bool site_line(std::string_view line, std::uint32_t ln) override {
    // Between a tournament's hands: the client's notice, no play.
    if (is_notice_line(line)) {
      other(line, ln);
      return true;
    }
    if (line.find(" said \"") != std::string_view::npos) {
      add_event(EventKind::Chat, ln).text = std::string(line);
      return true;
    }
    // A seated player with no name (tournament hand 1078353699: "Seat 4:  (100.00 in chips)"):
    // their lines start with what follows the name.
    for (const Seat& s : h_.seats) {
      if (!s.player.empty()) continue;
      if (starts_with(line, "shows ") || starts_with(line, "has left the table")) {
        note_line(s.seat, line, ln);
        return true;
      }
    }
    // A player who leaves during the hand after putting chips in folds (hand 1605730318: the
    // small blind leaves, the summary no longer lists them, the pot pays the others).
    if (auto m = player_then(line, " "); m && m->second == "has left the table") {
      if (!in_summary_ && put_in(m->first) > 0 && !folded(m->first)) {
        add_event(EventKind::Fold, ln).seat = m->first;
        return true;
      }
      return false;
    }
    // The summary repeats a show-down line ("Player2 shows 8c 8s", hand 900205774).
    if (auto m = player_then(line, " "); in_summary_ && m && starts_with(m->second, "shows ")) {
      other(line, ln);
      return true;
    }
    return false;
  }

  void apply_bet(Event& e, std::uint32_t ln) override {
    if (e.kind == EventKind::PostAnte && e.amount == 0) {
      // "ante processed 0.00" is printed for every seat, those sitting out too: not a forced bet,
      // which would count the seat as dealt in.
      e.kind = EventKind::Other;
      e.text = "ante processed 0.00";
      return;
    }
    if (e.kind == EventKind::PostBothBlinds) {
      // "post dead 0.50": the big blind live, the small blind dead besides (hand 1002134798: the
      // pot holds 0.25 more than the bets); "post dead 0.00": the dead small blind alone (hand
      // 900203618: likewise 0.25 more).
      if (e.amount == 0) e.kind = EventKind::PostDead;
      e.dead = e.kind == EventKind::PostDead ? 0 : h_.small_blind;
      e.amount += h_.small_blind;
    }
    // A player seated with "0.00 in chips" (stack not printed) who calls short of the bet is
    // all-in (hand 1073067278: "calls 2.25" of 3.26, no more bets from them): their stack was
    // what they put in, this call included.
    if (e.kind == EventKind::Call && bets_.committed(e) + e.amount < street_bet()) {
      for (Seat& seat : h_.seats) {
        if (seat.seat != e.seat || !seat.stack_unknown) continue;
        seat.stack = put_in(e.seat) + e.amount;
        seat.stack_unknown = false;
        e.all_in = true;
      }
    }
    // Headers without the blinds posted: the first posts are the blinds.
    if (e.kind == EventKind::PostSmallBlind && h_.small_blind == 0) h_.small_blind = e.amount;
    if (e.kind == EventKind::PostBigBlind && h_.big_blind == 0) h_.big_blind = e.amount;
    StarsFamilyBuilder::apply_bet(e, ln);
  }

  // The largest street total of the current betting round so far.
  Money street_bet() const {
    const Street round = street_ == Street::Setup ? Street::Preflop : street_;
    Money top = 0;
    for (const Event& e : h_.events) {
      const Street r = e.street == Street::Setup ? Street::Preflop : e.street;
      if (r == round) top = std::max(top, e.to);
    }
    return top;
  }

  bool folded(int seat) const {
    for (const Event& e : h_.events)
      if (e.seat == seat && e.kind == EventKind::Fold) return true;
    return false;
  }

  // What the player put into the pot: forced bets and bets, less what came back uncalled.
  Money put_in(int seat) const {
    Money total = 0;
    for (const Event& e : h_.events) {
      if (e.seat != seat) continue;
      switch (e.kind) {
        case EventKind::PostAnte:
        case EventKind::PostSmallBlind:
        case EventKind::PostBigBlind:
        case EventKind::PostBothBlinds:
        case EventKind::PostDead:
        case EventKind::Call:
        case EventKind::Bet:
        case EventKind::Raise:
          total += e.amount;
          break;
        case EventKind::UncalledReturned:
          total -= e.amount;
          break;
        default:
          break;
      }
    }
    return total;
  }

  // The summary names the winners of the main pot only in some hands: side pots whose winner it
  // does not name (hands 1606125823, 1078353699, 1073059444, 1073064152, 1073068149) went to
  // those of them who reached every pot's level (put in as much as anyone's bet was matched):
  // their hand beat or tied every hand in the main pot, so it beats or ties every hand in the side
  // pots, whose players are some of the main pot's.
  void pay_unnamed_side_pots(Money main_pot) {
    Money named = 0;
    for (const SummarySeat& s : h_.summary) named += s.won;
    Money side = 0;
    for (std::size_t i = 0; i + 1 < pots_.size(); ++i) side += pots_[i];
    if (side == 0 || named != main_pot) return;
    // The largest amount matched: the second largest put in (the largest one's excess nobody
    // called, returned whether printed or not).
    Money largest = 0, matched = 0;
    for (const Seat& s : h_.seats) {
      const Money in = put_in(s.seat);
      if (in > largest) {
        matched = largest;
        largest = in;
      } else if (in > matched) {
        matched = in;
      }
    }
    std::vector<SummarySeat*> contesting;
    for (SummarySeat& s : h_.summary)
      if (s.won > 0 && put_in(s.seat) >= matched) contesting.push_back(&s);
    const auto n = static_cast<Money>(contesting.size());
    if (n == 0 || side % n != 0) return;
    for (SummarySeat* s : contesting) s->won += side / n;
  }

  void finish_site() override {
    // BetOnline's Omaha tables are headed "Hold'em Pot Limit": four hole cards tell.
    if (h_.game.name() == games::kHoldem.name()) {
      for (const Event& e : h_.events)
        if ((e.kind == EventKind::DealtHole || e.kind == EventKind::Shows) &&
            card_count(e.cards.printed()) == 4) {
          h_.game = games::kOmaha;
          break;
        }
    }
    if (pots_.size() == 1) {
      // One pot: its rake is the hand's (tournaments print none: there is none), the pot before
      // rake the total.
      h_.rake = h_.tournament && !last_rake_ ? Money{0} : last_rake_;
      if (h_.rake) h_.total_pot = pots_.front() + *h_.rake;
    } else if (pots_.size() > 1) {
      // Several pots: each printed net of rake, the main pot last. The "Rake" on their lines is
      // not the hand's in 2012 (hand 1073059444: 1.35, 1.10, 0.60, 0.60 for pots that lost 1.70
      // in all): the audit derives the rake.
      for (std::size_t i = 0; i < pots_.size(); ++i)
        h_.reported_pots.push_back({static_cast<int>(pots_.size() - 1 - i), pots_[i]});
      if (h_.tournament) h_.rake = 0;
      pay_unnamed_side_pots(pots_.back());
    }
    // No "collected" lines: the summary's "collected (X)" and "won (X)" are the collections.
    collections_from_summary();
    // Gear Poker and 2012's hands print no uncalled-bet line: the bettor's excess goes back
    // silently.
    silent_uncalled_unless_printed();
  }

  bool gear_{false};
  std::vector<Money> pots_;  // each "Total pot X" line, in order
  std::optional<Money> last_rake_;
  std::vector<std::string_view> summary_totals_;  // the summary's lines before its board
  std::string_view last_total_;                   // the last "Total pot" line read, and its number
  std::uint32_t last_total_ln_{0};
  bool summary_board_seen_{false};
};

}  // namespace

bool is_hand_start(std::string_view line) {
  line = trim(line);
  for (std::string_view room : kRooms) {
    if (!starts_with(line, room)) continue;
    std::string_view after = line.substr(room.size());
    if (!starts_with(after, " Game #")) return false;
    std::size_t i = 7;
    while (i < after.size() && after[i] >= '0' && after[i] <= '9') ++i;
    return i > 7 && after.substr(i).starts_with(": ");
  }
  return false;
}

bool is_notice_line(std::string_view line) {
  return trim(line) == "Tournament will start in a moment.";
}

bool is_preamble(std::string_view text) {
  bool any = false;
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(from, end - from));
    from = end + 1;
    if (line.empty()) continue;
    if (!is_notice_line(line)) return false;
    any = true;
  }
  return any;
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::betonline
