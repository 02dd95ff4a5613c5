#include "parser/pokerstars/summary.hpp"

#include <charconv>

#include "parser/text/money.hpp"
#include "parser/text/summary_format.hpp"
#include "parser/text/text_util.hpp"

namespace hh::pokerstars {

namespace {

// "USD" at the end of "$2.00/$0.50/$0.20 USD": the ISO code PokerStars prints after its amounts
// (FPP and SC for its points and coins); "" when the text ends with none.
std::string_view trailing_code(std::string_view& text) {
  const std::size_t sp = text.rfind(' ');
  if (sp == std::string_view::npos) return {};
  const std::string_view code = text.substr(sp + 1);
  if (code.size() < 2 || code.size() > 3) return {};
  for (const char c : code)
    if (c < 'A' || c > 'Z') return {};
  text = trim(text.substr(0, sp));
  return code;
}

// "$9.04/$0.96" (buy-in and fee) or "$2.00/$0.50/$0.20" (buy-in, knockout bounty and fee).
bool read_buy_in(std::string_view text, TournamentSummary& s) {
  s.currency = std::string(trailing_code(text));
  if (text == "Freeroll") {
    s.buy_in = 0;
    s.fee = 0;
    return true;
  }
  std::vector<std::optional<Money>> parts;
  while (true) {
    const std::size_t slash = text.find('/');
    parts.push_back(summary::cash_amount(trim(text.substr(0, slash)), s.unit));
    if (slash == std::string_view::npos) break;
    text = text.substr(slash + 1);
  }
  for (const auto& p : parts)
    if (!p) return false;
  if (parts.size() == 2) {
    s.buy_in = *parts[0];
    s.fee = *parts[1];
    return true;
  }
  if (parts.size() == 3) {
    s.buy_in = *parts[0];
    s.bounty = *parts[1];
    s.fee = *parts[2];
    return true;
  }
  return false;
}

// What follows "N: " on a result line: "name (country), $2,062.96 (15.527%)",
// "name (country), still playing", "name (country)," (no prize), "name (country), Sunday Million
// ticket". A name may hold parentheses ("drbyte(ctba) (Brazil)"): the country is the last
// parenthesised part before the first "),".
bool read_result(std::string_view rest, TournamentResult& r) {
  std::size_t close = rest.find("),");
  if (close == std::string_view::npos) {
    if (rest.empty() || rest.back() != ')') return false;
    close = rest.size() - 1;
  }
  const std::size_t open = rest.rfind(" (", close);
  if (open == std::string_view::npos || open == 0) return false;
  r.player = std::string(rest.substr(0, open));
  r.country = std::string(rest.substr(open + 2, close - open - 2));
  std::string_view prize = trim(rest.substr(std::min(rest.size(), close + 2)));
  if (prize == "still playing") {
    r.place = 0;
    return true;
  }
  if (prize.empty()) return true;
  std::string_view amount = prize;
  if (prize.size() > 2 && prize.substr(prize.size() - 2) == "%)") {
    const std::size_t share = prize.rfind(" (");
    if (share != std::string_view::npos) amount = trim(prize.substr(0, share));
  }
  trailing_code(amount);
  if (const std::optional<Money> m = summary::cash_amount(amount, 100)) {
    r.prize = *m;
  } else {
    r.prize_text = std::string(prize);
  }
  return true;
}

}  // namespace

TournamentSummary read_summary(std::string_view decoded, const std::string& file) {
  TournamentSummary s = summary::begin("pokerstars", decoded, file);
  const std::vector<summary::Line> lines = summary::lines_of(decoded);
  std::size_t i = 0;
  // The header: "PokerStars Tournament #354025449, No Limit Hold'em".
  constexpr std::string_view kHeader = "PokerStars Tournament #";
  if (lines.empty() || !starts_with(lines[0].text, kHeader)) {
    if (lines.empty()) {
      s.issues.push_back({1, "\"PokerStars Tournament #N, game\"", "an empty file", 0});
    } else {
      summary::add_issue(s, lines[0], "\"PokerStars Tournament #N, game\"");
    }
    return s;
  }
  {
    const std::string_view h = lines[0].text.substr(kHeader.size());
    const std::size_t comma = h.find(',');
    const std::string_view id = h.substr(0, comma);
    if (id.empty() || id.find_first_not_of("0123456789") != std::string_view::npos) {
      summary::add_issue(s, lines[0], "the tournament's number after \"PokerStars Tournament #\"");
      return s;
    }
    s.tournament_id = std::string(id);
    if (comma != std::string_view::npos) s.game = std::string(trim(h.substr(comma + 1)));
    s.source.line = lines[0].number;
    s.parsed = true;
    i = 1;
  }
  for (; i < lines.size(); ++i) {
    const summary::Line& line = lines[i];
    const std::string_view t = line.text;
    if (starts_with(t, "Buy-In: ")) {
      if (!read_buy_in(trim(t.substr(8)), s))
        summary::add_issue(s, line, "a buy-in \"$X/$FEE USD\" or \"$X/$BOUNTY/$FEE USD\"");
    } else if (const std::optional<summary::Numbered> n = summary::numbered(t)) {
      TournamentResult r;
      r.place = n->place;
      r.line = line.number;
      if (read_result(n->rest, r)) {
        s.results.push_back(std::move(r));
      } else {
        summary::add_issue(s, line, "a place \"N: name (country), prize\"");
      }
    } else if (t.size() > 8 && t.substr(t.size() - 8) == " players") {
      s.entrants = summary::leading_count(t);
      if (!s.entrants) summary::add_issue(s, line, "\"N players\"");
    } else if (starts_with(t, "Total Prize Pool: ")) {
      std::string_view pool = trim(t.substr(18));
      trailing_code(pool);
      s.prize_pool =
          summary::cash_amount(pool, s.unit);  // nullopt: a ticket ("Sunday Million ticket")
    } else if (starts_with(t, "Tournament started ")) {
      s.started_at = summary::time_utc(t.substr(19));
    } else if (starts_with(t, "Tournament finished ")) {
      s.ended_at = summary::time_utc(t.substr(20));
      s.finished = true;
    } else if (starts_with(t, "You made ")) {
      // "You made 5 rebuys and 1 addons for a total of USD 3,180.00."
      s.rebuys = true;
    } else if (starts_with(t, "You finished in ") || starts_with(t, "You are still playing") ||
               starts_with(t, "Target Tournament #")) {
      // The account's own place (listed among the places too) and a satellite's target.
    } else {
      summary::add_issue(s, line, "a line of a PokerStars tournament summary");
    }
  }
  return s;
}

std::unique_ptr<Format> make_summary_format() {
  return summary::make_format("pokerstars-summary", "PokerStars tournament summary",
                              "PokerStars Tournament #", &read_summary);
}

}  // namespace hh::pokerstars
