// The audit pipeline: files -> decode -> format -> hands -> audit -> store. Used by
// `hhaudit audit` and the tests; knows no command line and no particular database.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "audit/audit.hpp"
#include "db/store.hpp"
#include "model/finding.hpp"
#include "parser/format.hpp"

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
};

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
  long files_unsupported{0};    // of a format recognised but not read ('unsupported')
  long hands{0};
  long unparsed{0};
  long hands_with_errors{0};  // new hands with a finding of severity error
  long duplicates{0};
  long conflicts{0};
  long io_errors{0};
  std::vector<NotRead> not_read;  // in input order
  // The files of this run that were audited before (skipped): their hands and findings are
  // this run's input too.
  std::vector<std::int64_t> already_audited_ids;
  bool interrupted{false};  // stopped by SIGINT: what was read is committed, the rest is not
  // Findings of this run by code; those between hands: of every table this run added hands to.
  std::map<std::string, CodeCount> codes;
  std::optional<Severity> worst;
};

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
// io_errors, and do not stop the other files.
AuditSummary run_audit(const AuditOptions& options, const std::function<db::Store&()>& store,
                       std::ostream& err);

}  // namespace hh::pipeline
