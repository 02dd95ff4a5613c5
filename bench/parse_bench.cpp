// Times the front of the pipeline without SQLite: decode + split + parse (--parse) or
// decode + split + parse + audit (--audit), on one thread, over the files given. Prints MB/s and
// hands/s. The full pipeline into SQLite is `hhaudit audit`; bench/run.sh times both.
//
//   hhaudit_parse_bench --parse|--audit FILE...
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "audit/audit.hpp"
#include "parser/decode.hpp"
#include "parser/site.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: hhaudit_parse_bench --parse|--audit FILE...\n";
    return 2;
  }
  const bool audit = std::string(argv[1]) == "--audit";
  std::uint64_t bytes = 0, hands = 0, parsed = 0, findings = 0;
  auto start = std::chrono::steady_clock::now();
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary | std::ios::ate);
    std::string raw(static_cast<std::size_t>(in.tellg()), '\0');
    in.seekg(0);
    in.read(raw.data(), static_cast<std::streamsize>(raw.size()));
    bytes += raw.size();
    hh::Decoded d = hh::decode(raw);
    raw.clear();
    raw.shrink_to_fit();
    for (const hh::HandText& ht : hh::split_hands(d.text, &hh::is_any_hand_start)) {
      hh::Hand h = hh::parse_hand_text(ht, argv[i]);
      ++hands;
      parsed += h.parsed;
      if (audit) findings += hh::audit_hand(h).findings.size();
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%s: %llu hands (%llu parsed, %llu findings), %.1f MB in %.2f s: %.1f MB/s, %.0f hands/s\n",
      audit ? "parse+audit" : "parse", static_cast<unsigned long long>(hands),
      static_cast<unsigned long long>(parsed), static_cast<unsigned long long>(findings),
      bytes / 1e6, secs, bytes / 1e6 / secs, hands / secs);
  return 0;
}
