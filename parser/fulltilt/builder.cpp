#include "parser/fulltilt/builder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>

#include "parser/fulltilt/grammar.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"

namespace hh::fulltilt {

namespace {

constexpr const char* kSite = "fulltilt";

// Full Tilt's game names; the one starting first in the header's game field wins, the longest at
// the same start ("5 Card Omaha Hi" beats "Omaha Hi").
constexpr std::array<header::GameName, 16> kGames = {{
    {"5 Card Omaha Hi/Lo", games::kOmaha5HiLo},
    {"5 Card Omaha H/L", games::kOmaha5HiLo},
    {"5 Card Omaha", games::kOmaha5},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha H/L", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Hold'em", games::kHoldem},
    {"Stud H/L", games::kSevenCardStudHiLo},
    {"Stud Hi", games::kSevenCardStud},
    {"Razz", games::kRazz},
    {"5 Card Draw", games::kFiveCardDraw},
    {"2-7 Single Draw", games::kSingleDraw27},
    {"2-7 Triple Draw", games::kTripleDraw27},
    {"A-5 Triple Draw", games::kTripleDrawA5},
    {"Badugi", games::kBadugi},
    {"7 Card Stud", games::kSevenCardStud},
}};

// The limit before the game name: "No Limit", "Pot Limit", "Limit", and the short forms of the
// 2012 headers ("NL Hold'em", "PL 5 Card Omaha Hi", "FL Badugi").
constexpr std::array<header::LimitName, 8> kLimits = {{
    {"No Limit", Structure::NoLimit, header::Match::Contains},
    {"NL", Structure::NoLimit, header::Match::Contains},
    {"Pot Limit", Structure::PotLimit, header::Match::Contains},
    {"PL", Structure::PotLimit, header::Match::Contains},
    {"FL", Structure::FixedLimit, header::Match::Contains},
    {"Limit", Structure::FixedLimit, header::Match::Contains},
}};

constexpr std::array<header::CurrencyMark, 3> kCurrencies = {{
    {"$", "USD"},
    {"€", "EUR"},
    {"£", "GBP"},
}};

// Street markers. Draw games' "FIRST DRAW" opens the second betting round; stud's "3RD STREET"
// the first ("2ND STREET" is five-card stud's first round).
constexpr std::array<stars_family::StreetName, 17> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"2ND STREET", Street::Preflop},
    {"3RD STREET", Street::Preflop},
    {"FLOP", Street::Flop},
    {"FIRST DRAW", Street::Flop},
    {"DRAW", Street::Flop},
    {"DISCARD ROUND", Street::Flop},
    {"4TH STREET", Street::Flop},
    {"TURN", Street::Turn},
    {"SECOND DRAW", Street::Turn},
    {"5TH STREET", Street::Turn},
    {"RIVER", Street::River},
    {"THIRD DRAW", Street::River},
    {"6TH STREET", Street::River},
    {"7TH STREET", Street::Seventh},
    {"SHOW DOWN", Street::Showdown},
    {"SHOWDOWN", Street::Showdown},
}};

// Lines naming no seated player that only Full Tilt writes.
// " adds $X": chips added for the next hand by a player not dealt in; " (Observer): " chat of a
// railbird.
constexpr std::array<std::string_view, 5> kNeutralPhrases = {
    " agree to Run It Twice", " seconds left to act", " sits down", " adds ", " (Observer): "};
constexpr std::array<std::string_view, 5> kNeutralStarts = {"Duration ", "BEGIN", "Pot 1 ",
                                                            "Pot 2 ", "Pot 3 "};
constexpr std::array<std::string_view, 1> kSitsOut = {" is sitting out"};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// "19:36:43 CET", "15:13 ET".
bool is_time_field(std::string_view f) {
  return f.size() >= 5 && is_digit(f[0]) && (f[1] == ':' || (is_digit(f[1]) && f[2] == ':'));
}

// "2011/04/07", "2011/04/07 [13:36:43 ET".
bool is_date_field(std::string_view f) {
  return f.size() >= 10 && is_digit(f[0]) && is_digit(f[3]) && f[4] == '/';
}

