// Writing a Hand of any readable format as PHH (`hhaudit convert --to phh`): docs/convert.md#phh.
#pragma once

#include <string>
#include <vector>

#include "model/hand.hpp"
#include "parser/format.hpp"

namespace hh::phh {

// One hand as the body of a PHH table (no `[N]` line); written=false with the reason when PHH
// cannot express the hand.
Format::WrittenHand write_hand(const Hand& h);
// A `.phhs`: each hand under `[1]`, `[2]`, ...
std::string join_written(const std::vector<std::string>& hands);

}  // namespace hh::phh
