// The PartyPoker entry of the Format registry (parser/format.hpp): how sure a file's head is
// PartyPoker's, and reading a hand with the builder.
#include "parser/partypoker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::partypoker {

namespace {

using namespace sniff;

class PartyPokerFormat final : public Format {
 public:
  std::string_view name() const override { return "partypoker"; }
  std::string_view display_name() const override { return "PartyPoker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      if (is_banner(line) || is_game_starts(line)) return kCertain;
      // 888poker heads its hands with the same line; its banner names its room.
      return partypoker::is_hand_start(line) ? kSharedLine : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return partypoker::is_hand_start(line);
  }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"#Game No : ", "Game #", "***** Hand History for Game ",
            "***** Hand History For Game "};
  }
  bool announces_hand(std::string_view line) const override {
    return partypoker::announces_hand(line);
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return partypoker::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PartyPokerFormat>(); }

}  // namespace hh::partypoker

namespace hh {

HH_REGISTER_FORMATS(partypoker) {
  registry.add(70, partypoker::make_format(), {{"PartyPoker"}, "partypoker"});
}

}  // namespace hh
