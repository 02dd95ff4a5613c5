#include "parser/format.hpp"

#include <array>
#include <stdexcept>

#include "parser/gg_parser.hpp"
#include "parser/pacific_parser.hpp"
#include "parser/stars_parser.hpp"
#include "parser/text_util.hpp"
#include "parser/winamax_parser.hpp"

namespace hh {

namespace {

// Confidence levels a sniff answers with. A format is certain of its own signature; a line that
// a format can split and read but that names another site's software scores below that site's
// own signature, so the other site wins the file.
constexpr int kCertain = 100;    // the format's own hand-start line
constexpr int kSignature = 90;   // a recognised-only format's own signature line
constexpr int kWeak = 80;        // a signature line other software prints too
constexpr int kSharedLine = 50;  // a line two sites print ("#Game No : N")
constexpr int kFamilyLine = 40;  // a line of a sister site the format splits but does not own

// The head's lines as a sniff sees them: without a byte order mark, NULs of a mis-decoded
// UTF-16 file or the spaces before the text.
std::string_view clean(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\0'))
    line.remove_prefix(1);
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  // The same mark read as cp1252 and written again as UTF-8 ("ï»¿"), as some tools copy it.
  constexpr std::string_view kBomTwice = "\xC3\xAF\xC2\xBB\xC2\xBF";
  if (starts_with(line, kBom)) line.remove_prefix(kBom.size());
  if (starts_with(line, kBomTwice)) line.remove_prefix(kBomTwice.size());
  return trim(line);
}

// The best score `score(line)` gives any line of the head.
template <typename Score>
int best_line_score(std::string_view head, Score score) {
  LineCursor lines(head);
  std::string_view line;
  int best = 0;
  while (lines.next(line)) {
    const int s = score(clean(line));
    if (s > best) best = s;
    if (best == kCertain) break;
  }
  return best;
}

bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Full Tilt's own software ("Full Tilt Poker Game #N: ..."); the Full Tilt rooms that ran on
// PokerStars' software after 2016 print "Full Tilt Hand #" / "Full Tilt Rush Hand #" and are
// PokerStars format.
bool is_full_tilt_software_line(std::string_view line) {
  return starts_with(line, "Full Tilt Poker Game #") || starts_with(line, "FullTiltPoker Game #");
}
bool is_full_tilt_line(std::string_view line) {
  return is_full_tilt_software_line(line) ||
         starts_with(line, "Full Tilt Poker Tournament Summary ");
}

class PokerStarsFormat final : public Format {
 public:
  std::string_view name() const override { return "pokerstars"; }
  std::string_view display_name() const override { return "PokerStars"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      if (!stars::is_hand_start(line)) return 0;
      return is_full_tilt_software_line(line) ? kFamilyLine : kCertain;
    });
  }
  bool is_hand_start(std::string_view line) const override { return stars::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return stars::parse_hand(text, file);
  }
};

class WinamaxFormat final : public Format {
 public:
  std::string_view name() const override { return "winamax"; }
  std::string_view display_name() const override { return "Winamax"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return winamax::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return winamax::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return winamax::parse_hand(text, file);
  }
};

// "***** 888poker Hand History for Game N *****", "***** Cassava Hand History ...", "***** 888.ro
// BLAST Hand History ...": the banner under the "#Game No" line names one of 888's rooms.
bool is_888_banner(std::string_view line) {
  if (!starts_with(line, "***** ") || !contains(line, " Hand History for Game ")) return false;
  std::string_view room = line.substr(6);
  return starts_with(room, "888") || starts_with(room, "Cassava") || starts_with(room, "Pacific");
}

class Poker888Format final : public Format {
 public:
  std::string_view name() const override { return "888poker"; }
  std::string_view display_name() const override { return "888poker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(head, [](std::string_view line) {
      if (is_888_banner(line)) return kCertain;
      // PartyPoker heads some exports with the same line.
      return pacific::is_hand_start(line) ? kSharedLine : 0;
    });
  }
  bool is_hand_start(std::string_view line) const override { return pacific::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file, const ReadOptions&) const override {
    return pacific::parse_hand(text, file);
  }
};

