#include "parser/pokertracker/builder.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "parser/ipoker/builder.hpp"
#include "parser/pokertracker/grammar.hpp"
#include "parser/text/hand_builder.hpp"
#include "parser/text/header_fields.hpp"
#include "parser/text/stars_family_grammar.hpp"
#include "parser/text/street_bets.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/tournament_results.hpp"

namespace hh::pokertracker {

namespace {

// The site whose hands PokerTracker exported, told by the first line of the hand.
enum class Dialect { IPoker, Merge, Everest, Microgaming };

constexpr std::array<header::GameName, 6> kGames = {{
    {"Texas Hold'em", games::kHoldem, Structure::NoLimit},
    {"Hold'em", games::kHoldem, Structure::NoLimit},
    {"Holdem", games::kHoldem, Structure::NoLimit},
    {"Omaha Hi/Lo", games::kOmahaHiLo, Structure::PotLimit},
    {"Omaha", games::kOmaha, Structure::PotLimit},
    {"Multi Table Hold'em", games::kHoldem, Structure::NoLimit},
}};

// iPoker's and Merge's short limits, Everest's and Microgaming's words.
constexpr std::array<header::LimitName, 9> kLimits = {{
    {"NL", Structure::NoLimit},
    {"PL", Structure::PotLimit},
    {"FL", Structure::FixedLimit},
    {"No Limit", Structure::NoLimit},
    {"Pot Limit", Structure::PotLimit},
    {"No limit", Structure::NoLimit},  // iPoker's 2013 archives: "Omaha Pot limit"
    {"Pot limit", Structure::PotLimit},
    {"Limit", Structure::FixedLimit},
    {"LIMIT", Structure::FixedLimit},
}};

// The limit word standing alone in `desc` ("Texas Hold'em NL $1/$2"), Unknown if none.
Structure limit_in(std::string_view desc) {
  std::size_t at = 0;
  while (at < desc.size()) {
    std::size_t sp = desc.find(' ', at);
    if (sp == std::string_view::npos) sp = desc.size();
    const std::string_view word = desc.substr(at, sp - at);
    for (const header::LimitName& l : kLimits)
      if (word == l.printed) return l.structure;
    at = sp + 1;
  }
  for (std::string_view words : {"No Limit", "Pot Limit", "No limit", "Pot limit"})
    if (desc.find(words) != std::string_view::npos) return header::structure_of(words, kLimits);
  return Structure::Unknown;
}

// Cards as the four dialects print them, as the model writes them ("Ac Th"): iPoker's suit first
// "C7 SQ C10", Everest's "10h", Microgaming's "A of c, 10 of h" or "Qh, 9c", Merge's "Ks 8s".
std::string cards_of(std::string_view printed) {
  std::string out, card;
  auto emit = [&] {
    std::string c = ipoker::card_of(card);
    if (c.empty()) {
      c = card;
      if (starts_with(c, "10")) c.replace(0, 2, 1, 'T');
    }
    if (!out.empty()) out += ' ';
    out += c;
    card.clear();
  };
  std::size_t at = 0;
  while (at < printed.size()) {
    std::size_t end = printed.find_first_of(", ", at);
    if (end == std::string_view::npos) end = printed.size();
    const std::string_view word = printed.substr(at, end - at);
    at = end + 1;
    if (word.empty() || word == "of") continue;  // "A of c": the rank, then the suit
    card += word;
    if (card.size() >= 2 && card != "10") emit();
  }
  if (!card.empty()) emit();  // a rank with no suit: left for the audit's card check
  return out;
}

class Builder : HandBuilder {
 public:
  Builder(const HandText& text, const std::string& file) : HandBuilder(text, file, "") {}

  using HandBuilder::build;

 private:
  bool read_header(LineCursor& cur) override {
    std::string_view line;
    if (!cur.next(line)) return false;
    line = trim(line);
    if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // a byte order mark
    const std::uint32_t ln = cur.line_number();
    if (starts_with(line, "EverestPoker Game #")) return everest_header_line(line, ln);
    if (starts_with(line, "** ")) {
      if (!microgaming_start_line(line, ln)) return false;
      while (cur.next(line)) {  // the table line, after blank lines in some exports
        line = trim(line);
        if (!line.empty()) return microgaming_table_line(line, cur.line_number());
      }
      issue(ln, "the table line (** TABLE [GAME] (SB|BB LIMIT - KIND) Real Money)", "");
      return false;
    }
    return colon_header_line(line, ln);
  }

