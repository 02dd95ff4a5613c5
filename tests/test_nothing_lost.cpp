// Nothing lost: every hand that split_hands() finds in the files `hhaudit audit` takes in ends up
// in the database, as a row of `hands` (parsed or `unparsed`) or as a duplicate or a conflict
// counted by the run, and every file not read has a `files` row that says why. Checked over the
// whole shared corpus (every site folder) and over a folder of hostile files.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "cli_run.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "parser/text/split.hpp"
#include "test_paths.hpp"
#include "tests/rake_outliers.hpp"

namespace fs = std::filesystem;
using namespace hh::test;

namespace {

// What the audit should take in from a folder, by the rules of pipeline/pipeline.cpp: every
// regular file under it (symlinked folders not followed); a file whose first MiB sniffs as a
// format that is not read is recorded "unsupported", one that sniffs as no format at all is
// recorded "without hands", by design (folders hold fpdb's .hp files, notes, exports of sites
// hhaudit does not read).
struct Expected {
  long files{0};
  long without_hands{0};
  long without_hands_unknown{0};  // of those, not known to hold no hand: input not audited (3)
  long unsupported{0};
  long unread_distinct{0};          // files not read, counting files of identical content once
  long summaries{0};                // tournament summary files: read whole, no hands
  long hands{0};                    // in the pieces split_hands() cuts from the audited files
  long hands_in_skipped_files{0};   // hand starts beyond the first MiB of a skipped file
  long hands_in_distinct_files{0};  // hands, counting files of identical content once
};

Expected expected_for(const fs::path& root) {
  Expected e;
  std::set<std::string> contents, unread_contents;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string bytes = read_file(it->path());
    const std::string text = hh::decode(bytes).text;
    const std::string head = hh::decode(std::string_view(bytes).substr(0, 1 << 20)).text;
    const hh::SniffResult sniffed = hh::sniff_format(head);
    if (sniffed.format && sniffed.format->reads_summaries()) {
      ++e.files;
      ++e.summaries;
      continue;
    }
    // One hand per piece split_any_hands() cuts, except in a document format (iPoker's <session>
    // holds many <game>s, a lone XML declaration none) and the preamble of the file's format
    // (PHH's TOML comments before its first hand: none): count the hands the pieces hold, read
    // as the pipeline reads them, with the file's sniffed format.
    std::size_t n = 0;
    for (const hh::HandText& ht : hh::split_any_hands(text))
      n += hh::read_any_hands_text(sniffed.format, ht, it->path().string(), {}).size();
    std::string_view line;
    if (sniffed.format && sniffed.format->readable()) {
      ++e.files;
      e.hands += static_cast<long>(n);
      // The database keeps one `files` row per content (files are identified by their SHA-256).
      if (contents.insert(bytes).second) e.hands_in_distinct_files += static_cast<long>(n);
    } else {
      ++(sniffed.format ? e.unsupported : e.without_hands);
      // Known to hold no hand (issue 35): an fpdb sidecar beside its history, notes and listings
      // (.md, .tsv), an empty file; any other is input not audited.
      const fs::path& p = it->path();
      const std::string ext = p.extension().string();
      const bool known = ext == ".hp" || ext == ".gt" || ext == ".hands"
                             ? fs::is_regular_file(p.parent_path() / p.stem())
                             : ext == ".md" || ext == ".tsv" || bytes.empty();
      if (!sniffed.format && !known) ++e.without_hands_unknown;
      if (unread_contents.insert(bytes).second) ++e.unread_distinct;
      // A file no format recognises must not hide hands a readable format would read. (A file of
      // a recognised-only format is recorded as not read, whatever lines it holds.)
      hh::LineCursor all(text);
      if (!sniffed.format)
        while (all.next(line)) e.hands_in_skipped_files += hh::is_any_hand_start(line);
    }
  }
  REQUIRE_FALSE(ec);
  return e;
}

std::string scalar(const fs::path& db, const std::string& sql) {
  Run r = run(bin() + " query --db " + q(db) + " --format csv \"" + sql + "\"");
  REQUIRE(r.code == 0);
  return r.out.substr(r.out.find('\n') + 1);
}

// Audits `root` and checks the counts against split_hands(); returns the run's summary.
Summary audit_and_count(const fs::path& root, const fs::path& db, const Expected& e) {
  Run r = run(bin() + " audit " + q(root) + " --db " + q(db) + " -q --fail-on none 2>/dev/null");
  // Files of a format recognised but not read, or not known to hold no hand, make the run "not
  // audited" (3), never clean.
  REQUIRE(r.code ==
          (e.unsupported > 0 || e.without_hands_unknown > 0 || (e.hands == 0 && e.summaries == 0)
               ? 3
               : 0));
  const Summary s = summary_of(r.out);
  CHECK(s.files == e.files);
  CHECK(s.summaries == e.summaries);
  CHECK(s.without_hands == e.without_hands);
  CHECK(s.unsupported == e.unsupported);
  CHECK(s.hands == e.hands);
  // Every file not read has its row, saying why.
  CHECK(std::stol(scalar(db,
                         "SELECT count(*) FROM files WHERE status IN ('no-hands', 'unsupported') "
                         "AND note IS NOT NULL AND hands IS NULL")) == e.unread_distinct);
  const long rows = std::stol(scalar(db, "SELECT count(*) FROM hands"));
  CHECK(rows + s.duplicates + s.conflicts == e.hands);
  CHECK(std::stol(scalar(db, "SELECT count(*) FROM hand_conflicts")) == s.conflicts);
  CHECK(std::stol(scalar(db, "SELECT count(*) FROM hands WHERE status = 'unparsed'")) <=
        s.unparsed);
  // Each file's own count adds up too.
  CHECK(std::stol(scalar(db, "SELECT coalesce(sum(hands), 0) FROM files")) ==
        e.hands_in_distinct_files);
  return s;
}

