// The BetOnline entry of the Format registry (parser/format.hpp): how sure a file's head is
// BetOnline's, and reading a hand with the builder.
#include "parser/betonline/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::betonline {

namespace {

using namespace sniff;

class BetOnlineFormat final : public Format {
 public:
  std::string_view name() const override { return "betonline"; }
  std::string_view display_name() const override { return "BetOnline"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return betonline::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override {
    return betonline::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"BetOnline Poker", "PayNoRake", "Gear Poker", "Sportsbetting.ag Poker"};
  }
  // A tournament file opens with "Tournament will start in a moment." before its first hand:
  // no hand (issue 33, point 15).
  bool is_preamble(std::string_view text) const override { return betonline::is_preamble(text); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return betonline::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<BetOnlineFormat>(); }

}  // namespace hh::betonline

namespace hh {

HH_REGISTER_FORMATS(betonline) {
  registry.add(150, betonline::make_format(), {{"BetOnline"}, "betonline"});
}

}  // namespace hh
