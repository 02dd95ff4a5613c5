#include "parser/text/decode.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace hh {

const char* encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Utf8:
      return "utf-8";
    case Encoding::Utf8Bom:
      return "utf-8-bom";
    case Encoding::Utf16Le:
      return "utf-16le";
    case Encoding::Utf16Be:
      return "utf-16be";
    case Encoding::Cp1252:
      return "cp1252";
  }
  return "unknown";
}

namespace {

constexpr char32_t kReplacement = 0xFFFD;
constexpr char32_t kBom = 0xFEFF;
constexpr char32_t kNbsp = 0x00A0;

// Windows-1252 bytes 0x80..0x9F; the rest of the high half coincides with Latin-1.
constexpr std::array<char16_t, 32> kCp1252C1 = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    const char b[2] = {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(b, 2);
  } else if (cp < 0x10000) {
    const char b[3] = {static_cast<char>(0xE0 | (cp >> 12)),
                       static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
                       static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(b, 3);
  } else {
    const char b[4] = {
        static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
        static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    out.append(b, 4);
  }
}

// Code points that every decoder rewrites; kept in one place so the encodings cannot drift apart.
void append_normalised(std::string& out, char32_t cp) {
  if (cp == kNbsp) {
    out.push_back(' ');
  } else if (cp != kBom) {
    append_utf8(out, cp);
  }
}

// True when none of the 8 bytes at p needs attention (non-ASCII or CR). Checking a word at a
// time is what keeps plain ASCII input near memcpy speed without SIMD intrinsics.
inline bool plain_word(const unsigned char* p) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  const std::uint64_t x = w ^ (kOnes * '\r');
  const std::uint64_t has_cr = (x - kOnes) & ~x & kHigh;
  return ((w & kHigh) | has_cr) == 0;
}

// Length of the strictly valid UTF-8 sequence at p (Unicode Table 3-7: no overlongs, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes are not one.
inline std::size_t utf8_sequence_length(const unsigned char* p, std::size_t avail) {
  const unsigned char c = p[0];
  auto cont = [&](std::size_t i, unsigned char lo, unsigned char hi) {
    return i < avail && p[i] >= lo && p[i] <= hi;
  };
  if (c >= 0xC2 && c <= 0xDF) return cont(1, 0x80, 0xBF) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    const unsigned char lo = c == 0xE0 ? 0xA0 : 0x80;
    const unsigned char hi = c == 0xED ? 0x9F : 0xBF;
    return cont(1, lo, hi) && cont(2, 0x80, 0xBF) ? 3 : 0;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    const unsigned char lo = c == 0xF0 ? 0x90 : 0x80;
    const unsigned char hi = c == 0xF4 ? 0x8F : 0xBF;
    return cont(1, lo, hi) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

// Consumes a CR at p[i] (and the LF after it) and returns the index after the line break.
inline std::size_t line_break_after_cr(const unsigned char* p, std::size_t n, std::size_t i) {
  return i + 1 < n && p[i + 1] == '\n' ? i + 2 : i + 1;
}

// Copies UTF-8 from `start`, normalising as it goes. Returns false on the first invalid sequence;
// then `out` is rolled back to what it held before the first non-ASCII byte and `resume` is that
// byte's index, because ASCII decodes identically as cp1252 and need not be redone.
bool transcode_utf8(std::string_view bytes, std::size_t start, std::string& out,
                    std::size_t& resume) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  const std::size_t out_base = out.size();
  bool seen_non_ascii = false;
  std::size_t first_non_ascii = start;
  std::size_t out_at_first_non_ascii = out_base;
  std::size_t run = start;  // start of the pending verbatim run
  std::size_t i = start;
  while (i < n) {
    while (i + 8 <= n && plain_word(p + i)) i += 8;
    if (i >= n) break;
    const unsigned char c = p[i];
    if (c < 0x80 && c != '\r') {
      ++i;
      continue;
    }
    out.append(bytes.data() + run, i - run);
    if (c == '\r') {
      out.push_back('\n');
      i = line_break_after_cr(p, n, i);
    } else {
      if (!seen_non_ascii) {
        seen_non_ascii = true;
        first_non_ascii = i;
        out_at_first_non_ascii = out.size();
      }
      const std::size_t len = utf8_sequence_length(p + i, n - i);
      if (len == 0) {
        out.resize(out_at_first_non_ascii);
        resume = first_non_ascii;
        return false;
      }
      if (len == 2 && c == 0xC2 && p[i + 1] == 0xA0) {
        out.push_back(' ');
      } else if (!(len == 3 && c == 0xEF && p[i + 1] == 0xBB && p[i + 2] == 0xBF)) {
        out.append(bytes.data() + i, len);
      }
      i += len;
    }
    run = i;
  }
  out.append(bytes.data() + run, n - run);
  return true;
}

void transcode_cp1252(std::string_view bytes, std::size_t start, std::string& out) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  std::size_t run = start;
  std::size_t i = start;
  while (i < n) {
    while (i + 8 <= n && plain_word(p + i)) i += 8;
    if (i >= n) break;
    const unsigned char c = p[i];
    if (c < 0x80 && c != '\r') {
      ++i;
      continue;
    }
    out.append(bytes.data() + run, i - run);
    if (c == '\r') {
      out.push_back('\n');
      i = line_break_after_cr(p, n, i);
    } else if (c == 0xEF && i + 2 < n && p[i + 1] == 0xBB && p[i + 2] == 0xBF) {
      // A UTF-8 BOM glued in by concatenation; "ï»¿" is never meant as text.
      i += 3;
    } else {
      append_normalised(out, c < 0xA0 ? kCp1252C1[c - 0x80] : char32_t{c});
      ++i;
    }
    run = i;
  }
  out.append(bytes.data() + run, n - run);
}

