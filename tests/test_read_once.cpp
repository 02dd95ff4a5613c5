// Every file read once (issue 17): a file whose byte size no stored file and no other input has
// cannot have been audited before, so the first pass leaves it to the reader, which sniffs its
// head and hashes it as it reads it; any other file is hashed first, so that a file audited
// before is still skipped before any of it is parsed.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/sha256.hpp"
#include "tests/cli_run.hpp"
#include "tests/pipeline_run.hpp"
#include "tests/test_paths.hpp"

namespace fs = std::filesystem;
using hh::test::audit_run;

namespace {

// `hands` copies of the sample walk, numbered from `first` (twelve digits, as the sample's).
std::string walks(long long first, int hands) {
  const std::string walk =
      hh::test::read_file(hh::test::testdata("sample/fixtures_holdem_walk.txt"));
  std::string out;
  for (int i = 0; i < hands; ++i) {
    std::string h = walk;
    h.replace(h.find("333333333333"), 12, std::to_string(first + i));
    out += h + "\n\n";
  }
  return out;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// path, sha256 and status of every file row, by path.
std::vector<std::vector<std::string>> files(const std::string& db) {
  auto store = hh::db::open_store(db, hh::db::OpenMode::ReadOnly);
  const auto results = store->query("SELECT path, sha256, status, hands FROM files ORDER BY path");
  std::vector<std::vector<std::string>> out;
  for (const auto& row : results.front().rows) {
    out.emplace_back();
    for (const auto& cell : row) out.back().push_back(cell.value_or("NULL"));
  }
  return out;
}

}  // namespace

TEST_CASE("every file is read once: new sizes by the reader alone, the others hashed first",
          "[files]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-read-once");
  const std::string db = (dir / "a.db").string();
  // Two files of two sizes, each larger than the head the first pass reads.
  const std::string a = walks(100000000000, 2000), b = walks(200000000000, 2001);
  REQUIRE(a.size() > hh::pipeline::kReadPiece);
  REQUIRE(b.size() > a.size());
  const std::string pa = (dir / "a.txt").string(), pb = (dir / "b.txt").string();
  write(pa, a);
  write(pb, b);
  const auto first = audit_run(db, {pa, pb});
  CHECK(first.hands == 4001);
  CHECK(first.duplicates == 0);
  CHECK(first.first_pass_bytes == 0);
  // The digests the reader computed are the files' own.
  CHECK(files(db) ==
        std::vector<std::vector<std::string>>{{pa, hh::sha256_hex(a), "audited", "2000"},
                                              {pb, hh::sha256_hex(b), "audited", "2001"}});

  // Again: both sizes are stored now, so both are hashed first, found audited and not read again.
  const auto again = audit_run(db, {pa, pb});
  CHECK(again.files_already_audited == 2);
  CHECK(again.hands == 0);
  CHECK(again.first_pass_bytes == a.size() + b.size());

  // A copy of a.txt (known by its content) and a file of a.txt's size with one hand changed,
  // given together: the two share a size, so both are hashed first.
  std::string changed = a;
  changed.replace(changed.rfind("Table Name"), 10, "Table Nbme");
  const std::string pc = (dir / "c.txt").string(), pd = (dir / "d.txt").string();
  write(pc, a);
  write(pd, changed);
  const auto third = audit_run(db, {pc, pd});
  CHECK(third.first_pass_bytes == 2 * a.size());
  CHECK(third.files_already_audited == 1);
  CHECK(third.hands == 2000);
  CHECK(third.duplicates == 1999);
  CHECK(third.conflicts == 1);
  CHECK(files(db).size() == 3);  // a.txt, b.txt and d.txt: c.txt is a.txt's content
  fs::remove_all(dir);
}

TEST_CASE("files read once and not read for hands are recorded as the first pass records them",
          "[files]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-read-once-unread");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  const std::string db = (dir / "a.db").string();
  // In a folder: notes (no hand of a known format), a tournament summary and hands; three sizes.
  const std::string notes = "just some notes\n";
  const std::string summary = hh::test::read_file(
      hh::test::testdata("pokerstars-summary/NLHE-EUR-SnG-10-201101.Sample.txt"));
  const std::string hands = walks(400000000000, 3);
  write(in / "1-notes.txt", notes);
  write(in / "2-summary.txt", summary);
  write(in / "3-hands.txt", hands);
  const auto run = audit_run(db, {in.string()});
  CHECK(run.first_pass_bytes == 0);
  CHECK(run.files_without_hands == 1);
  CHECK(run.summaries == 1);
  CHECK(run.hands == 3);
  REQUIRE(run.not_read.size() == 1);
  CHECK(run.not_read[0].path == (in / "1-notes.txt").string());
  const auto rows = files(db);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0] == std::vector<std::string>{(in / "1-notes.txt").string(), hh::sha256_hex(notes),
                                            "no-hands", "NULL"});
  CHECK(rows[1][1] == hh::sha256_hex(summary));
  CHECK(rows[1][2] == "audited");
  CHECK(rows[2] == std::vector<std::string>{(in / "3-hands.txt").string(), hh::sha256_hex(hands),
                                            "audited", "3"});
  fs::remove_all(dir);
}

TEST_CASE("a file read once and interrupted is taken up again by path and size", "[files]") {
  const fs::path dir = hh::test::temp_dir("hhaudit-read-once-resume");
  const std::string db = (dir / "a.db").string();
  const std::string a = walks(300000000000, 10);
  const std::string pa = (dir / "a.txt").string();
  write(pa, a);
  {
    // What a run stopped mid-file leaves: the row under its pending key.
    auto w = hh::db::open_store(db, hh::db::OpenMode::Write);
    hh::db::FileRecord f{pa, "", a.size(), "utf-8", "pokerstars"};
    bool already = true;
    w->begin_file(f, already);
    REQUIRE_FALSE(already);
    w->commit();
  }
  CHECK(files(db) ==
        std::vector<std::vector<std::string>>{
            {pa, hh::db::pending_file_key({pa, "", a.size(), "", ""}), "interrupted", "NULL"}});
  // Its size is stored, so the rerun hashes it first and finishes the same row.
  const auto rerun = audit_run(db, {pa});
  CHECK(rerun.first_pass_bytes == a.size());
  CHECK(rerun.hands == 10);
  CHECK(files(db) ==
        std::vector<std::vector<std::string>>{{pa, hh::sha256_hex(a), "audited", "10"}});
  fs::remove_all(dir);
}
