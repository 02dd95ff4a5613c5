// The build's paths, compiled into this one test source only (CMakeLists.txt).
#include "tests/test_paths.hpp"

namespace hh::test {

std::filesystem::path source_dir() { return HHAUDIT_SOURCE_DIR; }
const char* hhaudit_binary() { return HHAUDIT_BINARY; }
bool sanitized_build() { return HHAUDIT_SANITIZED != 0; }

}  // namespace hh::test