  // Amounts, blinds and the time, once the dialect is known.
  void set_site(Dialect d) {
    dialect_ = d;
    static constexpr std::array<std::string_view, 4> kSites = {"ipoker", "merge", "everest",
                                                               "microgaming"};
    h_.site = std::string(kSites[static_cast<std::size_t>(d)]);
    // Every amount is printed with cents, tournament chips too (iPoker pays half chips: "Seat
    // 5: Player28 ($1,192.50 in chips)"), so the unit is always the hundredth.
    h_.unit = 100;
    // Merge and iPoker's older exports count the part of a bet nobody called in the winner's
    // "wins"; Merge's later exports print it as "wins $X (uncalled)", and iPoker's headed
    // "Uncalled:Y" give it back silently, outside "wins" (colon_header_line). Microgaming does
    // either: in "wins" when the others fold (hand 4962892238: 640 won of a 320 pot and the 320
    // nobody called), outside it against an all-in for less (hand 5870377181: 96.77 won of a
    // 98.27 pot less 1.50 rake, the 34.49 over the all-in not in it). Everest prints "Uncalled
    // bet of X returned to NAME".
    switch (d) {
      case Dialect::IPoker:
      case Dialect::Merge:
        h_.uncalled_style = UncalledStyle::InCollection;
        break;
      case Dialect::Microgaming:
        h_.uncalled_style = UncalledStyle::Silent;
        break;
      case Dialect::Everest:
        h_.uncalled_style = UncalledStyle::Printed;
        break;
    }
  }

  bool set_game(std::string_view text, Structure limit, std::uint32_t ln) {
    const header::GameFound game = header::first_game_in(text, kGames);
    if (!game.name) {
      issue(ln, "a game (Texas Hold'em, Holdem, Omaha, ...)", text);
      return false;
    }
    h_.game = game.name->game;
    // fpdb's reading where the export prints no limit: hold'em no limit, omaha pot limit.
    h_.structure = limit != Structure::Unknown ? limit : game.name->implied;
    h_.limit_text = structure_name(h_.structure);
    return true;
  }

  // "$0.50/$1", "0.05|0.10", "100/200": the blinds, or the bets of a fixed-limit game.
  bool set_stakes(std::string_view small, std::string_view big, std::uint32_t ln) {
    auto sb = money(small, ln), bb = money(big, ln);
    if (!sb || !bb) return false;
    h_.small_blind = *sb;
    h_.big_blind = *bb;
    if (h_.structure == Structure::FixedLimit) {
      // Fixed-limit stakes are the two bet sizes (Everest "150/300": blinds of 75 and 150).
      h_.small_bet = *sb;
      h_.big_bet = *bb;
    }
    return true;
  }

