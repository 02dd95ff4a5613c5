#include "cli/audit_run.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "audit/audit.hpp"
#include "db/schema.hpp"
#include "db/writer.hpp"
#include "parser/decode.hpp"
#include "parser/site.hpp"

namespace hh::cli {

namespace fs = std::filesystem;

namespace {

struct InputFile {
  std::string path;
  bool from_folder{false};  // found by walking a folder rather than named
};

bool read_all(const std::string& path, std::string& out) {
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return !std::cin.bad();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = std::move(ss).str();
  return !in.bad();
}

bool has_hand_start(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    if (is_any_hand_start(line)) return true;
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return false;
}

}  // namespace

AuditSummary run_audit(const AuditOptions& options, std::ostream& err) {
  AuditSummary summary;
  std::vector<InputFile> inputs;
  for (const std::string& p : options.paths) {
    if (p == "-") {
      inputs.push_back({p, false});
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::end(it);
           it.increment(ec))
        if (it->is_regular_file(ec)) found.push_back(it->path().string());
      if (ec) {
        err << "hhaudit: cannot read folder " << p << ": " << ec.message() << "\n";
        ++summary.io_errors;
      }
      std::sort(found.begin(), found.end());  // stable order: same database for the same input
      for (auto& f : found) inputs.push_back({std::move(f), true});
    } else if (fs::exists(p, ec)) {
      inputs.push_back({p, false});
    } else {
      err << "hhaudit: no such file or folder: " << p << "\n";
      ++summary.io_errors;
    }
  }

  db::Writer writer(options.db_path);
  std::size_t done = 0;
  for (const InputFile& in : inputs) {
    ++done;
    if (options.progress) {
      err << "\r\033[K[" << done << "/" << inputs.size() << "] " << summary.hands << " hands "
          << in.path.substr(in.path.size() > 60 ? in.path.size() - 60 : 0) << std::flush;
    }
    std::string bytes;
    if (!read_all(in.path, bytes)) {
      err << "hhaudit: cannot read " << in.path << "\n";
      ++summary.io_errors;
      continue;
    }
    Decoded decoded = decode(bytes);
    // Folders hold other things too (fpdb's .hp files, notes): skip files with no hand in them.
    if (in.from_folder && !has_hand_start(decoded.text)) {
      ++summary.files_without_hands;
      continue;
    }
    std::vector<Hand> hands = parse_text(decoded.text, in.path);
    db::FileRecord rec;
    rec.path = in.path;
    rec.sha256 = db::sha256_hex(bytes);
    rec.bytes = bytes.size();
    rec.encoding = encoding_name(decoded.encoding);
    rec.site = hands.empty() ? "" : hands.front().site;
    bool already = false;
    std::int64_t file_id = writer.begin_file(rec, already);
    ++summary.files;
    if (already) {
      ++summary.files_already_audited;
      continue;
    }
    int failed = 0;
    for (const Hand& h : hands) {
      AuditResult r = audit_hand(h);
      ++summary.hands;
      if (!h.parsed) {
        ++summary.unparsed;
        ++failed;
      }
      switch (writer.add_hand(file_id, h, r)) {
        case db::HandOutcome::Inserted:
          for (const Finding& f : r.findings) {
            CodeCount& c = summary.codes[f.code];
            c.severity = f.severity;
            ++c.count;
            if (!summary.worst || f.severity > *summary.worst) summary.worst = f.severity;
          }
          break;
        case db::HandOutcome::Duplicate: ++summary.duplicates; break;
        case db::HandOutcome::Conflict: ++summary.conflicts; break;
      }
    }
    writer.finish_file(file_id, static_cast<int>(hands.size()), failed);
  }
  writer.commit();
  if (options.progress) err << "\r\033[K" << std::flush;
  return summary;
}

}  // namespace hh::cli
