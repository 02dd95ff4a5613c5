// The Boss Media entry of the Format registry (parser/format.hpp). Every <HISTORY> holds its whole
// hand (game, stakes and table are its attributes), so a piece is one hand, from its "<HISTORY"
// line; the "<?xml" and "<ROOT>" lines a file may open with announce the first.
#include "parser/boss/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/xml/document.hpp"

namespace hh::boss {

namespace {

using namespace sniff;

class BossFormat final : public Format {
 public:
  std::string_view name() const override { return "boss"; }
  std::string_view display_name() const override { return "Boss Media"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return starts_with(line, "<HISTORY ID=") && contains(line, " SESSION=") ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return boss::is_hand_start(line); }
  // Its hand-start lines begin with tags: "<?xml", "<ROOT>", "<HISTORY".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"<"}; }
  bool announces_hand(std::string_view line) const override { return boss::announces_hand(line); }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "boss",
                         "one <HISTORY> (read_hands reads a document of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<BossFormat>(); }

}  // namespace hh::boss

namespace hh {

HH_REGISTER_FORMATS(boss) { registry.add(130, boss::make_format(), {{"Boss"}, "boss"}); }

}  // namespace hh
