// libFuzzer target: split_hands() over arbitrary text with the real hand-start test. Checks the
// contract of parser/split.hpp that the "nothing lost" guarantee rests on: hands are views into
// the text, in order, not overlapping, with the right offset and line, and every non-blank line
// of the input belongs to exactly one hand.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "parser/format.hpp"
#include "parser/text/split.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<hh::HandText> hands = hh::split_any_hands(text);

  std::size_t covered_to = 0;  // end of the previous hand
  std::size_t nonblank_in_hands = 0;
  for (const hh::HandText& h : hands) {
    if (h.text.empty()) std::abort();
    const std::size_t at = static_cast<std::size_t>(h.text.data() - text.data());
    if (h.text.data() < text.data() || at + h.text.size() > size) std::abort();
    if (at < covered_to || h.byte_offset != at) std::abort();
    std::size_t newlines = 0;
    for (std::size_t i = 0; i < at; ++i) newlines += text[i] == '\n';
    if (h.line != newlines + 1) std::abort();
    covered_to = at + h.text.size();
    hh::LineCursor lines(h.text);
    std::string_view line;
    while (lines.next(line)) nonblank_in_hands += !hh::is_blank_line(line);
  }
  std::size_t nonblank = 0;
  hh::LineCursor lines(text);
  std::string_view line;
  while (lines.next(line)) nonblank += !hh::is_blank_line(line);
  if (nonblank != nonblank_in_hands) std::abort();
  return 0;
}
