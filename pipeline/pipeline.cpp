#include "pipeline/pipeline.hpp"

#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>

#include "audit/summary_checks.hpp"
#include "audit/tournaments.hpp"
#include "db/tournament_rows.hpp"
#include "parser/text/decode.hpp"
#include "pipeline/input.hpp"
#include "pipeline/piece_reader.hpp"
#include "pipeline/scope_checks.hpp"
#include "pipeline/sha256.hpp"

namespace hh::pipeline {

namespace fs = std::filesystem;

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_sigint(int) { g_interrupted.store(true); }

// Catches SIGINT for the life of a run and restores the previous handler however the run ends.
class SigintGuard {
 public:
  SigintGuard() {
    g_interrupted.store(false);
    old_ = std::signal(SIGINT, on_sigint);
  }
  ~SigintGuard() { std::signal(SIGINT, old_); }
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

 private:
  void (*old_)(int);
};

// A run of complete hands from one file, with the decoded text they point into.
struct Batch {
  std::uint64_t seq{0};
  std::size_t file{0};  // index into the inputs
  std::shared_ptr<const std::string> text;
  std::vector<HandText> hands;
  bool last_of_file{false};
  std::uint64_t raw_bytes{0};  // bytes of the file this batch accounts for (progress)
  std::vector<Hand> parsed;
  std::vector<AuditResult> results;
  std::vector<std::string> content_sha256;  // of each hand's raw text, hashed by the workers
  std::vector<db::PreparedRows> rows;       // of each hand, made by the workers
  std::string file_sha256;                  // the last batch of a file read once: the file's digest
  std::optional<ScanResult> head;  // the first batch of a file read once: what the reader found
  const Format* format{nullptr};   // the file's format, which its hands are read by
  unsigned worker{0};              // the worker that parsed it
};

// Bounded hand-off between the reader, the workers and the writer. The writer takes batches in
// the order the reader made them, so the database is the same whatever the number of workers.
class Pipeline {
 public:
  Pipeline(std::size_t max_in_flight, unsigned workers)
      : spent_(workers), max_in_flight_(max_in_flight) {}

  // Reader: blocks while too many batches are between reader and writer.
  void push(Batch b) {
    std::unique_lock lock(mu_);
    space_.wait(lock, [&] { return next_seq_ - disposed_ - held_ < max_in_flight_ || aborted_; });
    if (aborted_) return;
    b.seq = next_seq_++;
    todo_.push_back(std::move(b));
    work_.notify_one();
  }
  void close_input() {
    std::lock_guard lock(mu_);
    input_closed_ = true;
    work_.notify_all();
    done_cv_.notify_all();
  }

  // Worker number `worker`: a batch to parse into `b`, or the batches it parsed that the writer is
  // done with into `spent` (to be destroyed by the caller, outside the lock), or both; false when
  // all batches are written and disposed of.
  bool take(unsigned worker, std::optional<Batch>& b, std::vector<Batch>& spent) {
    std::unique_lock lock(mu_);
    work_.wait(lock, [&] {
      return !todo_.empty() || !spent_[worker].empty() ||
             (input_closed_ && disposed_ == next_seq_) || aborted_;
    });
    if (aborted_) return false;
    spent.swap(spent_[worker]);
    if (!todo_.empty()) {
      b.emplace(std::move(todo_.front()));
      todo_.pop_front();
    }
    return b || !spent.empty();
  }
  void finish(Batch b) {
    std::lock_guard lock(mu_);
    std::uint64_t seq = b.seq;
    done_.emplace(seq, std::move(b));
    done_cv_.notify_all();
  }

  // Writer: the next batch in order; false when all are written.
  bool next_done(Batch& b) {
    std::unique_lock lock(mu_);
    done_cv_.wait(lock, [&] {
      return done_.count(written_) || (input_closed_ && written_ == next_seq_) || aborted_;
    });
    auto it = done_.find(written_);
    if (it == done_.end()) return false;
    b = std::move(it->second);
    done_.erase(it);
    ++written_;
    return true;
  }

