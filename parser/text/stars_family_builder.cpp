#include "parser/text/stars_family_builder.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <span>

#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"
#include "parser/text/tournament_results.hpp"

namespace hh::stars_family {

namespace {

// Lines naming no seated player that every site of the family writes.
constexpr std::array<std::string_view, 11> kFamilyPhrases = {
    " leaves the table",
    " is connected",
    " has returned",
    " is disconnected",
    " will be allowed to play after the button",
    " was removed from the table",
    " finished the tournament",
    " wins the tournament",
    " bounty for eliminating",
    " for eliminating ",
    " has timed out"};
constexpr std::array<std::string_view, 3> kFamilyStarts = {
    "Betting is capped", "No low hand qualified", "Hand cancelled"};

bool starts_with_any(std::string_view line, std::span<const std::string_view> starts) {
  for (std::string_view w : starts)
    if (starts_with(line, w)) return true;
  return false;
}

bool holds_any(std::string_view line, std::span<const std::string_view> phrases) {
  for (std::string_view p : phrases)
    if (line.find(p) != std::string_view::npos) return true;
  return false;
}

// rest.find(" mucked ["), looked for by its 'm': find() looks for the first byte with memchr and
// compares at each hit, and a summary line has a space every few bytes.
std::size_t find_mucked(std::string_view rest) {
  constexpr std::string_view kMucked = "mucked [";
  for (std::size_t at = rest.find(kMucked, 1); at != std::string_view::npos;
       at = rest.find(kMucked, at + 1))
    if (rest[at - 1] == ' ') return at - 1;
  return std::string_view::npos;
}

// What a summary seat line prints before each amount: a collection ("won ($X)", "collected
// ($X)", Full Tilt's "wins the side pot ($X)", "and won €X") or GG's money apart from the pot
// ("Cashout Risk ($X)", "EV Cashout ($X)", "AII Premium ($X)").
constexpr std::array<std::string_view, 6> kSummaryMoneyLabels = {
    "won ", "collected ", "pot ", "Cashout Risk ", "EV Cashout ", "Premium "};

bool starts_with_currency(std::string_view text) {
  for (std::string_view c : {"$", "€", "£", "₹", "¥", "₩"})
    if (starts_with(text, c)) return true;
  return false;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The money a summary seat line prints after the player, each one an amount read: every
// parenthesised amount and every amount after a currency symbol stands after a label of
// kSummaryMoneyLabels, and what follows a label is the whole amount. Returns the first one not
// read, or an empty view. Cards ("[..]") and words in parentheses ("(button)", "(didn't bet)")
// are not money.
std::string_view unread_summary_money(std::string_view rest,
                                      const std::function<bool(std::string_view)>& is_amount) {
  auto labelled = [&](std::size_t at) {
    const std::string_view before = rest.substr(0, at);
    for (std::string_view l : kSummaryMoneyLabels)
      if (before.ends_with(l)) return true;
    return false;
  };
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '[') {
      const std::size_t close = rest.find(']', i);
      if (close == std::string_view::npos) return {};
      i = close;
      continue;
    }
    if (rest[i] == '(') {
      const std::size_t close = rest.find(')', i);
      if (close == std::string_view::npos) return {};
      const std::string_view inside = rest.substr(i + 1, close - i - 1);
      const bool money_like =
          !inside.empty() && (is_digit(inside.front()) || starts_with_currency(inside));
      if (labelled(i)) {
        if (!is_amount(inside)) return rest.substr(i, close - i + 1);
      } else if (money_like) {
        return rest.substr(i, close - i + 1);
      }
      i = close;
      continue;
    }
    if ((i == 0 || rest[i - 1] == ' ') && starts_with_currency(rest.substr(i))) {
      const std::size_t end = std::min(rest.find(' ', i), rest.size());
      const std::string_view token = rest.substr(i, end - i);
      if (!labelled(i) || !is_amount(token)) return token;
      i = end;
    }
  }
  return {};
}

}  // namespace

StarsFamilyBuilder::StarsFamilyBuilder(const HandText& text, const std::string& file,
                                       std::string site, std::string line_kind,
                                       NeutralLines neutral, AmountReader read_amount)
    : HandBuilder(text, file, std::move(site), read_amount),
      line_kind_(std::move(line_kind)),
      neutral_(neutral) {}

std::optional<StarsFamilyBuilder::NameMatch> StarsFamilyBuilder::match_player(
    std::string_view line) const {
  if (auto m = player_then(line, ": ")) return NameMatch{m->first, m->second, true};
  if (auto m = player_then(line, " ")) return NameMatch{m->first, m->second, false};
  return std::nullopt;
}

std::optional<Street> StarsFamilyBuilder::street_named(std::string_view name,
                                                       std::span<const StreetName> names,
                                                       const ast::StreetLine& sl,
                                                       std::uint32_t ln) {
  for (const StreetName& n : names)
    if (name == n.printed) return n.street;
  issue(ln, "a street marker (*** HOLE CARDS ***, *** FLOP ***, ... *** SUMMARY ***)", sl.name);
  return std::nullopt;
}

