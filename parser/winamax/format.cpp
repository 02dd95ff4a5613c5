// The Winamax entry of the Format registry (parser/format.hpp): how sure a file's head is
// Winamax's, and reading a hand with the builder.
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/winamax/builder.hpp"

namespace hh::winamax {

namespace {

using namespace sniff;

class WinamaxFormat final : public Format {
 public:
  std::string_view name() const override { return "winamax"; }
  std::string_view display_name() const override { return "Winamax"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return winamax::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return winamax::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Winamax Poker - "};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return winamax::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<WinamaxFormat>(); }

}  // namespace hh::winamax

namespace hh {

HH_REGISTER_FORMATS(winamax) { registry.add(20, winamax::make_format(), {{"Winamax"}, "winamax"}); }

}  // namespace hh
