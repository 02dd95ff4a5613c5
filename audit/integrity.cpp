#include "audit/integrity.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "audit/auditor.hpp"
#include "audit/hand_eval.hpp"

namespace hh {

namespace {

constexpr int kDeck = 52;

int card_index(Card c) { return (c.rank - 2) * 4 + c.suit; }

// The cards a line prints that are known. Any other ("Xx", "??", or a token not read, which the
// reader reported as a gap) is a card the site hides: counted, never judged.
struct ReadCards {
  CardList known;
  int hidden{0};
};
ReadCards read_cards(const EventCards& cards) {
  ReadCards out{cards.known(), 0};
  out.hidden = static_cast<int>(cards.tokens() - out.known.size());
  return out;
}

std::string cards_text(const std::set<int>& cards) {
  std::vector<std::string> out;
  for (int i : cards)
    out.push_back(
        card_text(Card{static_cast<std::uint8_t>(i / 4 + 2), static_cast<std::uint8_t>(i % 4)}));
  return fmt::format("{}", fmt::join(out, " "));
}

std::string cards_text(const CardList& cards) {
  std::vector<std::string> out;
  for (Card c : cards) out.push_back(card_text(c));
  return fmt::format("{}", fmt::join(out, " "));
}

// Where a card was first seen in the hand.
struct Place {
  enum class Kind : std::uint8_t { None, Held, Board, Discarded };
  Kind kind{Kind::None};
  int who{0};  // the seat (Held, Discarded) or the board (Board)
  std::uint32_t line{0};
};

// The hand category a showdown line names ("(a flush, Ace high)", "(two pair, Kings and
// Fives)", GG's "Pair of Kings and Pair of Sevens"); nullopt when the name does not begin with
// one this reads (a name not understood is not judged), or names a high and a low.
std::optional<HandCategory> named_category(std::string_view name) {
  std::string lower(name);
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (lower.find("hi:") != std::string::npos || lower.find("lo:") != std::string::npos)
    return std::nullopt;
  std::string_view rest = lower;
  for (std::string_view article : {"a ", "an "})
    if (rest.starts_with(article)) rest.remove_prefix(article.size());
  static constexpr std::pair<std::string_view, HandCategory> kNames[] = {
      {"royal flush", HandCategory::StraightFlush},
      {"straight flush", HandCategory::StraightFlush},
      {"four of a kind", HandCategory::Quads},
      {"full house", HandCategory::FullHouse},
      {"flush", HandCategory::Flush},
      {"straight", HandCategory::Straight},
      {"three of a kind", HandCategory::Trips},
      {"two pair", HandCategory::TwoPair},
      {"pair", HandCategory::Pair},
      {"high card", HandCategory::HighCard},
  };
  for (const auto& [text, category] : kNames) {
    if (!rest.starts_with(text)) continue;
    if (category == HandCategory::Pair && rest.find(" and pair of ") != std::string_view::npos)
      return HandCategory::TwoPair;  // GG: "Pair of Kings and Pair of Sevens"
    return category;
  }
  return std::nullopt;
}

// Line `line` of the file, read from the hand's own text; empty when the hand does not hold it.
std::string_view line_of_hand(const Hand& h, std::uint32_t line) {
  if (line < h.source.line) return {};
  std::uint32_t skip = line - h.source.line;
  std::string_view raw = h.raw;
  for (; skip > 0; --skip) {
    const std::size_t nl = raw.find('\n');
    if (nl == std::string_view::npos) return {};
    raw.remove_prefix(nl + 1);
  }
  return raw.substr(0, raw.find('\n'));
}

class HandIntegrity {
 public:
  explicit HandIntegrity(const Hand& h) : h_(h) {}

  std::vector<Finding> run() {
    check_seats();
    if (!h_.game.known()) return std::move(out_);
    find_runs_and_deck_use();
    for (const Event& e : h_.events) {
      if (e.board_index > 0 && !community() && e.kind != EventKind::Board) continue;
      if (reprinted(e)) continue;
      switch (e.kind) {
        case EventKind::DealtHole:
          dealt(e);
          break;
        case EventKind::Board:
          board(e);
          break;
        case EventKind::Shows:
        case EventKind::Mucks:
          shown(e);
          break;
        case EventKind::Discards:
          discarded(e);
          break;
        default:
          break;
      }
    }
    check_board_sizes();
    check_cards_after_hand_over();
    check_hand_names();
    return std::move(out_);
  }