  bool colon_header_line(std::string_view line, std::uint32_t ln) {
    ast::ColonHeader hd;
    x3_actions::Expectation why;
    if (!parse_all(line, colon_header(), hd, why)) {
      rejected(ln, why, "GAME #N: GAME LIMIT STAKES DATE TIME (or MERGE_GAME #N: ...)", line);
      return false;
    }
    set_site(hd.prefix == "GAME #" ? Dialect::IPoker : Dialect::Merge);
    h_.site_hand_id = std::string(hd.hand_id);
    std::string_view desc = hd.description;
    // "GAME #N Version:18.5.6.4 Uncalled:Y Texas Hold'em ...": the export's version first.
    if (starts_with(desc, "Version:"))
      desc.remove_prefix(std::min(desc.size(), desc.find(' ') + 1));
    if (starts_with(desc, "Uncalled:"))
      desc.remove_prefix(std::min(desc.size(), desc.find(' ') + 1));
    // Any other "KEY:VALUE" before the game may say how the money is printed: not read.
    if (const std::string_view first = desc.substr(0, desc.find(' '));
        first.find(':') != std::string_view::npos) {
      issue(ln, "GAME #N [Version:V] [Uncalled:Y|N] GAME ...", first);
      return false;
    }
    const bool flat_limit = starts_with(desc, "LH ");  // iPoker's 2011 flat export
    if (!set_game(flat_limit ? "Hold'em" : desc,
                  flat_limit ? Structure::FixedLimit : limit_in(desc), ln))
      return false;
    if (hd.description.find("Uncalled:Y") != std::string_view::npos)
      h_.uncalled_style = UncalledStyle::Silent;
    h_.tournament = desc.find("Tournament") != std::string_view::npos;
    // Merge's tournament hands of this export (2011-2012, "MERGE_GAME #") print each stack after
    // the antes and blinds, as Merge's own unversioned XML does (hand 4927169400080:
    // "Dispicable ($0.00 in chips)" then "Dispicable: Post SB $135.00"): see finish().
    stacks_after_posts_ = h_.tournament && hd.prefix == "MERGE_GAME #";
    if (!h_.tournament) {
      h_.currency = header::currency_of(line, header::kCurrencySymbols);
      if (flat_limit) return flat_limit_stakes(desc, ln) && set_header_time(hd, ln);
      // "$0.10/$0.25", "($0.02/$0.04)", "50/100": the last word holding a '/'.
      std::size_t slash = desc.rfind('/');
      if (slash == std::string_view::npos) {
        issue(ln, "the stakes (SB/BB)", desc);
        return false;
      }
      std::size_t start = desc.rfind(' ', slash);
      start = start == std::string_view::npos ? 0 : start + 1;
      std::string_view stakes = desc.substr(start);
      // iPoker's 2013 archives print the ante after the stakes: "$0.05/$0.10 Ante $0.00".
      if (const std::size_t ante = desc.find(" Ante ", slash); ante != std::string_view::npos) {
        const std::optional<Money> a = money(desc.substr(ante + 6), ln);
        if (!a) return false;
        h_.ante = *a;
        stakes = desc.substr(start, ante - start);
      }
      // iPoker's archive sets the date apart with a dash: "Omaha 50/100 - 2013-08-01 22:16:18".
      if (stakes.ends_with(" -")) stakes.remove_suffix(2);
      if (starts_with(stakes, "(")) stakes.remove_prefix(1);
      if (stakes.ends_with(")")) stakes.remove_suffix(1);
      const std::size_t s = stakes.find('/');
      if (!set_stakes(stakes.substr(0, s), stakes.substr(s + 1), ln)) return false;
    }
    return set_header_time(hd, ln);
  }

  // iPoker's 2011 flat export: "LH 20/40 x2 Limit $10.00/$20.00", limit hold'em whose bets (20/40)
  // are twice ("x2") the money pair, its blinds (docs/sites/pokertracker.md). Any other figures
  // are a gap: which pair is the blinds is then not known.
  bool flat_limit_stakes(std::string_view desc, std::uint32_t ln) {
    constexpr const char* kExpected = "LH BETS x2 Limit $SB/$BB, the bets twice the blinds";
    const std::vector<std::string_view> words = words_of(desc);
    const bool shaped = words.size() == 5 && words[2] == "x2" && words[3] == "Limit" &&
                        words[1].find('/') != std::string_view::npos &&
                        words[4].find('/') != std::string_view::npos;
    if (!shaped) {
      issue(ln, kExpected, desc);
      return false;
    }
    const std::size_t b = words[1].find('/'), m = words[4].find('/');
    const auto small_bet = money(words[1].substr(0, b), ln),
               big_bet = money(words[1].substr(b + 1), ln);
    const auto sb = money(words[4].substr(0, m), ln), bb = money(words[4].substr(m + 1), ln);
    if (!small_bet || !big_bet || !sb || !bb) return false;
    if (*small_bet != 2 * *sb || *big_bet != 2 * *bb) {
      issue(ln, kExpected, desc);
      return false;
    }
    return set_stakes(words[1].substr(0, b), words[1].substr(b + 1), ln);
  }