  // Writer: done with `b`, which a worker destroys. Its memory (the hands, their events and
  // strings, the text) was allocated by the reader and the workers: freed by the writer, the one
  // thread the run waits for, it cost about a tenth of the writer's time while loading (frees into
  // other threads' malloc arenas). It counts as in flight until then, so the memory held stays
  // bounded as before.
  void dispose(Batch b) {
    std::lock_guard lock(mu_);
    spent_[b.worker].push_back(std::move(b));
    work_.notify_all();  // the worker that parsed it
  }
  // Writer: keeps the batch it was given last, to write it with the next ones (BatchWriter's
  // group): held, it no longer counts as in flight, so that the reader and workers go on; the
  // writer bounds what it holds.
  void hold() {
    std::lock_guard lock(mu_);
    ++held_;
    space_.notify_all();
  }
  // Writer: done with the batches it held (dispose).
  void dispose_held(std::vector<Batch>& held) {
    std::lock_guard lock(mu_);
    held_ -= held.size();
    for (Batch& b : held) spent_[b.worker].push_back(std::move(b));
    held.clear();
    work_.notify_all();
  }
  // Worker: the batches in `spent` are destroyed.
  void disposed(std::size_t count) {
    if (count == 0) return;
    std::lock_guard lock(mu_);
    disposed_ += count;
    space_.notify_all();
    if (input_closed_ && disposed_ == next_seq_) work_.notify_all();  // the other workers may end
  }

