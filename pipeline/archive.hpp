// Archives read directly (issue 35.6): a .zip, .tar, .tar.gz/.tgz or .gz named or found in a
// folder is opened with libarchive and each regular file in it (nested folders too) becomes an
// input of its own, named "ARCHIVE!/path/in/archive", whose bytes are extracted into one unnamed
// temporary file per archive: the pipeline then reads a member as it reads a file (the same
// sniffing, decoding and reader), and memory stays bounded. Limits guard against archives that
// expand without end (zip bombs): docs/usage.md, "Archives".
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hh::pipeline {

struct ArchiveLimits {
  // A member larger than this is not read (recorded unreadable, saying so).
  std::uint64_t max_member_bytes{std::uint64_t{512} << 20};
  // The members of one archive together: past this the rest of the archive is not read (the
  // archive is recorded unreadable, saying so; the members before are read).
  std::uint64_t max_total_bytes{std::uint64_t{4} << 30};
  // Members of one archive (folders not counted): past this, as past max_total_bytes.
  std::uint64_t max_members{200000};
};

// A member's bytes: `bytes` bytes at `offset` of an unnamed temporary file.
struct ArchiveMember {
  std::shared_ptr<int> spool;  // the file's descriptor, closed with the last member
  std::uint64_t offset{0};
  std::uint64_t bytes{0};
};

// A regular file of an archive, as read_archive() found it.
struct ArchiveEntry {
  std::string name;      // its path in the archive ("2024/hands.txt"; a .gz: the name without .gz)
  ArchiveMember member;  // its bytes, when `unreadable` is empty
  std::string unreadable;  // why its bytes are not read ("larger than ...", "corrupt ...")
};

// What an archive holds: its regular files in the archive's order, and why the rest of it could
// not be read ("" when all of it was): a corrupt or truncated archive, an archive past
// max_total_bytes or max_members, a temporary file that cannot be written. Never throws for
// what the archive holds.
struct ArchiveContents {
  std::vector<ArchiveEntry> entries;
  std::string error;
};
ArchiveContents read_archive(const std::string& path, const ArchiveLimits& limits);

// The name of an archive read for its members: .zip, .tar, .tar.gz, .tgz, .gz (any case).
bool is_archive_name(std::string_view path);

// A member's bytes as a stream (read with pread: each stream has its own position).
std::unique_ptr<std::istream> open_member(const ArchiveMember& member);

// An unnamed temporary file in TMPDIR (removed at once: it goes with the process), its
// descriptor closed with the last copy; nullptr with `error` saying why.
std::shared_ptr<int> unnamed_temp_file(std::string& error);

// Writes all of `bytes` to `fd`; false (errno set) on a failure.
bool write_all(int fd, std::string_view bytes);

}  // namespace hh::pipeline
