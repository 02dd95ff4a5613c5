#include "db/writer.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <cstdio>
#include <stdexcept>
#include <unordered_map>

#include "db/schema.hpp"

namespace hh::db {

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

namespace {

// UTC, ISO 8601 with a Z, as started_at_utc: one format for every timestamp in the database.
#define HH_DB_NOW "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

std::string join_seats(const std::vector<int>& seats) {
  std::string out;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(seats[i]);
  }
  return out;
}

// For an unparsed hand a 0 means "not read", which the schema stores as NULL.
std::optional<std::int64_t> read_or_null(bool parsed, std::int64_t v) {
  if (!parsed && v == 0) return std::nullopt;
  return v;
}

std::optional<std::int64_t> nonzero_or_null(std::int64_t v) {
  if (v == 0) return std::nullopt;
  return v;
}

}  // namespace

struct Writer::Impl {
  struct FileCounts {
    int duplicates{0};
    int conflicts{0};
  };

  Database db;
  int batch_hands;
  bool in_txn{false};
  int pending{0};
  std::unordered_map<std::int64_t, FileCounts> counts;

  Statement begin, commit, savepoint, release, rollback_to;
  Statement find_file, restart_file, insert_file, finish_file;
  Statement find_hand, find_unidentified, insert_hand, insert_player, insert_pot, insert_finding,
      find_conflict, insert_conflict;