 private:
  bool community() const { return h_.game.family == GameFamily::CommunityCards; }

  // A street line printed again (OnGame prints "--- Dealing turn [Kc]" a second time after an
  // all-in): the street's cards are the first line's; a second line of the same street is not
  // judged, whatever it prints (a reader may have read part of it).
  bool reprinted(const Event& e) const {
    if (e.kind != EventKind::Board) return false;
    for (const Event& earlier : h_.events) {
      if (&earlier == &e) return false;
      if (earlier.kind == EventKind::Board && earlier.board_index == e.board_index &&
          earlier.street == e.street)
        return true;
    }
    return false;
  }
  // A board line without a readable card ("*** TURN *** [3c Jd 6d] []"): the card is hidden.
  static bool hides_cards(const ReadCards& rc) { return rc.hidden > 0 || rc.known.empty(); }

  std::string who(int seat) const {
    const Seat* s = h_.seat_of(seat);
    return s ? fmt::format("seat {} ({})", seat, s->player) : fmt::format("seat {}", seat);
  }
  std::string where(const Place& p) const {
    switch (p.kind) {
      case Place::Kind::Held:
        return fmt::format("dealt to or shown by {} (line {})", who(p.who), p.line);
      case Place::Kind::Board:
        return fmt::format("on board {} (line {})", p.who + 1, p.line);
      case Place::Kind::Discarded:
        return fmt::format("discarded by {} (line {})", who(p.who), p.line);
      case Place::Kind::None:
        break;
    }
    return "nowhere";
  }

  void add(FindingCode code, const Event& e, int seat, std::string message) {
    out_.push_back(make_finding(
        code, {.street = e.street,
               .seat = seat,
               .player = seat && h_.seat_of(seat) ? h_.seat_of(seat)->player : std::string(),
               .message = std::move(message),
               .line = e.line}));
  }

  // GLI-19 5.3.2: a player occupies one seat at a table.
  void check_seats() {
    if (h_.players_named_by_position) return;  // the names are positions, not players
    std::map<std::string, std::vector<int>> seats_of;
    for (const Seat& s : h_.seats)
      if (!s.player.empty()) seats_of[s.player].push_back(s.seat);
    for (const auto& [player, seats] : seats_of) {
      if (seats.size() < 2) continue;
      out_.push_back(make_finding(FindingCode::PlayerInTwoSeats,
                                  {.seat = seats[1],
                                   .player = player,
                                   .message = fmt::format("{} sits in seats {} of one hand", player,
                                                          fmt::join(seats, ", ")),
                                   .line = h_.source.line}));
    }
  }

  // A hand run more than once deals each run from the stub, or (some rooms) from a deck made
  // whole again: the hand does not say which, so the runs' own cards are not compared with each
  // other. A draw deck that runs out is made up again from the discards (Robert's Rules, "Draw
  // Poker", the discards reshuffled): then a discard may come back, and is not judged.
  void find_runs_and_deck_use() {
    std::set<int> in_hand;
    int drawn = 0, board_cards = 0;
    for (const Event& e : h_.events) {
      if (e.seat && e.kind != EventKind::SitsOut && e.kind != EventKind::Returns &&
          e.kind != EventKind::Chat && e.kind != EventKind::Other)
        in_hand.insert(e.seat);
      if (e.kind == EventKind::Discards) drawn += e.count;
      if (e.seat && (e.kind == EventKind::Discards || e.kind == EventKind::StandsPat))
        draws_in_hand_ = std::max(draws_in_hand_, ++draws_of_[e.seat]);
      if (e.kind == EventKind::Board)
        board_cards += static_cast<int>(read_cards(e.cards).known.size());
    }
    const int burns = 1 + h_.game.draws + 3;
    discards_may_return_ =
        static_cast<int>(in_hand.size()) * h_.game.hole_cards + drawn + board_cards + burns > kDeck;
  }

