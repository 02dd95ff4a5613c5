// The docs' tables of formats agree with the registry (parser/registry.hpp), so that a new site is
// listed where users look, and a table row names no format that is gone.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "parser/format.hpp"
#include "parser/registry.hpp"
#include "tests/doc_tables.hpp"
#include "tests/test_paths.hpp"

using namespace hh;

namespace {

bool reads_hands(const Format& f) { return f.readable() && !f.reads_summaries(); }

}  // namespace

TEST_CASE("Registry: docs/sites.md lists every format of hands and its corpus folders",
          "[sniff][docs]") {
  const auto rows = test::table_rows("sites.md", "## Conventions by site");
  REQUIRE(rows.size() >= 29);
  std::set<std::string> sites_named, first_named, folders_named;
  for (const auto& cells : rows) {
    REQUIRE(cells.size() >= 3);
    const std::vector<std::string> sites = test::quoted(cells[0]);
    REQUIRE_FALSE(sites.empty());
    first_named.insert(sites.front());
    sites_named.insert(sites.begin(), sites.end());
    for (const std::string& folder : test::quoted(cells[1])) folders_named.insert(folder);
  }
  std::set<std::string> folders_registered;
  for (const FormatEntry& e : format_entries()) {
    if (!reads_hands(*e.format)) continue;
    INFO("format " << e.format->name() << " has no row in docs/sites.md, Conventions by site");
    CHECK(sites_named.count(std::string(e.format->name())) == 1);
    for (std::string_view folder : e.samples.corpus_folders)
      folders_registered.insert(std::string(folder));
  }
  for (const std::string& first : first_named) {
    INFO("docs/sites.md names a format the registry does not hold: " << first);
    const Format* f = format_by_name(first);
    CHECK((f && reads_hands(*f)));
  }
  // The corpus folder column says what the formats declare as their samples.
  CHECK(folders_named == folders_registered);
}

TEST_CASE("Registry: docs/sites.md lists every format only recognised, its folder and test data",
          "[sniff][docs]") {
  // format -> (folder, test data), from the docs' table and from the registry.
  using Where = std::map<std::string, std::pair<std::string, std::string>>;
  Where listed, registered;
  for (const auto& cells : test::table_rows("sites.md", "## Recognised, not read")) {
    REQUIRE(cells.size() >= 4);
    const std::vector<std::string> name = test::quoted(cells[0]), folder = test::quoted(cells[2]),
                                   data = test::quoted(cells[3]);
    REQUIRE((name.size() == 1 && folder.size() == 1 && data.size() == 1));
    listed[name[0]] = {folder[0], data[0]};
  }
  for (const FormatEntry& e : format_entries())
    if (!e.format->readable())
      registered[std::string(e.format->name())] = {"parser/" + std::string(e.folder) + "/",
                                                   std::string(e.samples.testdata_folder)};
  CHECK(registered.size() >= 2);
  CHECK(listed == registered);
}
