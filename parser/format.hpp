// The Format seam: every site or interchange format hhaudit reads (or only recognises) is one
// Format in the registry (formats()). A file's format is chosen by scored sniffing of its head:
// every format says how sure it is, the most confident wins, so a new format never has to avoid
// another's first line. Options reach a format through ReadOptions, never through a global.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "model/tournament.hpp"
#include "parser/text/split.hpp"

namespace hh {

// What a user can tell the formats about their input.
struct ReadOptions {
  // GGPoker prints no time zone: its times are read in this IANA zone.
  std::string gg_time_zone{"UTC"};
};

// Throws std::invalid_argument, with a message for the user, when an option has a value no
// format can use (an unknown time zone).
void check_read_options(const ReadOptions& options);

class Format {
 public:
  virtual ~Format() = default;
  // Stored in hands.site and files.format: "pokerstars", "888poker", ...
  virtual std::string_view name() const = 0;
  // As users name it: "PokerStars", "888poker", "PartyPoker".
  virtual std::string_view display_name() const = 0;
  // False for a format that is recognised but not read yet: its files are recorded as such.
  virtual bool readable() const { return true; }
  // How sure this format is that a file starting with `head` (decoded, possibly cut mid-line) is
  // its own: 0 not at all, 100 certain.
  virtual int sniff(std::string_view head) const = 0;
  // Text formats are read hand by hand, so a large file is read in pieces: true when `line` opens
  // a hand. Called on every non-blank line: keep it cheap.
  virtual bool is_hand_start(std::string_view line) const = 0;
  // The texts this format's hand-start lines begin with once sniff::clean() has skipped leading
  // spaces, tabs, NULs and a byte order mark ("PokerStars" for "PokerStars Hand #..."; a single
  // byte where the start is no one text, "<" for a tag): a line beginning with none of them is
  // not put to is_hand_start(). Every line of every file is put to every format whose texts it
  // begins with (readable_format_of_line()), so this spares nearly all of them ("Seat 1: ..."
  // and "*** FLOP ***" are put to none). Empty (the default): every line is put to it.
  virtual std::vector<std::string_view> hand_start_prefixes() const { return {}; }
  // A hand-start line that announces the hand rather than opening it on its own: more header
  // lines that are starts follow it (split_hands()). PartyPoker: "Game #N starts.".
  virtual bool announces_hand(std::string_view) const { return false; }
  // Text before a file's first hand that the format itself defines as not a hand (PHH: TOML
  // comments): read as no hand instead of an unparsed one.
  virtual bool is_preamble(std::string_view) const { return false; }
  // Reads one hand cut out by split_hands(). Never throws on bad input: problems become
  // Hand::issues, and Hand::parsed=false when the header could not be read.
  virtual Hand read_hand(const HandText& text, const std::string& file,
                         const ReadOptions& options) const = 0;
  // Reads every hand of one piece cut out by split_hands(). A text format's piece is one hand:
  // the default reads it with read_hand(). A document format (iPoker's XML: one <session> of many
  // <game>s, whose header every game needs) starts its piece at the line that opens a document
  // and returns each hand with its own source line and raw text (a slice of the piece). Never
  // throws on bad input; an empty result means the piece holds no hand (an XML declaration).
  virtual std::vector<Hand> read_hands(const HandText& text, const std::string& file,
                                       const ReadOptions& options) const {
    std::vector<Hand> one;
    one.push_back(read_hand(text, file, options));
    return one;
  }

  // --- tournament summaries (results, not hands) ---

  // True for a format of tournament summary files: a file of it is read whole by read_summary()
  // instead of being cut into hands (is_hand_start() is false for every line).
  virtual bool reads_summaries() const { return false; }
  // Reads a whole decoded summary file. Never throws on bad input: a line not understood becomes
  // a TournamentSummary::issues entry (its line and what was expected), and parsed=false when the
  // header (the tournament's number) could not be read.
  virtual TournamentSummary read_summary(std::string_view decoded, const std::string& file) const {
    TournamentSummary s;
    s.source = {file, 0, 1};
    s.raw = std::string(decoded);
    s.issues.push_back(
        {1, "a tournament summary", std::string(display_name()) + " holds hands", 0});
    return s;
  }

