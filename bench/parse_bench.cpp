// Times the front of the pipeline without SQLite: decode + split + parse (--parse) or
// decode + split + parse + audit (--audit), over the files given, on N threads (-j N, default 1;
// each thread takes whole files). Prints MB/s and hands/s. The full pipeline into SQLite is
// `hhaudit audit`; bench/run.sh times both.
//
//   hhaudit_parse_bench --parse|--audit [-j N] FILE...
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"

namespace {

struct Totals {
  std::atomic<std::uint64_t> bytes{0}, hands{0}, parsed{0}, findings{0};
};

// The per-hand audit `hhaudit audit` runs: the shipped house rules and rake schedules
// (HHAUDIT_SOURCE_DIR, set by CMakeLists.txt for this target).
const hh::AuditContext& shipped_context() {
  static const hh::AuditData data = hh::load_audit_data(HHAUDIT_SOURCE_DIR);
  static const hh::AuditContext context = data.context();
  return context;
}

void run_file(const char* path, bool audit, Totals& t) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  std::string raw(static_cast<std::size_t>(in.tellg()), '\0');
  in.seekg(0);
  in.read(raw.data(), static_cast<std::streamsize>(raw.size()));
  t.bytes += raw.size();
  hh::Decoded d = hh::decode(raw);
  raw.clear();
  raw.shrink_to_fit();
  std::uint64_t hands = 0, parsed = 0, findings = 0;
  // As the pipeline reads a file: its format sniffed from the head, each hand by the format that
  // claims its first line.
  const hh::Format* format =
      hh::sniff_format(std::string_view(d.text).substr(0, hh::kSniffBytes)).format;
  const hh::ReadOptions options;
  for (const hh::HandText& ht : hh::split_any_hands(d.text)) {
    for (const hh::Hand& h : hh::read_any_hands_text(format, ht, path, options)) {
      ++hands;
      parsed += h.parsed;
      if (audit) findings += hh::audit_hand(h, shipped_context()).findings.size();
    }
  }
  t.hands += hands;
  t.parsed += parsed;
  t.findings += findings;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: hhaudit_parse_bench --parse|--audit [-j N] FILE...\n";
    return 2;
  }
  const bool audit = std::string(argv[1]) == "--audit";
  int first = 2;
  unsigned jobs = 1;
  if (std::string(argv[2]) == "-j" && argc > 4) {
    jobs = static_cast<unsigned>(std::max(1, std::atoi(argv[3])));
    first = 4;
  }
  if (audit) shipped_context();  // loaded before the clock starts
  Totals t;
  std::atomic<int> next{first};
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < jobs; ++i)
    threads.emplace_back([&] {
      for (int f = next++; f < argc; f = next++) run_file(argv[f], audit, t);
    });
  for (auto& th : threads) th.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%s, %u thread(s): %llu hands (%llu parsed, %llu findings), %.1f MB in %.2f s: %.1f MB/s, "
      "%.0f hands/s\n",
      audit ? "parse+audit" : "parse", jobs, static_cast<unsigned long long>(t.hands.load()),
      static_cast<unsigned long long>(t.parsed.load()),
      static_cast<unsigned long long>(t.findings.load()), t.bytes / 1e6, secs, t.bytes / 1e6 / secs,
      t.hands / secs);
  return 0;
}
