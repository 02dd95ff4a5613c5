// The formats hhaudit recognises but does not read yet, each with the signature lines of its own
// software (tests/test_sniff.cpp).
#include <array>

#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh {

namespace {

using namespace sniff;

// A format hhaudit knows by sight but does not read yet: its files are recorded with its name
// ("PartyPoker: not supported") instead of being taken for another site's or skipped silently.
// `score` rates one line of the head (already trimmed).
struct Recognised {
  std::string_view name;
  std::string_view display_name;
  int (*score)(std::string_view line);
};

// 9stacks Poker (India): a PokerStars-like text whose hands start "9stacks Poker Hand #N: ...".
int nine_stacks(std::string_view line) {
  return starts_with(line, "9stacks Poker Hand #") ? kSignature : 0;
}

// BetOnline's XML export: a <HandHistory> document whose hands are <GameState> elements
// ("<HandHistory><GameState>", on one line or two).
int betonline_xml(std::string_view line) {
  return starts_with(line, "<HandHistory><GameState") || starts_with(line, "<GameState") ||
                 (starts_with(line, "<HandHistory") && contains(line, "GameState"))
             ? kSignature
             : 0;
}

// PokerStars' and Full Tilt's tournament summaries, recognised before they were read, are read
// since issue 15 (parser/pokerstars/summary.cpp, parser/fulltilt/summary.cpp). A format that is
// recognised before it is read gets its row here: {"name", "Display name", score} (issue 33,
// point 21: 9stacks and BetOnline's XML).
constexpr std::array<Recognised, 2> kRecognised = {{
    {"9stacks", "9stacks Poker", nine_stacks},
    {"betonline-xml", "BetOnline XML", betonline_xml},
}};

class RecognisedFormat final : public Format {
 public:
  RecognisedFormat(std::string_view name, std::string_view display_name,
                   int (*score)(std::string_view))
      : name_(name), display_name_(display_name), score_(score) {}
  std::string_view name() const override { return name_; }
  std::string_view display_name() const override { return display_name_; }
  bool readable() const override { return false; }
  int sniff(std::string_view head) const override { return best_line_score(head, score_); }
  bool is_hand_start(std::string_view line) const override { return score_(clean(line)) > 0; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return unparsed_hand(
        text, file, "unknown",
        "a hand of a format hhaudit reads (" + std::string(display_name_) + " is not read yet)",
        "");
  }

 private:
  std::string_view name_;
  std::string_view display_name_;
  int (*score_)(std::string_view);
};

}  // namespace

void register_recognised_formats(FormatRegistry& registry) {
  // After the readable formats and the summaries (ranks below 1000): they win a tie.
  int rank = 1000;
  for (const Recognised& r : kRecognised)
    registry.add(rank++, std::make_unique<RecognisedFormat>(r.name, r.display_name, r.score));
}

}  // namespace hh