  void abort() {
    std::lock_guard lock(mu_);
    aborted_ = true;
    work_.notify_all();
    space_.notify_all();
    done_cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable work_, space_, done_cv_;
  std::deque<Batch> todo_;
  std::map<std::uint64_t, Batch> done_;
  // Written, to be destroyed by the worker that parsed them, by worker: freed into the malloc
  // arena they came from (with two workers, each freeing the other's batches held about 8 MB more).
  std::vector<std::vector<Batch>> spent_;
  std::uint64_t next_seq_{0};
  std::uint64_t written_{0};
  std::uint64_t disposed_{0};
  std::uint64_t held_{0};  // by the writer (hold), not yet disposed of
  std::size_t max_in_flight_;
  bool input_closed_{false};
  bool aborted_{false};
};

// The hands of a file opened (and its head sniffed) by read_file, in batches of complete hands
// sent on by `push`. A hand never straddles two batches: the text after the last hand start of a
// piece is carried into the next one. False when the file could not be read to its end, or
// Ctrl-C cut it short.
template <typename Push>
bool read_hand_batches(const InputFile& f, std::istream& in, Encoding encoding,
                       const Format* format, std::string first_bytes, const Push& push) {
  PieceReader reader(in, encoding);
  reader.put_back(std::move(first_bytes));
  Sha256 sha;
  // The next piece, hashed if the file is read once: the pieces are the file's bytes in order.
  const auto next_piece = [&](std::string& raw) {
    const bool got = reader.next(raw);
    if (got && f.read_once) sha.update(raw);
    return got;
  };
  const auto digest = [&] { return f.read_once ? sha.hex() : std::string(); };
  HandRuns runs(next_piece);
  HandRuns::Run run;
  while (!g_interrupted.load() && runs.next(run)) {
    if (run.carried) continue;
    Batch b;
    b.text = std::move(run.text);
    b.hands = std::move(run.hands);
    b.format = format;
    b.raw_bytes = run.piece_bytes;
    b.last_of_file = run.last;
    if (run.last) b.file_sha256 = digest();
    push(std::move(b));
    if (run.last) return true;
  }
  if (g_interrupted.load() || reader.failed()) return false;
  Batch last;  // an empty file: finished with no hands
  last.last_of_file = true;
  last.file_sha256 = digest();
  push(std::move(last));
  return true;
}

// Reads one file into batches of complete hands (read_hand_batches). A file read once is opened
// here first: its head is sniffed, and what was found goes with its first batch (a file not read
// for its hands, or that cannot be read, is one batch of that alone).
void read_file(const InputFile& f, std::size_t index, Pipeline& pipe, std::ostream& err,
               std::mutex& err_mu, std::atomic<long>& io_errors) {
  std::optional<ScanResult> head;  // a file read once: for its first batch
  const auto push = [&](Batch b) {
    b.file = index;
    if (head) b.head = std::exchange(head, std::nullopt);
    pipe.push(std::move(b));
  };
  const auto push_head_alone = [&] {
    Batch b;
    b.last_of_file = true;
    push(std::move(b));
  };
  // A file that cannot be read to its end is left unfinished in the database, so that the next
  // run audits it again; so is one cut short by Ctrl-C.
  errno = 0;
  auto in = open_input(f);
  if (f.read_once) head.emplace();
  if (!in) {
    if (head) {
      head->error = "open failed (" + errno_text() + ")";
      push_head_alone();
      return;
    }
    std::lock_guard lock(err_mu);
    err << "hhaudit: cannot read " << f.path << "\n";
    ++io_errors;
    return;
  }
  Encoding encoding = f.encoding;
  const Format* format = f.format;
  std::string first_bytes;
  if (head) {
    errno = 0;
    scan_head(*in, first_bytes, *head);
    format = head->sniffed.format;
    encoding = head->encoding;
    if (in->bad()) {
      head->error = "read failed (" + errno_text() + ")";
      push_head_alone();
      return;
    }
    if (!reads_hands(f, format)) {
      read_rest(*in, first_bytes, is_summary(format), *head);
      push_head_alone();
      return;
    }
    head->ok = true;
  }
  if (read_hand_batches(f, *in, encoding, format, std::move(first_bytes), push)) return;
  if (head) push(Batch{});  // registered unfinished, as the first pass registers the others
  if (g_interrupted.load()) return;
  std::lock_guard lock(err_mu);
  err << "hhaudit: error reading " << f.path << "\n";
  ++io_errors;
}

// The hands of one piece of a file. A reader that fails (an exception: a library's limit, memory)
// fails this piece alone: it is an unparsed hand saying why, and the run goes on with the next.
std::vector<Hand> read_piece(const Format* format, const HandText& ht, const std::string& path,
                             const ReadOptions& options) {
  try {
    return read_any_hands_text(format, ht, path, options);
  } catch (const std::exception& e) {
    std::vector<Hand> one;
    one.push_back(unparsed_hand(ht, path, format ? format->name() : std::string_view("unknown"),
                                "a hand its reader can read",
                                std::string("the reader failed: ") + e.what()));
    return one;
  }
}

void work(unsigned worker, Pipeline& pipe, const std::vector<InputFile>& files,
          const AuditOptions& options, std::exception_ptr& failure, std::mutex& failure_mu) {
  try {
    std::optional<Batch> next;
    std::vector<Batch> spent;
    while (pipe.take(worker, next, spent)) {
      const std::size_t count = spent.size();
      spent.clear();
      pipe.disposed(count);
      if (!next) continue;
      Batch b = std::move(*next);
      next.reset();
      b.worker = worker;
      const InputFile& file = files[b.file];
      b.parsed.reserve(b.hands.size());
      b.results.reserve(b.hands.size());
      b.content_sha256.reserve(b.hands.size());
      b.rows.reserve(b.hands.size());
      for (const HandText& ht : b.hands) {
        for (Hand& h : read_piece(b.format, ht, file.path, options.read_options)) {
          b.parsed.push_back(std::move(h));
          b.results.push_back(audit_hand(b.parsed.back(), options.context));
          b.content_sha256.push_back(sha256_hex(b.parsed.back().raw));
          db::prepare_rows(b.parsed.back(), b.results.back(), b.rows.emplace_back());
        }
      }
      b.hands.clear();
      b.text.reset();  // the hands own their text now
      pipe.finish(std::move(b));
    }
  } catch (...) {
    std::lock_guard lock(failure_mu);
    if (!failure) failure = std::current_exception();
    pipe.abort();
  }
}

void count_finding(const Finding& f, AuditSummary& summary) {
  CodeCount& c = summary.codes[f.code];
  c.severity = f.severity;
  ++c.count;
  // Only what charges the site decides the run's outcome (exit code): hhaudit's gaps do not.
  if (f.blame == Blame::Site && (!summary.worst || f.severity > *summary.worst))
    summary.worst = f.severity;
}

// The checks between hands (docs/sessions.md, docs/rake.md) this run's hands and summaries made
// due, with those an earlier run owes (pending_checks: killed before its checks were stored),
// over all that the store holds of each scope: a later run re-checks the seams with the hands
// stored before, and the findings of a scope are replaced as a whole, so the order of files and
// runs does not change them. First every table (its findings between hands, a move's too), then
// every tournament (its summary against its hands, the chips of players moved between its
// tables: after its tables, whose checks replace the findings of a move), then every site's
// learned rake. `readers` threads read the scopes' hands beside this one, which writes the
// findings (SQLite), or check whole scopes beside it (PostgreSQL: replace_scope_findings). Each
// finding is counted as the store writes it, none held (a table may have more
// than memory should hold).
void check_between_hands(db::Store& store, const db::PendingChecks& due,
                         const HouseRulesBook& house, unsigned readers, AuditSummary& summary) {
  const db::ScopeCheck check = audit_checks(house);
  const auto count = [&](const db::ScopeFinding& f) { count_finding(f.finding, summary); };
  const auto run = [&](const auto& keys, unsigned threads) {
    summary.transactions_retried +=
        replace_scope_findings(store, {keys.begin(), keys.end()}, check, count, threads);
    store.commit();
  };
  run(due.tables, readers);
  run(due.tournaments, readers);
  std::vector<db::RakeSite> sites;
  for (const std::string& site : due.rake_sites) sites.push_back({site});
  run(sites, 0);
}

// A tournament summary file, read whole (summaries are small), checked on its own and stored.
void audit_summary_file(const InputFile& f, std::string_view bytes, const Format& format,
                        db::Store& writer, std::set<db::TournamentKey>& tournaments,
                        AuditSummary& summary) {
  const TournamentSummary t = format.read_summary(decode(bytes).text, f.path);
  const std::vector<Finding> findings = check_summary(t);
  const db::HandOutcome outcome = writer.add_summary(f.file_id, {t, findings, sha256_hex(t.raw)});
  ++summary.summaries;
  switch (outcome) {
    case db::HandOutcome::Inserted:
      for (const Finding& finding : findings) count_finding(finding, summary);
      if (!t.tournament_id.empty()) tournaments.insert({t.site, t.tournament_id});
      break;
    case db::HandOutcome::Duplicate:
      ++summary.duplicates;
      break;
    case db::HandOutcome::Conflict:
      ++summary.conflicts;
      count_finding(db::summary_conflict_finding(t), summary);
      break;
  }
  writer.finish_file(f.file_id, 0, t.parsed ? 0 : 1);
}

// Registers a file the first pass or the reader (a file read once) scanned: one that cannot be
// read, or is not read for its hands, is recorded so; a summary is audited here; a file of hands
// is begun. True: its hands are to be read and written (f.file_id set).
bool register_file(InputFile& f, const ScanResult& s, db::Store& writer,
                   std::set<db::TournamentKey>& tournaments, AuditSummary& summary,
                   std::ostream& err) {
  std::error_code ec;
  if (on_disk(f) && !f.read_once && s.ok) f.bytes = fs::file_size(f.path, ec);
  const InputAccount account = account_input(f, s);
  if (account.kind == InputKind::Unreadable) {
    // Nothing of it read: recorded by its path, with what failed and what was expected.
    err << "hhaudit: cannot read " << f.path << ": " << account.note << "\n";
    const std::uintmax_t size = fs::is_regular_file(f.path, ec) ? fs::file_size(f.path, ec) : 0;
    writer.record_unread_file({{f.path, "", ec ? 0 : static_cast<std::uint64_t>(size), "", ""},
                               db::UnreadReason::Unreadable,
                               account.note});
    summary.not_read.push_back({f.path, account.why});
    ++summary.files_unreadable;
    ++summary.io_errors;
    return false;
  }
  const Format* format = s.sniffed.format;
  db::FileRecord rec{f.path, s.sha256, f.bytes, encoding_name(s.encoding),
                     format ? std::string(format->name()) : std::string()};
  // Read once (its digest comes at its end): another writer may have registered it by digest.
  if (rec.sha256.empty() && f.read_once) rec.digest = [&f] { return scan(f).sha256; };
  if (account.kind == InputKind::Unsupported || account.kind == InputKind::NoHands) {
    const bool unsupported = account.kind == InputKind::Unsupported;
    writer.record_unread_file(
        {rec, unsupported ? db::UnreadReason::Unsupported : db::UnreadReason::NoHands,
         account.note});
    summary.not_read.push_back({f.path, account.why});
    ++(unsupported ? summary.files_unsupported : summary.files_without_hands);
    if (!unsupported && !account.known_non_hand) ++summary.files_without_hands_unknown;
    return false;
  }
  bool already = false;
  f.file_id = writer.begin_file(rec, already);
  ++summary.files;
  if (already) {
    ++summary.files_already_audited;
    summary.already_audited_ids.push_back(f.file_id);
    return false;
  }
  if (account.kind == InputKind::Summary) {
    audit_summary_file(f, s.bytes, *format, writer, tournaments, summary);
    return false;
  }
  return true;
}

}  // namespace

std::string not_regular_file(const std::string& p) {
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(p, ec);
  const fs::file_status target = fs::status(p, ec);
  if (fs::is_symlink(link) && ec)
    return "a symlink to nothing (" + ec.message() + "); expected a regular file";
  const char* what = "not a regular file";
  switch (target.type()) {
    case fs::file_type::fifo:
      what = "not a regular file (a FIFO)";
      break;
    case fs::file_type::socket:
      what = "not a regular file (a socket)";
      break;
    case fs::file_type::block:
      what = "not a regular file (a block device)";
      break;
    case fs::file_type::character:
      what = "not a regular file (a character device)";
      break;
    default:
      break;
  }
  return std::string(what) + "; expected a regular file or a folder";
}

namespace {

// A regular file `in` as an input: itself, or, an archive, its members (InputPath::member).
void add_input(InputPath in, const ArchiveLimits& limits, std::vector<InputPath>& inputs,
               std::vector<NotRead>& not_read) {
  if (!in.unreadable.empty() || !is_archive_name(in.path)) {
    inputs.push_back(std::move(in));
    return;
  }
  ArchiveContents contents = read_archive(in.path, limits);
  const std::string folder = in.from_folder ? in.folder : in.path + "!";
  for (ArchiveEntry& e : contents.entries) {
    InputPath member{in.path + "!/" + e.name, true, folder, std::move(e.unreadable)};
    if (member.unreadable.empty()) member.member = std::move(e.member);
    inputs.push_back(std::move(member));
  }
  if (!contents.error.empty()) {
    in.unreadable = contents.error;
    inputs.push_back(std::move(in));
  } else if (contents.entries.empty()) {
    not_read.push_back({in.path, "empty archive"});
  }
}

}  // namespace

unsigned shard_of(std::string_view path, unsigned shards) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : path) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return static_cast<unsigned>(h % std::max(1u, shards));
}

