#include "parser/text/tournament_results.hpp"

#include <algorithm>
#include <charconv>

#include "parser/text/money.hpp"
#include "parser/text/text_util.hpp"

namespace hh::tournament_results {

namespace {

constexpr int kCents = 100;  // prizes and bounties are in the buy-in's currency, not in chips

// "274" -> 274; nullopt unless the whole text is digits of a number above 0.
std::optional<int> whole_number(std::string_view digits) {
  int n = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n <= 0) return std::nullopt;
  return n;
}

// "214th" -> 214; nullopt unless digits then one of the English ordinal endings.
std::optional<int> ordinal(std::string_view word) {
  const std::size_t digits = std::min(word.find_first_not_of("0123456789"), word.size());
  const std::string_view suffix = word.substr(digits);
  if (suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th") return std::nullopt;
  return whole_number(word.substr(0, digits));
}

// The amount a line ends with after `lead` ("and received $1.94." -> 194 cents): trailing '.',
// " - congratulations!" dropped. nullopt when none, or not an amount.
std::optional<Money> prize_after(std::string_view text, std::string_view lead) {
  const std::size_t at = text.find(lead);
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view amount = text.substr(at + lead.size());
  if (std::size_t dash = amount.find(" - "); dash != std::string_view::npos)
    amount = amount.substr(0, dash);
  if (amount.ends_with('.')) amount.remove_suffix(1);
  // As the player's client writes it: "$141.51", "0,02 €", "₹1520 .35".
  return parse_amount_either_decimal(trim(amount), kCents);
}

// The finish a whole line states, its player the seated one the builder matched, else the name
// before the verb (a player no longer seated).
std::optional<TournamentFinish> finish_in(std::string_view line, const Seat* seat) {
  std::string_view name;
  if (seat) {
    name = seat->player;
  } else {
    std::size_t at = line.find(" finished the tournament in ");
    if (at == std::string_view::npos) at = line.find(" wins the tournament");
    if (at == std::string_view::npos) return std::nullopt;
    name = line.substr(0, at);
  }
  std::optional<TournamentFinish> f = read_finish(line.substr(name.size() + 1));
  if (!f) return std::nullopt;
  f->seat = seat ? seat->seat : 0;
  f->player = std::string(name);
  return f;
}

}  // namespace

std::optional<TournamentFinish> read_finish(std::string_view after_name) {
  TournamentFinish f;
  constexpr std::string_view kWins = "wins the tournament";
  constexpr std::string_view kFinished = "finished the tournament in ";
  constexpr std::string_view kInPlace = "finished in place ";
  if (starts_with(after_name, kWins)) {
    f.place = 1;
    f.prize = prize_after(after_name, " and receives ");
    return f;
  }
  // PokerTracker's export: "finished in place 3 and won 0,02 €" ("won $$0": no amount).
  if (starts_with(after_name, kInPlace)) {
    const std::string_view rest = after_name.substr(kInPlace.size());
    const std::optional<int> place = whole_number(rest.substr(0, rest.find(' ')));
    if (!place) return std::nullopt;
    f.place = *place;
    f.prize = prize_after(rest, " and won ");
    return f;
  }
  // Cake: "finished 21 out of 66 players." (no prize printed).
  constexpr std::string_view kCakeFinished = "finished ";
  if (const std::size_t of = after_name.find(" out of "); starts_with(after_name, kCakeFinished) &&
                                                          of != std::string_view::npos &&
                                                          after_name.ends_with(" players.")) {
    const std::optional<int> place =
        whole_number(after_name.substr(kCakeFinished.size(), of - kCakeFinished.size()));
    if (!place) return std::nullopt;
    f.place = *place;
    return f;
  }
  // PartyPoker: "finished in 274." (grouped by spaces: "finished in 4 169."; no prize printed).
  constexpr std::string_view kPartyFinished = "finished in ";
  if (starts_with(after_name, kPartyFinished) && after_name.ends_with('.')) {
    std::string digits;
    for (char c :
         after_name.substr(kPartyFinished.size(), after_name.size() - kPartyFinished.size() - 1))
      if (c != ' ') digits += c;
    const std::optional<int> place = whole_number(digits);
    if (!place) return std::nullopt;
    f.place = *place;
    return f;
  }
  if (!starts_with(after_name, kFinished)) return std::nullopt;
  std::string_view rest = after_name.substr(kFinished.size());
  const std::size_t space = rest.find(' ');
  if (space == std::string_view::npos || rest.substr(space, 6) != " place") return std::nullopt;
  const std::optional<int> place = ordinal(rest.substr(0, space));
  if (!place) return std::nullopt;
  f.place = *place;
  f.prize = prize_after(rest, " and received ");
  return f;
}

std::optional<BountyPaid> read_bounty(std::string_view line) {
  constexpr std::string_view kFor = " for eliminating ";
  const std::size_t for_at = line.find(kFor);
  if (for_at == std::string_view::npos) return std::nullopt;
  BountyPaid b;
  std::string_view head = line.substr(0, for_at);
  std::string_view tail = line.substr(for_at + kFor.size());
  // Progressive: "E and their own bounty increases by $X to $Y".
  constexpr std::string_view kIncrease = " and their own bounty increases by ";
  if (std::size_t inc = tail.find(kIncrease); inc != std::string_view::npos) {
    std::string_view amounts = tail.substr(inc + kIncrease.size());
    const std::size_t to = amounts.find(" to ");
    if (to == std::string_view::npos) return std::nullopt;
    const auto increase = parse_amount(amounts.substr(0, to), kCents);
    const auto after = parse_amount(trim(amounts.substr(to + 4)), kCents);
    if (!increase || !after) return std::nullopt;
    b.progressive = true;
    b.increase = *increase;
    b.new_bounty = *after;
    tail = tail.substr(0, inc);
  }
  b.eliminated = std::string(trim(tail));
  // "W wins $X" (progressive), "W wins the $X bounty", "A, B split the $X bounty".
  std::string_view names, amount;
  if (std::size_t wins = head.rfind(" wins "); wins != std::string_view::npos) {
    names = head.substr(0, wins);
    amount = head.substr(wins + 6);
  } else if (std::size_t split = head.rfind(" split "); split != std::string_view::npos) {
    names = head.substr(0, split);
    amount = head.substr(split + 7);
  } else {
    return std::nullopt;
  }
  if (starts_with(amount, "the ")) amount.remove_prefix(4);
  if (amount.ends_with(" bounty")) amount.remove_suffix(7);
  const auto cash = parse_amount(amount, kCents);
  if (!cash || names.empty() || b.eliminated.empty()) return std::nullopt;
  b.amount = *cash;
  while (!names.empty()) {
    const std::size_t comma = names.find(", ");
    b.winners.emplace_back(names.substr(0, comma));
    names = comma == std::string_view::npos ? std::string_view{} : names.substr(comma + 2);
  }
  return b;
}

void read_from_events(Hand& h) {
  for (const Event& e : h.events) {
    if (e.kind != EventKind::Other) continue;
    // A line of a seated player is kept without the name; any other line whole.
    const Seat* seat = e.seat != 0 ? h.seat_of(e.seat) : nullptr;
    const std::string line = seat ? seat->player + " " + e.text : e.text;
    if (std::optional<TournamentFinish> f = finish_in(line, seat)) {
      f->line = e.line;
      h.finishes.push_back(std::move(*f));
      continue;
    }
    if (std::optional<BountyPaid> b = read_bounty(line)) {
      b->line = e.line;
      h.bounties.push_back(std::move(*b));
    }
  }
}

std::optional<Money> knockout_bounty(std::string_view buy_in) {
  const std::size_t first = buy_in.find('+');
  if (first == std::string_view::npos) return std::nullopt;
  const std::size_t second = buy_in.find('+', first + 1);
  if (second == std::string_view::npos || buy_in.find('+', second + 1) != std::string_view::npos)
    return std::nullopt;
  return parse_amount(buy_in.substr(first + 1, second - first - 1), kCents);
}

}  // namespace hh::tournament_results
