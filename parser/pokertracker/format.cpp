// The PokerTracker export's entry of the Format registry (parser/format.hpp): how sure a file's
// head is such an export, and reading a hand with the builder.
#include "parser/pokertracker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::pokertracker {

namespace {

using namespace sniff;

class PokerTrackerFormat final : public Format {
 public:
  std::string_view name() const override { return "pokertracker"; }
  std::string_view display_name() const override { return "PokerTracker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return pokertracker::is_hand_start(line) ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return pokertracker::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"GAME #",      "MERGE_GAME #", "Merge Game #", "EverestPoker Game #",
            "** Game ID ", "** Hand # "};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return pokertracker::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PokerTrackerFormat>(); }

}  // namespace hh::pokertracker

namespace hh {

HH_REGISTER_FORMATS(pokertracker) {
  registry.add(230, pokertracker::make_format(), {{"PokerTracker"}, "pokertracker"});
}

}  // namespace hh
