// The name a mistyped word most likely meant: `hhaudit audti` suggests `audit`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hh::cli {

// The edits (insert, delete, replace a character, swap two neighbours) that make `a` into `b`:
// the optimal string alignment distance.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The name of `names` fewest edits from `word`, the first of those at the same distance; "" when
// even that one is further than a third of its length (at least 2 edits): no guess is better than
// a wrong one.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names);

}  // namespace hh::cli
