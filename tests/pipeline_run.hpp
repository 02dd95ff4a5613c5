// Running the audit pipeline in the test process, as `hhaudit audit` runs it.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "db/store.hpp"
#include "pipeline/pipeline.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

// Audits `paths` in one run into `db` with the shipped house rules; nothing may be said on stderr.
inline pipeline::AuditSummary audit_run(const std::string& db, std::vector<std::string> paths) {
  pipeline::AuditOptions options;
  options.paths = std::move(paths);
  options.context.house_rules = &shipped_house_rules();
  std::unique_ptr<db::Store> store;
  std::ostringstream err;
  auto summary = pipeline::run_audit(
      options,
      [&]() -> db::Store& {
        store = db::open_store(db, db::OpenMode::Write);
        return *store;
      },
      err);
  REQUIRE(err.str().empty());
  return summary;
}

}  // namespace hh::test
