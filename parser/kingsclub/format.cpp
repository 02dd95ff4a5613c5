// The KingsClub entry of the Format registry (parser/format.hpp): how sure a file's head is
// KingsClub's, and reading a hand with the builder.
#include "parser/kingsclub/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::kingsclub {

namespace {

using namespace sniff;

class KingsClubFormat final : public Format {
 public:
  std::string_view name() const override { return "kingsclub"; }
  std::string_view display_name() const override { return "KingsClub"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return kingsclub::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override {
    return kingsclub::is_hand_start(line);
  }
  // Its hand-start lines begin with a hand number: "#3583643: ".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"#"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return kingsclub::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<KingsClubFormat>(); }

}  // namespace hh::kingsclub

namespace hh {

HH_REGISTER_FORMATS(kingsclub) {
  registry.add(110, kingsclub::make_format(), {{"KingsClub"}, "kingsclub"});
}

}  // namespace hh
