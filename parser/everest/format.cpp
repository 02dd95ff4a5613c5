// The Everest entry of the Format registry (parser/format.hpp). A file is a <SESSION .../> header
// and its <HAND>s; a piece runs from a "<SESSION" line to the next and holds all of its hands.
#include "parser/everest/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::everest {

namespace {

using namespace sniff;

class EverestFormat final : public Format {
 public:
  std::string_view name() const override { return "everest"; }
  std::string_view display_name() const override { return "Everest"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view l) { return starts_with(l, "<SESSION time=") ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override {
    return everest::is_document_start(line);
  }
  // Its hand-start lines begin with a tag: "<SESSION".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"<"}; }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  // One hand when the piece holds exactly one (callers that want them all use read_hands).
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "everest",
                         "one <HAND> (read_hands reads a session of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<EverestFormat>(); }

}  // namespace hh::everest

namespace hh {

HH_REGISTER_FORMATS(everest) {
  registry.add(280, everest::make_format(), {{"Everest"}, "everest"});
}

}  // namespace hh
