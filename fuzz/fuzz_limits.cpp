// libFuzzer target for the readers' limits (docs/reliability.md, "Limits"): inputs that are large
// by repetition, which a 64 KB input cannot be on its own. The input is
//
//   FORMAT COUNT\n PREFIX \0 FRAGMENT \0 SUFFIX
//
// and the document read is PREFIX + FRAGMENT x COUNT + SUFFIX (at most 4 MiB), so that the fuzzer
// reaches a key of 40,000 parts, arrays nested 100,000 deep, 10,000 seats or a long name with a
// few bytes. FORMAT is one of the formats whose limits this guards (phh, ohh, ipoker, pokerstars);
// another name is skipped. Each hand read is audited. Besides crashes, stack overflows, leaks, UB
// and timeouts (a quadratic reader over 4 MiB takes minutes), it checks that every seat's name is
// valid UTF-8 without NUL, that an unparsed hand says why, and that issues point at a line of the
// document.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"

namespace {

constexpr std::size_t kMaxDocument = std::size_t{4} << 20;

bool valid_utf8_without_nul(std::string_view s) {
  // decode() leaves valid UTF-8 alone and reads anything else as cp1252: valid input is unchanged.
  return s.find('\0') == std::string_view::npos && hh::decode(s).text == s &&
         hh::decode(s).encoding == hh::Encoding::Utf8;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  const std::size_t eol = in.find('\n');
  if (eol == std::string_view::npos) return 0;
  const std::string_view head = in.substr(0, eol);
  in.remove_prefix(eol + 1);
  const std::size_t space = head.find(' ');
  const std::string_view name = head.substr(0, space);
  if (name != "phh" && name != "ohh" && name != "ipoker" && name != "pokerstars") return 0;
  const hh::Format* format = hh::format_by_name(name);
  if (!format) std::abort();
  std::size_t count = 0;
  if (space != std::string_view::npos)
    for (const char c : head.substr(space + 1)) {
      if (c < '0' || c > '9') break;
      count = std::min<std::size_t>(count * 10 + static_cast<std::size_t>(c - '0'), kMaxDocument);
    }
  const std::size_t a = std::min(in.find('\0'), in.size());
  const std::string_view prefix = in.substr(0, a);
  const std::string_view rest = a < in.size() ? in.substr(a + 1) : std::string_view();
  const std::size_t b = std::min(rest.find('\0'), rest.size());
  const std::string_view fragment = rest.substr(0, b);
  const std::string_view suffix = b < rest.size() ? rest.substr(b + 1) : std::string_view();
  std::string doc(prefix);
  if (!fragment.empty())
    count = std::min(count, (kMaxDocument - std::min(kMaxDocument, doc.size())) / fragment.size());
  doc.reserve(doc.size() + fragment.size() * count + suffix.size());
  for (std::size_t i = 0; i < count; ++i) doc += fragment;
  doc += suffix;

  const hh::Decoded d = hh::decode(doc);
  const auto lines = static_cast<std::uint32_t>(std::count(d.text.begin(), d.text.end(), '\n')) + 1;
  for (const hh::Hand& h : hh::read_text(*format, d.text, "fuzz.txt", hh::ReadOptions{})) {
    if (!h.parsed && h.issues.empty()) std::abort();
    for (const hh::ParseIssue& i : h.issues)
      if (i.line == 0 || i.line > lines) std::abort();
    for (const hh::Seat& s : h.seats)
      if (!valid_utf8_without_nul(s.player)) std::abort();
    (void)hh::audit_hand(h);
  }
  return 0;
}
