// Archives read directly (issue 35.6): a .zip, .tar, .tar.gz/.tgz or .gz is read member by member,
// each recorded as "ARCHIVE!/path"; a member with no hand follows a folder file's rules (exit 3);
// a corrupt archive is an unreadable input with its name (exit 2), never a crash; the limits on a
// member and on an archive hold. The archives are written here with libarchive.
#include <archive.h>
#include <archive_entry.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "tests/cli_run.hpp"

namespace fs = std::filesystem;
using hh::test::bin;
using hh::test::q;
using hh::test::run;

namespace {

using Members = std::vector<std::pair<std::string, std::string>>;  // path in the archive, bytes

enum class Kind { Zip, Tar, TarGz, Gz };

// Writes `members` as an archive of `kind` at `path` (a .gz: the one member, raw).
void write_archive(const fs::path& path, Kind kind, const Members& members) {
  archive* a = archive_write_new();
  switch (kind) {
    case Kind::Zip:
      archive_write_set_format_zip(a);
      break;
    case Kind::Tar:
      archive_write_set_format_pax_restricted(a);
      break;
    case Kind::TarGz:
      archive_write_set_format_pax_restricted(a);
      archive_write_add_filter_gzip(a);
      break;
    case Kind::Gz:
      archive_write_set_format_raw(a);
      archive_write_add_filter_gzip(a);
      break;
  }
  REQUIRE(archive_write_open_filename(a, path.c_str()) == ARCHIVE_OK);
  for (const auto& [name, bytes] : members) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name.c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(bytes.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    REQUIRE(archive_write_header(a, e) == ARCHIVE_OK);
    REQUIRE(archive_write_data(a, bytes.data(), bytes.size()) ==
            static_cast<la_ssize_t>(bytes.size()));
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

std::string hand(const char* testdata) { return hh::test::read_file(hh::test::testdata(testdata)); }

// The rows a query prints as CSV, its header left out.
std::string rows(const fs::path& db, const std::string& select) {
  const auto r = run(bin() + " query --db " + q(db) + " --format csv \"" + select + "\"");
  REQUIRE(r.code == 0);
  return r.out.substr(r.out.find('\n') + 1);
}

}  // namespace

TEST_CASE("a zip's members are audited as files named ARCHIVE!/PATH, nested folders too",
          "[cli][archives]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-archives");
  const fs::path zip = dir / "export.zip";
  write_archive(zip, Kind::Zip,
                {{"2024/05/walk.txt", hand("sample/fixtures_holdem_walk.txt")},
                 {"notes/README.md", "# my hands\n"},
                 {"short.txt", hand("faults/call_amount.txt")}});
  const fs::path db = dir / "a.db";
  // The short call is the site's error: exit 1 (no unknown file: the notes are known to hold none).
  const auto a = run(bin() + " audit " + q(zip) + " --db " + q(db) + " -q");
  CHECK(a.code == 1);
  CHECK(rows(db, "SELECT path, status, hands FROM files ORDER BY path") ==
        zip.string() + "!/2024/05/walk.txt,audited,1\n" + zip.string() +
            "!/notes/README.md,no-hands,\n" + zip.string() + "!/short.txt,audited,1\n");
  CHECK(rows(db,
             "SELECT count(*) FROM v_findings WHERE code = 'WRONG_CALL_AMOUNT' AND path "
             "LIKE '%export.zip!/short.txt'") == "1\n");
  // Audited again: each member already audited (by its bytes).
  const auto again = run(bin() + " audit " + q(zip) + " --db " + q(db) + " -q");
  CHECK(again.code == 1);
  CHECK(hh::test::summary_of(again.out).already == 2);
  // A member that holds no hand of a format hhaudit reads: input not audited, as in a folder.
  const fs::path club = dir / "club.zip";
  write_archive(club, Kind::Zip,
                {{"walk.txt", hand("sample/fixtures_holdem_walk.txt")},
                 {"club-export.txt", "Club hand 1234: Alice wins 5.00 from Bob\n"}});
  CHECK(run(bin() + " audit " + q(club) + " --db " + q(dir / "c.db") + " -q >/dev/null").code == 3);
  fs::remove_all(dir);
}

TEST_CASE("tar, tar.gz, tgz and gz are read, and convert reads archives too", "[cli][archives]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-archives");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  const std::string walk = hand("sample/fixtures_holdem_walk.txt");
  // The same hand, each file of other bytes (line ends after it): four files.
  write_archive(in / "a.tar", Kind::Tar, {{"./x/a.txt", walk}});
  write_archive(in / "b.tar.gz", Kind::TarGz, {{"b.txt", walk + "\n"}});
  write_archive(in / "c.tgz", Kind::TarGz, {{"deep/er/c.txt", walk + "\n\n"}});
  write_archive(in / "d.txt.gz", Kind::Gz, {{"data", walk + "\n\n\n"}});
  const fs::path db = dir / "a.db";
  const auto a = run(bin() + " audit " + q(in) + " --db " + q(db) + " -q");
  CHECK(a.code == 0);
  CHECK(rows(db, "SELECT substr(path, length(" + q(in.string() + "/") +
                     ") + 1) FROM files ORDER BY path") ==
        "a.tar!/x/a.txt\nb.tar.gz!/b.txt\nc.tgz!/deep/er/c.txt\nd.txt.gz!/d.txt\n");
  CHECK(rows(db, "SELECT sum(hands) FROM files") == "4\n");
  // convert: each member written under its path in the archive.
  const fs::path out = dir / "out";
  const auto c =
      run(bin() + " convert " + q(in / "c.tgz") + " --to ohh -o " + q(out) + " 2>/dev/null");
  CHECK(c.code == 0);
  CHECK(fs::exists(out / "deep" / "er" / "c.ohh"));
  fs::remove_all(dir);
}

