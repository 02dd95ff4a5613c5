// Running the hhaudit binary from a test: a shell command line, its exit code and stdout.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "tests/test_paths.hpp"

namespace hh::test {

struct Run {
  int code{-1};
  std::string out;
};

inline Run run(const std::string& cmd) {
  Run r;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::filesystem::path temp_dir(const std::string& prefix) {
  std::random_device rd;
  std::filesystem::path d =
      std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(rd()));
  std::filesystem::create_directories(d);
  return d;
}

// Quoted for the shell. (Built by appending: GCC 12 warns falsely on "'" + std::string.)
inline std::string q(const std::filesystem::path& p) {
  std::string s(1, '\'');
  s += p.string();
  s += '\'';
  return s;
}

inline std::string bin() { return q(hh::test::hhaudit_binary()); }

// The numbers of the summary line `hhaudit audit` prints on stdout (table format).
struct Summary {
  long files{-1}, already{-1}, without_hands{-1}, unsupported{-1}, unreadable{-1}, summaries{-1},
      hands{-1}, parsed{-1}, unparsed{-1}, duplicates{-1}, conflicts{-1};
};
inline Summary summary_of(const std::string& out) {
  Summary s;
  const std::size_t at = out.find("audited ");
  REQUIRE(at != std::string::npos);
  const int n =
      std::sscanf(out.c_str() + at,
                  "audited %ld files (%ld already in the database; not read, recorded: "
                  "%ld without hands, %ld of a format not supported, %ld unreadable): "
                  "%ld tournament summaries, %ld hands, %ld parsed, %ld unparsed, %ld "
                  "duplicates, %ld conflicts",
                  &s.files, &s.already, &s.without_hands, &s.unsupported, &s.unreadable,
                  &s.summaries, &s.hands, &s.parsed, &s.unparsed, &s.duplicates, &s.conflicts);
  REQUIRE(n == 11);
  return s;
}

}  // namespace hh::test
