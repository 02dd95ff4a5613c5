// Small text and time helpers every site parser needs: one place for trimming and for turning a
// site's local timestamp into UTC.
#pragma once

#include <string>
#include <string_view>

namespace hh {

// Strips spaces and tabs at both ends (and a stray '\r' at the end).
std::string_view trim(std::string_view s);

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// Converts a local time ("2018/03/28", "13:38:18" or "13:38", zone abbreviation such as "ET",
// "CET", "UTC") to ISO 8601 UTC ("2018-03-28T17:38:18Z"). Returns "" when the zone is not known
// or the date is not a real one. Ambiguous local times (the repeated autumn hour) resolve to the
// earlier instant.
std::string to_utc(std::string_view date, std::string_view time, std::string_view zone);

}  // namespace hh
