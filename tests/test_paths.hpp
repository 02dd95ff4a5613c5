// Paths the tests read: the source tree's testdata/ and the shared corpus beside the checkout.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hh::test {

inline std::filesystem::path source_dir() { return HHAUDIT_SOURCE_DIR; }
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

}  // namespace hh::test
