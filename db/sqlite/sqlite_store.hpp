// The Store in a SQLite file (docs/schema.md): today's schema and behaviour.
#pragma once

#include <memory>
#include <string>

#include "db/store.hpp"

namespace hh::db {

class SqliteStore final : public Store {
 public:
  // Write: creates or opens the database and creates or migrates the schema. ReadOnly: the file
  // must exist and is never written (SQLITE_OPEN_READONLY and PRAGMA query_only=ON; the
  // connection hardened by sqlite::harden_for_reading, query() under sqlite::ReaderAuthorizer).
  // Throws std::runtime_error with the SQLite message on failure (unwritable path, not a database,
  // unknown schema_version).
  SqliteStore(const std::string& path, OpenMode mode, const StoreOptions& options = {});
  // Commits what is pending. A failing commit is reported on stderr (a destructor cannot throw).
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::int64_t begin_file(const FileRecord& f, bool& already_audited) override;
  HandOutcome add_hand(std::int64_t file_id, const StoredHand& hand) override;
  std::vector<std::uint64_t> content_file_sizes() override;
  void finish_file(std::int64_t file_id, int hands, int failed,
                   std::string_view sha256 = {}) override;
  void record_unread_file(const UnreadFile& f) override;
  void set_meta(std::string_view key, std::string_view value) override;
  void set_review(const Review& review) override;
  HandOutcome add_summary(std::int64_t file_id, const StoredSummary& summary) override;
  void replace_findings(const CheckScope& scope, const ScopeCheck& check,
                        const ScopeFindingSink& stored) override;
  std::vector<std::unique_ptr<ScopeReader>> readers_beside(unsigned n) override;
  void commit() override;
  PendingChecks pending_checks() override;

  using StoreReader::query;
  void query(const std::string& sql, ResultSink& sink, const QueryOptions& options) override;
  std::vector<HandCandidate> find_hands(std::string_view key, std::string_view site) override;
  std::optional<HandExplanation> explain_hand(std::int64_t hand_id) override;
  std::vector<ProfileHand> raked_cash_hands(std::string_view site,
                                            bool schedule_unknown_only) override;
  std::vector<SessionHand> session_hands(const SessionKey& key) override;
  StoreTotals totals(const ReadFilter& filter) override;
  Sections breakdowns(const ReadFilter& filter) override;
  HandsWithFindings hands_with_findings(const ReadFilter& filter, int limit) override;
  void keep_allin_equities(const std::vector<AllInEquity>& equities) override;
  std::vector<AllInEquity> kept_allin_equities() override;
  std::vector<IntegrityHand> integrity_hands(const ReadFilter& filter) override;
  void replace_integrity_signals(const std::vector<IntegritySignal>& signals,
                                 std::string_view computed_at, std::string_view of) override;
  std::vector<std::string> sites() override;

 private:
  struct Writer;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hh::db