  // A card met again: where it was first seen and where now.
  void seen_twice(Card c, const Place& first, const Event& e, int seat, std::string_view now) {
    const int i = card_index(c);
    if (reported_[static_cast<std::size_t>(i)]) return;
    reported_[static_cast<std::size_t>(i)] = true;
    add(FindingCode::CardSeenTwice, e, seat,
        fmt::format("line {}: {} {}, but it was {} already: one deck holds it once", e.line,
                    card_text(c), now, where(first)));
  }

  // Records `c` as held by `seat` (dealt or shown): the seat's own card again is no repeat.
  void hold(Card c, const Event& e, std::string_view now) {
    Place& p = places_[static_cast<std::size_t>(card_index(c))];
    if (p.kind == Place::Kind::None) {
      p = {Place::Kind::Held, e.seat, e.line};
    } else if (p.kind == Place::Kind::Held && p.who == e.seat) {
      return;
    } else if (p.kind == Place::Kind::Discarded && discards_may_return_) {
      p = {Place::Kind::Held, e.seat, e.line};
    } else {
      seen_twice(c, p, e, e.seat, now);
    }
  }

  void dealt(const Event& e) {
    if (!e.seat) return;
    for (Card c : read_cards(e.cards).known) {
      hold(c, e, fmt::format("is dealt to {}", who(e.seat)));
      dealt_[e.seat].insert(card_index(c));
    }
  }

  void board(const Event& e) {
    for (Card c : read_cards(e.cards).known) {
      Place& p = places_[static_cast<std::size_t>(card_index(c))];
      const bool other_run = p.kind == Place::Kind::Board && p.who != e.board_index &&
                             h_.game.variant != GameVariant::SplitHoldem;
      if (p.kind == Place::Kind::None)
        p = {Place::Kind::Board, e.board_index, e.line};
      else if (!other_run)
        seen_twice(c, p, e, 0, fmt::format("is dealt on board {}", e.board_index + 1));
    }
  }

  void discarded(const Event& e) {
    if (!e.seat) return;
    const ReadCards rc = read_cards(e.cards);
    // Cards thrown without their names ("changed 2 cards"): what the player holds after the
    // draw is known again only from a deal line that prints the whole new hand.
    if (static_cast<int>(rc.known.size()) < e.count) dealt_[e.seat].clear();
    for (Card c : rc.known) {
      Place& p = places_[static_cast<std::size_t>(card_index(c))];
      if (p.kind == Place::Kind::None || (p.kind == Place::Kind::Held && p.who == e.seat) ||
          (p.kind == Place::Kind::Discarded && discards_may_return_))
        p = {Place::Kind::Discarded, e.seat, e.line};
      else
        seen_twice(c, p, e, e.seat, fmt::format("is discarded by {}", who(e.seat)));
      dealt_[e.seat].erase(card_index(c));
    }
  }

  // Shown (or mucked face up) cards: the ones dealt to the player where the deal lines print
  // them all, and no card seen elsewhere. More cards than the game deals a player are a made
  // hand the site prints with the board's cards: not the player's own, not judged.
  void shown(const Event& e) {
    const ReadCards rc = read_cards(e.cards);
    const auto hole = static_cast<std::size_t>(h_.game.hole_cards);
    if (!e.seat || rc.known.empty() || rc.known.size() + static_cast<std::size_t>(rc.hidden) > hole)
      return;
    const std::set<int>& dealt = dealt_[e.seat];
    // Draw: the hand is known after the draws only where each of the seat's draws is printed
    // (OnGame may omit the user's "changed 1 cards" line).
    const bool every_draw_printed = draws_of_[e.seat] >= draws_in_hand_;
    if (dealt.size() >= hole && every_draw_printed) {
      std::set<int> not_dealt;
      for (Card c : rc.known)
        if (!dealt.count(card_index(c))) not_dealt.insert(card_index(c));
      if (!not_dealt.empty()) {
        add(FindingCode::ShownCardsMismatch, e, e.seat,
            fmt::format("line {}: {} shows {} but was dealt {}", e.line, who(e.seat),
                        cards_text(not_dealt), cards_text(dealt)));
        return;
      }
    }
    for (Card c : rc.known) hold(c, e, fmt::format("is shown by {}", who(e.seat)));
  }

