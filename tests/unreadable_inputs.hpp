// A folder of entries a run cannot read, made for real (root reads a chmod 000 file, so none of
// these relies on permissions): a FIFO, a symlink to nothing, a symlink to /proc/self/mem (a
// regular file whose read fails with EIO), next to a hand file and a folder named like one.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "tests/test_paths.hpp"

namespace hh::test {

struct UnreadableInputs {
  std::filesystem::path folder;  // <dir>/in
  // files' path, status, sha256 IS NULL and note, by path, after auditing `folder`.
  static constexpr const char* kFilesCsv =
      "path,status,no_content,note\n"
      "a.txt,audited,0,\n"
      "dangling.txt,unreadable,1,a symlink to nothing (No such file or directory); expected a "
      "regular file\n"
      "dir.txt/b.txt,audited,0,\n"
      "fifo.txt,unreadable,1,not a regular file (a FIFO); expected a regular file or a folder\n"
      "mem.txt,unreadable,1,read failed (Input/output error); expected a readable regular file\n";
  // The query that gives kFilesCsv (paths relative to `folder`).
  std::string files_query() const {
    return "SELECT substr(path, " + std::to_string(folder.string().size() + 2) +
           ") AS path, status, sha256 IS NULL AS no_content, note FROM files ORDER BY path";
  }
};

inline UnreadableInputs make_unreadable_inputs(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  UnreadableInputs u{dir / "in"};
  fs::create_directories(u.folder / "dir.txt");
  const std::string walk = read_file(testdata("sample/fixtures_holdem_walk.txt"));
  std::string other = walk;
  other.replace(other.find('#') + 1, 3, "999");  // another hand number: not a duplicate
  std::ofstream(u.folder / "a.txt", std::ios::binary) << walk;
  std::ofstream(u.folder / "dir.txt" / "b.txt", std::ios::binary) << other;
  if (mkfifo((u.folder / "fifo.txt").c_str(), 0644) != 0) throw std::runtime_error("mkfifo failed");
  fs::create_symlink(u.folder / "missing.txt", u.folder / "dangling.txt");
  fs::create_symlink("/proc/self/mem", u.folder / "mem.txt");
  return u;
}

}  // namespace hh::test
