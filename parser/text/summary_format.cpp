#include "parser/text/summary_format.hpp"

#include <charconv>
#include <utility>

#include "parser/sniff.hpp"
#include "parser/text/money.hpp"
#include "parser/text/split.hpp"
#include "parser/text/text_util.hpp"

namespace hh::summary {

namespace {

class SummaryFormat final : public Format {
 public:
  SummaryFormat(std::string_view name, std::string_view display_name, std::string_view signature,
                Reader read)
      : name_(name), display_name_(display_name), signature_(signature), read_(read) {}
  std::string_view name() const override { return name_; }
  std::string_view display_name() const override { return display_name_; }
  int sniff(std::string_view head) const override {
    return sniff::best_line_score(head, [&](std::string_view line) {
      return starts_with(line, signature_) ? sniff::kSignature : 0;
    });
  }
  // A summary holds no hand: its file is read whole by read_summary().
  bool is_hand_start(std::string_view) const override { return false; }
  bool reads_summaries() const override { return true; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return unparsed_hand(text, file, "unknown",
                         "a hand (" + std::string(display_name_) + " files hold no hands)", "");
  }
  TournamentSummary read_summary(std::string_view decoded, const std::string& file) const override {
    return read_(decoded, file);
  }

 private:
  std::string_view name_, display_name_, signature_;
  Reader read_;
};

}  // namespace

std::unique_ptr<Format> make_format(std::string_view name, std::string_view display_name,
                                    std::string_view signature, Reader read) {
  return std::make_unique<SummaryFormat>(name, display_name, signature, read);
}

TournamentSummary begin(std::string_view site, std::string_view decoded, const std::string& file) {
  TournamentSummary s;
  s.site = std::string(site);
  s.source = {file, 0, 1};
  s.raw = content_of(decoded);
  return s;
}

std::string content_of(std::string_view decoded) {
  while (!decoded.empty() &&
         (decoded.back() == '\n' || decoded.back() == ' ' || decoded.back() == '\t'))
    decoded.remove_suffix(1);
  return std::string(decoded);
}

std::vector<Line> lines_of(std::string_view decoded) {
  std::vector<Line> out;
  LineCursor cursor(decoded);
  std::string_view line;
  std::uint32_t number = 0;
  while (cursor.next(line)) {
    ++number;
    const std::string_view t = sniff::clean(line);
    if (!t.empty()) out.push_back({t, number});
  }
  return out;
}

std::optional<Numbered> numbered(std::string_view line) {
  const std::size_t colon = line.find(": ");
  const std::size_t bare = line.find(':');
  const std::size_t at = colon != std::string_view::npos ? colon : bare;
  if (at == 0 || at == std::string_view::npos || at > 9) return std::nullopt;
  int place = 0;
  const auto [end, ec] = std::from_chars(line.data(), line.data() + at, place);
  if (ec != std::errc() || end != line.data() + at || place <= 0) return std::nullopt;
  return Numbered{place, trim(line.substr(std::min(line.size(), at + 1)))};
}

std::string time_utc(std::string_view printed) {
  std::string_view t = trim(printed);
  // The ET time in brackets, when the site prints one after its own zone's.
  const std::size_t open = t.find('[');
  const std::size_t close = t.rfind(']');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open)
    t = trim(t.substr(open + 1, close - open - 1));
  const std::size_t sp1 = t.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : t.find(' ', sp1 + 1);
  if (sp2 != std::string_view::npos) {
    std::string utc =
        to_utc(t.substr(0, sp1), t.substr(sp1 + 1, sp2 - sp1 - 1), trim(t.substr(sp2 + 1)));
    if (!utc.empty()) return utc;
  }
  return std::string(trim(printed));
}

std::optional<int> leading_count(std::string_view text) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end == text.data() || n < 0) return std::nullopt;
  return n;
}

std::optional<Money> cash_amount(std::string_view text, int unit) {
  if (text.empty() || !sniff::is_digit(text.back())) return std::nullopt;
  for (const char c : text)
    if (c == ' ' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) return std::nullopt;
  return parse_amount(text, unit);
}

void add_issue(TournamentSummary& s, const Line& line, std::string expected) {
  s.issues.push_back({line.number, std::move(expected), std::string(line.text.substr(0, 120)), 0});
}

}  // namespace hh::summary
