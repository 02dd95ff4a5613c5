// The splitter behind split_hands(), for a text given in parts: a file read in pieces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "parser/text/split.hpp"

namespace hh {

// split_hands() of a text given line by line, possibly in parts (a file read in pieces): the
// same cut, with only the text of the hands still open to be kept between parts. Offsets are in
// the caller's current text; drop() moves them when the caller drops the text before keep_from().
class HandSplitter {
 public:
  HandSplitter(std::function<bool(std::string_view line)> is_hand_start,
               std::function<bool(std::string_view line)> announces_hand = {})
      : is_hand_start_(std::move(is_hand_start)), announces_hand_(std::move(announces_hand)) {}

  // The line text[offset, offset + length) (no '\n'), numbered `number`: the hands it closes are
  // appended to `out`, views into `text`.
  void line(std::string_view text, std::size_t offset, std::size_t length, std::uint32_t number,
            std::vector<HandText>& out);
  // The end of the text: the hands still open are appended to `out`; the splitter starts afresh.
  void close(std::string_view text, std::vector<HandText>& out);
  // Where the text still needed begins: the first byte of a hand not yet given out, else `pos`.
  std::size_t keep_from(std::size_t pos) const;
  // The caller's text lost its first `bytes` bytes (all before keep_from()).
  void drop(std::size_t bytes);

 private:
  void flush_held(std::string_view text, std::vector<HandText>& out);

  std::function<bool(std::string_view line)> is_hand_start_;
  std::function<bool(std::string_view line)> announces_hand_;
  bool open_ = false;
  std::size_t begin_ = 0;  // offset of the open hand's first line
  std::size_t end_ = 0;    // end of its last non-blank line, so trailing blanks fall away
  std::uint32_t first_line_ = 0;
  bool only_announced_ = false;  // the open hand has only announcement lines so far
  // The hand before the open one while that one is only announcement lines.
  bool have_held_ = false;
  HandText held_{};
  std::size_t held_end_ = 0;
};

}  // namespace hh