TEST_CASE("a corrupt archive is an unreadable input with its name, never a crash",
          "[cli][archives]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-archives");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  std::ofstream(in / "bad.zip", std::ios::binary) << "PK\x03\x04 not really a zip at all";
  std::ofstream(in / "bad.gz", std::ios::binary) << "plain text, no gzip header\n";
  // A tar.gz cut short: its first member whole, the second cut.
  // (b.txt does not compress: the cut is in its data.)
  std::string noise(200000, '\0');
  std::uint32_t x = 12345;
  for (char& c : noise) c = static_cast<char>((x = x * 1103515245u + 12345u) >> 24);
  write_archive(dir / "whole.tar.gz", Kind::TarGz,
                {{"a.txt", hand("sample/fixtures_holdem_walk.txt")}, {"b.txt", noise}});
  std::string bytes = hh::test::read_file(dir / "whole.tar.gz");
  std::ofstream(in / "cut.tar.gz", std::ios::binary) << bytes.substr(0, bytes.size() - 200);
  const fs::path db = dir / "a.db";
  const auto a = run(bin() + " audit " + q(in) + " --db " + q(db) + " -q 2>&1");
  CHECK(a.code == 2);
  CHECK(a.out.find("hhaudit: cannot read " + (in / "bad.zip").string() + ": corrupt archive (") !=
        std::string::npos);
  CHECK(a.out.find("hhaudit: cannot read " + (in / "bad.gz").string() +
                   ": not a gzip file (no gzip header)") != std::string::npos);
  CHECK(
      rows(db, "SELECT substr(path, length(" + q(in.string() + "/") +
                   ") + 1), status FROM files ORDER BY path") ==
      "bad.gz,unreadable\nbad.zip,unreadable\ncut.tar.gz,unreadable\ncut.tar.gz!/a.txt,audited\n");
  CHECK(rows(db, "SELECT count(*) FROM hands") == "1\n");
  fs::remove_all(dir);
}

TEST_CASE("the limits on an archive's member and on the whole archive", "[archives]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-archives");
  const fs::path zip = dir / "bomb.zip";
  // Compresses to almost nothing, as a zip bomb's members do.
  write_archive(zip, Kind::Zip,
                {{"a.txt", std::string(1000, 'a')},
                 {"big.txt", std::string(5000, 'b')},
                 {"c.txt", std::string(1000, 'c')},
                 {"d.txt", std::string(1000, 'd')}});
  hh::pipeline::ArchiveLimits limits;
  limits.max_member_bytes = 4096;
  limits.max_total_bytes = 2500;
  std::vector<hh::pipeline::NotRead> not_read;
  long io_errors = 0;
  std::ostringstream err;
  const auto inputs = hh::pipeline::expand_paths({zip.string()}, not_read, io_errors, err, limits);
  REQUIRE(inputs.size() == 4);
  CHECK(inputs[0].path == zip.string() + "!/a.txt");
  REQUIRE(inputs[0].member);
  CHECK(inputs[0].member->bytes == 1000);
  CHECK(inputs[0].folder == zip.string() + "!");
  CHECK(inputs[0].from_folder);
  CHECK(inputs[1].path == zip.string() + "!/big.txt");
  CHECK_FALSE(inputs[1].member.has_value());
  CHECK(inputs[1].unreadable ==
        "larger than 4096 bytes, the limit on an archive member (a guard against archives that "
        "expand without end; docs/usage.md, \"Archives\"): not read");
  CHECK(inputs[2].path == zip.string() + "!/c.txt");
  REQUIRE(inputs[2].member);
  // The spool holds a.txt then c.txt: what was copied of big.txt was dropped.
  CHECK(inputs[2].member->offset == 1000);
  const auto c = hh::pipeline::open_member(*inputs[2].member);
  std::string text((std::istreambuf_iterator<char>(*c)), std::istreambuf_iterator<char>());
  CHECK(text == std::string(1000, 'c'));
  // d.txt would pass 2500 bytes in all: the archive itself is the input left unread.
  CHECK(inputs[3].path == zip.string());
  CHECK(inputs[3].unreadable ==
        "the archive's members pass 2500 bytes in all, the limit on an archive, at member d.txt: "
        "it and the rest of the archive not read");
  CHECK(io_errors == 0);
  CHECK(not_read.empty());
  // An empty archive is said.
  write_archive(dir / "empty.tar", Kind::Tar, {});
  CHECK(
      hh::pipeline::expand_paths({(dir / "empty.tar").string()}, not_read, io_errors, err).empty());
  REQUIRE(not_read.size() == 1);
  CHECK(not_read[0].why == "empty archive");
  fs::remove_all(dir);
}
