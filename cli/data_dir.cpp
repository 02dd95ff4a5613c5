#include "cli/data_dir.hpp"

#include <cstdlib>
#include <fstream>
#include <string>

namespace hh::cli {

namespace fs = std::filesystem;

namespace {

bool holds_data(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "rake", ec) || fs::is_regular_file(dir / "house-rules.toml", ec);
}

}  // namespace

fs::path data_dir() {
  if (const char* env = std::getenv("HHAUDIT_DATA_DIR"); env && *env) return env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path bin = exe.parent_path();
    // HHAUDIT_DATA_FROM_BIN: the install layout's share/hhaudit relative to its bin/ (CMake).
    const fs::path installed = (bin / HHAUDIT_DATA_FROM_BIN).lexically_normal();
    if (holds_data(installed)) return installed;
    std::ifstream marker(bin / "hhaudit-data-dir");
    std::string dir;
    if (marker && std::getline(marker, dir) && holds_data(dir)) return dir;
  }
  return fs::current_path(ec);
}

fs::path default_rake_dir() { return data_dir() / "rake"; }
fs::path default_house_rules_file() { return data_dir() / "house-rules.toml"; }

}  // namespace hh::cli
