// Paths the tests read: the source tree's testdata/ and the shared corpus beside the checkout.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "audit/house_rules.hpp"

namespace hh::test {

// Defined in test_paths.cpp, the one test source compiled with the build's paths: the other test
// sources compile the same in every checkout (and a compiler cache can reuse them).
std::filesystem::path source_dir();
// The hhaudit binary of this build.
const char* hhaudit_binary();
// Whether this build is instrumented by the sanitizers (CMake's HHAUDIT_SANITIZE or HHAUDIT_FUZZ):
// there the whole-corpus tests read a slice of the corpus (corpus_files in corpus_sweep.hpp).
bool sanitized_build();
inline std::filesystem::path testdata(const std::string& rel) {
  return source_dir() / "testdata" / rel;
}
inline std::filesystem::path shared_corpus() {
  return source_dir().parent_path() / "shared" / "corpus";
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The house rules shipped in the source tree: what `hhaudit audit` applies by default, so the
// corpus and fault tests judge real hands by the same rules users get.
inline const HouseRulesBook& shipped_house_rules() {
  static const HouseRulesBook book = load_house_rules(source_dir() / "house-rules.toml");
  return book;
}

}  // namespace hh::test
