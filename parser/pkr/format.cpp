// The PKR entry of the Format registry (parser/format.hpp): how sure a file's head is PKR's, and
// reading a hand with the builder.
#include "parser/pkr/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::pkr {

namespace {

using namespace sniff;

class PkrFormat final : public Format {
 public:
  std::string_view name() const override { return "pkr"; }
  std::string_view display_name() const override { return "PKR"; }
  int sniff(std::string_view head) const override {
    // "Table #N - NAME" alone could be another site's; the next lines are PKR's own.
    return best_line_score(head, [](std::string_view line) {
      return starts_with(line, "Starting Hand #") || starts_with(line, "Start time of hand: ")
                 ? kCertain
                 : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return pkr::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Table #", "Starting Hand #"};
  }
  bool announces_hand(std::string_view line) const override { return pkr::announces_hand(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return pkr::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PkrFormat>(); }

}  // namespace hh::pkr

namespace hh {

HH_REGISTER_FORMATS(pkr) { registry.add(190, pkr::make_format(), {{"PKR"}, "pkr"}); }

}  // namespace hh
