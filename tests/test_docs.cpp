// Every finding code the audit can emit is documented in docs/discrepancies.md.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>

#include "test_paths.hpp"

TEST_CASE("every finding code has a section in docs/discrepancies.md", "[docs]") {
  std::string code;  // every source file of the audit
  for (const auto& entry : std::filesystem::directory_iterator(hh::test::source_dir() / "audit"))
    if (entry.path().extension() == ".cpp") code += hh::test::read_file(entry.path());
  const std::string doc = hh::test::read_file(hh::test::source_dir() / "docs" / "discrepancies.md");
  static const std::regex emitted(R"re(add\("([A-Z_]+)")re");
  std::set<std::string> codes;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), emitted);
       it != std::sregex_iterator(); ++it)
    codes.insert((*it)[1].str());
  REQUIRE(codes.size() >= 15);
  for (const std::string& c : codes) {
    INFO(c);
    CHECK(doc.find("\n## " + c + "\n") != std::string::npos);
  }
}