  Impl(const std::string& path, int batch)
      : db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX),
        batch_hands(batch > 0 ? batch : 1) {
    apply_schema(db);
    // A bulk load: a large page cache and temporary tables in memory (the one writer thread owns
    // the connection, hence NOMUTEX above).
    db.exec("PRAGMA cache_size=-16384; PRAGMA temp_store=MEMORY;");
    // IMMEDIATE takes the write lock up front, so a concurrent writer makes us wait (busy
    // timeout) at BEGIN instead of failing half-way through a batch.
    begin = Statement(db, "BEGIN IMMEDIATE");
    commit = Statement(db, "COMMIT");
    savepoint = Statement(db, "SAVEPOINT hand");
    release = Statement(db, "RELEASE hand");
    rollback_to = Statement(db, "ROLLBACK TO hand");
    find_file = Statement(db, "SELECT file_id, audited_at IS NOT NULL FROM files WHERE sha256 = ?");
    restart_file = Statement(db,
                             "UPDATE files SET path = ?, bytes = ?, encoding = ?, site = ? "
                             "WHERE file_id = ?");
    insert_file = Statement(db,
                            "INSERT INTO files(path, sha256, bytes, encoding, site, first_seen_at) "
                            "VALUES (?, ?, ?, ?, ?, " HH_DB_NOW ")");
    finish_file =
        Statement(db,
                  "UPDATE files SET hands = ?, failed = ?, duplicates = ?, conflicts = ?, "
                  "audited_at = " HH_DB_NOW " WHERE file_id = ?");
    find_hand = Statement(
        db, "SELECT hand_id, content_sha256 FROM hands WHERE site = ? AND site_hand_id = ?");
    // A hand whose id could not be read cannot collide on (site, site_hand_id); the same text
    // seen again (e.g. a copy of a file with one more hand appended) is still a duplicate.
    find_unidentified =
        Statement(db,
                  "SELECT hand_id FROM hands WHERE site = ? AND site_hand_id IS NULL "
                  "AND content_sha256 = ? LIMIT 1");
    insert_hand = Statement(db,
                            "INSERT INTO hands(site, site_hand_id, file_id, byte_offset, line, "
                            "table_name, game, limit_type, currency, unit, small_blind, big_blind, "
                            "ante, started_at_utc, seats, players_dealt, total_pot, rake, fees, "
                            "status, content_sha256, tournament_id, button_seat, cancelled, "
                            "total_contributed, total_collected, parse_issues, total_pot_derived, "
                            "rake_derived) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert_player = Statement(db,
                              "INSERT INTO hand_players(hand_id, seat, player, start_stack, "
                              "contributed, collected, net) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert_pot = Statement(db,
                           "INSERT INTO pots(hand_id, pot_index, amount, rake, eligible, winners, "
                           "reported_amount) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert_finding = Statement(db,
                               "INSERT INTO discrepancies(hand_id, code, severity, street, seat, "
                               "player, expected, actual, message, line) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    // The same occurrence (file, place, content) recorded by an earlier run of this file that
    // was interrupted: recording it again would count one conflict twice.
    find_conflict = Statement(db,
                              "SELECT 1 FROM hand_conflicts WHERE existing_hand_id = ? AND "
                              "file_id = ? AND byte_offset = ? AND content_sha256 = ? LIMIT 1");
    insert_conflict = Statement(db,
                                "INSERT INTO hand_conflicts(site, site_hand_id, existing_hand_id, "
                                "file_id, byte_offset, line, content_sha256, recorded_at) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, " HH_DB_NOW ")");
  }

  static void run(Statement& s) {
    ResetGuard g(s);
    s.step();
  }

  void ensure_txn() {
    if (in_txn) return;
    run(begin);
    in_txn = true;
  }

  void do_commit() {
    if (!in_txn) return;
    // If COMMIT fails (e.g. disk full) the transaction stays open and in_txn stays true, so a
    // later commit() or the destructor retries instead of silently dropping the batch.
    run(commit);
    in_txn = false;
    pending = 0;
  }

  void count_hand() {
    if (++pending >= batch_hands) do_commit();
  }

  void store_hand(std::int64_t file_id, const Hand& hand, const AuditResult& result,
                  const std::string& site, const std::string& content_sha) {
    const bool parsed = hand.parsed;
    int dealt = 0;
    for (const Seat& s : hand.seats) dealt += s.sitting_out ? 0 : 1;
    const std::string limit_type =
        !hand.limit_text.empty() ? hand.limit_text : std::string(structure_name(hand.structure));

    Statement& h = insert_hand;
    {
      ResetGuard g(h);
      h.bind_text(1, site);
      h.bind_text_or_null(2, hand.site_hand_id);
      h.bind_int64(3, file_id);
      h.bind_int64(4, static_cast<std::int64_t>(hand.source.byte_offset));
      h.bind_int64(5, hand.source.line);
      h.bind_text_or_null(6, hand.table_name);
      h.bind_text_or_null(7, hand.game.name());
      h.bind_text_or_null(8, limit_type);
      h.bind_text_or_null(9, hand.currency);
      h.bind_int64(10, hand.unit);
      h.bind_int64_or_null(11, read_or_null(parsed, hand.small_blind));
      h.bind_int64_or_null(12, read_or_null(parsed, hand.big_blind));
      h.bind_int64_or_null(13, read_or_null(parsed, hand.ante));
      h.bind_text_or_null(14, hand.started_at_utc);
      h.bind_int64_or_null(15, nonzero_or_null(hand.max_seats));
      h.bind_int64_or_null(16, read_or_null(parsed, dealt));
      h.bind_int64_or_null(17, hand.total_pot ? hand.total_pot : result.derived_total_pot);
      h.bind_int64_or_null(18, hand.rake ? hand.rake : result.derived_rake);
      h.bind_int64(19, hand.fee_total());
      h.bind_text(20, hand_status(hand, result));
      h.bind_text(21, content_sha);
      h.bind_text_or_null(22, hand.tournament_id);
      h.bind_int64_or_null(23, nonzero_or_null(hand.button_seat));
      h.bind_int64(24, hand.cancelled ? 1 : 0);
      h.bind_int64_or_null(
          25, parsed ? std::optional<std::int64_t>(result.total_contributed) : std::nullopt);
      h.bind_int64_or_null(
          26, parsed ? std::optional<std::int64_t>(result.total_collected) : std::nullopt);
      h.bind_int64(27, static_cast<std::int64_t>(hand.issues.size()));
      h.bind_int64(28, !hand.total_pot && result.derived_total_pot ? 1 : 0);
      h.bind_int64(29, !hand.rake && result.derived_rake ? 1 : 0);
      h.step();
    }
    const std::int64_t hand_id = sqlite3_last_insert_rowid(db.get());

    // The audit of an unparsed hand is meaningless beyond its findings.
    if (parsed) {
      for (const PlayerResult& p : result.players) {
        Statement& s = insert_player;
        ResetGuard g(s);
        s.bind_int64(1, hand_id);
        s.bind_int64(2, p.seat);
        s.bind_text(3, p.player);
        s.bind_int64(4, p.start_stack);
        s.bind_int64(5, p.contributed);
        s.bind_int64(6, p.collected);
        s.bind_int64(7, p.net());
        s.step();
      }
      for (const BuiltPot& p : result.pots) {
        Statement& s = insert_pot;
        ResetGuard g(s);
        s.bind_int64(1, hand_id);
        s.bind_int64(2, p.index);
        s.bind_int64(3, p.amount);
        s.bind_int64(4, p.rake);
        s.bind_text(5, join_seats(p.eligible));
        s.bind_text(6, join_seats(p.winners));
        s.bind_int64_or_null(7, p.reported_amount);
        s.step();
      }
    }
    for (const Finding& f : result.findings) {
      Statement& s = insert_finding;
      ResetGuard g(s);
      s.bind_int64(1, hand_id);
      s.bind_text(2, f.code);
      s.bind_text(3, severity_name(f.severity));
      if (f.street) {
        s.bind_text(4, street_name(*f.street));
      } else {
        s.bind_null(4);
      }
      s.bind_int64_or_null(5, nonzero_or_null(f.seat));
      s.bind_text_or_null(6, f.player);
      s.bind_int64_or_null(7, f.expected);
      s.bind_int64_or_null(8, f.actual);
      s.bind_text(9, f.message);
      s.bind_int64_or_null(10, nonzero_or_null(f.line));
      s.step();
    }
  }
};

