// The audit pipeline: files -> decode -> format -> hands -> audit -> store. Used by
// `hhaudit audit` and the tests; knows no command line and no particular database.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "audit/audit.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "parser/format.hpp"
#include "pipeline/archive.hpp"

namespace hh::pipeline {

struct AuditOptions {
  std::vector<std::string> paths;  // files, folders (recursive) or "-" for stdin
  bool progress{false};            // draw a progress line on stderr
  unsigned jobs{1};  // threads reading and auditing hands; one more reads files, the caller's
                     // thread writes
  // What hands are judged by (house rules, rake schedules), loaded once by the caller.
  AuditContext context;
  // What the formats are told (the GGPoker time zone, ...).
  ReadOptions read_options;
  // Only the input files of shard `shard` of `shards` (0-based; `hhaudit audit --shard K/N`):
  // shard_of() of each file's path as listed, so N machines given the same inputs split them
  // without talking to each other, and a file added later does not move the others.
  unsigned shard{0};
  unsigned shards{1};
  // The guards on archives read for their members (pipeline/archive.hpp).
  ArchiveLimits archive_limits;
  // The descriptor a path "-" reads, given by the caller (cli/: STDIN_FILENO), so that the library
  // reads no standard input of its own; -1: "-" is unreadable.
  int standard_input{-1};
};

// The shard (0 .. shards-1) a path belongs to: FNV-1a of its bytes, modulo shards.
unsigned shard_of(std::string_view path, unsigned shards);

// Bytes a file is read in at a time; also the head of a file the first pass reads to know its
// format (all of a file read once that the first pass reads). A piece is a batch, and the
// batches in flight (jobs + 2), once parsed and audited, are most of the memory of the load,
// many times their text. 256 KB pieces (about 180 hands) hold the peak RSS of
// the load near 48 MB at -j 1 and 55 MB at -j 2, against 76 and 93-102 MB with 1 MB pieces, for
// the same CPU (docs/performance.md, "Peak RSS: smaller batches").
constexpr std::size_t kReadPiece = std::size_t{1} << 18;

struct CodeCount {
  Severity severity{Severity::Info};
  long count{0};
};

// An input that gave no hand to audit, and why, so that a run never looks clean for having read
// nothing. Those with a format or no hand are also recorded in the store (files.status).
struct NotRead {
  std::string path;
  std::string why;  // "unsupported (PartyPoker: not supported)", "no hands", "cannot read", ...
};

struct AuditSummary {
  long files{0};  // files read (or already in the store)
  long files_already_audited{0};
  // Files not read, each recorded in the store with why (files.status):
  long files_without_hands{0};  // no hand of any known format in their head ('no-hands')
  // Of those, the files not known to hold no hand (known: an fpdb sidecar beside its hand
  // history, notes and listings, an empty file): input not audited (exit 3).
  long files_without_hands_unknown{0};
  long identical_copies{0};   // inputs of the same bytes as an earlier input of this run: one row
  long files_unsupported{0};  // of a format recognised but not read ('unsupported')
  long files_unreadable{0};   // could not be read at all ('unreadable'; also counted in io_errors)
  long summaries{0};          // tournament summaries read (their files are counted in `files`)
  long hands{0};
  long unparsed{0};
  long hands_with_errors{0};  // new hands with an error that blames the site
  long hands_with_gaps{0};    // new hands hhaudit did not read whole (Blame::Hhaudit, not a note)
  long duplicates{0};
  long conflicts{0};
  long io_errors{0};
  long files_in_other_shards{0};  // left to the other shards of --shard
  // Write transactions the store ran again whole after the server aborted them for a deadlock or
  // a serialization failure (PostgreSQL; db::Store::transaction_retries).
  long transactions_retried{0};
  // Bytes the first pass read before any hand was parsed: the head of a file read once (a byte
  // size no stored file and no other input has: the reader hashes it as it reads it), all of the
  // others (their digest says whether they were audited before, or they are recorded unread).
  std::uint64_t first_pass_bytes{0};
  std::vector<NotRead> not_read;  // in input order
  // The files of this run that were audited before (skipped): their hands and findings are
  // this run's input too.
  std::vector<std::int64_t> already_audited_ids;
  bool interrupted{false};  // stopped by SIGINT: what was read is committed, the rest is not
  // Findings of this run by code; those between hands: of every table this run added hands to.
  std::map<FindingCode, CodeCount> codes;
  std::optional<Severity> worst;
};

// A file to read, as named on the command line or found in a named folder.
struct InputPath {
  std::string path;         // "-": stdin
  bool from_folder{false};  // found by walking `folder` rather than named
  std::string folder;       // the folder as named, when from_folder
  // Why the entry cannot be read, "" if it is a regular file (or stdin, or a named pipe) to open:
  // "not a regular file (a FIFO); expected a regular file or a folder",
  // "a symlink to nothing (No such file or directory); expected a regular file". Never opened:
  // a FIFO would block the run until someone writes to it.
  std::string unreadable;
  // A named pipe (FIFO) named on the command line (`<(zcat x.gz)`): read once, into memory, as
  // stdin is. One found in a folder is not opened (unreadable): nobody may ever write to it.
  bool pipe{false};
  // A member of an archive ("ARCHIVE!/path/in/archive"): its bytes as extracted. Members are
  // from_folder (a member with no hand is recorded unread as a folder's file is), `folder` the
  // folder the archive was found in, or "ARCHIVE!" for an archive named.
  std::optional<ArchiveMember> member{};
};

// What is wrong with `p`, a path that exists (or is a symlink) but is neither a regular file nor
// a folder, as InputPath::unreadable says it.
std::string not_regular_file(const std::string& p);

// The entries `paths` name: files as they are, folders walked recursively (symlinked folders not
// followed) in sorted order, "-" for stdin, a named pipe (InputPath::pipe), an archive's regular
// files in its order (is_archive_name: read_archive() within `limits`; an archive, or the rest of
// one, that cannot be read is an entry of the archive's path, unreadable saying why; an archive
// with no file is added to `not_read` as "empty archive"). An entry that is
// not a regular file (a socket, a device, a symlink to nothing, named or in a folder; a FIFO in
// a folder) is listed with why in InputPath::unreadable, for the caller to account for. A missing
// path or an unreadable folder is printed on `err`, added to `not_read` and counted in `io_errors`;
// an empty folder is added to `not_read`.
std::vector<InputPath> expand_paths(const std::vector<std::string>& paths,
                                    std::vector<NotRead>& not_read, long& io_errors,
                                    std::ostream& err, const ArchiveLimits& limits = {});

// Whether a file found in a folder is known by its path to hold no hand: an fpdb regression-test
// sidecar (NAME.hp, NAME.gt, NAME.hands beside the hand history NAME), notes and listings (.md,
// .tsv). An empty or blank file is known too, by its bytes.
bool known_non_hand_path(const std::string& path);

// Runs the audit as a pipeline: a reader thread cuts files into batches of complete hands
// (bounded: at most jobs + 2 batches in flight, so memory does not grow with the input),
// `jobs` workers read and audit them, and this thread writes them to `store` in input order, so
// the database is the same for any number of jobs. A file's format is the one sniff_format()
// is most confident of on its decoded head; a file of a format that is not read, and a file found
// in a folder with no hand of any known format, is recorded unread (a file named on the command
// line with no known hand is read: its text becomes unparsed hands). `store` is called once,
// and only if there is at least one file to record: a run of missing paths or empty folders
// creates no database. SIGINT stops reading; what
// was read is written and committed, and files not read to their end stay unfinished for the
// next run. I/O problems (a missing path, an unreadable file) are printed on `err`, counted in
// io_errors, and do not stop the other files. A file that cannot be read at all (not a regular
// file, or its first pass fails: permission denied, an I/O error, gone since the folder was
// listed) is also recorded in the store (files.status 'unreadable', the note saying what failed,
// the error's text and what was expected) and counted in files_unreadable.
AuditSummary run_audit(const AuditOptions& options, const std::function<db::Store&()>& store,
                       std::ostream& err);

}  // namespace hh::pipeline
