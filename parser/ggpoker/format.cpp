// The GGPoker entry of the Format registry (parser/format.hpp): how sure a file's head is
// GGPoker's, and reading a hand with the builder.
#include "parser/ggpoker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::gg {

namespace {

using namespace sniff;

class GGPokerFormat final : public Format {
 public:
  std::string_view name() const override { return "ggpoker"; }
  std::string_view display_name() const override { return "GGPoker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return gg::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return gg::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Poker Hand #"}; }
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return gg::parse_hand(text, file, options.gg_time_zone);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<GGPokerFormat>(); }

}  // namespace hh::gg

namespace hh {

HH_REGISTER_FORMATS(ggpoker) { registry.add(40, gg::make_format(), {{"GGPoker"}, "gg"}); }

}  // namespace hh
