// The Full Tilt entry of the Format registry (parser/format.hpp): how sure a file's head is Full
// Tilt's own software, and reading a hand with the builder.
#include "parser/fulltilt/builder.hpp"
#include "parser/fulltilt/summary.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::fulltilt {

namespace {

using namespace sniff;

class FullTiltFormat final : public Format {
 public:
  std::string_view name() const override { return "fulltilt"; }
  std::string_view display_name() const override { return "Full Tilt"; }
  int sniff(std::string_view head) const override {
    // A tournament summary file holds no hand: "fulltilt-summary" is its format
    // (parser/fulltilt/summary.cpp).
    return best_line_score(head, [](std::string_view line) {
      return is_full_tilt_software_line(line) ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return fulltilt::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Full Tilt Poker Game #", "FullTiltPoker Game #"};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return fulltilt::parse_hand(text, file);
  }
};

}  // namespace

bool is_hand_start(std::string_view line) {
  return sniff::is_full_tilt_software_line(sniff::clean(line));
}

std::unique_ptr<Format> make_format() { return std::make_unique<FullTiltFormat>(); }

}  // namespace hh::fulltilt

namespace hh {

HH_REGISTER_FORMATS(fulltilt) {
  registry.add(100, fulltilt::make_format(), {{"FTP"}, "fulltilt"});
  // Tournament summaries (results, not hands): no corpus folder of their own.
  registry.add(310, fulltilt::make_summary_format(), {{}, "fulltilt-summary"});
}

}  // namespace hh
