// The Seals With Clubs entry of the Format registry (parser/format.hpp): how sure a file's head
// is Seals With Clubs', and reading a hand with the builder.
#include "parser/registry.hpp"
#include "parser/sealswithclubs/builder.hpp"
#include "parser/sniff.hpp"

namespace hh::sealswithclubs {

namespace {

using namespace sniff;

class SealsWithClubsFormat final : public Format {
 public:
  std::string_view name() const override { return "sealswithclubs"; }
  std::string_view display_name() const override { return "Seals With Clubs"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      if (line == "Site: Seals With Clubs") return kCertain;
      return sealswithclubs::is_hand_start(line) ? kWeak : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return sealswithclubs::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Hand #"}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return sealswithclubs::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<SealsWithClubsFormat>(); }

}  // namespace hh::sealswithclubs

namespace hh {

HH_REGISTER_FORMATS(sealswithclubs) {
  registry.add(260, sealswithclubs::make_format(), {{"SealsWithClubs"}, "sealswithclubs"});
}

}  // namespace hh
