// libFuzzer target: one site's parser, as parse_text() would run it but restricted to that site's
// format (HH_FUZZ_SITE is the parser's namespace, set by CMake: stars, winamax, pacific, gg), so
// that the fuzzer's effort goes into one grammar and builder. The input is decoded first, as in
// the real pipeline.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "parser/decode.hpp"
#include "parser/gg_parser.hpp"
#include "parser/pacific_parser.hpp"
#include "parser/split.hpp"
#include "parser/stars_parser.hpp"
#include "parser/winamax_parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace site = hh::HH_FUZZ_SITE;
  const hh::Decoded d = hh::decode(std::string_view(reinterpret_cast<const char*>(data), size));
  for (const hh::HandText& ht : hh::split_hands(d.text, &site::is_hand_start)) {
    const std::size_t nl = ht.text.find('\n');
    if (!site::is_hand_start(ht.text.substr(0, nl))) continue;  // text before the first hand
    const hh::Hand h = site::parse_hand(ht, "fuzz.txt");
    // parse_hand must keep the hand's text whatever happens: the database hashes and shows it.
    if (h.raw != ht.text) std::abort();
  }
  return 0;
}