  bool set_header_time(const ast::ColonHeader& hd, std::uint32_t ln) {
    // Month first in Merge's dates ("04/11/2012"), year first in iPoker's.
    std::string date;
    if (hd.date.find('-') != std::string_view::npos) {
      date = std::string(hd.date);
      std::replace(date.begin(), date.end(), '-', '/');
    } else if (hd.date[4] == '/') {  // "2011/01/23": year first, as to_utc() reads it
      date = std::string(hd.date);
    } else {
      date = std::string(hd.date.substr(6, 4)) + "/" + std::string(hd.date.substr(0, 2)) + "/" +
             std::string(hd.date.substr(3, 2));
    }
    // "/GMT" and " EST" where printed; otherwise Merge's Eastern time (its later exports say
    // EST) and iPoker's GMT (its later exports say /GMT).
    std::string_view zone = trim(hd.zone);
    if (starts_with(zone, "/")) zone.remove_prefix(1);
    if (zone.empty()) zone = dialect_ == Dialect::Merge ? "ET" : "GMT";
    set_start_time(date, hd.time, zone, ln);
    return true;
  }

  bool everest_header_line(std::string_view line, std::uint32_t ln) {
    ast::EverestHeader hd;
    x3_actions::Expectation why;
    if (!parse_all(line, everest_header(), hd, why)) {
      rejected(ln, why, "EverestPoker Game #N: Table NAME - SB/BB - LIMIT GAME - TIME - DATE",
               line);
      return false;
    }
    set_site(Dialect::Everest);
    h_.site_hand_id = std::string(hd.hand_id);
    h_.table_name = std::string(hd.table);
    h_.tournament = !hd.tournament_id.empty();
    h_.tournament_id = std::string(hd.tournament_id);
    if (!set_game(hd.game, header::structure_of(hd.game, kLimits), ln)) return false;
    // Tournament amounts carry a '$' too: the chips are no currency.
    if (!h_.tournament) h_.currency = header::currency_of(hd.stakes, header::kCurrencySymbols);
    const std::size_t slash = hd.stakes.find('/');
    if (slash == std::string_view::npos) {
      issue(ln, "the stakes (SB/BB)", hd.stakes);
      return false;
    }
    if (!set_stakes(hd.stakes.substr(0, slash), hd.stakes.substr(slash + 1), ln)) return false;
    // No zone is printed: stored as Eastern time, as fpdb reads it (docs/sites/pokertracker.md).
    h_.started_at_utc = to_utc(hd.date, hd.time, "ET");
    return true;
  }

  bool microgaming_start_line(std::string_view line, std::uint32_t ln) {
    ast::MicrogamingStart hd;
    x3_actions::Expectation why;
    if (!parse_all(line, microgaming_start(), hd, why)) {
      rejected(ln, why, "** Game ID N starting - YYYY-MM-DD HH:MM:SS", line);
      return false;
    }
    set_site(Dialect::Microgaming);
    h_.site_hand_id = std::string(hd.hand_id);
    // Hands of Microgaming's first XML version (2009-2011), exported with no Version tag, print
    // "called - X" and "raised - X" as the street total, as that XML does (issue 33, point 12);
    // from 2012 the chips added (hand 4416401541, 2012: the small blind's "called - 0.05").
    street_totals_ = line.find(" Version:") == std::string_view::npos && hd.date.size() >= 4 &&
                     hd.date.substr(0, 4) <= "2011";
    std::string date(hd.date);
    std::replace(date.begin(), date.end(), '-', '/');
    // No zone is printed: stored as UTC (docs/sites/pokertracker.md).
    h_.started_at_utc = to_utc(date, hd.time, "UTC");
    return true;
  }

  bool microgaming_table_line(std::string_view line, std::uint32_t ln) {
    ast::MicrogamingTable t;
    x3_actions::Expectation why;
    if (!parse_all(line, microgaming_table(), t, why)) {
      rejected(ln, why, "** TABLE [GAME] (SB|BB LIMIT - KIND) Real Money", line);
      return false;
    }
    h_.table_name = std::string(t.table);
    if (!set_game(t.game, header::structure_of(t.limit, kLimits), ln)) return false;
    // The kind: "€ Cash Game", "MTT seats:9 ": words of this list only, as the kind decides
    // whether the money is chips or cash.
    std::string_view kind = t.kind;
    while (!kind.empty()) {
      const std::size_t sp = kind.find(' ');
      const std::string_view w = kind.substr(0, sp);
      kind = sp == std::string_view::npos ? std::string_view() : kind.substr(sp + 1);
      if (w.empty()) continue;
      // "badbeat": a table with a bad-beat jackpot (its charge is read from the body).
      if (w == "Cash" || w == "Game" || w == "MTT" || w == "SNG" || w == "STT" || w == "badbeat" ||
          w == "Tournament" || starts_with(w, "seats:") ||
          !header::currency_of(w, header::kCurrencySymbols).empty())
        continue;
      issue(ln, "the kind of game (CUR Cash Game, MTT seats:N, ...)", t.kind);
      return false;
    }
    h_.tournament = t.kind.find("Cash Game") == std::string_view::npos;
    // The currency stands in the table name ("€5 Min") or before "Cash Game".
    if (!h_.tournament) h_.currency = header::currency_of(line, header::kCurrencySymbols);
    if (const std::size_t seats = t.kind.find("seats:"); seats != std::string_view::npos)
      h_.max_seats = std::atoi(std::string(t.kind.substr(seats + 6)).c_str());
    return set_stakes(t.small_blind, t.big_blind, ln);
  }

