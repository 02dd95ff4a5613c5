// libFuzzer target: one readable format of the registry, named in the environment variable
// HH_FUZZ_FORMAT (fuzz/run.sh sets it: `fuzz/run.sh pokerstars 60`), split and read as
// read_text() would but restricted to that format, so that the fuzzer's effort goes into one
// grammar and builder. One binary serves every format: a new format is fuzzed without a build
// change. The input is decoded first, as in the real pipeline. A format of tournament summaries
// (pokerstars-summary, fulltilt-summary) reads the whole input as one summary.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "audit/summary_checks.hpp"
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

namespace {

// A format of tournament summaries reads the whole text as one summary: never throws, keeps the
// text it read, and points every issue and result at a line of it.
void fuzz_summary(const std::string& text) {
  const hh::TournamentSummary s = format->read_summary(text, "fuzz.txt");
  if (text.compare(0, s.raw.size(), s.raw) != 0) std::abort();
  if (s.parsed && s.tournament_id.empty()) std::abort();
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const hh::ParseIssue& i : s.issues)
    if (i.line == 0 || i.line > lines) std::abort();
  for (const hh::TournamentResult& r : s.results)
    if (r.line == 0 || r.line > lines || r.place < 0) std::abort();
  (void)hh::check_summary(s);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hh::Decoded d = hh::decode(std::string_view(reinterpret_cast<const char*>(data), size));
  if (format->reads_summaries()) {
    fuzz_summary(d.text);
    return 0;
  }
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
