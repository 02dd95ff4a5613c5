// The formats hhaudit recognises but does not read yet, each with the signature lines of its own
// software (the corpus in ../shared/corpus has files of every one; tests/test_sniff.cpp).
#include "parser/recognised.hpp"

#include <array>

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

constexpr std::array<Recognised, 2> kRecognised = {{
    // A PokerStars tournament summary ("PokerStars Tournament #2711645426, No Limit Hold'em",
    // then the buy-in, the players, the prize pool and the places): results, not hands; read by
    // none of the formats yet (docs/sessions.md).
    {"pokerstars-summary", "PokerStars tournament summary",
     [](std::string_view l) { return starts_with(l, "PokerStars Tournament #") ? kSignature : 0; }},
    // "Full Tilt Poker Tournament Summary Step 2 (Super Turbo) (243814827) Hold'em No Limit":
    // the same for Full Tilt
    // (../shared/corpus/FTP/tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt).
    {"fulltilt-summary", "Full Tilt tournament summary",
     [](std::string_view l) {
       return starts_with(l, "Full Tilt Poker Tournament Summary ") ? kSignature : 0;
     }},
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
    Hand h;
    h.site = "unknown";
    h.source = {file, text.byte_offset, text.line};
    h.raw = std::string(text.text);
    h.issues.push_back(
        {text.line,
         "a hand of a format hhaudit reads (" + std::string(display_name_) + " is not read yet)",
         ""});
    return h;
  }

 private:
  std::string_view name_;
  std::string_view display_name_;
  int (*score_)(std::string_view);
};

}  // namespace

void add_recognised_formats(std::vector<std::unique_ptr<Format>>& formats) {
  for (const Recognised& r : kRecognised)
    formats.push_back(std::make_unique<RecognisedFormat>(r.name, r.display_name, r.score));
}

}  // namespace hh
