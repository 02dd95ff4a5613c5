// Stores audited hands in the SQLite database described in docs/schema.md.
//
// One Writer per database per process: it keeps its prepared statements and batches many hands
// into one transaction, because a commit per hand would make a large audit disk-bound.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "model/finding.hpp"
#include "model/hand.hpp"

namespace hh::db {

struct FileRecord {
  std::string path;    // as given on the command line, "-" for stdin
  std::string sha256;  // sha256_hex of the file's bytes as read (before decoding)
  std::uint64_t bytes{};
  std::string encoding;  // detected encoding, e.g. "utf-8", "utf-16le", "windows-1252"
  std::string site;      // site detected for the file, "" if unknown
};

enum class HandOutcome {
  Inserted,   // a new hand row (with players, pots and findings)
  Duplicate,  // the same (site, site_hand_id) with the same content is already stored: nothing
              // added
  Conflict,   // the same (site, site_hand_id) with different content: a hand_conflicts row only
};
const char* outcome_name(HandOutcome o);

// 'unparsed' if the hand was not parsed, 'findings' if any finding is a warning or an error,
// else 'ok' (info findings alone do not make a hand suspicious).
const char* hand_status(const Hand& hand, const AuditResult& result);

class Writer {
 public:
  static constexpr int kDefaultBatchHands = 20000;

  // Creates or opens the database and applies the schema. Throws std::runtime_error with the
  // SQLite message on failure (unwritable path, not a database, other schema_version).
  explicit Writer(const std::string& db_path, int batch_hands = kDefaultBatchHands);
  // Commits what is pending. A failing commit is reported on stderr (a destructor cannot throw).
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  // Registers a file and returns its file_id. If a file with the same sha256 was already fully
  // audited (finish_file was called and committed), sets already_audited=true and changes
  // nothing: the caller skips the file. A file that was begun but never finished (an interrupted
  // run) returns its old file_id with already_audited=false; its hands that were committed then
  // come back as Duplicate, its conflicts recorded then as Conflict with no second row.
  std::int64_t begin_file(const FileRecord& f, bool& already_audited);

  // Stores one hand and its audit. content_sha256 = sha256_hex(hand.raw). An unparsed hand gets
  // its row and its findings (PARSE_ERROR ...) but no players or pots. Atomic: on an exception
  // nothing of this hand is stored. Commits every `batch_hands` calls.
  HandOutcome add_hand(std::int64_t file_id, const Hand& hand, const AuditResult& result);

  // Marks the file as fully audited with the caller's counts (and the duplicates and conflicts
  // this Writer saw for it). Throws if file_id is unknown.
  void finish_file(std::int64_t file_id, int hands, int failed);

  // Commits the pending transaction, if any.
  void commit();

  // Sets meta(key) = value, in the current batch (the house rules of the run, ...).
  void set_meta(std::string_view key, std::string_view value);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hh::db