class GGPokerFormat final : public Format {
 public:
  std::string_view name() const override { return "ggpoker"; }
  std::string_view display_name() const override { return "GGPoker"; }
  int sniff(std::string_view head) const override {
    return best_line_score(
        head, [](std::string_view line) { return gg::is_hand_start(line) ? kCertain : 0; });
  }
  bool is_hand_start(std::string_view line) const override { return gg::is_hand_start(line); }
  Hand read_hand(const HandText& text, const std::string& file,
                 const ReadOptions& options) const override {
    return gg::parse_hand(text, file, options.gg_time_zone);
  }
};

// A format hhaudit knows by sight but does not read yet: its files are recorded with its name
// ("PartyPoker: not supported") instead of being taken for another site's or skipped silently.
// `score` rates one line of the head (already trimmed).
struct Recognised {
  std::string_view name;
  std::string_view display_name;
  int (*score)(std::string_view line);
};

constexpr std::array<Recognised, 24> kRecognised = {{
    {"fulltilt", "Full Tilt",
     [](std::string_view l) { return is_full_tilt_line(l) ? kSignature : 0; }},
    {"partypoker", "PartyPoker",
     [](std::string_view l) {
       if (starts_with(l, "Game #") && l.ends_with(" starts.")) return kSignature;
       if (starts_with(l, "***** Hand History for Game ") ||
           starts_with(l, "***** Hand History For Game "))
         return kWeak;
       return 0;
     }},
    {"ipoker", "iPoker",
     [](std::string_view l) {
       if (contains(l, "<session sessioncode=")) return kSignature;
       return 0;
     }},
    {"winning", "Winning Poker Network",
     [](std::string_view l) {
       if (starts_with(l, "Game started at: ")) return kSignature;
       if (starts_with(l, "Game Hand #")) return kSignature;
       // "Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC"
       if (starts_with(l, "Hand #") && contains(l, "Limit) - ")) return kSignature;
       return 0;
     }},
    {"bovada", "Bovada",
     [](std::string_view l) {
       for (std::string_view room : {"Bovada Hand #", "Ignition Hand #", "Bodog Hand #",
                                     "Bodog UK Hand #", "Bodog.com Hand #", "Bodog.eu Hand #"})
         if (starts_with(l, room)) return kSignature;
       return 0;
     }},
    {"betonline", "BetOnline",
     [](std::string_view l) {
       for (std::string_view room : {"BetOnline Poker Game #", "PayNoRake Game #",
                                     "Gear Poker Game #", "Sportsbetting.ag Poker Game #"})
         if (starts_with(l, room)) return kSignature;
       return 0;
     }},
    {"unibet", "Unibet",
     [](std::string_view l) {
       // "Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 ..."
       return starts_with(l, "Game #") && contains(l, ": Table ") ? kSignature : 0;
     }},
    {"kingsclub", "KingsClub",
     [](std::string_view l) {
       // "#37660193: Pot Limit Omaha 5 Card - 5/10"
       if (l.size() < 3 || l[0] != '#' || !is_digit(l[1])) return 0;
       std::size_t i = 1;
       while (i < l.size() && is_digit(l[i])) ++i;
       return i < l.size() && l.substr(i, 2) == ": " ? kSignature : 0;
     }},
    {"merge", "Merge",
     [](std::string_view l) { return starts_with(l, "<description type=") ? kSignature : 0; }},
    {"microgaming", "Microgaming",
     [](std::string_view l) {
       if (starts_with(l, "----PRIMA.DAT----")) return kSignature;
       return starts_with(l, "<Game ") && contains(l, "unicodetablename=") ? kSignature : 0;
     }},
    {"everest", "Everest",
     [](std::string_view l) { return starts_with(l, "<SESSION time=") ? kSignature : 0; }},
    {"boss", "Boss Media",
     [](std::string_view l) {
       return starts_with(l, "<HISTORY ID=") && contains(l, " SESSION=") ? kSignature : 0;
     }},
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
    {"cake", "Cake",
     [](std::string_view l) {
       return starts_with(l, "Hand#") && contains(l, " -- ") ? kSignature : 0;
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
    {"ohh", "Open Hand History",
     [](std::string_view l) { return contains(l, "\"ohh\"") ? kSignature : 0; }},
    {"pokernow", "PokerNow",
     [](std::string_view l) { return l == "entry,at,order" ? kSignature : 0; }},
}};

// PHH (Poker Hand History) is TOML: its head states the variant of the game.
int phh_score(std::string_view l) { return starts_with(l, "variant = ") ? kSignature : 0; }

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

std::string_view first_line(std::string_view text) {
  std::size_t nl = text.find('\n');
  return nl == std::string_view::npos ? text : text.substr(0, nl);
}

}  // namespace

const std::vector<std::unique_ptr<Format>>& formats() {
  static const std::vector<std::unique_ptr<Format>> all = [] {
    std::vector<std::unique_ptr<Format>> v;
    v.push_back(std::make_unique<PokerStarsFormat>());
    v.push_back(std::make_unique<WinamaxFormat>());
    v.push_back(std::make_unique<Poker888Format>());
    v.push_back(std::make_unique<GGPokerFormat>());
    for (const Recognised& r : kRecognised)
      v.push_back(std::make_unique<RecognisedFormat>(r.name, r.display_name, r.score));
    v.push_back(std::make_unique<RecognisedFormat>("phh", "Poker Hand History", &phh_score));
    return v;
  }();
  return all;
}

const Format* format_by_name(std::string_view name) {
  for (const auto& f : formats())
    if (f->name() == name) return f.get();
  return nullptr;
}

SniffResult sniff_format(std::string_view decoded_head) {
  SniffResult best;
  for (const auto& f : formats()) {
    const int c = f->sniff(decoded_head);
    if (c > best.confidence) best = {f.get(), c};
  }
  return best;
}

void check_read_options(const ReadOptions& options) {
  if (!gg::is_known_zone(options.gg_time_zone))
    throw std::invalid_argument("unknown time zone \"" + options.gg_time_zone +
                                "\" (an IANA name such as UTC or Europe/Malta is expected)");
}

const Format* readable_format_of_line(std::string_view line, const Format* preferred) {
  if (preferred && preferred->readable() && preferred->is_hand_start(line)) return preferred;
  for (const auto& f : formats())
    if (f->readable() && f->is_hand_start(line)) return f.get();
  return nullptr;
}

bool is_any_hand_start(std::string_view line) {
  return readable_format_of_line(line, nullptr) != nullptr;
}

Hand read_hand_text(const Format& format, const HandText& ht, const std::string& file,
                    const ReadOptions& options) {
  std::string_view head = first_line(ht.text);
  if (format.is_hand_start(head)) return format.read_hand(ht, file, options);
  Hand h;
  h.site = "unknown";
  h.source = {file, ht.byte_offset, ht.line};
  h.raw = std::string(ht.text);
  h.issues.push_back({ht.line, "the first line of a hand of " + std::string(format.display_name()),
                      std::string(head.substr(0, 120))});
  return h;
}

Hand read_any_hand_text(const Format* file_format, const HandText& ht, const std::string& file,
                        const ReadOptions& options) {
  std::string_view head = first_line(ht.text);
  if (const Format* f = readable_format_of_line(head, file_format))
    return f->read_hand(ht, file, options);
  Hand h;
  h.site = "unknown";
  h.source = {file, ht.byte_offset, ht.line};
  h.raw = std::string(ht.text);
  h.issues.push_back({ht.line,
                      "the first line of a hand of a known site (e.g. \"PokerStars Hand #\")",
                      std::string(head.substr(0, 120))});
  return h;
}

std::vector<Hand> read_text(const Format& format, std::string_view decoded, const std::string& file,
                            const ReadOptions& options) {
  std::vector<Hand> hands;
  auto starts = [&](std::string_view line) { return format.is_hand_start(line); };
  for (const HandText& ht : split_hands(decoded, starts))
    hands.push_back(read_hand_text(format, ht, file, options));
  return hands;
}

std::vector<Hand> read_text(std::string_view decoded, const std::string& file,
                            const ReadOptions& options) {
  const Format* file_format = sniff_format(decoded.substr(0, kSniffBytes)).format;
  std::vector<Hand> hands;
  for (const HandText& ht : split_hands(decoded, &is_any_hand_start))
    hands.push_back(read_any_hand_text(file_format, ht, file, options));
  return hands;
}

}  // namespace hh