bool known_non_hand_path(const std::string& path) {
  const fs::path p(path);
  const std::string ext = p.extension().string();
  std::error_code ec;
  if (ext == ".hp" || ext == ".gt" || ext == ".hands")
    return fs::is_regular_file(p.parent_path() / p.stem(), ec);
  return ext == ".md" || ext == ".tsv";
}

std::vector<InputPath> expand_paths(const std::vector<std::string>& paths,
                                    std::vector<NotRead>& not_read, long& io_errors,
                                    std::ostream& err, const ArchiveLimits& limits) {
  std::vector<InputPath> inputs;
  for (const std::string& p : paths) {
    if (p == "-") {
      inputs.push_back({p, false, {}, {}});
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<InputPath> found;
      // Symlinked folders are not followed: a link loop cannot make the walk endless.
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::end(it);
           it.increment(ec)) {
        std::error_code entry;
        if (it->is_regular_file(entry)) {
          found.push_back({it->path().string(), true, p, {}});
        } else if (!it->is_directory(entry)) {
          // A folder (or a symlink to one) is walked, or left, by the iterator itself.
          found.push_back({it->path().string(), true, p, not_regular_file(it->path().string())});
        }
      }
      if (ec) {
        err << "hhaudit: cannot read folder " << p << ": " << ec.message() << "\n";
        not_read.push_back({p, "cannot read folder: " + ec.message()});
        ++io_errors;
      }
      // Stable order: the same database for the same input.
      std::sort(found.begin(), found.end(),
                [](const InputPath& a, const InputPath& b) { return a.path < b.path; });
      if (found.empty() && !ec) not_read.push_back({p, "empty folder"});
      for (auto& f : found) add_input(std::move(f), limits, inputs, not_read);
    } else if (fs::is_regular_file(p, ec)) {
      add_input({p, false, {}, {}}, limits, inputs, not_read);
    } else if (fs::is_fifo(p, ec)) {
      inputs.push_back({p, false, {}, {}, true});
    } else if (fs::exists(fs::symlink_status(p, ec))) {  // a FIFO, a device, a dangling symlink
      inputs.push_back({p, false, {}, not_regular_file(p)});
    } else {
      err << "hhaudit: no such file or folder: " << p << "\n";
      not_read.push_back({p, "no such file or folder"});
      ++io_errors;
    }
  }
  return inputs;
}

