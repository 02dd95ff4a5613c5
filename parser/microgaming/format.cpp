// The Microgaming entry of the Format registry (parser/format.hpp). Every <Game> holds its whole
// hand (game, stakes, table and rake are its attributes), so a piece is one hand, from its
// "<Game" line; the "----PRIMA.DAT----" line most files open with announces it.
#include "parser/microgaming/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::microgaming {

namespace {

using namespace sniff;

class MicrogamingFormat final : public Format {
 public:
  std::string_view name() const override { return "microgaming"; }
  std::string_view display_name() const override { return "Microgaming"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view l) {
      if (starts_with(l, "----PRIMA.DAT----")) return kCertain;
      return starts_with(l, "<Game ") && contains(l, "unicodetablename=") ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return microgaming::is_hand_start(line);
  }
  // Its hand-start lines begin with a tag: "<Game"; or "----PRIMA.DAT----".
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"----PRIMA.DAT----", "<"};
  }
  bool announces_hand(std::string_view line) const override {
    return microgaming::announces_hand(line);
  }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "microgaming",
                         "one <Game> (read_hands reads a document of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<MicrogamingFormat>(); }

}  // namespace hh::microgaming

namespace hh {

HH_REGISTER_FORMATS(microgaming) {
  registry.add(270, microgaming::make_format(), {{"Microgaming"}, "microgaming"});
}

}  // namespace hh
