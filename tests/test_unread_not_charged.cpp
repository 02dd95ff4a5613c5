// "Nothing unread is charged to the site" (docs/discrepancies.md, "Who is blamed"): a property
// over every readable format. Each format's clean test hands (parsed whole, no finding that
// charges the site) are mutated one token at a time, the way another export dialect looks to a
// reader: a word (of the play, a verb, an element, attribute or key name) replaced by an unknown
// word, one digit of a number replaced by a letter, one decimal or thousands separator replaced
// by a letter. Exhaustive over the positions of the first hands of each format. Whatever the
// reader does not understand must stay hhaudit's gap: the hand is still there, and no finding
// that charges the site (error or warning) appears that the clean hand did not have.
#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "tests/cli_run.hpp"
#include "tests/fault_check.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

// Clean hands mutated per format, and the largest text re-read for each mutation (a document
// format's hand is mutated inside its whole file). Under the sanitizers, which look for memory
// errors and undefined behaviour rather than blame, the first hand of each format only (CI's
// time, .ci/run).
const int kHandsPerFormat = test::sanitized_build() ? 1 : 2;
constexpr std::size_t kMaxDocumentBytes = 48 * 1024;

struct Baseline {
  std::map<FindingCode, int> charged;  // code -> count of site findings (warning, error)
  std::size_t hands{0};
};

bool charges_site(const Finding& f) {
  return f.blame == Blame::Site && f.severity != Severity::Info;
}

Baseline audit_text(const std::string& text, std::vector<std::string>* first_charged = nullptr) {
  Baseline b;
  const std::vector<Hand> hands = read_text(text, "mutated.txt");
  b.hands = hands.size();
  for (const Hand& h : hands) {
    const AuditResult r = audit_hand(h, {&test::shipped_house_rules(), nullptr});
    for (const Finding& f : r.findings) {
      if (!charges_site(f)) continue;
      ++b.charged[f.code];
      if (first_charged)
        first_charged->push_back(
            fmt::format("{} ({}): {}", code_name(f.code), severity_name(f.severity), f.message));
    }
  }
  return b;
}

// One mutation: replace text[at, at + length) by `with`.
struct Mutation {
  std::size_t at;
  std::size_t length;
  std::string with;
};

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Every mutation of text[from, to): words of two letters or more, digits, separators between
// digits.
std::vector<Mutation> mutations(const std::string& text, std::size_t from, std::size_t to) {
  std::vector<Mutation> out;
  for (std::size_t i = from; i < to;) {
    if (is_alpha(text[i])) {
      std::size_t j = i;
      while (j < to && is_alpha(text[j])) ++j;
      if (j - i >= 2) out.push_back({i, j - i, "zzyzx"});
      i = j;
      continue;
    }
    if (is_digit(text[i])) {
      out.push_back({i, 1, "O"});
    } else if ((text[i] == '.' || text[i] == ',') && i > from && i + 1 < to &&
               is_digit(text[i - 1]) && is_digit(text[i + 1])) {
      out.push_back({i, 1, "O"});
    }
    ++i;
  }
  return out;
}

std::string line_at(const std::string& text, std::size_t at) {
  const std::size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t begin = start == std::string::npos || at == 0 ? 0 : start + 1;
  const std::size_t end = text.find('\n', at);
  return text.substr(begin, (end == std::string::npos ? text.size() : end) - begin);
}

struct Selected {
  std::string format;
  std::string file;
  std::string text;  // what each mutation is applied to and read back
  std::size_t from{0}, to{0};
};

