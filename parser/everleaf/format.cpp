// The Everleaf entry of the Format registry (parser/format.hpp): how sure a file's head is
// Everleaf's, and reading a hand with the builder.
#include "parser/everleaf/builder.hpp"
#include "parser/registry.hpp"
#include "parser/sniff.hpp"

namespace hh::everleaf {

namespace {

using namespace sniff;

class EverleafFormat final : public Format {
 public:
  std::string_view name() const override { return "everleaf"; }
  std::string_view display_name() const override { return "Everleaf"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      return everleaf::is_hand_start(line) ||
                     starts_with(line, "*** Historique des Mains pour la partie ")
                 ? kCertain
                 : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return everleaf::is_hand_start(line); }
  std::vector<std::string_view> hand_start_prefixes() const override {
    return {"Everleaf Gaming ", "- - ", "Partouche Poker Gibraltar"};
  }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return everleaf::parse_hand(text, file);
  }
};

}  // namespace

std::unique_ptr<Format> make_format() { return std::make_unique<EverleafFormat>(); }

}  // namespace hh::everleaf

namespace hh {

HH_REGISTER_FORMATS(everleaf) {
  registry.add(180, everleaf::make_format(), {{"Everleaf"}, "everleaf"});
}

}  // namespace hh
