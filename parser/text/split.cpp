#include "parser/text/split.hpp"

#include "parser/text/hand_splitter.hpp"

namespace hh {

void HandSplitter::line(std::string_view text, std::size_t offset, std::size_t length,
                        std::uint32_t number, std::vector<HandText>& out) {
  const std::string_view l = text.substr(offset, length);
  if (is_blank_line(l)) return;
  // Evaluated first so the predicate sees every non-blank line, including the first one.
  const bool starts = is_hand_start_(l);
  const bool announces = starts && announces_hand_ && announces_hand_(l);
  if ((starts && !(open_ && only_announced_)) || !open_) {
    if (open_) {
      // Closed by a new start. Held back while the new hand is only announcement lines: if no
      // hand follows them, they stay with this one.
      flush_held(text, out);
      held_ = HandText{text.substr(begin_, end_ - begin_), begin_, first_line_};
      held_end_ = end_;
      have_held_ = true;
    }
    open_ = true;
    begin_ = offset;
    first_line_ = number;
    only_announced_ = announces;
  } else {
    only_announced_ = only_announced_ && announces;
  }
  if (!only_announced_) flush_held(text, out);
  end_ = offset + length;
}

void HandSplitter::close(std::string_view text, std::vector<HandText>& out) {
  if (open_ && only_announced_ && have_held_) {
    // No hand followed the announcement: it stays with the hand before it.
    held_end_ = end_;
    open_ = false;
  }
  flush_held(text, out);
  if (open_) out.push_back({text.substr(begin_, end_ - begin_), begin_, first_line_});
  open_ = false;
  only_announced_ = false;
}

void HandSplitter::flush_held(std::string_view text, std::vector<HandText>& out) {
  if (!have_held_) return;
  out.push_back({text.substr(held_.byte_offset, held_end_ - held_.byte_offset), held_.byte_offset,
                 held_.line});
  have_held_ = false;
}

std::size_t HandSplitter::keep_from(std::size_t pos) const {
  if (have_held_) return held_.byte_offset;
  return open_ ? begin_ : pos;
}

void HandSplitter::drop(std::size_t bytes) {
  if (have_held_) {
    held_.byte_offset -= bytes;
    held_end_ -= bytes;
  }
  if (open_) {
    begin_ -= bytes;
    end_ -= bytes;
  }
}

std::vector<HandText> split_hands(
    std::string_view text, const std::function<bool(std::string_view line)>& is_hand_start,
    const std::function<bool(std::string_view line)>& announces_hand) {
  std::vector<HandText> hands;
  HandSplitter splitter(is_hand_start, announces_hand);
  LineCursor cursor(text);
  std::string_view line;
  while (cursor.next(line))
    splitter.line(text, cursor.offset(), line.size(), cursor.line_number(), hands);
  splitter.close(text, hands);
  return hands;
}

}  // namespace hh