void transcode_utf16(std::string_view bytes, std::size_t start, bool big_endian, std::string& out) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t units = (bytes.size() - start) / 2;
  auto unit = [&](std::size_t k) -> char32_t {
    const unsigned char a = p[start + 2 * k];
    const unsigned char b = p[start + 2 * k + 1];
    return big_endian ? char32_t(a << 8 | b) : char32_t(b << 8 | a);
  };
  std::size_t k = 0;
  while (k < units) {
    const char32_t u = unit(k++);
    if (u == '\r') {
      out.push_back('\n');
      if (k < units && unit(k) == '\n') ++k;
    } else if (u < 0x80) {
      out.push_back(static_cast<char>(u));
    } else if (u >= 0xD800 && u <= 0xDBFF) {
      const char32_t lo = k < units ? unit(k) : 0;
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        ++k;
        append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
      } else {
        append_utf8(out, kReplacement);
      }
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      append_utf8(out, kReplacement);
    } else {
      append_normalised(out, u);
    }
  }
  if ((bytes.size() - start) % 2 != 0) append_utf8(out, kReplacement);
}

// UTF-16 files without a BOM exist (some converters write them); ASCII text in UTF-16 shows as a
// NUL in every other byte, which real 8-bit text never has. A prefix is enough to decide.
bool sniff_utf16(std::string_view bytes, bool& big_endian) {
  const std::size_t n = std::min<std::size_t>(bytes.size(), 4096) & ~std::size_t{1};
  if (n == 0) return false;
  std::size_t even = 0;
  std::size_t odd = 0;
  for (std::size_t i = 0; i < n; i += 2) {
    even += bytes[i] == '\0';
    odd += bytes[i + 1] == '\0';
  }
  const std::size_t pairs = n / 2;
  if (odd * 4 >= pairs && even * 4 < odd) {
    big_endian = false;
    return true;
  }
  if (even * 4 >= pairs && odd * 4 < even) {
    big_endian = true;
    return true;
  }
  return false;
}

bool starts_with(std::string_view bytes, std::string_view prefix) {
  return bytes.substr(0, prefix.size()) == prefix;
}

}  // namespace

Decoded decode(std::string_view bytes) {
  Decoded d{{}, Encoding::Utf8};
  bool big_endian = false;
  std::size_t start = 0;
  if (starts_with(bytes, "\xEF\xBB\xBF")) {
    d.encoding = Encoding::Utf8Bom;
    start = 3;
  } else if (starts_with(bytes, "\xFF\xFE")) {
    d.encoding = Encoding::Utf16Le;
    start = 2;
  } else if (starts_with(bytes, "\xFE\xFF")) {
    d.encoding = Encoding::Utf16Be;
    start = 2;
  } else if (sniff_utf16(bytes, big_endian)) {
    d.encoding = big_endian ? Encoding::Utf16Be : Encoding::Utf16Le;
  }

  if (d.encoding == Encoding::Utf16Le || d.encoding == Encoding::Utf16Be) {
    // Mostly ASCII, so about one output byte per input unit; CJK text grows the string once.
    d.text.reserve((bytes.size() - start) / 2 + 16);
    transcode_utf16(bytes, start, d.encoding == Encoding::Utf16Be, d.text);
    return d;
  }

  d.text.reserve(bytes.size() - start);
  std::size_t resume = 0;
  if (!transcode_utf8(bytes, start, d.text, resume)) {
    d.encoding = Encoding::Cp1252;
    // Non-ASCII cp1252 bytes expand to 2 or 3 UTF-8 bytes; a little headroom avoids a regrowth
    // on typical files where they are sparse (currency signs, accented names).
    d.text.reserve(bytes.size() - start + (bytes.size() - resume) / 8 + 16);
    transcode_cp1252(bytes, resume, d.text);
  }
  return d;
}

std::string utf8_of_utf16le(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() / 2);
  transcode_utf16(bytes, 0, false, out);
  return out;
}

}  // namespace hh
