// One reader of inputs (pipeline/input.hpp): `audit` and `convert` accept the same inputs and
// account for every file the same way: a folder holding a hand history, an archive, notes, a
// file of no known format, a file in an encoding no reader knows and a format only recognised.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/cli_run.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using hh::test::q;

namespace {

// "PATH: WHY" of each line `prefix`PATH`infix`WHY of `out`, PATH relative to `dir`.
std::map<std::string, std::string> listed(const std::string& out, const std::string& prefix,
                                          const std::string& infix, const fs::path& dir) {
  std::map<std::string, std::string> files;
  std::istringstream in(out);
  std::string line;
  const std::string root = dir.string() + "/";
  while (std::getline(in, line)) {
    if (!line.starts_with(prefix + root)) continue;
    const std::string rest = line.substr(prefix.size() + root.size());
    const std::size_t at = rest.find(infix);
    if (at == std::string::npos) continue;
    files[rest.substr(0, at)] = rest.substr(at + infix.size());
  }
  return files;
}

// `text` (ASCII) as UTF-32LE, without a byte order mark: an encoding no reader decodes.
std::string utf32le(const std::string& text) {
  std::string out;
  for (const char c : text) out += std::string{c, '\0', '\0', '\0'};
  return out;
}

}  // namespace

TEST_CASE("audit and convert account for every input of a folder the same way",
          "[cli][convert][inputs]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-inputs");
  const fs::path in = dir / "in";
  fs::create_directories(in / "packed");
  const std::string hand =
      hh::test::read_file(hh::test::testdata("ohh/faults/originals/pot_amount.txt"));
  std::ofstream(in / "stars.txt", std::ios::binary) << hand;
  std::ofstream(in / "notes.md", std::ios::binary) << "# Where these hands come from\n";
  std::ofstream(in / "other.txt", std::ios::binary) << "Some other site's hand #1\n";
  std::ofstream(in / "utf32.txt", std::ios::binary) << utf32le(hand);
  std::ofstream(in / "nine.txt", std::ios::binary)
      << "9stacks Poker Hand #1234567: Hold'em No Limit (5/10) - 2021/03/04 20:11:12\n";
  // An archive of a hand history and its notes.
  std::ofstream(in / "packed" / "again.txt", std::ios::binary) << hand;
  std::ofstream(in / "packed" / "README.md", std::ios::binary) << "notes\n";
  REQUIRE(hh::test::run("tar -czf " + q(in / "packed.tar.gz") + " -C " + q(in / "packed") +
                        " again.txt README.md")
              .code == 0);
  fs::remove_all(in / "packed");

  const hh::test::Run audit = hh::test::run(hh::test::bin() + " audit " + q(in) + " --db " +
                                            q(dir / "a.db") + " -q --fail-on none 2>/dev/null");
  const hh::test::Run convert =
      hh::test::run(hh::test::bin() + " convert " + q(in) + " --to ohh -o " + q(dir / "out") +
                    " 2>&1 >/dev/null");
  INFO("audit:\n" << audit.out << "convert:\n" << convert.out);
  // Input not audited, not converted in full: the file of no known format, UTF-32 and 9stacks.
  CHECK(audit.code == 3);
  CHECK(convert.code == 3);
  const auto not_read = listed(audit.out, "not read: ", ": ", in);
  CHECK(not_read == listed(convert.out, "", ": not converted: ", in));
  CHECK(not_read == std::map<std::string, std::string>{
                        {"nine.txt", "unsupported (9stacks Poker: not supported)"},
                        {"notes.md", "no hand of a known format"},
                        {"other.txt", "no hand of a known format"},
                        {"packed.tar.gz!/README.md", "no hand of a known format"},
                        {"utf32.txt", "no hand of a known format"},
                    });
  // The same two hands read: the file's and the archive member's.
  CHECK(hh::test::summary_of(audit.out).hands == 2);
  CHECK(convert.out.find("2 hands read, 2 written as Open Hand History, 0 not written; 3 files "
                         "skipped, 2 known to hold no hand (notes, sidecars, blank)\n") !=
        std::string::npos);
  CHECK(fs::exists(dir / "out" / "stars.ohh"));
  CHECK(fs::exists(dir / "out" / "packed.tar.gz!" / "again.ohh"));
  fs::remove_all(dir);
}

// The library reads no standard input of its own: "-" reads the descriptor the caller gives
// (AuditOptions::standard_input; `hhaudit audit` gives its stdin), and without one it is an input
// that cannot be read, recorded and said so, never a wait on the process's stdin.
TEST_CASE("the pipeline reads - only from the descriptor its caller gives", "[inputs]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-no-stdin");
  hh::pipeline::AuditOptions options;
  options.paths = {"-"};
  std::unique_ptr<hh::db::Store> store;
  std::ostringstream err;
  const hh::pipeline::AuditSummary s = hh::pipeline::run_audit(
      options,
      [&]() -> hh::db::Store& {
        store = hh::db::open_store((dir / "a.db").string(), hh::db::OpenMode::Write);
        return *store;
      },
      err);
  CHECK(s.files_unreadable == 1);
  CHECK(s.io_errors == 1);
  REQUIRE(s.not_read.size() == 1);
  CHECK(s.not_read[0].path == "-");
  CHECK(s.not_read[0].why == "cannot read: no standard input given; expected a readable pipe");
  CHECK(err.str() == "hhaudit: cannot read -: no standard input given; expected a readable pipe\n");
  store.reset();
  fs::remove_all(dir);
}
