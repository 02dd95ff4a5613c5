// The formats hhaudit recognises but does not read yet, each with the signature lines of its own
// software (the corpus in ../shared/corpus has files of every one; tests/test_sniff.cpp).
#include "parser/recognised.hpp"

#include <array>

#include "parser/sniff.hpp"

namespace hh {

namespace {

using namespace sniff;

// A format hhaudit knows by sight but does not read yet: its files are recorded with its name
// ("PartyPoker: not supported") instead of being taken for another site's or skipped silently.
// `score` rates one line of the head (already trimmed).
struct Recognised {
  std::string_view name;
  std::string_view display_name;
  int (*score)(std::string_view line);
};

constexpr std::array<Recognised, 11> kRecognised = {{
    {"microgaming", "Microgaming",
     [](std::string_view l) {
       if (starts_with(l, "----PRIMA.DAT----")) return kSignature;
       return starts_with(l, "<Game ") && contains(l, "unicodetablename=") ? kSignature : 0;
     }},
    {"everest", "Everest",
     [](std::string_view l) { return starts_with(l, "<SESSION time=") ? kSignature : 0; }},
    {"ongame", "OnGame",
     [](std::string_view l) { return starts_with(l, "***** History for hand ") ? kSignature : 0; }},
    {"absolute", "Absolute/UltimateBet",
     [](std::string_view l) { return starts_with(l, "Stage #") ? kSignature : 0; }},
    {"everleaf", "Everleaf",
     [](std::string_view l) {
       // Everleaf's skins print their own name: "- - Grand Poker - Game #15649156", and
       // French ones a French banner.
       return starts_with(l, "Everleaf Gaming ") || contains(l, " - Grand Poker - Game #") ||
                      starts_with(l, "*** Historique des Mains pour la partie ")
                  ? kSignature
                  : 0;
     }},
    {"pkr", "PKR",
     [](std::string_view l) {
       if (starts_with(l, "Starting Hand #") || starts_with(l, "Start time of hand: "))
         return kSignature;
       return 0;
     }},
    {"entraction", "Entraction",
     [](std::string_view l) { return starts_with(l, "Game # ") ? kSignature : 0; }},
    {"enet", "Enet",
     [](std::string_view l) {
       // "Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6"
       return starts_with(l, "Game #") && contains(l, ") - ") && contains(l, " - %") ? kSignature
                                                                                     : 0;
     }},
    {"sealswithclubs", "Seals With Clubs",
     [](std::string_view l) { return l == "Site: Seals With Clubs" ? kSignature : 0; }},
    {"betfair", "Betfair",
     [](std::string_view l) {
       return starts_with(l, "***** Betfair Poker Hand History for Game ") ? kSignature : 0;
     }},
    {"pokertracker", "PokerTracker",
     [](std::string_view l) {
       // PokerTracker's own export of other sites' hands.
       for (std::string_view start :
            {"** Game ID ", "** Hand # ", "MERGE_GAME #", "Merge Game #", "EverestPoker Game #"})
         if (starts_with(l, start)) return kSignature;
       if (starts_with(l, "GAME #") &&
           (contains(l, " Version:") || contains(l, "Hold'em") || contains(l, "Omaha")))
         return kSignature;
       return 0;
     }},
}};

class RecognisedFormat final : public Format {
 public:
  RecognisedFormat(std::string_view name, std::string_view display_name,
                   int (*score)(std::string_view))
      : name_(name), display_name_(display_name), score_(score) {}
  std::string_view name() const override { return name_; }
  std::string_view display_name() const override { return display_name_; }
  bool readable() const override { return false; }
  int sniff(std::string_view head) const override { return best_line_score(head, score_); }
  bool is_hand_start(std::string_view line) const override { return score_(clean(line)) > 0; }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    Hand h;
    h.site = "unknown";
    h.source = {file, text.byte_offset, text.line};
    h.raw = std::string(text.text);
    h.issues.push_back(
        {text.line,
         "a hand of a format hhaudit reads (" + std::string(display_name_) + " is not read yet)",
         ""});
    return h;
  }

 private:
  std::string_view name_;
  std::string_view display_name_;
  int (*score_)(std::string_view);
};

}  // namespace

void add_recognised_formats(std::vector<std::unique_ptr<Format>>& formats) {
  for (const Recognised& r : kRecognised)
    formats.push_back(std::make_unique<RecognisedFormat>(r.name, r.display_name, r.score));
}

}  // namespace hh
