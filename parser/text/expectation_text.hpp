// What a parse error says a grammar expected, for a person (HandBuilder::rejected).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace hh {

// `which`, X3's name of what an expectation point expected, when it is a name ("the hand number",
// "':'"); X3 names an unnamed parser (a sequence, an alternative) by its mangled C++ type,
// "N5boost6spirit2x38sequenceI...", a thousand characters a person cannot read: that is said as
// "the rest of the line as this site writes it (found "TEXT")", TEXT what `line` holds from the
// 1-based `column` on, 24 characters at most.
std::string readable_expectation(const std::string& which, std::string_view line,
                                 std::size_t column);

}  // namespace hh
