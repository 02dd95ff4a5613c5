// The OHH entry of the Format registry (parser/format.hpp): read and written. A piece cut out by
// split_hands() is one hand object, from its opening "{" line to the blank line before the next.
#include "parser/ohh/ohh.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::ohh {

namespace {

using namespace sniff;

class OhhFormat final : public Format {
 public:
  std::string_view name() const override { return "ohh"; }
  std::string_view display_name() const override { return "Open Hand History"; }
  // The "ohh" key opens every hand: "{" then "ohh": {, or both on one line.
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return starts_with(line, "\"ohh\"") || starts_with(line, "{\"ohh\"") ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return ohh::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"{"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return ohh::read_hand(text, file);
  }
  bool writable() const override { return true; }
  std::string_view file_extension() const override { return ".ohh"; }
  WrittenHand write_hand(const Hand& hand) const override { return ohh::write_hand(hand); }
  // Hands separated by a blank line, as the spec has it.
  std::string join_written(const std::vector<std::string>& hands) const override {
    std::string out;
    for (const auto& h : hands) {
      if (!out.empty()) out += "\n";
      out += h;
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<OhhFormat>(); }

}  // namespace hh::ohh

namespace hh {

HH_REGISTER_FORMATS(ohh) { registry.add(140, ohh::make_format(), {{"OHH"}, "ohh"}); }

}  // namespace hh
