// Counts hands apart from the readers: how often a hand's opening tag occurs in the hand files of
// a corpus folder (fpdb's .hp, .hands and .gt files beside them left out).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "tests/test_paths.hpp"

namespace hh::test {

inline long count_tags(const std::filesystem::path& root, std::string_view tag) {
  long n = 0;
  for (const auto& de : std::filesystem::recursive_directory_iterator(root)) {
    const std::string ext = de.path().extension().string();
    if (!de.is_regular_file() || ext == ".hp" || ext == ".hands" || ext == ".gt") continue;
    const std::string text = read_file(de.path());
    for (std::size_t p = text.find(tag); p != std::string::npos; p = text.find(tag, p + 1)) ++n;
  }
  return n;
}

}  // namespace hh::test
