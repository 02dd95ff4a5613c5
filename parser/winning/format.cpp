// The Winning Poker Network entry of the Format registry (parser/format.hpp): how sure a file's
// head is WPN's, and reading a hand of either export with its builder.
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/winning/builder.hpp"

namespace hh::winning {

namespace {

using namespace sniff;

class WinningFormat final : public Format {
 public:
  std::string_view name() const override { return "winning"; }
  std::string_view display_name() const override { return "Winning Poker Network"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return winning::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return winning::is_hand_start(line); }
  bool is_preamble(std::string_view text) const override { return winning::is_preamble(text); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Game started at: ", "Game Hand #", "Hand #"};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return winning::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<WinningFormat>(); }

}  // namespace hh::winning

namespace hh {

HH_REGISTER_FORMATS(winning) { registry.add(50, winning::make_format(), {{"Winning"}, "winning"}); }

}  // namespace hh