Writer::Writer(const std::string& db_path, int batch_hands)
    : impl_(std::make_unique<Impl>(db_path, batch_hands)) {}

Writer::~Writer() {
  try {
    impl_->do_commit();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hhaudit: final commit to %s failed: %s\n", impl_->db.path().c_str(),
                 e.what());
  }
}

std::int64_t Writer::begin_file(const FileRecord& f, bool& already_audited) {
  Impl& m = *impl_;
  m.ensure_txn();
  already_audited = false;
  {
    ResetGuard g(m.find_file);
    m.find_file.bind_text(1, f.sha256);
    if (m.find_file.step()) {
      const std::int64_t id = m.find_file.column_int64(0);
      if (m.find_file.column_int64(1) != 0) {
        already_audited = true;
        return id;
      }
      // Interrupted earlier: keep the id (its committed hands refer to it), refresh the rest.
      ResetGuard g2(m.restart_file);
      m.restart_file.bind_text(1, f.path);
      m.restart_file.bind_int64(2, static_cast<std::int64_t>(f.bytes));
      m.restart_file.bind_text_or_null(3, f.encoding);
      m.restart_file.bind_text_or_null(4, f.site);
      m.restart_file.bind_int64(5, id);
      m.restart_file.step();
      m.counts[id] = {};
      return id;
    }
  }
  ResetGuard g(m.insert_file);
  m.insert_file.bind_text(1, f.path);
  m.insert_file.bind_text(2, f.sha256);
  m.insert_file.bind_int64(3, static_cast<std::int64_t>(f.bytes));
  m.insert_file.bind_text_or_null(4, f.encoding);
  m.insert_file.bind_text_or_null(5, f.site);
  m.insert_file.step();
  const std::int64_t id = sqlite3_last_insert_rowid(m.db.get());
  m.counts[id] = {};
  return id;
}