namespace {

// The files the paths name, in order: those of this shard alone when the run is sharded.
std::vector<InputFile> input_files(const AuditOptions& options, AuditSummary& summary,
                                   std::ostream& err) {
  std::vector<InputFile> inputs;
  for (InputPath& p : expand_paths(options.paths, summary.not_read, summary.io_errors, err,
                                   options.archive_limits)) {
    inputs.push_back(input_file(std::move(p)));
  }
  if (options.shards > 1) {
    const auto first_other = std::stable_partition(
        inputs.begin(), inputs.end(),
        [&](const InputFile& f) { return shard_of(f.path, options.shards) == options.shard; });
    summary.files_in_other_shards = std::distance(first_other, inputs.end());
    inputs.erase(first_other, inputs.end());
  }
  return inputs;
}

// The files whose hands are to be read, and their bytes (progress).
struct FilesToRead {
  std::vector<InputFile> files;
  std::uint64_t total_bytes{0};
};

// First pass: the format of each file from its head, and the digests that decide, before any
// parsing, that a file was audited before. Only a file of a byte size that no stored file and no
// other input has can be new for sure without its digest: it is read once, by the reader, which
// hashes it as it goes. Any other file is read to its end here first, and registered.
FilesToRead first_pass(std::vector<InputFile>& inputs, int standard_input, db::Store& writer,
                       std::set<db::TournamentKey>& tournaments, AuditSummary& summary,
                       std::ostream& err) {
  std::map<std::uint64_t, int> sizes;  // byte size -> files stored or input of that size
  for (const std::uint64_t bytes : writer.content_file_sizes()) ++sizes[bytes];
  for (InputFile& f : inputs) {
    std::error_code ec;
    if (f.member) {
      ++sizes[f.bytes = f.member->bytes];
    } else if (on_disk(f) && f.unreadable.empty()) {
      const std::uintmax_t size = fs::file_size(f.path, ec);
      if (!ec) ++sizes[f.bytes = size];
    }
  }
  FilesToRead todo;
  std::set<std::string>
      digests;  // of the inputs hashed so far: a copy is said, not merged silently
  for (InputFile& f : inputs) {
    if (g_interrupted.load()) break;  // files not registered yet are simply left for the rerun
    if ((f.pipe || f.path == "-") && f.unreadable.empty()) {
      // Once: a pipe gives its bytes to one reader. Here, under the SIGINT guard, like the
      // first pass over a file (what the digest and the reading then use).
      spool(f, standard_input, g_interrupted);
      if (g_interrupted.load()) break;
    }
    const auto same_size = sizes.find(f.bytes);
    f.read_once = (on_disk(f) || f.member) && f.unreadable.empty() && same_size != sizes.end() &&
                  same_size->second == 1;
    if (!f.read_once) {
      ScanResult s;
      if (f.unreadable.empty()) s = scan(f);
      summary.first_pass_bytes += s.bytes_read;
      if (!s.sha256.empty() && !digests.insert(s.sha256).second) ++summary.identical_copies;
      if (!register_file(f, s, writer, tournaments, summary, err)) continue;
      f.encoding = s.encoding;
      f.format = s.sniffed.format;
    }
    todo.total_bytes += f.bytes;
    todo.files.push_back(std::move(f));
  }
  return todo;
}

// The writer's side of the run: each batch, in the order read, has its hands stored, the run's
// counts and the checks its new hands make due noted, and its file finished after its last one.
// A store that writes several batches at once (Store::grouped_hands: PostgreSQL, whose every
// transaction costs round trips) is given consecutive batches together, of one file or several,
// up to its number of hands, kGroupBytes of input and kGroupBatches batches: what is held waiting
// stays small, however many small files come.
class BatchWriter {
 public:
  BatchWriter(FilesToRead& todo, db::Store& writer, db::PendingChecks& due, AuditSummary& summary,
              const AuditOptions& options, std::ostream& err)
      : todo_(todo),
        writer_(writer),
        due_(due),
        summary_(summary),
        options_(options),
        err_(err),
        file_hands_(todo.files.size(), 0),
        file_failed_(todo.files.size(), 0) {}