void StarsFamilyBuilder::enter_street(Street next, int board) {
  street_ = next;
  if (next == Street::Showdown) showdown_board_ = board;
}

void StarsFamilyBuilder::board_event(Street street, int board, std::string_view cards,
                                     std::uint32_t ln) {
  Event& e = add_event(EventKind::Board, ln);
  e.street = street;
  e.cards = EventCards::read(cards);
  e.board_index = board;
}

void StarsFamilyBuilder::read_seat(const ast::SeatLine& sl, std::uint32_t ln) {
  Seat s;
  s.seat = static_cast<int>(sl.seat);
  s.player = std::string(sl.player);
  if (auto m = money(sl.stack, ln)) s.stack = *m;
  if (!sl.bounty.empty()) {
    // Bounties are printed in the buy-in currency even in chip tournaments: keep cents.
    if (auto b = parse_amount(sl.bounty, 100)) s.bounty = *b;
  }
  s.sitting_out = sl.sitting_out;
  add_seat(std::move(s), ln);
}

void StarsFamilyBuilder::apply_bet(Event& e, std::uint32_t) {
  bets_.apply(e);  // "raises BY to TO": TO is the street total
}

void StarsFamilyBuilder::action_line(int seat, std::string_view rest, std::uint32_t ln) {
  action_ast::Action a;
  if (!parse_action(rest, a)) {
    issue(ln, action_form(), rest);
    return;
  }
  before_action(a);
  Event e = action_event(a, seat, rest, ln);
  apply_bet(e, ln);
  h_.events.push_back(std::move(e));
}

void StarsFamilyBuilder::note_line(int seat, std::string_view rest, std::uint32_t ln) {
  action_ast::Action a;
  if (!parse_note(rest, a)) {
    issue(ln, note_form(), rest);
    return;
  }
  Event e = action_event(a, seat, rest, ln);
  h_.events.push_back(std::move(e));
}

bool StarsFamilyBuilder::neutral_line(std::string_view line, std::uint32_t ln) {
  if (starts_with_any(line, kFamilyStarts) || starts_with_any(line, neutral_.starts)) {
    if (starts_with(line, "Hand cancelled")) h_.cancelled = true;
    other(line, ln);
    return true;
  }
  if (line.find(" said, \"") != std::string_view::npos) {
    add_event(EventKind::Chat, ln).text = std::string(line);
    return true;
  }
  for (std::string_view end : neutral_.sits_out_endings)
    if (line.ends_with(end)) {  // players not dealt in
      other(line, ln);
      return true;
    }
  if (holds_any(line, kFamilyPhrases) || holds_any(line, neutral_.phrases)) {
    other(line, ln);
    return true;
  }
  // Export banners and separators some tools put between hands: "*********** # 1 ****".
  if (line.find_first_not_of("*# 0123456789") == std::string_view::npos) return true;
  return site_neutral_line(line, ln);
}

bool StarsFamilyBuilder::dealt_line(std::string_view rest, std::uint32_t ln) {
  return dealt_hole_cards(rest, ln);
}

bool StarsFamilyBuilder::names_button(std::string_view line) {
  return line.find(" is the button") != std::string_view::npos;
}

bool StarsFamilyBuilder::button_read(std::string_view line) {
  const std::size_t at = line.find("Seat #");
  if (at == std::string_view::npos) return false;
  std::size_t end = at + 6;
  while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
  return end > at + 6 && line.substr(end).starts_with(" is the button");
}

bool StarsFamilyBuilder::shown_summary_money_reads(std::string_view line, std::uint32_t ln,
                                                   std::initializer_list<std::string_view> labels,
                                                   const char* expected) {
  if (const std::size_t shown = line.find("] and "); shown != std::string_view::npos) {
    const std::string_view after = line.substr(shown + 6);
    if (!starts_with(after, "won (") && !starts_with(after, "lost")) {
      issue(ln, "Seat N: PLAYER showed [..] and won (X) with ... | and lost with ...", line);
      return false;
    }
  }
  for (std::size_t open = line.find('('); open != std::string_view::npos;
       open = line.find('(', open + 1)) {
    const std::size_t close = line.find(')', open);
    std::string_view inner =
        line.substr(open + 1, (close == std::string_view::npos ? line.size() : close) - open - 1);
    bool signed_amount = false;
    for (std::string_view sign : {"$", "€", "£"})
      if (starts_with(inner, sign)) {
        inner.remove_prefix(sign.size());
        signed_amount = true;
      }
    // "(small blind)", "(button)": a role, no money.
    if (!signed_amount && (inner.empty() || !is_digit(inner.front()))) continue;
    const std::string_view before = line.substr(0, open);
    if (std::none_of(labels.begin(), labels.end(),
                     [&](std::string_view l) { return before.ends_with(l); })) {
      issue(ln, expected, line);
      return false;
    }
    if (!money(inner, ln)) return false;
  }
  return true;
}