// "Wed, July 21, 2010" (a date form of mid-2010) as "2010/07/21" in `out`; false if it is not one.
bool long_date(std::string_view f, std::string& out) {
  constexpr std::array<std::string_view, 12> kMonths = {
      "January", "February", "March",     "April",   "May",      "June",
      "July",    "August",   "September", "October", "November", "December"};
  std::size_t comma = f.find(", ");
  if (comma == std::string_view::npos || comma > 9) return false;
  std::string_view rest = f.substr(comma + 2);  // "July 21, 2010"
  std::size_t space = rest.find(' ');
  std::size_t comma2 = rest.find(", ");
  if (space == std::string_view::npos || comma2 == std::string_view::npos || comma2 < space)
    return false;
  const auto month = std::find(kMonths.begin(), kMonths.end(), rest.substr(0, space));
  std::string_view day = rest.substr(space + 1, comma2 - space - 1);
  std::string_view year = rest.substr(comma2 + 2);
  if (month == kMonths.end() || day.empty() || day.size() > 2 || year.size() != 4) return false;
  const int m = static_cast<int>(month - kMonths.begin()) + 1;
  out = std::string(year) + "/" + (m < 10 ? "0" : "") + std::to_string(m) + "/" +
        (day.size() == 1 ? "0" : "") + std::string(day);
  return true;
}

// "$2.50/$5", "€0.01/€0.02", "800/1600 Ante 150", "500K/1000K", "$0.10/$0.20 Ante $0.02",
// "2B/2B Ante 2B" (Flipout).
bool is_stakes_field(std::string_view f) {
  if (f.empty()) return false;
  std::size_t slash = f.find('/');
  if (slash == std::string_view::npos || slash == 0) return false;
  std::string_view sb = f.substr(0, slash);
  if (sb.find(' ') != std::string_view::npos) return false;
  return is_digit(sb.back()) || sb.back() == 'K' || sb.back() == 'M' || sb.back() == 'B';
}

// "$2,000", "500K" (a thousand chips: the 2011 play-money and tournament headers), and the
// millions and billions of chips of Flipout tournaments, whose first hand forces everyone
// all-in: "2B/2B Ante 2B".
std::optional<Money> stakes_amount(std::string_view text, int unit) {
  text = trim(text);
  constexpr std::array<std::pair<char, Money>, 3> kScales = {
      {{'K', 1000}, {'M', 1000000}, {'B', 1000000000}}};
  for (const auto& [suffix, scale] : kScales) {
    if (text.empty() || text.back() != suffix) continue;
    const std::string_view number = text.substr(0, text.size() - 1);
    // "1.5M": read in a unit `scale` times finer, exactly, where that unit fits.
    if (Money{unit} * scale <= INT32_MAX)
      return parse_amount(number, static_cast<int>(unit * scale));
    auto m = parse_amount(number, unit);
    if (!m || *m > INT64_MAX / scale) return std::nullopt;
    return *m * scale;
  }
  return parse_amount(text, unit);
}

