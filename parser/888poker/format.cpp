// The 888poker entry of the Format registry (parser/format.hpp): how sure a file's head is
// 888poker's, and reading a hand with the builder.
#include "parser/888poker/builder.hpp"
#include "parser/sniff.hpp"

namespace hh::poker888 {

namespace {

using namespace sniff;

// "***** 888poker Hand History for Game N *****", "***** Cassava Hand History ...", "***** 888.ro
// BLAST Hand History ...": the banner under the "#Game No" line names one of 888's rooms.
bool is_888_banner(std::string_view line) {
  if (!starts_with(line, "***** ") || !contains(line, " Hand History for Game ")) return false;
  std::string_view room = line.substr(6);
  return starts_with(room, "888") || starts_with(room, "Cassava") || starts_with(room, "Pacific");
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
