// Small text helpers shared by the site parsers: trimming, prefix tests and local time to UTC.
#pragma once

#include <string>
#include <string_view>

namespace hh {

// Drops spaces and tabs at both ends (and a stray '\r' at the end).
std::string_view trim(std::string_view s);

inline bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// Converts a local time as printed by a site ("2018/03/28", "13:38:18", zone abbreviation such as
// "ET", "CET" or "UTC") to ISO 8601 UTC. Returns "" when the zone is not known or the date or time
// is not valid.
std::string to_utc(std::string_view date, std::string_view time, std::string_view zone);

// The same with an IANA zone name ("Europe/Malta", "UTC"); "" when the name is not known.
std::string to_utc_iana(std::string_view date, std::string_view time, std::string_view iana_name);

}  // namespace hh
