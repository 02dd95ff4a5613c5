// `hhaudit convert PATH... --to NAME [-o DIR]`: hands of any readable format written in a
// writable one (Format::writable(), found by name in the registry), one output file per input
// file. A hand the target cannot express is reported with its file, line and why, never dropped
// silently; what a written hand loses is summed up at the end.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "cli/commands.hpp"
#include "parser/format.hpp"
#include "parser/text/decode.hpp"
#include "pipeline/input.hpp"
#include "pipeline/pipeline.hpp"

namespace hh::cli {

namespace {

namespace fs = std::filesystem;

struct ConvertArgs {
  std::vector<std::string> paths;
  std::string to;
  std::string out_dir{"."};
  std::string gg_zone;
};

std::string writable_names() {
  std::string names;
  for (const auto& f : formats())
    if (f->writable()) names += (names.empty() ? "" : ", ") + std::string(f->name());
  return names;
}

// Where the hands of `in` are written: DIR/<name><ext> for a file named on the command line,
// DIR/<path under the folder><ext> for one found in a folder, "-" (stdout) for stdin.
fs::path output_path(const pipeline::InputPath& in, const fs::path& dir, std::string_view ext) {
  if (in.path == "-") return "-";
  fs::path rel = in.from_folder ? fs::path(in.path).lexically_relative(in.folder)
                                : fs::path(in.path).filename();
  rel.replace_extension(ext);
  return dir / rel;
}

struct Counts {
  long hands = 0, written = 0, not_written = 0, files_skipped = 0, failed = 0;
  long files_without_hands = 0;  // found in a folder, known to hold none (notes, sidecars, blank)
  long io_errors = 0;
  std::map<std::string, long> lost;  // what written hands lost, by why
};

// A hand not written, as listed on stderr.
struct NotWritten {
  std::uint32_t line;
  std::string hand_id;
  std::string why;
  std::string other;  // another writable format that writes it, or ""
};

// The hand written by `target`, unless the reading left a gap (a line it did not understand:
// docs/discrepancies.md, "Nothing unread is charged to the site"): a hand with a gap is not
// written, as the written file would carry it as whole.
Format::WrittenHand write_whole(const Format& target, const Hand& h) {
  if (h.parsed && !h.issues.empty()) {
    Format::WrittenHand w;
    const ParseIssue& i = h.issues.front();
    w.lost.push_back(
        fmt::format("line {} was not read ({}), so the hand is not whole", i.line, i.got));
    return w;
  }
  return target.write_hand(h);
}

// The name of another writable format that can write a hand `target` cannot, or "".
std::string other_writer(const Format& target, const Hand& h) {
  if (!h.parsed || !h.issues.empty()) return {};
  for (const auto& f : formats())
    if (f.get() != &target && f->writable() && f->write_hand(h).written)
      return std::string(f->name());
  return {};
}

// Each refusal on its own line; a reason shared by several hands of the file (a game the
// format has no type for) once, with its count and first line.
void list_not_written(const std::string& path, const std::vector<NotWritten>& refused) {
  std::map<std::string, std::vector<const NotWritten*>> by_why;
  for (const NotWritten& n : refused) by_why[n.why].push_back(&n);
  for (const NotWritten& n : refused) {
    const auto& same = by_why[n.why];
    if (same.empty() || (same.size() > 1 && same.front() != &n)) continue;
    const std::string hint = n.other.empty() ? "" : " (--to " + n.other + " writes it)";
    if (same.size() == 1)
      std::cerr << path << ":" << n.line << ": not written"
                << (n.hand_id.empty() ? "" : " (hand " + n.hand_id + ")") << ": " << n.why << hint
                << "\n";
    else
      std::cerr << path << ": " << same.size() << " hands not written (the first at line " << n.line
                << "): " << n.why << hint << "\n";
  }
}

// `wanted`, or, when another input of this run already writes there, the first free
// `<stem>-2<ext>`, `<stem>-3<ext>`...: every input gets its own output.
fs::path unique_output(const fs::path& wanted, const std::map<fs::path, std::string>& outputs) {
  if (wanted == "-" || !outputs.count(wanted)) return wanted;
  for (int n = 2;; ++n) {
    fs::path p = wanted;
    p.replace_filename(wanted.stem().string() + "-" + std::to_string(n) +
                       wanted.extension().string());
    if (!outputs.count(p)) return p;
  }
}

// An input not converted, listed as `audit` lists it ("not read: PATH: WHY").
void not_converted(const std::string& path, const std::string& why) {
  std::cerr << path << ": not converted: " << why << "\n";
}

// Reads an input as the audit's first pass does (pipeline/input.hpp): stdin and pipes spooled,
// the head decoded and sniffed, every byte read; then what becomes of it, by the audit's rule. A
// file that holds hands is left in `scanned` (its bytes) for the caller; any other is counted here.
bool read_input(pipeline::InputFile& in, pipeline::ScanResult& scanned, Counts& counts) {
  static const std::atomic<bool> never_stopped{false};  // Ctrl-C ends `convert` at once
  if ((in.pipe || in.path == "-") && in.unreadable.empty())
    pipeline::spool(in, STDIN_FILENO, never_stopped);
  if (in.unreadable.empty()) scanned = pipeline::scan(in, true);
  if (scanned.ok) in.bytes = scanned.bytes_read;
  const pipeline::InputAccount account = pipeline::account_input(in, scanned);
  switch (account.kind) {
    case pipeline::InputKind::Unreadable:
      std::cerr << "hhaudit: cannot read " << in.path << ": " << account.note << "\n";
      ++counts.io_errors;
      return false;
    case pipeline::InputKind::Unsupported:
      not_converted(in.path, account.why);
      ++counts.files_skipped;
      return false;
    case pipeline::InputKind::NoHands:
      not_converted(in.path, account.why);
      // As `audit`: a file known to hold no hand leaves nothing unconverted.
      ++(account.known_non_hand ? counts.files_without_hands : counts.files_skipped);
      return false;
    case pipeline::InputKind::Summary:
      not_converted(in.path,
                    "a " + std::string(scanned.sniffed.format->display_name()) + " holds no hands");
      ++counts.files_skipped;
      return false;
    case pipeline::InputKind::Hands:
      break;
  }
  return true;
}

// The hands of a file's text, each piece read as the pipeline reads it (read_any_hands_text with
// the format sniffed from the file's head).
std::vector<Hand> read_hands(const std::string& bytes, const Format* format,
                             const std::string& path, const ReadOptions& options) {
  const Decoded decoded = decode(bytes);
  std::vector<Hand> hands;
  for (const HandText& ht : split_any_hands(decoded.text))
    for (Hand& h : read_any_hands_text(format, ht, path, options)) hands.push_back(std::move(h));
  return hands;
}

// Converts one input into its output file.
void convert_file(const pipeline::InputPath& input, const Format& target,
                  const ReadOptions& read_options, const std::string& out_dir, Counts& counts,
                  std::map<fs::path, std::string>& outputs) {
  pipeline::InputFile in = pipeline::input_file(input);
  pipeline::ScanResult scanned;
  if (!read_input(in, scanned, counts)) return;
  std::vector<std::string> texts;
  std::vector<NotWritten> refused;
  for (const Hand& h : read_hands(scanned.bytes, scanned.sniffed.format, in.path, read_options)) {
    ++counts.hands;
    Format::WrittenHand w = write_whole(target, h);
    if (!w.written) {
      refused.push_back({h.source.line, h.site_hand_id,
                         w.lost.empty() ? std::string("no reason given") : w.lost.front(),
                         other_writer(target, h)});
      continue;
    }
    for (const std::string& why : w.lost) ++counts.lost[why];
    texts.push_back(std::move(w.text));
  }
  counts.not_written += static_cast<long>(refused.size());
  list_not_written(in.path, refused);
  if (texts.empty()) return;
  const std::string text = target.join_written(texts);
  const fs::path out = unique_output(output_path(input, out_dir, target.file_extension()), outputs);
  if (out == "-") {
    std::cout << text;
    counts.written += static_cast<long>(texts.size());
    return;
  }
  outputs.emplace(out, in.path);
  std::error_code ec;
  fs::create_directories(out.parent_path().empty() ? fs::path(".") : out.parent_path(), ec);
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (ec || !file) {
    std::cerr << "hhaudit: cannot write " << out.string() << "\n";
    ++counts.io_errors;
    counts.not_written += static_cast<long>(texts.size());
    return;
  }
  counts.written += static_cast<long>(texts.size());
}

int run_convert(const ConvertArgs& args) {
  const Format* target = format_by_name(args.to);
  if (!target || !target->writable()) {
    std::cerr << "hhaudit: cannot write \"" << args.to
              << "\"; writable formats: " << writable_names() << "\n";
    return kUsageOrIo;
  }
  ReadOptions read_options;
  if (!args.gg_zone.empty()) read_options.gg_time_zone = args.gg_zone;
  try {
    check_read_options(read_options);
  } catch (const std::invalid_argument& e) {
    std::cerr << "hhaudit: " << e.what() << "\n";
    return kUsageOrIo;
  }
  std::vector<pipeline::NotRead> not_read;
  Counts counts;
  const std::vector<pipeline::InputPath> inputs =
      pipeline::expand_paths(args.paths, not_read, counts.io_errors, std::cerr);
  std::map<fs::path, std::string> outputs;  // output file -> the input it is written from
  // Inputs that name nothing to read (a missing path, an empty folder or archive), as `audit`.
  for (const pipeline::NotRead& n : not_read) not_converted(n.path, n.why);
  for (const pipeline::InputPath& in : inputs) {
    // A file that fails its reader or writer (an exception: a library's limit, memory) is
    // reported and the others are converted.
    try {
      convert_file(in, *target, read_options, args.out_dir, counts, outputs);
    } catch (const std::exception& e) {
      std::cerr << "hhaudit: cannot convert " << in.path << ": " << e.what() << "\n";
      ++counts.failed;
    }
  }
  for (const auto& [why, count] : counts.lost)
    std::cerr << fmt::format("lost in {} written hand{}: {}\n", count, count == 1 ? "" : "s", why);
  std::cerr << fmt::format(
      "{} hands read, {} written as {}, {} not written; {} files skipped{}{}\n", counts.hands,
      counts.written, target->display_name(), counts.not_written, counts.files_skipped,
      counts.failed > 0 ? fmt::format(", {} failed", counts.failed) : "",
      counts.files_without_hands > 0
          ? fmt::format(", {} known to hold no hand (notes, sidecars, blank)",
                        counts.files_without_hands)
          : "");
  if (counts.io_errors > 0) return kUsageOrIo;
  if (counts.not_written > 0 || counts.files_skipped > 0 || counts.failed > 0 || counts.hands == 0)
    return kNotAudited;
  return kClean;
}

}  // namespace

void add_convert_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = app.add_subcommand(
      "convert",
      "Write the hands of hand-history files of any readable format in a writable format (" +
          writable_names() + "): one output file per input file");
  cmd->add_option("paths", args->paths,
                  "Files or folders (recursive); - for stdin (written to "
                  "stdout); a .zip, .tar, .tar.gz, .tgz or .gz is read member by member")
      ->required();
  cmd->add_option("--to", args->to, "The format to write: " + writable_names())->required();
  cmd->add_option("-o,--output", args->out_dir,
                  "Folder for the written files (created if missing), each named after its "
                  "input with the format's extension; a folder's files keep their paths under it")
      ->capture_default_str();
  cmd->add_option("--gg-time-zone", args->gg_zone,
                  "IANA time zone GGPoker's times are in (default UTC)");
  cmd->footer(
      "Exit codes: 0 every hand written; 2 usage or I/O error (a missing path, an unreadable "
      "file, an output that cannot be written); 3 input not converted in full: a hand the "
      "target format cannot express or could not be read, a file that failed to convert, a file of "
      "a format hhaudit does not "
      "read, or no hand at all (each listed on stderr with its file and line; 2 wins over 3).");
  cmd->callback([args, &exit_code] { exit_code = run_convert(*args); });
}

}  // namespace hh::cli