HandOutcome Writer::add_hand(std::int64_t file_id, const Hand& hand, const AuditResult& result) {
  Impl& m = *impl_;
  m.ensure_txn();
  const std::string content_sha = sha256_hex(hand.raw);
  const std::string site = hand.site.empty() ? std::string("unknown") : hand.site;
  Impl::FileCounts& counts = m.counts[file_id];

  if (!hand.site_hand_id.empty()) {
    std::int64_t existing_id = 0;
    std::string existing_sha;
    bool found = false;
    {
      ResetGuard g(m.find_hand);
      m.find_hand.bind_text(1, site);
      m.find_hand.bind_text(2, hand.site_hand_id);
      if (m.find_hand.step()) {
        found = true;
        existing_id = m.find_hand.column_int64(0);
        existing_sha = m.find_hand.column_text(1);
      }
    }
    if (found && existing_sha == content_sha) {
      ++counts.duplicates;
      m.count_hand();
      return HandOutcome::Duplicate;
    }
    if (found) {
      bool recorded = false;
      {
        ResetGuard g(m.find_conflict);
        m.find_conflict.bind_int64(1, existing_id);
        m.find_conflict.bind_int64(2, file_id);
        m.find_conflict.bind_int64(3, static_cast<std::int64_t>(hand.source.byte_offset));
        m.find_conflict.bind_text(4, content_sha);
        recorded = m.find_conflict.step();
      }
      // Never overwrite: which copy is right is for a person to decide (v_conflicts). A row
      // already recorded by an interrupted run of this file is not added twice; the file still
      // counts the conflict, as its run did.
      Statement& s = m.insert_conflict;
      if (!recorded) {
        ResetGuard g(s);
        s.bind_text(1, site);
        s.bind_text(2, hand.site_hand_id);
        s.bind_int64(3, existing_id);
        s.bind_int64(4, file_id);
        s.bind_int64(5, static_cast<std::int64_t>(hand.source.byte_offset));
        s.bind_int64(6, hand.source.line);
        s.bind_text(7, content_sha);
        s.step();
      }
      ++counts.conflicts;
      m.count_hand();
      return HandOutcome::Conflict;
    }
  } else {
    ResetGuard g(m.find_unidentified);
    m.find_unidentified.bind_text(1, site);
    m.find_unidentified.bind_text(2, content_sha);
    if (m.find_unidentified.step()) {
      ++counts.duplicates;
      m.count_hand();
      return HandOutcome::Duplicate;
    }
  }

  // A savepoint makes the hand atomic inside the batch: a failure on a player row must not leave
  // a hand row without its players, nor abort the hands already batched.
  Impl::run(m.savepoint);
  try {
    m.store_hand(file_id, hand, result, site, content_sha);
  } catch (...) {
    try {
      Impl::run(m.rollback_to);
      Impl::run(m.release);
    } catch (...) {
      // The original error is the one worth reporting.
    }
    throw;
  }
  Impl::run(m.release);
  m.count_hand();
  return HandOutcome::Inserted;
}

void Writer::finish_file(std::int64_t file_id, int hands, int failed) {
  Impl& m = *impl_;
  m.ensure_txn();
  const Impl::FileCounts counts = m.counts[file_id];
  {
    Statement& s = m.finish_file;
    ResetGuard g(s);
    s.bind_int64(1, hands);
    s.bind_int64(2, failed);
    s.bind_int64(3, counts.duplicates);
    s.bind_int64(4, counts.conflicts);
    s.bind_int64(5, file_id);
    s.step();
  }
  m.counts.erase(file_id);
  if (sqlite3_changes(m.db.get()) == 0) {
    throw std::runtime_error(fmt::format("finish_file: no file with file_id {}", file_id));
  }
}

void Writer::commit() { impl_->do_commit(); }

void Writer::set_meta(std::string_view key, std::string_view value) {
  Impl& m = *impl_;
  m.ensure_txn();
  Statement s(m.db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
  s.bind_text(1, key);
  s.bind_text(2, value);
  s.step();
}

}  // namespace hh::db

#undef HH_DB_NOW
