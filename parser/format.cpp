#include "parser/format.hpp"

#include "parser/gg_parser.hpp"
#include "parser/pacific_parser.hpp"
#include "parser/stars_parser.hpp"
#include "parser/winamax_parser.hpp"

namespace hh {

namespace {

using IsHandStart = bool (*)(std::string_view);

// Confidence of a text format whose hands open with a line `is_hand_start` recognises: certain
// when a line of the head opens a hand.
int sniff_by_hand_start(std::string_view head, IsHandStart is_hand_start) {
  LineCursor lines(head);
  std::string_view line;
  while (lines.next(line))
    if (is_hand_start(line)) return 100;
  return 0;
}

class PokerStarsFormat final : public Format {
 public:
  std::string_view name() const override { return "pokerstars"; }
  std::string_view display_name() const override { return "PokerStars"; }
  int sniff(std::string_view head) const override {
    return sniff_by_hand_start(head, &stars::is_hand_start);
  }
  bool is_hand_start(std::string_view line) const override { return stars::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return stars::parse_hand(text, file);
  }
};

class WinamaxFormat final : public Format {
 public:
  std::string_view name() const override { return "winamax"; }
  std::string_view display_name() const override { return "Winamax"; }
  int sniff(std::string_view head) const override {
    return sniff_by_hand_start(head, &winamax::is_hand_start);
  }
  bool is_hand_start(std::string_view line) const override { return winamax::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return winamax::parse_hand(text, file);
  }
};

class Poker888Format final : public Format {
 public:
  std::string_view name() const override { return "888poker"; }
  std::string_view display_name() const override { return "888poker"; }
  int sniff(std::string_view head) const override {
    return sniff_by_hand_start(head, &pacific::is_hand_start);
  }
  bool is_hand_start(std::string_view line) const override { return pacific::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return pacific::parse_hand(text, file);
  }
};

class GGPokerFormat final : public Format {
 public:
  std::string_view name() const override { return "ggpoker"; }
  std::string_view display_name() const override { return "GGPoker"; }
  int sniff(std::string_view head) const override {
    return sniff_by_hand_start(head, &gg::is_hand_start);
  }
  bool is_hand_start(std::string_view line) const override { return gg::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return gg::parse_hand(text, file, options.gg_time_zone);
  }
};

std::string_view first_line(std::string_view text) {
  std::size_t nl = text.find('\n');
  return nl == std::string_view::npos ? text : text.substr(0, nl);
}

}  // namespace

const std::vector<std::unique_ptr<Format>>& formats() {
  static const std::vector<std::unique_ptr<Format>> all = [] {
    std::vector<std::unique_ptr<Format>> v;
    v.push_back(std::make_unique<PokerStarsFormat>());
    v.push_back(std::make_unique<WinamaxFormat>());
    v.push_back(std::make_unique<Poker888Format>());
    v.push_back(std::make_unique<GGPokerFormat>());
    return v;
  }();
  return all;
}

const Format* format_by_name(std::string_view name) {
  for (const auto& f : formats())
    if (f->name() == name) return f.get();
  return nullptr;
}

SniffResult sniff_format(std::string_view decoded_head) {
  SniffResult best;
  for (const auto& f : formats()) {
    const int c = f->sniff(decoded_head);
    if (c > best.confidence) best = {f.get(), c};
  }
  return best;
}

Hand read_hand_text(const Format& format, const HandText& ht, const std::string& file,
                    const ReadOptions& options) {
  std::string_view head = first_line(ht.text);
  if (format.is_hand_start(head)) return format.read_hand(ht, file, options);
  Hand h;
  h.site = "unknown";
  h.source = {file, ht.byte_offset, ht.line};
  h.raw = std::string(ht.text);
  h.issues.push_back({ht.line, "the first line of a hand of " + std::string(format.display_name()),
                      std::string(head.substr(0, 120))});
  return h;
}

std::vector<Hand> read_text(const Format& format, std::string_view decoded, const std::string& file,
                            const ReadOptions& options) {
  std::vector<Hand> hands;
  auto starts = [&](std::string_view line) { return format.is_hand_start(line); };
  for (const HandText& ht : split_hands(decoded, starts))
    hands.push_back(read_hand_text(format, ht, file, options));
  return hands;
}

}  // namespace hh
