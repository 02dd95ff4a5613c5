// The 888poker entry of the Format registry (parser/format.hpp): how sure a file's head is
// 888poker's, and reading a hand with the builder.
#include "parser/888poker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::poker888 {

namespace {

using namespace sniff;

// "***** 888poker Hand History for Game N *****", "***** Cassava Hand History ...", "***** 888.ro
// BLAST Hand History ...", "***** WSOP.com-NJ Hand History ...": the banner under the "#Game No"
// line names one of the rooms of 888's platform.
bool is_888_banner(std::string_view line) {
  if (!starts_with(line, "***** ")) return false;
  const std::size_t end = line.find(" Hand History for Game ");
  return end != std::string_view::npos && is_888_room(line.substr(6, end - 6));
}

class Poker888Format final : public Format {
 public:
  std::string_view name() const override { return "888poker"; }
  std::string_view display_name() const override { return "888poker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      if (is_888_banner(line)) return kCertain;
      // PartyPoker heads some exports with the same line.
      return poker888::is_hand_start(line) ? kSharedLine : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return poker888::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"#Game No : "}; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return poker888::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<Poker888Format>(); }

}  // namespace hh::poker888

namespace hh {

HH_REGISTER_FORMATS(888poker) {
  registry.add(30, poker888::make_format(), {{"PacificPoker"}, "888poker"});
}

}  // namespace hh
