// Times the front of the pipeline without SQLite: decode + split + parse (--parse) or
// decode + split + parse + audit (--audit), over the files given, on N threads (-j N, default 1;
// each thread takes whole files, read in pieces as the pipeline reads them). Prints MB/s and
// hands/s. The full pipeline into SQLite is `hhaudit audit`; bench/run.sh times both.
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
#include "pipeline/piece_reader.hpp"

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

// Reads a file as the pipeline's reader thread does (pipeline/pipeline.cpp, read_file): its head
// decoded for its encoding and format, then pieces of kReadPiece bytes ending at a line end, each
// decoded and split into hands (HandRuns). The bench so measures what the workers do, not the
// page faults of a whole file and its decoded copy.
void run_file(const char* path, bool audit, Totals& t) {
  std::ifstream in(path, std::ios::binary);
  std::string head(hh::pipeline::kReadPiece, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  const hh::Decoded decoded_head = hh::decode(head);
  // Each hand is read by the format that claims its first line, else the one sniffed.
  const hh::Format* format = hh::sniff_format(decoded_head.text).format;
  hh::pipeline::PieceReader reader(in, decoded_head.encoding);
  reader.put_back(std::move(head));
  const hh::ReadOptions options;
  std::uint64_t hands = 0, parsed = 0, findings = 0;
  hh::pipeline::HandRuns runs([&](std::string& raw) { return reader.next(raw); });
  hh::pipeline::HandRuns::Run run;
  while (runs.next(run)) {
    t.bytes += run.piece_bytes;
    for (const hh::HandText& ht : run.hands) {
      for (const hh::Hand& h : hh::read_any_hands_text(format, ht, path, options)) {
        ++hands;
        parsed += h.parsed;
        if (audit) findings += hh::audit_hand(h, shipped_context()).findings.size();
      }
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
