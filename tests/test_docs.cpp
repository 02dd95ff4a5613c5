// docs/discrepancies.md against the finding registry (model/finding_codes.hpp): every declared code
// documented with the severity the registry gives it, and nothing emitted outside the registry.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "model/finding.hpp"
#include "test_paths.hpp"

using namespace hh;

namespace {

// The section of `doc` under "## NAME", up to the next heading of that level.
std::string section(const std::string& doc, std::string_view name) {
  const std::string heading = "\n## " + std::string(name) + "\n";
  const std::size_t start = doc.find(heading);
  if (start == std::string::npos) return {};
  const std::size_t end = doc.find("\n## ", start + heading.size());
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string discrepancies_md() {
  return test::read_file(test::source_dir() / "docs" / "discrepancies.md");
}

}  // namespace

TEST_CASE("every declared finding code has a section in docs/discrepancies.md", "[docs]") {
  const std::string doc = discrepancies_md();
  for (const FindingCodeInfo& c : kFindingCodes) {
    INFO(c.name);
    const std::string s = section(doc, c.name);
    REQUIRE_FALSE(s.empty());
    // Its severity line names the registry's severity, and the alternate form's if it has one.
    std::smatch severity;
    REQUIRE(std::regex_search(s, severity, std::regex(R"(\*\*Severity:\*\*([^\n]*))")));
    CHECK(severity[1].str().find(severity_name(c.severity)) != std::string::npos);
    if (c.alternate_severity)
      CHECK(severity[1].str().find(severity_name(*c.alternate_severity)) != std::string::npos);
    // The summary table links the section and gives the same severities.
    const std::string anchor = doc_anchor(c.code);
    const std::string row_start =
        "\n| [`" + std::string(c.name) + "`](" + anchor.substr(anchor.find('#')) + ") | ";
    const std::size_t row = doc.find(row_start);
    REQUIRE(row != std::string::npos);
    const std::size_t cell = row + row_start.size();
    const std::string severity_cell = doc.substr(cell, doc.find(" |", cell) - cell);
    CHECK(severity_cell.find(severity_name(c.severity)) != std::string::npos);
    if (c.alternate_severity)
      CHECK(severity_cell.find(severity_name(*c.alternate_severity)) != std::string::npos);
  }
}

TEST_CASE("every code documented in docs/discrepancies.md is declared", "[docs]") {
  const std::string doc = discrepancies_md();
  static const std::regex heading(R"(\n## ([A-Z][A-Z_]+)\n)");
  int sections = 0;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), heading);
       it != std::sregex_iterator(); ++it, ++sections) {
    INFO((*it)[1].str());
    CHECK(finding_code_named((*it)[1].str()));
  }
  CHECK(sections == static_cast<int>(kFindingCodes.size()));
}

TEST_CASE("the audit emits findings only through the registry", "[docs]") {
  // Findings are made by make_finding from a FindingCode; a code written as a string in audit/
  // (the old add("CODE", ...)) or a Finding assembled field by field would bypass the registry.
  static const std::regex code_literal(R"re("[A-Z][A-Z0-9]*(_[A-Z0-9]+)+")re");
  static const std::regex code_assigned(R"(\.code\s*=[^=])");
  int files = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(test::source_dir() / "audit")) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".hpp") continue;
    ++files;
    const std::string code = test::read_file(entry.path());
    INFO(entry.path().string());
    std::smatch m;
    CHECK_FALSE(std::regex_search(code, m, code_literal));
    CHECK_FALSE(std::regex_search(code, m, code_assigned));
  }
  CHECK(files >= 10);
}

TEST_CASE("a finding takes its severity from the registry", "[docs]") {
  const Finding wrong_winner =
      make_finding(FindingCode::WrongWinner, {.seat = 3, .expected = 550, .actual = 0, .line = 7});
  CHECK(wrong_winner.code == FindingCode::WrongWinner);
  CHECK(wrong_winner.severity == Severity::Error);
  CHECK(wrong_winner.seat == 3);
  CHECK(wrong_winner.expected == 550);
  CHECK(wrong_winner.actual == 0);
  CHECK(wrong_winner.line == 7);
  // The documented second form: SUMMARY_MISMATCH about a seat or a name is a warning.
  CHECK(make_finding(FindingCode::SummaryMismatch, {}).severity == Severity::Error);
  CHECK(make_finding(FindingCode::SummaryMismatch, {.alternate_form = true}).severity ==
        Severity::Warning);
  CHECK(make_finding(FindingCode::FeeMismatch, {.alternate_form = true}).severity ==
        Severity::Error);
  // A code without a second form has none to ask for.
  CHECK_THROWS_AS(make_finding(FindingCode::WrongWinner, {.alternate_form = true}),
                  std::logic_error);
  CHECK(finding_code_named("WRONG_WINNER") == FindingCode::WrongWinner);
  CHECK_FALSE(finding_code_named("COLLECTED_MISMATCH"));
  CHECK(doc_anchor(FindingCode::WrongWinner) == "discrepancies.md#wrong_winner");
}

// ctest's test discovery (catch_discover_tests) splits a test name at ';': a name holding one
// became two ctest entries that matched no test and passed without running anything.
TEST_CASE("no test name holds a semicolon, which ctest would split into tests that run nothing",
          "[docs]") {
  const std::regex name(R"re(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)")re");
  std::size_t names = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::source_dir() / "tests")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = test::read_file(entry.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name);
         it != std::sregex_iterator(); ++it) {
      ++names;
      INFO(entry.path().filename().string() << ": " << (*it)[1].str());
      CHECK((*it)[1].str().find(';') == std::string::npos);
    }
  }
  CHECK(names > 500);
}
