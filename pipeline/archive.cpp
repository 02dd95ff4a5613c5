#include "pipeline/archive.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace hh::pipeline {

namespace {

namespace fs = std::filesystem;

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         std::equal(suffix.begin(), suffix.end(), s.end() - static_cast<long>(suffix.size()),
                    [](char a, char b) { return std::tolower(a) == std::tolower(b); });
}

// A .gz that is not a tarball: one compressed file, read by libarchive's "raw" format.
bool single_gzip_name(std::string_view path) {
  return ends_with_nocase(path, ".gz") && !ends_with_nocase(path, ".tar.gz");
}

std::string errno_text() { return std::generic_category().message(errno); }

// libarchive's text of its last error (it may have none).
std::string la_error(archive* a) {
  const char* text = archive_error_string(a);
  return text ? text : "unknown error";
}

// Reads a member's bytes from its spool file with pread, `bytes` of them from `offset`. A read
// error throws, which the istream turns into badbit (a failed read, as of a file).
class MemberBuf : public std::streambuf {
 public:
  explicit MemberBuf(ArchiveMember m) : m_(std::move(m)) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (read_ >= m_.bytes) return traits_type::eof();
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(sizeof buf_, m_.bytes - read_));
    ssize_t got;
    do {
      got = ::pread(*m_.spool, buf_, want, static_cast<off_t>(m_.offset + read_));
    } while (got < 0 && errno == EINTR);
    if (got <= 0) throw std::runtime_error("read failed (" + errno_text() + ")");
    read_ += static_cast<std::uint64_t>(got);
    setg(buf_, buf_, buf_ + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  ArchiveMember m_;
  std::uint64_t read_{0};
  char buf_[1 << 16];
};

class MemberStream : public std::istream {
 public:
  explicit MemberStream(ArchiveMember m) : std::istream(nullptr), buf_(std::move(m)) {
    rdbuf(&buf_);
  }

 private:
  MemberBuf buf_;
};

// The entry's path in the archive, without a leading "./" or "/" (a .gz's only member: the
// archive's own name without .gz).
std::string entry_name(archive_entry* e, const std::string& path) {
  if (single_gzip_name(path)) {
    const std::string name = fs::path(path).filename().string();
    return name.substr(0, name.size() - 3);
  }
  const char* raw = archive_entry_pathname(e);
  std::string name = raw ? raw : "";
  while (name.starts_with("./") || name.starts_with("/"))
    name.erase(0, name.starts_with("/") ? 1 : 2);
  return name;
}

// Opens `path` with the formats its name says (a zip, a tar, a compressed tar or one gzip file).
archive* open_archive(const std::string& path) {
  archive* a = archive_read_new();
  if (single_gzip_name(path)) {
    archive_read_support_filter_gzip(a);
    archive_read_support_format_raw(a);
  } else {
    archive_read_support_filter_all(a);
    archive_read_support_format_zip(a);
    archive_read_support_format_tar(a);
  }
  return a;
}

struct Extraction {
  archive* a;
  int spool;
  std::uint64_t end{0};  // bytes written to the spool
  std::uint64_t total{0};
};

