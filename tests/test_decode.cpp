#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <random>
#include <string>
#include <string_view>

#include "parser/text/decode.hpp"
#include "tests/test_paths.hpp"

namespace {

using hh::decode;
using hh::Encoding;

// Builds UTF-16 bytes by hand so the tests do not depend on the decoder's own conversion code.
std::string utf16(std::u16string_view s, bool big_endian, bool bom) {
  std::string out;
  auto put = [&](char16_t u) {
    const char hi = static_cast<char>(u >> 8);
    const char lo = static_cast<char>(u & 0xFF);
    out.push_back(big_endian ? hi : lo);
    out.push_back(big_endian ? lo : hi);
  };
  if (bom) put(0xFEFF);
  for (char16_t u : s) put(u);
  return out;
}

// Line breaks as an editor counts them: CRLF, lone CR and lone LF are one each.
std::size_t count_breaks(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\n') {
      ++n;
    } else if (s[i] == '\r') {
      ++n;
      if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
    }
  }
  return n;
}

std::size_t count_lf(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

}  // namespace

TEST_CASE("encoding_name spells every encoding", "[decode]") {
  CHECK(std::string(hh::encoding_name(Encoding::Utf8)) == "utf-8");
  CHECK(std::string(hh::encoding_name(Encoding::Utf8Bom)) == "utf-8-bom");
  CHECK(std::string(hh::encoding_name(Encoding::Utf16Le)) == "utf-16le");
  CHECK(std::string(hh::encoding_name(Encoding::Utf16Be)) == "utf-16be");
  CHECK(std::string(hh::encoding_name(Encoding::Cp1252)) == "cp1252");
}

TEST_CASE("plain ASCII and empty input pass through as UTF-8", "[decode]") {
  const std::string in = "PokerStars Hand #1: Hold'em\nSeat 1: Hero ($2 in chips)\n\n";
  auto d = decode(in);
  CHECK(d.text == in);
  CHECK(d.encoding == Encoding::Utf8);

  auto e = decode("");
  CHECK(e.text.empty());
  CHECK(e.encoding == Encoding::Utf8);
}

TEST_CASE("UTF-8 BOM is stripped", "[decode]") {
  auto d = decode("\xEF\xBB\xBFPokerStars Hand #1\n");
  CHECK(d.text == "PokerStars Hand #1\n");
  CHECK(d.encoding == Encoding::Utf8Bom);

  auto only = decode("\xEF\xBB\xBF");
  CHECK(only.text.empty());
  CHECK(only.encoding == Encoding::Utf8Bom);
}

TEST_CASE("valid multi-byte UTF-8 is kept verbatim", "[decode]") {
  // Euro sign, e acute, and U+1F0A1 (a playing card, 4 bytes).
  const std::string in =
      "\xE2\x82\xAC"
      "0.02 Jos\xC3\xA9 \xF0\x9F\x82\xA1\n";
  auto d = decode(in);
  CHECK(d.text == in);
  CHECK(d.encoding == Encoding::Utf8);
}

TEST_CASE("BOMs inside the text are removed", "[decode]") {
  auto d = decode("\xEF\xBB\xBFhand one\n\n\xEF\xBB\xBFhand two\n");
  CHECK(d.text == "hand one\n\nhand two\n");
  CHECK(d.encoding == Encoding::Utf8Bom);

  auto plain = decode(
      "a\n\xEF\xBB\xBF"
      "b\n");
  CHECK(plain.text == "a\nb\n");
  CHECK(plain.encoding == Encoding::Utf8);
}

TEST_CASE("CRLF and lone CR become LF, one break each", "[decode]") {
  CHECK(decode("a\r\nb\r\n").text == "a\nb\n");
  CHECK(decode("a\rb\r").text == "a\nb\n");
  CHECK(decode("a\r\r\nb").text == "a\n\nb");
  CHECK(decode("a\n\rb").text == "a\n\nb");
  CHECK(decode("\r").text == "\n");
  CHECK(decode("\r\n").text == "\n");
  CHECK(decode("\r\n\r\n\r\n").text == "\n\n\n");
  CHECK(decode("x\r\n\r\r\ny").text == "x\n\n\ny");
  // A break right before non-ASCII text takes the byte-wise path.
  CHECK(decode("a\r\xC3\xA9\r\n").text == "a\n\xC3\xA9\n");
}

