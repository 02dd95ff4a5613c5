// The Absolute / UltimateBet entry of the Format registry (parser/format.hpp): how sure a file's
// head is theirs, and reading a hand with the builder.
#include "parser/absolute/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::absolute {

namespace {

using namespace sniff;

class AbsoluteFormat final : public Format {
 public:
  std::string_view name() const override { return "absolute"; }
  std::string_view display_name() const override { return "Absolute/UltimateBet"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return absolute::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return absolute::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Stage #"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return absolute::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<AbsoluteFormat>(); }

}  // namespace hh::absolute

namespace hh {

HH_REGISTER_FORMATS(absolute) {
  registry.add(210, absolute::make_format(), {{"Absolute", "UltimateBet"}, "absolute"});
}

}  // namespace hh
