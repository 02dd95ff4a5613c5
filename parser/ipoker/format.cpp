// The iPoker entry of the Format registry (parser/format.hpp). iPoker exports XML: a <session>
// document holds a header every game needs (game, stakes, currency, tournament) and many <game>s,
// and a game's tags may share a line with the previous one ("</game><game gamecode=...>"). So the
// piece split_hands() cuts is the whole session, from its "<session" line (or the "<?xml"
// declaration that announces it), and read_hands() returns one Hand per <game>,
// each with its own line and raw text. Cutting at "<game" lines instead would lose the header and
// split games that share a line.
#include "parser/ipoker/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/xml/document.hpp"

namespace hh::ipoker {

namespace {

using namespace sniff;

class IPokerFormat final : public Format {
 public:
  std::string_view name() const override { return "ipoker"; }
  std::string_view display_name() const override { return "iPoker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return contains(line, "<session sessioncode=") || contains(line, "<game gamecode=") ? kCertain
                                                                                          : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return ipoker::is_document_start(line);
  }
  // Its hand-start lines begin with tags: "<?xml", "<session".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"<"}; }
  // "<?xml ...?>" on its own line: the session that follows is in the same piece.
  bool announces_hand(std::string_view line) const override {
    return ipoker::is_xml_declaration(line);
  }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  // One hand when the piece holds exactly one game (callers that want them all use read_hands).
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "ipoker",
                         "one <game> (read_hands reads a session of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<IPokerFormat>(); }

}  // namespace hh::ipoker

namespace hh {

HH_REGISTER_FORMATS(ipoker) { registry.add(90, ipoker::make_format(), {{"iPoker"}, "ipoker"}); }

}  // namespace hh