  // --- the body -----------------------------------------------------------------------------
  void enter(Street s) { street_ = s; }

  void board(std::string cards, std::uint32_t ln) {
    if (!cards.empty()) add_event(EventKind::Board, ln).cards = EventCards::read(cards);
  }

  // "*** HOLE CARDS ***", "*** FLOP *** [Ks 5s 6c]", "*** SUMMARY ***".
  bool street_marker(std::string_view line, std::uint32_t ln) {
    stars_family::ast::StreetLine sl;
    if (!parse_all(line, stars_family::street_line(), sl)) return false;
    const std::string_view n = sl.name;
    if (n == "SUMMARY") {
      in_summary_ = true;
      street_ = Street::Showdown;
      return true;
    }
    static constexpr std::array<std::pair<std::string_view, Street>, 4> kStreets = {{
        {"HOLE CARDS", Street::Preflop},
        {"FLOP", Street::Flop},
        {"TURN", Street::Turn},
        {"RIVER", Street::River},
    }};
    for (const auto& [name, street] : kStreets) {
      if (n != name) continue;
      enter(street);
      // iPoker repeats the board on each street ("*** TURN *** [D3 SK C3 DQ]"), Merge not.
      if (!sl.cards.empty()) {
        std::string cards = cards_of(sl.cards.back());
        const std::size_t had = board_cards_;
        std::size_t count =
            static_cast<std::size_t>(std::count(cards.begin(), cards.end(), ' ')) + 1;
        if (street != Street::Flop && count > 1 && count > had) {
          // Only the new cards: drop the ones already dealt.
          std::size_t cut = 0;
          for (std::size_t i = 0; i < had; ++i) cut = cards.find(' ', cut) + 1;
          cards = cards.substr(cut);
          count -= had;
        }
        board_cards_ = had + count;
        board(std::move(cards), ln);
      }
      return true;
    }
    issue(ln, "a street marker (*** HOLE CARDS ***, *** FLOP ***, ... *** SUMMARY ***)", n);
    return true;
  }

  // "** Dealing card to Hero: A of c, 6 of d", "** Dealing the flop: 6 of s, 10 of h, 6 of c".
  bool microgaming_deal(std::string_view line, std::uint32_t ln) {
    static constexpr std::array<std::pair<std::string_view, Street>, 3> kBoards = {{
        {"** Dealing the flop: ", Street::Flop},
        {"** Dealing the turn: ", Street::Turn},
        {"** Dealing the river: ", Street::River},
    }};
    for (const auto& [start, street] : kBoards) {
      if (!starts_with(line, start)) continue;
      enter(street);
      const std::string cards = cards_of(line.substr(start.size()));
      if (cards.empty()) issue(ln, "cards such as \"A of c\" or \"Ac\"", line);
      board(cards, ln);
      return true;
    }
    for (std::string_view start : {"** Dealing card to ", "** Dealing cards to "}) {
      if (!starts_with(line, start)) continue;
      enter(Street::Preflop);
      auto m = player_then(line.substr(start.size()), ": ");
      const std::string cards = m ? cards_of(m->second) : "";
      if (!m || cards.empty()) {
        issue(ln, "** Dealing card to NAME: CARDS", line);
        return true;
      }
      Event& e = add_event(EventKind::DealtHole, ln);
      e.seat = m->first;
      e.cards = EventCards::read(cards);
      return true;
    }
    return false;
  }

