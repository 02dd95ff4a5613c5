#include "pipeline/input.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <system_error>

#include "pipeline/piece_reader.hpp"
#include "pipeline/sha256.hpp"

namespace hh::pipeline {

InputFile input_file(InputPath p) {
  InputFile f;
  f.path = std::move(p.path);
  f.from_folder = p.from_folder;
  f.unreadable = std::move(p.unreadable);
  f.pipe = p.pipe;
  f.member = std::move(p.member);
  return f;
}

std::string errno_text() {
  return errno != 0 ? std::generic_category().message(errno) : std::string("unknown error");
}

std::unique_ptr<std::istream> open_input(const InputFile& f) {
  if (f.member) return open_member(*f.member);
  const std::string path =
      f.spool ? "/proc/self/fd/" + std::to_string(*f.spool) : f.path;  // its own offset
  auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*in) return nullptr;
  return in;
}

void spool(InputFile& f, int standard_input, const std::atomic<bool>& stop) {
  const bool named = f.path != "-";
  if (!named && standard_input < 0) {
    f.unreadable = "no standard input given; expected a readable pipe";
    return;
  }
  errno = 0;
  const int from = named ? ::open(f.path.c_str(), O_RDONLY | O_CLOEXEC) : standard_input;
  if (from < 0) {
    f.unreadable = "open failed (" + errno_text() + "); expected a readable pipe";
    return;
  }
  f.spool = unnamed_temp_file(f.unreadable);
  if (!f.spool) {
    if (named) ::close(from);
    return;
  }
  std::string buf(PieceReader::kPiece, '\0');
  f.bytes = 0;
  while (!stop.load()) {
    const ssize_t got = ::read(from, buf.data(), buf.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      f.unreadable = "read failed (" + errno_text() + ")";
      break;
    }
    if (got == 0) break;
    if (!write_all(*f.spool, std::string_view(buf.data(), static_cast<std::size_t>(got)))) {
      f.unreadable = "cannot write the temporary copy (" + errno_text() + ")";
      break;
    }
    f.bytes += static_cast<std::uint64_t>(got);
  }
  if (named) ::close(from);
  if (!f.unreadable.empty()) f.spool.reset();
}

void read_rest(std::istream& in, std::string_view head, bool keep, ScanResult& r) {
  Sha256 sha;
  sha.update(head);
  if (keep) r.bytes.assign(head);
  std::string buf(PieceReader::kPiece, '\0');
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    const std::string_view got(buf.data(), static_cast<std::size_t>(in.gcount()));
    r.bytes_read += got.size();
    sha.update(got);
    if (keep) r.bytes.append(got);
  }
  if (in.bad()) {
    r.error = "read failed (" + errno_text() + ")";
    return;
  }
  r.sha256 = sha.hex();
  r.ok = true;
}

void scan_head(std::istream& in, std::string& head, ScanResult& r) {
  head.resize(PieceReader::kPiece);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  r.bytes_read += head.size();
  const Decoded d = decode(head);
  r.encoding = d.encoding;
  r.sniffed = sniff_format(d.text);
}

ScanResult scan(const InputFile& f, bool keep_bytes) {
  ScanResult r;
  errno = 0;
  auto in = open_input(f);
  if (!in) {
    r.error = "open failed (" + errno_text() + ")";
    return r;
  }
  errno = 0;
  std::string head;
  scan_head(*in, head, r);
  if (in->bad()) {
    r.error = "read failed (" + errno_text() + ")";
    return r;
  }
  read_rest(*in, head, keep_bytes || is_summary(r.sniffed.format), r);
  return r;
}

bool on_disk(const InputFile& f) { return f.path != "-" && !f.pipe && !f.member; }

namespace {

// A small file of white space only (line ends, blanks): it holds nothing to read.
bool blank_file(const InputFile& f) {
  if (f.bytes > 64 * 1024) return false;
  const auto in = open_input(f);
  char c = 0;
  while (in && in->get(c))
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v') return false;
  return in && in->eof();
}

// A file found in a folder that is known to hold no hand, so that not reading it leaves nothing
// unaudited: known by its path, or empty or blank.
bool known_non_hand_file(const InputFile& f) {
  return known_non_hand_path(f.path) || f.bytes == 0 || blank_file(f);
}

}  // namespace

InputAccount account_input(const InputFile& f, const ScanResult& s) {
  InputAccount a;
  const Format* format = s.sniffed.format;
  if (!s.ok) {
    a.kind = InputKind::Unreadable;
    a.note = f.unreadable.empty() ? s.error + "; expected a readable regular file" : f.unreadable;
    a.why = "cannot read: " + a.note;
  } else if (format && !format->readable()) {
    a.kind = InputKind::Unsupported;
    a.note = std::string(format->display_name()) + ": not supported";
    a.why = "unsupported (" + a.note + ")";
  } else if (!format && f.from_folder) {
    // A folder holds other things too (fpdb's .hp files, notes): recorded, not read.
    a.kind = InputKind::NoHands;
    a.note = a.why = "no hand of a known format";
    a.known_non_hand = known_non_hand_file(f);
  } else if (is_summary(format)) {
    a.kind = InputKind::Summary;
  }
  return a;
}

bool reads_hands(const InputFile& f, const Format* format) {
  return format ? format->readable() && !format->reads_summaries() : !f.from_folder;
}

bool is_summary(const Format* format) {
  return format && format->readable() && format->reads_summaries();
}

}  // namespace hh::pipeline
