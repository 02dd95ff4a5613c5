// The order in which the report replays the hands with findings (Store::hands_with_findings).
#pragma once

#include <string_view>

namespace hh::db {

// The ORDER BY of both stores (`h` the hands): the most money in error first, measured in big
// blinds, then by hand_id. Minor units of two currencies, or of money and chips, never compare; the
// money in error over the big blind does (thousandths of a big blind, in integers: no floating
// point near money). Hands without a big blind come last.
inline constexpr std::string_view kMoneyInErrorOrder =
    "coalesce(coalesce(h.money_in_error, 0) * 1000 / nullif(h.big_blind, 0), -1) DESC, h.hand_id";

}  // namespace hh::db
