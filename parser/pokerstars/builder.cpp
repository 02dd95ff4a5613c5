#include "parser/pokerstars/builder.hpp"

#include <algorithm>
#include <array>

#include "parser/pokerstars/grammar.hpp"
#include "parser/sniff.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/stars_family_builder.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/tournament_results.hpp"

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

// Known game names; the one starting first in the description wins, the longest at the same
// start, so that "5 Card Omaha Hi/Lo" beats "Omaha".
constexpr std::array<header::GameName, 20> kGames = {{
    {"5 Card Omaha Hi/Lo", games::kOmaha5HiLo},
    {"5-Card Omaha High", games::kOmaha5},
    {"5 Card Omaha", games::kOmaha5},
    {"6 Card Omaha", games::kOmaha6},
    {"Omaha Hi/Lo", games::kOmahaHiLo},
    {"Omaha", games::kOmaha},
    {"Courchevel Hi/Lo", games::kCourchevelHiLo},
    {"Courchevel", games::kCourchevel},
    {"Split Hold'em", games::kSplitHoldem},
    {"6+ Hold'em", games::kShortDeckHoldem},
    {"Hold'em", games::kHoldem},
    {"5 Card Draw", games::kFiveCardDraw},
    {"Single Draw 2-7 Lowball", games::kSingleDraw27},
    {"Triple Draw 2-7 Lowball", games::kTripleDraw27},
    {"Triple Draw A-5 Lowball", games::kTripleDrawA5},
    {"Badugi", games::kBadugi},
    {"7 Card Stud Hi/Lo", games::kSevenCardStudHiLo},
    {"7 Card Stud", games::kSevenCardStud},
    {"Razz", games::kRazz},
    {"Stud", games::kSevenCardStud},
}};

// Finds the game and limit in a header description such as "Split Hold'em No Limit ($1/$2 USD)",
// "$5.00+$0.50 Hold'em No Limit - Level XIX (10/20)" or "8-Game (Razz Limit, $400/$800 USD)".
void read_game(std::string_view desc, Hand& h) {
  const header::GameFound found = header::first_game_in(desc, kGames);
  if (!found.name) return;
  h.game = found.name->game;
  std::string_view after = trim(desc.substr(found.end()));
  // The limit ends at the stakes: ", " in mixed headers, " (" or " - Level" otherwise.
  std::size_t end = std::min(
      {after.find(", $"), after.find(" ("), after.find(" - "), after.find(")"), after.find(", ")});
  if (after.find("Pre-Flop, No Limit Post-Flop") != std::string_view::npos)
    end = after.find("Post-Flop") + 9;
  std::string_view limit =
      trim(after.substr(0, end == std::string_view::npos ? after.size() : end));
  h.limit_text = std::string(limit);
  h.structure = header::structure_of(trim(limit), stars_family::kLimits);
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

}  // namespace

