// The Merge entry of the Format registry (parser/format.hpp). A Merge file is a <description>
// header and the <game>s it describes (one, or a session's many), so the piece split_hands() cuts
// runs from a "<description" line to the next, and read_hands() returns one Hand per <game>.
#include "parser/merge/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"
#include "parser/xml/document.hpp"

namespace hh::merge {

namespace {

using namespace sniff;

class MergeFormat final : public Format {
 public:
  std::string_view name() const override { return "merge"; }
  std::string_view display_name() const override { return "Merge"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return starts_with(line, "<description type=") ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override {
    return merge::is_document_start(line);
  }
  // Its hand-start lines begin with a tag: "<description".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"<"}; }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  // One hand when the piece holds exactly one game (callers that want them all use read_hands).
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "merge",
                         "one <game> (read_hands reads a document of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<MergeFormat>(); }

}  // namespace hh::merge

namespace hh {

HH_REGISTER_FORMATS(merge) { registry.add(120, merge::make_format(), {{"Merge"}, "merge"}); }

}  // namespace hh