class Builder : stars_family::StarsFamilyBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : StarsFamilyBuilder(text, file, kSite, "Full Tilt",
                           {kNeutralPhrases, kNeutralStarts, kSitsOut}) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    h_.site = kSite;
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why,
               "a Full Tilt header: Full Tilt Poker Game #ID: Table NAME - STAKES - GAME - "
               "HH:MM:SS ZONE - YYYY/MM/DD",
               line);
      return false;
    }
    h_.site_hand_id = std::string(hd.hand_id);
    // Pots and the total are printed before rake (the rake comes out of the main pot).
    h_.reported_pots_net_of_rake = false;
    h_.rake_from_main_pot = true;
    read_place(trim(hd.place));
    std::string_view stakes, game, time, zone, date, et_time, et_date;
    for (std::size_t i = 0; i < hd.fields.size(); ++i) {
      std::string_view f = trim(hd.fields[i]);
      if (is_time_field(f)) {
        std::size_t sp = f.find(' ');
        time = f.substr(0, sp);
        if (sp != std::string_view::npos) zone = trim(f.substr(sp + 1));
      } else if (is_date_field(f)) {
        // "2011/04/07 [13:36:43 ET" then "2011/04/07]": local time, then ET in brackets.
        if (date.empty()) {
          date = f.substr(0, 10);
          if (std::size_t open = f.find('['); open != std::string_view::npos) {
            std::string_view et = f.substr(open + 1);
            et_time = et.substr(0, et.find(' '));
            if (i + 1 < hd.fields.size()) et_date = trim(hd.fields[++i]).substr(0, 10);
          }
        }
      } else if (date.empty() && long_date(f, long_date_)) {
        date = long_date_;
      } else if (stakes.empty() && is_stakes_field(f)) {
        stakes = f;
      } else if (game.empty()) {
        game = f;
      }
    }
    read_game(game, ln);
    if (!read_stakes(stakes, ln)) return false;
    if (!et_date.empty()) h_.started_at_utc = to_utc(et_date, et_time, "ET");
    if (h_.started_at_utc.empty() && !date.empty())
      set_start_time(date, time, zone.empty() ? "ET" : zone, ln);
    return true;
  }

  // "Table Jackrabbit (6 max)", "Table King of the Hill (heads up, deep)", "$26 Super Turbo
  // Matrix (244669447), Match 2", "$5 Sit & Go (Super Turbo) (253843023), Table 1".
  void read_place(std::string_view place) {
    if (starts_with(place, "Table ")) {
      std::string_view name = place.substr(6);
      if (std::size_t open = name.rfind(" ("); open != std::string_view::npos) {
        std::string_view info = name.substr(open + 2);
        name = name.substr(0, open);
        if (starts_with(info, "heads up")) h_.max_seats = 2;
        std::size_t max = info.find(" max");
        if (max != std::string_view::npos && max > 0 && is_digit(info[max - 1]))
          h_.max_seats = info[max - 1] - '0';
      }
      h_.table_name = std::string(name);
      return;
    }
    h_.tournament = true;
    // Rush tournaments ("$4 + $0.40 Rush On Demand", "Turbo $8K Guarantee (Rush)") deal each
    // hand at a new table.
    h_.fast_fold = place.find("Rush") != std::string_view::npos;
    std::size_t comma = place.rfind("), ");
    std::string_view head = comma == std::string_view::npos ? place : place.substr(0, comma);
    if (std::size_t open = head.rfind('('); open != std::string_view::npos)
      h_.tournament_id = std::string(head.substr(open + 1));
    h_.table_name = std::string(comma == std::string_view::npos ? place : place.substr(comma + 3));
  }

  void read_game(std::string_view desc, std::uint32_t ln) {
    const header::GameFound found = header::first_game_in(desc, kGames);
    if (!found.name) {
      issue(ln, "a known game name (Hold'em, Omaha Hi, Stud Hi, Razz, 2-7 Triple Draw, ...)", desc);
      return;
    }
    h_.game = found.name->game;
    std::string_view limit = trim(desc.substr(0, found.pos));
    // "$2,000 Cap Pot Limit", "CAP NL": the most one player may put in the hand.
    if (std::size_t cap = limit.find("Cap "); cap != std::string_view::npos) {
      if (auto m = parse_amount(limit.substr(0, cap), 100)) h_.cap = *m;
      limit = trim(limit.substr(cap + 4));
    } else if (starts_with(limit, "CAP ")) {
      limit = trim(limit.substr(4));
    }
    // The limit is one of kLimits' names, whole: another word ("zzyzx Limit") may change the
    // structure and is not read. A header without one is read as before (the game decides).
    if (!limit.empty() &&
        std::none_of(kLimits.begin(), kLimits.end(),
                     [&](const header::LimitName& l) { return limit == l.printed; })) {
      issue(ln, "a limit (No Limit, Pot Limit, Limit, NL, PL, FL, ...)", limit);
      return;
    }
    h_.limit_text = std::string(limit);
    h_.structure = header::structure_of(limit, kLimits);
  }

  bool read_stakes(std::string_view stakes, std::uint32_t ln) {
    std::size_t slash = stakes.find('/');
    if (slash == std::string_view::npos) {
      issue(ln, "stakes as SMALL/BIG", stakes);
      return false;
    }
    h_.currency = header::currency_of(stakes, kCurrencies);
    h_.unit = h_.currency.empty() ? 1 : 100;
    std::string_view big = stakes.substr(slash + 1);
    std::string_view ante;
    if (std::size_t a = big.find(" Ante "); a != std::string_view::npos) {
      ante = big.substr(a + 6);
      big = big.substr(0, a);
    }
    auto sb = stakes_amount(stakes.substr(0, slash), h_.unit);
    auto bb = stakes_amount(big, h_.unit);
    if (!sb || !bb) {
      issue(ln, "stakes as SMALL/BIG", stakes);
      return false;
    }
    if (h_.cap != 0 && h_.unit == 1) h_.cap /= 100;  // read in cents above
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit || h_.game.is_stud()) {
      // Fixed-limit stakes are the two bet sizes ("$2.50/$5": blinds of $1 and $2.50).
      h_.small_bet = *sb;
      h_.big_bet = *bb;
    }
    if (!ante.empty())
      if (auto a = stakes_amount(ante, h_.unit)) h_.ante = *a;
    stud_ = h_.game.is_stud();
    return true;
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) override {
    std::string_view name = sl.name;
    // Run it twice: "TURN 1", "RIVER 2", "SHOW DOWN 2", "SUMMARY 1" name the board.
    int board = 0;
    if (name.size() > 2 && name[name.size() - 2] == ' ' && is_digit(name.back())) {
      board = std::max(0, name.back() - '1');
      name.remove_suffix(2);
    }
    if (name == "SUMMARY") {  // one summary per board after the hand's own
      in_summary_ = true;
      ++summaries_;
      return;
    }
    std::optional<Street> next = street_named(name, kStreets, sl, ln);
    if (!next) return;
    enter_street(*next, board);
    if (!sl.cards.empty() && *next != Street::Preflop && !stud_)
      board_event(*next, board, sl.cards.back(), ln);
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls $X, bets $X, raises to $X, posts the small blind of "
           "$X, antes $X, brings in for $X, discards N cards, ...)";
  }
  std::string note_form() const override {
    return "a note (wins the pot ($X), shows [..], mucks, has N seconds left to act, ...)";
  }

  void before_action(const ast::Action& a) override {
    // "wins pot 2 ($X)": the second board's share of the main pot (run it twice).
    if (a.verb == ast::Verb::Collected && run_) showdown_board_ = run_ - 1;
  }

  bool site_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ")) {
      ast::StreetLine sl;
      if (parse_all(line, street_line(), sl)) {
        street_marker(sl, ln);
        return true;
      }
    }
    if (in_summary_) {
      if (starts_with(line, "Board: [")) return true;
      return false;
    }
    if (starts_with(line, "Seat ") && street_ == Street::Setup) {
      ast::SeatLine sl;
      if (parse_all(line, seat_line(), sl)) {
        read_seat(sl, ln);
        return true;
      }
    }
    if (starts_with(line, "Seats: ")) {  // 2013 tournaments: the table's size
      if (auto n = parse_amount(line.substr(7), 1)) h_.max_seats = static_cast<int>(*n);
      return true;
    }
    if (starts_with(line, "The button is in seat #")) {
      if (auto b = parse_amount(line.substr(23), 1)) h_.button_seat = static_cast<int>(*b);
      return true;
    }
    if (starts_with(line, "Uncalled bet of ")) {
      ast::UncalledLine u;
      if (parse_all(line, uncalled_line(), u)) {
        uncalled(u, ln);
        return true;
      }
    }
    // Chat: "NAME: text".
    if (auto chat = player_then(line, ": ")) {
      add_event(EventKind::Chat, ln).text = std::string(line);
      return true;
    }
    // Every player line is "NAME verb ...": betting and notes alike.
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, action(), a)) {
        run_ = 0;
        if (a.verb == ast::Verb::Collected && starts_with(m->second, "wins pot "))
          run_ = run_of(m->second.substr(9));
        if (a.verb == ast::Verb::Collected && starts_with(m->second, "ties for pot "))
          run_ = run_of(m->second.substr(13));
        action_line(m->first, m->second, ln);
        return true;
      }
    }
    return false;
  }

  // A summary seat line's money is read whole or the line is not read: a parenthesised amount
  // comes after "won", "collected" or a pot ("wins the side pot ($X)", "ties for the pot ($X)")
  // and reads to its end; a shown hand goes on "and won" or "and lost". Any other word before an
  // amount ("jflex1989 zzyzx ($41.80)") or an amount that does not read ("won ($7O.60)") is the
  // reader's gap, never a win of nothing.
  void read_line(std::string_view line, std::uint32_t ln) override {
    last_line_ = ln;
    if (in_summary_ && starts_with(line, "Seat ") && !summary_money_reads(line, ln)) return;
    StarsFamilyBuilder::read_line(line, ln);
  }

  bool summary_money_reads(std::string_view line, std::uint32_t ln) {
    return shown_summary_money_reads(line, ln, {"won ", "collected ", " pot "},
                                     "won (X), collected (X) or pot (X) in a summary seat line");
  }

  bool site_neutral_line(std::string_view line, std::uint32_t ln) override {
    // The low hand of a hi/lo show down, on its own line: " (8,7,4,3,A)".
    // A lone U+FFFD: the odd last byte of a UTF-16 file cut one byte short (fpdb's samples).
    if ((starts_with(line, "(") && line.ends_with(")")) || line == "\xEF\xBF\xBD") {
      other(line, ln);
      return true;
    }
    return false;
  }

  static int run_of(std::string_view digits) {
    return !digits.empty() && is_digit(digits[0]) ? digits[0] - '0' : 0;
  }

  void read_total_line(std::string_view line, std::uint32_t ln) override {
    ast::TotalLine t;
    if (!parse_all(line, total_line(), t)) {
      issue(ln, "Total pot $X [Main pot $Y. Side pot $Z.] | Rake $R", line);
      return;
    }
    h_.total_pot = money(t.total, ln);
    h_.totals_line = ln;
    if (!t.main_pot.empty()) {
      if (auto m = money(t.main_pot, ln)) h_.reported_pots.push_back({0, *m});
      int index = 1;
      for (std::string_view s : t.side_pots)
        if (auto m = money(s, ln)) h_.reported_pots.push_back({index++, *m});
    }
    if (!t.rake.empty()) h_.rake = money(t.rake, ln);
  }

  // The summary of a hand run twice is printed once per board: one seat, one summary line.
  void finish_site() override {
    std::vector<SummarySeat> merged;
    for (SummarySeat& s : h_.summary) {
      auto same = std::find_if(merged.begin(), merged.end(),
                               [&](const SummarySeat& m) { return m.seat == s.seat; });
      if (same == merged.end()) {
        merged.push_back(std::move(s));
        continue;
      }
      same->won += s.won;
      same->has_won = same->has_won || s.has_won;
      same->folded = same->folded || s.folded;
    }
    // What a seat won in a hand run twice is stated by every board's summary: it is read at the
    // last of them (a summary line of a later board not read leaves it unknown).
    if (summaries_ > 1)
      for (SummarySeat& s : merged) s.line = last_line_;
    h_.summary = std::move(merged);
    // A walk prints no "Uncalled bet" line (the big blind's excess is returned silently: "Total
    // pot 30" for blinds of 15 and 30) and no collection in the body: the summary's "collected
    // (30), mucked" is the only place it is printed. Some showdown-less pots are printed the same
    // way (hand 31318808612: "Seat 5: jflex1989 collected ($41.80), mucked", no line in the body).
    // Only a walk: where anyone called, bet or raised, a missing uncalled line stays a warning.
    silent_uncalled_in_a_walk();
    collections_from_summary();
  }

  bool stud_{false};
  std::string long_date_;  // the header's "Wed, July 21, 2010" as "2010/07/21"
  int run_{0};             // "wins pot N": the board N of a hand run twice, 0 otherwise
  int summaries_{0};       // "*** SUMMARY ***" markers: more than one in a hand run twice
  std::uint32_t last_line_{0};
};

}  // namespace

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::fulltilt
