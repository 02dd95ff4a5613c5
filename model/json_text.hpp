// JSON text for what hhaudit writes: a string escaped as RFC 8259 requires, whatever bytes it
// holds (invalid UTF-8 becomes U+FFFD, so the output stays valid JSON). Used by the report's JSON
// output and by the stores' compact per-hand records.
#pragma once

#include <string>
#include <string_view>

namespace hh {

// Appends `s` to `out` as a quoted JSON string.
void append_json_string(std::string& out, std::string_view s);

}  // namespace hh