  // --- writing (the interchange formats: `hhaudit convert --to NAME`) ---

  // True for a format hands of any readable format can be written in.
  virtual bool writable() const { return false; }
  // The extension of a written file: ".ohh", ".phhs".
  virtual std::string_view file_extension() const { return {}; }
  // One hand in this format. When the format cannot express the hand, `written` is false and
  // `lost` says why; when it can but drops something (a fee it has no field for), `lost` names it.
  struct WrittenHand {
    bool written{false};
    std::string text;
    std::vector<std::string> lost;
  };
  virtual WrittenHand write_hand(const Hand&) const {
    return {false, {}, {"not a writable format"}};
  }
  // The hands of one output file, each from write_hand(), joined into the file's text.
  virtual std::string join_written(const std::vector<std::string>& hands) const {
    std::string out;
    for (const auto& h : hands) out += h;
    return out;
  }
};

// An unparsed Hand of `site` for the piece `text`: its issue at the piece's first line says what
// was `expected` and what was there (`got`), so that the text is kept, never dropped.
Hand unparsed_hand(const HandText& text, const std::string& file, std::string_view site,
                   std::string expected, std::string got);

// A document format's read_hand() (its read_hands() reads a piece of many hands): the one hand of
// `hands`, or an unparsed hand of `site` whose issue expects `expected` and counts the hands.
Hand the_only_hand(std::vector<Hand> hands, const HandText& text, const std::string& file,
                   std::string_view site, std::string_view expected);

// Every format, readable or only recognised.
const std::vector<std::unique_ptr<Format>>& formats();
const Format* format_by_name(std::string_view name);

struct SniffResult {
  const Format* format{nullptr};  // nullptr: no format claims the head
  int confidence{0};
};
// The most confident format for a file starting with `decoded_head`; ties go to the format
// registered first (the readable ones come first).
SniffResult sniff_format(std::string_view decoded_head);

// How much of a decoded file read_text() sniffs; the pipeline sniffs its first piece.
inline constexpr std::size_t kSniffBytes = 64 * 1024;

// The readable format whose hand-start line this is: `preferred` (the file's sniffed format) when
// it claims the line, else the first readable format that does; nullptr when none does. Only the
// formats with a hand_start_prefixes() text the cleaned line begins with are asked.
const Format* readable_format_of_line(std::string_view line, const Format* preferred = nullptr);

// True when a readable format starts a hand at this line: where a stream is split into hands. A
// stream may hold hands of several readable formats one after another.
bool is_any_hand_start(std::string_view line);
// True when a readable format says this start line announces its hand (Format::announces_hand).
bool is_any_hand_announcement(std::string_view line);
// Cuts a decoded text into hands of any readable format: split_hands() with the two tests above.
std::vector<HandText> split_any_hands(std::string_view decoded);

// Reads the hands of one piece of `format` cut out by split_hands() (one hand for a text format).
// Text before a file's first hand (a banner, junk) becomes an unparsed Hand of site "unknown", so
// nothing is dropped silently.
std::vector<Hand> read_hands_text(const Format& format, const HandText& text,
                                  const std::string& file, const ReadOptions& options);

// Splits and reads a whole decoded text of one format.
std::vector<Hand> read_text(const Format& format, std::string_view decoded, const std::string& file,
                            const ReadOptions& options);

// Reads the hands of one piece cut out by split_hands(is_any_hand_start) of a file whose sniffed
// format is `file_format` (may be nullptr or a format that is not readable): by that format when
// it claims the piece's first line, else by the readable format that claims it, else as an
// unparsed Hand of site "unknown" so that nothing is dropped silently.
std::vector<Hand> read_any_hands_text(const Format* file_format, const HandText& text,
                                      const std::string& file, const ReadOptions& options);

// Sniffs, splits and reads a whole decoded text that may hold hands of several readable formats.
std::vector<Hand> read_text(std::string_view decoded, const std::string& file,
                            const ReadOptions& options = {});

}  // namespace hh
