// libFuzzer target: one readable format of the registry, named in the environment variable
// HH_FUZZ_FORMAT (fuzz/run.sh sets it: `fuzz/run.sh pokerstars 60`), split and read as
// read_text() would but restricted to that format, so that the fuzzer's effort goes into one
// grammar and builder. One binary serves every format: a new format is fuzzed without a build
// change. The input is decoded first, as in the real pipeline.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/split.hpp"

namespace {
const hh::Format* format = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* name = std::getenv("HH_FUZZ_FORMAT");
  format = name ? hh::format_by_name(name) : nullptr;
  if (!format || !format->readable()) {
    std::fprintf(stderr, "fuzz_site: HH_FUZZ_FORMAT must name a readable format (hhaudit sites)\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hh::Decoded d = hh::decode(std::string_view(reinterpret_cast<const char*>(data), size));
  auto starts = [](std::string_view line) { return format->is_hand_start(line); };
  auto announces = [](std::string_view line) { return format->announces_hand(line); };
  for (const hh::HandText& ht : hh::split_hands(d.text, starts, announces)) {
    const std::size_t nl = ht.text.find('\n');
    if (!format->is_hand_start(ht.text.substr(0, nl))) continue;  // text before the first hand
    const std::vector<hh::Hand> hands = format->read_hands(ht, "fuzz.txt", hh::ReadOptions{});
    // A hand keeps its text whatever happens: the database hashes and shows it. A text format's
    // piece is its one hand; a document's hands are slices of it.
    for (const hh::Hand& h : hands) {
      if (ht.text.find(h.raw) == std::string_view::npos) std::abort();
      // A writable format writes what it reads (a hand refused says why).
      if (format->writable()) {
        const hh::Format::WrittenHand w = format->write_hand(h);
        if (!w.written && w.lost.empty()) std::abort();
      }
    }
  }
  return 0;
}
