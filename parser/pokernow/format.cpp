// The PokerNow entry of the Format registry (parser/format.hpp). A log is newest row first, so
// no hand can be read before the whole file is: the piece is the log, from its CSV header, and
// read_hands() returns one Hand per hand of it (like iPoker's session).
#include "parser/pokernow/reader.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::pokernow {

namespace {

using namespace sniff;

class PokerNowFormat final : public Format {
 public:
  std::string_view name() const override { return "pokernow"; }
  std::string_view display_name() const override { return "PokerNow"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return pokernow::is_log_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return is_log_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override { return {"entry,at,order"}; }
  std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                               const ReadOptions&) const override {
    return read_log(text, file);
  }
  // One hand when the log holds exactly one (callers that want them all use read_hands).
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return the_only_hand(read_hands(text, file, options), text, file, "pokernow",
                         "one hand (read_hands reads a log of many)");
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<PokerNowFormat>(); }

}  // namespace hh::pokernow

namespace hh {

HH_REGISTER_FORMATS(pokernow) {
  registry.add(170, pokernow::make_format(), {{"PokerNow"}, "pokernow"});
}

}  // namespace hh