  // The chips of one action: the street's bets resolved, "Allin X" and Microgaming's "bet - X"
  // told apart from a call, a bet and a raise by the bets before them (StreetBets).
  void add_action(const ast::Action& a, int seat, std::string_view rest, std::uint32_t ln) {
    Event e = action_event(a, seat, rest, ln);
    // Everest's "posts the dead blind of $1.00" at $0.50/$1 is the big blind owed, posted live:
    // the poster checks when the action comes back unraised (hand 6450848903). Less than the big
    // blind, it is the missed small blind, dead.
    if (e.kind == EventKind::PostDead && dialect_ == Dialect::Everest &&
        e.amount >= h_.live_big_blind())
      e.kind = EventKind::PostBigBlind;
    // Merge's "Post DB X" is both blinds when X is more than the big blind ("Post DB $0.35" at
    // $0.10/$0.25), and the big blind alone, live, when it is not (hand 3047310402826: "Post
    // DB $1.00" at $0.50/$1, the next hand's stack 1.00 less).
    if (e.kind == EventKind::PostBothBlinds && e.amount <= h_.live_big_blind()) {
      e.kind = EventKind::PostBigBlind;
      e.dead = 0;
    }
    if (e.kind == EventKind::Collected || e.kind == EventKind::Shows ||
        e.kind == EventKind::Mucks) {
      if (e.kind == EventKind::Collected) collected_ = true;
      e.cards = EventCards::read(cards_of(e.cards.printed()));
      if (e.kind == EventKind::Collected || in_summary_) {
        street_ = Street::Showdown;
        e.street = street_;
      }
    }
    if (street_totals_ && !e.all_in && (a.verb == ast::Verb::Call || a.verb == ast::Verb::RaiseBy))
      street_total(e);
    const bool chips_only = (e.kind == EventKind::Bet && dialect_ == Dialect::Microgaming) ||
                            (a.verb == ast::Verb::RaiseBy && e.all_in);
    if (chips_only) bets_.classify_chips_added(e);
    bets_.apply(e);
    h_.events.push_back(std::move(e));
  }

  // A call or raise whose number is the player's street total: the chips added are what it
  // passes the player's bet by.
  void street_total(Event& e) {
    if (e.kind == EventKind::Raise) {
      e.to = e.amount;
      e.amount = 0;
    } else {
      e.amount -= bets_.committed(e);
    }
  }

  // "Dealt to NAME [C7 SQ]" (iPoker), "[Ks 8s]" (Merge), "[10h 4s]" (Everest).
  bool dealt_line(std::string_view rest, std::uint32_t ln) {
    auto m = player_then(rest, " ");
    if (!m || !starts_with(m->second, "[") || !m->second.ends_with("]")) return false;
    Event& e = add_event(EventKind::DealtHole, ln);
    e.seat = m->first;
    e.cards = EventCards::read(cards_of(m->second.substr(1, m->second.size() - 2)));
    return true;
  }

  void read_seat(int seat, std::string_view player, std::string_view stack, bool dealer,
                 std::string_view final_stack, std::uint32_t ln) {
    Seat s;
    s.seat = seat;
    s.player = std::string(player);
    if (auto m = money(stack, ln)) s.stack = *m;
    if (dealer) h_.button_seat = seat;
    if (!final_stack.empty()) final_stacks_.emplace_back(seat, money(final_stack, ln).value_or(0));
    add_seat(std::move(s), ln);
  }

  // "Table Tijuana (46893440), Seats 6", "Table NAME, 595699511, 4730275101 (Tournament: ...)".
  void table_line(std::string_view line) {
    std::string_view name = line.substr(6);
    if (const std::size_t t = name.find(" (Tournament: "); t != std::string_view::npos) {
      name = name.substr(0, t);
      // The tournament's number is the last of the numbers after the name.
      const std::size_t comma = name.rfind(", ");
      if (comma != std::string_view::npos) h_.tournament_id = std::string(name.substr(comma + 2));
      name = name.substr(0, name.find(", "));
    } else if (const std::size_t s = name.find(", Seats "); s != std::string_view::npos) {
      h_.max_seats = std::atoi(std::string(name.substr(s + 8)).c_str());
      name = name.substr(0, s);
    }
    h_.table_name = std::string(name);
  }