  static constexpr std::uint64_t kGroupBytes = 4 * kReadPiece;
  static constexpr std::size_t kGroupBatches = 256;

  // The next batch in order: its file registered first if it is read once; written now, or held
  // in the group (pipe.hold) and written with the next ones.
  void take(Batch b, Pipeline& pipe) {
    InputFile& file = todo_.files[b.file];
    if (b.head && !register_file(file, *b.head, writer_, due_.tournaments, summary_, err_))
      file.skipped = true;
    done_bytes_ += b.raw_bytes;
    if (file.skipped) {
      pipe.dispose(std::move(b));
      return;
    }
    const std::size_t hands = static_cast<std::size_t>(std::max(0, writer_.grouped_hands()));
    if (!group_.empty() &&
        (group_hands_ + b.parsed.size() > hands || group_bytes_ + b.raw_bytes > kGroupBytes ||
         group_.size() >= kGroupBatches))
      flush(pipe);
    group_hands_ += b.parsed.size();
    group_bytes_ += b.raw_bytes;
    group_.push_back(std::move(b));
    pipe.hold();
    if (hands == 0) flush(pipe);
  }

  // Writes the batches held: their hands stored, their files finished after their last batch.
  void flush(Pipeline& pipe) {
    if (group_.empty()) return;
    std::vector<db::Store::FileBatch> batches;
    batches.reserve(group_.size());
    for (const Batch& b : group_) {
      db::Store::FileBatch& fb = batches.emplace_back();
      fb.file_id = todo_.files[b.file].file_id;
      fb.hands.reserve(b.parsed.size());
      for (std::size_t i = 0; i < b.parsed.size(); ++i) {
        fb.hands.push_back({b.parsed[i], b.results[i], b.content_sha256[i], &b.rows[i]});
        ++file_hands_[b.file];
        if (!b.parsed[i].parsed) ++file_failed_[b.file];
      }
      if (b.last_of_file) fb.finish = {file_hands_[b.file], file_failed_[b.file], b.file_sha256};
    }
    const std::vector<std::vector<db::HandOutcome>> outcomes = writer_.add_batches(batches);
    for (std::size_t k = 0; k < group_.size(); ++k) {
      const Batch& b = group_[k];
      for (std::size_t i = 0; i < b.parsed.size(); ++i)
        count_hand(b.parsed[i], b.results[i], outcomes[k][i]);
      if (b.last_of_file && file_hands_[b.file] == 0)
        summary_.not_read.push_back({todo_.files[b.file].path, "no hands"});
    }
    group_hands_ = 0;
    group_bytes_ = 0;
    pipe.dispose_held(group_);
    draw_progress();
  }

