// The audit pipeline: files -> decode -> parse -> audit -> SQLite. Shared by `hhaudit audit` and
// the tests.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/finding.hpp"
#include "audit/house_rules.hpp"
#include "audit/rake/schedule.hpp"

namespace hh::cli {

struct AuditOptions {
  std::vector<std::string> paths;  // files, folders (recursive) or "-" for stdin
  std::string db_path;
  bool progress{false};  // draw a progress line on stderr
  unsigned jobs{1};      // threads parsing and auditing; one more reads, the caller's thread writes
  // Loaded once by the caller; nullptr: no rake schedule checks (audit/rake/check.hpp).
  const RakeSchedules* rake_schedules{nullptr};
  // The house rules of each site (audit/house_rules.hpp); nullptr: the defaults for every site.
  const HouseRulesBook* house_rules{nullptr};
  int batch_hands{0};  // hands per SQLite transaction; 0: the Writer's default
};

struct CodeCount {
  Severity severity{Severity::Info};
  long count{0};
};

struct AuditSummary {
  long files{0};
  long files_already_audited{0};
  long files_without_hands{0};  // found in a folder, no hand history in them: skipped
  long hands{0};
  long unparsed{0};
  long duplicates{0};
  long conflicts{0};
  long io_errors{0};
  bool interrupted{false};  // stopped by SIGINT: what was read is committed, the rest is not
  std::map<std::string, CodeCount> codes;  // findings of this run by code
  std::optional<Severity> worst;
};

// Runs the audit as a pipeline: a reader thread cuts files into batches of complete hands
// (bounded: at most jobs + 2 batches in flight, so memory does not grow with the input),
// `jobs` workers parse and audit them, and this thread writes them to SQLite in input order, so
// the database is the same for any number of jobs. SIGINT stops reading; what was read is
// written and committed, and files not read to their end stay unfinished for the next run.
// I/O problems (a missing path, an unreadable file) are printed on `err`, counted
// in io_errors, and do not stop the other files. Throws std::runtime_error if the database cannot
// be opened.
AuditSummary run_audit(const AuditOptions& options, std::ostream& err);

}  // namespace hh::cli
