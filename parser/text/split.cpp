#include "parser/text/split.hpp"

namespace hh {

std::vector<HandText> split_hands(
    std::string_view text, const std::function<bool(std::string_view line)>& is_hand_start,
    const std::function<bool(std::string_view line)>& announces_hand) {
  std::vector<HandText> hands;
  LineCursor cursor(text);
  bool open = false;
  std::size_t begin = 0;  // offset of the current chunk's first line
  std::size_t end = 0;    // end of its last non-blank line, so trailing blanks fall away
  std::uint32_t first_line = 0;
  bool only_announced = false;  // the open hand has only announcement lines so far
  auto close = [&] {
    if (!open) return;
    if (only_announced && !hands.empty()) {  // no hand followed: they stay with the one before
      HandText& before = hands.back();
      before.text = text.substr(before.byte_offset, end - before.byte_offset);
      return;
    }
    hands.push_back({text.substr(begin, end - begin), begin, first_line});
  };
  std::string_view line;
  while (cursor.next(line)) {
    if (is_blank_line(line)) continue;
    // Evaluated first so the predicate sees every non-blank line, including the first one.
    const bool starts = is_hand_start(line);
    const bool announces = starts && announces_hand && announces_hand(line);
    if ((starts && !(open && only_announced)) || !open) {
      close();
      open = true;
      begin = cursor.offset();
      first_line = cursor.line_number();
      only_announced = announces;
    } else {
      only_announced = only_announced && announces;
    }
    end = cursor.offset() + line.size();
  }
  close();
  return hands;
}

}  // namespace hh
