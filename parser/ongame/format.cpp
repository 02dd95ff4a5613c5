// The OnGame entry of the Format registry (parser/format.hpp): how sure a file's head is OnGame's,
// and reading a hand with the builder.
#include "parser/ongame/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::ongame {

namespace {

using namespace sniff;

class OnGameFormat final : public Format {
 public:
  std::string_view name() const override { return "ongame"; }
  std::string_view display_name() const override { return "OnGame"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return ongame::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return ongame::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"***** History for hand "};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return ongame::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<OnGameFormat>(); }

}  // namespace hh::ongame

namespace hh {

HH_REGISTER_FORMATS(ongame) { registry.add(200, ongame::make_format(), {{"OnGame"}, "ongame"}); }

}  // namespace hh
