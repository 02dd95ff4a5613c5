// The BetOnline entry of the Format registry (parser/format.hpp): how sure a file's head is
// BetOnline's, and reading a hand with the builder.
#include "parser/betonline/builder.hpp"
#include "parser/recognised.hpp"
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

// BetOnline's XML export, recognised but not read (issue 33, point 21): a <HandHistory>
// document whose hands are <GameState> elements ("<HandHistory><GameState", on one line or two).
// Its files are recorded "BetOnline XML: not supported".
int xml_signature(std::string_view line) {
  return starts_with(line, "<HandHistory><GameState") || starts_with(line, "<GameState") ||
                 (starts_with(line, "<HandHistory") && contains(line, "GameState"))
             ? kSignature
             : 0;
}

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<BetOnlineFormat>(); }

}  // namespace hh::betonline

namespace hh {

HH_REGISTER_FORMATS(betonline) {
  registry.add(150, betonline::make_format(), {{"BetOnline"}, "betonline"});
  registry.add(kRecognisedRank + 1,
               recognised_format("betonline-xml", "BetOnline XML", betonline::xml_signature),
               {{}, "betonline-xml"});
}

}  // namespace hh
