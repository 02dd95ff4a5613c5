#include "parser/fulltilt/summary.hpp"

#include "parser/text/header_fields.hpp"
#include "parser/text/money.hpp"
#include "parser/text/summary_format.hpp"
#include "parser/text/text_util.hpp"

namespace hh::fulltilt {

namespace {

constexpr std::string_view kHeader = "Full Tilt Poker Tournament Summary ";

// "$8K" before " Guarantee" in a title ("Turbo $8K Guarantee (Rush)"): 800000 cents.
std::optional<Money> guarantee_in(std::string_view title, int unit) {
  const std::size_t at = title.find(" Guarantee");
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t start = title.rfind(' ', at - 1);
  std::string_view amount = title.substr(start == std::string_view::npos ? 0 : start + 1,
                                         at - (start == std::string_view::npos ? 0 : start + 1));
  Money times = 1;
  if (!amount.empty() && (amount.back() == 'K' || amount.back() == 'k')) times = 1000;
  if (!amount.empty() && amount.back() == 'M') times = 1000000;
  if (times != 1) amount.remove_suffix(1);
  const std::optional<Money> m = summary::cash_amount(amount, unit);
  Money guarantee = 0;
  if (!m || __builtin_mul_overflow(*m, times, &guarantee)) return std::nullopt;
  return guarantee;
}

// The header line after kHeader: the tournament's number (the first parenthesised number: "Step
// 2 (Super Turbo) (243814827) Hold'em No Limit (Steps, Super Turbo)") and its game. Returns the
// title before the number; nullopt, with the issue, when there is no number.
std::optional<std::string_view> read_header(TournamentSummary& s, const summary::Line& first) {
  std::string_view title;
  const std::string_view h = first.text.substr(kHeader.size());
  std::size_t open = h.find('(');
  while (open != std::string_view::npos) {
    const std::size_t close = h.find(')', open);
    if (close == std::string_view::npos) break;
    const std::string_view id = h.substr(open + 1, close - open - 1);
    if (!id.empty() && id.find_first_not_of("0123456789") == std::string_view::npos) {
      s.tournament_id = std::string(id);
      title = trim(h.substr(0, open));
      std::string_view game = trim(h.substr(close + 1));
      const std::size_t kinds = game.find(" (");
      s.game = std::string(trim(game.substr(0, kinds)));
      break;
    }
    open = h.find('(', close);
  }
  if (s.tournament_id.empty()) {
    summary::add_issue(s, first, "the tournament's number in parentheses: \"(243814827)\"");
    return std::nullopt;
  }
  s.source.line = first.number;
  s.parsed = true;
  return title;
}

// A place: "1: mkSuisse, Step 3 Ticket", "6: tjwright18, $2", "7: uwe7801".
void read_place(TournamentSummary& s, const summary::Line& line, const summary::Numbered& n) {
  TournamentResult r;
  r.place = n.place;
  r.line = line.number;
  const std::size_t comma = n.rest.find(", ");
  r.player = std::string(trim(n.rest.substr(0, comma)));
  if (comma != std::string_view::npos) {
    const std::string_view prize = trim(n.rest.substr(comma + 2));
    if (const std::optional<Money> m = summary::cash_amount(prize, s.unit)) {
      r.prize = *m;
    } else {
      r.prize_text = std::string(prize);
    }
  }
  if (r.player.empty()) {
    summary::add_issue(s, line, "a place \"N: name[, prize]\"");
  } else {
    s.results.push_back(std::move(r));
  }
}

}  // namespace

TournamentSummary read_summary(std::string_view decoded, const std::string& file) {
  TournamentSummary s = summary::begin("fulltilt", decoded, file);
  const std::vector<summary::Line> lines = summary::lines_of(decoded);
  const char* const kExpectedHeader = "\"Full Tilt Poker Tournament Summary TITLE (N) GAME\"";
  if (lines.empty()) {
    s.issues.push_back({1, kExpectedHeader, "an empty file", 0});
    return s;
  }
  if (!starts_with(lines[0].text, kHeader)) {
    summary::add_issue(s, lines[0], kExpectedHeader);
    return s;
  }
  const std::optional<std::string_view> title = read_header(s, lines[0]);
  if (!title) return s;
  std::optional<Money> printed_buy_in;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const summary::Line& line = lines[i];
    const std::string_view t = line.text;
    if (starts_with(t, "Buy-In Chips: ")) {
      s.starting_chips = summary::leading_count(t.substr(14));
      if (!s.starting_chips) summary::add_issue(s, line, "\"Buy-In Chips: N\"");
    } else if (starts_with(t, "Buy-In: ")) {
      // "$8.30 + $0.40": the buy-in (with the knockout bounty, when one is printed) and the fee.
      const std::string_view v = trim(t.substr(8));
      s.currency = header::currency_of(v, header::kCurrencySymbols);
      const std::size_t plus = v.find(" + ");
      printed_buy_in = summary::cash_amount(trim(v.substr(0, plus)), s.unit);
      if (plus != std::string_view::npos)
        s.fee = summary::cash_amount(trim(v.substr(plus + 3)), s.unit);
      if (!printed_buy_in || (plus != std::string_view::npos && !s.fee))
        summary::add_issue(s, line, "a buy-in \"$X + $FEE\"");
    } else if (starts_with(t, "Knockout Bounty: ")) {
      s.bounty = summary::cash_amount(trim(t.substr(17)), s.unit);
      if (!s.bounty) summary::add_issue(s, line, "\"Knockout Bounty: $X\"");
    } else if (t.size() > 8 && t.substr(t.size() - 8) == " Entries") {
      s.entrants = summary::leading_count(t);
      if (!s.entrants) summary::add_issue(s, line, "\"N Entries\"");
    } else if (starts_with(t, "Total Prize Pool: ")) {
      s.prize_pool = summary::cash_amount(trim(t.substr(18)), s.unit);
    } else if (starts_with(t, "Tournament started: ")) {
      s.started_at = summary::time_utc(t.substr(20));
    } else if (starts_with(t, "Tournament finished: ")) {
      s.ended_at = summary::time_utc(t.substr(21));
      s.finished = true;
    } else if (starts_with(t, "Still Playing - ")) {
      TournamentResult r;
      r.player = std::string(trim(t.substr(16)));
      r.line = line.number;
      s.results.push_back(std::move(r));
    } else if (const std::optional<summary::Numbered> n = summary::numbered(t)) {
      read_place(s, line, *n);
    } else if (t.find("Rebuy") != std::string_view::npos ||
               t.find("Add-On") != std::string_view::npos) {
      s.rebuys = true;
    } else if (starts_with(t, "Top ") || t == "Tournament is still in progress" ||
               t.find("Knockout Bounty Award") != std::string_view::npos ||
               (t.find(" finished in ") != std::string_view::npos &&
                t.substr(t.size() - 6) == " place")) {
      // What the places say again: the paid places' prize, the account's own place.
    } else {
      summary::add_issue(s, line, "a line of a Full Tilt tournament summary");
    }
  }
  // The knockout bounty is part of the printed buy-in ("$240 + $15" with a $40 bounty): the
  // prize pool gets the rest.
  Money buy_in = 0;
  if (printed_buy_in && !__builtin_sub_overflow(*printed_buy_in, s.bounty.value_or(0), &buy_in))
    s.buy_in = buy_in;
  s.guarantee = guarantee_in(*title, s.unit);
  return s;
}

std::unique_ptr<Format> make_summary_format() {
  return summary::make_format("fulltilt-summary", "Full Tilt tournament summary", kHeader,
                              &read_summary);
}

}  // namespace hh::fulltilt