 private:
  void count_hand(const Hand& h, const AuditResult& r, db::HandOutcome outcome) {
    ++summary_.hands;
    if (!h.parsed) ++summary_.unparsed;
    switch (outcome) {
      case db::HandOutcome::Inserted:
        due_.add_hand(h, r);
        if (std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
              return f.severity == Severity::Error && f.blame == Blame::Site;
            }))
          ++summary_.hands_with_errors;
        if (std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
              return f.severity != Severity::Info && f.blame == Blame::Hhaudit;
            }))
          ++summary_.hands_with_gaps;
        for (const Finding& f : r.findings) count_finding(f, summary_);
        break;
      case db::HandOutcome::Duplicate:
        ++summary_.duplicates;
        break;
      case db::HandOutcome::Conflict:
        ++summary_.conflicts;
        break;
    }
  }

  void draw_progress() {
    auto now = std::chrono::steady_clock::now();
    if (options_.progress && now - last_draw_ > std::chrono::milliseconds(200)) {
      last_draw_ = now;
      err_ << "\r\033[K" << summary_.hands << " hands, " << done_bytes_ / (1 << 20) << "/"
           << todo_.total_bytes / (1 << 20) << " MB" << std::flush;
    }
  }

  FilesToRead& todo_;
  db::Store& writer_;
  db::PendingChecks& due_;
  AuditSummary& summary_;
  const AuditOptions& options_;
  std::ostream& err_;
  std::vector<int> file_hands_, file_failed_;
  std::vector<Batch> group_;  // held, to be written together (flush)
  std::size_t group_hands_{0};
  std::uint64_t group_bytes_{0};
  std::uint64_t done_bytes_{0};
  std::chrono::steady_clock::time_point last_draw_{std::chrono::steady_clock::now()};
};

