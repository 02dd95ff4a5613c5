// The Entraction entry of the Format registry (parser/format.hpp): how sure a file's head is
// Entraction's, and reading a hand with the builder.
#include "parser/entraction/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::entraction {

namespace {

using namespace sniff;

class EntractionFormat final : public Format {
 public:
  std::string_view name() const override { return "entraction"; }
  std::string_view display_name() const override { return "Entraction"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return entraction::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override {
    return entraction::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"Game # "}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return entraction::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<EntractionFormat>(); }

}  // namespace hh::entraction

namespace hh {

HH_REGISTER_FORMATS(entraction) {
  registry.add(240, entraction::make_format(), {{"Entraction"}, "entraction"});
}

}  // namespace hh