TEST_CASE("NBSP becomes a plain space in every encoding", "[decode]") {
  auto u8 = decode("Blind\xC2\xA0$0.25\n");
  CHECK(u8.text == "Blind $0.25\n");
  CHECK(u8.encoding == Encoding::Utf8);

  auto cp = decode("Blind\xA0$0.25\n");
  CHECK(cp.text == "Blind $0.25\n");
  CHECK(cp.encoding == Encoding::Cp1252);

  auto u16 = decode(utf16(u"Blind\u00A0$0.25\n", false, true));
  CHECK(u16.text == "Blind $0.25\n");
}

TEST_CASE("cp1252 maps the Windows table", "[decode]") {
  auto d = decode(
      "(\x80"
      "0.02/\x80"
      "0.04)\n");
  CHECK(d.text ==
        "(\xE2\x82\xAC"
        "0.02/\xE2\x82\xAC"
        "0.04)\n");
  CHECK(d.encoding == Encoding::Cp1252);

  CHECK(decode("\x80").text == "\xE2\x82\xAC");  // U+20AC euro
  CHECK(decode("\x8A").text == "\xC5\xA0");      // U+0160 S caron
  CHECK(decode("\x99").text == "\xE2\x84\xA2");  // U+2122 trade mark
  CHECK(decode("\x9F").text == "\xC5\xB8");      // U+0178 Y diaeresis
  CHECK(decode("\x85").text == "\xE2\x80\xA6");  // U+2026 ellipsis, not NEL
  CHECK(decode("\x96").text == "\xE2\x80\x93");  // U+2013 en dash
  CHECK(decode("\xA5"
               "2")
            .text ==
        "\xC2\xA5"
        "2");                                // U+00A5 yen (PokerMaster CNY)
  CHECK(decode("\xE9").text == "\xC3\xA9");  // U+00E9
  CHECK(decode("\xFF").text == "\xC3\xBF");  // U+00FF
  // Undefined in cp1252: the C1 control of the same value, so nothing is lost.
  CHECK(decode("\x81").text == "\xC2\x81");
  CHECK(decode("\x8D").text == "\xC2\x8D");
  CHECK(decode("\x8F").text == "\xC2\x8F");
  CHECK(decode("\x90").text == "\xC2\x90");
  CHECK(decode("\x9D").text == "\xC2\x9D");
}

TEST_CASE("cp1252 high half decodes to valid UTF-8 of the expected length", "[decode]") {
  for (int b = 0x80; b <= 0xFF; ++b) {
    const std::string in(1, static_cast<char>(b));
    auto d = decode(in);
    INFO("byte " << b);
    CHECK(d.encoding == Encoding::Cp1252);
    CHECK(valid_utf8(d.text));
    if (b == 0xA0) {
      CHECK(d.text == " ");
    } else if (b >= 0xA0) {
      CHECK(d.text.size() == 2);  // Latin-1 range
    } else {
      CHECK(d.text.size() >= 2);
    }
  }
}

TEST_CASE("invalid UTF-8 falls back to cp1252 for the whole file", "[decode]") {
  auto d = decode(
      "Seat 1: Jos\xE9 (\x80"
      "5)\n");
  CHECK(d.text ==
        "Seat 1: Jos\xC3\xA9 (\xE2\x82\xAC"
        "5)\n");
  CHECK(d.encoding == Encoding::Cp1252);

  // Valid UTF-8 before the first bad byte is reinterpreted too: one file, one encoding.
  auto mixed = decode("\xC3\xA9\r\nx\xE9");
  CHECK(mixed.text == "\xC3\x83\xC2\xA9\nx\xC3\xA9");
  CHECK(mixed.encoding == Encoding::Cp1252);

  CHECK(decode("\xC0\xAF").text == "\xC3\x80\xC2\xAF");  // overlong '/'
  CHECK(decode("\xC0\xAF").encoding == Encoding::Cp1252);
  CHECK(decode("\xED\xA0\x80").encoding == Encoding::Cp1252);      // encoded surrogate
  CHECK(decode("\xF4\x90\x80\x80").encoding == Encoding::Cp1252);  // above U+10FFFF
  CHECK(decode("\xF5").encoding == Encoding::Cp1252);
  CHECK(decode("ab\xE2\x82").text == "ab\xC3\xA2\xE2\x80\x9A");    // truncated at the end
  CHECK(decode("\xE0\x80\x80").encoding == Encoding::Cp1252);      // overlong 3-byte
  CHECK(decode("\xF0\x80\x80\x80").encoding == Encoding::Cp1252);  // overlong 4-byte
  CHECK(decode("\xEF\xBF\xBF").encoding == Encoding::Utf8);        // U+FFFF is valid
  CHECK(decode("\xF4\x8F\xBF\xBF").encoding == Encoding::Utf8);    // U+10FFFF is valid
}

