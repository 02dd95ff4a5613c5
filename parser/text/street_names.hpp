// A site's street names as printed ("4TH STREET", "1ST DRAW") and the street each opens: the
// lookup the builders that keep such a table share.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

#include "model/hand.hpp"

namespace hh {

// The street the table gives for `name` printed exactly so, or nullopt.
template <std::size_t N>
std::optional<Street> street_in(std::string_view name,
                                const std::array<std::pair<std::string_view, Street>, N>& table) {
  for (const auto& [printed, street] : table)
    if (printed == name) return street;
  return std::nullopt;
}

}  // namespace hh
