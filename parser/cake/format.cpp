// The Cake entry of the Format registry (parser/format.hpp): how sure a file's head is Cake's,
// and reading a hand with the builder.
#include "parser/cake/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::cake {

namespace {

using namespace sniff;

class CakeFormat final : public Format {
 public:
  std::string_view name() const override { return "cake"; }
  std::string_view display_name() const override { return "Cake"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return cake::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return cake::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Hand#"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return cake::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<CakeFormat>(); }

}  // namespace hh::cake

namespace hh {

HH_REGISTER_FORMATS(cake) { registry.add(290, cake::make_format(), {{"Cake"}, "cake"}); }

}  // namespace hh