bool is_hand_start(std::string_view line) {
  line = trim(line);
  // Called on every line of every file: reject on the first letter before comparing rooms.
  if (line.empty() || (line[0] != 'P' && line[0] != 'R' && line[0] != 'F')) return false;
  // Full Tilt's own software ("Full Tilt Poker Game #") is read by parser/fulltilt/.
  if (sniff::is_full_tilt_software_line(line)) return false;
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

// Lines naming no seated player that only PokerStars writes (the family's own are shared).
constexpr std::array<std::string_view, 3> kNeutralPhrases = {
    " joins the table at seat #", " re-buys and receives", " is sitting out"};
constexpr std::array<std::string_view, 7> kNeutralStarts = {
    "Progressive KO",
    "The hand was run twice",
    "Hand was run twice",
    "Pair on board - a double bet is allowed",
    "Title: ",
    "STP added: ",
    "Table leave user"};
constexpr std::array<std::string_view, 1> kSitsOut = {": sits out"};

// Street markers: flop games, draw games ("FIRST DRAW" opens the second betting round) and stud.
constexpr std::array<stars_family::StreetName, 16> kStreets = {{
    {"HOLE CARDS", Street::Preflop},
    {"DEALING HANDS", Street::Preflop},
    {"3rd STREET", Street::Preflop},
    {"FLOP", Street::Flop},
    {"FIRST DRAW", Street::Flop},
    {"DRAW", Street::Flop},
    {"4th STREET", Street::Flop},
    {"TURN", Street::Turn},
    {"SECOND DRAW", Street::Turn},
    {"5th STREET", Street::Turn},
    {"RIVER", Street::River},
    {"THIRD DRAW", Street::River},
    {"6th STREET", Street::River},
    {"7th STREET", Street::Seventh},
    {"SHOW DOWN", Street::Showdown},
    {"SHOWDOWN", Street::Showdown},
}};

class Builder : stars_family::StarsFamilyBuilder {
 public:
  Builder(const HandText& text, const std::string& file)
      : StarsFamilyBuilder(text, file, "pokerstars", "PokerStars",
                           {kNeutralPhrases, kNeutralStarts, kSitsOut}) {}

  using HandBuilder::build;

 private:
  bool read_header_line(std::string_view line, std::uint32_t ln) override {
    h_.site = "pokerstars";
    ast::Header hd;
    x3_actions::Expectation why;
    if (!parse_all(line, header(), hd, why)) {
      rejected(ln, why,
               "a PokerStars header: ROOM Hand #ID: GAME LIMIT (SB/BB) - YYYY/MM/DD HH:MM:SS ZONE",
               line);
      return false;
    }
    h_.site = site_slug(hd.room);
    // "PokerStars Zoom Hand #", "Full Tilt Rush Hand #", "... Zoom Tournament #".
    const std::string_view before_id = line.substr(0, line.find('#'));
    h_.fast_fold = before_id.find("Zoom") != std::string_view::npos ||
                   before_id.find("Rush") != std::string_view::npos;
    h_.reported_pots_net_of_rake = h_.site != "runitonce";
    h_.site_hand_id = std::string(hd.hand_id);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    if (h_.tournament) {
      // "$200+$50+$15 USD Omaha Pot Limit ...": buy-in, knockout bounty, fee.
      const std::string_view buy_in = hd.description.substr(0, hd.description.find(' '));
      h_.knockout_bounty = tournament_results::knockout_bounty(buy_in).value_or(0);
    }
    read_game(hd.description, h_);
    if (!h_.game.known())
      issue(ln, "a known game name (Hold'em, Omaha, 7 Card Stud, ...)", hd.description);
    else if (h_.structure == Structure::Unknown)  // the limit decides the chip and the bets
      issue(ln, "a limit (No Limit, Pot Limit, Limit, ...)", h_.limit_text);
    std::string_view stakes = stakes_of(hd.description);
    h_.currency =
        h_.tournament ? std::string() : header::currency_of(stakes, stars_family::kCurrencies);
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
      set_time(hd, ln);
      return true;
    }
    std::size_t slash = stakes.find('/');
    if (slash == std::string_view::npos) {
      issue(ln, "stakes as (SMALL/BIG)", hd.description);
      return false;
    }
    std::string_view sb = stakes.substr(0, slash);
    std::string_view bb = stakes.substr(slash + 1);
    // The big blind ends at the first space after its number ("$2 USD", "Rs. 50 INR").
    const std::size_t number = bb.find_first_of("0123456789");
    bb = bb.substr(0, bb.find(' ', number == std::string_view::npos ? 0 : number));
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
    // Cap games: "($0.25/$0.50 - $10 Cap -  USD)", the most a player puts into the hand (a
    // player who reaches it, "and has reached the $10 cap", is all-in: the audit's Hand::cap).
    if (std::size_t cap_pos = stakes.find(" Cap"); cap_pos != std::string_view::npos) {
      std::string_view before = trim(stakes.substr(0, cap_pos));
      std::size_t sp = before.rfind(' ');
      if (auto c = money(sp == std::string_view::npos ? before : before.substr(sp + 1), ln))
        h_.cap = *c;
    }
    stud_ = h_.game.is_stud();
    set_time(hd, ln);
    return true;
  }

  // PokerStars prints local time, then ET in brackets when the two differ; ET is the reference.
  // A zone it does not know is not read: the time decides the era's rules (the odd chip).
  void set_time(const ast::Header& hd, std::uint32_t ln) {
    if (!hd.et_date.empty())
      h_.started_at_utc = to_utc(hd.et_date, hd.et_time, hd.et_zone.empty() ? "ET" : hd.et_zone);
    if (h_.started_at_utc.empty() && !hd.date.empty())
      h_.started_at_utc = to_utc(hd.date, hd.time, hd.zone.empty() ? "ET" : hd.zone);
    for (std::string_view zone : {hd.zone, hd.et_zone})
      if (!zone.empty() && to_utc("2020/01/01", "12:00:00", zone).empty())
        issue(ln, "a time zone PokerStars prints (ET, CET, UTC, ...)", zone);
  }

  void street_marker(const ast::StreetLine& sl, std::uint32_t ln) override {
    std::string_view name = sl.name;
    int board = 0;
    const bool draw_round = name.ends_with("DRAW");  // "FIRST DRAW" is a draw, not a board
    if (!draw_round && starts_with(name, "FIRST ")) name.remove_prefix(6);
    if (!draw_round && starts_with(name, "SECOND ")) {
      name.remove_prefix(7);
      board = 1;
    }
    if (name.find("DRAW") != std::string_view::npos) draw_marker_seen_ = true;
    std::optional<Street> next = street_named(name, kStreets, sl, ln);
    if (!next) return;
    if (name == "RIVER" && stud_) next = Street::Seventh;  // stud's last card, "*** RIVER ***"
    enter_street(*next, board);
    if (!sl.cards.empty() && *next != Street::Preflop)
      board_event(*next, board, sl.cards.back(), ln);
  }

  bool parse_action(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, action(), a);
  }
  bool parse_note(std::string_view rest, ast::Action& a) const override {
    return parse_all(rest, note(), a);
  }
  std::string action_form() const override {
    return "an action (folds, checks, calls X, bets X, raises X to Y, posts ..., shows [..])";
  }
  std::string note_form() const override {
    return "a note (collected X from pot, cashed out, said, has timed out, ...)";
  }

  // Old single-draw exports print no "*** DRAW ***" marker: the first discard opens the round
  // after the draw.
  void before_action(const ast::Action& a) override {
    if ((a.verb == ast::Verb::Discard || a.verb == ast::Verb::StandPat) && !draw_marker_seen_ &&
        street_ == Street::Preflop)
      street_ = Street::Flop;
  }

  // A small blind posted while another seat posts the real one (a player joining out of
  // position) is dead money: not part of the poster's bet, whose call is then the full big blind.
  // PokerStars does not say which post is which; the real small blind is the one of the seat
  // left of the button, else the first printed (issue 19, point 2).
  void apply_bet(Event& e, std::uint32_t ln) override {
    if (e.kind == EventKind::PostSmallBlind && street_ == Street::Setup) {
      auto live = std::find_if(h_.events.begin(), h_.events.end(), [](const Event& p) {
        return p.kind == EventKind::PostSmallBlind && p.street == Street::Setup;
      });
      if (live != h_.events.end()) {
        if (e.seat == seat_left_of_button() && live->seat != e.seat) {
          bets_.take_back(*live);
          live->kind = EventKind::PostDead;
          live->to = 0;
        } else {
          e.kind = EventKind::PostDead;
        }
      }
    }
    StarsFamilyBuilder::apply_bet(e, ln);
  }

  // The first seat clockwise from the button (seat numbers increase clockwise).
  int seat_left_of_button() const {
    int lowest = 0;
    int after = 0;
    for (const Seat& s : h_.seats) {
      if (lowest == 0 || s.seat < lowest) lowest = s.seat;
      if (s.seat > h_.button_seat && (after == 0 || s.seat < after)) after = s.seat;
    }
    return after != 0 ? after : lowest;
  }

  bool site_neutral_line(std::string_view line, std::uint32_t ln) override {
    // PokerMaster appends its own metadata as a "# {json}" comment line.
    if (starts_with(line, "# {")) {
      other(line, ln);
      return true;
    }
    return false;
  }

  void read_total_line(std::string_view line, std::uint32_t ln) override {
    ast::TotalLine t;
    if (!parse_all(line, total_line(), t)) {
      issue(ln, "Total pot X [Main pot Y. Side pot-N Z.] | Rake R", line);
      return;
    }
    h_.total_pot = money(t.total, ln);
    h_.totals_line = ln;
    for (const ast::PotPart& p : t.pots)
      if (auto m = money(p.amount, ln)) h_.reported_pots.push_back({p.index, *m});
    Money printed_apart = 0;
    for (std::string_view o : t.others) {
      // Promotional money the site adds to the pot ("STP" = Splash the Pot).
      std::size_t sp = o.rfind(' ');
      if (auto m = money(o.substr(sp + 1), ln)) printed_apart += *m;
    }
    site_added_ += printed_apart;
    // Run It Once prints the splash beside the pots, not in them ("Main pot €0.15 | STP €0.50",
    // Total pot €0.65): the model's main pot holds it, as the audit builds it.
    for (ReportedPot& p : h_.reported_pots)
      if (p.index == 0) p.amount += printed_apart;
    if (!t.rake.empty()) h_.rake = money(t.rake, ln);
  }

  void finish_site() override {
    // Run It Once prints no "Uncalled bet" line in a walk: the big blind's excess stays in "Total
    // pot €0.15" and in the collection (hand 30417551); elsewhere it prints the line.
    if (h_.site == "runitonce") silent_uncalled_in_a_walk();
    h_.chip = table_chip(h_);
  }

  // PokerStars no-limit cash tables of 2008-2010 with blinds in nickels played in $0.05 chips:
  // every amount of the corpus's 85 such site exports (4 files, $0.05/$0.10 to $0.25/$0.50) is a
  // multiple of $0.05, and a four-way split of $1.90 was paid 0.50/0.50/0.45/0.45 (hand
  // 14402833808), as $0.05 chips split it. The same years' $0.01/$0.02 and fixed-limit tables,
  // and no-limit and pot-limit tables from 2013 on, show single cents (docs/sites/pokerstars.md).
  static Money table_chip(const Hand& h) {
    constexpr Money kNickel = 5;
    const bool era = h.started_at_utc >= "2008" && h.started_at_utc < "2011";
    if (h.site == "pokerstars" && !h.tournament && h.unit == 100 && era &&
        h.structure == Structure::NoLimit && h.small_blind % kNickel == 0 &&
        h.big_blind % kNickel == 0)
      return kNickel;
    return 0;
  }

  bool stud_{false};
  bool draw_marker_seen_{false};
};

}  // namespace

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::pokerstars