TEST_CASE("a UTF-8 BOM followed by cp1252 bytes is stripped and reported as cp1252", "[decode]") {
  auto d = decode(
      "\xEF\xBB\xBF\x80"
      "1\r\n");
  CHECK(d.text ==
        "\xE2\x82\xAC"
        "1\n");
  CHECK(d.encoding == Encoding::Cp1252);

  // A concatenated UTF-8 BOM inside a cp1252 file is not read as the text "ï»¿".
  auto glued = decode("\x80\n\xEF\xBB\xBFnext\n");
  CHECK(glued.text == "\xE2\x82\xAC\nnext\n");
  CHECK(glued.encoding == Encoding::Cp1252);
}

TEST_CASE("UTF-16LE with BOM", "[decode]") {
  auto d = decode(utf16(u"PokerStars Hand #1\r\nSeat 1: Jos\u00E9 (\u20AC5)\r\n", false, true));
  CHECK(d.text ==
        "PokerStars Hand #1\nSeat 1: Jos\xC3\xA9 (\xE2\x82\xAC"
        "5)\n");
  CHECK(d.encoding == Encoding::Utf16Le);

  auto only = decode("\xFF\xFE");
  CHECK(only.text.empty());
  CHECK(only.encoding == Encoding::Utf16Le);
}

TEST_CASE("UTF-16LE without BOM is sniffed from the NUL bytes", "[decode]") {
  const std::string bytes = utf16(u"PokerStars Hand #1\nSeat 1\n", false, false);
  REQUIRE(bytes.size() == 52);
  CHECK(bytes[1] == '\0');
  auto d = decode(bytes);
  CHECK(d.text == "PokerStars Hand #1\nSeat 1\n");
  CHECK(d.encoding == Encoding::Utf16Le);
}

TEST_CASE("UTF-16BE with and without BOM", "[decode]") {
  auto with = decode(utf16(u"Hand \u20AC1\r\n", true, true));
  CHECK(with.text ==
        "Hand \xE2\x82\xAC"
        "1\n");
  CHECK(with.encoding == Encoding::Utf16Be);

  auto without = decode(utf16(u"PokerStars Hand #2\n", true, false));
  CHECK(without.text == "PokerStars Hand #2\n");
  CHECK(without.encoding == Encoding::Utf16Be);
}

TEST_CASE("UTF-16 surrogates, line breaks and stray BOMs", "[decode]") {
  // U+1F0A1 as a surrogate pair.
  CHECK(decode(utf16(u"\U0001F0A1!", false, true)).text == "\xF0\x9F\x82\xA1!");
  CHECK(decode(utf16(u"\U0001F0A1!", true, true)).text == "\xF0\x9F\x82\xA1!");

  const std::string fffd = "\xEF\xBF\xBD";
  std::u16string lone_high = u"a";
  lone_high += char16_t{0xD83C};
  lone_high += u"b";
  CHECK(decode(utf16(lone_high, false, true)).text == "a" + fffd + "b");

  std::u16string high_at_end = u"a";
  high_at_end += char16_t{0xD83C};
  CHECK(decode(utf16(high_at_end, false, true)).text == "a" + fffd);

  std::u16string lone_low = u"a";
  lone_low += char16_t{0xDCA1};
  lone_low += u"b";
  CHECK(decode(utf16(lone_low, true, true)).text == "a" + fffd + "b");

  std::u16string two_highs;
  two_highs += char16_t{0xD83C};
  two_highs += char16_t{0xD83C};
  two_highs += char16_t{0xDCA1};
  CHECK(decode(utf16(two_highs, false, true)).text == fffd + "\xF0\x9F\x82\xA1");

  // A dangling odd byte cannot be a code unit.
  CHECK(decode(utf16(u"ab", false, true) + "x").text == "ab" + fffd);

  CHECK(decode(utf16(u"a\rb\r\nc\r\r\n\n", false, true)).text == "a\nb\nc\n\n\n");
  CHECK(decode(utf16(u"one\n\uFEFFtwo\n", false, true)).text == "one\ntwo\n");
}