// The first clean hands of each readable format in testdata/ (files in sorted order; the
// folders of deliberate faults left out).
std::vector<Selected> select_hands() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(test::testdata(""))) {
    if (!e.is_regular_file()) continue;
    const std::string p = e.path().string();
    if (p.find("/faults") != std::string::npos || p.find("fuzz_regressions") != std::string::npos)
      continue;
    const std::string ext = e.path().extension().string();
    if (ext == ".md" || ext == ".tsv" || (ext == ".json" && p.find("schema") != std::string::npos))
      continue;
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::map<std::string, int> taken;
  std::vector<Selected> out;
  for (const auto& path : files) {
    const std::string decoded = decode(test::read_file(path)).text;
    const SniffResult sniffed = sniff_format(decoded.substr(0, kSniffBytes));
    if (!sniffed.format || !sniffed.format->readable() || sniffed.format->reads_summaries())
      continue;
    const std::string format(sniffed.format->name());
    if (taken[format] >= kHandsPerFormat) continue;
    for (const Hand& h : read_text(decoded, path.string())) {
      if (taken[format] >= kHandsPerFormat) break;
      if (!h.parsed || !h.issues.empty() || h.raw.empty()) continue;
      const AuditResult r = audit_hand(h, {&test::shipped_house_rules(), nullptr});
      if (std::any_of(r.findings.begin(), r.findings.end(), charges_site)) continue;
      // A hand that reads the same on its own is mutated alone; else inside its small file.
      const Baseline alone = audit_text(h.raw);
      std::vector<Hand> again = read_text(h.raw, "alone.txt");
      if (again.size() == 1 && again[0].parsed && again[0].issues.empty() &&
          again[0].site_hand_id == h.site_hand_id && alone.charged.empty()) {
        out.push_back({format, path.string(), h.raw, 0, h.raw.size()});
      } else if (decoded.size() <= kMaxDocumentBytes) {
        out.push_back({format, path.string(), decoded, h.source.byte_offset,
                       h.source.byte_offset + h.raw.size()});
      } else {
        continue;
      }
      ++taken[format];
    }
  }
  return out;
}

}  // namespace

