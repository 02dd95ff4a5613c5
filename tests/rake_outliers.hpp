// The RAKE_OUTLIER findings a database holds, and the check of those of the whole shared corpus
// against testdata/rake/outliers.tsv (docs/rake.md, "On the real corpus"): run on the database of
// the nothing-lost test's audit of the corpus (tests/test_nothing_lost.cpp), so that one audit of
// the corpus serves both.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "audit/rake/outlier.hpp"
#include "db/store.hpp"
#include "tests/test_paths.hpp"

namespace hh::test {

using Outlier = std::tuple<std::string, long, long, std::string>;  // hand, expected, actual, msg

inline std::vector<Outlier> outliers(const std::string& db) {
  std::vector<Outlier> out;
  const auto r = db::open_store(db, db::OpenMode::ReadOnly)
                     ->query(
                         "SELECT h.site_hand_id, d.expected, d.actual, d.message FROM "
                         "discrepancies d JOIN hands h ON h.hand_id = d.hand_id WHERE d.code = "
                         "'RAKE_OUTLIER' ORDER BY h.site_hand_id");
  REQUIRE(r.size() == 1);
  for (const auto& row : r[0].rows)
    out.emplace_back(*row[0], std::stol(*row[1]), std::stol(*row[2]), *row[3]);
  return out;
}

// `db` holds the whole corpus audited as `hhaudit audit CORPUS` audits it: each RAKE_OUTLIER is
// listed in testdata/rake/outliers.tsv and each listed one is found; the groups the learned rules
// judge reach real hands.
inline void check_corpus_outliers(const std::string& db) {
  // Listed: site hand id, expected, actual, then the reason.
  std::set<std::tuple<std::string, long, long>> listed;
  std::ifstream tsv(testdata("rake/outliers.tsv"));
  REQUIRE(tsv);
  std::string line;
  while (std::getline(tsv, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::size_t at = 0;
    for (std::size_t tab; (tab = line.find('\t', at)) != std::string::npos; at = tab + 1)
      cells.push_back(line.substr(at, tab - at));
    cells.push_back(line.substr(at));
    REQUIRE(cells.size() == 4);
    CHECK_FALSE(cells[3].empty());
    listed.insert({cells[0], std::stol(cells[1]), std::stol(cells[2])});
  }
  std::set<std::tuple<std::string, long, long>> found;
  for (const Outlier& o : outliers(db))
    found.insert({std::get<0>(o), std::get<1>(o), std::get<2>(o)});
  CHECK(found == listed);
  // The check reaches real hands: the groups judged and their hands (docs/rake.md).
  long groups = 0, hands = 0;
  for (const LearnedRakeRule& r :
       learn_rake_rules(db::open_store(db, db::OpenMode::ReadOnly)->raked_cash_hands("", true)))
    if (r.judged) {
      ++groups;
      hands += r.fit.hands;
    }
  WARN("learned rules judged: " << groups << " groups, " << hands << " raked hands");
  CHECK(groups == 10);
  CHECK(hands == 585);
}

}  // namespace hh::test