void StarsFamilyBuilder::summary_seat(std::string_view line, std::uint32_t ln) {
  ast::SummarySeatLine s;
  if (!parse_all(line, summary_seat_line(), s)) {
    issue(ln, "Seat N: PLAYER ...", line);
    return;
  }
  SummarySeat out;
  out.seat = static_cast<int>(s.seat);
  out.line = ln;
  std::string_view rest = s.rest;
  if (const Seat* seat = h_.seat_of(out.seat); seat && starts_with(rest, seat->player)) {
    out.player = seat->player;
    rest.remove_prefix(seat->player.size());
  } else {
    std::size_t paren = rest.find(" (");
    out.player = std::string(rest.substr(0, paren));
    if (paren != std::string_view::npos) rest.remove_prefix(paren);
  }
  // "won ($X)" and "collected ($X)"; GG's "Cashout Risk ($X)", "EV Cashout ($X)" and "AII
  // Premium ($X)" are not money from the pot and are not counted.
  if (std::string_view bad =
          unread_summary_money(rest, [&](std::string_view a) { return is_amount(a); });
      !bad.empty()) {
    issue(ln, "a summary seat's money: won (X), collected (X), ... with X an amount", bad);
    return;
  }
  ast::SummaryMoney sm;
  parse_start(rest, summary_money(), sm);
  add_won(out, sm.amounts, ln);
  out.folded = rest.find("folded") != std::string_view::npos;
  // "mucked [8s Qs]": cards the site reveals only in the summary. They count as shown at the
  // showdown (a mucked hand that beats the paid one shows a wrong winner).
  if (std::size_t at = find_mucked(rest); at != std::string_view::npos) {
    std::string_view cards = rest.substr(at + 9);
    if (std::size_t close = cards.find(']'); close != std::string_view::npos) {
      Event e;
      e.kind = EventKind::Mucks;
      e.street = Street::Showdown;
      e.seat = out.seat;
      e.cards = EventCards::read(cards.substr(0, close));
      e.line = ln;
      h_.events.push_back(std::move(e));
    }
  }
  h_.summary.push_back(std::move(out));
}

void StarsFamilyBuilder::summary_line(std::string_view line, std::uint32_t ln) {
  if (starts_with(line, "Total pot")) {
    read_total_line(line, ln);
    return;
  }
  if (starts_with(line, "Board [") || starts_with(line, "FIRST Board [") ||
      starts_with(line, "SECOND Board [") || starts_with(line, "THIRD Board ["))
    return;
  if (starts_with(line, "Seat ")) {
    summary_seat(line, ln);
    return;
  }
  if (site_line(line, ln)) return;
  if (neutral_line(line, ln)) return;
  issue(ln, "a summary line (Total pot, Board, Seat N: ...)", line);
}

void StarsFamilyBuilder::uncalled(const ast::UncalledLine& u, std::uint32_t ln) {
  const int seat = seat_of_player(u.player);
  const Money amount = money(u.amount, ln).value_or(0);
  Event& e = add_event(EventKind::UncalledReturned, ln);
  e.seat = seat;
  e.amount = amount;
  if (seat == 0) issue(ln, "a seated player's name", u.player);
}

void StarsFamilyBuilder::read_line(std::string_view line, std::uint32_t ln) {
  if (starts_with(line, "*** ")) {
    ast::StreetLine sl;
    if (parse_all(line, street_line(), sl)) {
      if (sl.name == "SUMMARY") {
        in_summary_ = true;
        street_ = Street::Showdown;
      } else {
        street_marker(sl, ln);
      }
      return;
    }
  }
  if (in_summary_) {
    summary_line(line, ln);
    return;
  }
  if (starts_with(line, "Table ") && h_.table_name.empty()) {
    ast::TableLine t;
    if (parse_all(line, table_line(), t) && (!names_button(line) || button_read(line))) {
      h_.table_name = std::string(t.name);
      h_.max_seats = static_cast<int>(t.max_seats);
      h_.button_seat = static_cast<int>(t.button);
      return;
    }
  }
  if (starts_with(line, "Seat ") && street_ == Street::Setup) {
    ast::SeatLine sl;
    if (parse_all(line, seat_line(), sl)) {
      read_seat(sl, ln);
      return;
    }
  }
  if (starts_with(line, "Dealt to ") && dealt_line(line.substr(9), ln)) return;
  if (starts_with(line, "Uncalled bet (")) {
    ast::UncalledLine u;
    if (parse_all(line, uncalled_line(), u)) {
      uncalled(u, ln);
      return;
    }
  }
  if (site_line(line, ln)) return;
  if (auto m = match_player(line)) {
    if (m->colon)
      action_line(m->seat, m->rest, ln);
    else
      note_line(m->seat, m->rest, ln);
    return;
  }
  if (neutral_line(line, ln)) return;
  issue(ln, "a line of a " + line_kind_ + " hand", line);
}

void StarsFamilyBuilder::finish() {
  if (!finish_hand("Seat N: PLAYER (STACK in chips)", "*** SUMMARY ***", in_summary_)) return;
  h_.site_added = site_added_;
  if (h_.tournament) tournament_results::read_from_events(h_);
  finish_site();
}

}  // namespace hh::stars_family
