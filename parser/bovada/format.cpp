// The Bovada entry of the Format registry (parser/format.hpp): how sure a file's head is
// Bovada's (or Ignition's, or Bodog's), and reading a hand with the builder.
#include "parser/bovada/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::bovada {

namespace {

using namespace sniff;

class BovadaFormat final : public Format {
 public:
  std::string_view name() const override { return "bovada"; }
  std::string_view display_name() const override { return "Bovada"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return bovada::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return bovada::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Bovada", "Ignition", "Bodog"};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return bovada::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<BovadaFormat>(); }

}  // namespace hh::bovada

namespace hh {

HH_REGISTER_FORMATS(bovada) { registry.add(60, bovada::make_format(), {{"Bovada"}, "bovada"}); }

}  // namespace hh
