// Sweeps one site's folder of the shared corpus: parses and audits every hand, sets aside the
// error findings listed in the site's anomaly file, and compares each player's net with fpdb's
// .hp file where one sits beside a one-hand file (a net fpdb misread is listed in the anomaly
// file as "FPDB_NET NAME"). The test cases assert on the result.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "tests/fpdb_hp.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

using AnomalyKey = std::pair<std::string, std::string>;  // hand id (or path:line), code

// "HAND_ID<TAB>CODE<TAB>reason" lines of testdata/`rel`; '#' starts a comment.
inline std::set<AnomalyKey> load_anomalies(const std::string& rel) {
  std::set<AnomalyKey> out;
  std::istringstream in(read_file(testdata(rel)));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto t1 = line.find('\t');
    auto t2 = line.find('\t', t1 + 1);
    REQUIRE(t1 != std::string::npos);
    REQUIRE(t2 != std::string::npos);
    REQUIRE(t2 + 1 < line.size());  // every anomaly states its reason
    out.emplace(line.substr(0, t1), line.substr(t1 + 1, t2 - t1 - 1));
  }
  return out;
}

// fpdb's sidecar files beside the hand histories (.hp, .hands, .gt).
inline bool is_sidecar(const std::filesystem::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".hp" || ext == ".hands" || ext == ".gt";
}

// Every hand-history file under `root`, sorted: fpdb's sidecars and the corpus's own notes
// (README.md, MANIFEST.tsv) left out.
inline std::vector<std::filesystem::path> corpus_files(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> files;
  for (const auto& de : std::filesystem::recursive_directory_iterator(root)) {
    const std::string ext = de.path().extension().string();
    if (de.is_regular_file() && !is_sidecar(de.path()) && ext != ".md" && ext != ".tsv")
      files.push_back(de.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// What a whole-corpus test reads: every file, or in a build instrumented by the sanitizers a
// fixed slice, every kSanitizedStride-th file of each site's folder from its first (every site
// read, about a quarter of the time). The sanitizers look for memory errors and undefined
// behaviour, which every site's code shows on its files; the Release build reads the whole
// corpus and asserts its counts, which only hold whole (`whole`).
struct CorpusSlice {
  std::vector<std::filesystem::path> files;
  bool whole{true};
};
constexpr std::size_t kSanitizedStride = 4;
inline CorpusSlice corpus_slice(const std::filesystem::path& root) {
  CorpusSlice out{corpus_files(root), !sanitized_build()};
  if (out.whole) return out;
  std::map<std::string, std::size_t> seen;  // site folder -> files met
  std::erase_if(out.files, [&](const std::filesystem::path& file) {
    const std::string site = std::filesystem::relative(file, root).begin()->string();
    return seen[site]++ % kSanitizedStride != 0;
  });
  return out;
}

// The matches of `pattern` in `text`.
inline long count_matches(const std::string& text, const std::regex& pattern) {
  return std::distance(std::sregex_iterator(text.begin(), text.end(), pattern),
                       std::sregex_iterator());
}

// The matches of `pattern` in every hand-history file under `root`, decoded: a sweep's count of
// hands made without the parser.
inline long count_matches(const std::filesystem::path& root, const std::regex& pattern) {
  long n = 0;
  for (const std::filesystem::path& file : corpus_files(root))
    n += count_matches(decode(read_file(file)).text, pattern);
  return n;
}

struct SweepResult {
  long hands{0}, parsed{0}, hp_checked{0};
  std::vector<std::string> unexpected;  // error findings not listed as anomalies
  std::vector<std::string> warnings;    // every warning finding (some sites must have none)
  std::set<AnomalyKey> listed, seen;    // anomalies in the file, and those that occurred
  std::set<std::string> sites;          // Hand::site of every hand
};

inline SweepResult sweep_corpus(const std::filesystem::path& root, const std::string& anomalies) {
  namespace fs = std::filesystem;
  SweepResult out;
  out.listed = load_anomalies(anomalies);
  for (const fs::path& file : corpus_files(root)) {
    const fs::path rel = fs::relative(file, root);
    Decoded d = decode(read_file(file));
    std::vector<Hand> parsed_hands = read_text(d.text, rel.string());
    std::map<std::string, long> nets;
    for (const Hand& h : parsed_hands) {
      ++out.hands;
      if (h.parsed) ++out.parsed;
      out.sites.insert(h.site);
      AuditResult r = audit_hand(h, AuditContext{&shipped_house_rules()});
      const std::string key = h.site_hand_id.empty()
                                  ? rel.string() + ":" + std::to_string(h.source.line)
                                  : h.site_hand_id;
      for (const Finding& f : r.findings) {
        if (f.severity == Severity::Warning)
          out.warnings.push_back(rel.string() + ":" + std::to_string(h.source.line) + " #" +
                                 h.site_hand_id + " " + std::string(code_name(f.code)) + ": " +
                                 f.message);
        if (f.severity != Severity::Error) continue;
        if (out.listed.count({key, std::string(code_name(f.code))})) {
          out.seen.insert({key, std::string(code_name(f.code))});
          continue;
        }
        out.unexpected.push_back(rel.string() + ":" + std::to_string(h.source.line) + " #" +
                                 h.site_hand_id + " " + std::string(code_name(f.code)) + ": " +
                                 f.message);
      }
      // fpdb's profits are hundredths of the major unit: cents, or centi-chips in tournaments.
      for (const PlayerResult& p : r.players) nets[p.player] += p.net() * 100 / h.unit;
    }
    fs::path hp = file;
    hp += ".hp";
    if (fs::exists(hp) && parsed_hands.size() == 1) {
      for (const auto& [player, profit] : fpdb_profits(read_file(hp))) {
        INFO(rel.string() << " player " << player);
        REQUIRE(nets.count(player));
        // Where the hand's own numbers show that fpdb misread it, the anomaly file lists the
        // player's net as code "FPDB_NET PLAYER", with the numbers.
        const AnomalyKey fpdb_net{parsed_hands.front().site_hand_id, "FPDB_NET " + player};
        if (out.listed.count(fpdb_net) && nets[player] != profit) {
          out.seen.insert(fpdb_net);
          continue;
        }
        CHECK(nets[player] == profit);
        ++out.hp_checked;
      }
    }
  }
  return out;
}

// The checks every site's sweep makes: 99.5% parse, no unlisted error, no stale anomaly line.
// `with_hp`: fpdb's .hp files sit beside some of the site's corpus files.
// `counted_hands`: the hands counted without the parser (header lines), when text that is no hand
// (a banner before a file's first hand) is read as an unparsed hand too; 0: r.hands.
inline void check_sweep(const SweepResult& r, const std::string& anomalies, bool with_hp = true,
                        long counted_hands = 0) {
  const long hands = counted_hands != 0 ? counted_hands : r.hands;
  INFO(hands << " hands, " << r.parsed << " parsed");
  CHECK(r.parsed * 1000 >= hands * 995);
  if (with_hp) CHECK(r.hp_checked > 0);
  std::string report;
  for (const std::string& u : r.unexpected) report += u + "\n";
  INFO("error findings on real hands not listed in testdata/" << anomalies << ":\n" << report);
  CHECK(r.unexpected.empty());
  // Every listed anomaly must still occur, so the list cannot hide a fixed bug or a typo.
  for (const auto& a : r.listed) {
    INFO("listed anomaly no longer seen: " << a.first << " " << a.second);
    CHECK(r.seen.count(a));
  }
}

}  // namespace hh::test
