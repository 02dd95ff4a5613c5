// Turns the raw bytes of a hand-history file into UTF-8 text with LF line ends, so that every
// parser downstream deals with one encoding and one line terminator only.
#pragma once

#include <string>
#include <string_view>

namespace hh {

enum class Encoding { Utf8, Utf8Bom, Utf16Le, Utf16Be, Cp1252 };

// "utf-8", "utf-8-bom", "utf-16le", "utf-16be", "cp1252".
const char* encoding_name(Encoding e);

struct Decoded {
  std::string text;   // UTF-8, LF line ends, no BOM, NBSP replaced by a space
  Encoding encoding;  // what the input was detected as
};

// Detects the encoding and converts to UTF-8:
//  - BOM EF BB BF -> Utf8Bom, FF FE -> Utf16Le, FE FF -> Utf16Be (the BOM is not kept);
//  - no BOM but NULs in most odd (even) byte positions of the first 4 KiB -> Utf16Le (Utf16Be);
//  - otherwise strictly valid UTF-8 -> Utf8, anything else -> Cp1252. The fallback applies to the
//    whole file (a file has one encoding), also when it started with a UTF-8 BOM.
// Cp1252 uses the Windows table; its five undefined bytes (81 8D 8F 90 9D) map to the C1 control
// of the same value, as Windows itself does, so no byte is lost.
// Normalisation, in every encoding: CRLF and lone CR become LF (each counts as one line break, so
// line numbers match what an editor shows); U+00A0 becomes a space; U+FEFF is dropped wherever it
// appears (files concatenated with `cat` keep their BOMs mid-text). UTF-16 lone surrogates and a
// dangling odd byte become U+FFFD.
// The output is never longer than the input for UTF-8 input, and ASCII/UTF-8 LF input costs one
// allocation and, in essence, one memcpy.
Decoded decode(std::string_view bytes);

// UTF-16LE bytes without a BOM (a field a format stores in UTF-16 inside an 8-bit file:
// Microgaming's base64 names) as UTF-8, with decode()'s normalisation.
std::string utf8_of_utf16le(std::string_view bytes);

}  // namespace hh
