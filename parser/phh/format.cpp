// The PHH entry of the Format registry (parser/format.hpp). A PHH file is one TOML document, read
// whole like iPoker's XML session: the piece split_hands() cuts starts at the document's first
// `[N]` table (which announces the `variant = ` line after it) or at the `variant = ` line of a
// `.phh`, and read_hands() returns one Hand per hand of it. TOML comments before that line are
// the file's preamble, not a hand.
#include "parser/phh/reader.hpp"
#include "parser/phh/writer.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::phh {

namespace {

using namespace sniff;

class PhhFormat final : public Format {
 public:
  std::string_view name() const override { return "phh"; }
  std::string_view display_name() const override { return "Poker Hand History"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return phh::is_hand_start(line) && !phh::is_table_header(line) ? kCertain : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return phh::is_hand_start(line); }
  // Its hand-start lines begin with a table header "[1]" or "variant = ".
  std::vector<std::string_view> hand_start_prefixes() const override { return {"[", "variant"}; }
  bool announces_hand(std::string_view line) const override { return phh::is_table_header(line); }
  bool is_preamble(std::string_view text) const override { return phh::is_comment_only(text); }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_document(text, file);
  }
  bool writable() const override { return true; }
  std::string_view file_extension() const override { return ".phhs"; }
  WrittenHand write_hand(const Hand& h) const override { return phh::write_hand(h); }
  std::string join_written(const std::vector<std::string>& hands) const override {
    return phh::join_written(hands);
  }
  // One hand when the piece holds exactly one (callers that want them all use read_hands).
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "phh",
                         "one hand (read_hands reads a .phhs of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PhhFormat>(); }

}  // namespace hh::phh

namespace hh {

HH_REGISTER_FORMATS(phh) { registry.add(160, phh::make_format(), {{"PHH"}, "phh"}); }

}  // namespace hh
