// The Format seam: every site or interchange format hhaudit reads (or only recognises) is one
// Format in the registry (formats()). A file's format is chosen by scored sniffing of its head:
// every format says how sure it is, the most confident wins, so a new format never has to avoid
// another's first line. Options reach a format through ReadOptions, never through a global.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/hand.hpp"
#include "parser/split.hpp"

namespace hh {

// What a user can tell the formats about their input.
struct ReadOptions {
  // GGPoker prints no time zone: its times are read in this IANA zone.
  std::string gg_time_zone{"UTC"};
};

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
  // Reads one hand cut out by split_hands(). Never throws on bad input: problems become
  // Hand::issues, and Hand::parsed=false when the header could not be read.
  virtual Hand read_hand(const HandText& text, const std::string& file,
                         const ReadOptions& options) const = 0;
};

// Every format, readable or only recognised.
const std::vector<std::unique_ptr<Format>>& formats();
const Format* format_by_name(std::string_view name);

struct SniffResult {
  const Format* format{nullptr};  // nullptr: no format claims the head
  int confidence{0};
};
// The most confident format for a file starting with `decoded_head`.
SniffResult sniff_format(std::string_view decoded_head);

// Reads one hand of `format` cut out by split_hands(). Text before a file's first hand (a
// banner, junk) becomes an unparsed Hand of site "unknown", so nothing is dropped silently.
Hand read_hand_text(const Format& format, const HandText& text, const std::string& file,
                    const ReadOptions& options);

// Splits and reads a whole decoded text of one format.
std::vector<Hand> read_text(const Format& format, std::string_view decoded, const std::string& file,
                            const ReadOptions& options);

}  // namespace hh
