// The PokerStars entry of the Format registry (parser/format.hpp): how sure a file's head is
// PokerStars's, and reading a hand with the builder.
#include "parser/pokerstars/builder.hpp"
#include "parser/pokerstars/summary.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::pokerstars {

namespace {

using namespace sniff;

class PokerStarsFormat final : public Format {
 public:
  std::string_view name() const override { return "pokerstars"; }
  std::string_view display_name() const override { return "PokerStars"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return pokerstars::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override {
    return pokerstars::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"PokerStars", "Run It Once Poker", "PokerMaster", "Full Tilt"};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return pokerstars::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PokerStarsFormat>(); }

}  // namespace hh::pokerstars

namespace hh {

HH_REGISTER_FORMATS(pokerstars) {
  registry.add(10, pokerstars::make_format(), {{"Stars"}, "sample"});
  // Tournament summaries (results, not hands): no corpus folder of their own.
  registry.add(300, pokerstars::make_summary_format(), {{}, "pokerstars-summary"});
}

}  // namespace hh