TEST_CASE("ordinary 8-bit text is not mistaken for UTF-16", "[decode]") {
  CHECK(decode("A").encoding == Encoding::Utf8);
  CHECK(decode("ab\ncd\n").encoding == Encoding::Utf8);
  // A single NUL in a long text is noise, not UTF-16.
  std::string s(100, 'x');
  s[51] = '\0';
  auto d = decode(s);
  CHECK(d.encoding == Encoding::Utf8);
  CHECK(d.text == s);
}

TEST_CASE("line counts are preserved across encodings", "[decode]") {
  const std::u16string samples[] = {
      u"a\r\nb\rc\nd",           u"\r\r\n\n\r", u"hand\r\n\r\n\r\nhand\r\n", u"",
      u"no break at all \u20AC", u"\n\n\n\r",
  };
  for (const auto& s : samples) {
    std::string ascii;  // the same text as bytes, with the euro in cp1252
    for (char16_t u : s) ascii.push_back(u == 0x20AC ? '\x80' : static_cast<char>(u));
    const std::size_t breaks = count_breaks(ascii);
    INFO("sample " << ascii);
    CHECK(count_lf(decode(ascii).text) == breaks);
    CHECK(count_lf(decode("\xEF\xBB\xBF" + ascii).text) == breaks);
    CHECK(count_lf(decode(utf16(s, false, true)).text) == breaks);
    CHECK(count_lf(decode(utf16(s, true, true)).text) == breaks);
    CHECK(decode(ascii).text.find('\r') == std::string::npos);
  }
}

TEST_CASE("word-at-a-time scanning matches a byte-wise reference", "[decode]") {
  // Random mixes of ASCII, CR, LF, NBSP, euro and BOM at every length catch off-by-one errors
  // around the 8-byte boundaries of the fast path.
  const std::string pieces[] = {
      "a", "b", " ", "\r", "\n", "\r\n", "\xC2\xA0", "\xE2\x82\xAC", "\xEF\xBB\xBF", "xyzxyzxyz"};
  const std::string expect[] = {"a", "b",        " ", "\n", "\n", "\n", " ", "\xE2\x82\xAC",
                                "",  "xyzxyzxyz"};
  std::mt19937 rng(12345);
  for (int round = 0; round < 2000; ++round) {
    std::string in = "#";  // never starts with a BOM, so the encoding stays Utf8
    std::string want = "#";
    const int count = static_cast<int>(rng() % 40);
    for (int k = 0; k < count; ++k) {
      const std::size_t idx = rng() % std::size(pieces);
      // A lone "\r" followed by "\n" would merge into one CRLF; the reference must agree.
      if (!in.empty() && in.back() == '\r' && pieces[idx][0] == '\n') continue;
      in += pieces[idx];
      want += expect[idx];
    }
    auto d = decode(in);
    INFO("round " << round);
    REQUIRE(d.encoding == Encoding::Utf8);
    REQUIRE(d.text == want);
  }
}

TEST_CASE("large ASCII input decodes to an identical copy", "[decode]") {
  std::string in;
  for (int i = 0; i < 20000; ++i) in += "PokerStars Hand #" + std::to_string(i) + ": Hold'em\n\n";
  auto d = decode(in);
  CHECK(d.encoding == Encoding::Utf8);
  CHECK(d.text == in);
}

TEST_CASE("shared corpus decodes to clean UTF-8 with the same line count", "[decode][corpus]") {
  const auto root = hh::test::shared_corpus() / "Stars";
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(std::filesystem::is_directory(root));
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string bytes = hh::test::read_file(entry.path());
    auto d = decode(bytes);
    INFO(entry.path().string() << " as " << hh::encoding_name(d.encoding));
    CHECK(valid_utf8(d.text));
    CHECK(d.text.find('\r') == std::string::npos);
    CHECK(d.text.find("\xEF\xBB\xBF") == std::string::npos);
    CHECK(d.text.find("\xC2\xA0") == std::string::npos);
    if (d.encoding != Encoding::Utf16Le && d.encoding != Encoding::Utf16Be) {
      CHECK(count_lf(d.text) == count_breaks(bytes));
    }
    ++files;
  }
  CHECK(files > 0);
}
