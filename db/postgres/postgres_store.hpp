// The Store in a PostgreSQL database (docs/schema.md, docs/scale-out.md): the SQLite store's
// tables and views and its duplicate and conflict semantics, for many writers at once.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "db/store.hpp"

namespace hh::db {

class PostgresStore final : public Store {
 public:
  // `conninfo`: a postgresql:// URI or a libpq keyword string. Write: creates or migrates the
  // schema. ReadOnly: the schema must be there; every read runs in a READ ONLY transaction.
  // Throws std::runtime_error with the server's message on failure.
  // `options.batch_hands`: how many hands add_batches takes in one transaction at most.
  PostgresStore(const std::string& conninfo, OpenMode mode, const StoreOptions& options = {});
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  std::int64_t begin_file(const FileRecord& f, bool& already_audited) override;
  HandOutcome add_hand(std::int64_t file_id, const StoredHand& hand) override;
  std::vector<HandOutcome> add_hands(std::int64_t file_id,
                                     const std::vector<StoredHand>& hands) override;
  std::vector<std::vector<HandOutcome>> add_batches(const std::vector<FileBatch>& batches) override;
  int grouped_hands() const override;
  std::vector<std::uint64_t> content_file_sizes() override;
  void finish_file(std::int64_t file_id, int hands, int failed,
                   std::string_view sha256 = {}) override;
  void record_unread_file(const UnreadFile& f) override;
  void set_meta(std::string_view key, std::string_view value) override;
  void set_review(const Review& review) override;
  HandOutcome add_summary(std::int64_t file_id, const StoredSummary& summary) override;
  void replace_findings(const CheckScope& scope, const ScopeCheck& check,
                        const ScopeFindingSink& stored) override;
  void replace_owed_findings(const CheckScope& scope, const ScopeCheck& check,
                             const ScopeFindingSink& stored) override;
  void wait_for_files(const std::vector<std::int64_t>& file_ids) override;
  std::vector<std::unique_ptr<Store>> checkers_beside(unsigned n) override;
  void commit() override;
  PendingChecks pending_checks() override;
  long transaction_retries() const override;

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
  struct Impl;
  class ScopeTransaction;
  // replace_findings, or (`only_owed`) replace_owed_findings.
  void replace_scope(const CheckScope& scope, const ScopeCheck& check,
                     const ScopeFindingSink& stored, bool only_owed);
  std::unique_ptr<Impl> impl_;
};

// The WHERE condition of the hands a ReadFilter selects (the hands table as `h`; $1 the site or
// '', $2 the first day or '', $3 the file ids as an array literal, '{}' for all). Exposed for the
// test that shows a --since read prunes the months before it.
std::string_view postgres_hand_filter_sql();

}  // namespace hh::db
