// Cuts a decoded file into per-hand slices and walks lines; both work on views into the decoded
// text so that a multi-hundred-MB file is never copied again after decode().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace hh {

struct HandText {
  std::string_view text;      // the hand's lines, without the blank lines around it; views into
                              // the decoded text
  std::uint64_t byte_offset;  // offset of text.data() within the whole decoded text
  std::uint32_t line;         // 1-based line number of the first line of the hand
};

// A line holding only spaces and tabs counts as blank: exports padded with trailing whitespace
// would otherwise glue invisible lines onto hands.
inline bool is_blank_line(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') return false;
  }
  return true;
}

// Splits a text (as produced by decode(): LF line ends) into hands. A hand starts at a line for
// which `is_hand_start(line)` is true and runs up to the next such line, minus trailing blank
// lines; anything between hands (blank lines excepted) stays with the hand before it, so the hand
// parser sees and reports it. Non-blank lines before the first start line (export banners, junk)
// form a HandText of their own so that nothing is dropped silently; the caller recognises it by
// its first line failing `is_hand_start`.
// `is_hand_start` is called exactly once for each non-blank line, in order, and never for blank
// lines, so it may be a cheap prefix test. An empty or all-blank text gives an empty vector.
//
// `announces_hand` (optional) marks start lines that announce their hand rather than open it on
// their own (PartyPoker prints "Game #N starts.", then "#Game No : N", then its banner): a start
// line that follows only such lines of the hand being cut continues that hand, and such lines
// with no hand after them (a file cut after the next hand's announcement) stay with the hand
// before them. Called only for start lines.
std::vector<HandText> split_hands(
    std::string_view text, const std::function<bool(std::string_view line)>& is_hand_start,
    const std::function<bool(std::string_view line)>& announces_hand = {});

// Iterates the lines of a text without their '\n', tracking 1-based line numbers. A final '\n'
// does not open an extra empty line, matching how editors count. The text is expected to come
// from decode(), so '\r' is not special here.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text, std::uint32_t first_line = 1)
      : text_(text), line_(first_line - 1) {}

  // Stores the next line in `line` and returns true, or returns false at the end of the text.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t nl = text_.find('\n', pos_);
    const std::size_t end = nl == std::string_view::npos ? text_.size() : nl;
    line = text_.substr(pos_, end - pos_);
    offset_ = pos_;
    pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
    ++line_;
    return true;
  }

  // Line number of the line last returned by next() (first_line - 1 before the first call).
  std::uint32_t line_number() const { return line_; }

  // Offset within the cursor's text of the line last returned by next().
  std::size_t offset() const { return offset_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t offset_ = 0;
  std::uint32_t line_;
};

}  // namespace hh
