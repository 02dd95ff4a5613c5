// The Enet entry of the Format registry (parser/format.hpp): how sure a file's head is Enet's,
// and reading a hand with the builder.
#include "parser/enet/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::enet {

namespace {

using namespace sniff;

class EnetFormat final : public Format {
 public:
  std::string_view name() const override { return "enet"; }
  std::string_view display_name() const override { return "Enet"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return enet::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return enet::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Game #"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return enet::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<EnetFormat>(); }

}  // namespace hh::enet

namespace hh {

HH_REGISTER_FORMATS(enet) { registry.add(250, enet::make_format(), {{"Enet"}, "enet"}); }

}  // namespace hh
