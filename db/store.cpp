#include "db/store.hpp"

#include <stdexcept>

#include "db/sqlite/sqlite_store.hpp"

namespace hh::db {

const char* unread_status_name(UnreadReason r) {
  switch (r) {
    case UnreadReason::Unsupported:
      return "unsupported";
    case UnreadReason::NoHands:
      return "no-hands";
  }
  return "?";
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

std::unique_ptr<Store> open_store(const std::string& uri_or_path, OpenMode mode,
                                  const StoreOptions& options) {
  constexpr std::string_view kSqlite = "sqlite:";
  std::string_view name = uri_or_path;
  if (name.substr(0, kSqlite.size()) == kSqlite) {
    name.remove_prefix(kSqlite.size());
  } else if (name.find("://") != std::string_view::npos) {
    // postgresql://... joins here (issue 16).
    throw std::runtime_error("no store for " + uri_or_path +
                             ": only SQLite files (a path or sqlite:PATH) are built in");
  }
  return std::make_unique<SqliteStore>(std::string(name), mode, options);
}

}  // namespace hh::db
