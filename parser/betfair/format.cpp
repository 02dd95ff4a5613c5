// The Betfair entry of the Format registry (parser/format.hpp): how sure a file's head is
// Betfair's, and reading a hand with the builder.
#include "parser/betfair/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::betfair {

namespace {

using namespace sniff;

class BetfairFormat final : public Format {
 public:
  std::string_view name() const override { return "betfair"; }
  std::string_view display_name() const override { return "Betfair"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return betfair::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return betfair::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"***** Betfair Poker Hand History for Game "};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return betfair::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<BetfairFormat>(); }

}  // namespace hh::betfair

namespace hh {

HH_REGISTER_FORMATS(betfair) {
  registry.add(220, betfair::make_format(), {{"Betfair"}, "betfair"});
}

}  // namespace hh