// The findings between hands (docs/sessions.md) of severity error or warning the run left, as
// "site later earlier code seat", and those testdata/sessions/anomalies.tsv lists with a reason.
std::set<std::string> session_findings(const fs::path& db) {
  Run r = run(bin() + " query --db " + q(db) +
              " --format csv \"SELECT site || ' ' || site_hand_id || ' ' || related_site_hand_id "
              "|| ' ' || code || ' ' || coalesce(seat, '') FROM v_findings WHERE related_hand_id "
              "IS NOT NULL AND severity IN ('error', 'warning')\"");
  REQUIRE(r.code == 0);
  std::set<std::string> out;
  std::istringstream lines(r.out.substr(r.out.find('\n') + 1));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.insert(line);
  return out;
}

std::set<std::string> listed_session_anomalies() {
  std::set<std::string> out;
  std::istringstream lines(read_file(testdata("sessions/anomalies.tsv")));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string f[5];
    for (std::string& x : f) std::getline(fields, x, '\t');
    out.insert(f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4]);
  }
  return out;
}

void write(const fs::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
}

}  // namespace

TEST_CASE("nothing lost: the whole shared corpus", "[lost][rake][outlier][corpus]") {
  const fs::path corpus = shared_corpus();
  // The corpus is part of the test set: a missing corpus fails, it does not skip.
  REQUIRE(fs::is_directory(corpus));
  const Expected e = expected_for(corpus);
  INFO("files " << e.files << ", without hands " << e.without_hands << ", hands " << e.hands);
  CHECK(e.hands > 1000);
  fs::path dir = temp_dir("hhaudit-lost");
  audit_and_count(corpus, dir / "c.db", e);
  // No file of the corpus hides hands of a known site past a first MiB without any.
  CHECK(e.hands_in_skipped_files == 0);
  // The same run's findings between hands: each listed with its reason, and no listed one gone;
  // its RAKE_OUTLIER findings, each listed (one audit of the corpus serves the three checks: it
  // is the suite's longest, four times longer under the sanitizers).
  CHECK(session_findings(dir / "c.db") == listed_session_anomalies());
  check_corpus_outliers((dir / "c.db").string());
  fs::remove_all(dir);
}

TEST_CASE("nothing lost: hostile files", "[lost][hostile]") {
  fs::path dir = temp_dir("hhaudit-lost-hostile");
  const fs::path in = dir / "in";
  fs::create_directories(in / "sub");
  const std::string walk = read_file(testdata("sample/fixtures_holdem_walk.txt"));
  const std::string banner = "Exported by some tool\nversion 1\n\n";
  std::mt19937 rng(7);
  std::string garbage(8192, '\0');
  for (char& c : garbage) c = static_cast<char>(rng());

  for (std::size_t cut = 10; cut < walk.size(); cut += 97)  // truncated hands
    write(in / fmt::format("cut{}.txt", cut), walk.substr(0, cut));
  write(in / "garbage.bin", garbage);                                          // no hand: skipped
  write(in / "garbage_then_hand.txt", walk + "\n" + garbage + "\n\n" + walk);  // dup inside
  write(in / "banner.txt", banner + walk);        // banner: a hand of its own
  write(in / "sub" / "copy.txt", banner + walk);  // the same file again: duplicates
  std::string conflict = walk;                    // same id, other content
  conflict.replace(conflict.find("Total pot"), 9, "Total  pot");
  write(in / "sub" / "conflict.txt", conflict);
  std::string utf16 = "\xFF\xFE";
  for (char c : walk + "\n\n" + walk) utf16 += std::string{c, '\0'};
  write(in / "utf16_cut.txt", utf16.substr(0, utf16.size() - 3));
  write(in / "empty.txt", "");
  write(in / "header_only.txt", walk.substr(0, walk.find('\n') + 1));
  write(in / "two_headers.txt", walk.substr(0, walk.find('\n') + 1) + walk);
  // Hands after more than a MiB of other text: the file is skipped as "without hands" by design
  // (see docs/reliability.md, known limits), and counted so.
  write(in / "late_hand.txt", std::string((1 << 20) + 100, 'x') + "\n\n" + walk);

  const Expected e = expected_for(in);
  // Skipped: garbage.bin, empty.txt, late_hand.txt, and cut10.txt (its one line, "PokerStar",
  // starts no hand).
  CHECK(e.without_hands == 4);
  CHECK(e.without_hands_unknown == 3);   // all but empty.txt: the run is not audited whole (3)
  CHECK(e.hands_in_skipped_files == 1);  // late_hand.txt's hand
  CHECK(e.files == 12);
  CHECK(e.hands == 17);
  const Summary s = audit_and_count(in, dir / "h.db", e);
  // The walk's id is stored once (banner.txt); every other version of it is a conflict: the five
  // cut hands, the hand with garbage glued on, the lone headers of header_only.txt and
  // two_headers.txt, conflict.txt and the cut UTF-16 hand.
  CHECK(s.conflicts == 10);
  // Identical copies: the walk in garbage_then_hand.txt, two_headers.txt and utf16_cut.txt, and
  // both hands of sub/copy.txt (the banner is an unparsed hand of its own, equal by content).
  CHECK(s.duplicates == 5);
  CHECK(s.unparsed == 8);
  fs::remove_all(dir);
}
