// The Unibet entry of the Format registry (parser/format.hpp): how sure a file's head is Unibet's,
// and reading a hand with the builder.
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/unibet/builder.hpp"

namespace hh::unibet {

namespace {

using namespace sniff;

class UnibetFormat final : public Format {
 public:
  std::string_view name() const override { return "unibet"; }
  std::string_view display_name() const override { return "Unibet"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return unibet::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return unibet::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Game #"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return unibet::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<UnibetFormat>(); }

}  // namespace hh::unibet

namespace hh {

HH_REGISTER_FORMATS(unibet) { registry.add(80, unibet::make_format(), {{"Unibet"}, "unibet"}); }

}  // namespace hh