// Copies the current entry's data to the end of the spool. Returns "" or why the member is not
// read; `fatal` when the archive cannot go on (its data is corrupt or the spool cannot grow).
std::string copy_entry(Extraction& x, const ArchiveLimits& limits, ArchiveMember& member,
                       bool& fatal) {
  member.offset = x.end;
  char buf[1 << 16];
  std::string why;
  while (true) {
    const la_ssize_t got = archive_read_data(x.a, buf, sizeof buf);
    if (got == 0) break;
    if (got < 0) {
      why = fmt::format("corrupt archive member ({})", la_error(x.a));
      fatal = true;
      break;
    }
    if (member.bytes + static_cast<std::uint64_t>(got) > limits.max_member_bytes) {
      why = fmt::format(
          "larger than {} bytes, the limit on an archive member (a guard against archives that "
          "expand without end; docs/usage.md, \"Archives\"): not read",
          limits.max_member_bytes);
      break;
    }
    if (x.total + static_cast<std::uint64_t>(got) > limits.max_total_bytes) {
      why = fmt::format("the archive's members pass {} bytes in all, the limit on an archive",
                        limits.max_total_bytes);
      fatal = true;
      break;
    }
    if (!write_all(x.spool, std::string_view(buf, static_cast<std::size_t>(got)))) {
      why = "cannot write the temporary copy (" + errno_text() + ")";
      fatal = true;
      break;
    }
    member.bytes += static_cast<std::uint64_t>(got);
    x.total += static_cast<std::uint64_t>(got);
  }
  x.end = member.offset + member.bytes;
  if (!why.empty()) {
    // What was copied of it is dropped: the next member's bytes follow the last one read.
    x.total -= member.bytes;
    member.bytes = 0;
    x.end = member.offset;
    if (::ftruncate(x.spool, static_cast<off_t>(x.end)) != 0 ||
        ::lseek(x.spool, static_cast<off_t>(x.end), SEEK_SET) < 0)
      fatal = true;
  }
  return why;
}

}  // namespace

bool is_archive_name(std::string_view path) {
  return ends_with_nocase(path, ".zip") || ends_with_nocase(path, ".tar") ||
         ends_with_nocase(path, ".tgz") || ends_with_nocase(path, ".gz");
}

std::unique_ptr<std::istream> open_member(const ArchiveMember& member) {
  return std::make_unique<MemberStream>(member);
}

std::shared_ptr<int> unnamed_temp_file(std::string& error) {
  std::string dir;
  try {
    dir = fs::temp_directory_path().string();
  } catch (const fs::filesystem_error&) {
    dir = "/tmp";
  }
  std::string name = dir + "/hhaudit-spool-XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) {
    error = "cannot make a temporary file in " + dir + " (" + errno_text() + ")";
    return nullptr;
  }
  ::unlink(name.c_str());
  return std::shared_ptr<int>(new int(fd), [](int* p) {
    ::close(*p);
    delete p;
  });
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

ArchiveContents read_archive(const std::string& path, const ArchiveLimits& limits) {
  ArchiveContents out;
  std::shared_ptr<int> spool = unnamed_temp_file(out.error);
  if (!spool) return out;
  archive* a = open_archive(path);
  Extraction x{a, *spool};
  if (archive_read_open_filename(a, path.c_str(), 1 << 16) != ARCHIVE_OK) {
    out.error = fmt::format("not a readable archive ({})", la_error(a));
    archive_read_free(a);
    return out;
  }
  if (single_gzip_name(path) && archive_filter_code(a, 0) != ARCHIVE_FILTER_GZIP) {
    // The raw format takes any bytes: a .gz that is no gzip would be read as its own member.
    out.error = "not a gzip file (no gzip header)";
    archive_read_free(a);
    return out;
  }
  std::uint64_t members = 0;
  while (out.error.empty()) {
    archive_entry* e = nullptr;
    const int r = archive_read_next_header(a, &e);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN) {
      out.error = fmt::format("corrupt archive ({})", la_error(a));
      break;
    }
    if (archive_entry_filetype(e) != AE_IFREG) continue;  // folders, links: no bytes of their own
    if (++members > limits.max_members) {
      out.error = fmt::format("more than {} members, the limit on an archive: the rest not read",
                              limits.max_members);
      break;
    }
    ArchiveEntry entry{entry_name(e, path), {spool, 0, 0}, {}};
    bool fatal = false;
    entry.unreadable = copy_entry(x, limits, entry.member, fatal);
    if (fatal)
      out.error = fmt::format("{}, at member {}: it and the rest of the archive not read",
                              entry.unreadable, entry.name);
    else
      out.entries.push_back(std::move(entry));
  }
  archive_read_free(a);
  return out;
}

}  // namespace hh::pipeline