TEST_CASE("no unread token of a clean hand is charged to the site, in any format", "[gaps]") {
  const std::vector<Selected> selected = select_hands();
  // Every readable hand format has clean test hands to mutate.
  std::map<std::string, int> per_format;
  for (const Selected& s : selected) ++per_format[s.format];
  for (const auto& f : formats()) {
    if (!f->readable() || f->reads_summaries()) continue;
    INFO("format " << f->name());
    CHECK(per_format.count(std::string(f->name())) == 1);
  }
  const char* dump_path = std::getenv("HH_GAPS_DUMP");  // every failure, for a developer
  std::ofstream dump;
  if (dump_path) dump.open(dump_path);
  std::map<std::string, std::pair<int, int>> tally;  // format -> (mutations, failures)
  std::vector<std::string> failures;
  for (const Selected& s : selected) {
    const Baseline clean = audit_text(s.text);
    for (const Mutation& m : mutations(s.text, s.from, s.to)) {
      std::string text = s.text;
      text.replace(m.at, m.length, m.with);
      std::vector<std::string> charged;
      const Baseline got = audit_text(text, &charged);
      auto& [count, failed] = tally[s.format];
      ++count;
      bool bad = got.hands == 0;
      for (const auto& [code, n] : got.charged) {
        auto it = clean.charged.find(code);
        if (n > (it == clean.charged.end() ? 0 : it->second)) bad = true;
      }
      if (!bad) continue;
      ++failed;
      const std::string what =
          fmt::format("{} {}: \"{}\" -> {}", s.format, s.file.substr(s.file.rfind('/') + 1),
                      line_at(text, m.at), got.hands == 0 ? "no hand" : charged.front());
      if (dump) dump << what << "\n";
      if (failures.size() < 40) failures.push_back(what);
    }
  }
  for (const auto& [format, t] : tally) {
    if (t.second == 0) continue;
    UNSCOPED_INFO(
        fmt::format("{}: {} of {} mutations charged to the site", format, t.second, t.first));
  }
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

namespace {

std::string sample_hand() {
  return test::read_file(
      test::testdata("sample/cash_Flop_NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt"));
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  return test::edited(std::move(text), from, to).text;
}

// The codes of the findings that charge the site (errors and warnings: not its notes), or of
// hhaudit's own (notes included).
std::vector<FindingCode> codes_of(const AuditResult& r, Blame blame) {
  std::vector<FindingCode> out;
  for (const Finding& f : r.findings)
    if (blame == Blame::Site ? charges_site(f) : f.blame == blame) out.push_back(f.code);
  return out;
}

}  // namespace

TEST_CASE("who is blamed: gaps and checks held back blame hhaudit, the rules blame the site",
          "[gaps]") {
  for (FindingCode c : {FindingCode::ParseError, FindingCode::UnrecognisedLine,
                        FindingCode::ChecksNotRun, FindingCode::RakeScheduleUnknown})
    CHECK(info(c).blame == Blame::Hhaudit);
  for (FindingCode c : {FindingCode::WrongWinner, FindingCode::PayoutMismatch,
                        FindingCode::StackDiscontinuity, FindingCode::SummaryMismatch})
    CHECK(info(c).blame == Blame::Site);
  CHECK(make_finding(FindingCode::UnrecognisedLine, {}).blame == Blame::Hhaudit);
}

TEST_CASE("a summary line not read holds back the checks it feeds", "[gaps]") {
  const std::vector<Hand> clean = read_text(sample_hand(), "sample.txt");
  REQUIRE(clean.size() == 1);
  REQUIRE(codes_of(audit_hand(clean[0]), Blame::Site).empty());
  SECTION("a collection in the summary the reader cannot read") {
    const std::string text = replaced(sample_hand(), "and won ($39.35)", "and won ($39.3O)");
    const std::vector<Hand> hands = read_text(text, "sample.txt");
    REQUIRE(hands.size() == 1);
    const AuditResult r = audit_hand(hands[0]);
    CHECK(codes_of(r, Blame::Site).empty());
    const auto gaps = codes_of(r, Blame::Hhaudit);
    CHECK(std::count(gaps.begin(), gaps.end(), FindingCode::UnrecognisedLine) == 1);
  }
  SECTION("a summary seat naming nobody seated is a gap, not the site's wrong name") {
    const std::string text = replaced(sample_hand(), "Seat 6: bys7 folded", "Seat 6: zzyzx folded");
    const std::vector<Hand> hands = read_text(text, "sample.txt");
    REQUIRE(hands.size() == 1);
    const AuditResult r = audit_hand(hands[0]);
    CHECK(codes_of(r, Blame::Site).empty());
    const auto gaps = codes_of(r, Blame::Hhaudit);
    CHECK(std::count(gaps.begin(), gaps.end(), FindingCode::UnrecognisedLine) == 1);
    CHECK(std::count(gaps.begin(), gaps.end(), FindingCode::ChecksNotRun) == 1);
  }
}

TEST_CASE("a PokerNow log has one unit, whatever each hand's amounts", "[gaps]") {
  // Hand 1 prints whole amounts, hand 2 a half: the log is in cents from its first hand on
  // (never hand 1 in chips and hand 2 in cents, "ends with 6092 ... summary says 609200").
  const auto row = [](int i, std::string_view entry) {
    std::string quoted;
    for (char c : entry) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return fmt::format("\"{}\",2024-05-01T20:00:{:02}.000Z,17145936000{:05}\n", quoted, i, i);
  };
  const std::vector<std::string> rows = {
      R"(-- starting hand #1  (No Limit Texas Hold'em) (dealer: "A @ a1") --)",
      R"(Player stacks: #1 "A @ a1" (100) | #2 "B @ b2" (100))",
      R"("A @ a1" posts a small blind of 1)",
      R"("B @ b2" posts a big blind of 2)",
      R"("A @ a1" folds)",
      R"(Uncalled bet of 1 returned to "B @ b2")",
      R"("B @ b2" collected 2 from pot)",
      "-- ending hand #1 --",
      R"(-- starting hand #2  (No Limit Texas Hold'em) (dealer: "B @ b2") --)",
      R"(Player stacks: #1 "A @ a1" (99) | #2 "B @ b2" (101))",
      R"("B @ b2" posts a small blind of 0.50)",
      R"("A @ a1" posts a big blind of 2)",
      R"("B @ b2" folds)",
      R"(Uncalled bet of 1.50 returned to "A @ a1")",
      R"("A @ a1" collected 1.00 from pot)",
      "-- ending hand #2 --",
  };
  std::string log = "entry,at,order\n";
  for (std::size_t i = rows.size(); i-- > 0;) log += row(static_cast<int>(i), rows[i]);
  const std::vector<Hand> hands = read_text(log, "log.csv");
  REQUIRE(hands.size() == 2);
  for (const Hand& h : hands) {
    CHECK(h.unit == 100);
    CHECK(h.issues.empty());
  }
  const Seat* a = hands[0].seat_by_player("A @ a1");
  REQUIRE(a);
  CHECK(a->stack == 10000);
  const AuditResult r = audit_hand(hands[0]);
  std::string said;
  for (const Finding& f : r.findings)
    said += std::string(code_name(f.code)) + ": " + f.message + "\n";
  INFO(said);
  CHECK(codes_of(r, Blame::Site).empty());
}

TEST_CASE("a run whose only doubts are hhaudit's gaps does not fail, and keeps them apart",
          "[gaps][cli]") {
  const std::filesystem::path dir = test::temp_dir("hhaudit-gaps");
  const std::filesystem::path file = dir / "gap.txt";
  {
    std::ofstream out(file, std::ios::binary);
    out << replaced(sample_hand(), "Hero: raises $0.50 to $0.75", "Hero: zzyzx $0.50 to $0.75");
  }
  const std::string db = (dir / "a.db").string();
  const test::Run audit = test::run(test::bin() + " audit " + test::q(file.string()) + " --db " +
                                    test::q(db) + " -q --format csv");
  CHECK(audit.code == 0);  // nothing charged to the site
  CHECK(audit.out.find("hands_with_errors,0,0") != std::string::npos);
  CHECK(audit.out.find("hands_with_gaps,1,1") != std::string::npos);
  const test::Run rows =
      test::run(test::bin() + " query --db " + test::q(db) +
                " --format csv \"SELECT code, severity, blame FROM discrepancies ORDER BY code\"");
  CHECK(rows.out ==
        "code,severity,blame\nCHECKS_NOT_RUN,info,hhaudit\nUNRECOGNISED_LINE,warning,hhaudit\n");
  std::filesystem::remove_all(dir);
}

TEST_CASE("a run that read no hand is not clean, though its gaps blame hhaudit", "[gaps][cli]") {
  // Every hand unparsed: PARSE_ERROR blames hhaudit, so it does not fail the run as the site's
  // error, and the run says it audited nothing (exit 3), never "clean".
  const std::filesystem::path dir = test::temp_dir("hhaudit-gaps");
  const std::filesystem::path file = dir / "unread.txt";
  {
    std::ofstream out(file, std::ios::binary);
    out << "PokerStars Game #37165169101:  zzyzx\n"
           "Table 'Lucretia IV' 6-max Seat #2 is the button\n";
  }
  const test::Run audit = test::run(test::bin() + " audit " + test::q(file.string()) + " --db " +
                                    test::q((dir / "a.db").string()) + " -q --format csv");
  CHECK(audit.code == 3);
  CHECK(audit.out.find("totals,unparsed,1,1") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("items a review found read silently are gaps: each one's own rule", "[gaps]") {
  struct Case {
    const char* file;
    const char* from;
    const char* to;
  };
  // Absolute: a summary seat's amount after a word it does not know was taken for nothing won
  // (SUMMARY_MISMATCH against the site); 888: a money kind it does not print decides the unit;
  // Betfair: text after the pot a collection is from ("side pot #1O").
  const Case cases[] = {
      {"absolute/side_pot.txt", "won Total (3,605) All-In HI:(3,605)",
       "won zzyzx (3,605) All-In HI:(3,605)"},
      {"888poker/blank_names.txt", "Table Oslo 6 Max (Real Money)", "Table Oslo 6 Max (zzyzx)"},
      {"betfair/plo_side_pot.txt", "from side pot #1 with", "from side pot #1O with"},
      {"betfair/plo_side_pot.txt", "from main pot with", "from main pot zzyzx $1 with"},
  };
  for (const Case& c : cases) test::check_gap(c.file, c.from, c.to);
}