// Reads, parses and audits the files on a reader thread and `options.jobs` workers, and writes
// their batches in order on this thread.
void read_audit_and_write(FilesToRead& todo, db::Store& writer, db::PendingChecks& due,
                          AuditSummary& summary, const AuditOptions& options, std::ostream& err) {
  const unsigned jobs = std::max(1u, options.jobs);
  Pipeline pipe(jobs + 2, jobs);
  std::mutex err_mu, failure_mu;
  std::atomic<long> io_errors{0};
  std::exception_ptr failure;

  std::thread reader([&] {
    for (std::size_t i = 0; i < todo.files.size() && !g_interrupted.load(); ++i)
      read_file(todo.files[i], i, pipe, err, err_mu, io_errors);
    pipe.close_input();
  });
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < jobs; ++i)
    workers.emplace_back([&, i] { work(i, pipe, todo.files, options, failure, failure_mu); });

  BatchWriter batches(todo, writer, due, summary, options, err);
  Batch b;
  try {
    while (pipe.next_done(b)) batches.take(std::move(b), pipe);
    batches.flush(pipe);
  } catch (...) {
    pipe.abort();
    reader.join();
    for (auto& w : workers) w.join();
    throw;
  }
  reader.join();
  for (auto& w : workers) w.join();
  // The reader's and workers' malloc arenas keep the memory of every batch they freed; the checks
  // below allocate in this thread's arena beside it. Given back, the peak of a run is what is in
  // use, not the two summed (glibc; measured in docs/performance.md).
  malloc_trim(0);
  writer.commit();
  if (options.progress) err << "\r\033[K" << std::flush;
  summary.io_errors += io_errors.load();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

AuditSummary run_audit(const AuditOptions& options, const std::function<db::Store&()>& store,
                       std::ostream& err) {
  AuditSummary summary;
  std::vector<InputFile> inputs = input_files(options, summary, err);
  if (inputs.empty()) return summary;
  db::Store& writer = store();

  const HouseRulesBook defaults;
  const HouseRulesBook& house =
      options.context.house_rules ? *options.context.house_rules : defaults;
  // The rules this run judged by, for whoever reads the database later (of the latest run).
  writer.set_meta("house_rules", house_rules_toml(house));
  // The checks between hands an earlier run owes (killed, or stopped by a full disk, after its
  // hands were committed and before their checks were): this run does them with its own.
  const db::PendingChecks owed = writer.pending_checks();
  // From here on Ctrl-C stops the run cleanly, also during the first pass.
  SigintGuard sigint;
  // Where each input comes in the input: the inputs not read are listed in that order, whether
  // the first pass or the writer (a file read once) found them so.
  std::map<std::string, std::size_t> position;
  for (const InputFile& f : inputs) position.emplace(f.path, position.size());
  // The checks this run's new hands and summaries make due: of the tables, tournaments and sites
  // (learned rake) they were added to.
  db::PendingChecks due;
  FilesToRead todo =
      first_pass(inputs, options.standard_input, writer, due.tournaments, summary, err);
  read_audit_and_write(todo, writer, due, summary, options, err);
  // With those an earlier run owes; a table's tournament after it (its checks replace the
  // findings of the table's hands' moves, which the tournament's checks store).
  due.merge(owed);
  due.close_over_tournaments();
  const unsigned jobs = std::max(1u, options.jobs);
  check_between_hands(writer, due, house, jobs, summary);
  summary.transactions_retried += writer.transaction_retries();
  summary.interrupted = g_interrupted.load();
  // Paths that are no input (a missing path, an empty folder) first, as expand_paths found them.
  const auto input_position = [&](const NotRead& n) {
    const auto it = position.find(n.path);
    return it == position.end() ? -1 : static_cast<long>(it->second);
  };
  std::stable_sort(
      summary.not_read.begin(), summary.not_read.end(),
      [&](const NotRead& a, const NotRead& b) { return input_position(a) < input_position(b); });
  return summary;
}

}  // namespace hh::pipeline
