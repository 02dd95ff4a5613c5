// The floor of the SQLite store: the rows an audit database holds for its hands, inserted again
// into a new database the way the writer inserts them (the same schema, connection pragmas and
// page cache, the secondary indexes built after the load, one prepared statement a table, one
// transaction every 20,000 hands, each hand's rows together), with no parsing, auditing or
// binding of our own: what SQLite alone costs a hand on this machine, the bound below which no
// writer of this schema can go.
//
// Usage: hhaudit_sqlite_floor SOURCE.db NEW.db [TABLE...]
//   SOURCE.db: a database `hhaudit audit` wrote; NEW.db: made anew (must not exist);
//   TABLE...: the per-hand tables to insert (default all six: hands hand_players pots pot_seats
//   hand_event_log discrepancies), to see what each costs.
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "db/sqlite/database.hpp"
#include "db/sqlite/schema.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace sq = hh::db::sqlite;

struct Row {
  std::vector<sqlite3_value*> values;  // sqlite3_value_dup'ed, freed at exit (a bench)
};

struct Table {
  std::string name;
  std::string insert_sql;
  std::map<std::int64_t, std::vector<Row>> rows_by_hand;  // hand_id -> its rows, in rowid order
  std::vector<Row> in_order;  // discrepancies: every row in discrepancy_id order
  std::size_t rows = 0;
};

// Every row of `name`, grouped by hand_id, and the INSERT of all its columns.
Table load_table(sq::Database& source, const std::string& name) {
  Table t{name, {}, {}, {}, 0};
  // In the order the writer inserts them: a table's rows of a hand by rowid (their primary key
  // for the WITHOUT ROWID tables).
  const bool without_rowid = name == "hand_players" || name == "pots" || name == "pot_seats";
  // Findings in their own order: those of the checks after the load name other hands
  // (related_hand_id) and other findings (cause_id).
  const char* order = without_rowid             ? ""
                      : name == "discrepancies" ? " ORDER BY rowid"
                                                : " ORDER BY hand_id, rowid";
  sq::Statement select(source, "SELECT * FROM " + name + order);
  sqlite3_stmt* s = select.get();
  const int columns = sqlite3_column_count(s);
  int hand_column = -1;
  std::string names, marks;
  for (int c = 0; c < columns; ++c) {
    const std::string column = sqlite3_column_name(s, c);
    if (column == "hand_id") hand_column = c;
    names += (c ? ", " : "") + column;
    marks += c ? ", ?" : "?";
  }
  t.insert_sql = "INSERT INTO " + name + " (" + names + ") VALUES (" + marks + ")";
  while (select.step()) {
    Row row;
    for (int c = 0; c < columns; ++c)
      row.values.push_back(sqlite3_value_dup(sqlite3_column_value(s, c)));
    if (name == "discrepancies")
      t.in_order.push_back(std::move(row));
    else
      t.rows_by_hand[sqlite3_column_int64(s, hand_column)].push_back(std::move(row));
    ++t.rows;
  }
  return t;
}

void insert(sq::Statement& insert, const Row& row) {
  for (std::size_t c = 0; c < row.values.size(); ++c)
    sqlite3_bind_value(insert.get(), static_cast<int>(c + 1), row.values[c]);
  insert.step();
  insert.reset();
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds of this process (user + system): on a busy machine, what the work cost.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SOURCE.db NEW.db [TABLE...]\n", argv[0]);
    return 2;
  }
  if (std::filesystem::exists(argv[2])) {
    std::fprintf(stderr, "%s exists: the floor is measured into a new database\n", argv[2]);
    return 2;
  }
  std::vector<std::string> names;
  for (int i = 3; i < argc; ++i) names.emplace_back(argv[i]);
  if (names.empty())
    names = {"hands", "hand_players", "pots", "pot_seats", "hand_event_log", "discrepancies"};
  try {
    sq::Database source(argv[1], SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
    std::vector<Table> tables;
    for (const std::string& name : names) tables.push_back(load_table(source, name));

    // The store's connection, as SqliteStore opens it for a load into a new database.
    sq::Database db(argv[2], SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
    sq::apply_schema(db);
    db.exec("PRAGMA cache_size=-16384; PRAGMA temp_store=MEMORY;");
    // The files the hands name, untimed (hands.file_id references them).
    db.exec(std::string("ATTACH DATABASE '") + argv[1] + "' AS source");
    db.exec("INSERT INTO files SELECT * FROM source.files; DETACH DATABASE source");
    sq::drop_bulk_load_indexes(db);

    std::vector<sq::Statement> inserts;
    for (const Table& t : tables) inserts.emplace_back(db, t.insert_sql);
    // Hands in hand_id order, each with its rows in every table, as the writer writes them.
    std::set<std::int64_t> hand_ids;
    for (const Table& t : tables)
      for (const auto& [hand_id, rows] : t.rows_by_hand) hand_ids.insert(hand_id);

    constexpr int kHandsPerTransaction = 20000;  // the writer's batch of a transaction
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    int in_transaction = 0;
    std::size_t rows = 0;
    db.exec("BEGIN IMMEDIATE");
    for (const std::int64_t hand_id : hand_ids) {
      for (std::size_t i = 0; i < tables.size(); ++i) {
        const auto it = tables[i].rows_by_hand.find(hand_id);
        if (it == tables[i].rows_by_hand.end()) continue;
        for (const Row& row : it->second) insert(inserts[i], row);
        rows += it->second.size();
      }
      if (++in_transaction == kHandsPerTransaction) {
        db.exec("COMMIT; BEGIN IMMEDIATE");
        in_transaction = 0;
      }
    }
    // The findings (a few a hand: in the load, and those of the checks after it), in their order.
    for (std::size_t i = 0; i < tables.size(); ++i) {
      for (const Row& row : tables[i].in_order) {
        insert(inserts[i], row);
        if (++rows % kHandsPerTransaction == 0) db.exec("COMMIT; BEGIN IMMEDIATE");
      }
    }
    db.exec("COMMIT");
    const double load = seconds_since(start);
    const double load_cpu = cpu_seconds() - cpu_start;
    const auto index_start = Clock::now();
    sq::create_missing_indexes(db);
    const double indexes = seconds_since(index_start);
    const double indexes_cpu = cpu_seconds() - cpu_start - load_cpu;

    const double hands = static_cast<double>(hand_ids.size());
    std::printf("sqlite floor: %zu hands, %zu rows (", hand_ids.size(), rows);
    for (std::size_t i = 0; i < tables.size(); ++i)
      std::printf("%s%s %zu", i ? ", " : "", tables[i].name.c_str(), tables[i].rows);
    std::printf(
        ")\n  inserts %.2f s (CPU %.2f s, %.1f us a hand), indexes after %.2f s (CPU %.2f s): "
        "%.0f hands/s, %.0f hands a CPU second\n",
        load, load_cpu, load_cpu / hands * 1e6, indexes, indexes_cpu, hands / (load + indexes),
        hands / (load_cpu + indexes_cpu));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hhaudit_sqlite_floor: %s\n", e.what());
    return 1;
  }
  return 0;
}
