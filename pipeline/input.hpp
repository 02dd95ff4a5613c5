// The reader of inputs that `audit` (the pipeline) and `convert` share: a file, an archive's
// member, stdin or a named pipe opened as one stream; its head decoded and sniffed; and one rule
// for what becomes of it (read for its hands, a tournament summary, or not read and why), so that
// both commands accept the same inputs and account for every file the same way.
#pragma once

#include <atomic>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "pipeline/archive.hpp"
#include "pipeline/pipeline.hpp"

namespace hh::pipeline {

struct InputFile {
  std::string path;
  bool from_folder{false};              // found by walking a folder rather than named
  std::string unreadable;               // InputPath::unreadable: never opened
  bool pipe{false};                     // InputPath::pipe: copied into `spool` by the first pass
  std::optional<ArchiveMember> member;  // InputPath::member: read from its archive's spool
  // "-" (stdin) or a named pipe, read once into an unnamed temporary file, which the first pass
  // and the reader then read as they read a file: memory stays bounded whatever it gives.
  std::shared_ptr<int> spool;  // the file's descriptor, closed with the last copy
  std::uint64_t bytes{0};
  std::int64_t file_id{0};
  // Read once: of a byte size no stored file and no other input has, so it cannot have been
  // audited before. The first pass leaves it; the reader sniffs its head, hashes it as it reads
  // it and sends what it found with its first batch, by which the writer registers it.
  bool read_once{false};
  bool skipped{false};  // writer: registered and not to be written (recorded unread, a summary...)
  Encoding encoding{Encoding::Utf8};
  const Format* format{nullptr};  // the format sniffed; nullptr: none (every hand is unparsed)
};

// An entry of expand_paths() as an input to read.
InputFile input_file(InputPath p);

// What is known of a file before its hands are read: whether it could be read, its encoding and
// format from its head, and (read to its end) its digest.
struct ScanResult {
  bool ok{false};
  std::string error;   // when not ok: what failed, with the system's text of errno
  std::string sha256;  // "" for a file whose hands are read once: the reader hashes it
  Encoding encoding{Encoding::Utf8};
  SniffResult sniffed;  // the format of the first piece
  std::string bytes;    // the whole file, when asked to keep it
  std::uint64_t bytes_read{0};
};

// The system's text of errno ("Permission denied"), read just after the call that failed.
std::string errno_text();

// Opens a file, an archive's member or the bytes spooled from stdin or a pipe as one stream;
// nullptr when it cannot be opened (errno says why).
std::unique_ptr<std::istream> open_input(const InputFile& f);

// Copies stdin (the path "-": the descriptor `standard_input` the caller gives, -1 for none) or a
// named pipe into an unnamed temporary file (in TMPDIR, removed at once: it goes with the
// process), in pieces, so that it is then read like a file. A failure makes the input unreadable,
// with what failed; `stop` (Ctrl-C) stops the copy.
void spool(InputFile& f, int standard_input, const std::atomic<bool>& stop);

// Reads the head of a file (what sniffing looks at) into `head`: its encoding and format.
void scan_head(std::istream& in, std::string& head, ScanResult& r);
// Reads `in` to its end after `head`, its first bytes: their digest, and all of them if `keep`.
void read_rest(std::istream& in, std::string_view head, bool keep, ScanResult& r);
// The first pass over a file: from its head the encoding and the format, then its digest (all of
// its bytes kept when `keep_bytes`, or when it is a summary: a summary is read whole).
ScanResult scan(const InputFile& f, bool keep_bytes = false);

// A file read by its path (not stdin, a pipe or an archive's member, whose bytes are spooled).
bool on_disk(const InputFile& f);

// What becomes of an input, by one rule for `audit` and `convert`.
enum class InputKind {
  Unreadable,   // nothing of it could be read
  Unsupported,  // of a format recognised but not read
  NoHands,      // found in a folder, with no hand of a known format in its head
  Summary,      // a tournament summary: results, read whole, no hands
  Hands,        // read for its hands (a file named with no known format too: its text unparsed)
};
struct InputAccount {
  InputKind kind{InputKind::Hands};
  // Not read: the note recorded with the file (files.note), and why as NotRead::why says it.
  std::string note;
  std::string why;
  // NoHands: known to hold none (an fpdb sidecar, notes, an empty or blank file), so not reading
  // it leaves nothing unread; otherwise the input is not audited in full (exit 3).
  bool known_non_hand{false};
};
// `f` scanned into `s` (f.bytes set): what becomes of it.
InputAccount account_input(const InputFile& f, const ScanResult& s);

// A file of this format (nullptr: none) is read for its hands (account_input's Hands).
bool reads_hands(const InputFile& f, const Format* format);
// A file of this format is a tournament summary, read whole (its bytes kept by the first read).
bool is_summary(const Format* format);

}  // namespace hh::pipeline
