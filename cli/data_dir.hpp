// Where hhaudit finds its data (the rake schedules in rake/, house-rules.toml): never by a path
// compiled in, so that an installed or copied binary works wherever it is.
#pragma once

#include <filesystem>

namespace hh::cli {

// The first of:
//  1. $HHAUDIT_DATA_DIR, when set (used as given, even if it does not exist: the error then says
//     which file is missing);
//  2. PREFIX/share/hhaudit beside an installed PREFIX/bin/hhaudit (found from /proc/self/exe);
//  3. in a build tree, the folder named in the file `hhaudit-data-dir` CMake writes beside the
//     binary (the source tree's);
//  4. otherwise the current directory.
std::filesystem::path data_dir();

// The default --rake-schedules and --house-rules.
std::filesystem::path default_rake_dir();
std::filesystem::path default_house_rules_file();

}  // namespace hh::cli
