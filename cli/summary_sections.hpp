// What `hhaudit summary` prints and the HTML report shows: the store's totals and breakdowns as
// titled tables, and the checks of their filter options.
#pragma once

#include <string>

#include "db/store.hpp"

namespace hh::cli {

// "totals" (figure, value), then the store's breakdowns in order with "codes" (the `top` codes
// in the most hands) before "rake" (db::Store::breakdowns).
db::Sections summary_sections(db::Store& store, const db::ReadFilter& filter, int top);

// The filter of --site and --since: `since` a date YYYY-MM-DD or empty, `site` a format's name or
// a site the store holds. Throws std::invalid_argument with what is wrong.
db::ReadFilter read_filter(db::Store& store, const std::string& site, const std::string& since);

}  // namespace hh::cli
