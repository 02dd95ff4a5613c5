#include "db/store.hpp"

#include <atomic>
#include <csignal>
#include <stdexcept>
#include <string>

#include "db/postgres/connection.hpp"
#include "db/postgres/postgres_store.hpp"
#include "db/sqlite/sqlite_store.hpp"

namespace hh::db {

const char* unread_status_name(UnreadReason r) {
  switch (r) {
    case UnreadReason::Unsupported:
      return "unsupported";
    case UnreadReason::NoHands:
      return "no-hands";
    case UnreadReason::Unreadable:
      return "unreadable";
  }
  return "?";
}

std::string pending_file_key(const FileRecord& f) {
  return "pending:" + std::to_string(f.bytes) + ":" + f.path;
}

const char* outcome_name(HandOutcome o) {
  switch (o) {
    case HandOutcome::Inserted:
      return "inserted";
    case HandOutcome::Duplicate:
      return "duplicate";
    case HandOutcome::Conflict:
      return "conflict";
  }
  return "?";
}

const char* hand_status(const Hand& hand, const AuditResult& result) {
  if (!hand.parsed) return "unparsed";
  for (const Finding& f : result.findings) {
    if (f.severity >= Severity::Warning) return "findings";
  }
  return "ok";
}

const PreparedRows& prepared_rows(const StoredHand& stored, PreparedRows& scratch) {
  // The stores write one hand_players row a player, its seat details from the same index.
  if (stored.hand.parsed && stored.result.seats.size() != stored.result.players.size())
    throw std::logic_error(
        "a parsed hand stored without the audit's seats (AuditResult::seats, set_stored_reading)");
  if (stored.prepared) return *stored.prepared;
  prepare_rows(stored.hand, stored.result, scratch);
  return scratch;
}

void PendingChecks::add_hand(const Hand& hand, const AuditResult& result) {
  if (hand.parsed && !hand.table_name.empty())
    tables.insert({std::string(hand.site), hand.table_name, hand.tournament_id});
  if (hand.parsed && !hand.tournament_id.empty())
    tournaments.insert({std::string(hand.site), hand.tournament_id});
  for (const Finding& f : result.findings)
    if (f.code == FindingCode::RakeScheduleUnknown) rake_sites.insert(std::string(hand.site));
}

void PendingChecks::add_summary(const TournamentSummary& summary) {
  if (!summary.tournament_id.empty()) tournaments.insert({summary.site, summary.tournament_id});
}

void PendingChecks::merge(const PendingChecks& other) {
  tables.insert(other.tables.begin(), other.tables.end());
  tournaments.insert(other.tournaments.begin(), other.tournaments.end());
  rake_sites.insert(other.rake_sites.begin(), other.rake_sites.end());
}

void PendingChecks::close_over_tournaments() {
  for (const SessionKey& t : tables)
    if (!t.tournament_id.empty()) tournaments.insert({t.site, t.tournament_id});
}

std::vector<HandOutcome> StoreWriter::add_hands(std::int64_t file_id,
                                                const std::vector<StoredHand>& hands) {
  std::vector<HandOutcome> outcomes;
  outcomes.reserve(hands.size());
  for (const StoredHand& h : hands) outcomes.push_back(add_hand(file_id, h));
  return outcomes;
}

std::vector<std::vector<HandOutcome>> StoreWriter::add_batches(
    const std::vector<FileBatch>& batches) {
  std::vector<std::vector<HandOutcome>> outcomes;
  outcomes.reserve(batches.size());
  for (const FileBatch& b : batches) {
    outcomes.push_back(add_hands(b.file_id, b.hands));
    if (b.finish) finish_file(b.file_id, b.finish->hands, b.finish->failed, b.finish->sha256);
  }
  return outcomes;
}

namespace {

// Holds every result: StoreReader::query(sql) for small results.
class CollectingSink final : public ResultSink {
 public:
  explicit CollectingSink(std::vector<QueryResult>& out) : out_(out) {}
  void begin(std::size_t results) override { out_.reserve(results); }
  void columns(const std::vector<std::string>& names) override {
    out_.emplace_back();
    out_.back().columns = names;
  }
  void row(const std::vector<std::optional<std::string>>& cells,
           const std::vector<CellType>& types) override {
    out_.back().rows.push_back(cells);
    out_.back().types.push_back(types);
  }
  void end_result() override {}

 private:
  std::vector<QueryResult>& out_;
};

// SigintCancel's state: what the handler calls, and whether it ran.
std::atomic<void (*)(void*)> g_cancel{nullptr};
std::atomic<void*> g_cancel_arg{nullptr};
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_sigint_cancel(int) {
  g_interrupted = 1;
  if (void (*cancel)(void*) = g_cancel.load()) cancel(g_cancel_arg.load());
}

struct sigaction g_previous {};

}  // namespace

std::vector<QueryResult> StoreReader::query(const std::string& sql, const QueryOptions& options) {
  std::vector<QueryResult> out;
  CollectingSink sink(out);
  query(sql, sink, options);
  return out;
}

SigintCancel::SigintCancel(void (*cancel)(void*), void* arg) {
  g_interrupted = 0;
  g_cancel_arg.store(arg);
  g_cancel.store(cancel);
  struct sigaction sa {};
  sa.sa_handler = &on_sigint_cancel;
  sigemptyset(&sa.sa_mask);
  // Once: the next SIGINT is the default's (ends the process), for a cancel that does not end
  // the statement. SA_RESTART: the waits of libpq and SQLite go on after the handler.
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &sa, &g_previous);
}

SigintCancel::~SigintCancel() {
  sigaction(SIGINT, &g_previous, nullptr);
  g_cancel.store(nullptr);
  g_cancel_arg.store(nullptr);
}

bool SigintCancel::interrupted() { return g_interrupted != 0; }

std::unique_ptr<Store> open_store(const std::string& uri_or_path, OpenMode mode,
                                  const StoreOptions& options) {
  constexpr std::string_view kSqlite = "sqlite:";
  std::string_view name = uri_or_path;
  if (name.substr(0, kSqlite.size()) == kSqlite) {
    name.remove_prefix(kSqlite.size());
  } else if (postgres::is_conninfo(name)) {
    return std::make_unique<PostgresStore>(uri_or_path, mode, options);
  } else if (name.find("://") != std::string_view::npos) {
    throw std::runtime_error("no store for " + uri_or_path +
                             ": a SQLite file (a path or sqlite:PATH) or a PostgreSQL database "
                             "(postgresql://...)");
  }
  return std::make_unique<SqliteStore>(std::string(name), mode, options);
}

std::unique_ptr<StoreReader> open_reader(const std::string& uri_or_path) {
  return open_store(uri_or_path, OpenMode::ReadOnly);
}

}  // namespace hh::db