  void check_board_sizes();
  void check_cards_after_hand_over();
  void check_hand_names();
  void check_hand_name(const Event& e, const CardList& board);

  const Hand& h_;
  std::array<Place, kDeck> places_{};
  std::array<bool, kDeck> reported_{};  // a card seen twice is reported once
  std::map<int, std::set<int>> dealt_;  // the cards each seat holds, as the deal lines print them
  bool discards_may_return_{false};
  std::map<int, int> draws_of_;  // draw games: the draws (discards, stands pat) printed per seat
  int draws_in_hand_{0};         // the most any seat made
  std::vector<Finding> out_;
};

// Every board of a flop game holds 3 cards after the flop, 4 after the turn, 5 after the river
// (a board run again shares the streets dealt before its run); Courchevel deals the first flop
// card before the betting. Stud deals at most one community card (on 7th street, when the deck
// cannot give every player one); draw games deal none.
void HandIntegrity::check_board_sizes() {
  std::map<std::pair<int, Street>, std::pair<int, const Event*>> dealt;  // count, first event
  int boards = 1;
  for (const Event& e : h_.events) {
    if (e.kind != EventKind::Board || reprinted(e)) continue;
    const ReadCards rc = read_cards(e.cards);
    if (hides_cards(rc)) return;  // a board the site hides is not counted
    auto& [count, first] = dealt[{e.board_index, e.street}];
    count += static_cast<int>(rc.known.size());
    if (!first) first = &e;
    boards = std::max(boards, e.board_index + 1);
  }
  if (dealt.empty()) return;
  if (!community()) {
    // Stud's one card is counted whatever street a format files it under (PHH's reader and
    // PokerStars' text name it differently).
    int cards = 0;
    for (const auto& [key, value] : dealt) cards += value.first;
    if (h_.game.is_draw() || cards > 1) {
      const Event& first = *dealt.begin()->second.second;
      add(FindingCode::BoardCardCount, first, 0,
          fmt::format("line {}: {} community card(s) in {}: {}", first.line, cards, h_.game.name(),
                      h_.game.is_draw() ? "a draw game deals none" : "stud deals one at most"));
    }
    return;
  }
  const int before_flop = h_.game.variant == GameVariant::Courchevel ? 1 : 0;
  for (int k = 0; k < boards; ++k) {
    auto on = [&](Street s) {
      auto it = dealt.find({k, s});
      if (it == dealt.end() && k > 0) it = dealt.find({0, s});
      return it == dealt.end() ? nullptr : &it->second;
    };
    int total = 0;
    const std::pair<Street, int> expected[] = {{Street::Setup, before_flop},
                                               {Street::Preflop, before_flop},
                                               {Street::Flop, 3},
                                               {Street::Turn, 4},
                                               {Street::River, 5}};
    for (const auto& [street, cards] : expected) {
      const auto* d = on(street);
      if (!d) continue;
      total += d->first;
      // Too few cards may be a card the reader did not see (a gap, not the site's): only a
      // card too many is judged.
      const bool before = street < Street::Flop;
      if (total <= (before ? before_flop : cards)) continue;
      // One wrong street makes every later total wrong: the first one is the finding.
      add(FindingCode::BoardCardCount, *d->second, 0,
          fmt::format("line {}: board {} holds {} card(s) {} the {}; {} {} {}", d->second->line,
                      k + 1, total, before ? "before" : "after",
                      before ? "flop" : street_name(street), h_.game.name(),
                      before ? "deals" : "holds", before ? before_flop : cards));
      break;
    }
  }
}

// The hand is over once all players but one have folded: no card is dealt for a later street.
// (A board the site prints only in its summary, as Bovada's unmarked hands do, comes after the
// last fold in the lines but belongs to the street it was dealt on.)
void HandIntegrity::check_cards_after_hand_over() {
  std::set<int> in_hand, folded;
  for (const Event& e : h_.events)
    if (e.seat && (e.kind == EventKind::DealtHole || detail::is_forced_bet(e.kind) ||
                   detail::is_action(e.kind)))
      in_hand.insert(e.seat);
  const Event* last_fold = nullptr;
  for (const Event& e : h_.events) {
    if (e.kind == EventKind::Fold && e.seat) {
      folded.insert(e.seat);
      if (in_hand.size() >= 2 && in_hand.size() - folded.size() == 1) last_fold = &e;
      continue;
    }
    const bool deal = e.kind == EventKind::Board || e.kind == EventKind::DealtHole;
    if (!last_fold || !deal || e.street <= last_fold->street || read_cards(e.cards).known.empty())
      continue;
    add(FindingCode::CardsAfterHandOver, e, e.kind == EventKind::Board ? 0 : e.seat,
        fmt::format("line {}: {} dealt on the {} after the hand was over on the {} (line {}: {} "
                    "folded, one player left)",
                    e.line, cards_text(read_cards(e.cards).known), street_name(e.street),
                    street_name(last_fold->street), last_fold->line, who(last_fold->seat)));
    return;
  }
}

// The hand a showdown line names ("shows [Ah Kd] (a pair of Aces)") is the one the shown cards
// make with the board dealt so far, in the high games whose hand names are categories.
void HandIntegrity::check_hand_names() {
  const Game& g = h_.game;
  const bool named_by_category =
      !g.hi_lo &&
      (g.variant == GameVariant::Holdem || g.variant == GameVariant::Omaha ||
       g.variant == GameVariant::SevenCardStud || g.variant == GameVariant::FiveCardDraw);
  if (!named_by_category) return;
  CardList board;
  for (const Event& e : h_.events) {
    if (e.board_index > 0) return;  // a board per run: which one the name is on is not said
    if (e.kind == EventKind::Board) {
      if (reprinted(e)) continue;
      const ReadCards rc = read_cards(e.cards);
      if (hides_cards(rc)) return;
      board.insert(board.end(), rc.known.begin(), rc.known.end());
    } else if (e.kind == EventKind::Shows && e.seat) {
      check_hand_name(e, board);
    }
  }
}

void HandIntegrity::check_hand_name(const Event& e, const CardList& board) {
  // The name is read from the hand's own line, after the cards the event holds.
  const std::string_view line = line_of_hand(h_, e.line);
  const std::string& printed = e.cards.printed();
  const std::size_t at = printed.empty() ? std::string_view::npos : line.find(printed);
  if (at == std::string_view::npos) return;
  const std::size_t open = line.find('(', at + printed.size());
  const std::size_t close = line.find(')', open);
  if (open == std::string_view::npos || close == std::string_view::npos) return;
  const std::string_view name = line.substr(open + 1, close - open - 1);
  const auto named = named_category(name);
  const ReadCards shown = read_cards(e.cards);
  if (!named || shown.hidden || shown.known.size() != h_.game.hole_cards) return;
  HandValue value = 0;
  if (h_.game.variant == GameVariant::Omaha) {
    if (board.size() != 5) return;
    value = best_omaha(cards_of(shown.known), cards_of(board));
  } else {
    CardList all = shown.known;
    all.insert(all.end(), board.begin(), board.end());
    if (all.size() < 5 || all.size() > 7) return;
    value = best_of(cards_of(all));
  }
  const HandCategory made = category_of(value);
  if (made == *named) return;
  add(FindingCode::HandNameMismatch, e, e.seat,
      fmt::format(
          "line {}: {} shows [{}] as \"{}\", but the cards make {}{}", e.line, who(e.seat),
          cards_text(shown.known), name, category_name(made),
          board.empty() ? std::string() : fmt::format(" with the board [{}]", cards_text(board))));
}

}  // namespace

std::vector<Finding> check_hand_integrity(const Hand& hand) {
  // A line not read may be a card's: the hand's cards are not judged on part of them.
  if (!hand.parsed || !hand.issues.empty() || hand.cancelled) return {};
  return HandIntegrity(hand).run();
}

}  // namespace hh
