// A format recognised but not read (parser/recognised.hpp): named, sniffed by its signature,
// never read.
#include "parser/recognised.hpp"

#include <string>

#include "parser/sniff.hpp"

namespace hh {

namespace {

class RecognisedFormat final : public Format {
 public:
  RecognisedFormat(std::string_view name, std::string_view display_name,
                   int (*score)(std::string_view))
      : name_(name), display_name_(display_name), score_(score) {}
  std::string_view name() const override { return name_; }
  std::string_view display_name() const override { return display_name_; }
  bool readable() const override { return false; }
  int sniff(std::string_view head) const override { return sniff::best_line_score(head, score_); }
  bool is_hand_start(std::string_view line) const override {
    return score_(sniff::clean(line)) > 0;
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return unparsed_hand(
        text, file, "unknown",
        "a hand of a format hhaudit reads (" + std::string(display_name_) + " is not read yet)",
        "");
  }

 private:
  std::string_view name_;
  std::string_view display_name_;
  int (*score_)(std::string_view);
};

}  // namespace

std::unique_ptr<Format> recognised_format(std::string_view name, std::string_view display_name,
                                          int (*score)(std::string_view line)) {
  return std::make_unique<RecognisedFormat>(name, display_name, score);
}

}  // namespace hh