  void colon_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "Table ") && h_.table_name.empty()) {
      table_line(line);
      return;
    }
    if (starts_with(line, "Server ")) {
      other(line, ln);
      return;
    }
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      stars_family::ast::SeatLine sl;
      if (parse_all(line, stars_family::seat_line(), sl)) {
        read_seat(static_cast<int>(sl.seat), sl.player, sl.stack, line.ends_with(" DEALER"), "",
                  ln);
        return;
      }
    }
    if (starts_with(line, "Dealt to ") && dealt_line(line.substr(9), ln)) return;
    if (starts_with(line, "Total pot ")) {
      ast::Totals t;
      if (parse_all(line, totals(), t)) {
        // "Total pot" is what the winners took, after the rake: not the pot the rules build.
        h_.rake = money(t.rake, ln);
        h_.totals_line = ln;
        return;
      }
    }
    if (auto m = player_then(line, ": ")) {
      std::string_view rest = m->second;
      // Merge's later exports: "wins $0.08 (uncalled)" is the part of the bet nobody called.
      if (rest.ends_with(" (uncalled)") && starts_with(rest, "wins ")) {
        const std::string_view amount = rest.substr(5, rest.size() - 5 - 11);
        Event& e = add_event(EventKind::UncalledReturned, ln);
        e.seat = m->first;
        e.amount = money(amount, ln).value_or(0);
        return;
      }
      ast::Action a;
      if (parse_all(rest, colon_action(), a)) {
        add_action(a, m->first, rest, ln);
        return;
      }
    }
    issue(ln, "a line of a PokerTracker export of iPoker or Merge", line);
  }

  void everest_line(std::string_view line, std::uint32_t ln) {
    if (street_ == Street::Setup && starts_with(line, "Seat ")) {
      ast::PlayerSeat s;
      if (parse_all(line, everest_seat(), s)) {
        read_seat(static_cast<int>(s.seat), s.player, s.stack, false, "", ln);
        return;
      }
    }
    if (starts_with(line, "The button is in seat #")) {
      h_.button_seat = std::atoi(std::string(line.substr(23)).c_str());
      return;
    }
    if (starts_with(line, "Dealt to ") && dealt_line(line.substr(9), ln)) return;
    if (starts_with(line, "Uncalled bet of ")) {
      const std::size_t to = line.find(" returned to ");
      if (to != std::string_view::npos) {
        Event& e = add_event(EventKind::UncalledReturned, ln);
        e.amount = money(line.substr(16, to - 16), ln).value_or(0);
        e.seat = seat_of_player(line.substr(to + 13));
        if (e.seat == 0) issue(ln, "a seated player's name", line.substr(to + 13));
        return;
      }
    }
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, everest_action(), a)) {
        add_action(a, m->first, m->second, ln);
        return;
      }
    }
    issue(ln, "a line of a PokerTracker export of Everest", line);
  }

  void microgaming_line(std::string_view line, std::uint32_t ln) {
    if (starts_with(line, "** ") && microgaming_deal(line, ln)) return;
    if (street_ == Street::Setup) {
      ast::PlayerSeat s;
      if (parse_all(line, microgaming_seat(), s)) {
        read_seat(static_cast<int>(s.seat), s.player, s.stack, s.dealer, s.final_stack, ln);
        return;
      }
    }
    if (starts_with(line, "End of game ")) return;  // the last line of some exports only
    if (starts_with(line, "Rake: ")) {
      ast::Totals t;
      if (parse_all(line, totals(), t)) {
        h_.rake = money(t.rake, ln);
        h_.totals_line = ln;
        return;
      }
    }
    if (auto m = player_then(line, " ")) {
      ast::Action a;
      if (parse_all(m->second, microgaming_action(), a)) {
        add_action(a, m->first, m->second, ln);
        return;
      }
    }
    issue(ln, "a line of a PokerTracker export of Microgaming", line);
  }

  // Tournament headers print no stakes: the blinds are those posted, but a big blind whose
  // poster is all in for less is twice the small blind when the small blind's poster is not
  // all in (iPoker hand 3616964206: "Post SB $600.00", "Post BB $65.00" from a last 65 chips,
  // then "Call $1,200.00").
  void tournament_blinds() {
    const Event* sb = nullptr;
    const Event* bb = nullptr;
    std::map<int, Money> posted;  // antes and blinds, by seat
    for (const Event& e : h_.events) {
      if (e.kind == EventKind::PostAnte || e.kind == EventKind::PostSmallBlind ||
          e.kind == EventKind::PostBigBlind)
        posted[e.seat] += e.amount;
      if (e.kind == EventKind::PostSmallBlind && !sb) sb = &e;
      if (e.kind == EventKind::PostBigBlind && !bb) bb = &e;
    }
    auto all_in = [&](const Event* e) {
      const Seat* s = e ? h_.seat_of(e->seat) : nullptr;
      return s && posted[e->seat] >= s->stack;
    };
    h_.small_blind = sb ? sb->amount : 0;
    h_.big_blind = bb ? bb->amount : 0;
    if (sb && all_in(bb) && !all_in(sb)) h_.big_blind = std::max(h_.big_blind, 2 * sb->amount);
  }

  void read_line(std::string_view line, std::uint32_t ln) override {
    if (starts_with(line, "*** ") && street_marker(line, ln)) return;
    switch (dialect_) {
      case Dialect::IPoker:
      case Dialect::Merge:
        colon_line(line, ln);
        return;
      case Dialect::Everest:
        everest_line(line, ln);
        return;
      case Dialect::Microgaming:
        microgaming_line(line, ln);
        return;
    }
  }

  // A stack printed after the forced bets: each seat's antes and blinds are added back.
  void add_back_forced_bets() {
    for (const Event& e : h_.events) {
      if (e.kind != EventKind::PostAnte && e.kind != EventKind::PostSmallBlind &&
          e.kind != EventKind::PostBigBlind && e.kind != EventKind::PostDead &&
          e.kind != EventKind::PostBothBlinds)
        continue;
      for (Seat& s : h_.seats)
        if (s.seat == e.seat) s.stack += e.amount;
    }
  }

  void finish() override {
    if (stacks_after_posts_) add_back_forced_bets();
    if (h_.tournament && h_.big_blind == 0) tournament_blinds();
    // Microgaming has no summary section: the hand is whole once its pot is won.
    const bool whole = dialect_ == Dialect::Microgaming ? collected_ : in_summary_ && collected_;
    if (!finish_hand(
            dialect_ == Dialect::Microgaming ? "NAME sitting in seat N with X" : "Seat N: NAME (X)",
            dialect_ == Dialect::Microgaming ? "NAME wins X from the main pot" : "*** SUMMARY ***",
            whole))
      return;
    if (h_.tournament) tournament_results::read_from_events(h_);
    // Microgaming's newer exports print each stack after the hand ("at end €9.95"), its only
    // summary: with what the "wins" lines paid, it is checked against the replay.
    if (final_stacks_.empty() || final_stacks_.size() != h_.seats.size()) return;
    for (const auto& [seat, stack] : final_stacks_) {
      SummarySeat s;
      s.seat = seat;
      if (const Seat* st = h_.seat_of(seat)) s.player = st->player;
      s.final_stack = stack;
      for (const Event& e : h_.events)
        if (e.kind == EventKind::Collected && e.seat == seat) {
          s.won += e.amount;
          s.has_won = true;
        }
      h_.summary.push_back(std::move(s));
    }
  }

  Dialect dialect_{Dialect::IPoker};
  StreetBets bets_;
  std::size_t board_cards_{0};
  std::vector<std::pair<int, Money>> final_stacks_;
  bool in_summary_{false};
  bool collected_{false};
  bool street_totals_{false};       // see microgaming_start_line
  bool stacks_after_posts_{false};  // see colon_header_line
};

}  // namespace

bool is_hand_start(std::string_view line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
  for (std::string_view start : {"GAME #", "MERGE_GAME #", "Merge Game #", "EverestPoker Game #",
                                 "** Game ID ", "** Hand # "}) {
    if (!starts_with(line, start)) continue;
    const std::size_t i = start.size();
    return i < line.size() && line[i] >= '0' && line[i] <= '9';
  }
  return false;
}

Hand parse_hand(const HandText& text, const std::string& file) {
  return Builder(text, file).build();
}

}  // namespace hh::pokertracker
